//===-- AArch64/AArch64LoadSnippets.h - Load snippets -----------*- C++ -*-===//
//
// An AArch64 load without writeback or register offset (LDR Xt, [Xn, #imm],
// LDP, LDAR, LDXR, LD1 {Vt.16b-...}, LD1R...) reads nothing but its base
// register, and the base must point at the scratch memory, so the generic
// serial generator finds no chain for it. Its latency is measured as the
// PowerPC and RISC-V loads are: the next address depends on the loaded
// value, `ldr Xt, [x0]` then `add x0, x0, Xt`, where X0 points at the
// scratch memory, which holds zeros, so the address never changes and each
// load waits for the previous one. A value loaded into a W register is
// added as its X register (the load zeroes the upper half); one loaded into
// FP/SIMD registers (B to Q, or a list of them) passes through `fmov Xt,
// Dn` on its way to the add. For throughput: loads into distinct registers.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64LOADSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64LOADSNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include <optional>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Whether \p Model is such a load: it only loads, its operands are the
/// registers it writes (general-purpose or FP/SIMD), one base register it
/// does not write back, and immediates.
bool isAArch64ChainableLoad(const LLVMState &State,
                            const InstructionModel &Model);

/// The snippet of such a load: \p Serial, the address chain; otherwise
/// independent loads. Only \p Index 0 exists. \p Target chooses the
/// immediates and points the base at the scratch memory.
std::optional<PreparedSnippet> getAArch64LoadSnippet(
    const LLVMState &State, const SnippetGenerationTarget &Target,
    const InstructionModel &Model, bool Serial, unsigned Index);

} // namespace exegesis
} // namespace llvm

#endif
