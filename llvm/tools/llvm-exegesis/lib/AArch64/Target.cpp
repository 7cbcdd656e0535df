//===-- AArch64/Target.cpp - AArch64 knowledge ------------------*- C++ -*-===//
//
// The frame of generated AArch64 functions: what AAPCS64 preserves
// (X19-X28, D8-D15, and the frame and link registers the return depends
// on) is saved and restored, the loop counts down with SUBS/B.NE, and the
// function returns with RET. Linux (ELF) and Windows (COFF) share these
// rules. Register values are set as AArch64RegisterSetup.h says.
//
// Only the code paths for Linux on AArch64 hardware measure; this project
// has not run them on AArch64 hardware yet (every phase before `measure`
// runs on any host).
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "AArch64/AArch64CalibrationLoop.h"
#include "AArch64/AArch64Names.h"
#include "AArch64/AArch64RegisterSetup.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/TargetParser/Host.h"

namespace llvm {
namespace exegesis {

using shorthand::imm;
using shorthand::inst;
using shorthand::reg;

namespace {

class AArch64ExegesisTarget : public ExegesisTarget {
  bool canExecute(const LLVMState &State) const override {
    return State.getTriple().isAArch64() && !State.getTriple().isOSWindows() &&
           Triple(sys::getProcessTriple()).isOSLinux();
  }

  Expected<std::vector<MCInst>> setRegTo(const MCSubtargetInfo &STI,
                                         MCRegister Reg,
                                         const APInt &Value) const override;
  Expected<std::vector<MCInst>>
  setRegistersTo(const MCSubtargetInfo &STI,
                 ArrayRef<RegisterValue> Values) const override;

  /// Linux and Windows share AAPCS64's callee-saved registers and first
  /// argument register; Windows objects are COFF.
  Error checkCanAssembleFor(const Triple &TT) const override {
    if (TT.isOSBinFormatELF() || (TT.isOSWindows() && TT.isOSBinFormatCOFF()))
      return Error::success();
    return createStringError(inconvertibleErrorCode(),
                             "assembling for " + TT.str() +
                                 " is not supported: only ELF targets and "
                                 "AArch64 Windows (COFF) are");
  }

  Expected<std::string>
  encodeCalibrationLoop(const Triple &TT,
                        const CalibrationLoop &Loop) const override {
    if (TT.getArch() != Triple::aarch64 ||
        Loop.What == CalibrationLoop::Kind::WideVectorChain)
      return ExegesisTarget::encodeCalibrationLoop(TT, Loop);
    return encodeAArch64CalibrationLoop(Loop);
  }

  /// X0-X30 on 64-bit AArch64 (not SP or XZR).
  bool canCountLoop(const MCRegisterInfo &RegInfo, const MCSubtargetInfo &STI,
                    MCRegister Reg) const override {
    Triple::ArchType Arch = STI.getTargetTriple().getArch();
    if (Arch != Triple::aarch64 && Arch != Triple::aarch64_be)
      return ExegesisTarget::canCountLoop(RegInfo, STI, Reg);
    return isInClass(AArch64Names::get().GPR64common, Reg);
  }

  /// FPCR and FPSR are in no register class; their values are 32 bits.
  unsigned getUnclassedRegisterBitWidth(const MCSubtargetInfo &STI,
                                        MCRegister Reg) const override {
    const AArch64Names &N = AArch64Names::get();
    if (Reg == N.FPCR || Reg == N.FPSR)
      return 32;
    return ExegesisTarget::getUnclassedRegisterBitWidth(STI, Reg);
  }

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
AArch64ExegesisTarget::setRegTo(const MCSubtargetInfo &STI, MCRegister Reg,
                                const APInt &Value) const {
  return setAArch64Register(STI, Reg, Value);
}

Expected<std::vector<MCInst>>
AArch64ExegesisTarget::setRegistersTo(const MCSubtargetInfo &STI,
                                      ArrayRef<RegisterValue> Values) const {
  // In the snippet's order: the temporaries a set-up passes through are
  // none of the registers being set.
  SmallVector<MCRegister, 8> Keep;
  for (const RegisterValue &RV : Values)
    Keep.push_back(RV.Register);
  std::vector<MCInst> Out;
  for (const RegisterValue &RV : Values) {
    Expected<std::vector<MCInst>> Insts =
        setAArch64Register(STI, RV.Register, RV.Value, Keep);
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
