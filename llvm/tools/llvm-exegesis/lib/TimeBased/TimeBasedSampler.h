//===-- TimeBasedSampler.h - Sampling with a time-based counter -*- C++ -*-===//
//
// Takes a time-based measurement: runs the probe, the runs of samples and
// the checks on other CPUs, recording every reading in a trace
// (TimeBasedTrace.h), and after each run asks the judge (SamplingJudge.h)
// what the trace says: whether to go on, the value and its verdict. It
// makes no decision about trust itself, so a recorded trace replays every
// one of them (TimeBasedReplay.h).
//
// A probe round measures what every function costs; the calibration chains,
// calls per counter window and rounds per sample are then sized from it (see
// TimeBasedPlan.h), and a run whose own costs contradict that plan (the probe
// was disturbed) starts over with one made from them. Under min
// aggregation, runs of at most -benchmark-repeat-count samples follow one
// another, each ending as soon as it has settled (or, taken mostly while
// the core was shared, at its first check), until the judge is done; a run
// taken while the core was shared moves the tool to another CPU, where it
// stays for the next measurement. The first measurement of an
// invocation that knows no probe level of the host yet also checks the
// probe on the other CPUs it may run on. Other modes take one run. The
// whole measurement runs where the executor runs code (in one benchmarking
// subprocess in subprocess mode, see FunctionExecutor::runProcedure), and
// comes back as bytes.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TIMEBASEDSAMPLER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TIMEBASEDSAMPLER_H

#include "Core/BenchmarkRunOptions.h"
#include "Execution/FunctionExecutor.h"
#include "TimeBased/CpuRotation.h"
#include "TimeBased/CycleEstimator.h"
#include "TimeBased/SamplingJudge.h"
#include "TimeBased/TimeBasedPlan.h"
#include "TimeBased/TimeBasedTrace.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"
#include <functional>
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
  SamplingJudgement Judgement;
  TimeBasedPlan Plan;
  /// Times a run's own costs contradicted the plan and sampling started
  /// over with a new one.
  unsigned Replans = 0;
  /// The probe's level on each other CPU checked (NaN: none found).
  std::vector<double> CpuCheckLevels;
  /// What the invocation knew of the host before.
  HostProbeReference Reference;
  /// The vector chain was the wide one (CycleEstimator.h).
  bool WideVectorChain = false;
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
  /// The trace as one JSON object, when asked to record it.
  std::string TraceJSON;
  /// Why the judge refused the value (no usable sample, or a non-empty
  /// snippet at zero cycles or fewer); empty when it stands. A refused
  /// measurement still comes back, with its trace, so that the trace can
  /// be written and replayed; the caller turns it into a SnippetFailure.
  std::string Refusal;

  /// The measurement as bytes, to come back from the benchmarking
  /// subprocess it was taken in (same machine: native layout).
  std::string encode() const;
  static Expected<TimeBasedMeasurement> decode(StringRef Bytes);
};

class TimeBasedSampler {
public:
  /// \p DefaultChains are the probe's calibration chains; \p Options gives
  /// the samples per run, the aggregation and the settle rules; \p Rotation
  /// (null: the tool stays where it is) moves the tool between runs and to
  /// the CPUs it checks; \p Reference is what the invocation knows of the
  /// host's probe level. \p RecordTrace: return the trace too.
  /// \p WideVectorChain: calibrate with the wide vector chain (see
  /// CycleEstimator.h).
  TimeBasedSampler(const Triple &TT, const CycleEstimator &DefaultChains,
                   const BenchmarkRunOptions &Options, CpuRotation *Rotation,
                   HostProbeReference Reference, bool RecordTrace = false,
                   bool WideVectorChain = false)
      : TT(TT), DefaultChains(DefaultChains), Options(Options),
        Rotation(Rotation), Reference(Reference), RecordTrace(RecordTrace),
        WideVectorChain(WideVectorChain) {}

