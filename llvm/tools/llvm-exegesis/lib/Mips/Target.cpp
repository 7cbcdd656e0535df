//===-- Mips/Target.cpp - Mips knowledge ------------------------*- C++ -*-===//
//
// How generated Mips functions (mips/mipsel with the O32 ABI, mips64/
// mips64el with N64) set registers, save what the ABI preserves, loop and
// return.
//
// Integer values are built with ORI from $zero (16-bit values, as upstream
// does), ADDIU (negative 16-bit values), LUI/ORI (32-bit values) and, for
// 64-bit values, DSLL/DSLL32 and ORI steps. Floating-point registers take
// their bits from $at (the assembler temporary, which snippets never name)
// through MTC1 (single, and both halves of an FP32-mode pair), DMTC1
// (mips64) or MTC1/MTHC1 (mips32 with FP64); FCR31 through CTC1, the FP
// condition codes FCC0-FCC7 together through CTC1 to FCCR, and the HI/LO
// accumulator through MTHI/MTLO.
//
// The frame saves the callee-saved registers the function writes in the
// order and at the offsets upstream's frame lowering gives them (the
// floating-point ones at the top, then $ra, $fp, ($gp on N64,) $s7..$s0),
// so that the bytes of a function match upstream's. Like upstream, the
// final `jr $ra` has nothing of its own in its delay slot: the slot is the
// word after the function, which the executable mapping holds as zero,
// MIPS's nop (ExecutableFunction). The loop back-edge BNE gets a NOP in its
// delay slot.
//
// Nothing here has run on Mips hardware: the tool assembles Mips code on
// any host and refuses to measure it on a host of another architecture.
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Host.h"

namespace llvm {
namespace exegesis {
namespace {

/// Everything the Mips code emits or inspects, resolved by name once. The
/// 32- and 64-bit triples share one backend and so one set of numbers.
struct MipsNames : TargetNames<MipsNames> {
  TargetNameTable Table{"mips64el-unknown-linux-gnu"};

  unsigned ORi = Table.opcode("ORi");
  unsigned ORi64 = Table.opcode("ORi64");
  unsigned LUi = Table.opcode("LUi");
  unsigned LUi64 = Table.opcode("LUi64");
  unsigned ADDiu = Table.opcode("ADDiu");
  unsigned DADDiu = Table.opcode("DADDiu");
  unsigned DSLL = Table.opcode("DSLL");
  unsigned DSLL32 = Table.opcode("DSLL32");
  unsigned SLL = Table.opcode("SLL");
  unsigned SW = Table.opcode("SW");
  unsigned LW = Table.opcode("LW");
  unsigned SD = Table.opcode("SD");
  unsigned LD = Table.opcode("LD");
  unsigned SDC1 = Table.opcode("SDC1");
  unsigned LDC1 = Table.opcode("LDC1");
  unsigned SDC164 = Table.opcode("SDC164");
  unsigned LDC164 = Table.opcode("LDC164");
  unsigned MTC1 = Table.opcode("MTC1");
  unsigned MTHC1_D64 = Table.opcode("MTHC1_D64");
  unsigned DMTC1 = Table.opcode("DMTC1");
  unsigned CTC1 = Table.opcode("CTC1");
  unsigned MTHI = Table.opcode("MTHI");
  unsigned MTLO = Table.opcode("MTLO");
  unsigned MTHI64 = Table.opcode("MTHI64");
  unsigned MTLO64 = Table.opcode("MTLO64");
  unsigned BNE = Table.opcode("BNE");
  unsigned BNE64 = Table.opcode("BNE64");
  unsigned JR = Table.opcode("JR");
  unsigned JR64 = Table.opcode("JR64");
  unsigned JALR = Table.opcode("JALR");
  unsigned JALR64 = Table.opcode("JALR64");

