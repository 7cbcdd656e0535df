//===-- TraceProbeLevel.h - Whose core-sharing level a trace saw -*- C++
//-*-===//
//
// The core-sharing probe's quiet level in a time-based trace, and whether it
// is the level of an unshared core or of a busy neighbour. CoreSharing.h
// finds a level among readings; this file applies it to the trace: the
// measurement's samples, each check on another CPU, and the host's level the
// measurement's is compared with. That comparison is against the host, not
// a constant, because an unshared core's level differs from one CPU model to
// the next: against the level earlier measurements of the invocation saw
// recur (HostProbeLevels.h), and against what the probe reads on the other
// CPUs (TraceCpuCheck). A level more than CoreSharingBusyMargin above that
// reference is a neighbour's.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TRACEPROBELEVEL_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TRACEPROBELEVEL_H

#include "TimeBased/TimeBasedTrace.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstddef>

namespace llvm {
namespace exegesis {

/// How many probe readings must recur for a quiet level.
size_t getProbeRecurrences(const SamplingRules &Rules);

/// The probe's quiet level among the samples of a check on another CPU.
double levelOfCpuCheck(const TimeBasedTrace &Trace, const TraceCpuCheck &Check);

/// The host's level the measurement's level is compared with: the
/// invocation's reference and the levels of the checks on other CPUs
/// (NaN: none).
double getReferenceLevel(const TimeBasedTrace &Trace);

/// The quiet level of a measurement, and whether it is a neighbour's.
struct ProbeLevel {
  /// NaN: no reading recurs.
  double Level;
  /// The level lies more than CoreSharingBusyMargin above the host's (only
  /// under min aggregation, which samples until the values settle).
  bool Busy;
};
/// The quiet level among \p Probes (\p Ratios: their samples' ticks per
/// cycle), compared with \p Reference (getReferenceLevel).
ProbeLevel findProbeLevel(const TimeBasedTrace &Trace, ArrayRef<double> Probes,
                          ArrayRef<double> Ratios, double Reference);

} // namespace exegesis
} // namespace llvm

#endif
