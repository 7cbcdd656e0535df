//===-- Kernel.h - A mixture of basic instructions and its cycles -*- C++ -*-=//
//
// What the port-map inference measures: a kernel is a multiset of basic
// instructions, each copy independent of the others, repeated in a loop; its
// measurement is the cycles one pass through the multiset takes at steady
// state (the per-snippet value of an inverse-throughput run of a snippet
// holding the multiset). Order and dependencies are deliberately not part of
// it: throughput interference is all the method uses.
//
// Instructions are small indices (at most 64, so that a set of them is one
// 64-bit mask): the caller keeps their names.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_KERNEL_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_KERNEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <string>

namespace llvm {
namespace exegesis {
namespace portmap {

/// The most instructions a set of them (a 64-bit mask) can hold.
constexpr unsigned MaxInstructions = 64;

/// Count copies of instruction Instr.
struct KernelTerm {
  unsigned Instr = 0;
  unsigned Count = 0;
};

/// Terms sorted by instruction, each count positive.
using Kernel = SmallVector<KernelTerm, 4>;

/// A kernel and the cycles one pass through it took.
struct KernelMeasurement {
  Kernel K;
  double Cycles = 0;
};

/// Copies in \p K, all instructions together.
unsigned getTotalCount(ArrayRef<KernelTerm> K);

/// The instructions of \p K as a set.
uint64_t getSupport(ArrayRef<KernelTerm> K);

/// Copies in \p K of the instructions in the set \p Members.
unsigned getLoad(ArrayRef<KernelTerm> K, uint64_t Members);

/// \p K with each instruction I renamed to \p To[I], sorted again.
Kernel renameInstructions(ArrayRef<KernelTerm> K, ArrayRef<unsigned> To);

/// "3*ADD + 2*LOAD", with \p Names indexed by instruction.
std::string formatKernel(ArrayRef<KernelTerm> K, ArrayRef<std::string> Names);

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
