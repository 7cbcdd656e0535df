//===-- RegisterPool.cpp ----------------------------------------*- C++ -*-===//

#include "Core/RegisterPool.h"

namespace llvm {
namespace exegesis {

RegisterPool::RegisterPool(const MCRegisterInfo &RegInfo,
                           ArrayRef<MCRegister> Forbidden,
                           ArrayRef<MCRegister> Unnamed)
    : RegInfo(RegInfo) {
  unsigned NumUnits = RegInfo.getNumRegUnits();
  RegUnits.assign(RegInfo.getNumRegs(), BitVector(NumUnits));
  for (unsigned Reg = 1, E = RegInfo.getNumRegs(); Reg < E; ++Reg)
    for (MCRegUnit Unit : RegInfo.regunits(MCRegister(Reg)))
      RegUnits[Reg].set(static_cast<unsigned>(Unit));

  ForbiddenUnits = BitVector(NumUnits);
  for (MCRegister Reg : Forbidden)
    if (Reg.isValid())
      ForbiddenUnits |= RegUnits[Reg.id()];

  unsigned NumClasses = RegInfo.getNumRegClasses();
  AllowedByClass.resize(NumClasses);
  AllowedUnitsByClass.assign(NumClasses, BitVector(NumUnits));
  for (unsigned ClassID = 0; ClassID < NumClasses; ++ClassID) {
    const MCRegisterClass &Class = RegInfo.getRegClass(ClassID);
    for (MCPhysReg Reg : Class) {
      if (isForbidden(Reg) || is_contained(Unnamed, MCRegister(Reg)))
        continue;
      AllowedByClass[ClassID].push_back(Reg);
      AllowedUnitsByClass[ClassID] |= RegUnits[Reg];
    }
  }
}

} // namespace exegesis
} // namespace llvm
