//===-- PortMapping.h - Basic instructions on ports -------------*- C++ -*-===//
//
// The structure the solver searches: each basic instruction is one
// micro-op that may issue on a set of ports, and every micro-op passes a
// dispatch stage of a given width. Under an optimal scheduler a kernel then
// takes as many cycles as its most loaded set of ports needs:
//
//   cycles(K) = max( sum(K) / W,  max over port sets S of
//                    (copies in K of instructions whose ports lie in S) / |S| )
//
// (the bottleneck form of the port-mapping flow problem, as PMEvo and PALMED
// state it). Ports are the solver's device, not an observation: what
// throughput can tell of them is the resource model derived from them
// (ResourceModel.h).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_PORTMAPPING_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_PORTMAPPING_H

#include "PortMap/Kernel.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <string>

namespace llvm {
namespace exegesis {
namespace portmap {

/// The most ports a mapping has (a set of ports is one 32-bit mask).
constexpr unsigned MaxPorts = 32;

struct PortMapping {
  unsigned NumPorts = 0;
  /// Per basic instruction, the ports its micro-op may issue on.
  SmallVector<uint32_t, 16> PortSets;
  /// Micro-ops dispatched per cycle; 0 when nothing bounds them.
  unsigned DispatchWidth = 0;

  double predictCycles(ArrayRef<KernelTerm> K) const;
};

/// Whether \p A and \p B are one mapping with its ports renamed: the same
/// instructions, the same dispatch width, and the same multiset of ports,
/// a port being the set of instructions that may use it (ports no
/// instruction uses do not count).
bool isSameUpToPortRenaming(const PortMapping &A, const PortMapping &B);

/// "p0,p2,p3".
std::string formatPorts(uint32_t Ports);

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
