//===-- RegisterWidth.cpp ---------------------------------------*- C++ -*-===//

#include "Core/RegisterWidth.h"
#include "Core/LLVMState.h"
#include "RISCV/RISCVVectorLength.h"
#include "llvm/ADT/StringSwitch.h"

namespace llvm {
namespace exegesis {

bool isSegmentBaseRegister(const LLVMState &State, MCRegister Reg) {
  if (State.getTriple().getArch() != Triple::x86_64)
    return false;
  StringRef Name = State.getRegisterName(Reg);
  return Name == "FS" || Name == "GS";
}

unsigned getRegisterBitWidth(const LLVMState &State, MCRegister Reg) {
  if (isSegmentBaseRegister(State, Reg))
    return 64;
  const MCRegisterInfo &RegInfo = State.getRegInfo();
  // A RISC-V vector register is as wide as the CPU's VLEN, which its class
  // does not say.
  if (State.getTriple().isRISCV())
    if (unsigned VLen =
            getRISCVVectorRegisterWidth(RegInfo, State.getSubtargetInfo(), Reg))
      return VLen;
  unsigned Widest = 0;
  for (const MCRegisterClass &RC : RegInfo.regclasses())
    if (RC.contains(Reg))
      Widest = std::max(Widest, RC.getSizeInBits());
  if (Widest)
    return Widest;
  // Control and status registers that no register class holds.
  unsigned Known = StringSwitch<unsigned>(State.getRegisterName(Reg))
                       .Case("MXCSR", 32)
                       .Case("FPCW", 16)
                       .Case("FPSW", 16)
                       .Case("FPCR", 32)
                       .Case("FPSR", 32)
                       .Default(0);
  if (Known)
    return Known;
  return State.getTriple().isArch64Bit() ? 64 : 32;
}

} // namespace exegesis
} // namespace llvm
