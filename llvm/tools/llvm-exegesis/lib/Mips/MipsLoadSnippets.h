//===-- Mips/MipsLoadSnippets.h - Load snippets for Mips --------*- C++ -*-===//
//
// A Mips load reads nothing but its base register, which must point into
// scratch memory, so the generic serial generator finds no chain for it.
// Its latency is measured by making the next address depend on the loaded
// value: `LW $2, 0($4)` then `ADDU $4, $4, $2` (DADDU on mips64), where $4
// (a0) points at the scratch memory, which holds zeros, so the address
// never changes and each load waits for the previous one. A load into an
// FPR goes through MFC1 (DMFC1 for a 64-bit FPR on mips64) on its way to
// the add. For throughput, loads into distinct registers spread over the
// scratch memory.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MIPS_MIPSLOADSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MIPS_MIPSLOADSNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include <optional>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Whether \p Model is a load of one register (a GPR, or an FPR whose bits
/// a move can take to a GPR) from a base register and an offset.
bool isMipsChainableLoad(const LLVMState &State, const InstructionModel &Model);

/// The snippet of such a load: \p Serial, the address chain; otherwise
/// independent loads. Only \p Index 0 exists.
std::optional<PreparedSnippet> getMipsLoadSnippet(const LLVMState &State,
                                                  const InstructionModel &Model,
                                                  bool Serial, unsigned Index);

} // namespace exegesis
} // namespace llvm

#endif