  MCRegister ZERO = Table.reg("ZERO");
  MCRegister ZERO_64 = Table.reg("ZERO_64");
  /// Carries floating-point and accumulator values.
  MCRegister AT = Table.reg("AT");
  MCRegister AT_64 = Table.reg("AT_64");
  MCRegister A0 = Table.reg("A0");
  MCRegister A0_64 = Table.reg("A0_64");
  MCRegister SP = Table.reg("SP");
  MCRegister SP_64 = Table.reg("SP_64");
  MCRegister RA = Table.reg("RA");
  MCRegister RA_64 = Table.reg("RA_64");
  /// The default loop counter: a temporary no call convention gives a
  /// meaning to inside our function.
  MCRegister T9 = Table.reg("T9");
  MCRegister T9_64 = Table.reg("T9_64");
  MCRegister FCR31 = Table.reg("FCR31");
  /// FCCR: the eight FP condition codes as bits 7..0.
  MCRegister FCR25 = Table.reg("FCR25");
  SmallVector<MCRegister, 8> FCC =
      names({"FCC0", "FCC1", "FCC2", "FCC3", "FCC4", "FCC5", "FCC6", "FCC7"});
  MCRegister AC0 = Table.reg("AC0");
  MCRegister AC0_64 = Table.reg("AC0_64");
  MCRegister HI0 = Table.reg("HI0");
  MCRegister LO0 = Table.reg("LO0");
  MCRegister HI0_64 = Table.reg("HI0_64");
  MCRegister LO0_64 = Table.reg("LO0_64");
  /// Registers no function may set: the global pointer belongs to the
  /// process, $k0/$k1 to the kernel (an interrupt may overwrite them).
  SmallVector<MCRegister, 6> NotOurs = {Table.reg("GP"), Table.reg("GP_64"),
                                        Table.reg("K0"), Table.reg("K0_64"),
                                        Table.reg("K1"), Table.reg("K1_64")};

  /// The callee-saved registers in upstream's spill order: the first gets
  /// the highest slot.
  SmallVector<MCRegister, 16> O32FP32 =
      names({"D15", "D14", "D13", "D12", "D11", "D10", "RA", "FP", "S7", "S6",
             "S5", "S4", "S3", "S2", "S1", "S0"});
  /// O32 with 64-bit FPRs: only the even ones are preserved.
  SmallVector<MCRegister, 16> O32FP64 =
      names({"D30_64", "D28_64", "D26_64", "D24_64", "D22_64", "D20_64", "RA",
             "FP", "S7", "S6", "S5", "S4", "S3", "S2", "S1", "S0"});
  SmallVector<MCRegister, 19> N64 =
      names({"D31_64", "D30_64", "D29_64", "D28_64", "D27_64", "D26_64",
             "D25_64", "D24_64", "RA_64", "FP_64", "GP_64", "S7_64", "S6_64",
             "S5_64", "S4_64", "S3_64", "S2_64", "S1_64", "S0_64"});

