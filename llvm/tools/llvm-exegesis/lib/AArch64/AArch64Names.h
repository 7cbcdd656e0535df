//===-- AArch64/AArch64Names.h - AArch64 numbers by name --------*- C++ -*-===//
//
// The opcodes, registers and register classes the AArch64 code emits or
// inspects, resolved by name once per process (the tablegen'd enums are not
// installed). Shared by the function frame, the register set-up and the
// snippet rules so that each name is looked up, and checked, in one place.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64NAMES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64NAMES_H

#include "Core/Target.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
namespace exegesis {

struct AArch64Names : TargetNames<AArch64Names> {
  TargetNameTable Table{"aarch64-unknown-linux-gnu"};

  unsigned MOVZXi = Table.opcode("MOVZXi");
  unsigned MOVKXi = Table.opcode("MOVKXi");
  unsigned MOVZWi = Table.opcode("MOVZWi");
  unsigned MOVKWi = Table.opcode("MOVKWi");
  unsigned SUBSXri = Table.opcode("SUBSXri");
  unsigned SUBSWri = Table.opcode("SUBSWri");
  unsigned Bcc = Table.opcode("Bcc");
  unsigned STPXpre = Table.opcode("STPXpre");
  unsigned LDPXpost = Table.opcode("LDPXpost");
  unsigned STRXpre = Table.opcode("STRXpre");
  unsigned LDRXpost = Table.opcode("LDRXpost");
  unsigned STPDpre = Table.opcode("STPDpre");
  unsigned LDPDpost = Table.opcode("LDPDpost");
  unsigned STRDpre = Table.opcode("STRDpre");
  unsigned LDRDpost = Table.opcode("LDRDpost");
  unsigned FMOVXDr = Table.opcode("FMOVXDr");
  unsigned FMOVDXr = Table.opcode("FMOVDXr");
  unsigned ADDXrs = Table.opcode("ADDXrs");
  unsigned ADDXrx = Table.opcode("ADDXrx");
  unsigned CNTP_XPP_B = Table.opcode("CNTP_XPP_B");
  unsigned FMOVWSr = Table.opcode("FMOVWSr");
  unsigned INSvi64gpr = Table.opcode("INSvi64gpr");
  /// MOVI Dd, #imm and MOVI Vd.2D, #imm: each bit of the 8-bit immediate
  /// stands for one byte of all zeros or all ones.
  unsigned MOVID = Table.opcode("MOVID");
  unsigned MOVIv2d_ns = Table.opcode("MOVIv2d_ns");
  unsigned DUP_ZI_D = Table.opcode("DUP_ZI_D");
  unsigned DUP_ZR_D = Table.opcode("DUP_ZR_D");
  unsigned PTRUE_B = Table.opcode("PTRUE_B");
  unsigned PTRUE_C_B = Table.opcode("PTRUE_C_B");
  unsigned PFALSE = Table.opcode("PFALSE");
  unsigned MSR = Table.opcode("MSR");
  unsigned MRS = Table.opcode("MRS");
  unsigned MSRpstateImm1 = Table.opcode("MSRpstateImm1");
  unsigned MSRpstateImm4 = Table.opcode("MSRpstateImm4");
  unsigned BICXrs = Table.opcode("BICXrs");
  unsigned ORRXrs = Table.opcode("ORRXrs");
  unsigned SETFFR = Table.opcode("SETFFR");
  unsigned WRFFR = Table.opcode("WRFFR");
  /// Opcodes whose operands show the backend's operand types for immediate
  /// shifts, MSL shifts and implicit zero lanes.
  unsigned ADDXri = Table.opcode("ADDXri");
  unsigned MOVIv4s_msl = Table.opcode("MOVIv4s_msl");
  unsigned UMOVvi16_idx0 = Table.opcode("UMOVvi16_idx0");
  unsigned RET = Table.opcode("RET");

