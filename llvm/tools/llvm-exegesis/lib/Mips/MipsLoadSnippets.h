//===-- Mips/MipsLoadSnippets.h - Load snippets for Mips --------*- C++ -*-===//
//
// The Mips side of the chained loads (Snippets/ChainedLoadGenerator.h). A
// load's latency is measured through its address: `LW $2, 0($4)` then
// `ADDU $4, $4, $2` (DADDU on mips64), where $4 (a0) points at the scratch
// memory, which holds zeros, so the address never changes and each load
// waits for the previous one. A load into an FPR goes through MFC1 (DMFC1
// for a 64-bit FPR on mips64) on its way to the add. For throughput, loads
// into distinct registers spread over the scratch memory.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MIPS_MIPSLOADSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MIPS_MIPSLOADSNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/ChainedLoadGenerator.h"
#include <memory>

namespace llvm {
namespace exegesis {

class LLVMState;

/// How \p Model is chained if it is a load of one register (a GPR, or an
/// FPR whose bits a move can take to a GPR) from a base register and an
/// offset; null otherwise.
std::unique_ptr<ChainedLoad> getMipsChainedLoad(const LLVMState &State,
                                                const InstructionModel &Model);

} // namespace exegesis
} // namespace llvm

#endif