  const MCRegisterClass *GPR32 = Table.regClass("GPR32");
  const MCRegisterClass *GPR64 = Table.regClass("GPR64");
  const MCRegisterClass *FGR32 = Table.regClass("FGR32");
  const MCRegisterClass *FGR64 = Table.regClass("FGR64");
  const MCRegisterClass *AFGR64 = Table.regClass("AFGR64");

private:
  SmallVector<MCRegister, 19> names(ArrayRef<StringRef> Names) {
    SmallVector<MCRegister, 19> Regs;
    for (StringRef Name : Names)
      Regs.push_back(Table.reg(Name));
    return Regs;
  }
};

} // namespace

using shorthand::imm;
using shorthand::inst;
using shorthand::reg;

static bool is64Bit(const MCSubtargetInfo &STI) {
  return STI.getTargetTriple().isMIPS64();
}

static bool isRelease6(const MCSubtargetInfo &STI) {
  return STI.checkFeatures("+mips32r6");
}

/// Sets \p Reg (of GPR32 or, with \p Wide, of GPR64) to \p Value, a
/// sign-extended 32-bit value.
static void materialize32(const MipsNames &N, MCRegister Reg, int32_t Value,
                          bool Wide, std::vector<MCInst> &Out) {
  MCRegister Zero = Wide ? N.ZERO_64 : N.ZERO;
  unsigned Or = Wide ? N.ORi64 : N.ORi;
  uint32_t Bits = static_cast<uint32_t>(Value);
  if (isUInt<16>(Bits)) {
    Out.push_back(inst(Or, {reg(Reg), reg(Zero), imm(Bits)}));
    return;
  }
  if (isInt<16>(Value)) {
    Out.push_back(
        inst(Wide ? N.DADDiu : N.ADDiu, {reg(Reg), reg(Zero), imm(Value)}));
    return;
  }
  // LUI sign-extends bit 31 on mips64, as the value needs.
  Out.push_back(inst(Wide ? N.LUi64 : N.LUi, {reg(Reg), imm(Bits >> 16)}));
  if (Bits & 0xffff)
    Out.push_back(inst(Or, {reg(Reg), reg(Reg), imm(Bits & 0xffff)}));
}

/// Shifts GPR64 \p Reg left by \p Amount (below 64) bits.
static void shiftLeft(const MipsNames &N, MCRegister Reg, unsigned Amount,
                      std::vector<MCInst> &Out) {
  if (Amount == 0)
    return;
  if (Amount < 32)
    Out.push_back(inst(N.DSLL, {reg(Reg), reg(Reg), imm(Amount)}));
  else
    Out.push_back(inst(N.DSLL32, {reg(Reg), reg(Reg), imm(Amount - 32)}));
}

/// Sets GPR64 \p Reg to \p Value: its sign-extended upper 32 bits or less
/// first, then each lower 16-bit chunk shifted in with DSLL and ORI (a
/// chunk of zeros only adds to the next shift).
static void materialize64(const MipsNames &N, MCRegister Reg, int64_t Value,
                          std::vector<MCInst> &Out) {
  SmallVector<uint16_t, 3> Chunks;
  int64_t Top = Value;
  while (!isInt<32>(Top)) {
    Chunks.push_back(static_cast<uint16_t>(Top & 0xffff));
    Top >>= 16;
  }
  materialize32(N, Reg, static_cast<int32_t>(Top), /*Wide=*/true, Out);
  unsigned PendingShift = 0;
  for (uint16_t Chunk : reverse(Chunks)) {
    PendingShift += 16;
    if (Chunk == 0)
      continue;
    shiftLeft(N, Reg, PendingShift, Out);
    PendingShift = 0;
    Out.push_back(inst(N.ORi64, {reg(Reg), reg(Reg), imm(Chunk)}));
  }
  shiftLeft(N, Reg, PendingShift, Out);
}

static Error cannotSet(const MipsNames &N, MCRegister Reg, const Twine &Why) {
  return makeCannotSetRegisterError(N.Table.getRegInfo(), Reg, Why);
}

/// The FGR32 halves of \p Reg, an FP32-mode pair or a 64-bit FPR: the low
/// one (the even register of a pair) first; the high one is invalid for an
/// FGR64 register, whose upper half has no FGR32 name.
static std::pair<MCRegister, MCRegister>
getHalves(const MipsNames &N, const MCRegisterInfo &RI, MCRegister Reg) {
  SmallVector<MCRegister, 2> Halves;
  for (MCRegister Sub : RI.subregs(Reg))
    if (isInClass(N.FGR32, Sub))
      Halves.push_back(Sub);
  llvm::sort(Halves, [&](MCRegister A, MCRegister B) {
    return RI.getEncodingValue(A) < RI.getEncodingValue(B);
  });
  if (Halves.empty())
    return {};
  return {Halves[0], Halves.size() > 1 ? Halves[1] : MCRegister()};
}

namespace {

class MipsExegesisTarget : public ExegesisTarget {
  bool canExecute(const LLVMState &State) const override {
    Triple Host(sys::getProcessTriple());
    return State.getTriple().isMIPS() && Host.isOSLinux() &&
           Host.getArch() == State.getTriple().getArch();
  }

