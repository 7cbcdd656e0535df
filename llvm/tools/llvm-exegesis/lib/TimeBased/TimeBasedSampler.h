//===-- TimeBasedSampler.h - Sampling with a time-based counter -*- C++ -*-===//
//
// A time-based cycle counter is noisier than a hardware one (interrupts, the
// hypervisor, a busy SMT sibling, clock changes), so it samples differently.
// A probe round measures what every function costs; the calibration chains,
// calls per counter window and rounds per sample are then sized from it (see
// TimeBasedPlan.h), and a run whose own costs contradict that plan (the probe
// was disturbed) starts over with one made from them. Three warm-up rounds
// are dropped, and a sample is a block of consecutive rounds (snippet N,
// snippet 2N, calibration L, calibration 2L, core-sharing probe G and 2G
// each), estimated from the block's minima, short enough for the clock not to
// change within it. Samples taken while the core was shared with a busy SMT
// sibling are left out (see CoreSharing.h); the probe's quiet level is found
// again after every run, from all the measurement's samples, and every run
// is judged anew with it.
//
// Under min aggregation, runs of at most -benchmark-repeat-count samples
// follow one another until -settle-agreeing-runs of them have settled (two
// thirds of -benchmark-repeat-count samples within -settle-tolerance of each
// other, see findDensestCluster; a run ends as soon as it has) and agree
// within the tolerance, or -settle-time-limit is spent (the value is then the
// median of the densest group of all the runs' samples). A run that did not
// end the measurement moves the tool to another CPU, where it stays for the
// next measurement. Other modes aggregate one run of -benchmark-repeat-count
// samples. The whole measurement runs where the executor runs code (in one
// benchmarking subprocess in subprocess mode, see
// FunctionExecutor::runProcedure), and comes back as bytes.
//
// On a quiet machine nearly every sample is the latency to a few tenths of a
// percent; a busy SMT sibling or hypervisor scatters them, or shifts them
// together, by several percent for a second or more, often on one CPU only
// (bench/accuracy/README.md).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASEDSAMPLER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASEDSAMPLER_H

#include "../BenchmarkRunOptions.h"
#include "../FunctionExecutor.h"
#include "CpuRotation.h"
#include "CycleEstimator.h"
#include "TimeBasedPlan.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

struct AssembledFunction;

/// What runs in one executor call: functions and, for fault reports, their
/// assembled forms (null: calibration code).
struct ExecutorBatch {
  std::vector<const ExecutableFunction *> Run;
  std::vector<const AssembledFunction *> Assembled;
};

/// Runs one batch for \p Rounds rounds of \p CallsPerWindow calls per counter
/// window. std::nullopt when the snippet failed (the caller records how).
/// \p Stop (may be null) lets it take fewer rounds.
using ExecutorBatchRunner = function_ref<Expected<std::optional<SampleTable>>(
    const ExecutorBatch &, unsigned Rounds, unsigned CallsPerWindow,
    const SamplingStopRule *Stop)>;

/// How a time-based measurement sampled, for `info`.
struct TimeBasedSamplingReport {
  double TicksPerCycle = 0;
  TimeBasedPlan Plan;
  /// Times a run's own costs contradicted the plan and sampling started
  /// over with a new one.
  unsigned Replans = 0;
  unsigned Runs = 1;
  size_t SamplesPerRun = 0;
  /// The largest group of agreeing samples in the run that agreed best.
  size_t AgreeingSamples = 0;
  /// Runs that settled, whether or not two of them agreed.
  size_t SettledRuns = 0;
  /// Two settled runs agreed.
  bool Confirmed = false;
  /// Nothing settled, and the group is of every run's samples together
  /// (SamplesPerRun then counts them all).
  bool Pooled = false;
  /// Samples of all runs, and those left out as taken while the core was
  /// shared; the core-sharing probe's quiet level in cycles per group of
  /// independent adds (NaN: none found).
  size_t TotalSamples = 0;
  size_t SharedSamples = 0;
  double UnsharedProbeCycles = NAN;
  /// What the probe should read on an unshared core (NaN: unknown), and
  /// whether the level found stayed more than CoreSharingBusyMargin above
  /// it: a core shared throughout, where no run could settle.
  double ExpectedProbeCycles = NAN;
  bool SharedThroughout = false;
};

/// A time-based measurement: the snippet's core cycles per call (the long
/// function's less the short one's when differencing), every reading of the
/// measured functions the value came from (for the validation counters) and
/// how it was sampled.
struct TimeBasedMeasurement {
  double Cycles = 0;
  std::vector<std::vector<CounterValues>> Readings;
  TimeBasedSamplingReport Report;
  /// The CPU the sampling ended on (-1: unknown), for the tool to follow a
  /// measurement that ran in a subprocess and moved there.
  int FinalCpu = -1;

  /// The measurement as bytes, to come back from the benchmarking
  /// subprocess it was taken in (same machine: native layout).
  std::string encode() const;
  static Expected<TimeBasedMeasurement> decode(StringRef Bytes);
};

