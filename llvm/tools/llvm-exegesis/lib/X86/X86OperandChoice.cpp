//===-- X86/X86OperandChoice.cpp --------------------------------*- C++ -*-===//

#include "X86/X86OperandChoice.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/STLExtras.h"

namespace llvm {
namespace exegesis {

MCRegister namedX86Register(const LLVMState &State, StringRef Name) {
  return State.getRegisterByName(Name).value_or(MCRegister());
}

bool x86ClassContains(const LLVMState &State, int ClassID, MCRegister Reg) {
  return ClassID >= 0 && Reg.isValid() &&
         State.getRegInfo().getRegClass(ClassID).contains(Reg);
}

bool onlyX86FlagsAndControl(const LLVMState &State, ArrayRef<MCPhysReg> Regs) {
  return all_of(Regs, [&](MCPhysReg Reg) {
    StringRef Name = State.getRegisterName(Reg);
    return Name == "EFLAGS" || Name == "MXCSR";
  });
}

MCRegister pickX86Register(const LLVMState &State, int ClassID,
                           ArrayRef<MCRegister> Avoid) {
  if (ClassID < 0)
    return MCRegister();
  const MCRegisterInfo &RI = State.getRegInfo();
  for (MCPhysReg Reg : RI.getRegClass(ClassID)) {
    if (is_contained({"AH", "BH", "CH", "DH"}, State.getRegisterName(Reg)))
      continue;
    if (none_of(Avoid, [&](MCRegister A) {
          return A.isValid() && RI.regsOverlap(A, Reg);
        }))
      return Reg;
  }
  return MCRegister();
}

std::optional<MCInst> setX86WriteMaskOnes(const LLVMState &State, int ClassID,
                                          MCRegister Mask) {
  if (ClassID < 0)
    return std::nullopt;
  const MCRegisterInfo &RI = State.getRegInfo();
  StringRef Class = RI.getRegClassName(&RI.getRegClass(ClassID));
  StringRef Opcode = Class == "VK64WM"   ? "KXNORQkk"
                     : Class == "VK32WM" ? "KXNORDkk"
                                         : "KXNORWkk";
  std::optional<unsigned> Op = State.getOpcodeByName(Opcode);
  MCRegister K0 = namedX86Register(State, "K0");
  if (!Op || !K0)
    return std::nullopt;
  using namespace shorthand;
  return inst(*Op, {reg(Mask), reg(K0), reg(K0)});
}

bool isX86WriteMaskOnes(const LLVMState &State, const MCInst &Inst) {
  StringRef Name = State.getOpcodeName(Inst.getOpcode());
  MCRegister K0 = namedX86Register(State, "K0");
  return (Name == "KXNORQkk" || Name == "KXNORDkk" || Name == "KXNORWkk") &&
         Inst.getNumOperands() == 3 && Inst.getOperand(1).isReg() &&
         Inst.getOperand(1).getReg() == K0 && Inst.getOperand(2).isReg() &&
         Inst.getOperand(2).getReg() == K0;
}

} // namespace exegesis
} // namespace llvm
