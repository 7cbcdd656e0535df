//===-- RISCV/RISCVNames.h - RISC-V opcodes and registers by name -*- C++ -*-=//
//
// The opcode, register and register class numbers the RISC-V target's code
// emits or inspects, looked up by name once (TargetNameTable in
// Core/Target.h: the tablegen'd enums are not installed), and the widths
// of a subtarget's integer and floating-point registers. Shared by the
// register set-up and the rest of the RISC-V ExegesisTarget.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVNAMES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVNAMES_H

#include "Core/Target.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/MC/MCSubtargetInfo.h"

namespace llvm {
namespace exegesis {

/// Everything the RISC-V code emits or inspects, resolved by name once.
/// riscv32 and riscv64 share one backend and so one set of numbers.
struct RISCVNames : TargetNames<RISCVNames> {
  TargetNameTable Table{"riscv64-unknown-linux-gnu"};

  unsigned ADDI = Table.opcode("ADDI");
  unsigned ADDIW = Table.opcode("ADDIW");
  unsigned LUI = Table.opcode("LUI");
  unsigned SLLI = Table.opcode("SLLI");
  unsigned BNE = Table.opcode("BNE");
  unsigned JALR = Table.opcode("JALR");
  unsigned SW = Table.opcode("SW");
  unsigned SD = Table.opcode("SD");
  unsigned LW = Table.opcode("LW");
  unsigned LD = Table.opcode("LD");
  unsigned FSW = Table.opcode("FSW");
  unsigned FSD = Table.opcode("FSD");
  unsigned FLW = Table.opcode("FLW");
  unsigned FLD = Table.opcode("FLD");
  unsigned FMV_W_X = Table.opcode("FMV_W_X");
  unsigned FMV_D_X = Table.opcode("FMV_D_X");
  unsigned FMV_H_X = Table.opcode("FMV_H_X");
  unsigned FCVT_D_W = Table.opcode("FCVT_D_W");
  unsigned VSETVLI = Table.opcode("VSETVLI");
  unsigned VLE8_V = Table.opcode("VLE8_V");
  unsigned VMV_V_I = Table.opcode("VMV_V_I");
  unsigned VSETIVLI = Table.opcode("VSETIVLI");
  unsigned CSRRWI = Table.opcode("CSRRWI");
  unsigned CSRRW = Table.opcode("CSRRW");
  unsigned CSRRS = Table.opcode("CSRRS");

  MCRegister X0 = Table.reg("X0");
  MCRegister RA = Table.reg("X1");
  MCRegister SP = Table.reg("X2");
  MCRegister GP = Table.reg("X3");
  MCRegister TP = Table.reg("X4");
  MCRegister A0 = Table.reg("X10");
  /// Carries floating-point values into F registers.
  MCRegister T5 = Table.reg("X30");
  /// Upstream's loop counter (t6).
  MCRegister T6 = Table.reg("X31");
  /// Registers the vector configuration code may write, in the order it
  /// takes them: the temporaries t0-t5, then the arguments a1-a7, then the
  /// saved registers (which the prologue then saves). Never the scratch
  /// pointer a0 or the loop counter t6.
  SmallVector<MCRegister, 25> ConfigurationRegisters = [this] {
    SmallVector<MCRegister, 25> Regs;
    for (unsigned X : {5, 6, 7,  28, 29, 30, 11, 12, 13, 14, 15, 16, 17,
                       8, 9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27})
      Regs.push_back(Table.reg("X" + std::to_string(X)));
    return Regs;
  }();

  /// ra (the return needs it) and s0-s11.
  SmallVector<MCRegister, 13> SavedGPRs = {
      Table.reg("X1"),  Table.reg("X8"),  Table.reg("X9"),  Table.reg("X18"),
      Table.reg("X19"), Table.reg("X20"), Table.reg("X21"), Table.reg("X22"),
      Table.reg("X23"), Table.reg("X24"), Table.reg("X25"), Table.reg("X26"),
      Table.reg("X27")};
  /// fs0-fs11, as wide as the subtarget's FLEN.
  SmallVector<MCRegister, 12> SavedFPRs = {
      Table.reg("F8_D"),  Table.reg("F9_D"),  Table.reg("F18_D"),
      Table.reg("F19_D"), Table.reg("F20_D"), Table.reg("F21_D"),
      Table.reg("F22_D"), Table.reg("F23_D"), Table.reg("F24_D"),
      Table.reg("F25_D"), Table.reg("F26_D"), Table.reg("F27_D")};
  SmallVector<MCRegister, 24> CalleeSaved = [this] {
    SmallVector<MCRegister, 24> Regs(SavedGPRs.begin() + 1, SavedGPRs.end());
    Regs.append(SavedFPRs.begin(), SavedFPRs.end());
    return Regs;
  }();

  const MCRegisterClass *GPR = Table.regClass("GPR");
  const MCRegisterClass *FPR16 = Table.regClass("FPR16");
  const MCRegisterClass *FPR32 = Table.regClass("FPR32");
  const MCRegisterClass *FPR64 = Table.regClass("FPR64");
  const MCRegisterClass *VR = Table.regClass("VR");
  /// Register groups of 2, 4 and 8 vector registers.
  const MCRegisterClass *VRM2 = Table.regClass("VRM2");
  const MCRegisterClass *VRM4 = Table.regClass("VRM4");
  const MCRegisterClass *VRM8 = Table.regClass("VRM8");
};

/// Whether \p STI is riscv64 (XLEN 64).
inline bool is64Bit(const MCSubtargetInfo &STI) {
  return STI.getTargetTriple().isRISCV64();
}

/// FLEN: the width of the F registers, 0 without F.
inline unsigned getFloatWidth(const MCSubtargetInfo &STI) {
  if (STI.checkFeatures("+d"))
    return 64;
  return STI.checkFeatures("+f") ? 32 : 0;
}

} // namespace exegesis
} // namespace llvm

#endif
