//===-- CycleCounter.h - Which counter measures cycles ----------*- C++ -*-===//
//
// Chooses the perf event whose counts become the latency / throughput
// numbers: the CPU's hardware cycle event where the kernel exposes a PMU,
// otherwise a time counter (the TSC through the msr PMU, else the task
// clock) whose ticks the CycleEstimator converts to core cycles. Each
// candidate is tried by opening it, so the choice is what works here, and it
// is described for the results' `info` field.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CYCLECOUNTER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CYCLECOUNTER_H

#include "BenchmarkRunOptions.h"
#include "PerfEvent.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
namespace exegesis {

struct CycleCounter {
  PerfEvent Event;
  /// Counts time, not cycles: readings need converting.
  bool IsTimeBased = false;

  /// Picks the counter for \p Kind on LLVM CPU \p CpuName. Fails naming
  /// every candidate tried and why it did not open.
  static Expected<CycleCounter> select(CycleCounterKind Kind,
                                       StringRef CpuName);
};

/// The time counters, in order of preference.
inline constexpr StringRef TimeCounterNames[] = {"msr/tsc/", "task-clock"};

} // namespace exegesis
} // namespace llvm

#endif
