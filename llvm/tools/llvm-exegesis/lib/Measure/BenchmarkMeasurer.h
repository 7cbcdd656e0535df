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
// A time-based counter is noisier, so it samples differently: probed, sized
// from the snippet's cost and, under min aggregation, run after run until two
// runs settle and agree (TimeBasedSampler.h).
//
// A dry run (-benchmark-phase=dry-run-measurement) goes as far as the first
// call into the executor: counters opened, executors made, memory
// definitions mapped into shared memory, every function (and twin) loaded;
// nothing is executed, and the result has no measurements.
//
// The measurer's parts: its counters (MeasurementCounters.h), the twins
// (FunctionTwins.h), the arithmetic of counted readings
// (ReadingArithmetic.h), the time-based side
// (TimeBasedMeasurer.h) and its traces (TimeSamplesWriter.h), a snippet's
// failure (SnippetFailureRecord.h) and the forms' values combined
// (FormCombination.h).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_BENCHMARKMEASURER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_BENCHMARKMEASURER_H

#include "Assembly/Assembler.h"
#include "Core/BenchmarkRunOptions.h"
#include "Execution/FunctionExecutor.h"
#include "Measure/FormCombination.h"
#include "Measure/FunctionTwins.h"
#include "Measure/TimeBasedMeasurer.h"
#include "Measure/TimeSamplesWriter.h"
#include "TimeBased/TimeBasedCycles.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

class BenchmarkMeasurer {
public:
  /// Chooses counters and executor for \p Options. Fails (a tool error) when
  /// the host cannot run the target's code or lacks a counter the mode needs.
  static Expected<std::unique_ptr<BenchmarkMeasurer>>
  create(const LLVMState &State, const BenchmarkRunOptions &Options);

  /// Fails with one line when this host cannot run \p State's code (another
  /// architecture, or another OS and so another calling convention); for a
  /// \p DryRun the line says how one can be done anyway.
  static Error checkHostCanRun(const LLVMState &State, bool DryRun = false);

  ~BenchmarkMeasurer();

  /// Whether cycles are measured with a time counter (no hardware cycle
  /// event, and not -use-dummy-perf-counters).
  bool isTimeBased() const { return TimeBased; }

  /// Measures \p Functions (as BenchmarkRunner::getAssemblyRequests orders
  /// them) into \p Result. A snippet that misbehaves fills Result.Error and
  /// is not an error of this function.
  Error measure(const BenchmarkCode &Code, ArrayRef<MeasuredFunction> Functions,
                Benchmark &Result);

private:
  /// One measurement key and the executor whose counters produce it.
  struct KeyedCounter {
    std::string Key;
    std::unique_ptr<FunctionExecutor> Executor;
  };

  BenchmarkMeasurer(const LLVMState &State, const BenchmarkRunOptions &Options)
      : State(State), Options(Options) {}

  /// The options a measurement refuses, whatever the counters.
  static Error checkOptions(const LLVMState &State,
                            const BenchmarkRunOptions &Options);
  std::unique_ptr<FunctionExecutor> makeExecutor(CounterSpec Counters) const;

  /// Measures every repetition form of \p Variants, the loop of best-of's
  /// two forms first; std::nullopt when a snippet failure ended the
  /// measurement (in Result.Error).
  Expected<std::optional<FormCombination>>
  measureForms(const BenchmarkCode &Code, ArrayRef<MeasuredVariant> Variants,
               const FixedLayout &Layout, Benchmark &Result);
  /// Measures \p V with every counter; \p RivalPerInstruction is what the
  /// other repetition form's reading, measured first, is never beaten above,
  /// per instruction (NaN: none). std::nullopt when the snippet failed.
  Expected<std::optional<std::vector<BenchmarkMeasure>>>
  measureVariant(const BenchmarkCode &Code, const MeasuredVariant &V,
                 const FixedLayout &Layout, Benchmark &Result,
                 double RivalPerInstruction = NAN);
  /// Measures \p V, run as \p Batches, with \p Counter's hardware events
  /// (or dummy counters, which give no measure) into \p Measures; false when
  /// the snippet failed.
  Expected<bool> measureCounted(const BenchmarkCode &Code,
                                const MeasuredVariant &V,
                                ArrayRef<ExecutorBatch> Batches,
                                const FixedLayout &Layout,
                                KeyedCounter &Counter, Benchmark &Result,
                                std::vector<BenchmarkMeasure> &Measures);
  /// The same with the time-based counter.
  Expected<bool> measureTimed(const BenchmarkCode &Code,
                              const MeasuredVariant &V,
                              ArrayRef<ExecutorBatch> Batches,
                              const FixedLayout &Layout, KeyedCounter &Counter,
                              double RivalPerInstruction, Benchmark &Result,
                              std::vector<BenchmarkMeasure> &Measures);
  /// Writes the last time-based measurement's trace, of \p V, when
  /// recording; \p Refusal: the error it ended in.
  Error writeTrace(const BenchmarkCode &Code, const MeasuredVariant &V,
                   StringRef Refusal);
  /// What `info` says of the repetition forms and the counter, once \p Code
  /// was measured as \p Forms.
  void describeMeasurement(const BenchmarkCode &Code,
                           ArrayRef<MeasuredFunction> Functions,
                           const FormCombination &Forms,
                           Benchmark &Result) const;

  const LLVMState &State;
  BenchmarkRunOptions Options;
  bool TimeBased = false;
  /// The snippet being measured names 512-bit registers (time-based only).
  bool WideSnippet = false;
  /// What counts cycles, for `info`: the hardware event, or the time
  /// counter of time-based cycles.
  std::string CounterDescription;
  std::string TimeCounterName;
  /// The time-based side, when cycles are time-based. Inside the measurer,
  /// made with it before anything is measured: the executors' fork server,
  /// a copy of the tool, samples through it.
  std::optional<TimeBasedMeasurer> TimeBasedSide;
  std::unique_ptr<TimeSamplesWriter> TimeSamples;
  std::vector<KeyedCounter> Counters;
  std::vector<std::string> ValidationNames;
  /// Functions assembled here (the 2N twins of a time-based counter).
  std::vector<AssembledFunction> ExtraFunctions;
};

} // namespace exegesis
} // namespace llvm

#endif
