//===-- PerfEvent.h - A perf event, resolved from its name ------*- C++ -*-===//
//
// A PerfEvent is the perf_event_attr for an event the user or an event table
// names. Names come in three spellings: perf's generic names ("task-clock",
// "cycles"), sysfs PMU syntax ("msr/tsc/", "pmu/event=0x3c,umask=1/") resolved
// from /sys/bus/event_source/devices, and libpfm4 names
// ("CYCLES_NOT_IN_HALT") when built with libpfm4. A dummy event stands for
// "run the code but count nothing". Resolving a name does not open anything:
// an event can resolve on a machine that cannot count it, which is found out
// when a Counter opens it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_PERFEVENT_H
#define LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_PERFEVENT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <linux/perf_event.h>
#include <string>

namespace llvm {
namespace exegesis {

class PerfEvent {
public:
  /// Resolves \p Name (see above). Fails with a message naming the event and
  /// why it does not resolve.
  static Expected<PerfEvent> create(StringRef Name);
  /// The sysfs directory create() reads PMUs from; tests point it elsewhere.
  static Expected<PerfEvent> create(StringRef Name, StringRef SysfsRoot);
  /// An event that is never opened (-use-dummy-perf-counters).
  static PerfEvent dummy();

  bool isDummy() const { return IsDummy; }
  StringRef getName() const { return Name; }
  const perf_event_attr &getAttributes() const { return Attributes; }
  /// Whether the event counts CPU hardware (so user-only counting applies).
  bool isHardware() const;

private:
  PerfEvent() = default;

  std::string Name;
  perf_event_attr Attributes = {};
  bool IsDummy = false;
};

/// Where the kernel lists its PMUs.
inline constexpr StringRef DefaultSysfsEventSourceRoot =
    "/sys/bus/event_source/devices";

} // namespace exegesis
} // namespace llvm

#endif
