//===-- RISCV/RISCVRegisterSetup.cpp ----------------------------*- C++ -*-===//

#include "RISCV/RISCVRegisterSetup.h"
#include "Core/InstructionShorthand.h"
#include "RISCV/RISCVVectorLength.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

namespace llvm {
namespace exegesis {

using shorthand::imm;
using shorthand::inst;
using shorthand::reg;

void materialize(const RISCVNames &N, MCRegister Reg, int64_t Value,
                 bool Is64Bit, std::vector<MCInst> &Out) {
  if (!Is64Bit || isInt<32>(Value)) {
    int64_t Lo12 = SignExtend64<12>(Value);
    // Bits 31..12 once the low part's sign is accounted for; wraps to 20
    // bits, which LUI sign-extends on riscv64 as the value needs.
    int64_t Hi20 = ((uint64_t(Value) + 0x800) >> 12) & 0xfffff;
    if (Hi20 == 0) {
      Out.push_back(inst(N.ADDI, {reg(Reg), reg(N.X0), imm(Lo12)}));
      return;
    }
    Out.push_back(inst(N.LUI, {reg(Reg), imm(Hi20)}));
    if (Lo12 != 0)
      Out.push_back(
          inst(Is64Bit ? N.ADDIW : N.ADDI, {reg(Reg), reg(Reg), imm(Lo12)}));
    return;
  }
  int64_t Lo12 = SignExtend64<12>(Value);
  uint64_t High = uint64_t(Value) - uint64_t(Lo12);
  unsigned Shift = llvm::countr_zero(High);
  materialize(N, Reg, int64_t(High) >> Shift, Is64Bit, Out);
  Out.push_back(inst(N.SLLI, {reg(Reg), reg(Reg), imm(Shift)}));
  if (Lo12 != 0)
    Out.push_back(inst(N.ADDI, {reg(Reg), reg(Reg), imm(Lo12)}));
}

static Error cannotSet(const RISCVNames &N, MCRegister Reg, const Twine &Why) {
  return makeCannotSetRegisterError(N.Table.getRegInfo(), Reg, Why);
}

/// The widest vector whose bytes fit below the stack pointer with one ADDI
/// and are addressed with 12-bit offsets.
static constexpr unsigned MaxSettableVectorBits = 16384;

/// Sets the VLEN x \p GroupSize bits of vector register (group) \p Reg:
/// `vsetvli t5, x0, e8, m<GroupSize>, ta, ma` makes VL the whole group,
/// then either `vmv.v.i` for zero or `vle8.v` of the value stored below the
/// stack pointer, into \p First, the group's first register. The snippet
/// finds vtype at e8 and must set its own.
static Error setVectorRegister(const RISCVNames &N, const MCSubtargetInfo &STI,
                               MCRegister Reg, MCRegister First,
                               unsigned GroupSize, const APInt &Value,
                               std::vector<MCInst> &Out) {
  unsigned VLen = getRISCVVectorLength(STI) * GroupSize;
  if (VLen == 0)
    return cannotSet(N, Reg, "needs the V extension (-mattr=+v)");
  if (VLen > MaxSettableVectorBits)
    return cannotSet(N, Reg,
                     "VLEN " + Twine(VLen) + " is wider than the " +
                         Twine(MaxSettableVectorBits) + " bits supported");
  Expected<APInt> V = fitRegisterValue(N.Table.getRegInfo(), Reg, Value, VLen,
                                       ValueExtension::Sign);
  if (!V)
    return V.takeError();
  // e8, m<GroupSize>, tail and mask agnostic.
  constexpr int64_t VTypeE8M1TaMa = 0xc0;
  int64_t VType = VTypeE8M1TaMa | Log2_32(GroupSize);
  Out.push_back(inst(N.VSETVLI, {reg(N.T5), reg(N.X0), imm(VType)}));
  if (V->isZero()) {
    Out.push_back(inst(N.VMV_V_I, {reg(First), imm(0)}));
    return Error::success();
  }
  bool Is64Bit = is64Bit(STI);
  unsigned XBits = Is64Bit ? 64 : 32;
  int64_t Bytes = alignTo(VLen / 8, 16);
  Out.push_back(inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(-Bytes)}));
  for (unsigned Bit = 0; Bit < VLen; Bit += XBits) {
    uint64_t Chunk =
        V->extractBitsAsZExtValue(std::min(XBits, VLen - Bit), Bit);
    if (Chunk == 0) {
      Out.push_back(
          inst(Is64Bit ? N.SD : N.SW, {reg(N.X0), reg(N.SP), imm(Bit / 8)}));
      continue;
    }
    materialize(N, N.T5,
                Is64Bit ? int64_t(Chunk) : int64_t(int32_t(uint32_t(Chunk))),
                Is64Bit, Out);
    Out.push_back(
        inst(Is64Bit ? N.SD : N.SW, {reg(N.T5), reg(N.SP), imm(Bit / 8)}));
  }
  Out.push_back(inst(N.VLE8_V, {reg(First), reg(N.SP), reg(MCRegister())}));
  Out.push_back(inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(Bytes)}));
  return Error::success();
}

