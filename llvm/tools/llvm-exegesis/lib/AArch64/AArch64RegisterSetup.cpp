//===-- AArch64/AArch64RegisterSetup.cpp ------------------------*- C++ -*-===//

#include "AArch64/AArch64RegisterSetup.h"
#include "AArch64/AArch64Names.h"
#include "Core/InstructionShorthand.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/MathExtras.h"
#include <optional>

namespace llvm {
namespace exegesis {

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

namespace {
/// What one register's set-up may write besides the register itself.
struct SetUpContext {
  const AArch64Names &N;
  const MCSubtargetInfo &STI;
  MCRegister Reg;
  /// Registers that hold, or will hold, values the snippet reads.
  ArrayRef<MCRegister> Keep;

  /// The first \p Count temporaries that overlap no register of Keep.
  Expected<SmallVector<MCRegister, 2>> temporaries(unsigned Count) const {
    const MCRegisterInfo &RI = N.Table.getRegInfo();
    SmallVector<MCRegister, 2> Temps;
    for (MCRegister T : N.SetUpTemporaries) {
      if (any_of(Keep, [&](MCRegister K) { return RI.regsOverlap(K, T); }))
        continue;
      Temps.push_back(T);
      if (Temps.size() == Count)
        return Temps;
    }
    return cannotSet(N, Reg,
                     "every temporary it would pass through (X8-X17) holds a "
                     "value the snippet reads");
  }
};
} // namespace

/// MOVZ for the lowest non-zero 16 bits (`mov x9, #0xf0000000` in one
/// instruction, as upstream), or zero, then MOVK for every other non-zero
/// 16 bits.
static void moveWideImmediate(const AArch64Names &N, MCRegister Reg,
                              uint64_t Value, bool Is64Bit,
                              std::vector<MCInst> &Out) {
  unsigned Chunks = Is64Bit ? 4 : 2;
  bool First = true;
  for (unsigned I = 0; I < Chunks; ++I) {
    uint64_t Chunk = (Value >> (16 * I)) & 0xffff;
    if (!Chunk && (Value || I > 0))
      continue;
    if (First)
      Out.push_back(inst(Is64Bit ? N.MOVZXi : N.MOVZWi,
                         {reg(Reg), imm(Chunk), imm(16 * I)}));
    else
      Out.push_back(inst(Is64Bit ? N.MOVKXi : N.MOVKWi,
                         {reg(Reg), reg(Reg), imm(Chunk), imm(16 * I)}));
    First = false;
  }
}

/// The 8-bit immediate of MOVI Dd / MOVI Vd.2D for \p Value: bit I set for
/// byte I all ones, clear for all zeros; nullopt when some byte is neither.
static std::optional<unsigned> byteMaskImmediate(uint64_t Value) {
  unsigned Mask = 0;
  for (unsigned I = 0; I < 8; ++I) {
    uint64_t Byte = (Value >> (8 * I)) & 0xff;
    if (Byte == 0xff)
      Mask |= 1u << I;
    else if (Byte != 0)
      return std::nullopt;
  }
  return Mask;
}

/// Sets the D register \p DReg to \p Value, which zeroes the rest of its Q
/// register.
static Error setLow64(const SetUpContext &C, MCRegister DReg, uint64_t Value,
                      std::vector<MCInst> &Out) {
  if (std::optional<unsigned> Mask = byteMaskImmediate(Value)) {
    Out.push_back(inst(C.N.MOVID, {reg(DReg), imm(*Mask)}));
    return Error::success();
  }
  Expected<SmallVector<MCRegister, 2>> Temp = C.temporaries(1);
  if (!Temp)
    return Temp.takeError();
  moveWideImmediate(C.N, (*Temp)[0], Value, /*Is64Bit=*/true, Out);
  Out.push_back(inst(C.N.FMOVXDr, {reg(DReg), reg((*Temp)[0])}));
  return Error::success();
}

static Expected<std::vector<MCInst>> setQ(const SetUpContext &C,
                                          const APInt &Value) {
  const AArch64Names &N = C.N;
  Expected<APInt> V = fitValue(N, C.Reg, Value, 128, ValueExtension::Sign);
  if (!V)
    return V.takeError();
  uint64_t Low = V->extractBitsAsZExtValue(64, 0);
  uint64_t High = V->extractBitsAsZExtValue(64, 64);
  std::vector<MCInst> Out;
  std::optional<unsigned> Mask = byteMaskImmediate(Low);
  if (Low == High && Mask) {
    Out.push_back(inst(N.MOVIv2d_ns, {reg(C.Reg), imm(*Mask)}));
    return Out;
  }
  if (Error E = setLow64(C, N.partIn(N.FPR64, C.Reg), Low, Out))
    return E;
  if (High) {
    Expected<SmallVector<MCRegister, 2>> Temp = C.temporaries(1);
    if (!Temp)
      return Temp.takeError();
    moveWideImmediate(N, (*Temp)[0], High, /*Is64Bit=*/true, Out);
    Out.push_back(
        inst(N.INSvi64gpr, {reg(C.Reg), reg(C.Reg), imm(1), reg((*Temp)[0])}));
  }
  return Out;
}

/// S, H and B registers: zero with MOVI on the D register, as upstream;
/// other values through the W half of a temporary, FMOV writing the S
/// register (the bits above a narrower register are zeroed).
static Expected<std::vector<MCInst>>
setNarrowFP(const SetUpContext &C, const APInt &Value, unsigned Bits) {
  const AArch64Names &N = C.N;
  Expected<APInt> V = fitValue(N, C.Reg, Value, Bits, ValueExtension::Sign);
  if (!V)
    return V.takeError();
  std::vector<MCInst> Out;
  MCRegister SReg = N.containerIn(N.FPR32, C.Reg);
  if (V->isZero()) {
    Out.push_back(inst(N.MOVID, {reg(N.containerIn(N.FPR64, SReg)), imm(0)}));
    return Out;
  }
  Expected<SmallVector<MCRegister, 2>> Temp = C.temporaries(1);
  if (!Temp)
    return Temp.takeError();
  MCRegister WTemp = N.partIn(N.GPR32, (*Temp)[0]);
  moveWideImmediate(N, WTemp, V->getZExtValue(), /*Is64Bit=*/false, Out);
  Out.push_back(inst(N.FMOVWSr, {reg(SReg), reg(WTemp)}));
  return Out;
}

static bool hasSVE(const MCSubtargetInfo &STI) {
  return STI.checkFeatures("+sve") || STI.checkFeatures("+sme");
}

static Expected<std::vector<MCInst>> setZ(const SetUpContext &C,
                                          const APInt &Value) {
  const AArch64Names &N = C.N;
  Expected<APInt> V = fitValue(N, C.Reg, Value, 64, ValueExtension::Sign);
  if (!V) {
    consumeError(V.takeError());
    return cannotSet(N, C.Reg,
                     "value 0x" + llvm::toString(Value, 16, false) +
                         " is wider than the 64-bit element a Z register "
                         "repeats (its vector length is unknown until it "
                         "runs)");
  }
  int64_t Element = V->getSExtValue();
  std::vector<MCInst> Out;
  if (isInt<8>(Element)) {
    Out.push_back(inst(N.DUP_ZI_D, {reg(C.Reg), imm(Element), imm(0)}));
  } else if (Element % 256 == 0 && isInt<8>(Element / 256)) {
    Out.push_back(inst(N.DUP_ZI_D, {reg(C.Reg), imm(Element / 256), imm(8)}));
  } else {
    Expected<SmallVector<MCRegister, 2>> Temp = C.temporaries(1);
    if (!Temp)
      return Temp.takeError();
    moveWideImmediate(N, (*Temp)[0], uint64_t(Element), /*Is64Bit=*/true, Out);
    Out.push_back(inst(N.DUP_ZR_D, {reg(C.Reg), reg((*Temp)[0])}));
  }
  return Out;
}

/// The widest predicate: one bit per byte of a 2048-bit vector.
constexpr unsigned MaxPredicateBits = 256;

/// Whether \p Value, for the predicate or FFR \p Reg, is all true (or all
/// false); an error for any other value.
static Expected<bool> predicateValue(const AArch64Names &N, MCRegister Reg,
                                     const APInt &Value) {
  Expected<APInt> V =
      fitValue(N, Reg, Value, MaxPredicateBits, ValueExtension::Sign);
  if (!V)
    return V.takeError();
  if (V->isZero() || V->isAllOnes())
    return !V->isZero();
  return cannotSet(N, Reg,
                   "a predicate can only be set all false (0) or all true "
                   "(all ones, e.g. ffff), not 0x" +
                       llvm::toString(Value, 16, false));
}

static Expected<std::vector<MCInst>> setP(const SetUpContext &C,
                                          const APInt &Value) {
  Expected<bool> AllTrue = predicateValue(C.N, C.Reg, Value);
  if (!AllTrue)
    return AllTrue.takeError();
  std::vector<MCInst> Out;
  if (*AllTrue)
    // Pattern 31 is ALL: every element of the vector length.
    Out.push_back(inst(C.N.PTRUE_B, {reg(C.Reg), imm(31)}));
  else
    Out.push_back(inst(C.N.PFALSE, {reg(C.Reg)}));
  return Out;
}

/// A predicate-as-counter register (PN8-PN15, what SVE2.1's and SME2's
/// multi-vector loads and stores are governed by): all true is PTRUE's
/// counter form, all false the zero of its P register.
static Expected<std::vector<MCInst>>
setPredicateAsCounter(const SetUpContext &C, const APInt &Value) {
  const AArch64Names &N = C.N;
  Expected<bool> AllTrue = predicateValue(N, C.Reg, Value);
  if (!AllTrue)
    return AllTrue.takeError();
  std::vector<MCInst> Out;
  if (!*AllTrue) {
    const MCRegisterInfo &RI = N.Table.getRegInfo();
    for (MCPhysReg P : *N.PPR)
      if (RI.regsOverlap(P, C.Reg)) {
        Out.push_back(inst(N.PFALSE, {reg(P)}));
        return Out;
      }
  } else if (isInClass(N.PNR_p8to15, C.Reg)) {
    Out.push_back(inst(N.PTRUE_C_B, {reg(C.Reg)}));
    return Out;
  }
  return cannotSet(N, C.Reg,
                   "only PN8-PN15 can be set all true (PTRUE's counter form)");
}

/// The first-fault register: SETFFR makes it all true, as a first-fault
/// load expects it; all false takes a predicate that holds no value the
/// snippet reads, through WRFFR.
static Expected<std::vector<MCInst>> setFFR(const SetUpContext &C,
                                            const APInt &Value) {
  const AArch64Names &N = C.N;
  Expected<bool> AllTrue = predicateValue(N, C.Reg, Value);
  if (!AllTrue)
    return AllTrue.takeError();
  std::vector<MCInst> Out;
  if (*AllTrue) {
    Out.push_back(inst(N.SETFFR, {}));
    return Out;
  }
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  for (MCPhysReg P : reverse(*N.PPR)) {
    if (any_of(C.Keep, [&](MCRegister K) { return RI.regsOverlap(K, P); }))
      continue;
    Out.push_back(inst(N.PFALSE, {reg(P)}));
    Out.push_back(inst(N.WRFFR, {reg(P)}));
    return Out;
  }
  return cannotSet(N, C.Reg,
                   "every predicate register holds a value the snippet reads");
}

/// MSR's and MRS's operand (op0:op1:CRn:CRm:op2) for the flags and the
/// floating-point control and status registers; 0 for any other.
static unsigned systemRegisterEncoding(const AArch64Names &N, MCRegister Reg) {
  if (Reg == N.NZCV)
    return 0xda10; // S3_3_C4_C2_0
  if (Reg == N.FPCR)
    return 0xda20; // S3_3_C4_C4_0
  if (Reg == N.FPSR)
    return 0xda21; // S3_3_C4_C4_1
  return 0;
}

/// The N, Z, C and V flags: bits 31 to 28 of NZCV.
constexpr uint64_t FlagBits = 0xf0000000;

/// NZCV as upstream sets it: read back, flags cleared, the value's flags
/// set, written.
static Expected<std::vector<MCInst>> setFlags(const SetUpContext &C,
                                              const APInt &Value) {
  const AArch64Names &N = C.N;
  Expected<APInt> V = fitValue(N, C.Reg, Value, 64, ValueExtension::Zero);
  if (!V)
    return V.takeError();
  uint64_t Flags = V->getZExtValue();
  if (Flags & ~FlagBits)
    return cannotSet(N, C.Reg,
                     "NZCV holds only the flags N, Z, C and V (bits 31 to "
                     "28), not 0x" +
                         utohexstr(Flags & ~FlagBits, /*LowerCase=*/true));
  Expected<SmallVector<MCRegister, 2>> Temps = C.temporaries(2);
  if (!Temps)
    return Temps.takeError();
  MCRegister Old = (*Temps)[0], Bits = (*Temps)[1];
  unsigned SysReg = systemRegisterEncoding(N, C.Reg);
  std::vector<MCInst> Out;
  Out.push_back(inst(N.MRS, {reg(Old), imm(SysReg)}));
  moveWideImmediate(N, Bits, FlagBits, /*Is64Bit=*/true, Out);
  Out.push_back(inst(N.BICXrs, {reg(Old), reg(Old), reg(Bits), imm(0)}));
  if (Flags) {
    moveWideImmediate(N, Bits, Flags, /*Is64Bit=*/true, Out);
    Out.push_back(inst(N.ORRXrs, {reg(Old), reg(Old), reg(Bits), imm(0)}));
  }
  Out.push_back(inst(N.MSR, {imm(SysReg), reg(Old)}));
  return Out;
}

/// The registers of a list or pair (Q0_Q1, D2_D3_D4, X2_X3, W4_W5, Z0_Z1,
/// P0_P1), in order, or an empty list when \p Reg is none.
static SmallVector<MCRegister, 4> listMembers(const AArch64Names &N,
                                              MCRegister Reg) {
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  // Widest first: the sub-registers of Z0_Z1 include Q0 and Q1.
  for (const MCRegisterClass *Class :
       {N.ZPR, N.PPR, N.FPR128, N.FPR64, N.GPR64, N.GPR32}) {
    SmallVector<MCRegister, 4> Members;
    for (MCRegister Sub : RI.subregs(Reg))
      if (isInClass(Class, Sub))
        Members.push_back(Sub);
    if (Members.size() > 1)
      return Members;
  }
  return {};
}

static Expected<std::vector<MCInst>> setRegister(const SetUpContext &C,
                                                 const APInt &Value) {
  const AArch64Names &N = C.N;
  MCRegister Reg = C.Reg;
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  std::vector<MCInst> Out;
  if (RI.regsOverlap(Reg, N.SP) || RI.regsOverlap(Reg, N.XZR))
    return cannotSet(N, Reg, "not a writable general-purpose register");
  if (C.STI.getTargetTriple().isOSWindows() && RI.regsOverlap(Reg, N.X18))
    return cannotSet(N, Reg,
                     "Windows keeps the thread environment block in X18");
  if (isInClass(N.GPR64, Reg) || isInClass(N.GPR32, Reg)) {
    bool Is64Bit = isInClass(N.GPR64, Reg);
    Expected<APInt> V =
        fitValue(N, Reg, Value, Is64Bit ? 64 : 32, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    moveWideImmediate(N, Reg, V->getZExtValue(), Is64Bit, Out);
    return Out;
  }
  if (isInClass(N.FPR128, Reg))
    return setQ(C, Value);
  if (isInClass(N.FPR64, Reg)) {
    Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    if (Error E = setLow64(C, Reg, V->getZExtValue(), Out))
      return E;
    return Out;
  }
  if (isInClass(N.FPR32, Reg))
    return setNarrowFP(C, Value, 32);
  if (isInClass(N.FPR16, Reg))
    return setNarrowFP(C, Value, 16);
  if (isInClass(N.FPR8, Reg))
    return setNarrowFP(C, Value, 8);
  bool IsSVE = isInClass(N.ZPR, Reg) || isInClass(N.PPR, Reg) ||
               isInClass(N.PNR, Reg) || Reg == N.FFR;
  if (IsSVE && !hasSVE(C.STI))
    return cannotSet(N, Reg,
                     "SVE registers need a CPU with SVE (e.g. "
                     "-mcpu=neoverse-v2 or -mattr=+sve)");
  if (isInClass(N.ZPR, Reg))
    return setZ(C, Value);
  if (isInClass(N.PPR, Reg))
    return setP(C, Value);
  if (isInClass(N.PNR, Reg))
    return setPredicateAsCounter(C, Value);
  if (Reg == N.FFR)
    return setFFR(C, Value);
  if (Reg == N.NZCV)
    return setFlags(C, Value);
  if (unsigned SystemRegister = systemRegisterEncoding(N, Reg)) {
    Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    Expected<SmallVector<MCRegister, 2>> Temp = C.temporaries(1);
    if (!Temp)
      return Temp.takeError();
    moveWideImmediate(N, (*Temp)[0], V->getZExtValue(), /*Is64Bit=*/true, Out);
    Out.push_back(inst(N.MSR, {imm(SystemRegister), reg((*Temp)[0])}));
    return Out;
  }
  SmallVector<MCRegister, 4> Members = listMembers(N, Reg);
  if (Members.empty())
    return cannotSet(N, Reg,
                     "only X, W, B, H, S, D, Q, SVE Z, P and PN registers, "
                     "lists and pairs of them, FFR, NZCV, FPCR and FPSR can "
                     "be set on AArch64");
  for (MCRegister Member : Members) {
    SetUpContext MemberContext = C;
    MemberContext.Reg = Member;
    Expected<std::vector<MCInst>> Insts = setRegister(MemberContext, Value);
    if (!Insts)
      return Insts.takeError();
    llvm::append_range(Out, *Insts);
  }
  return Out;
}

Expected<std::vector<MCInst>> setAArch64Register(const MCSubtargetInfo &STI,
                                                 MCRegister Reg,
                                                 const APInt &Value,
                                                 ArrayRef<MCRegister> Keep) {
  return setRegister(SetUpContext{AArch64Names::get(), STI, Reg, Keep}, Value);
}

} // namespace exegesis
} // namespace llvm
