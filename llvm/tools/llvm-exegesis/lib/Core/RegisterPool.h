//===-- RegisterPool.h - Registers a generator may use ----------*- C++ -*-===//
//
// Snippet generators choose registers for operands and must know two things:
// which members of a register class they are allowed to use (never the stack
// pointer, never what the run reserves such as the loop counter or the
// scratch memory pointer), and which registers overlap, because writing EAX
// feeds a later read of RAX. Overlap is computed on register units (the
// smallest pieces MCRegisterInfo splits registers into): two registers alias
// when they share a unit. Everything is precomputed once per run, since a
// sweep asks these questions millions of times.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_REGISTERPOOL_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_REGISTERPOOL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/MC/MCRegisterInfo.h"
#include <vector>

namespace llvm {
namespace exegesis {

class RegisterPool {
public:
  /// \p Forbidden lists registers the generator must never name; their sub-
  /// and super-registers are forbidden with them. \p Unnamed lists registers
  /// never chosen for an operand although their aliases may be (x86's AH
  /// cannot be encoded next to a REX prefix, but RAX is fine).
  RegisterPool(const MCRegisterInfo &RegInfo, ArrayRef<MCRegister> Forbidden,
               ArrayRef<MCRegister> Unnamed = {});

  const MCRegisterInfo &getRegInfo() const { return RegInfo; }

  /// The register units \p Reg covers.
  const BitVector &unitsOf(MCRegister Reg) const { return RegUnits[Reg.id()]; }

  bool aliases(MCRegister A, MCRegister B) const {
    return unitsOf(A).anyCommon(unitsOf(B));
  }

  /// Whether \p Reg (or anything overlapping it) is forbidden.
  bool isForbidden(MCRegister Reg) const {
    return unitsOf(Reg).anyCommon(ForbiddenUnits);
  }

  /// Members of class \p ClassID that are not forbidden, in class order.
  ArrayRef<MCRegister> allowedRegisters(unsigned ClassID) const {
    return AllowedByClass[ClassID];
  }

  /// Units covered by the allowed registers of class \p ClassID.
  const BitVector &allowedUnits(unsigned ClassID) const {
    return AllowedUnitsByClass[ClassID];
  }

  /// An empty unit set of the right size.
  BitVector emptyUnits() const { return BitVector(RegInfo.getNumRegUnits()); }

private:
  const MCRegisterInfo &RegInfo;
  std::vector<BitVector> RegUnits;
  BitVector ForbiddenUnits;
  std::vector<std::vector<MCRegister>> AllowedByClass;
  std::vector<BitVector> AllowedUnitsByClass;
};

} // namespace exegesis
} // namespace llvm

#endif
