//===-- HostProbeLevels.cpp -------------------------------------*- C++ -*-===//

#include "TimeBased/HostProbeLevels.h"
#include "TimeBased/CoreSharing.h"
#include <algorithm>

namespace llvm {
namespace exegesis {

void HostProbeLevels::add(double Level) {
  if (std::isfinite(Level) && Level > 0)
    Levels.push_back(Level);
}

HostProbeReference HostProbeLevels::getReference() const {
  HostProbeReference Reference;
  Reference.ModelLevel = ModelLevel;
  Reference.Level = findUnsharedLevel(Levels, CoreSharingTolerance, 2);
  if (std::isfinite(Reference.Level))
    Reference.Sightings =
        std::count_if(Levels.begin(), Levels.end(), [&](double Level) {
          return std::fabs(Level - Reference.Level) <=
                 CoreSharingTolerance * Reference.Level;
        });
  return Reference;
}

} // namespace exegesis
} // namespace llvm
