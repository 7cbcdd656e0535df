//===-- AArch64/AArch64RegisterSetup.cpp ------------------------*- C++ -*-===//

#include "AArch64RegisterSetup.h"
#include "../InstructionShorthand.h"
#include "AArch64Names.h"
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
static void setLow64(const AArch64Names &N, MCRegister DReg, uint64_t Value,
                     std::vector<MCInst> &Out) {
  if (std::optional<unsigned> Mask = byteMaskImmediate(Value)) {
    Out.push_back(inst(N.MOVID, {reg(DReg), imm(*Mask)}));
    return;
  }
  moveWideImmediate(N, N.X16, Value, /*Is64Bit=*/true, Out);
  Out.push_back(inst(N.FMOVXDr, {reg(DReg), reg(N.X16)}));
}

static Expected<std::vector<MCInst>> setQ(const AArch64Names &N, MCRegister Reg,
                                          const APInt &Value) {
  Expected<APInt> V = fitValue(N, Reg, Value, 128, ValueExtension::Sign);
  if (!V)
    return V.takeError();
  uint64_t Low = V->extractBitsAsZExtValue(64, 0);
  uint64_t High = V->extractBitsAsZExtValue(64, 64);
  std::vector<MCInst> Out;
  std::optional<unsigned> Mask = byteMaskImmediate(Low);
  if (Low == High && Mask) {
    Out.push_back(inst(N.MOVIv2d_ns, {reg(Reg), imm(*Mask)}));
    return Out;
  }
  setLow64(N, N.partIn(N.FPR64, Reg), Low, Out);
  if (High) {
    moveWideImmediate(N, N.X16, High, /*Is64Bit=*/true, Out);
    Out.push_back(inst(N.INSvi64gpr, {reg(Reg), reg(Reg), imm(1), reg(N.X16)}));
  }
  return Out;
}

/// S, H and B registers: zero with MOVI on the D register, as upstream;
/// other values through W16, FMOV writing the S register (the bits above a
/// narrower register are zeroed).
static Expected<std::vector<MCInst>> setNarrowFP(const AArch64Names &N,
                                                 MCRegister Reg,
                                                 const APInt &Value,
                                                 unsigned Bits) {
  Expected<APInt> V = fitValue(N, Reg, Value, Bits, ValueExtension::Sign);
  if (!V)
    return V.takeError();
  std::vector<MCInst> Out;
  MCRegister SReg = N.containerIn(N.FPR32, Reg);
  if (V->isZero()) {
    Out.push_back(inst(N.MOVID, {reg(N.containerIn(N.FPR64, SReg)), imm(0)}));
    return Out;
  }
  moveWideImmediate(N, N.W16, V->getZExtValue(), /*Is64Bit=*/false, Out);
  Out.push_back(inst(N.FMOVWSr, {reg(SReg), reg(N.W16)}));
  return Out;
}

static bool hasSVE(const MCSubtargetInfo &STI) {
  return STI.checkFeatures("+sve") || STI.checkFeatures("+sme");
}

static Expected<std::vector<MCInst>> setZ(const AArch64Names &N, MCRegister Reg,
                                          const APInt &Value) {
  Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Sign);
  if (!V) {
    consumeError(V.takeError());
    return cannotSet(N, Reg,
                     "value 0x" + llvm::toString(Value, 16, false) +
                         " is wider than the 64-bit element a Z register "
                         "repeats (its vector length is unknown until it "
                         "runs)");
  }
  int64_t Element = V->getSExtValue();
  std::vector<MCInst> Out;
  if (isInt<8>(Element)) {
    Out.push_back(inst(N.DUP_ZI_D, {reg(Reg), imm(Element), imm(0)}));
  } else if (Element % 256 == 0 && isInt<8>(Element / 256)) {
    Out.push_back(inst(N.DUP_ZI_D, {reg(Reg), imm(Element / 256), imm(8)}));
  } else {
    moveWideImmediate(N, N.X16, uint64_t(Element), /*Is64Bit=*/true, Out);
    Out.push_back(inst(N.DUP_ZR_D, {reg(Reg), reg(N.X16)}));
  }
  return Out;
}

