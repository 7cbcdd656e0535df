//===-- TraceProbeLevel.cpp -------------------------------------*- C++ -*-===//

#include "TimeBased/TraceProbeLevel.h"
#include "TimeBased/CoreSharing.h"
#include "TimeBased/TraceSamples.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {

size_t getProbeRecurrences(const SamplingRules &Rules) {
  return std::max<size_t>(3, Rules.RepeatCount / 6);
}

double levelOfCpuCheck(const TimeBasedTrace &Trace,
                       const TraceCpuCheck &Check) {
  return findUnsharedLevel(probeCyclesOfCall(Check.Call, Check.Plan),
                           CoreSharingTolerance,
                           getProbeRecurrences(Trace.Rules) / 2 + 1);
}

double getReferenceLevel(const TimeBasedTrace &Trace) {
  double Level = Trace.Reference.Level;
  for (const TraceCpuCheck &Check : Trace.CpuChecks) {
    double Checked = levelOfCpuCheck(Trace, Check);
    if (std::isfinite(Checked) && !(Checked >= Level))
      Level = Checked;
  }
  return Level;
}

ProbeLevel findProbeLevel(const TimeBasedTrace &Trace, ArrayRef<double> Probes,
                          ArrayRef<double> Ratios, double Reference) {
  double Level = findUnsharedLevel(Probes, Ratios, CoreSharingTolerance,
                                   getProbeRecurrences(Trace.Rules));
  bool Busy = Trace.Rules.Aggregation == ResultAggregationMode::Min &&
              std::isfinite(Level) && std::isfinite(Reference) &&
              Level > Reference * (1 + CoreSharingBusyMargin);
  return {Level, Busy};
}

} // namespace exegesis
} // namespace llvm
