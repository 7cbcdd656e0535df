//===-- Kernel.cpp - A mixture of basic instructions and its cycles -------===//

#include "PortMap/Kernel.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <cassert>

namespace llvm {
namespace exegesis {
namespace portmap {

unsigned getTotalCount(ArrayRef<KernelTerm> K) {
  unsigned N = 0;
  for (const KernelTerm &T : K)
    N += T.Count;
  return N;
}

uint64_t getSupport(ArrayRef<KernelTerm> K) {
  uint64_t S = 0;
  for (const KernelTerm &T : K) {
    assert(T.Instr < MaxInstructions && "instruction outside a set");
    S |= uint64_t(1) << T.Instr;
  }
  return S;
}

unsigned getLoad(ArrayRef<KernelTerm> K, uint64_t Members) {
  unsigned N = 0;
  for (const KernelTerm &T : K)
    if (Members >> T.Instr & 1)
      N += T.Count;
  return N;
}

Kernel renameInstructions(ArrayRef<KernelTerm> K, ArrayRef<unsigned> To) {
  Kernel R;
  for (const KernelTerm &T : K)
    R.push_back({To[T.Instr], T.Count});
  llvm::sort(R, [](const KernelTerm &A, const KernelTerm &B) {
    return A.Instr < B.Instr;
  });
  return R;
}

std::string formatKernel(ArrayRef<KernelTerm> K, ArrayRef<std::string> Names) {
  std::string S;
  raw_string_ostream OS(S);
  ListSeparator Plus(" + ");
  for (const KernelTerm &T : K)
    OS << Plus << T.Count << '*' << Names[T.Instr];
  return S;
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
