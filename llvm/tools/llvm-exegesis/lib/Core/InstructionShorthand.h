//===-- InstructionShorthand.h - Spelling MCInsts briefly -------*- C++ -*-===//
//
// The targets' register set-up, loops and prologues are written as lists of
// MCInsts; these short spellings keep those lists readable, one instruction
// a line, and are shared so that every target spells them the same way.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_INSTRUCTIONSHORTHAND_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_INSTRUCTIONSHORTHAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"

namespace llvm {
namespace exegesis {
namespace shorthand {

inline MCInst inst(unsigned Opcode, ArrayRef<MCOperand> Operands) {
  MCInst I;
  I.setOpcode(Opcode);
  for (const MCOperand &Op : Operands)
    I.addOperand(Op);
  return I;
}

inline MCOperand reg(MCRegister Reg) { return MCOperand::createReg(Reg); }
inline MCOperand imm(int64_t Value) { return MCOperand::createImm(Value); }

} // namespace shorthand
} // namespace exegesis
} // namespace llvm

#endif
