//===-- X86/X86X87Chains.h - Latency through the x87 stack ------*- C++ -*-===//
//
// Most x87 opcodes read and write the top of the register stack, ST(0),
// without naming it: LLVM's descriptors give them only the control and status
// words (FPCW, FPSW) as implicit operands, so the generic generators find no
// chain. Their latency is a chain through ST(0), with the stack depth
// balanced in every repetition (a snippet is repeated thousands of times and
// the stack holds eight values):
//
// - an instruction that replaces ST(0) (FABS, FCHS, FSQRT, FSIN, FCOS,
//   F2XM1, FRNDINT, FSCALE, FPREM, FPREM1) and FINCSTP/FDECSTP (which move
//   TOP, the stack pointer in the status word) repeat alone;
// - an arithmetic memory form (`fadds (%rdi)`, `fimull (%rdi)`) repeats alone
//   through ST(0): the register path, the load off the chain; the word it
//   reads holds 1 in its type (writeX87OperandWord), so values stay finite
//   and the divider sees an ordinary operand;
// - FPTAN and FSINCOS push a second result: `fstp %st(0)` pops it, off the
//   chain; FXTRACT's significand is kept by `fstp %st(1)`, a copy on the
//   chain (its exponent would soon be an infinity);
// - FPATAN and FYL2X pop: a constant pushed first (`fld1`, and 2 for FYL2X,
//   so that y * log2(2) keeps y) balances them, off the chain.
//
// ST(0) starts at 1.0 (ST(1) at 0.75 for FSCALE, which then scales by 2^0,
// and FPREM/FPREM1, which then keep 0.25): no value of a chain becomes an
// infinity, a NaN or a denormal. Loads and stores go through memory, each
// with its matching store or reload (X86X87MemoryChains.h), which this file
// gives the same start (addX87InitialValues) and a word holding 1
// (writeX87OperandWord). Compares, whose only result is the condition
// codes, and FYL2XP1, defined only near 0, are chained with helpers
// (X86X87CompareChains.h), which this file gives their start and words
// too. The other x87 opcodes get a reason (whyNoX87LatencySnippet):
// constants read nothing.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86X87CHAINS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86X87CHAINS_H

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

/// The latency snippet of \p Model through ST(0), or nullopt if it is not
/// an x87 opcode chained so.
std::optional<PreparedSnippet>
getX87LatencySnippet(const LLVMState &State, const InstructionModel &Model);

/// Why the x87 opcode \p Model has no latency snippet, or nullopt (not an
/// x87 opcode this file knows, or one it chains).
std::optional<std::string>
whyNoX87LatencySnippet(const LLVMState &State, const InstructionModel &Model);

/// Gives ST(0) (and ST(1) where the chained opcode reads it) the starting
/// value of an x87 chain when \p Instructions hold one.
void addX87InitialValues(const LLVMState &State, ArrayRef<MCInst> Instructions,
                         std::vector<RegisterValue> &Values);

/// The stores that make the word an x87 memory form chained through ST(0),
/// or a store and reload pair (X86X87MemoryChains.h), reads hold 1 in its
/// type; empty for any other snippet. Run before the register setup, while
/// the scratch register holds the scratch pointer.
std::vector<MCInst> writeX87OperandWord(const LLVMState &State,
                                        ArrayRef<MCInst> Snippet);

} // namespace exegesis
} // namespace llvm

#endif
