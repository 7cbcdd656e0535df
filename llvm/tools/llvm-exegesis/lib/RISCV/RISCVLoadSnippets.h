//===-- RISCV/RISCVLoadSnippets.h - Load snippets for RISC-V ----*- C++ -*-===//
//
// A RISC-V load into an X register reads nothing but its base register, and
// the base must point into scratch memory, so the generic serial generator
// finds no chain for it. Its latency is measured as upstream's x86 loads
// are, by making the next address depend on the loaded value: the snippet
// is `LOAD RD, 0(X10)` then `ADD X10, X10, RD`, where X10 points at the
// scratch memory, which holds zeros, so the address never changes and each
// load waits for the previous one (one repetition: a load and an add). For
// throughput, loads into distinct registers from the scratch memory. A
// load into an F register goes through FMV.X.D/W/H on its way to the ADD.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVLOADSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVLOADSNIPPETS_H

#include "../InstructionModel.h"
#include "../SnippetGenerationTarget.h"
#include <optional>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Whether \p Model is a load into an X register, or an F register whose bits
/// can be moved to one, from a base register that can be any
/// general-purpose one (not the SP-only compressed forms).
bool isRISCVChainableLoad(const LLVMState &State,
                          const InstructionModel &Model);

/// The snippet of such a load: \p Serial, the address chain; otherwise
/// independent loads. Only \p Index 0 exists.
std::optional<PreparedSnippet>
getRISCVLoadSnippet(const LLVMState &State, const InstructionModel &Model,
                    bool Serial, unsigned Index);

} // namespace exegesis
} // namespace llvm

#endif
