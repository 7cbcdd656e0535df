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
// sibling, clock changes), so its sampling differs: each counter window
// calls the function several times (some tens of microseconds in all, so
// the start/stop jitter is small next to it); three warm-up rounds are
// dropped; and a sample is a block of five consecutive rounds (snippet N,
// snippet 2N, calibration L, calibration 2L each), estimated from the
// block's minima, short enough for the clock not to change within it. The
// per-sample estimates are combined by the aggregation mode, min taking
// their median (see aggregateTimeBasedSamples).
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
#include "llvm/Support/Error.h"
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
/// as often as above it, so its minimum is biased low, and the median is the
/// estimate least moved by the disturbed samples.
double aggregateTimeBasedSamples(ArrayRef<double> Estimates,
                                 ResultAggregationMode Mode);

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

  BenchmarkMeasurer(const LLVMState &State, const BenchmarkRunOptions &Options)
      : State(State), Options(Options) {}

  std::unique_ptr<FunctionExecutor> makeExecutor(CounterSpec Counters) const;
  Expected<std::optional<VariantResult>>
  measureVariant(const BenchmarkCode &Code, const Variant &V,
                 const FixedLayout &Layout, Benchmark &Result);
  /// Where \p Fault happened, for `info`; \p Functions maps the executor's
  /// function indices to assembled functions (null: calibration code).
  std::string describeFault(const BenchmarkCode &Code,
                            ArrayRef<const AssembledFunction *> Functions,
                            const FaultLocation &Fault) const;

  const LLVMState &State;
  BenchmarkRunOptions Options;
  bool TimeBased = false;
  std::string CounterDescription;
  /// The most recent calibration, for the results' info.
  double LastTicksPerCycle = 0;
  /// How often the most recent time-based window called its function.
  unsigned LastCallsPerSample = 1;
  unsigned LastRoundsPerSample = 1;
  std::optional<CycleEstimator> Estimator;
  std::vector<KeyedCounter> Counters;
  std::vector<std::string> ValidationNames;
  /// Functions assembled here (the 2N twins of a time-based counter).
  std::vector<AssembledFunction> ExtraFunctions;
};

} // namespace exegesis
} // namespace llvm

#endif
