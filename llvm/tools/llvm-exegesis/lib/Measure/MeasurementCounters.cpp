//===-- MeasurementCounters.cpp ---------------------------------*- C++ -*-===//

#include "Measure/MeasurementCounters.h"
#include "Core/LLVMState.h"
#include "Counters/CpuEventTable.h"
#include "TimeBased/CycleCounter.h"

namespace llvm {
namespace exegesis {

static Error countersError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Opens \p Events on this process to find out early, with a clear message,
/// whether they can be counted here at all.
static Error probeEvents(ArrayRef<PerfEvent> Events, const Twine &Purpose) {
  Expected<CounterGroup> Group = CounterGroup::open(Events, 0);
  if (!Group)
    return countersError(Purpose + ": " + toString(Group.takeError()));
  return Error::success();
}

/// The -validation-counter events, each named in \p Counters, opened once.
static Expected<std::vector<PerfEvent>>
resolveValidationEvents(const BenchmarkRunOptions &Options,
                        MeasurementCounters &Counters) {
  std::vector<PerfEvent> Validation;
  for (const std::string &Name : Options.ValidationCounters) {
    Expected<PerfEvent> Event = PerfEvent::create(Name);
    if (!Event)
      return countersError("invalid -validation-counter '" + Name +
                           "': " + toString(Event.takeError()));
    Validation.push_back(std::move(*Event));
    Counters.ValidationNames.push_back(Name);
  }
  if (Validation.size() + 1 > MaxEventsPerGroup)
    return countersError("at most " + Twine(MaxEventsPerGroup - 1) +
                         " validation counters are supported");
  if (!Validation.empty())
    if (Error E = probeEvents(Validation, "validation counters"))
      return E;
  return Validation;
}

/// Adds the counter \p Key of \p Main and \p Validation to \p Counters, once
/// the group was opened here.
static Error addCounter(StringRef Key, PerfEvent Main,
                        ArrayRef<PerfEvent> Validation,
                        MeasurementCounters &Counters) {
  CounterSpec Spec;
  Spec.Events.push_back(std::move(Main));
  Spec.Events.insert(Spec.Events.end(), Validation.begin(), Validation.end());
  if (Error E = probeEvents(Spec.Events, "cannot count '" + Key + "'"))
    return E;
  Counters.Counters.push_back({Key.str(), std::move(Spec)});
  return Error::success();
}

static Error addUopsCounters(const LLVMState &State,
                             ArrayRef<PerfEvent> Validation,
                             MeasurementCounters &Counters) {
  const CpuEventTable *Table = findCpuEventTable(State.getCpuName());
  if (!Table || Table->Ports.empty())
    return countersError("uops mode needs per-port micro-op counters, and "
                         "none are known for CPU '" +
                         State.getCpuName() + "'");
  auto Add = [&](StringRef Key, StringRef EventName) -> Error {
    Expected<PerfEvent> Event = PerfEvent::create(EventName);
    if (!Event)
      return countersError("uops mode needs per-port micro-op counters: " +
                           toString(Event.takeError()));
    if (Error E =
            probeEvents({*Event}, "uops mode needs per-port micro-op counters"))
      return E;
    return addCounter(Key, std::move(*Event), Validation, Counters);
  };
  for (const PortEvent &Port : Table->Ports)
    if (Error E = Add(Port.ResourceName, Port.EventName))
      return E;
  if (Error E = Add("NumMicroOps", Table->UopsEvent))
    return E;
  Counters.Description = "micro-ops counted by hardware events";
  return Error::success();
}

static Error addCycleCounter(const LLVMState &State,
                             const BenchmarkRunOptions &Options,
                             ArrayRef<PerfEvent> Validation,
                             MeasurementCounters &Counters) {
  Expected<CycleCounter> Cycles =
      CycleCounter::select(Options.CycleCounter, State.getCpuName(),
                           Options.TimeCounter, Validation.empty());
  if (!Cycles)
    return Cycles.takeError();
  Counters.TimeBased = Cycles->IsTimeBased;
  if (Counters.TimeBased) {
    Expected<CycleEstimator> Estimator =
        CycleEstimator::create(State.getTriple());
    if (!Estimator)
      return Estimator.takeError();
    Counters.Estimator.emplace(std::move(*Estimator));
  }
  // Named before its event moves into the counter.
  Counters.CycleCounterName = Cycles->getName().str();
  StringRef Key = getBenchmarkModeName(Options.Mode);
  if (Cycles->ReadsTimeStampCounter) {
    CounterSpec Spec;
    Spec.ReadsTimeStampCounter = true;
    Counters.Counters.push_back({Key.str(), std::move(Spec)});
  } else if (Error E = addCounter(Key, std::move(Cycles->Event), Validation,
                                  Counters)) {
    return E;
  }
  if (Counters.TimeBased)
    return Error::success();
  if (!Options.TimeSamplesFile.empty())
    return countersError("-time-samples-file records time-based "
                         "measurements, and cycles are counted by hardware "
                         "event " +
                         Counters.CycleCounterName +
                         " here (-cycle-counter=time-based)");
  Counters.Description =
      "cycles counted by hardware event " + Counters.CycleCounterName;
  return Error::success();
}

Expected<MeasurementCounters>
chooseMeasurementCounters(const LLVMState &State,
                          const BenchmarkRunOptions &Options) {
  MeasurementCounters Counters;
  if (Options.UseDummyPerfCounters) {
    Counters.Counters.push_back({"", CounterSpec{}});
    return Counters;
  }
  Expected<std::vector<PerfEvent>> Validation =
      resolveValidationEvents(Options, Counters);
  if (!Validation)
    return Validation.takeError();
  if (Error E = Options.Mode == BenchmarkMode::Uops
                    ? addUopsCounters(State, *Validation, Counters)
                    : addCycleCounter(State, Options, *Validation, Counters))
    return E;
  return Counters;
}

} // namespace exegesis
} // namespace llvm
