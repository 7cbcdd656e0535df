//===-- X86/X86OperandChoice.h - Operands of x86 chain snippets -*- C++ -*-===//
//
// What the x86 latency snippets (through the address, the flags, memory,
// the stack) share when they fill an instruction's operands: the positions
// inside a memory reference, a register looked up by name, and the choice
// of a register of a class that stays clear of the ones already taken and
// that every encoding can name, and the all-ones write mask of an AVX-512
// form.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86OPERANDCHOICE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86OPERANDCHOICE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include <optional>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Positions inside an x86 memory reference, from its first operand.
enum X86MemoryPart : unsigned {
  MemBase = 0,
  MemScale,
  MemIndex,
  MemDisp,
  MemSegment,
  MemSize
};

/// The register called \p Name, or none.
MCRegister namedX86Register(const LLVMState &State, StringRef Name);

/// Whether the register class \p ClassID (none when negative) holds \p Reg.
bool x86ClassContains(const LLVMState &State, int ClassID, MCRegister Reg);

/// Whether every register of \p Regs is EFLAGS or MXCSR, the implicit
/// operands a chain snippet leaves as they are (MXCSR masks every
/// exception).
bool onlyX86FlagsAndControl(const LLVMState &State, ArrayRef<MCPhysReg> Regs);

/// The first register of \p ClassID that overlaps none of \p Avoid and that
/// every x86 encoding can name (not AH, BH, CH or DH), or none.
MCRegister pickX86Register(const LLVMState &State, int ClassID,
                           ArrayRef<MCRegister> Avoid);

/// The instruction that sets \p Mask, a write mask of class \p ClassID, to
/// all ones over every element the class covers: kxnorq for 64 elements
/// (VK64WM), kxnord for 32, kxnorw otherwise (a 16-bit mask would leave the
/// upper elements of a byte form unwritten). Off any chain: it reads K0
/// twice, and xnor of a value with itself is all ones whatever K0 holds.
std::optional<MCInst> setX86WriteMaskOnes(const LLVMState &State, int ClassID,
                                          MCRegister Mask);

/// Whether \p Inst is a setX86WriteMaskOnes instruction.
bool isX86WriteMaskOnes(const LLVMState &State, const MCInst &Inst);

} // namespace exegesis
} // namespace llvm

#endif
