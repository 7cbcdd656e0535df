//===-- BenchmarkRunOptions.h - The knobs of one benchmarking run -*- C++ -*-=//
//
// Everything the driver's options decide about how a benchmark is built and
// measured, gathered in one value so that the library never reads cl::opts
// (the driver owns them all).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_BENCHMARKRUNOPTIONS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_BENCHMARKRUNOPTIONS_H

#include "Core/Benchmark.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// -auto-map-max-pages by default: 1 GiB of address space. The runs of
/// 2 x -min-instructions that the time-based counter differences give a
/// walking block up to 10,000 steps (a step takes at least two
/// instructions, except pushes and string instructions); a walk followed page
/// by page maps at most 4 pages a step (AutoMappedPages::NearPages), one
/// followed by its stride at most 9 around each step: 90,000 pages, twice
/// that at worst with the doubling. Pages cost page tables only where they
/// are touched, and share a few physical pages.
inline constexpr unsigned AutoMapDefaultMaxPages = 262144;

/// How the snippet is repeated to fill the measured function.
enum class RepetitionMode {
  Duplicate,
  Loop,
  /// Run Duplicate and Loop and keep the smaller value.
  AggregateMin,
  /// Run with N and 2N instructions and use the difference.
  MiddleHalfDuplicate,
  MiddleHalfLoop,
  /// Ours, the inverse-throughput default when -repetition-mode is not
  /// given: straight-line code (which may be bound by the front end) and a
  /// loop unrolled to a body that amortises its branch yet stays in the
  /// micro-op cache (sized by what the snippet encodes to, unless
  /// -loop-body-size says); the smaller value is kept and `info` says which.
  BestOfDuplicateAndLoop,
  /// Ours, the latency default when -repetition-mode is not given: where
  /// cycles are time-based, a loop whose body stays in the micro-op cache
  /// (as BestOfDuplicateAndLoop's); elsewhere (a hardware cycle counter,
  /// dummy counters, a phase that stops before measuring) straight-line
  /// code, as duplicate. Also straight-line code when the snippet cannot
  /// loop or the loop's counter update would break its chain. Differencing
  /// straight-line functions of N and 2N instructions times code beyond the
  /// L1i and the micro-op cache, whose fetch states move latency chains of
  /// long instructions between runs with nothing in the samples to tell
  /// (docs/TimeBasedCycles.rst).
  LoopWhereTimeBased
};

enum class ExecutionMode { InProcess, SubProcess };

/// How the -benchmark-repeat-count samples are combined.
enum class ResultAggregationMode { Min, Max, Mean, MinVariance };

/// Which counter measures cycles (-cycle-counter); dummy counting is
/// -use-dummy-perf-counters.
enum class CycleCounterKind {
  /// Hardware cycles when they can be counted, else time-based.
  Auto,
  Hardware,
  /// A time counter converted to core cycles by calibration.
  TimeBased,
  /// No counter: the same as -use-dummy-perf-counters.
  Dummy,
};

/// How the subprocess executor hands the counter to its child.
enum class CounterHandoffMethod {
  /// pidfd_getfd where the kernel has it, SCM_RIGHTS otherwise.
  Auto,
  PidfdGetfd,
  SocketRights
};

struct BenchmarkRunOptions {
  BenchmarkMode Mode = BenchmarkMode::Latency;
  BenchmarkPhase Phase = BenchmarkPhase::Measure;
  RepetitionMode Repetition = RepetitionMode::Duplicate;
  ExecutionMode Execution = ExecutionMode::InProcess;
  ResultAggregationMode Aggregation = ResultAggregationMode::Min;
  unsigned MinInstructions = 10000;
  unsigned LoopBodySize = 0;
  unsigned RepeatCount = 30;
  /// Where to write the assembled object; unset: don't.
  std::optional<std::string> DumpObjectPath;

  // Measurement (the measure phase).
  /// Run the code but read no counter: measurements stay empty.
  bool UseDummyPerfCounters = false;
  CycleCounterKind CycleCounter = CycleCounterKind::Auto;
  /// The time counter to use (one of TimeCounterNames); empty: the first
  /// that works.
  std::string TimeCounter;
  /// Event names read with the main counter (-validation-counter).
  std::vector<std::string> ValidationCounters;
  /// Subprocess mode: pin the child to this CPU.
  std::optional<unsigned> BenchmarkProcessCpu;
  /// Subprocess mode: kill a child still running after this many seconds.
  double SubprocessTimeoutSeconds = 30;
  /// A time-based cycle counter under min aggregation: how long to keep
  /// sampling, run after run, for settled runs that agree (0: one run).
  double SettleTimeLimitSeconds = 5;
  /// A run has settled when two thirds of its samples lie within this
  /// relative width of each other; settled runs agree within it too.
  double SettleTolerance = 0.003;
  /// How many settled runs must agree to end the sampling (1: the first
  /// settled run does).
  unsigned SettleAgreeingRuns = 2;
  /// A time-based cycle counter: at most this many rounds (each function
  /// once) make one sample, from their minima.
  unsigned TimeBasedRoundsPerSample = 5;
  /// A time-based cycle counter: the longest function of a batch is called
  /// enough times per counter window for about this many core cycles.
  unsigned TimeBasedWindowCycles = 320000;
  /// A time-based cycle counter: write each measurement's trace here
  /// (TimeBasedTrace.h); empty: don't.
  std::string TimeSamplesFile;
  /// A time-based cycle counter: the full account of the sampling in
  /// `info`, not one sentence.
  bool SamplingDetails = false;
  CounterHandoffMethod CounterHandoff = CounterHandoffMethod::Auto;
  /// Map the pages a snippet faults on and run it again (see
  /// AutoMemoryMap.h), at most this many pages.
  bool AutoMapMemory = false;
  unsigned AutoMapMaxPages = AutoMapDefaultMaxPages;
};

} // namespace exegesis
} // namespace llvm

#endif
