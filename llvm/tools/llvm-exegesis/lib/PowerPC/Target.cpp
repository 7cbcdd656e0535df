//===-- PowerPC/Target.cpp - PowerPC knowledge ------------------*- C++ -*-===//
//
// How generated 64-bit PowerPC functions (powerpc64le with the ELFv2 ABI,
// and powerpc64 big-endian, which assembles the same code) set registers,
// save what the ABI preserves (r14-r31, f14-f31, v20-v31, cr2-cr4), loop
// (bdnz on CTR, or addi/cmpldi/bne on a GPR) and return (blr).
//
// GPR values are built with li/lis, ori/oris and sldi, five instructions at
// most. Other registers take their bits from r11 (and r12 for the second
// half of a 128-bit value), both volatile: mtvsrd/mtvsrdd where the CPU has
// direct moves, otherwise a store to a temporary stack frame and a load
// (lfd, lxsdx, lxvd2x, lvx). CR fields are set with mtocrf, CR bits with
// crset/crclr, CTR and LR with mtctr and mtlr, the carry with mtxer, the
// rounding mode with mtfsfi; register pairs (G8p, Fpair, VSRp) half by
// half.
//
// Callee-saved registers are stored below the stack pointer in the 288-byte
// protected zone the ABI gives a leaf function, where LLVM's code generator
// puts them (FPRs at the top, then GPRs, then the quadword-aligned vector
// registers), and in a stack frame when they do not fit. CR fields and the
// link register (when the snippet writes it) go to the CR and LR save words
// of the caller's frame.
//
// Nothing here has run on PowerPC hardware: the tool assembles PowerPC code
// on any host and refuses to measure it on a host of another architecture.
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "PowerPC/PowerPCCalibrationLoop.h"
#include "PowerPC/PowerPCNames.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Host.h"

