//===-- X86/X86ScratchWord.cpp ----------------------------------*- C++ -*-===//

#include "X86/X86ScratchWord.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"

namespace llvm {
namespace exegesis {

using namespace shorthand;

MCRegister getX86ScratchRegister(const LLVMState &State) {
  return State.getExegesisTarget().getScratchMemoryRegister(State.getTriple());
}

MCInst buildX86AtScratch(const LLVMState &State, StringRef Name,
                         MCRegister Scratch) {
  return inst(
      *State.getOpcodeByName(Name),
      {reg(Scratch), imm(1), reg(MCRegister()), imm(0), reg(MCRegister())});
}

bool isX86AtScratch(const LLVMState &State, const MCInst &Inst, StringRef Name,
                    MCRegister Scratch) {
  if (State.getOpcodeName(Inst.getOpcode()) != Name ||
      Inst.getNumOperands() != 5)
    return false;
  auto RegIs = [&](unsigned I, MCRegister Reg) {
    return Inst.getOperand(I).isReg() && Inst.getOperand(I).getReg() == Reg;
  };
  auto ImmIs = [&](unsigned I, int64_t Value) {
    return Inst.getOperand(I).isImm() && Inst.getOperand(I).getImm() == Value;
  };
  return RegIs(0, Scratch) && ImmIs(1, 1) && RegIs(2, MCRegister()) &&
         ImmIs(3, 0) && RegIs(4, MCRegister());
}

} // namespace exegesis
} // namespace llvm