class TimeBasedSampler {
public:
  /// \p DefaultChains are the probe's calibration chains; \p Options gives
  /// the samples per run, the aggregation and the settle rules; \p Rotation
  /// (null: the tool stays where it is) moves the tool between runs.
  /// \p ExpectedProbeCycles is what the core-sharing probe should read on
  /// an unshared core (NaN: unknown): a quiet level found more than
  /// CoreSharingBusyMargin above it is a neighbour's, and no run settles on
  /// it while -settle-time-limit lasts.
  TimeBasedSampler(const Triple &TT, const CycleEstimator &DefaultChains,
                   const BenchmarkRunOptions &Options, CpuRotation *Rotation,
                   double ExpectedProbeCycles = NAN)
      : TT(TT), DefaultChains(DefaultChains), Options(Options),
        Rotation(Rotation), ExpectedProbeCycles(ExpectedProbeCycles) {}

  /// Measures the functions of \p MeasuredBatches (the short function, then
  /// its twice-as-long twin when \p Differencing). std::nullopt when the
  /// snippet failed.
  Expected<std::optional<TimeBasedMeasurement>>
  measure(ArrayRef<ExecutorBatch> MeasuredBatches, bool Differencing,
          ExecutorBatchRunner RunBatch) const;

private:
  /// What the probe found: each measured function's cost in core cycles,
  /// and the ticks per cycle it saw.
  struct Probe {
    std::vector<double> FunctionCycles;
    double TicksPerCycle = 0;
  };
  /// One run: per measured function its rounds' readings (warm-up rounds
  /// dropped), per batch the calibration's ticks per core cycle of each
  /// sample and the core-sharing probe's ticks per group.
  struct Run {
    std::vector<std::vector<CounterValues>> Readings;
    std::vector<std::vector<double>> BatchRatios;
    std::vector<std::vector<double>> BatchProbeTicks;
  };
  /// A run's samples: the snippet's cycles and the core-sharing probe's
  /// cycles per group.
  struct RunSamples {
    std::vector<double> Cycles;
    std::vector<double> ProbeCycles;
  };

  /// \p MeasuredBatches with a pair of calibration chains appended to each.
  static std::vector<ExecutorBatch>
  withChains(ArrayRef<ExecutorBatch> MeasuredBatches,
             const CycleEstimator &Chains);
  /// Two rounds of every batch, one call per window, with the default
  /// chains. std::nullopt when the snippet failed.
  Expected<std::optional<Probe>> probe(ArrayRef<ExecutorBatch> MeasuredBatches,
                                       ExecutorBatchRunner RunBatch) const;
  /// One run of \p Batches (measured functions, then calibration chains)
  /// as \p Plan says: RepeatCount samples, fewer when it settles sooner
  /// (see getSettledGroupSize; \p EarlierProbeCycles, the probe readings of
  /// the measurement's earlier runs, help find the probe's quiet level).
  /// std::nullopt when the snippet failed.
  Expected<std::optional<Run>> run(ArrayRef<ExecutorBatch> Batches,
                                   const TimeBasedPlan &Plan,
                                   size_t NumFunctions, bool Differencing,
                                   ArrayRef<double> EarlierProbeCycles,
                                   ExecutorBatchRunner RunBatch) const;
  /// Adds one batch's readings (warm-up rounds dropped) and calibration to
  /// \p R, its measured functions from index \p NextFunction on.
  static Error addBatchToRun(Run &R, SampleTable Samples, size_t &NextFunction,
                             const TimeBasedPlan &Plan);
  /// A run has settled when this many of its samples agree: two thirds of
  /// RepeatCount.
  unsigned getSettledGroupSize() const;
  /// Whether a run in which \p Shared samples were taken while the core was
  /// shared has settled with a group of \p GroupSize agreeing samples: two
  /// thirds of the others (all RepeatCount when none was shared), and at
  /// least half of getSettledGroupSize().
  bool isSettled(size_t GroupSize, size_t Shared) const;
  /// How many probe readings must recur for a quiet level: a sixth of
  /// RepeatCount, at least three.
  size_t getProbeRecurrences() const;
  /// Whether \p Level, a quiet level found, is a neighbour's that stayed
  /// busy throughout: more than CoreSharingBusyMargin above the level
  /// expected of an unshared core (false when either is unknown). No run
  /// settles on it, neither within the run nor in the verdict.
  bool isNeighboursLevel(double Level) const;
  /// Each measured function's cost per call in core cycles in \p R, from
  /// its least disturbed window.
  static std::vector<double> costsOfRun(const Run &R,
                                        const TimeBasedPlan &Plan);
  /// The snippet's cycles and the probe's cycles per group, per sample of
  /// \p R; appends each sample's ticks per cycle to \p SampleRatios.
  static RunSamples samplesOfRun(const Run &R, bool Differencing,
                                 const TimeBasedPlan &Plan,
                                 std::vector<double> &SampleRatios);

  Triple TT;
  const CycleEstimator &DefaultChains;
  const BenchmarkRunOptions &Options;
  CpuRotation *Rotation;
  double ExpectedProbeCycles;
};

} // namespace exegesis
} // namespace llvm

#endif