Expected<std::vector<MCInst>> setRISCVRegister(const MCSubtargetInfo &STI,
                                               MCRegister Reg,
                                               const APInt &Value) {
  const RISCVNames &N = RISCVNames::get();
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  bool Is64Bit = is64Bit(STI);
  unsigned XLen = Is64Bit ? 64 : 32;
  std::vector<MCInst> Out;
  if (Reg == N.X0)
    return cannotSet(N, Reg, "hard-wired to zero");
  if (Reg == N.SP)
    return cannotSet(N, Reg, "the stack pointer");
  if (Reg == N.GP || Reg == N.TP)
    return cannotSet(N, Reg,
                     "the global and thread pointers belong to the process, "
                     "not to the function");
  if (isInClass(N.GPR, Reg)) {
    Expected<APInt> V =
        fitRegisterValue(RI, Reg, Value, XLen, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    materialize(N, Reg, V->getSExtValue(), Is64Bit, Out);
    return Out;
  }
  auto NeedsExtension = [&](StringRef Feature, StringRef Ext) -> Error {
    if (STI.checkFeatures(("+" + Feature).str()))
      return Error::success();
    return cannotSet(
        N, Reg, "needs the " + Ext + " extension (-mattr=+" + Feature + ")");
  };
  if (isInClass(N.FPR64, Reg)) {
    if (Error E = NeedsExtension("d", "D"))
      return E;
    Expected<APInt> V =
        fitRegisterValue(RI, Reg, Value, 64, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    uint64_t Bits = V->getZExtValue();
    if (Is64Bit) {
      if (Bits == 0) {
        Out.push_back(inst(N.FMV_D_X, {reg(Reg), reg(N.X0)}));
        return Out;
      }
      materialize(N, N.T5, int64_t(Bits), true, Out);
      Out.push_back(inst(N.FMV_D_X, {reg(Reg), reg(N.T5)}));
      return Out;
    }
    // riscv32: +0.0 converts exactly from an integer zero, set in x30 as
    // upstream does; other bit patterns are stored as two words below the
    // stack pointer and loaded back.
    if (Bits == 0) {
      materialize(N, N.T5, 0, false, Out);
      Out.push_back(inst(N.FCVT_D_W, {reg(Reg), reg(N.T5), imm(0)}));
      return Out;
    }
    Out.push_back(inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(-16)}));
    for (unsigned Word = 0; Word < 2; ++Word) {
      materialize(N, N.T5, int64_t(int32_t(uint32_t(Bits >> (32 * Word)))),
                  false, Out);
      Out.push_back(inst(N.SW, {reg(N.T5), reg(N.SP), imm(4 * Word)}));
    }
    Out.push_back(inst(N.FLD, {reg(Reg), reg(N.SP), imm(0)}));
    Out.push_back(inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(16)}));
    return Out;
  }
  if (isInClass(N.FPR32, Reg) || isInClass(N.FPR16, Reg)) {
    bool IsHalf = isInClass(N.FPR16, Reg);
    if (Error E = IsHalf ? NeedsExtension("zfhmin", "Zfhmin")
                         : NeedsExtension("f", "F"))
      return E;
    Expected<APInt> V = fitRegisterValue(RI, Reg, Value, IsHalf ? 16 : 32,
                                         ValueExtension::Sign);
    if (!V)
      return V.takeError();
    unsigned Move = IsHalf ? N.FMV_H_X : N.FMV_W_X;
    if (V->isZero()) {
      Out.push_back(inst(Move, {reg(Reg), reg(N.X0)}));
      return Out;
    }
    // The low bits are what the move takes; sign-extending them keeps the
    // sequence short.
    materialize(N, N.T5, V->getSExtValue(), Is64Bit, Out);
    Out.push_back(inst(Move, {reg(Reg), reg(N.T5)}));
    return Out;
  }
  if (isInClass(N.VR, Reg)) {
    if (Error E = setVectorRegister(N, STI, Reg, Reg, 1, Value, Out))
      return E;
    return Out;
  }
  for (auto [Class, GroupSize] :
       {std::pair(N.VRM2, 2u), std::pair(N.VRM4, 4u), std::pair(N.VRM8, 8u)}) {
    if (!isInClass(Class, Reg))
      continue;
    MCRegister First;
    for (MCRegister Sub : RI.subregs(Reg))
      if (isInClass(N.VR, Sub) &&
          RI.getEncodingValue(Sub) == RI.getEncodingValue(Reg))
        First = Sub;
    if (!First.isValid())
      break;
    if (Error E = setVectorRegister(N, STI, Reg, First, GroupSize, Value, Out))
      return E;
    return Out;
  }
  return cannotSet(N, Reg, "not supported on RISC-V");
}

Expected<std::vector<MCInst>>
setRISCVRegisters(const MCSubtargetInfo &STI, ArrayRef<RegisterValue> Values) {
  const RISCVNames &N = RISCVNames::get();
  // Values that pass through X30 go first, so that a value the snippet asks
  // for in X30 itself is not overwritten.
  auto ThroughT5 = [&](MCRegister Reg) { return !isInClass(N.GPR, Reg); };
  std::vector<MCInst> Out;
  for (bool First : {true, false})
    for (const RegisterValue &RV : Values) {
      if (ThroughT5(RV.Register) != First)
        continue;
      Expected<std::vector<MCInst>> Insts =
          setRISCVRegister(STI, RV.Register, RV.Value);
      if (!Insts)
        return Insts.takeError();
      llvm::append_range(Out, *Insts);
    }
  return Out;
}

} // namespace exegesis
} // namespace llvm