  Error checkCanAssembleFor(const Triple &TT) const override {
    if (TT.isABIN32())
      return createStringError(inconvertibleErrorCode(),
                               "assembling for " + TT.str() +
                                   " is not supported: only the O32 (mips, "
                                   "mipsel) and N64 (mips64, mips64el) ABIs "
                                   "are");
    return ExegesisTarget::checkCanAssembleFor(TT);
  }

  Expected<std::vector<MCInst>> setRegTo(const MCSubtargetInfo &STI,
                                         MCRegister Reg,
                                         const APInt &Value) const override;
  Expected<std::vector<MCInst>>
  setRegistersTo(const MCSubtargetInfo &STI,
                 ArrayRef<RegisterValue> Values) const override;

  ArrayRef<MCRegister>
  getCalleeSavedRegisters(const Triple &TT) const override {
    const MipsNames &N = MipsNames::get();
    return TT.isMIPS64() ? ArrayRef<MCRegister>(N.N64)
                         : ArrayRef<MCRegister>(N.O32FP32);
  }

  Expected<std::vector<MCInst>>
  generatePrologue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override;
  Expected<std::vector<MCInst>>
  generateEpilogue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override;

  MCRegister getDefaultLoopCounterRegister(const Triple &TT) const override {
    const MipsNames &N = MipsNames::get();
    return TT.isMIPS64() ? N.T9_64 : N.T9;
  }

  Expected<std::vector<MCInst>>
  decrementLoopCounterAndBranch(MCRegister Counter,
                                const MCExpr *LoopStart) const override;

  MCRegister getScratchMemoryRegister(const Triple &TT) const override {
    const MipsNames &N = MipsNames::get();
    return TT.isMIPS64() ? N.A0_64 : N.A0;
  }

  MCRegister getStackPointerRegister() const override {
    return MipsNames::get().SP;
  }

