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
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_BENCHMARKMEASURER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_BENCHMARKMEASURER_H

#include "Assembly/Assembler.h"
#include "Core/BenchmarkRunOptions.h"
#include "Execution/FunctionExecutor.h"
#include "TimeBased/TimeBasedCycles.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
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

  BenchmarkMeasurer(const LLVMState &State, const BenchmarkRunOptions &Options)
      : State(State), Options(Options) {}

  /// What a time-based sampling takes besides the measurer and the
  /// functions, as bytes for a benchmarking subprocess of the same tool
  /// (native layout): this head, then the number of functions of each batch
  /// (uint32_t).
  struct TimeBasedInputs {
    bool EmptySnippet;
    bool Differencing;
    HostProbeReference Reference;
    /// What the other repetition form's reading is never beaten above, in
    /// this variant's cycles per call (NaN: none; see
    /// SamplingRules::RivalCycles).
    double RivalCycles;
    uint32_t NumBatches;
    /// Calibrate with the wide vector chain (CycleEstimator.h).
    bool WideVectorChain;
  };

  std::unique_ptr<FunctionExecutor> makeExecutor(CounterSpec Counters) const;
  /// Measures \p V; \p RivalPerInstruction is what the other repetition
  /// form's reading, measured first, is never beaten above, per
  /// instruction (NaN: none).
  Expected<std::optional<VariantResult>>
  measureVariant(const BenchmarkCode &Code, const Variant &V,
                 const FixedLayout &Layout, Benchmark &Result,
                 double RivalPerInstruction = NAN);
  /// Measures \p V with a time-based counter (see TimeBasedSampler), the
  /// whole sampling run by \p Executor's runProcedure. A snippet failure is
  /// a SnippetFailure error whose fault indexes the batches' functions, in
  /// order (past them: calibration code).
  Expected<TimeBasedMeasurement>
  measureTimeBased(const Variant &V, ArrayRef<ExecutorBatch> MeasuredBatches,
                   const FixedLayout &Layout, const FunctionExecutor &Executor,
                   double RivalPerInstruction);
  /// The sampling of a time-based measurement, where the executor runs code:
  /// its result encoded (TimeBasedMeasurement::encode).
  Expected<std::string> sampleTimeBased(const TimeBasedInputs &Head,
                                        ArrayRef<ExecutorBatch> MeasuredBatches,
                                        SamplingRunner Sample);
  /// The same as a PortableProcedure's entry point (the executor's fork
  /// server runs it in a copy of the tool made before the measurement).
  static Expected<std::string>
  sampleTimeBasedElsewhere(const void *Owner, StringRef Inputs,
                           ArrayRef<const ExecutableFunction *> Functions,
                           SamplingRunner Sample);
  /// The benchmark's measure from a time-based measurement of \p V.
  BenchmarkMeasure toMeasure(const Variant &V,
                             const TimeBasedMeasurement &Measured) const;
  /// Where \p Fault happened, for `info`; \p Functions maps the executor's
  /// function indices to assembled functions (null: calibration code).
  std::string describeFault(const BenchmarkCode &Code,
                            ArrayRef<const AssembledFunction *> Functions,
                            const FaultLocation &Fault) const;

  /// The rules time-based measurements are sampled under.
  SamplingRules samplingRules(bool EmptySnippet) const;
  /// Opens -time-samples-file and writes its header.
  Error openTimeSamplesFile();
  /// Writes the trace of the last time-based measurement (of \p Code, a
  /// loop when \p IsLoop, its value divided by \p Instructions per
  /// instruction; \p Refusal: the error it ended in) when recording.
  Error writeTimeSamples(const BenchmarkCode &Code, bool IsLoop,
                         uint64_t Instructions,
                         StringRef Refusal = StringRef());

  const LLVMState &State;
  BenchmarkRunOptions Options;
  bool TimeBased = false;
  /// The snippet being measured names 512-bit registers (time-based only).
  bool WideSnippet = false;
  /// What counts cycles, for `info`: the hardware event, or the time
  /// counter of time-based cycles.
  std::string CounterDescription;
  std::string TimeCounterName;
  TimeBasedSamplingReport LastSampling;
  /// The last time-based measurement's trace (JSON; empty unless recording).
  std::string LastTraceJSON;
  /// The probe levels this invocation saw, the reference of the next
  /// time-based measurement.
  HostProbeLevels HostLevels;
  std::unique_ptr<raw_fd_ostream> TimeSamples;
  /// The default calibration chains, for the probe.
  std::optional<CycleEstimator> Estimator;
  /// Moves the tool to another CPU when a time-based run did not settle; it
  /// stays there for the next measurement (the quiet CPU of a shared VM
  /// keeps being quiet for a while), and its mask is restored at the end.
  std::optional<CpuRotation> Rotation;
  std::vector<KeyedCounter> Counters;
  std::vector<std::string> ValidationNames;
  /// Functions assembled here (the 2N twins of a time-based counter).
  std::vector<AssembledFunction> ExtraFunctions;
};

} // namespace exegesis
} // namespace llvm

#endif