  MCRegister SP = Table.reg("SP");
  MCRegister X0 = Table.reg("X0");
  MCRegister X16 = Table.reg("X16");
  MCRegister W16 = Table.reg("W16");
  MCRegister X18 = Table.reg("X18");
  MCRegister X19 = Table.reg("X19");
  MCRegister LR = Table.reg("LR");
  MCRegister NZCV = Table.reg("NZCV");
  MCRegister FPCR = Table.reg("FPCR");
  MCRegister FPSR = Table.reg("FPSR");
  MCRegister XZR = Table.reg("XZR");
  /// SVE's first-fault register.
  MCRegister FFR = Table.reg("FFR");
  /// What a register set-up may write besides the register it sets: X8 and
  /// X9 first (upstream's), then X10-X17; all are free to write under
  /// AAPCS64.
  SmallVector<MCRegister, 10> SetUpTemporaries = [this] {
    SmallVector<MCRegister, 10> Regs;
    for (unsigned I = 8; I <= 17; ++I)
      Regs.push_back(Table.reg(("X" + Twine(I)).str()));
    return Regs;
  }();
  /// General-purpose registers a function must give back: AAPCS64's
  /// callee-saved X19-X28 plus the frame pointer and the link register,
  /// which the return itself needs.
  SmallVector<MCRegister, 12> SavedGPRs = {
      Table.reg("X19"), Table.reg("X20"), Table.reg("X21"), Table.reg("X22"),
      Table.reg("X23"), Table.reg("X24"), Table.reg("X25"), Table.reg("X26"),
      Table.reg("X27"), Table.reg("X28"), Table.reg("FP"),  Table.reg("LR")};
  /// The low halves of V8-V15 are callee-saved.
  SmallVector<MCRegister, 8> SavedFPRs = {
      Table.reg("D8"),  Table.reg("D9"),  Table.reg("D10"), Table.reg("D11"),
      Table.reg("D12"), Table.reg("D13"), Table.reg("D14"), Table.reg("D15")};
  /// X1-X15: the general-purpose registers a generated load writes
  /// (AArch64LoadSnippets.h).
  SmallVector<MCRegister, 15> LoadDestinations = [this] {
    SmallVector<MCRegister, 15> Regs;
    for (unsigned I = 1; I <= 15; ++I)
      Regs.push_back(Table.reg(("X" + Twine(I)).str()));
    return Regs;
  }();
  SmallVector<MCRegister, 18> CalleeSaved = [this] {
    SmallVector<MCRegister, 18> Regs(SavedGPRs.begin(), SavedGPRs.end() - 2);
    Regs.append(SavedFPRs.begin(), SavedFPRs.end());
    return Regs;
  }();

  const MCRegisterClass *GPR64 = Table.regClass("GPR64");
  /// X0-X30: the general-purpose registers without SP and XZR.
  const MCRegisterClass *GPR64common = Table.regClass("GPR64common");
  /// X0-X28, FP, LR and SP: the base register of loads and stores.
  const MCRegisterClass *GPR64sp = Table.regClass("GPR64sp");
  const MCRegisterClass *GPR32 = Table.regClass("GPR32");
  const MCRegisterClass *FPR128 = Table.regClass("FPR128");
  const MCRegisterClass *FPR64 = Table.regClass("FPR64");
  const MCRegisterClass *FPR32 = Table.regClass("FPR32");
  const MCRegisterClass *FPR16 = Table.regClass("FPR16");
  const MCRegisterClass *FPR8 = Table.regClass("FPR8");
  const MCRegisterClass *ZPR = Table.regClass("ZPR");
  const MCRegisterClass *PPR = Table.regClass("PPR");
  /// Predicate-as-counter registers, and those PTRUE's counter form sets.
  const MCRegisterClass *PNR = Table.regClass("PNR");
  const MCRegisterClass *PNR_p8to15 = Table.regClass("PNR_p8to15");

  /// The register of \p RC that is part of \p Reg (D1 of Q1).
  MCRegister partIn(const MCRegisterClass *RC, MCRegister Reg) const {
    for (MCRegister Sub : Table.getRegInfo().subregs_inclusive(Reg))
      if (isInClass(RC, Sub))
        return Sub;
    return MCRegister();
  }
  /// The register of \p RC that \p Reg is part of (S1 of H1).
  MCRegister containerIn(const MCRegisterClass *RC, MCRegister Reg) const {
    for (MCRegister Super : Table.getRegInfo().superregs_inclusive(Reg))
      if (isInClass(RC, Super))
        return Super;
    return MCRegister();
  }
};

} // namespace exegesis
} // namespace llvm

#endif
