//===-- CpuEventTable.h - Default perf events per CPU -----------*- C++ -*-===//
//
// Which hardware events count cycles, micro-ops and the micro-ops issued to
// each execution port on a given CPU (by LLVM CPU name), spelled as libpfm4
// names. The uops mode needs the per-port events; the latency and
// throughput modes need the cycle event. CPUs without per-port counters
// (e.g. AMD Zen's integer pipes) list only what exists.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_CPUEVENTTABLE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_CPUEVENTTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
namespace exegesis {

struct PortEvent {
  /// The resource name used as the measurement key (the sched model's
  /// name for the port or pipe group).
  StringRef ResourceName;
  /// libpfm4 event counting micro-ops sent to that resource.
  StringRef EventName;
};

struct CpuEventTable {
  /// Unhalted core cycles.
  StringRef CyclesEvent;
  /// Micro-ops (issued or retired, whichever the CPU counts).
  StringRef UopsEvent;
  ArrayRef<PortEvent> Ports;
};

/// An LLVM CPU name and the table its events come from.
struct CpuEventTableEntry {
  StringRef CpuName;
  const CpuEventTable *Table;
};

/// The table for LLVM CPU \p CpuName, or null when we know none.
const CpuEventTable *findCpuEventTable(StringRef CpuName);

/// Every CPU we know events for: lets a test check each name against
/// libpfm4 before real hardware ever meets it.
ArrayRef<CpuEventTableEntry> getCpuEventTables();

} // namespace exegesis
} // namespace llvm

#endif
