//===-- AArch64/Target.cpp - AArch64 knowledge ------------------*- C++ -*-===//
//
// How generated AArch64 functions set registers (MOVZ/MOVK), save what
// AAPCS64 preserves (X19-X28, D8-D15, and the frame and link registers the
// return depends on), loop (SUBS/B.NE) and return. Values for registers that
// take no immediate go through X16 (IP0), which the ABI leaves free for
// exactly such sequences.
//
//===----------------------------------------------------------------------===//

#include "../Target.h"
#include "../InstructionShorthand.h"
#include "../LLVMState.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/TargetParser/Host.h"

namespace llvm {
namespace exegesis {
namespace {

/// Everything the AArch64 code emits or inspects, resolved by name once.
struct AArch64Names {
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
  unsigned FMOVWSr = Table.opcode("FMOVWSr");
  unsigned INSvi64gpr = Table.opcode("INSvi64gpr");
  unsigned MSR = Table.opcode("MSR");
  unsigned RET = Table.opcode("RET");

  MCRegister SP = Table.reg("SP");
  MCRegister X0 = Table.reg("X0");
  MCRegister X16 = Table.reg("X16");
  MCRegister W16 = Table.reg("W16");
  MCRegister X19 = Table.reg("X19");
  MCRegister LR = Table.reg("LR");
  MCRegister NZCV = Table.reg("NZCV");
  MCRegister XZR = Table.reg("XZR");
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
  SmallVector<MCRegister, 18> CalleeSaved = [this] {
    SmallVector<MCRegister, 18> Regs(SavedGPRs.begin(), SavedGPRs.end() - 2);
    Regs.append(SavedFPRs.begin(), SavedFPRs.end());
    return Regs;
  }();

  const MCRegisterClass *GPR64 = Table.regClass("GPR64");
  const MCRegisterClass *GPR32 = Table.regClass("GPR32");
  const MCRegisterClass *FPR128 = Table.regClass("FPR128");
  const MCRegisterClass *FPR64 = Table.regClass("FPR64");
  const MCRegisterClass *FPR32 = Table.regClass("FPR32");

  static const AArch64Names &get() {
    static const AArch64Names Names;
    return Names;
  }

  StringRef name(MCRegister Reg) const {
    return Table.getRegInfo().getName(Reg);
  }
};

} // namespace

using shorthand::imm;
using shorthand::inst;
using shorthand::reg;

static Error cannotSet(const AArch64Names &N, MCRegister Reg,
                       const Twine &Why) {
  return makeCannotSetRegisterError(N.Table.getRegInfo(), Reg, Why);
}

static Expected<APInt> fitValue(const AArch64Names &N, MCRegister Reg,
                                const APInt &Value, unsigned Bits,
                                ValueExtension Extension) {
  return fitRegisterValue(N.Table.getRegInfo(), Reg, Value, Bits, Extension);
}

/// MOVZ for the low 16 bits, then MOVK for every other non-zero 16 bits.
static void moveWideImmediate(const AArch64Names &N, MCRegister Reg,
                              uint64_t Value, bool Is64Bit,
                              std::vector<MCInst> &Out) {
  unsigned Chunks = Is64Bit ? 4 : 2;
  Out.push_back(inst(Is64Bit ? N.MOVZXi : N.MOVZWi,
                     {reg(Reg), imm(Value & 0xffff), imm(0)}));
  for (unsigned I = 1; I < Chunks; ++I) {
    uint64_t Chunk = (Value >> (16 * I)) & 0xffff;
    if (Chunk)
      Out.push_back(inst(Is64Bit ? N.MOVKXi : N.MOVKWi,
                         {reg(Reg), reg(Reg), imm(Chunk), imm(16 * I)}));
  }
}

namespace {

class AArch64ExegesisTarget : public ExegesisTarget {
  bool canExecute(const LLVMState &State) const override {
    return State.getTriple().isAArch64() &&
           Triple(sys::getProcessTriple()).isOSLinux();
  }

  Expected<std::vector<MCInst>> setRegTo(const MCSubtargetInfo &STI,
                                         MCRegister Reg,
                                         const APInt &Value) const override;
  Expected<std::vector<MCInst>>
  setRegistersTo(const MCSubtargetInfo &STI,
                 ArrayRef<RegisterValue> Values) const override;

