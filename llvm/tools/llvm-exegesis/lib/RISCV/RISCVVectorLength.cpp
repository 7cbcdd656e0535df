//===-- RISCV/RISCVVectorLength.cpp -----------------------------*- C++ -*-===//

#include "RISCV/RISCVVectorLength.h"
#include <string>

namespace llvm {
namespace exegesis {

unsigned getRISCVVectorLength(const MCSubtargetInfo &STI) {
  if (!STI.checkFeatures("+zve32x"))
    return 0;
  unsigned VLen = 32;
  for (unsigned Bits = 64; Bits <= 65536; Bits *= 2)
    if (STI.checkFeatures("+zvl" + std::to_string(Bits) + "b"))
      VLen = Bits;
  return VLen;
}

unsigned getRISCVVectorRegisterWidth(const MCRegisterInfo &RegInfo,
                                     const MCSubtargetInfo &STI,
                                     MCRegister Reg) {
  for (const MCRegisterClass &RC : RegInfo.regclasses())
    if (StringRef(RegInfo.getRegClassName(&RC)) == "VR")
      return RC.contains(Reg) ? getRISCVVectorLength(STI) : 0;
  return 0;
}

} // namespace exegesis
} // namespace llvm
