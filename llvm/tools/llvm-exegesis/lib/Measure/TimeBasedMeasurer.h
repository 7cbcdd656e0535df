//===-- TimeBasedMeasurer.h - A variant's cycles from time ------*- C++ -*-===//
//
// The measurer's time-based side: measures one variant (a function and its
// 2N twin) in core cycles with a time counter, where no hardware cycle
// counter can be opened (TimeBased/TimeBasedCycles.h gives the method). The
// whole sampling (probe, runs, settling) runs where the executor runs code,
// which in subprocess mode is one benchmarking subprocess: it travels there
// as a PortableProcedure, its inputs as bytes, its result encoded. Between
// measurements it keeps what the invocation has learnt of the host: the
// probe levels seen (the reference of the next measurement) and the CPU the
// tool moved to when a run did not settle.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_TIMEBASEDMEASURER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_TIMEBASEDMEASURER_H

#include "Core/Benchmark.h"
#include "Core/BenchmarkRunOptions.h"
#include "Execution/FunctionExecutor.h"
#include "Measure/FunctionTwins.h"
#include "TimeBased/TimeBasedCycles.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace llvm {
namespace exegesis {

class LLVMState;

class TimeBasedMeasurer {
public:
  /// Calibrates with \p Estimator's chains; keeps each measurement's trace
  /// when Options.TimeSamplesFile is set.
  TimeBasedMeasurer(const LLVMState &State, const BenchmarkRunOptions &Options,
                    CycleEstimator Estimator);
  TimeBasedMeasurer(const TimeBasedMeasurer &) = delete;
  TimeBasedMeasurer &operator=(const TimeBasedMeasurer &) = delete;

  /// Measures \p V, its functions run as \p Batches, the whole sampling run
  /// by \p Executor's runProcedure. \p RivalPerInstruction is what the other
  /// repetition form's reading, measured first, is never beaten above, per
  /// instruction (NaN: none); \p WideVectorChain calibrates with the wide
  /// vector chain (CycleEstimator.h). A snippet failure is a SnippetFailure
  /// error whose fault indexes the batches' functions, in order (past them:
  /// calibration code).
  Expected<TimeBasedMeasurement>
  measure(const MeasuredVariant &V, ArrayRef<ExecutorBatch> Batches,
          const FixedLayout &Layout, const FunctionExecutor &Executor,
          double RivalPerInstruction, bool WideVectorChain);

  /// The benchmark's measure from \p Measured, a measurement of \p V, with
  /// the validation counters \p ValidationNames.
  BenchmarkMeasure toMeasure(const MeasuredVariant &V,
                             const TimeBasedMeasurement &Measured,
                             ArrayRef<std::string> ValidationNames) const;

  /// The rules measurements are sampled under.
  SamplingRules getRules(bool EmptySnippet) const;

  /// The report of the last measurement that got as far as sampling.
  const TimeBasedSamplingReport &getLastSampling() const {
    return LastSampling;
  }
  /// The last measurement's trace (JSON), once; empty unless recording.
  std::string takeTrace() { return std::exchange(LastTraceJSON, {}); }

private:
  /// What a sampling takes besides the measurer and the functions, as bytes
  /// for a benchmarking subprocess of the same tool (native layout): this
  /// head, then the number of functions of each batch (uint32_t).
  struct SamplingInputs {
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

  /// The inputs of a sampling of \p V as \p Batches.
  SamplingInputs makeInputs(const MeasuredVariant &V,
                            ArrayRef<ExecutorBatch> Batches,
                            double RivalPerInstruction,
                            bool WideVectorChain) const;
  /// The sampling, where the executor runs code: its result encoded
  /// (TimeBasedMeasurement::encode).
  Expected<std::string> sample(const SamplingInputs &Head,
                               ArrayRef<ExecutorBatch> Batches,
                               SamplingRunner Sample);
  /// The same as a PortableProcedure's entry point (the executor's fork
  /// server runs it in a copy of the tool made before the measurement).
  static Expected<std::string>
  sampleElsewhere(const void *Owner, StringRef Inputs,
                  ArrayRef<const ExecutableFunction *> Functions,
                  SamplingRunner Sample);
  /// Keeps what \p Measured saw of the host for the next measurement.
  void learnFrom(TimeBasedMeasurement &Measured);

  const LLVMState &State;
  BenchmarkRunOptions Options;
  /// The default calibration chains, for the probe.
  CycleEstimator Estimator;
  /// The probe levels this invocation saw, the reference of the next
  /// measurement.
  HostProbeLevels HostLevels;
  /// Moves the tool to another CPU when a run did not settle; it stays there
  /// for the next measurement (the quiet CPU of a shared VM keeps being
  /// quiet for a while), and its mask is restored at the end.
  std::optional<CpuRotation> Rotation;
  TimeBasedSamplingReport LastSampling;
  /// The last measurement's trace (JSON; empty unless recording).
  std::string LastTraceJSON;
};

} // namespace exegesis
} // namespace llvm

#endif
