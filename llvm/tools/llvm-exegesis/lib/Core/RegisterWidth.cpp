//===-- RegisterWidth.cpp ---------------------------------------*- C++ -*-===//

#include "Core/RegisterWidth.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"

namespace llvm {
namespace exegesis {

bool isSegmentBaseRegister(const LLVMState &State, MCRegister Reg) {
  return State.getExegesisTarget().isSegmentBaseRegister(State.getTriple(),
                                                         Reg);
}

unsigned getRegisterBitWidth(const LLVMState &State, MCRegister Reg) {
  return State.getExegesisTarget().getRegisterBitWidth(
      State.getRegInfo(), State.getSubtargetInfo(), Reg);
}

} // namespace exegesis
} // namespace llvm
