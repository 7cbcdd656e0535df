//===-- PowerPC/PowerPCLoadSnippets.h - Load snippets -----------*- C++ -*-===//
//
// A PowerPC load reads nothing but its address registers, and they must
// point at the scratch memory, so the generic serial generator finds no
// chain for it. Its latency is measured as the RISC-V loads are: the next
// address depends on the loaded value, `LD RT, 0(r3)` then `add r3, r3,
// RT`, where r3 points at the scratch memory, which holds zeros, so the
// address never changes and each load waits for the previous one (one
// repetition: a load and an add). A load into an FPR or VSX scalar register
// passes its value through `mfvsrd` on its way to the add (CPUs with direct
// moves). For throughput: loads into distinct registers.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_POWERPC_POWERPCLOADSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_POWERPC_POWERPCLOADSNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include <optional>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Whether \p Model is a load (D-form or X-form, no update) into a GPR, or
/// into an FPR or VSX scalar register on a CPU with direct moves.
bool isPowerPCChainableLoad(const LLVMState &State,
                            const InstructionModel &Model);

/// The snippet of such a load: \p Serial, the address chain; otherwise
/// independent loads. Only \p Index 0 exists. \p Target points the memory
/// reference at the scratch memory.
std::optional<PreparedSnippet> getPowerPCLoadSnippet(
    const LLVMState &State, const SnippetGenerationTarget &Target,
    const InstructionModel &Model, bool Serial, unsigned Index);

} // namespace exegesis
} // namespace llvm

#endif
