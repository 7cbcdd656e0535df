//===-- HostProbeLevels.h - What an invocation learned of the host -*- C++ -*-//
//
// The core-sharing probe's unshared level differs from host to host (with
// the number of ALUs and how many adds a cycle the core really issues;
// docs/TimeBasedCycles.rst lists the levels met), so no constant can tell a
// busy neighbour's level from a slower core's. What the invocation itself saw
// can: every measurement's quiet level and every check on another CPU is a
// sighting, and the lowest level seen at least twice is the host's
// reference for the measurements that follow. Until a level recurs there is
// none, and a measurement checks the other CPUs instead (TimeBasedSampler).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_HOSTPROBELEVELS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_HOSTPROBELEVELS_H

#include "TimeBased/TimeBasedTrace.h"
#include <vector>

namespace llvm {
namespace exegesis {

class HostProbeLevels {
public:
  /// \p ModelLevel: what the scheduling model says an unshared core reads
  /// (NaN: unknown), passed on as a hint.
  explicit HostProbeLevels(double ModelLevel = NAN) : ModelLevel(ModelLevel) {}

  /// A level seen (non-finite ones are ignored).
  void add(double Level);
  /// The lowest level seen at least twice within CoreSharingTolerance of
  /// each other (NaN: none yet), and how many sightings agree with it.
  HostProbeReference getReference() const;

private:
  std::vector<double> Levels;
  double ModelLevel;
};

} // namespace exegesis
} // namespace llvm

#endif