namespace llvm {
namespace exegesis {

using shorthand::imm;
using shorthand::inst;
using shorthand::reg;

/// The SPR numbers of mtspr and mfspr.
static constexpr int64_t SprXER = 1;
static constexpr int64_t SprLR = 8;
static constexpr int64_t SprCTR = 9;
/// XER's carry bit, as the value mtxer takes.
static constexpr int64_t XerCarryBit = int64_t(1) << 29;
/// BCC's branch conditions on CR0: not equal, equal.
static constexpr int64_t BranchIfNotEqual = 68;
static constexpr int64_t BranchIfEqual = 76;
/// The ELFv2 protected zone below the stack pointer.
static constexpr unsigned ProtectedZoneBytes = 288;
/// The ELFv2 stack frame header: back chain, CR save, LR save, TOC save.
static constexpr unsigned FrameHeaderBytes = 32;
/// Where the CR and LR save words of the caller's frame are.
static constexpr int64_t CRSaveOffset = 8;
static constexpr int64_t LRSaveOffset = 16;
/// A frame for values that pass through memory, large enough that its
/// 16-byte slot above the header lies below the protected zone, where the
/// prologue may have saved registers.
static constexpr int64_t TransferFrameBytes = 352;
static constexpr int64_t TransferSlot = FrameHeaderBytes;

static Error cannotSet(const PowerPCNames &N, MCRegister Reg,
                       const Twine &Why) {
  return makeCannotSetRegisterError(N.Table.getRegInfo(), Reg, Why);
}

/// Sets the 64-bit \p Reg to \p Value: `li` for a signed 16-bit value,
/// `lis` (and `ori`) for a signed 32-bit one; otherwise the upper word
/// that way, `sldi 32`, then `oris` and `ori` for the lower word.
static void materialize(const PowerPCNames &N, MCRegister Reg, int64_t Value,
                        std::vector<MCInst> &Out) {
  auto LoadWord = [&](int64_t Word) {
    if (isInt<16>(Word)) {
      Out.push_back(inst(N.ADDI8, {reg(Reg), reg(N.ZERO8), imm(Word)}));
      return;
    }
    Out.push_back(inst(
        N.ADDIS8, {reg(Reg), reg(N.ZERO8), imm(SignExtend64<16>(Word >> 16))}));
    if (Word & 0xffff)
      Out.push_back(inst(N.ORI8, {reg(Reg), reg(Reg), imm(Word & 0xffff)}));
  };
  if (isInt<32>(Value)) {
    LoadWord(Value);
    return;
  }
  int64_t Upper = Value >> 32;
  LoadWord(Upper);
  if (Upper != 0)
    Out.push_back(inst(N.RLDICR, {reg(Reg), reg(Reg), imm(32), imm(31)}));
  uint64_t Lower = uint64_t(Value) & 0xffffffff;
  if (Lower >> 16)
    Out.push_back(inst(N.ORIS8, {reg(Reg), reg(Reg), imm(Lower >> 16)}));
  if (Lower & 0xffff)
    Out.push_back(inst(N.ORI8, {reg(Reg), reg(Reg), imm(Lower & 0xffff)}));
}

static bool hasFeature(const MCSubtargetInfo &STI, StringRef Feature) {
  return STI.checkFeatures(("+" + Feature).str());
}

/// A temporary stack frame (with its back chain) for a value that cannot be
/// moved to its register directly, and its release.
static void openTransferFrame(const PowerPCNames &N, std::vector<MCInst> &Out) {
  Out.push_back(inst(
      N.STDU, {reg(N.X1), reg(N.X1), imm(-TransferFrameBytes), reg(N.X1)}));
}
static void closeTransferFrame(const PowerPCNames &N,
                               std::vector<MCInst> &Out) {
  Out.push_back(inst(N.ADDI8, {reg(N.X1), reg(N.X1), imm(TransferFrameBytes)}));
}

/// A 64-bit value into F registers (dword 0 of VSX 0-31) or VF registers
/// (dword 0 of VSX 32-63).
static Error setDoubleword(const PowerPCNames &N, const MCSubtargetInfo &STI,
                           MCRegister Reg, uint64_t Bits, bool IsVF,
                           std::vector<MCInst> &Out) {
  if (IsVF && !hasFeature(STI, "vsx"))
    return cannotSet(N, Reg, "needs VSX (-mattr=+vsx)");
  materialize(N, N.X11, int64_t(Bits), Out);
  if (hasFeature(STI, "direct-move")) {
    Out.push_back(inst(N.MTVSRD, {reg(Reg), reg(N.X11)}));
    return Error::success();
  }
  openTransferFrame(N, Out);
  Out.push_back(inst(N.STD, {reg(N.X11), imm(TransferSlot), reg(N.X1)}));
  if (IsVF) {
    Out.push_back(inst(N.ADDI8, {reg(N.X12), reg(N.X1), imm(TransferSlot)}));
    Out.push_back(inst(N.LXSDX, {reg(Reg), reg(N.ZERO8), reg(N.X12)}));
  } else {
    Out.push_back(inst(N.LFD, {reg(Reg), imm(TransferSlot), reg(N.X1)}));
  }
  closeTransferFrame(N, Out);
  return Error::success();
}

/// A 128-bit value into a VSX register: dword 0 (the upper half) and dword
/// 1 through r11 and r12 with mtvsrdd, or through memory.
static Error setQuadword(const PowerPCNames &N, const MCSubtargetInfo &STI,
                         MCRegister Reg, const APInt &Value, bool IsVR,
                         std::vector<MCInst> &Out) {
  uint64_t High = Value.extractBitsAsZExtValue(64, 64);
  uint64_t Low = Value.extractBitsAsZExtValue(64, 0);
  bool HasVSX = hasFeature(STI, "vsx");
  if (!HasVSX && !(IsVR && hasFeature(STI, "altivec")))
    return cannotSet(N, Reg,
                     IsVR ? "needs Altivec or VSX (-mattr=+altivec)"
                          : "needs VSX (-mattr=+vsx)");
  if (HasVSX && hasFeature(STI, "isa-v30-instructions")) {
    materialize(N, N.X11, int64_t(High), Out);
    MCRegister LowReg = N.X11;
    if (Low != High) {
      materialize(N, N.X12, int64_t(Low), Out);
      LowReg = N.X12;
    }
    Out.push_back(inst(N.MTVSRDD, {reg(Reg), reg(N.X11), reg(LowReg)}));
    return Error::success();
  }
  // lxvd2x loads dword 0 from the lower address whatever the byte order;
  // lvx loads the quadword in the byte order of the process.
  bool LowFirst = !HasVSX && STI.getTargetTriple().isLittleEndian();
  openTransferFrame(N, Out);
  for (unsigned Half = 0; Half < 2; ++Half) {
    bool IsHigh = (Half == 0) != LowFirst;
    materialize(N, N.X11, int64_t(IsHigh ? High : Low), Out);
    Out.push_back(
        inst(N.STD, {reg(N.X11), imm(TransferSlot + 8 * Half), reg(N.X1)}));
  }
  Out.push_back(inst(N.ADDI8, {reg(N.X12), reg(N.X1), imm(TransferSlot)}));
  Out.push_back(
      inst(HasVSX ? N.LXVD2X : N.LVX, {reg(Reg), reg(N.ZERO8), reg(N.X12)}));
  closeTransferFrame(N, Out);
  return Error::success();
}

namespace {

class PowerPCExegesisTarget : public ExegesisTarget {
  bool canExecute(const LLVMState &State) const override {
    // Only ELFv2 (little-endian Linux) calls a function through a plain
    // code address; big-endian ELFv1 would need a function descriptor.
    Triple Host(sys::getProcessTriple());
    return State.getTriple().getArch() == Triple::ppc64le &&
           Host.getArch() == Triple::ppc64le && Host.isOSLinux();
  }

