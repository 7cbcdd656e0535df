//===-- AArch64/AArch64LoadSnippets.h - Load snippets -----------*- C++ -*-===//
//
// The AArch64 side of the chained loads (Snippets/ChainedLoadGenerator.h),
// for a load without writeback or register offset (LDR Xt, [Xn, #imm], LDP,
// LDAR, LDXR, LD1 {Vt.16b-...}, LD1R...). Its latency is measured through
// its address: `ldr Xt, [x0]` then `add x0, x0, Xt`, where X0 points at the
// scratch memory, which holds zeros, so the address never changes and each
// load waits for the previous one. A value loaded into a W register is
// added as its X register (the load zeroes the upper half); one loaded into
// FP/SIMD registers (B to Q, or a list of them) passes through `fmov Xt,
// Dn` on its way to the add, a predicate's count of active elements
// through `cntp`. For throughput: loads into distinct registers.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64LOADSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64LOADSNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/ChainedLoadGenerator.h"
#include "Snippets/SnippetGenerationTarget.h"
#include <memory>

namespace llvm {
namespace exegesis {

class LLVMState;

/// How \p Model is chained if it is such a load: it only loads, its
/// operands are the registers it writes (general-purpose, FP/SIMD or
/// predicate), one base register it does not write back, and immediates;
/// null otherwise. \p Target chooses the immediates and points the base at
/// the scratch memory.
std::unique_ptr<ChainedLoad>
getAArch64ChainedLoad(const LLVMState &State,
                      const SnippetGenerationTarget &Target,
                      const InstructionModel &Model);

} // namespace exegesis
} // namespace llvm

#endif
