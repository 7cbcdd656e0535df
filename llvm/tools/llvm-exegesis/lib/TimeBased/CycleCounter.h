//===-- CycleCounter.h - Which counter measures cycles ----------*- C++ -*-===//
//
// Chooses the counter whose counts become the latency / throughput numbers:
// the CPU's hardware cycle event where the kernel exposes a PMU, otherwise a
// time counter whose ticks the CycleEstimator converts to core cycles: the
// TSC read with rdtsc by the benchmark itself (TimeStampCounter.h), else the
// TSC through the msr PMU, else the task clock. Each candidate is tried
// (opened, or checked usable), so the choice is what works here, and it is
// described for the results' `info` field.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CYCLECOUNTER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CYCLECOUNTER_H

#include "Core/BenchmarkRunOptions.h"
#include "Counters/PerfEvent.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
namespace exegesis {

struct CycleCounter {
  /// The perf event; a dummy one when ReadsTimeStampCounter.
  PerfEvent Event;
  /// Counts time, not cycles: readings need converting.
  bool IsTimeBased = false;
  /// The benchmark reads the TSC itself; no perf event is opened.
  bool ReadsTimeStampCounter = false;

  StringRef getName() const;

  /// Picks the counter for \p Kind on LLVM CPU \p CpuName; a time counter
  /// is \p TimeCounter when not empty (one of TimeCounterNames), else the
  /// first that works, rdtsc only when \p AllowTimeStampCounter (a group
  /// with validation counters needs a perf event as its leader). Fails
  /// naming every candidate tried and why it could not be used.
  static Expected<CycleCounter> select(CycleCounterKind Kind, StringRef CpuName,
                                       StringRef TimeCounter = "",
                                       bool AllowTimeStampCounter = true);
};

/// The time counters, in order of preference.
inline constexpr StringRef TimeCounterNames[] = {"rdtsc", "msr/tsc/",
                                                 "task-clock"};

} // namespace exegesis
} // namespace llvm

#endif
