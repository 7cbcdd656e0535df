//===-- X86/X86PreparedSnippets.h - Snippets with their own set-up -*- C++ -*-//
//
// Some user-mode x86 instructions only measure something real when their
// implicit registers hold particular values, which the generic generators
// cannot choose: string instructions need RSI/RDI inside scratch memory and
// a small count in RCX, re-established every repetition because each
// execution moves them; XGETBV and RDPKRU fault unless ECX is 0; LAR, LSL,
// VERR and VERW only take their real path with a valid selector. These
// snippets are built here whole, with the set-up instructions that keep every
// repetition valid, and say in their config and info what one repetition
// measures.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86PREPAREDSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86PREPAREDSNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include <optional>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Whether \p Opcode gets a prepared snippet on \p State's target.
bool hasX86PreparedSnippet(const LLVMState &State, unsigned Opcode);

/// Configuration \p Index of \p Model's prepared snippet, nullopt past the
/// last one. \p Serial asks for repetitions that depend on each other.
std::optional<PreparedSnippet>
getX86PreparedSnippet(const LLVMState &State, const InstructionModel &Model,
                      bool Serial, unsigned Index);

/// The store that makes the word a serial LODS snippet loads hold 0 (run
/// before the register setup, while the scratch register holds the scratch
/// pointer); empty for any other snippet. The value loaded makes the next
/// address, and the scratch memory an earlier benchmark wrote (a
/// read-modify-write chain counting up in place) would send it out of
/// scratch memory.
std::vector<MCInst> writeX86StringChainWord(const LLVMState &State,
                                            ArrayRef<MCInst> Snippet);

} // namespace exegesis
} // namespace llvm

#endif
