//===-- X86/X86X87CompareChains.h - x87 compares and FYL2XP1 ----*- C++ -*-===//
//
// Two kinds of x87 opcode that no repetition through ST(0) alone chains.
//
// A compare or examine (FCOM, FCOMP and FICOM(P) of a word in memory,
// FCOMPP, FUCOMPP, FTST, FXAM) writes only the condition codes C0, C2, C3
// of the status word. The chain goes back to ST(0) through three helpers:
//
//   fcoml  (%rdi)          the compare: ST(0) against the double 1.0
//   fnstsw %ax             the status word into AX
//   sahf                   AH into EFLAGS: C0 to CF, C2 to PF, C3 to ZF
//   fcmove %st(1), %st     ST(1) into ST(0) if ZF: ST(0) waits for the flags
//
// ST(0) and ST(1) hold 1.0 and the word 1 in its type (written before the
// register setup), so every value stays 1.0 whichever way the condition
// goes; the condition is the one the values make true (E for an equal
// compare, NE for FTST and FXAM of 1.0), so the move is always taken. A
// compare that pops gets one `fld1` a pop right after FNSTSW, pushing 1.0
// back: it reads nothing, so it is off the chain, and the stack is as deep
// after each repetition as before. Not before FNSTSW: a push between the
// compare and FNSTSW makes FNSTSW wait, 12 cycles more a repetition on
// Zen 5 (31 instead of 19), which would count as the compare's.
//
// FNSTSW's share cannot be timed alone: no instruction moves AX (or any
// register) into the status word. SAHF and FCMOVE cannot either: only a
// round trip through them and back, `fcomi %st(1), %st; lahf; sahf; fcmove
// %st(1), %st`, can, which is measured in the same run (SubtractedChain,
// Core/BenchmarkCode.h). The value is an estimate, which `info` says and
// warns about: SAHF and FCMOVE taken as half of that round trip, and what
// is left of the chain split evenly between the compare and FNSTSW, i.e.
// half the chain (measured again) less a quarter of the round trip. The
// bounds are those of every instruction taking at least a cycle: the
// compare within [1, chain - 3] (FNSTSW, SAHF and FCMOVE at least one
// each).
//
// FYL2XP1 computes ST(1) * log2(ST(0) + 1) for |ST(0)| below
// 1 - sqrt(2)/2 only, and pops. Its chain is through ST(1), y:
//
//   fldl   (%rdi)          x = 2^(1/4) - 1, off the chain (no chain input)
//   fyl2xp1                y * log2(1 + x) = y / 4, the new ST(0)
//   fmull  8(%rdi)         times 4.0: y again
//
// FMUL is measured in the same run as a chain `fmull 8(%rdi); fmull
// 16(%rdi)` (times 4, times 0.25), half of which is subtracted exactly.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86X87COMPARECHAINS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86X87COMPARECHAINS_H

#include "Core/BenchmarkCode.h"
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

/// The latency snippet of the x87 compare or examine, or FYL2XP1, \p Model,
/// with the chains to subtract; nullopt for any other opcode, or when the
/// target lacks what the chain needs (a scratch memory register).
std::optional<PreparedSnippet>
getX87CompareChainSnippet(const LLVMState &State,
                          const InstructionModel &Model);

/// Why \p Model, one of those opcodes, has no such snippet; nullopt when it
/// has one or is another opcode.
std::optional<std::string>
whyNoX87CompareChainSnippet(const LLVMState &State,
                            const InstructionModel &Model);

/// Which x87 registers a snippet of getX87CompareChainSnippet's (or one of
/// its subtracted chains) starts with at 1.0: none (not such a snippet),
/// ST(0), or ST(0) and ST(1).
unsigned getX87CompareChainStartDepth(const LLVMState &State,
                                      ArrayRef<MCInst> Instructions);

/// The stores that write the words such a snippet reads (the compare's 1,
/// FYL2XP1's x, 4.0 and 0.25); empty for any other snippet. Run before the
/// register setup, while the scratch register holds the scratch pointer.
std::vector<MCInst> writeX87CompareChainWords(const LLVMState &State,
                                              ArrayRef<MCInst> Instructions);

} // namespace exegesis
} // namespace llvm

#endif
