//===-- X86/X86StackCode.h - x86 instructions on the stack ------*- C++ -*-===//
//
// The instructions the x86 target builds its register set-up and frames
// from: memory operands Disp(%rsp), moves of the stack pointer with LEA
// (which leave the flags alone, so that a value set in EFLAGS survives),
// values written below the stack pointer and loaded from there (what no
// instruction takes as an immediate: vector, mask, control and x87
// registers), and immediate moves.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86STACKCODE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86STACKCODE_H

#include "X86/X86Names.h"
#include "llvm/ADT/APInt.h"
#include "llvm/MC/MCInst.h"
#include <vector>

namespace llvm {
namespace exegesis {
namespace x86 {

/// An instruction of \p Opcode without operands yet.
MCInst inst(unsigned Opcode);

/// Appends the five operands of the memory reference Disp(%rsp).
void addStackAddress(MCInst &I, MCRegister RSP, int64_t Disp);

/// `lea Delta(%rsp), %rsp`: moves the stack pointer, leaves the flags alone.
MCInst adjustStack(const X86Names &N, int64_t Delta);

/// An instruction `Opcode (%rsp)` with only a memory operand.
MCInst onStackTop(const X86Names &N, unsigned Opcode);

/// `Opcode Disp(%rsp), Reg`: a load of Reg from the stack.
MCInst loadFromStackTop(const X86Names &N, unsigned Opcode, MCRegister Reg,
                        int64_t Disp = 0);

/// Reserves \p Bytes (a multiple of 8) below the stack pointer and fills
/// them with \p Value in little-endian order.
void pushValue(const X86Names &N, const APInt &Value, unsigned Bytes,
               std::vector<MCInst> &Out);

/// A register-to-immediate move `Opcode Reg, Imm`.
MCInst moveImmediate(unsigned Opcode, MCRegister Reg, int64_t Imm);

} // namespace x86
} // namespace exegesis
} // namespace llvm

#endif
