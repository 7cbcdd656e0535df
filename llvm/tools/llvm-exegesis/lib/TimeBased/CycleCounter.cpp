//===-- CycleCounter.cpp ----------------------------------------*- C++ -*-===//

#include "TimeBased/CycleCounter.h"
#include "Counters/Counter.h"
#include "Counters/CpuEventTable.h"
#include "Counters/TimeStampCounter.h"
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// Resolves and opens \p Name on this process; on failure appends why to
/// \p Failures.
static std::optional<PerfEvent> tryEvent(StringRef Name,
                                         std::string &Failures) {
  Expected<PerfEvent> Event = PerfEvent::create(Name);
  if (Event) {
    Expected<CounterGroup> Group = CounterGroup::open({*Event}, 0);
    if (Group)
      return std::move(*Event);
    Failures += "\n  " + toString(Group.takeError());
  } else {
    Failures += "\n  " + toString(Event.takeError());
  }
  return std::nullopt;
}

Expected<CycleCounter> CycleCounter::select(CycleCounterKind Kind,
                                            StringRef CpuName,
                                            StringRef TimeCounter,
                                            bool AllowTimeStampCounter) {
  if (Kind == CycleCounterKind::Dummy)
    return createStringError(inconvertibleErrorCode(),
                             "a dummy counter counts no cycles");
  std::string Failures;
  if (Kind != CycleCounterKind::TimeBased) {
    std::vector<StringRef> Candidates;
    if (const CpuEventTable *Table = findCpuEventTable(CpuName))
      Candidates.push_back(Table->CyclesEvent);
    Candidates.push_back("cycles");
    for (StringRef Name : Candidates)
      if (std::optional<PerfEvent> Event = tryEvent(Name, Failures))
        return CycleCounter{std::move(*Event), false};
    if (Kind == CycleCounterKind::Hardware)
      return createStringError(inconvertibleErrorCode(),
                               "no hardware cycle counter can be opened "
                               "(use -cycle-counter=time-based):" +
                                   Failures);
  }
  for (StringRef Name : TimeCounterNames) {
    if (!TimeCounter.empty() && Name != TimeCounter)
      continue;
    if (Name == TimeStampCounterName) {
      if (!AllowTimeStampCounter) {
        Failures += "\n  rdtsc: validation counters need a perf event "
                    "group, and the TSC read with rdtsc is none";
        continue;
      }
      if (Error E = checkTimeStampCounterUsable()) {
        Failures += "\n  rdtsc: " + toString(std::move(E));
        continue;
      }
      return CycleCounter{PerfEvent::dummy(), true, true};
    }
    if (std::optional<PerfEvent> Event = tryEvent(Name, Failures))
      return CycleCounter{std::move(*Event), true, false};
  }
  if (!TimeCounter.empty() && Failures.empty())
    return createStringError(inconvertibleErrorCode(),
                             "unknown time counter '" + TimeCounter + "'");
  return createStringError(inconvertibleErrorCode(),
                           "no counter for cycles can be opened:" + Failures);
}

StringRef CycleCounter::getName() const {
  return ReadsTimeStampCounter ? TimeStampCounterName : Event.getName();
}

} // namespace exegesis
} // namespace llvm