  ArrayRef<MCRegister> getCalleeSavedRegisters(const Triple &) const override {
    return AArch64Names::get().CalleeSaved;
  }

  Expected<std::vector<MCInst>>
  generatePrologue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override;
  Expected<std::vector<MCInst>>
  generateEpilogue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override;

  MCRegister getDefaultLoopCounterRegister(const Triple &) const override {
    return AArch64Names::get().X19;
  }

  Expected<std::vector<MCInst>>
  decrementLoopCounterAndBranch(MCRegister Counter,
                                const MCExpr *LoopStart) const override;

  MCRegister getScratchMemoryRegister(const Triple &) const override {
    return AArch64Names::get().X0;
  }

  std::string getUnresolvedNames() const override {
    return AArch64Names::get().Table.lookupFailures().str();
  }
};

} // namespace

Expected<std::vector<MCInst>>
AArch64ExegesisTarget::setRegTo(const MCSubtargetInfo &, MCRegister Reg,
                                const APInt &Value) const {
  const AArch64Names &N = AArch64Names::get();
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  std::vector<MCInst> Out;
  if (RI.regsOverlap(Reg, N.SP) || RI.regsOverlap(Reg, N.XZR))
    return cannotSet(N, Reg, "not a writable general-purpose register");
  if (isInClass(N.GPR64, Reg) || isInClass(N.GPR32, Reg)) {
    bool Is64Bit = isInClass(N.GPR64, Reg);
    Expected<APInt> V =
        fitValue(N, Reg, Value, Is64Bit ? 64 : 32, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    moveWideImmediate(N, Reg, V->getZExtValue(), Is64Bit, Out);
    return Out;
  }
  // Floating-point and vector registers: through X16.
  if (isInClass(N.FPR128, Reg)) {
    Expected<APInt> V = fitValue(N, Reg, Value, 128, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    // FMOV to the D view writes the low half and zeroes the high half.
    MCRegister DReg;
    for (MCRegister Sub : RI.subregs(Reg))
      if (isInClass(N.FPR64, Sub))
        DReg = Sub;
    moveWideImmediate(N, N.X16, V->extractBitsAsZExtValue(64, 0), true, Out);
    Out.push_back(inst(N.FMOVXDr, {reg(DReg), reg(N.X16)}));
    uint64_t High = V->extractBitsAsZExtValue(64, 64);
    if (High) {
      moveWideImmediate(N, N.X16, High, true, Out);
      Out.push_back(
          inst(N.INSvi64gpr, {reg(Reg), reg(Reg), imm(1), reg(N.X16)}));
    }
    return Out;
  }
  if (isInClass(N.FPR64, Reg)) {
    Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    moveWideImmediate(N, N.X16, V->getZExtValue(), true, Out);
    Out.push_back(inst(N.FMOVXDr, {reg(Reg), reg(N.X16)}));
    return Out;
  }
  if (isInClass(N.FPR32, Reg)) {
    Expected<APInt> V = fitValue(N, Reg, Value, 32, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    moveWideImmediate(N, N.W16, V->getZExtValue(), false, Out);
    Out.push_back(inst(N.FMOVWSr, {reg(Reg), reg(N.W16)}));
    return Out;
  }
  if (Reg == N.NZCV) {
    Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    moveWideImmediate(N, N.X16, V->getZExtValue(), true, Out);
    // The system register operand of MSR: S3_3_C4_C2_0 is NZCV.
    Out.push_back(inst(N.MSR, {imm(0xda10), reg(N.X16)}));
    return Out;
  }
  return cannotSet(N, Reg, "not supported on AArch64");
}

Expected<std::vector<MCInst>>
AArch64ExegesisTarget::setRegistersTo(const MCSubtargetInfo &STI,
                                      ArrayRef<RegisterValue> Values) const {
  const AArch64Names &N = AArch64Names::get();
  // Values that pass through X16 go first, so that a value the snippet asks
  // for in X16 itself is not overwritten.
  auto UsesX16 = [&](MCRegister Reg) {
    return !isInClass(N.GPR64, Reg) && !isInClass(N.GPR32, Reg);
  };
  std::vector<MCInst> Out;
  for (bool ThroughX16 : {true, false})
    for (const RegisterValue &RV : Values) {
      if (UsesX16(RV.Register) != ThroughX16)
        continue;
      Expected<std::vector<MCInst>> Insts =
          setRegTo(STI, RV.Register, RV.Value);
      if (!Insts)
        return Insts.takeError();
      llvm::append_range(Out, *Insts);
    }
  return Out;
}

static bool overlapsAny(const MCRegisterInfo &RI, MCRegister Reg,
                        ArrayRef<MCRegister> Regs) {
  return any_of(Regs, [&](MCRegister R) { return RI.regsOverlap(R, Reg); });
}

/// The registers of \p Candidates that \p Clobbered touches, in the order
/// they are stored: the reverse of the candidates' order.
static SmallVector<MCRegister, 12>
registersToSave(const MCRegisterInfo &RI, ArrayRef<MCRegister> Candidates,
                ArrayRef<MCRegister> Clobbered) {
  SmallVector<MCRegister, 12> Regs;
  for (MCRegister Reg : reverse(Candidates))
    if (overlapsAny(RI, Reg, Clobbered))
      Regs.push_back(Reg);
  return Regs;
}

/// Stores \p Regs in pairs (STP) to 16-byte slots pushed below SP, a lone
/// last one with STR; with \p Restore, loads them back in the reverse order
/// (LDP / LDR).
static void saveOrRestore(const AArch64Names &N, ArrayRef<MCRegister> Regs,
                          bool Restore, unsigned PairOpcode,
                          unsigned SingleOpcode, std::vector<MCInst> &Out) {
  std::vector<MCInst> Insts;
  int64_t Direction = Restore ? 1 : -1;
  for (size_t I = 0; I < Regs.size(); I += 2) {
    if (I + 1 < Regs.size())
      Insts.push_back(
          inst(PairOpcode, {reg(N.SP), reg(Regs[I]), reg(Regs[I + 1]),
                            reg(N.SP), imm(2 * Direction)}));
    else
      Insts.push_back(inst(SingleOpcode, {reg(N.SP), reg(Regs[I]), reg(N.SP),
                                          imm(16 * Direction)}));
  }
  if (Restore)
    std::reverse(Insts.begin(), Insts.end());
  llvm::append_range(Out, Insts);
}

Expected<std::vector<MCInst>>
AArch64ExegesisTarget::generatePrologue(const LLVMState &State,
                                        ArrayRef<MCRegister> Clobbered) const {
  const AArch64Names &N = AArch64Names::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  std::vector<MCInst> Out;
  saveOrRestore(N, registersToSave(RI, N.SavedGPRs, Clobbered),
                /*Restore=*/false, N.STPXpre, N.STRXpre, Out);
  saveOrRestore(N, registersToSave(RI, N.SavedFPRs, Clobbered),
                /*Restore=*/false, N.STPDpre, N.STRDpre, Out);
  return Out;
}

Expected<std::vector<MCInst>>
AArch64ExegesisTarget::generateEpilogue(const LLVMState &State,
                                        ArrayRef<MCRegister> Clobbered) const {
  const AArch64Names &N = AArch64Names::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  std::vector<MCInst> Out;
  saveOrRestore(N, registersToSave(RI, N.SavedFPRs, Clobbered),
                /*Restore=*/true, N.LDPDpost, N.LDRDpost, Out);
  saveOrRestore(N, registersToSave(RI, N.SavedGPRs, Clobbered),
                /*Restore=*/true, N.LDPXpost, N.LDRXpost, Out);
  Out.push_back(inst(N.RET, {reg(N.LR)}));
  return Out;
}

Expected<std::vector<MCInst>>
AArch64ExegesisTarget::decrementLoopCounterAndBranch(
    MCRegister Counter, const MCExpr *LoopStart) const {
  const AArch64Names &N = AArch64Names::get();
  unsigned Opcode;
  if (isInClass(N.GPR64, Counter))
    Opcode = N.SUBSXri;
  else if (isInClass(N.GPR32, Counter))
    Opcode = N.SUBSWri;
  else
    return createStringError(inconvertibleErrorCode(),
                             "loop register " + N.name(Counter) +
                                 " is not an X or W register");
  std::vector<MCInst> Out;
  Out.push_back(inst(Opcode, {reg(Counter), reg(Counter), imm(1), imm(0)}));
  Out.push_back(inst(N.Bcc, {imm(/*NE=*/1), MCOperand::createExpr(LoopStart)}));
  return Out;
}

const ExegesisTarget *getTheAArch64ExegesisTarget() {
  static const AArch64ExegesisTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