  std::string getUnresolvedNames() const override {
    return MipsNames::get().Table.lookupFailures().str();
  }
};

} // namespace

/// Sets a floating-point register: FGR32 with MTC1, an FP32-mode pair with
/// MTC1 to each half, an FGR64 register with DMTC1 on mips64 and MTC1/MTHC1
/// on mips32.
static Error setFloatRegister(const MipsNames &N, const MCSubtargetInfo &STI,
                              MCRegister Reg, const APInt &Value,
                              std::vector<MCInst> &Out) {
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  if (STI.checkFeatures("+soft-float"))
    return cannotSet(N, Reg, "the subtarget has no FPU (+soft-float)");
  bool Single = isInClass(N.FGR32, Reg);
  Expected<APInt> V =
      fitRegisterValue(RI, Reg, Value, Single ? 32 : 64, ValueExtension::Sign);
  if (!V)
    return V.takeError();
  auto MoveWord = [&](MCRegister Half, uint32_t Word) {
    if (Word == 0) {
      Out.push_back(inst(N.MTC1, {reg(Half), reg(N.ZERO)}));
      return;
    }
    materialize32(N, N.AT, static_cast<int32_t>(Word), /*Wide=*/false, Out);
    Out.push_back(inst(N.MTC1, {reg(Half), reg(N.AT)}));
  };
  if (Single) {
    MoveWord(Reg, static_cast<uint32_t>(V->getZExtValue()));
    return Error::success();
  }
  uint64_t Bits = V->getZExtValue();
  uint32_t Low = static_cast<uint32_t>(Bits);
  uint32_t High = static_cast<uint32_t>(Bits >> 32);
  auto [LowHalf, HighHalf] = getHalves(N, RI, Reg);
  if (isInClass(N.AFGR64, Reg)) {
    if (!LowHalf.isValid() || !HighHalf.isValid())
      return cannotSet(N, Reg, "its single-precision halves are unknown");
    MoveWord(LowHalf, Low);
    MoveWord(HighHalf, High);
    return Error::success();
  }
  if (is64Bit(STI)) {
    if (Bits == 0) {
      Out.push_back(inst(N.DMTC1, {reg(Reg), reg(N.ZERO_64)}));
      return Error::success();
    }
    materialize64(N, N.AT_64, static_cast<int64_t>(Bits), Out);
    Out.push_back(inst(N.DMTC1, {reg(Reg), reg(N.AT_64)}));
    return Error::success();
  }
  if (!STI.checkFeatures("+fp64"))
    return cannotSet(N, Reg, "64-bit FPRs need -mattr=+fp64 on mips32");
  if (!LowHalf.isValid())
    return cannotSet(N, Reg, "its low half is unknown");
  MoveWord(LowHalf, Low);
  MCRegister Source = N.ZERO;
  if (High != 0) {
    materialize32(N, N.AT, static_cast<int32_t>(High), /*Wide=*/false, Out);
    Source = N.AT;
  }
  Out.push_back(inst(N.MTHC1_D64, {reg(Reg), reg(Reg), reg(Source)}));
  return Error::success();
}

/// Moves \p Value into HI or LO (\p Move: MTHI, MTLO or their 64-bit forms)
/// through $at.
static void moveToAccumulatorHalf(const MipsNames &N, unsigned Move, bool Wide,
                                  uint64_t Value, std::vector<MCInst> &Out) {
  MCRegister Carrier = Wide ? N.AT_64 : N.AT;
  if (Value == 0) {
    Out.push_back(inst(Move, {reg(Wide ? N.ZERO_64 : N.ZERO)}));
    return;
  }
  if (Wide)
    materialize64(N, Carrier, static_cast<int64_t>(Value), Out);
  else
    materialize32(N, Carrier, static_cast<int32_t>(Value), false, Out);
  Out.push_back(inst(Move, {reg(Carrier)}));
}

/// The bit of condition code \p Reg in FCCR.
static uint32_t conditionBit(const MipsNames &N, MCRegister Reg) {
  return 1u << (find(N.FCC, Reg) - N.FCC.begin());
}

/// Sets all eight FP condition codes at once from \p Bits with CTC1 to
/// FCCR: a value for one of them clears the others.
static Error setConditionCodes(const MipsNames &N, const MCSubtargetInfo &STI,
                               uint32_t Bits, std::vector<MCInst> &Out) {
  if (STI.checkFeatures("+soft-float"))
    return cannotSet(N, N.FCC[0], "the subtarget has no FPU (+soft-float)");
  if (isRelease6(STI))
    return cannotSet(N, N.FCC[0], "release 6 has no FP condition codes");
  MCRegister Source = N.ZERO;
  if (Bits != 0) {
    materialize32(N, N.AT, static_cast<int32_t>(Bits), false, Out);
    Source = N.AT;
  }
  Out.push_back(inst(N.CTC1, {reg(N.FCR25), reg(Source)}));
  return Error::success();
}

Expected<std::vector<MCInst>>
MipsExegesisTarget::setRegTo(const MCSubtargetInfo &STI, MCRegister Reg,
                             const APInt &Value) const {
  const MipsNames &N = MipsNames::get();
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  bool Is64Bit = is64Bit(STI);
  std::vector<MCInst> Out;
  if (Reg == N.ZERO || Reg == N.ZERO_64)
    return cannotSet(N, Reg, "hard-wired to zero");
  if (Reg == N.SP || Reg == N.SP_64)
    return cannotSet(N, Reg, "the stack pointer");
  if (is_contained(N.NotOurs, Reg))
    return cannotSet(N, Reg,
                     "the global pointer belongs to the process and $k0/$k1 "
                     "to the kernel, not to the function");
  if (isInClass(N.GPR32, Reg)) {
    Expected<APInt> V =
        fitRegisterValue(RI, Reg, Value, 32, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    materialize32(N, Reg, static_cast<int32_t>(V->getZExtValue()),
                  /*Wide=*/false, Out);
    return Out;
  }
  if (isInClass(N.GPR64, Reg)) {
    if (!Is64Bit)
      return cannotSet(N, Reg, "64-bit registers need a mips64 triple");
    Expected<APInt> V =
        fitRegisterValue(RI, Reg, Value, 64, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    materialize64(N, Reg, static_cast<int64_t>(V->getZExtValue()), Out);
    return Out;
  }
  if (isInClass(N.FGR32, Reg) || isInClass(N.AFGR64, Reg) ||
      isInClass(N.FGR64, Reg)) {
    if (Error E = setFloatRegister(N, STI, Reg, Value, Out))
      return E;
    return Out;
  }
  if (Reg == N.FCR31) {
    if (STI.checkFeatures("+soft-float"))
      return cannotSet(N, Reg, "the subtarget has no FPU (+soft-float)");
    Expected<APInt> V =
        fitRegisterValue(RI, Reg, Value, 32, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    MCRegister Source = N.ZERO;
    if (!V->isZero()) {
      materialize32(N, N.AT, static_cast<int32_t>(V->getZExtValue()), false,
                    Out);
      Source = N.AT;
    }
    Out.push_back(inst(N.CTC1, {reg(N.FCR31), reg(Source)}));
    return Out;
  }
  if (is_contained(N.FCC, Reg)) {
    Expected<APInt> V =
        fitRegisterValue(RI, Reg, Value, 1, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    if (Error E = setConditionCodes(
            N, STI, V->isZero() ? 0 : conditionBit(N, Reg), Out))
      return E;
    return Out;
  }
  bool Accumulator = Reg == N.AC0 || Reg == N.AC0_64 || Reg == N.HI0 ||
                     Reg == N.LO0 || Reg == N.HI0_64 || Reg == N.LO0_64;
  if (Accumulator) {
    if (isRelease6(STI))
      return cannotSet(N, Reg, "release 6 has no HI/LO accumulator");
    bool Wide = Reg == N.AC0_64 || Reg == N.HI0_64 || Reg == N.LO0_64;
    if (Wide && !Is64Bit)
      return cannotSet(N, Reg, "64-bit registers need a mips64 triple");
    unsigned HalfBits = Wide ? 64 : 32;
    bool Pair = Reg == N.AC0 || Reg == N.AC0_64;
    Expected<APInt> V = fitRegisterValue(
        RI, Reg, Value, Pair ? 2 * HalfBits : HalfBits, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    unsigned MoveLo = Wide ? N.MTLO64 : N.MTLO;
    unsigned MoveHi = Wide ? N.MTHI64 : N.MTHI;
    if (Pair) {
      moveToAccumulatorHalf(N, MoveLo, Wide,
                            V->extractBitsAsZExtValue(HalfBits, 0), Out);
      moveToAccumulatorHalf(N, MoveHi, Wide,
                            V->extractBitsAsZExtValue(HalfBits, HalfBits), Out);
      return Out;
    }
    bool IsHi = Reg == N.HI0 || Reg == N.HI0_64;
    moveToAccumulatorHalf(N, IsHi ? MoveHi : MoveLo, Wide, V->getZExtValue(),
                          Out);
    return Out;
  }
  return cannotSet(N, Reg, "not supported on Mips");
}

Expected<std::vector<MCInst>>
MipsExegesisTarget::setRegistersTo(const MCSubtargetInfo &STI,
                                   ArrayRef<RegisterValue> Values) const {
  const MipsNames &N = MipsNames::get();
  // Values that pass through $at go first, so that a value the snippet asks
  // for in $at itself is not overwritten.
  auto ThroughAT = [&](MCRegister Reg) {
    return !isInClass(N.GPR32, Reg) && !isInClass(N.GPR64, Reg);
  };
  std::vector<MCInst> Out;
  // The condition codes share one control register: one write sets all
  // those asked for.
  std::optional<uint32_t> ConditionBits;
  for (const RegisterValue &RV : Values) {
    if (!is_contained(N.FCC, RV.Register))
      continue;
    Expected<APInt> V = fitRegisterValue(N.Table.getRegInfo(), RV.Register,
                                         RV.Value, 1, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    ConditionBits = ConditionBits.value_or(0) |
                    (V->isZero() ? 0 : conditionBit(N, RV.Register));
  }
  if (ConditionBits)
    if (Error E = setConditionCodes(N, STI, *ConditionBits, Out))
      return E;
  for (bool First : {true, false})
    for (const RegisterValue &RV : Values) {
      if (ThroughAT(RV.Register) != First || is_contained(N.FCC, RV.Register))
        continue;
      Expected<std::vector<MCInst>> Insts =
          setRegTo(STI, RV.Register, RV.Value);
      if (!Insts)
        return Insts.takeError();
      llvm::append_range(Out, *Insts);
    }
  return Out;
}

namespace {
/// One saved register and its offset from the stack pointer.
struct SavedRegister {
  MCRegister Reg;
  unsigned Offset = 0;
  unsigned Bytes = 0;
};
/// The registers a function saves, in upstream's order (the first at the
/// top of the frame).
struct FrameLayout {
  SmallVector<SavedRegister, 19> Saved;
  /// Rounded up to the ABI's stack alignment (O32: 8, N64: 16).
  unsigned Size = 0;
};
} // namespace

static Expected<FrameLayout> getFrameLayout(const LLVMState &State,
                                            ArrayRef<MCRegister> Clobbered) {
  const MipsNames &N = MipsNames::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  if (STI.checkFeatures("+micromips") || STI.checkFeatures("+mips16"))
    return createStringError(inconvertibleErrorCode(),
                             "microMIPS and MIPS16 functions are not "
                             "supported: only the standard encoding is");
  bool Is64Bit = is64Bit(STI);
  ArrayRef<MCRegister> Candidates = Is64Bit ? ArrayRef<MCRegister>(N.N64)
                                    : STI.checkFeatures("+fp64")
                                        ? ArrayRef<MCRegister>(N.O32FP64)
                                        : ArrayRef<MCRegister>(N.O32FP32);
  FrameLayout Frame;
  unsigned Used = 0;
  for (MCRegister Reg : Candidates) {
    if (!any_of(Clobbered,
                [&](MCRegister C) { return RI.regsOverlap(C, Reg); }))
      continue;
    bool IsFloat = isInClass(N.AFGR64, Reg) || isInClass(N.FGR64, Reg);
    if (IsFloat && STI.checkFeatures("+soft-float"))
      return createStringError(inconvertibleErrorCode(),
                               "the function writes " + N.name(Reg) +
                                   " but the subtarget has no FPU to save it "
                                   "with");
    unsigned Bytes = IsFloat || Is64Bit ? 8 : 4;
    Used = alignTo(Used + Bytes, Bytes);
    Frame.Saved.push_back({Reg, Used, Bytes});
  }
  Frame.Size = alignTo(Used, Is64Bit ? 16 : 8);
  // Offsets counted down from the top of the frame become offsets from the
  // stack pointer.
  for (SavedRegister &S : Frame.Saved)
    S.Offset = Frame.Size - S.Offset;
  return Frame;
}

static MCInst saveOrRestore(const MipsNames &N, const MCSubtargetInfo &STI,
                            const SavedRegister &S, bool Restore) {
  bool Is64Bit = is64Bit(STI);
  MCRegister SP = Is64Bit ? N.SP_64 : N.SP;
  unsigned Opcode;
  if (isInClass(N.AFGR64, S.Reg))
    Opcode = Restore ? N.LDC1 : N.SDC1;
  else if (isInClass(N.FGR64, S.Reg))
    Opcode = Restore ? N.LDC164 : N.SDC164;
  else if (Is64Bit)
    Opcode = Restore ? N.LD : N.SD;
  else
    Opcode = Restore ? N.LW : N.SW;
  return inst(Opcode, {reg(S.Reg), reg(SP), imm(S.Offset)});
}

static MCInst adjustStackPointer(const MipsNames &N, const MCSubtargetInfo &STI,
                                 int64_t Bytes) {
  if (is64Bit(STI))
    return inst(N.DADDiu, {reg(N.SP_64), reg(N.SP_64), imm(Bytes)});
  return inst(N.ADDiu, {reg(N.SP), reg(N.SP), imm(Bytes)});
}

Expected<std::vector<MCInst>>
MipsExegesisTarget::generatePrologue(const LLVMState &State,
                                     ArrayRef<MCRegister> Clobbered) const {
  const MipsNames &N = MipsNames::get();
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  Expected<FrameLayout> Frame = getFrameLayout(State, Clobbered);
  if (!Frame)
    return Frame.takeError();
  std::vector<MCInst> Out;
  if (Frame->Size == 0)
    return Out;
  Out.push_back(adjustStackPointer(N, STI, -int64_t(Frame->Size)));
  for (const SavedRegister &S : Frame->Saved)
    Out.push_back(saveOrRestore(N, STI, S, /*Restore=*/false));
  return Out;
}

Expected<std::vector<MCInst>>
MipsExegesisTarget::generateEpilogue(const LLVMState &State,
                                     ArrayRef<MCRegister> Clobbered) const {
  const MipsNames &N = MipsNames::get();
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  Expected<FrameLayout> Frame = getFrameLayout(State, Clobbered);
  if (!Frame)
    return Frame.takeError();
  std::vector<MCInst> Out;
  if (Frame->Size != 0) {
    for (const SavedRegister &S : reverse(Frame->Saved))
      Out.push_back(saveOrRestore(N, STI, S, /*Restore=*/true));
    Out.push_back(adjustStackPointer(N, STI, Frame->Size));
  }
  // Release 6 has no JR: its `jr` is JALR with $zero as the link register.
  bool Is64Bit = is64Bit(STI);
  if (isRelease6(STI))
    Out.push_back(Is64Bit ? inst(N.JALR64, {reg(N.ZERO_64), reg(N.RA_64)})
                          : inst(N.JALR, {reg(N.ZERO), reg(N.RA)}));
  else
    Out.push_back(Is64Bit ? inst(N.JR64, {reg(N.RA_64)})
                          : inst(N.JR, {reg(N.RA)}));
  return Out;
}

Expected<std::vector<MCInst>> MipsExegesisTarget::decrementLoopCounterAndBranch(
    MCRegister Counter, const MCExpr *LoopStart) const {
  const MipsNames &N = MipsNames::get();
  bool Wide = isInClass(N.GPR64, Counter);
  if ((!Wide && !isInClass(N.GPR32, Counter)) || Counter == N.ZERO ||
      Counter == N.ZERO_64 || Counter == N.SP || Counter == N.SP_64 ||
      is_contained(N.NotOurs, Counter))
    return createStringError(inconvertibleErrorCode(),
                             "loop register " + N.name(Counter) +
                                 " is not a writable general-purpose register");
  std::vector<MCInst> Out;
  Out.push_back(
      inst(Wide ? N.DADDiu : N.ADDiu, {reg(Counter), reg(Counter), imm(-1)}));
  Out.push_back(inst(Wide ? N.BNE64 : N.BNE,
                     {reg(Counter), reg(Wide ? N.ZERO_64 : N.ZERO),
                      MCOperand::createExpr(LoopStart)}));
  // The branch's delay slot.
  Out.push_back(inst(N.SLL, {reg(N.ZERO), reg(N.ZERO), imm(0)}));
  return Out;
}

const ExegesisTarget *getTheMipsExegesisTarget() {
  static const MipsExegesisTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
