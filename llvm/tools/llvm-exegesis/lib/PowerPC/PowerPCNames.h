//===-- PowerPC/PowerPCNames.h - PowerPC opcodes and registers --*- C++ -*-===//
//
// The opcode, register and register class numbers the PowerPC code emits or
// inspects, found by name once per process (the tablegen'd enums are not
// installed). powerpc64le and powerpc64 share one backend and so one set of
// numbers; the register setup, the function frame and the snippet rules all
// read them from here.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_POWERPC_POWERPCNAMES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_POWERPC_POWERPCNAMES_H

#include "Core/Target.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace llvm {
namespace exegesis {

struct PowerPCNames : TargetNames<PowerPCNames> {
  TargetNameTable Table{"powerpc64le-unknown-linux-gnu"};

  unsigned ADD8 = Table.opcode("ADD8");
  unsigned ADDI8 = Table.opcode("ADDI8");
  unsigned ADDIS8 = Table.opcode("ADDIS8");
  unsigned ORI8 = Table.opcode("ORI8");
  unsigned ORIS8 = Table.opcode("ORIS8");
  unsigned RLDICR = Table.opcode("RLDICR");
  unsigned STD = Table.opcode("STD");
  unsigned LD = Table.opcode("LD");
  unsigned STDU = Table.opcode("STDU");
  unsigned STW = Table.opcode("STW");
  unsigned LWZ = Table.opcode("LWZ");
  unsigned STFD = Table.opcode("STFD");
  unsigned LFD = Table.opcode("LFD");
  unsigned STXV = Table.opcode("STXV");
  unsigned LXV = Table.opcode("LXV");
  unsigned STVX = Table.opcode("STVX");
  unsigned LVX = Table.opcode("LVX");
  unsigned LXVD2X = Table.opcode("LXVD2X");
  unsigned LXSDX = Table.opcode("LXSDX");
  unsigned MTVSRD = Table.opcode("MTVSRD");
  unsigned MTVSRDD = Table.opcode("MTVSRDD");
  unsigned MFVSRD = Table.opcode("MFVSRD");
  unsigned MFOCRF = Table.opcode("MFOCRF");
  unsigned MTOCRF = Table.opcode("MTOCRF");
  unsigned MFCR = Table.opcode("MFCR");
  unsigned MTCRF = Table.opcode("MTCRF");
  unsigned CREQV = Table.opcode("CREQV");
  unsigned CRXOR = Table.opcode("CRXOR");
  unsigned MTCTR8 = Table.opcode("MTCTR8");
  unsigned MTSPR8 = Table.opcode("MTSPR8");
  unsigned MTSPR = Table.opcode("MTSPR");
  unsigned MFSPR8 = Table.opcode("MFSPR8");
  unsigned MFSPR = Table.opcode("MFSPR");
  unsigned MFLR8 = Table.opcode("MFLR8");
  unsigned MTLR8 = Table.opcode("MTLR8");
  unsigned MTFSFI = Table.opcode("MTFSFI");
  unsigned CMPLDI = Table.opcode("CMPLDI");
  unsigned BCC = Table.opcode("BCC");
  unsigned BDNZ8 = Table.opcode("BDNZ8");
  unsigned BDZ8 = Table.opcode("BDZ8");
  unsigned B = Table.opcode("B");
  unsigned BLR = Table.opcode("BLR");

  MCRegister X0 = Table.reg("X0");
  MCRegister X1 = Table.reg("X1");
  MCRegister X2 = Table.reg("X2");
  MCRegister X3 = Table.reg("X3");
  MCRegister X11 = Table.reg("X11");
  MCRegister X12 = Table.reg("X12");
  MCRegister X13 = Table.reg("X13");
  MCRegister R11 = Table.reg("R11");
  MCRegister R12 = Table.reg("R12");
  MCRegister ZERO8 = Table.reg("ZERO8");
  MCRegister ZERO = Table.reg("ZERO");
  MCRegister CR0 = Table.reg("CR0");
  MCRegister CTR = Table.reg("CTR");
  MCRegister CTR8 = Table.reg("CTR8");
  MCRegister LR = Table.reg("LR");
  MCRegister LR8 = Table.reg("LR8");
  MCRegister CARRY = Table.reg("CARRY");
  MCRegister XER = Table.reg("XER");
  MCRegister RM = Table.reg("RM");
  MCRegister VRSAVE = Table.reg("VRSAVE");

  /// X0-X31 and their 32-bit halves R0-R31, by number.
  SmallVector<MCRegister, 32> X = numbered("X", 32);
  SmallVector<MCRegister, 32> R = numbered("R", 32);
  SmallVector<MCRegister, 32> F = numbered("F", 32);
  SmallVector<MCRegister, 32> V = numbered("V", 32);
  SmallVector<MCRegister, 8> CR = numbered("CR", 8);

  const MCRegisterClass *G8RC = Table.regClass("G8RC");
  const MCRegisterClass *GPRC = Table.regClass("GPRC");
  const MCRegisterClass *F8RC = Table.regClass("F8RC");
  const MCRegisterClass *VFRC = Table.regClass("VFRC");
  const MCRegisterClass *VSLRC = Table.regClass("VSLRC");
  const MCRegisterClass *VRRC = Table.regClass("VRRC");
  const MCRegisterClass *CRRC = Table.regClass("CRRC");
  const MCRegisterClass *CRBITRC = Table.regClass("CRBITRC");

  /// The number of \p Reg within \p Regs (X5 in X: 5), or -1.
  static int indexIn(ArrayRef<MCRegister> Regs, MCRegister Reg) {
    for (unsigned I = 0; I < Regs.size(); ++I)
      if (Regs[I] == Reg)
        return I;
    return -1;
  }

private:
  SmallVector<MCRegister, 32> numbered(StringRef Prefix, unsigned Count) {
    SmallVector<MCRegister, 32> Regs;
    for (unsigned I = 0; I < Count; ++I)
      Regs.push_back(Table.reg((Prefix + Twine(I)).str()));
    return Regs;
  }
};

} // namespace exegesis
} // namespace llvm

#endif
