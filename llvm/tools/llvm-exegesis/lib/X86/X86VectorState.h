//===-- X86/X86VectorState.h - Upper halves of vector registers -*- C++ -*-===//
//
// The state of the vector unit that a measurement must not inherit or leave
// behind, and the cost of it a snippet itself asks for: YMM and ZMM
// registers 0-15 with dirty upper halves make legacy-SSE code pay the
// SSE/AVX transition. The function's entry cleans what the caller left
// (vzeroupper), its epilogue what it dirtied itself (X86Frame.h), and
// `info` says when the snippet's own register values or instructions make
// the transition part of what is measured.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86VECTORSTATE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86VECTORSTATE_H

#include "Core/BenchmarkCode.h"
#include "X86/X86Names.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Whether \p Reg is a YMM or ZMM register whose upper half takes part in
/// SSE/AVX transitions: only registers 0-15 do (legacy SSE cannot reach the
/// others, and vzeroupper does not clear them).
bool isWideTransitionRegister(const X86Names &N, MCRegister Reg);

/// ExegesisTarget::cleanVectorStateOnEntry for x86-64 with AVX: vzeroupper
/// when the function uses a vector register and no vector live-in's upper
/// half would be lost.
std::vector<MCInst> cleanX86VectorStateOnEntry(const LLVMState &State,
                                               ArrayRef<MCRegister> Used,
                                               ArrayRef<MCRegister> LiveIns);

/// ExegesisTarget::describeVectorStateCost for x86-64.
std::string describeX86VectorStateCost(const LLVMState &State,
                                       const BenchmarkCode &Code);

} // namespace exegesis
} // namespace llvm

#endif
