//===-- X86/X86StackCode.cpp ------------------------------------*- C++ -*-===//

#include "X86/X86StackCode.h"

namespace llvm {
namespace exegesis {
namespace x86 {

MCInst inst(unsigned Opcode) {
  MCInst I;
  I.setOpcode(Opcode);
  return I;
}

void addStackAddress(MCInst &I, MCRegister RSP, int64_t Disp) {
  I.addOperand(MCOperand::createReg(RSP));
  I.addOperand(MCOperand::createImm(1));
  I.addOperand(MCOperand::createReg(MCRegister()));
  I.addOperand(MCOperand::createImm(Disp));
  I.addOperand(MCOperand::createReg(MCRegister()));
}

MCInst adjustStack(const X86Names &N, int64_t Delta) {
  MCInst I = inst(N.LEA64r);
  I.addOperand(MCOperand::createReg(N.RSP));
  addStackAddress(I, N.RSP, Delta);
  return I;
}

MCInst onStackTop(const X86Names &N, unsigned Opcode) {
  MCInst I = inst(Opcode);
  addStackAddress(I, N.RSP, 0);
  return I;
}

MCInst loadFromStackTop(const X86Names &N, unsigned Opcode, MCRegister Reg,
                        int64_t Disp) {
  MCInst I = inst(Opcode);
  I.addOperand(MCOperand::createReg(Reg));
  addStackAddress(I, N.RSP, Disp);
  return I;
}

void pushValue(const X86Names &N, const APInt &Value, unsigned Bytes,
               std::vector<MCInst> &Out) {
  APInt Wide = Value.zext(Bytes * 8);
  Out.push_back(adjustStack(N, -int64_t(Bytes)));
  for (unsigned Offset = 0; Offset < Bytes; Offset += 4) {
    MCInst Store = inst(N.MOV32mi);
    addStackAddress(Store, N.RSP, Offset);
    Store.addOperand(MCOperand::createImm(
        int32_t(Wide.extractBitsAsZExtValue(32, Offset * 8))));
    Out.push_back(Store);
  }
}

MCInst moveImmediate(unsigned Opcode, MCRegister Reg, int64_t Imm) {
  MCInst I = inst(Opcode);
  I.addOperand(MCOperand::createReg(Reg));
  I.addOperand(MCOperand::createImm(Imm));
  return I;
}

} // namespace x86
} // namespace exegesis
} // namespace llvm