  /// Measures the functions of \p MeasuredBatches (the short function, then
  /// its twice-as-long twin when \p Differencing); \p EmptySnippet: their
  /// value is 0 whatever the samples; \p RivalCycles: in the same cycles
  /// per call, the value above which the other repetition form's reading is
  /// never beaten (NaN: none), which ends the sampling once it cannot win
  /// (SamplingVerdict::Outclassed).
  /// std::nullopt when the snippet failed; a value the judge refuses comes
  /// back with its Refusal set.
  Expected<std::optional<TimeBasedMeasurement>>
  measure(ArrayRef<ExecutorBatch> MeasuredBatches, bool Differencing,
          bool EmptySnippet, ExecutorBatchRunner RunBatch,
          double RivalCycles = NAN) const;

  /// How many other CPUs the first measurement checks at most.
  static constexpr unsigned MaxCpuChecks = 3;

  /// The seconds the settle time limit and the trace's run ends count, from
  /// any fixed point: the steady clock unless set. A test whose scripted
  /// executor says how long each run took sets it, so that how many runs
  /// fit in the limit does not depend on how busy the machine is.
  void setClock(std::function<double()> Seconds) { Clock = std::move(Seconds); }

private:
  /// The plan sampling follows and the batches it runs with it.
  struct PlannedBatches;

  /// The seconds of the clock (see setClock).
  double now() const;
  /// A trace with the rules and the batches of this measurement, no
  /// reading yet.
  TimeBasedTrace startTrace(ArrayRef<ExecutorBatch> MeasuredBatches,
                            bool Differencing, bool EmptySnippet,
                            double RivalCycles) const;
  /// Runs the probe into \p Trace and sets each function's cost in core
  /// cycles and the ticks per cycle the probe saw; false when the snippet
  /// failed.
  Expected<bool> runProbe(TimeBasedTrace &Trace,
                          ArrayRef<ExecutorBatch> MeasuredBatches,
                          ExecutorBatchRunner RunBatch,
                          std::vector<double> &FunctionCycles,
                          double &TicksPerCycle) const;
  /// The plan for functions of \p FunctionCycles.
  TimeBasedPlan planFor(ArrayRef<double> FunctionCycles, bool Differencing,
                        size_t NumBatches) const;
  /// Follows \p Plan from now on: calibration chains of its length after
  /// the functions of \p MeasuredBatches.
  Error usePlan(PlannedBatches &Planned, const TimeBasedPlan &Plan,
                ArrayRef<ExecutorBatch> MeasuredBatches) const;
  /// Takes one run of samples into \p Run and \p Tables (a table per
  /// batch); false when the snippet failed.
  Expected<bool> takeRun(const TimeBasedTrace &Trace,
                         const PlannedBatches &Planned,
                         ExecutorBatchRunner RunBatch, TraceRun &Run,
                         std::vector<SampleTable> &Tables) const;
  /// Checks the probe on the other CPUs the tool may run on, then returns
  /// to the CPU it was on.
  Error checkOtherCpus(TimeBasedTrace &Trace, const CycleEstimator &Chains,
                       const TimeBasedPlan &Plan,
                       ExecutorBatchRunner RunBatch) const;
  /// The measurement the judgement \p Judged of \p Trace makes.
  TimeBasedMeasurement makeMeasurement(const TimeBasedTrace &Trace,
                                       const SamplingJudgement &Judged,
                                       bool EmptySnippet,
                                       double ProbeTicksPerCycle) const;

  Triple TT;
  const CycleEstimator &DefaultChains;
  const BenchmarkRunOptions &Options;
  CpuRotation *Rotation;
  HostProbeReference Reference;
  bool RecordTrace;
  bool WideVectorChain;
  std::function<double()> Clock;
};

/// A call's readings as the trace keeps them: the first event's.
TraceCall toTraceCall(const SampleTable &Samples, unsigned Batch, int Cpu);

/// Each measured function's cost in core cycles from the probe's calls of
/// \p Trace, and the ticks per cycle the probe saw (0: the counter did not
/// advance).
std::vector<double> probeCosts(const TimeBasedTrace &Trace,
                               double &TicksPerCycle);

} // namespace exegesis
} // namespace llvm

#endif
