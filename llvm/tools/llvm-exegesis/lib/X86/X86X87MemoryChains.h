//===-- X86/X86X87MemoryChains.h - x87 loads and stores ---------*- C++ -*-===//
//
// An x87 store's value comes back only through a reload, and an x87 load's
// value (pushed onto the register stack) reaches no address and no
// general-purpose register but through a store: the x87 unit has no move to
// a general-purpose register. So a store and its matching reload are
// chained through the scratch word at RDI, and only their round trip can
// be timed:
//
//   fstpl (%rdi)        ST_FP64m: stores ST(0) and pops it
//   fldl  (%rdi)        LD_F64m: pushes the word back, the next ST(0)
//
// Each x87 load or store is measured in such a pair: a store with the load
// of its type (fistpl/fildl, fisttpl/fildl, fbstp/fbld, fstpt/fldt), a load
// with the popping store of its type, load first. A store that does not
// pop (fstl, fsts, fists, fistl) is followed by `fstp %st(0)`, which drops
// the copy left in ST(0) off the chain (the reload's value comes from
// memory), so that every repetition leaves the stack as deep as it found
// it.
//
// Neither half can be timed alone, so the pair's round trip of T cycles is
// measured beside the snippet, in the same run (SubtractedChain,
// Core/BenchmarkCode.h), and half of it is subtracted with the bounds of a
// domain crossing: every instruction takes at least a cycle, so the
// instruction's share lies within [1, T - 1], and the value, T/2, is an
// estimate that `info` says is one (and warns about when the bounds are
// wide).
//
// ST(0) starts at 1.0 (addX87InitialValues) and the word holds 1 in the
// pair's type, written before the register setup (writeX87OperandWord),
// so that a load-first pair reads an ordinary value and every value of the
// chain stays 1.
//
// The control word's store and load, FNSTCW and FLDCW, go through memory
// the same way, with the other stores of state (X86ControlStateChains.h).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86X87MEMORYCHAINS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86X87MEMORYCHAINS_H

#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The latency snippet of the x87 load or store \p Model, paired with its
/// matching store or reload through the scratch word, and the pair's round
/// trip to subtract half of; nullopt for any other opcode, or without a
/// scratch memory register.
std::optional<PreparedSnippet>
getX87MemoryChainSnippet(const LLVMState &State, const InstructionModel &Model);

/// Why the x87 load or store \p Model has no such snippet, or nullopt (not
/// an x87 load or store, or one that gets a snippet).
std::optional<std::string>
whyNoX87MemoryChainSnippet(const LLVMState &State,
                           const InstructionModel &Model);

/// Whether \p Instructions are a snippet of getX87MemoryChainSnippet's.
bool isX87MemoryChain(const LLVMState &State, ArrayRef<MCInst> Instructions);

/// The stores that make the word such a snippet reads hold 1 in the type of
/// its pair; empty for any other snippet. Run before the register setup,
/// while the scratch register holds the scratch pointer.
std::vector<MCInst> writeX87MemoryChainWord(const LLVMState &State,
                                            ArrayRef<MCInst> Instructions);

} // namespace exegesis
} // namespace llvm

#endif