/// The widest predicate: one bit per byte of a 2048-bit vector.
constexpr unsigned MaxPredicateBits = 256;

static Expected<std::vector<MCInst>> setP(const AArch64Names &N, MCRegister Reg,
                                          const APInt &Value) {
  Expected<APInt> V =
      fitValue(N, Reg, Value, MaxPredicateBits, ValueExtension::Sign);
  if (!V)
    return V.takeError();
  std::vector<MCInst> Out;
  if (V->isZero())
    Out.push_back(inst(N.PFALSE, {reg(Reg)}));
  else if (V->isAllOnes())
    // Pattern 31 is ALL: every element of the vector length.
    Out.push_back(inst(N.PTRUE_B, {reg(Reg), imm(31)}));
  else
    return cannotSet(N, Reg,
                     "a predicate can only be set all false (0) or all "
                     "true (all ones, e.g. ffff), not 0x" +
                         llvm::toString(Value, 16, false));
  return Out;
}

/// MSR's system register operand (op0:op1:CRn:CRm:op2) for the flags and
/// the floating-point control and status registers; 0 for any other.
static unsigned systemRegisterEncoding(const AArch64Names &N, MCRegister Reg) {
  if (Reg == N.NZCV)
    return 0xda10; // S3_3_C4_C2_0
  if (Reg == N.FPCR)
    return 0xda20; // S3_3_C4_C4_0
  if (Reg == N.FPSR)
    return 0xda21; // S3_3_C4_C4_1
  return 0;
}

Expected<std::vector<MCInst>> setAArch64Register(const MCSubtargetInfo &STI,
                                                 MCRegister Reg,
                                                 const APInt &Value) {
  const AArch64Names &N = AArch64Names::get();
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  std::vector<MCInst> Out;
  if (RI.regsOverlap(Reg, N.SP) || RI.regsOverlap(Reg, N.XZR))
    return cannotSet(N, Reg, "not a writable general-purpose register");
  if (STI.getTargetTriple().isOSWindows() && RI.regsOverlap(Reg, N.X18))
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
    return setQ(N, Reg, Value);
  if (isInClass(N.FPR64, Reg)) {
    Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    setLow64(N, Reg, V->getZExtValue(), Out);
    return Out;
  }
  if (isInClass(N.FPR32, Reg))
    return setNarrowFP(N, Reg, Value, 32);
  if (isInClass(N.FPR16, Reg))
    return setNarrowFP(N, Reg, Value, 16);
  if (isInClass(N.FPR8, Reg))
    return setNarrowFP(N, Reg, Value, 8);
  if (isInClass(N.ZPR, Reg) || isInClass(N.PPR, Reg)) {
    if (!hasSVE(STI))
      return cannotSet(N, Reg,
                       "SVE registers need a CPU with SVE (e.g. "
                       "-mcpu=neoverse-v2 or -mattr=+sve)");
    return isInClass(N.ZPR, Reg) ? setZ(N, Reg, Value) : setP(N, Reg, Value);
  }
  if (unsigned SystemRegister = systemRegisterEncoding(N, Reg)) {
    Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    moveWideImmediate(N, N.X16, V->getZExtValue(), /*Is64Bit=*/true, Out);
    Out.push_back(inst(N.MSR, {imm(SystemRegister), reg(N.X16)}));
    return Out;
  }
  return cannotSet(N, Reg,
                   "only X, W, B, H, S, D, Q, SVE Z and P registers, NZCV, "
                   "FPCR and FPSR can be set on AArch64");
}

bool aarch64SetUpMayWriteX16(MCRegister Reg) {
  const AArch64Names &N = AArch64Names::get();
  return !isInClass(N.GPR64, Reg) && !isInClass(N.GPR32, Reg);
}

} // namespace exegesis
} // namespace llvm