  Error checkCanAssembleFor(const Triple &TT) const override {
    if (!TT.isPPC64())
      return createStringError(inconvertibleErrorCode(),
                               "assembling for " + TT.str() +
                                   " is not supported: only 64-bit PowerPC "
                                   "(powerpc64le, powerpc64) is");
    return ExegesisTarget::checkCanAssembleFor(TT);
  }

  Expected<std::vector<MCInst>> setRegTo(const MCSubtargetInfo &STI,
                                         MCRegister Reg,
                                         const APInt &Value) const override;
  Expected<std::vector<MCInst>>
  setRegistersTo(const MCSubtargetInfo &STI,
                 ArrayRef<RegisterValue> Values) const override;

  Expected<std::string>
  encodeCalibrationLoop(const Triple &TT,
                        const CalibrationLoop &Loop) const override {
    if (TT.getArch() != Triple::ppc64le ||
        Loop.What == CalibrationLoop::Kind::WideVectorChain)
      return ExegesisTarget::encodeCalibrationLoop(TT, Loop);
    return encodePowerPCCalibrationLoop(Loop);
  }

  ArrayRef<MCRegister> getCalleeSavedRegisters(const Triple &) const override {
    return CalleeSaved;
  }

  Expected<std::vector<MCInst>>
  generatePrologue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override;
  Expected<std::vector<MCInst>>
  generateEpilogue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override;

  MCRegister getDefaultLoopCounterRegister(const Triple &) const override {
    return PowerPCNames::get().CTR8;
  }

  Expected<std::vector<MCInst>>
  decrementLoopCounterAndBranch(MCRegister Counter,
                                const MCExpr *LoopStart) const override {
    return loopEnd(Counter, LoopStart, /*Far=*/false);
  }
  Expected<std::vector<MCInst>>
  decrementLoopCounterAndBranchFar(MCRegister Counter,
                                   const MCExpr *LoopStart) const override {
    return loopEnd(Counter, LoopStart, /*Far=*/true);
  }
  /// bdnz and bne take a signed 16-bit byte displacement.
  uint64_t getLoopBranchReach() const override { return 32768; }
  /// mtctr takes its value from r11, which the register setup may give a
  /// value the snippet reads.
  bool setsLoopCounterFirst() const override { return true; }

