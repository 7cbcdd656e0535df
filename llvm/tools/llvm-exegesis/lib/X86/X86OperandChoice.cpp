//===-- X86/X86OperandChoice.cpp --------------------------------*- C++ -*-===//

#include "X86/X86OperandChoice.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/STLExtras.h"

namespace llvm {
namespace exegesis {

MCRegister namedX86Register(const LLVMState &State, StringRef Name) {
  return State.getRegisterByName(Name).value_or(MCRegister());
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

} // namespace exegesis
} // namespace llvm
