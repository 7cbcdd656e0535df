//===-- PortMapping.cpp - Basic instructions on ports ---------------------===//

#include "PortMap/PortMapping.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace llvm {
namespace exegesis {
namespace portmap {

/// Copies in \p K of the instructions whose port sets lie in \p Ports,
/// per cycle of those ports.
static double getPortLoad(const PortMapping &PM, ArrayRef<KernelTerm> K,
                          uint32_t Ports) {
  unsigned Load = 0;
  for (const KernelTerm &T : K)
    if ((PM.PortSets[T.Instr] & ~Ports) == 0)
      Load += T.Count;
  return double(Load) / llvm::popcount(Ports);
}

double PortMapping::predictCycles(ArrayRef<KernelTerm> K) const {
  double Cycles = 0;
  if (DispatchWidth)
    Cycles = double(getTotalCount(K)) / DispatchWidth;
  // The tightest port set is the union of the port sets of some of the
  // kernel's instructions: enumerate those unions, or the port sets when
  // there are fewer of them.
  const size_t N = K.size();
  if (N <= NumPorts) {
    for (uint64_t Mask = 1; Mask < (uint64_t(1) << N); ++Mask) {
      uint32_t Ports = 0;
      for (size_t I = 0; I < N; ++I)
        if (Mask >> I & 1)
          Ports |= PortSets[K[I].Instr];
      Cycles = std::max(Cycles, getPortLoad(*this, K, Ports));
    }
    return Cycles;
  }
  for (uint64_t Ports = 1; Ports < (uint64_t(1) << NumPorts); ++Ports)
    Cycles = std::max(Cycles, getPortLoad(*this, K, uint32_t(Ports)));
  return Cycles;
}

/// The instructions that may use each port, sorted; unused ports left out.
static SmallVector<uint64_t, 16> getPortUsers(const PortMapping &PM) {
  SmallVector<uint64_t, 16> Users;
  for (unsigned P = 0; P < MaxPorts; ++P) {
    uint64_t U = 0;
    for (auto [B, Ports] : enumerate(PM.PortSets))
      if (Ports >> P & 1)
        U |= uint64_t(1) << B;
    if (U)
      Users.push_back(U);
  }
  llvm::sort(Users);
  return Users;
}

bool isSameUpToPortRenaming(const PortMapping &A, const PortMapping &B) {
  return A.PortSets.size() == B.PortSets.size() &&
         A.DispatchWidth == B.DispatchWidth &&
         getPortUsers(A) == getPortUsers(B);
}

std::string formatPorts(uint32_t Ports) {
  std::string S;
  raw_string_ostream OS(S);
  ListSeparator Comma(",");
  for (unsigned P = 0; P < MaxPorts; ++P)
    if (Ports >> P & 1)
      OS << Comma << 'p' << P;
  return S;
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