  std::string getFunctionTrailer(const Triple &TT) const override {
    if (!TT.isPPC64())
      return "";
    // The zero word that ends the code, then the traceback table's eight
    // bytes of mandatory fields, left zero.
    return std::string(12, '\0');
  }

  MCRegister getScratchMemoryRegister(const Triple &) const override {
    return PowerPCNames::get().X3;
  }

  MCRegister getStackPointerRegister() const override {
    return PowerPCNames::get().X1;
  }

  std::string getUnresolvedNames() const override {
    return PowerPCNames::get().Table.lookupFailures().str();
  }

  void
  getUndescribedRegisters(const MCInst &Inst,
                          SmallVectorImpl<MCRegister> &Reads,
                          SmallVectorImpl<MCRegister> &Writes) const override;

  Expected<std::vector<MCInst>>
  loopEnd(MCRegister Counter, const MCExpr *LoopStart, bool Far) const;

  SmallVector<MCRegister, 51> CalleeSaved = [] {
    const PowerPCNames &N = PowerPCNames::get();
    SmallVector<MCRegister, 51> Regs(N.X.begin() + 14, N.X.end());
    Regs.append(N.F.begin() + 14, N.F.end());
    Regs.append(N.V.begin() + 20, N.V.end());
    Regs.append(N.CR.begin() + 2, N.CR.begin() + 5);
    return Regs;
  }();
};

} // namespace

Expected<std::vector<MCInst>>
PowerPCExegesisTarget::setRegTo(const MCSubtargetInfo &STI, MCRegister Reg,
                                const APInt &Value) const {
  const PowerPCNames &N = PowerPCNames::get();
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  std::vector<MCInst> Out;
  if (!STI.getTargetTriple().isPPC64())
    return cannotSet(N, Reg, "only 64-bit PowerPC is supported");
  auto Fit = [&](unsigned Bits, ValueExtension Extension) {
    return fitRegisterValue(RI, Reg, Value, Bits, Extension);
  };
  if (RI.regsOverlap(Reg, N.X1))
    return cannotSet(N, Reg, "the stack pointer");
  if (RI.regsOverlap(Reg, N.X2) || RI.regsOverlap(Reg, N.X13))
    return cannotSet(N, Reg,
                     "the TOC and thread pointers belong to the process, not "
                     "to the function");
  if (Reg == N.ZERO8 || Reg == N.ZERO)
    return cannotSet(N, Reg, "reads as zero");
  int XIndex = PowerPCNames::indexIn(N.X, Reg);
  int RIndex = PowerPCNames::indexIn(N.R, Reg);
  if (XIndex >= 0 || RIndex >= 0) {
    bool Is64Bit = XIndex >= 0;
    Expected<APInt> V = Fit(Is64Bit ? 64 : 32, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    // A 32-bit register is the lower word of its X register: the shortest
    // sequence sign-extends it.
    materialize(N, N.X[Is64Bit ? XIndex : RIndex], V->getSExtValue(), Out);
    return Out;
  }
  if (isInClass(N.F8RC, Reg) || isInClass(N.VFRC, Reg)) {
    Expected<APInt> V = Fit(64, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    if (Error E = setDoubleword(N, STI, Reg, V->getZExtValue(),
                                isInClass(N.VFRC, Reg), Out))
      return E;
    return Out;
  }
  if (isInClass(N.VSLRC, Reg) || isInClass(N.VRRC, Reg)) {
    Expected<APInt> V = Fit(128, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    if (Error E = setQuadword(N, STI, Reg, *V, isInClass(N.VRRC, Reg), Out))
      return E;
    return Out;
  }
  int CRIndex = PowerPCNames::indexIn(N.CR, Reg);
  if (CRIndex >= 0) {
    Expected<APInt> V = Fit(4, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    // mtocrf takes field n from bits 4n..4n+3 of the lower word, counted
    // from its most significant bit.
    materialize(N, N.X11,
                SignExtend64<32>(V->getZExtValue() << (28 - 4 * CRIndex)), Out);
    Out.push_back(inst(N.MTOCRF, {reg(Reg), reg(N.R11)}));
    return Out;
  }
  if (isInClass(N.CRBITRC, Reg)) {
    Expected<APInt> V = Fit(1, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    Out.push_back(
        inst(V->isZero() ? N.CRXOR : N.CREQV, {reg(Reg), reg(Reg), reg(Reg)}));
    return Out;
  }
  if (Reg == N.CTR8 || Reg == N.CTR) {
    Expected<APInt> V = Fit(Reg == N.CTR8 ? 64 : 32, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    materialize(N, N.X11, int64_t(V->getZExtValue()), Out);
    Out.push_back(inst(N.MTCTR8, {reg(N.X11)}));
    return Out;
  }
  if (Reg == N.LR8 || Reg == N.LR) {
    // The prologue saves the return address for this write.
    Expected<APInt> V = Fit(Reg == N.LR8 ? 64 : 32, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    materialize(N, N.X11, int64_t(V->getZExtValue()), Out);
    Out.push_back(inst(N.MTLR8, {reg(N.X11)}));
    return Out;
  }
  if (Reg == N.CARRY) {
    Expected<APInt> V = Fit(1, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    // Summary overflow and overflow are cleared with it; both are volatile.
    materialize(N, N.X11, V->isZero() ? 0 : XerCarryBit, Out);
    Out.push_back(inst(N.MTSPR8, {imm(SprXER), reg(N.X11)}));
    return Out;
  }
  if (Reg == N.RM) {
    Expected<APInt> V = Fit(2, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    if (!V->isZero())
      return cannotSet(N, Reg,
                       "only to 0 (round to nearest, the ABI's default): the "
                       "function does not restore the FPSCR");
    // FPSCR field 7: the inexact-exception enable, non-IEEE mode and the
    // rounding mode, all 0 by default.
    Out.push_back(inst(N.MTFSFI, {imm(7), imm(0), imm(0)}));
    return Out;
  }
  // Pairs (G8p2 = r4:r5, Fpair0 = f0:f1, VSRp17 = v2:v3): the upper half of the
  // value goes to the lower-numbered register.
  SmallVector<MCRegister, 2> Halves;
  for (MCRegister Sub : RI.subregs(Reg))
    if (isInClass(N.G8RC, Sub) || isInClass(N.F8RC, Sub) ||
        isInClass(N.VSLRC, Sub) || isInClass(N.VRRC, Sub))
      Halves.push_back(Sub);
  if (Halves.size() == 2) {
    unsigned HalfBits =
        isInClass(N.G8RC, Halves[0]) || isInClass(N.F8RC, Halves[0]) ? 64 : 128;
    Expected<APInt> V = Fit(2 * HalfBits, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    if (RI.getEncodingValue(Halves[0]) > RI.getEncodingValue(Halves[1]))
      std::swap(Halves[0], Halves[1]);
    for (unsigned I = 0; I < 2; ++I) {
      Expected<std::vector<MCInst>> Half = setRegTo(
          STI, Halves[I], V->extractBits(HalfBits, HalfBits * (1 - I)));
      if (!Half)
        return Half.takeError();
      llvm::append_range(Out, *Half);
    }
    return Out;
  }
  return cannotSet(N, Reg, "not supported on PowerPC");
}

Expected<std::vector<MCInst>>
PowerPCExegesisTarget::setRegistersTo(const MCSubtargetInfo &STI,
                                      ArrayRef<RegisterValue> Values) const {
  const PowerPCNames &N = PowerPCNames::get();
  // Values that pass through r11 and r12 go first, so that a value the
  // snippet asks for in r11 or r12 itself is not overwritten.
  auto IsGPR = [&](MCRegister Reg) {
    return PowerPCNames::indexIn(N.X, Reg) >= 0 ||
           PowerPCNames::indexIn(N.R, Reg) >= 0;
  };
  std::vector<MCInst> Out;
  for (bool GPRs : {false, true})
    for (const RegisterValue &RV : Values) {
      if (IsGPR(RV.Register) != GPRs)
        continue;
      Expected<std::vector<MCInst>> Insts =
          setRegTo(STI, RV.Register, RV.Value);
      if (!Insts)
        return Insts.takeError();
      llvm::append_range(Out, *Insts);
    }
  return Out;
}

/// The register mfspr and mtspr reach by number, for those a function
/// must care about.
static MCRegister getSpecialRegister(const PowerPCNames &N, int64_t Spr) {
  switch (Spr) {
  case SprXER:
    return N.XER;
  case SprLR:
    return N.LR8;
  case SprCTR:
    return N.CTR8;
  default:
    return MCRegister();
  }
}

void PowerPCExegesisTarget::getUndescribedRegisters(
    const MCInst &Inst, SmallVectorImpl<MCRegister> &Reads,
    SmallVectorImpl<MCRegister> &Writes) const {
  const PowerPCNames &N = PowerPCNames::get();
  unsigned Opcode = Inst.getOpcode();
  if ((Opcode == N.MFSPR8 || Opcode == N.MFSPR) && Inst.getNumOperands() == 2 &&
      Inst.getOperand(1).isImm())
    if (MCRegister Reg = getSpecialRegister(N, Inst.getOperand(1).getImm()))
      Reads.push_back(Reg);
  if ((Opcode == N.MTSPR8 || Opcode == N.MTSPR) && Inst.getNumOperands() == 2 &&
      Inst.getOperand(0).isImm())
    if (MCRegister Reg = getSpecialRegister(N, Inst.getOperand(0).getImm()))
      Writes.push_back(Reg);
}

namespace {
/// Where the prologue saves what it saves, as offsets from the stack
/// pointer on entry (negative: in the protected zone), and whether it
/// needs a frame for them.
struct FrameLayout {
  struct Slot {
    MCRegister Reg;
    int64_t Offset;
  };
  SmallVector<Slot, 18> GPRs;
  SmallVector<Slot, 18> FPRs;
  SmallVector<Slot, 12> VRs;
  SmallVector<unsigned, 3> CRFields;
  /// The snippet writes the link register, which the return needs.
  bool SavesLR = false;
  /// 0 when everything fits in the protected zone.
  int64_t FrameSize = 0;
};
} // namespace

static bool overlapsAny(const MCRegisterInfo &RI, MCRegister Reg,
                        ArrayRef<MCRegister> Regs) {
  return any_of(Regs, [&](MCRegister R) { return RI.regsOverlap(R, Reg); });
}

/// The ELFv2 save areas, from the top: FPRs fN at -8*(32-N), then GPRs
/// below them likewise, then the vector registers in a quadword-aligned
/// area.
static FrameLayout getFrameLayout(const LLVMState &State,
                                  ArrayRef<MCRegister> Clobbered) {
  const PowerPCNames &N = PowerPCNames::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  FrameLayout Frame;
  auto Lowest = [&](ArrayRef<MCRegister> Regs, unsigned First) -> unsigned {
    for (unsigned I = First; I < 32; ++I)
      if (overlapsAny(RI, Regs[I], Clobbered))
        return I;
    return 32;
  };
  unsigned LowestFPR = Lowest(N.F, 14);
  unsigned LowestGPR = Lowest(N.X, 14);
  unsigned LowestVR = Lowest(N.V, 20);
  int64_t FPRArea = 8 * (32 - LowestFPR);
  int64_t GPRArea = 8 * (32 - LowestGPR);
  int64_t VRBase = alignTo(FPRArea + GPRArea, 16);
  for (unsigned I = LowestFPR; I < 32; ++I)
    if (overlapsAny(RI, N.F[I], Clobbered))
      Frame.FPRs.push_back({N.F[I], -8 * int64_t(32 - I)});
  for (unsigned I = LowestGPR; I < 32; ++I)
    if (overlapsAny(RI, N.X[I], Clobbered))
      Frame.GPRs.push_back({N.X[I], -FPRArea - 8 * int64_t(32 - I)});
  for (unsigned I = LowestVR; I < 32; ++I)
    if (overlapsAny(RI, N.V[I], Clobbered))
      Frame.VRs.push_back({N.V[I], -VRBase - 16 * int64_t(32 - I)});
  for (unsigned I = 2; I <= 4; ++I)
    if (overlapsAny(RI, N.CR[I], Clobbered))
      Frame.CRFields.push_back(I);
  Frame.SavesLR = overlapsAny(RI, N.LR8, Clobbered);
  int64_t Total = VRBase + 16 * (32 - LowestVR);
  if (LowestVR == 32)
    Total = FPRArea + GPRArea;
  if (Total > ProtectedZoneBytes) {
    Frame.FrameSize = alignTo(Total, 16) + FrameHeaderBytes;
    for (auto *Slots : {&Frame.FPRs, &Frame.GPRs})
      for (FrameLayout::Slot &S : *Slots)
        S.Offset += Frame.FrameSize;
    for (FrameLayout::Slot &S : Frame.VRs)
      S.Offset += Frame.FrameSize;
  }
  return Frame;
}

/// The mtcrf mask bit of CR field \p Field.
static int64_t crMaskBit(unsigned Field) { return 1 << (7 - Field); }

/// Stores (or with \p Restore, loads) the registers of \p Frame, GPRs then
/// FPRs then vector registers, in the order upstream's prologue has them;
/// the epilogue takes them in reverse.
static void saveOrRestore(const LLVMState &State, const FrameLayout &Frame,
                          bool Restore, std::vector<MCInst> &Out) {
  const PowerPCNames &N = PowerPCNames::get();
  bool HasStxv =
      State.getSubtargetInfo().checkFeatures("+isa-v30-instructions");
  std::vector<MCInst> Insts;
  for (const FrameLayout::Slot &S : Frame.GPRs)
    Insts.push_back(
        inst(Restore ? N.LD : N.STD, {reg(S.Reg), imm(S.Offset), reg(N.X1)}));
  for (const FrameLayout::Slot &S : Frame.FPRs)
    Insts.push_back(
        inst(Restore ? N.LFD : N.STFD, {reg(S.Reg), imm(S.Offset), reg(N.X1)}));
  for (const FrameLayout::Slot &S : Frame.VRs) {
    if (HasStxv) {
      Insts.push_back(inst(Restore ? N.LXV : N.STXV,
                           {reg(S.Reg), imm(S.Offset), reg(N.X1)}));
      continue;
    }
    // Altivec stores take an index register: r12, free once the CR
    // fields are saved and until they are restored.
    std::vector<MCInst> Pair = {
        inst(N.ADDI8, {reg(N.X12), reg(N.ZERO8), imm(S.Offset)}),
        inst(Restore ? N.LVX : N.STVX, {reg(S.Reg), reg(N.X1), reg(N.X12)})};
    if (Restore)
      std::swap(Pair[0], Pair[1]);
    llvm::append_range(Insts, Pair);
  }
  if (Restore)
    std::reverse(Insts.begin(), Insts.end());
  llvm::append_range(Out, Insts);
}

Expected<std::vector<MCInst>>
PowerPCExegesisTarget::generatePrologue(const LLVMState &State,
                                        ArrayRef<MCRegister> Clobbered) const {
  const PowerPCNames &N = PowerPCNames::get();
  FrameLayout Frame = getFrameLayout(State, Clobbered);
  std::vector<MCInst> Out;
  // r0 is volatile and no part of the register setup.
  if (Frame.SavesLR) {
    Out.push_back(inst(N.MFLR8, {reg(N.X0)}));
    Out.push_back(inst(N.STD, {reg(N.X0), imm(LRSaveOffset), reg(N.X1)}));
  }
  if (Frame.CRFields.size() == 1)
    Out.push_back(inst(N.MFOCRF, {reg(N.R12), reg(N.CR[Frame.CRFields[0]])}));
  else if (!Frame.CRFields.empty())
    Out.push_back(inst(N.MFCR, {reg(N.R12)}));
  if (!Frame.CRFields.empty())
    Out.push_back(inst(N.STW, {reg(N.R12), imm(CRSaveOffset), reg(N.X1)}));
  if (Frame.FrameSize)
    Out.push_back(
        inst(N.STDU, {reg(N.X1), reg(N.X1), imm(-Frame.FrameSize), reg(N.X1)}));
  saveOrRestore(State, Frame, /*Restore=*/false, Out);
  return Out;
}

Expected<std::vector<MCInst>>
PowerPCExegesisTarget::generateEpilogue(const LLVMState &State,
                                        ArrayRef<MCRegister> Clobbered) const {
  const PowerPCNames &N = PowerPCNames::get();
  FrameLayout Frame = getFrameLayout(State, Clobbered);
  std::vector<MCInst> Out;
  saveOrRestore(State, Frame, /*Restore=*/true, Out);
  if (Frame.FrameSize)
    Out.push_back(inst(N.ADDI8, {reg(N.X1), reg(N.X1), imm(Frame.FrameSize)}));
  if (!Frame.CRFields.empty())
    Out.push_back(inst(N.LWZ, {reg(N.R12), imm(CRSaveOffset), reg(N.X1)}));
  if (Frame.CRFields.size() == 1) {
    Out.push_back(inst(N.MTOCRF, {reg(N.CR[Frame.CRFields[0]]), reg(N.R12)}));
  } else if (!Frame.CRFields.empty()) {
    int64_t Mask = 0;
    for (unsigned Field : Frame.CRFields)
      Mask |= crMaskBit(Field);
    Out.push_back(inst(N.MTCRF, {imm(Mask), reg(N.R12)}));
  }
  if (Frame.SavesLR) {
    Out.push_back(inst(N.LD, {reg(N.X0), imm(LRSaveOffset), reg(N.X1)}));
    Out.push_back(inst(N.MTLR8, {reg(N.X0)}));
  }
  Out.push_back(inst(N.BLR, {}));
  return Out;
}

Expected<std::vector<MCInst>>
PowerPCExegesisTarget::loopEnd(MCRegister Counter, const MCExpr *LoopStart,
                               bool Far) const {
  const PowerPCNames &N = PowerPCNames::get();
  std::vector<MCInst> Out;
  // A conditional branch skipping the next instruction: 2 words forward.
  const MCOperand SkipOne = imm(2);
  if (Counter == N.CTR8 || Counter == N.CTR) {
    if (!Far) {
      Out.push_back(inst(N.BDNZ8, {MCOperand::createExpr(LoopStart)}));
      return Out;
    }
    Out.push_back(inst(N.BDZ8, {SkipOne}));
    Out.push_back(inst(N.B, {MCOperand::createExpr(LoopStart)}));
    return Out;
  }
  int Index = PowerPCNames::indexIn(N.X, Counter);
  // r0 reads as zero in addi; r1, r2 and r13 belong to the ABI.
  if (Index <= 2 || Index == 13)
    return createStringError(inconvertibleErrorCode(),
                             "loop register " + N.name(Counter) +
                                 " is neither CTR8 nor a writable X register "
                                 "other than X0");
  // The compare writes CR0, which a snippet using this counter must not
  // read.
  Out.push_back(inst(N.ADDI8, {reg(Counter), reg(Counter), imm(-1)}));
  Out.push_back(inst(N.CMPLDI, {reg(N.CR0), reg(Counter), imm(0)}));
  if (!Far) {
    Out.push_back(inst(N.BCC, {imm(BranchIfNotEqual), reg(N.CR0),
                               MCOperand::createExpr(LoopStart)}));
    return Out;
  }
  Out.push_back(inst(N.BCC, {imm(BranchIfEqual), reg(N.CR0), SkipOne}));
  Out.push_back(inst(N.B, {MCOperand::createExpr(LoopStart)}));
  return Out;
}

const ExegesisTarget *getThePowerPCExegesisTarget() {
  static const PowerPCExegesisTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
