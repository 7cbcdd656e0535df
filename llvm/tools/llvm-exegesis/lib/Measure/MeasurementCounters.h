//===-- MeasurementCounters.h - What a measurement counts with --*- C++ -*-===//
//
// The counters a run's measurements read, chosen once for the mode: the
// cycle counter (a hardware event, or a time counter converted to core
// cycles where no PMU can be opened) or, in uops mode, each port's
// micro-ops and their total, with the -validation-counter events beside
// each. Every group is opened here once, so that a counter this host cannot
// count fails the run at once with a line naming it, not every benchmark.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_MEASUREMENTCOUNTERS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_MEASUREMENTCOUNTERS_H

#include "Core/BenchmarkRunOptions.h"
#include "Execution/FunctionExecutor.h"
#include "TimeBased/CycleEstimator.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

struct MeasurementCounters {
  /// One measurement key and the events whose group produces it.
  struct KeyedSpec {
    std::string Key;
    CounterSpec Spec;
  };
  std::vector<KeyedSpec> Counters;
  /// The -validation-counter names, in the order of their events in every
  /// group (after the main event).
  std::vector<std::string> ValidationNames;
  /// Cycles come from a time counter; Estimator holds its default
  /// calibration chains.
  bool TimeBased = false;
  std::optional<CycleEstimator> Estimator;
  /// The cycle counter's name (empty in uops mode and with dummy counters).
  std::string CycleCounterName;
  /// What counts, for `info` (empty when time-based: the sampling says it).
  std::string Description;
};

/// The counters of \p Options' mode on this host: dummy ones (no events) for
/// -use-dummy-perf-counters. Fails with one line when one cannot be opened.
Expected<MeasurementCounters>
chooseMeasurementCounters(const LLVMState &State,
                          const BenchmarkRunOptions &Options);

} // namespace exegesis
} // namespace llvm

#endif
