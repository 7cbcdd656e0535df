//===-- PowerPC/PowerPCLoadSnippets.h - Load snippets -----------*- C++ -*-===//
//
// The PowerPC side of the chained loads (Snippets/ChainedLoadGenerator.h).
// A load's latency is measured through its address: `LD RT, 0(r3)` then
// `add r3, r3, RT`, where r3 points at the scratch memory, which holds
// zeros, so the address never changes and each load waits for the previous
// one (one repetition: a load and an add). A load into an FPR or VSX scalar
// register passes its value through `mfvsrd` on its way to the add (CPUs
// with direct moves). For throughput: loads into distinct registers.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_POWERPC_POWERPCLOADSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_POWERPC_POWERPCLOADSNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/ChainedLoadGenerator.h"
#include "Snippets/SnippetGenerationTarget.h"
#include <memory>

namespace llvm {
namespace exegesis {

class LLVMState;

/// How \p Model is chained if it is a load (D-form or X-form, no update)
/// into a GPR, or into an FPR or VSX scalar register on a CPU with direct
/// moves; null otherwise. \p Target points the memory reference at the
/// scratch memory.
std::unique_ptr<ChainedLoad>
getPowerPCChainedLoad(const LLVMState &State,
                      const SnippetGenerationTarget &Target,
                      const InstructionModel &Model);

} // namespace exegesis
} // namespace llvm

#endif
