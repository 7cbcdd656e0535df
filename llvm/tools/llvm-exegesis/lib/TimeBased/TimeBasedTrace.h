//===-- TimeBasedTrace.h - Every reading of a time-based measurement -*- C++
//-*-//
//
// What one time-based measurement read, raw: the probe's executor calls,
// then each run's plan, the CPU every executor call ran on, the seconds
// since the measurement began, and per function the ticks of every round.
// The sampler's decisions (which samples to trust, when a run has settled,
// when to stop, the value and its verdict) are a function of a trace, the
// rules and what the invocation knew of the host before (SamplingJudge.h),
// so a recorded trace replays them without running anything
// (TimeBasedReplay.h). A corpus of traces from every host we met keeps the
// rules honest on hosts nobody here has.
//
// -time-samples-file writes traces as JSON lines (version 1): a header, then
// one line a measurement; the format is described in docs/TimeBasedCycles.rst
// and read back by readTimeSamplesFile, plain or compressed with zstd
// (LLVM's own support): the corpus is kept compressed, at a fifth of its
// size, while the tool writes plain lines, each flushed as it is measured.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TIMEBASEDTRACE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TIMEBASEDTRACE_H

#include "Core/BenchmarkRunOptions.h"
#include "TimeBased/TimeBasedPlan.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// The version of the JSON-lines format; a reader refuses any other.
inline constexpr unsigned TimeSamplesFormatVersion = 1;
inline constexpr StringRef TimeSamplesFormatName = "exegesis-time-samples";

/// One executor call: a batch of measured functions and the calibration
/// functions, run round robin.
struct TraceCall {
  /// Which of the measurement's batches ran (TraceCpuCheck calls: 0).
  unsigned Batch = 0;
  /// The CPU it ran on (-1: unknown).
  int Cpu = -1;
  /// Ticks[F][R]: the time counter's ticks of round R of function F: the
  /// batch's measured functions, then the chains of L and 2L adds, then the
  /// core-sharing probes of G and 2G groups, then (traces recorded since
  /// the vector chain) the vector chains of V and 2V ops.
  std::vector<std::vector<int64_t>> Ticks;
};

/// One run of samples: the plan it was taken with and its executor calls
/// (warm-up rounds included).
struct TraceRun {
  TimeBasedPlan Plan;
  /// Rounds each call was asked for; a stop rule may have ended it sooner.
  unsigned RoundsAsked = 0;
  /// The run's own costs contradicted its plan: sampling started over with
  /// a new one after it, and its samples count for nothing.
  bool Contradicted = false;
  /// Seconds since the measurement began when the run ended.
  double EndSeconds = 0;
  std::vector<TraceCall> Calls;
};

/// Calibration and probe alone, on another CPU than the measurement's, to
/// learn the level an unshared core of this host reads (SamplingJudge.h).
struct TraceCpuCheck {
  TimeBasedPlan Plan;
  TraceCall Call;
};

/// What the invocation knew of the host before the measurement.
struct HostProbeReference {
  /// The core-sharing probe's unshared level, in cycles per group, that
  /// earlier measurements and checks of this invocation saw recur (NaN:
  /// none yet), and how many of them saw it.
  double Level = NAN;
  unsigned Sightings = 0;
  /// What the scheduling model says an unshared core reads (NaN: unknown):
  /// a hint for the account of the sampling, never a verdict.
  double ModelLevel = NAN;
};

/// The rules a measurement was sampled under (from BenchmarkRunOptions).
struct SamplingRules {
  unsigned RepeatCount = 30;
  ResultAggregationMode Aggregation = ResultAggregationMode::Min;
  double SettleTolerance = 0.003;
  unsigned SettleAgreeingRuns = 2;
  double SettleTimeLimitSeconds = 5;
  /// The snippet is empty: its value is 0 whatever the samples.
  bool EmptySnippet = false;
  /// The copies form one dependency chain (latency mode): no front end
  /// limits them, and the fixed part of their differencing is held to the
  /// tighter limits (SamplingJudgement::differencingInconsistent). Traces
  /// recorded before the rule was written take it from their mode.
  bool DependencyChain = false;
  /// In this form's cycles per call, the value above which the other
  /// repetition form's reading is never beaten (its sound value, or the
  /// reach of its bounded doubt; NaN: none): a form whose samples all read
  /// clearly above it ends early as outclassed (SamplingVerdict::Outclassed).
  /// Set by the measurer, not by an option.
  double RivalCycles = NAN;

  static SamplingRules fromOptions(const BenchmarkRunOptions &Options);
};

struct TimeBasedTrace {
  SamplingRules Rules;
  HostProbeReference Reference;
  /// Whether the value is the long function's cycles less the short one's.
  bool Differencing = true;
  /// Whether the vector chain was the wide one (CycleEstimator.h): its
  /// whole number of add cycles is that of 512-bit FMAs.
  bool WideVectorChain = false;
  /// Measured functions per batch (short then long; with code at a fixed
  /// address one a batch).
  std::vector<unsigned> BatchFunctions;
  /// The probe: two rounds of each batch, one call per window, with chains
  /// of ProbeChainLength adds and ProbeGroups groups.
  uint64_t ProbeChainLength = 0;
  uint64_t ProbeGroups = 0;
  std::vector<TraceCall> Probe;
  std::vector<TraceRun> Runs;
  std::vector<TraceCpuCheck> CpuChecks;
};

/// A trace as one JSON object, with \p Extra's members added (what was
/// measured, the recorded outcome), and back. The reader names the member
/// that is missing or malformed.
json::Object traceToJSON(const TimeBasedTrace &Trace);
Expected<TimeBasedTrace> traceFromJSON(const json::Value &Value);

/// A recorded measurement: its trace and what the file says of it.
struct RecordedMeasurement {
  TimeBasedTrace Trace;
  /// The benchmark's key text, mode and repetition variant, for people.
  std::string Benchmark;
  std::string Mode;
  std::string Variant;
  /// The value and verdict the recording sampler gave (NaN / empty: none).
  double RecordedCycles = NAN;
  std::string RecordedVerdict;
  /// The instructions the value is divided by for a value per instruction.
  uint64_t Instructions = 0;
  /// Known truth per instruction (corpus files say it; NaN: unknown), the
  /// relative error allowed, and the verdict expected: "settled",
  /// "unsettled", "shared-throughout" or "unreliable" (whatever the value,
  /// it must carry a warning or be refused).
  double TruePerInstruction = NAN;
  double Tolerance = NAN;
  std::string ExpectedVerdict;
};

/// A whole -time-samples-file: the host it was recorded on and its
/// measurements. Errors name the file and line.
struct TimeSamplesFile {
  json::Object Host;
  std::vector<RecordedMeasurement> Measurements;
};
/// The first bytes of a zstd frame (RFC 8878): a file that starts with them
/// is read as one zstd frame that records its size (as `zstd FILE` writes
/// it), whatever its name.
inline constexpr StringLiteral ZstdMagic("\x28\xb5\x2f\xfd");
/// The most bytes a compressed file may say it holds: a damaged frame's
/// size is refused, not allocated.
inline constexpr uint64_t MaxTimeSamplesBytes = uint64_t(1) << 30;
Expected<TimeSamplesFile> readTimeSamplesFile(StringRef Path);
Expected<TimeSamplesFile> parseTimeSamples(StringRef Text, StringRef Name);

/// This host, for a file's header: LLVM's CPU name and, on Linux, the
/// model name, family, model and stepping of /proc/cpuinfo.
json::Object describeHost(StringRef LLVMCpuName);

} // namespace exegesis
} // namespace llvm

#endif
