//===-- X86/X86Names.h - x86 opcodes and registers by name ------*- C++ -*-===//
//
// The opcode, register and register class numbers the x86 target's code
// emits or inspects, looked up by name once (TargetNameTable in
// Core/Target.h: the tablegen'd enums are not installed). Shared by the
// files of the x86 ExegesisTarget: register set-up, frame, segment bases,
// vector state.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86NAMES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86NAMES_H

#include "Core/Target.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
namespace exegesis {

/// Everything the x86 code emits or inspects, resolved by name once.
struct X86Names : TargetNames<X86Names> {
  TargetNameTable Table{"x86_64-unknown-linux-gnu"};

  unsigned MOV8ri = Table.opcode("MOV8ri");
  unsigned MOV16ri = Table.opcode("MOV16ri");
  unsigned MOV32ri = Table.opcode("MOV32ri");
  unsigned MOV64ri = Table.opcode("MOV64ri");
  unsigned MOV32mi = Table.opcode("MOV32mi");
  unsigned LEA64r = Table.opcode("LEA64r");
  unsigned ADD64ri8 = Table.opcode("ADD64ri8");
  unsigned ADD32ri8 = Table.opcode("ADD32ri8");
  unsigned ADD64ri32 = Table.opcode("ADD64ri32");
  unsigned SUB64ri8 = Table.opcode("SUB64ri8");
  unsigned SUB64ri32 = Table.opcode("SUB64ri32");
  unsigned MOVAPSmr = Table.opcode("MOVAPSmr");
  unsigned MOVAPSrm = Table.opcode("MOVAPSrm");
  unsigned VMOVAPSmr = Table.opcode("VMOVAPSmr");
  unsigned VMOVAPSrm = Table.opcode("VMOVAPSrm");
  unsigned JCC_1 = Table.opcode("JCC_1");
  unsigned PUSH64r = Table.opcode("PUSH64r");
  unsigned POP64r = Table.opcode("POP64r");
  unsigned RET64 = Table.opcode("RET64");
  unsigned POPF64 = Table.opcode("POPF64");
  unsigned CLD = Table.opcode("CLD");
  unsigned MMX_EMMS = Table.opcode("MMX_EMMS");
  unsigned MOVDQUrm = Table.opcode("MOVDQUrm");
  unsigned VMOVDQUrm = Table.opcode("VMOVDQUrm");
  unsigned VMOVDQUYrm = Table.opcode("VMOVDQUYrm");
  unsigned VMOVDQU32Z128rm = Table.opcode("VMOVDQU32Z128rm");
  unsigned VMOVDQU32Z256rm = Table.opcode("VMOVDQU32Z256rm");
  unsigned VMOVDQU32Zrm = Table.opcode("VMOVDQU32Zrm");
  unsigned KMOVWkm = Table.opcode("KMOVWkm");
  unsigned KMOVQkm = Table.opcode("KMOVQkm");
  unsigned LDMXCSR = Table.opcode("LDMXCSR");
  unsigned VLDMXCSR = Table.opcode("VLDMXCSR");
  unsigned STMXCSR = Table.opcode("STMXCSR");
  unsigned VSTMXCSR = Table.opcode("VSTMXCSR");
  unsigned FLDCW16m = Table.opcode("FLDCW16m");
  unsigned FNSTCW16m = Table.opcode("FNSTCW16m");
  unsigned LD_F80m = Table.opcode("LD_F80m");
  unsigned LD_F0 = Table.opcode("LD_F0");
  unsigned MMX_MOVQ64rm = Table.opcode("MMX_MOVQ64rm");
  unsigned MOV64o64a = Table.opcode("MOV64o64a");
  unsigned MOV64ao64 = Table.opcode("MOV64ao64");
  unsigned MOV64rr = Table.opcode("MOV64rr");
  unsigned VZEROUPPER = Table.opcode("VZEROUPPER");
  unsigned LFENCE = Table.opcode("LFENCE");
  unsigned ADD64rr = Table.opcode("ADD64rr");
  unsigned SYSCALL = Table.opcode("SYSCALL");

  MCRegister RSP = Table.reg("RSP");
  MCRegister RAX = Table.reg("RAX");
  MCRegister RIP = Table.reg("RIP");
  MCRegister RCX = Table.reg("RCX");
  MCRegister RDI = Table.reg("RDI");
  MCRegister RSI = Table.reg("RSI");
  MCRegister R11 = Table.reg("R11");
  MCRegister EAX = Table.reg("EAX");
  MCRegister EDI = Table.reg("EDI");
  MCRegister FS = Table.reg("FS");
  MCRegister GS = Table.reg("GS");
  MCRegister R8 = Table.reg("R8");
  MCRegister EFLAGS = Table.reg("EFLAGS");
  MCRegister MXCSR = Table.reg("MXCSR");
  MCRegister FPCW = Table.reg("FPCW");
  MCRegister FPSW = Table.reg("FPSW");
  MCRegister DF = Table.reg("DF");
  /// The System V callee-saved general-purpose registers.
  SmallVector<MCRegister, 6> CalleeSaved = {Table.reg("RBX"), Table.reg("RBP"),
                                            Table.reg("R12"), Table.reg("R13"),
                                            Table.reg("R14"), Table.reg("R15")};
  /// The Win64 callee-saved general-purpose registers: System V's and RDI,
  /// RSI (in the order upstream llvm-exegesis pushes them, reversed).
  SmallVector<MCRegister, 8> Win64CalleeSaved = {
      Table.reg("RBX"), Table.reg("RBP"), Table.reg("RDI"), Table.reg("RSI"),
      Table.reg("R12"), Table.reg("R13"), Table.reg("R14"), Table.reg("R15")};
  /// The Win64 callee-saved vector registers: the low 128 bits of XMM6-15.
  SmallVector<MCRegister, 10> Win64CalleeSavedXMM = {
      Table.reg("XMM6"),  Table.reg("XMM7"),  Table.reg("XMM8"),
      Table.reg("XMM9"),  Table.reg("XMM10"), Table.reg("XMM11"),
      Table.reg("XMM12"), Table.reg("XMM13"), Table.reg("XMM14"),
      Table.reg("XMM15")};
  /// ST0..ST7, by stack index.
  SmallVector<MCRegister, 8> ST = {
      Table.reg("ST0"), Table.reg("ST1"), Table.reg("ST2"), Table.reg("ST3"),
      Table.reg("ST4"), Table.reg("ST5"), Table.reg("ST6"), Table.reg("ST7")};

  const MCRegisterClass *GR8 = Table.regClass("GR8");
  const MCRegisterClass *GR16 = Table.regClass("GR16");
  const MCRegisterClass *GR32 = Table.regClass("GR32");
  const MCRegisterClass *GR64 = Table.regClass("GR64");
  /// The general-purpose registers other than the stack pointer.
  const MCRegisterClass *GR32_NOSP = Table.regClass("GR32_NOSP");
  const MCRegisterClass *GR64_NOSP = Table.regClass("GR64_NOSP");
  const MCRegisterClass *VR128X = Table.regClass("VR128X");
  const MCRegisterClass *VR256X = Table.regClass("VR256X");
  const MCRegisterClass *VR512 = Table.regClass("VR512");
  const MCRegisterClass *VK64 = Table.regClass("VK64");
  const MCRegisterClass *VR64 = Table.regClass("VR64");
  const MCRegisterClass *RST = Table.regClass("RST");
};

} // namespace exegesis
} // namespace llvm

#endif
