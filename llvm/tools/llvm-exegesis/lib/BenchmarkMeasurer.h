//===-- BenchmarkMeasurer.h - The measure phase -----------------*- C++ -*-===//
//
// The measure phase of the BenchmarkRunner: given the assembled functions a
// repetition mode asks for, it runs them with the chosen executor and
// counters and turns the counts into the benchmark's measurements.
//
// Fixed costs (starting and stopping the counter, the prologue) are
// cancelled by differencing a run of N and one of 2N instructions. The
// middle-half modes always do that; a time-based cycle counter does it in
// every mode (assembling the 2N function itself), because the cost of the
// ioctls that start and stop it is large next to the snippet. Time-based
// counts are converted to core cycles with a calibration measured in the
// same batch of samples as the snippet.
//
// Samples (-benchmark-repeat-count, after one dropped warm-up round) are
// combined by -result-aggregation-mode. When differencing, min subtracts the
// minima of the two functions; max, mean and min-variance aggregate the
// per-round differences. min-variance is the mean of the half of the samples
// that lie closest together (the smallest variance).
//
// A time-based counter is noisier (interrupts, the hypervisor, a busy SMT
// sibling, clock changes), so its sampling differs. A probe round measures what
// every function costs; the calibration chains are then made as long as the
// snippet's N-to-2N difference (so that whatever comes with the length of a
// window affects both alike), and each counter window calls its function
// several times (some tens of microseconds in all, so the start/stop jitter is
// small next to it); a run whose own costs contradict that plan (the probe was
// disturbed) starts over with one made from them. Three warm-up rounds are
// dropped, and a sample is a block of five consecutive rounds (snippet N,
// snippet 2N, calibration L, calibration 2L each), estimated from the block's
// minima, short enough for the clock not to change within it. Under min
// aggregation, runs of -benchmark-repeat-count samples follow one another until
// two have settled (two thirds of a run's samples within 0.3% of each other,
// see findDensestCluster) and agree within 0.3%, or -settle-time-limit is
// spent. Other modes aggregate one run.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_BENCHMARKMEASURER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_BENCHMARKMEASURER_H

#include "BenchmarkRunOptions.h"
#include "BenchmarkRunner.h"
#include "CycleCounter.h"
#include "CycleEstimator.h"
#include "FunctionExecutor.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Combines samples as -result-aggregation-mode says.
double aggregateSamples(ArrayRef<int64_t> Samples, ResultAggregationMode Mode);

/// The median of \p Values (the mean of the middle two for an even count).
double medianOf(std::vector<double> Values);

/// Combines the per-sample estimates of a time-based counter (NaN: a sample
/// that could not be calibrated, left out; NaN if every sample is). max,
/// mean and min-variance as for samples; min gives the median: a time-based
/// sample is a ratio of two differences, which noise pushes below the truth
/// as often as above it, so its minimum is biased low. (The measured value
/// under min comes from the agreeing groups of two settled runs instead;
/// this median summarises the calibration for `info`.)
double aggregateTimeBasedSamples(ArrayRef<double> Estimates,
                                 ResultAggregationMode Mode);

/// The largest group of values (non-finite ones left out) lying within
/// RelativeWidth of the group's smallest value, and the group's median.
struct SampleCluster {
  size_t Size = 0;
  double Median = NAN;
};
SampleCluster findDensestCluster(ArrayRef<double> Values, double RelativeWidth);

/// How a time-based measurement samples, sized from what each function
/// costs: the calibration chains' length in adds, the calls per counter
/// window and the rounds whose minima make a sample.
struct TimeBasedPlan {
  uint64_t ChainLength = 0;
  unsigned CallsPerWindow = 1;
  unsigned RoundsPerSample = 1;
};

/// The plan for measured functions costing \p FunctionCycles core cycles per
/// call (short then long when \p Differencing), run in \p NumBatches
/// executor calls, \p RepeatCount samples per run.
TimeBasedPlan planTimeBasedSampling(ArrayRef<double> FunctionCycles,
                                    bool Differencing, size_t NumBatches,
                                    unsigned RepeatCount);

/// Whether a run sampled with \p Used measured costs that call for \p Fresh
/// instead: the calibration chain is off by more than a quarter, or the
/// calls per window by more than half (the probe behind \p Used was
/// disturbed).
bool isPlanContradicted(const TimeBasedPlan &Used, const TimeBasedPlan &Fresh);

class BenchmarkMeasurer {
public:
  /// Chooses counters and executor for \p Options. Fails (a tool error) when
  /// the host cannot run the target's code or lacks a counter the mode needs.
  static Expected<std::unique_ptr<BenchmarkMeasurer>>
  create(const LLVMState &State, const BenchmarkRunOptions &Options);

  ~BenchmarkMeasurer();

  /// Measures \p Functions (as BenchmarkRunner::getAssemblyRequests orders
  /// them) into \p Result. A snippet that misbehaves fills Result.Error and
  /// is not an error of this function.
  Error measure(const BenchmarkCode &Code, ArrayRef<MeasuredFunction> Functions,
                Benchmark &Result);

private:
  /// One measurement key and the events whose group produces it.
  struct KeyedCounter {
    std::string Key;
    std::unique_ptr<FunctionExecutor> Executor;
  };
  /// A function and, when fixed costs are cancelled, its twice-as-long twin.
  struct Variant {
    const AssembledFunction *Short = nullptr;
    const AssembledFunction *Long = nullptr;
  };
  struct VariantResult {
    std::vector<BenchmarkMeasure> Measures;
  };
  /// What runs in one executor call: functions and, for fault reports,
  /// their assembled forms (null: calibration code).
  struct Batch {
    std::vector<const ExecutableFunction *> Run;
    std::vector<const AssembledFunction *> Assembled;
  };
  using BatchRunner = function_ref<Expected<std::optional<SampleTable>>(
      const Batch &, unsigned Rounds, unsigned CallsPerWindow)>;
  /// How the most recent time-based measurement sampled, for `info`.
  struct TimeBasedSampling {
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
  };

  /// What the probe of a time-based measurement found: each measured
  /// function's cost in core cycles, and the ticks per cycle it saw.
  struct TimeBasedProbe {
    std::vector<double> FunctionCycles;
    double TicksPerCycle = 0;
  };
  /// One run of a time-based measurement: per measured function its rounds'
  /// readings (warm-up rounds dropped), per batch the calibration's ticks per
  /// core cycle of each sample.
  struct TimeBasedRun {
    std::vector<std::vector<CounterValues>> Readings;
    std::vector<std::vector<double>> BatchRatios;
  };

  BenchmarkMeasurer(const LLVMState &State, const BenchmarkRunOptions &Options)
      : State(State), Options(Options) {}

  std::unique_ptr<FunctionExecutor> makeExecutor(CounterSpec Counters) const;
  Expected<std::optional<VariantResult>>
  measureVariant(const BenchmarkCode &Code, const Variant &V,
                 const FixedLayout &Layout, Benchmark &Result);
  /// Measures \p V with a time-based counter: probes the cost of every
  /// function, sizes calibration chains, windows and rounds from it, and
  /// samples (adaptively under min aggregation). std::nullopt when the
  /// snippet failed (Result.Error set by \p RunBatch).
  Expected<std::optional<BenchmarkMeasure>>
  measureTimeBased(const Variant &V, ArrayRef<Batch> MeasuredBatches,
                   BatchRunner RunBatch);
  /// \p MeasuredBatches with a pair of calibration chains appended to each.
  static std::vector<Batch> withChains(ArrayRef<Batch> MeasuredBatches,
                                       const CycleEstimator &Chains);
  /// Two rounds of every batch, one call per window, with the default
  /// chains. std::nullopt when the snippet failed.
  Expected<std::optional<TimeBasedProbe>>
  probeTimeBased(ArrayRef<Batch> MeasuredBatches, BatchRunner RunBatch) const;
  /// One run of RepeatCount samples of \p Batches (measured functions, then
  /// calibration chains) as \p Plan says. std::nullopt when the snippet
  /// failed.
  Expected<std::optional<TimeBasedRun>>
  runTimeBased(ArrayRef<Batch> Batches, const TimeBasedPlan &Plan,
               size_t NumFunctions, BatchRunner RunBatch) const;
  /// Each measured function's cost per call in core cycles in \p Run, from
  /// its least disturbed window.
  static std::vector<double> costsOfRun(const TimeBasedRun &Run,
                                        const TimeBasedPlan &Plan);
  /// The snippet's cycles per sample of \p Run; appends each sample's ticks
  /// per cycle to \p SampleRatios.
  static std::vector<double> samplesOfRun(const TimeBasedRun &Run,
                                          const Variant &V,
                                          const TimeBasedPlan &Plan,
                                          std::vector<double> &SampleRatios);
  /// Event \p EventIndex of \p Readings (per function of \p V) aggregated
  /// per call, the short function's subtracted from the long one's.
  double differenceOfSamples(const Variant &V,
                             ArrayRef<std::vector<CounterValues>> Readings,
                             size_t EventIndex, unsigned CallsPerWindow) const;
  /// Sets the per-instruction and per-snippet values of \p Count cycles (or
  /// events) of \p V.
  void setPerInstructionValues(BenchmarkMeasure &Measure, const Variant &V,
                               double Count) const;
  /// Where \p Fault happened, for `info`; \p Functions maps the executor's
  /// function indices to assembled functions (null: calibration code).
  std::string describeFault(const BenchmarkCode &Code,
                            ArrayRef<const AssembledFunction *> Functions,
                            const FaultLocation &Fault) const;

  const LLVMState &State;
  BenchmarkRunOptions Options;
  bool TimeBased = false;
  std::string CounterDescription;
  TimeBasedSampling LastSampling;
  /// The default calibration chains, for the probe.
  std::optional<CycleEstimator> Estimator;
  std::vector<KeyedCounter> Counters;
  std::vector<std::string> ValidationNames;
  /// Functions assembled here (the 2N twins of a time-based counter).
  std::vector<AssembledFunction> ExtraFunctions;
};

} // namespace exegesis
} // namespace llvm

#endif
