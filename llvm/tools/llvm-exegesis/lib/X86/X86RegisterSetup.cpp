//===-- X86/X86RegisterSetup.cpp --------------------------------*- C++ -*-===//

#include "X86/X86RegisterSetup.h"
#include "X86/X86Names.h"
#include "X86/X86SegmentBases.h"
#include "X86/X86StackCode.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include <optional>

namespace llvm {
namespace exegesis {

using x86::adjustStack;
using x86::inst;
using x86::loadFromStackTop;
using x86::moveImmediate;
using x86::onStackTop;
using x86::pushValue;

static Error cannotSet(const X86Names &N, MCRegister Reg, const Twine &Why) {
  return makeCannotSetRegisterError(N.Table.getRegInfo(), Reg, Why);
}

static Expected<APInt> fitValue(const X86Names &N, MCRegister Reg,
                                const APInt &Value, unsigned Bits,
                                ValueExtension Extension) {
  return fitRegisterValue(N.Table.getRegInfo(), Reg, Value, Bits, Extension);
}

static bool has(const MCSubtargetInfo &STI, StringRef Feature) {
  return STI.checkFeatures(("+" + Feature).str());
}

/// \p Value written below the stack pointer and loaded into \p Reg with
/// \p Opcode.
static Expected<std::vector<MCInst>>
loadViaStack(const X86Names &N, MCRegister Reg, const APInt &Value,
             unsigned Bits, unsigned Opcode, ValueExtension Extension) {
  Expected<APInt> V = fitValue(N, Reg, Value, Bits, Extension);
  if (!V)
    return V.takeError();
  std::vector<MCInst> Out;
  unsigned Bytes = alignTo(Bits / 8, 8);
  pushValue(N, *V, Bytes, Out);
  Out.push_back(loadFromStackTop(N, Opcode, Reg));
  Out.push_back(adjustStack(N, Bytes));
  return Out;
}

/// The same for ldmxcsr and fldcw, which name the register in the opcode,
/// not as an operand.
static Expected<std::vector<MCInst>>
loadControlWord(const X86Names &N, MCRegister Reg, const APInt &Value,
                unsigned Bits, unsigned Opcode) {
  Expected<APInt> V = fitValue(N, Reg, Value, Bits, ValueExtension::Zero);
  if (!V)
    return V.takeError();
  std::vector<MCInst> Out;
  pushValue(N, *V, 8, Out);
  Out.push_back(onStackTop(N, Opcode));
  Out.push_back(adjustStack(N, 8));
  return Out;
}

/// An XMM, YMM or ZMM register, with the load its features allow.
static Expected<std::vector<MCInst>>
setVectorRegister(const X86Names &N, const MCSubtargetInfo &STI, MCRegister Reg,
                  const APInt &Value) {
  auto Load = [&](unsigned Bits, unsigned Opcode) {
    return loadViaStack(N, Reg, Value, Bits, Opcode, ValueExtension::Sign);
  };
  // XMM16-31 and YMM16-31 exist only with AVX-512 and only EVEX reaches them.
  bool IsUpperVector = N.Table.getRegInfo().getEncodingValue(Reg) >= 16;
  if (isInClass(N.VR512, Reg)) {
    if (!has(STI, "avx512f"))
      return cannotSet(N, Reg, "needs AVX512F");
    return Load(512, N.VMOVDQU32Zrm);
  }
  if (isInClass(N.VR256X, Reg)) {
    if (IsUpperVector) {
      if (!has(STI, "avx512vl"))
        return cannotSet(N, Reg, "needs AVX512VL");
      return Load(256, N.VMOVDQU32Z256rm);
    }
    if (!has(STI, "avx"))
      return cannotSet(N, Reg, "needs AVX");
    return Load(256, N.VMOVDQUYrm);
  }
  if (IsUpperVector) {
    if (!has(STI, "avx512vl"))
      return cannotSet(N, Reg, "needs AVX512VL");
    return Load(128, N.VMOVDQU32Z128rm);
  }
  if (has(STI, "avx"))
    return Load(128, N.VMOVDQUrm);
  if (!has(STI, "sse2"))
    return cannotSet(N, Reg, "needs SSE2");
  return Load(128, N.MOVDQUrm);
}

/// An AVX-512 mask register.
static Expected<std::vector<MCInst>> setMaskRegister(const X86Names &N,
                                                     const MCSubtargetInfo &STI,
                                                     MCRegister Reg,
                                                     const APInt &Value) {
  Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Zero);
  if (!V)
    return V.takeError();
  // KMOVW reaches 16 bits with AVX512F alone; wider masks need AVX512BW.
  if (V->isIntN(16) && has(STI, "avx512f") && !has(STI, "avx512bw"))
    return loadViaStack(N, Reg, Value, 64, N.KMOVWkm, ValueExtension::Zero);
  if (!has(STI, "avx512bw"))
    return cannotSet(N, Reg,
                     V->isIntN(16) ? "needs AVX512F"
                                   : "a value wider than 16 bits needs "
                                     "AVX512BW");
  return loadViaStack(N, Reg, Value, 64, N.KMOVQkm, ValueExtension::Zero);
}

/// The instructions that push one 80-bit value onto the x87 stack.
static std::vector<MCInst> pushX87(const X86Names &N, const APInt &Value) {
  std::vector<MCInst> Out;
  pushValue(N, Value, 16, Out);
  Out.push_back(onStackTop(N, N.LD_F80m));
  Out.push_back(adjustStack(N, 16));
  return Out;
}

Expected<std::vector<MCInst>>
setX86Register(const MCSubtargetInfo &STI, MCRegister Reg, const APInt &Value) {
  const X86Names &N = X86Names::get();
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  if (RI.regsOverlap(Reg, N.RSP) && Reg != N.RSP)
    return cannotSet(N, Reg,
                     "only the whole stack pointer (RSP) can be defined");
  if (RI.regsOverlap(Reg, N.RSP) || RI.regsOverlap(Reg, N.RIP))
    return cannotSet(N, Reg, "the generated function needs it unchanged");

  // General-purpose registers take their value as an immediate.
  struct GPRKind {
    const MCRegisterClass *RC;
    unsigned Opcode;
    unsigned Bits;
  };
  for (const GPRKind &K :
       {GPRKind{N.GR8, N.MOV8ri, 8}, GPRKind{N.GR16, N.MOV16ri, 16},
        GPRKind{N.GR32, N.MOV32ri, 32}, GPRKind{N.GR64, N.MOV64ri, 64}}) {
    if (!isInClass(K.RC, Reg))
      continue;
    Expected<APInt> V = fitValue(N, Reg, Value, K.Bits, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    return std::vector<MCInst>{moveImmediate(K.Opcode, Reg, V->getSExtValue())};
  }

  // Every other register takes its value from the stack.
  if (isInClass(N.VR512, Reg) || isInClass(N.VR256X, Reg) ||
      isInClass(N.VR128X, Reg))
    return setVectorRegister(N, STI, Reg, Value);
  if (isInClass(N.VK64, Reg))
    return setMaskRegister(N, STI, Reg, Value);
  if (isInClass(N.VR64, Reg)) {
    if (!has(STI, "mmx"))
      return cannotSet(N, Reg, "needs MMX");
    return loadViaStack(N, Reg, Value, 64, N.MMX_MOVQ64rm,
                        ValueExtension::Sign);
  }
  if (Reg == N.EFLAGS) {
    Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    // popfq takes the value off the stack: no adjustment afterwards.
    std::vector<MCInst> Out;
    pushValue(N, *V, 8, Out);
    Out.push_back(inst(N.POPF64));
    return Out;
  }
  if (Reg == N.MXCSR) {
    if (!has(STI, "sse"))
      return cannotSet(N, Reg, "needs SSE");
    return loadControlWord(N, Reg, Value, 32,
                           has(STI, "avx") ? N.VLDMXCSR : N.LDMXCSR);
  }
  if (Reg == N.FPCW)
    return loadControlWord(N, Reg, Value, 16, N.FLDCW16m);
  if (Reg == N.FS || Reg == N.GS)
    return setSegmentBase(STI.getTargetTriple(), Reg, Value);
  if (isInClass(N.RST, Reg)) {
    // A single ST(i): push the value, then i zeros on top of it.
    Expected<APInt> V = fitValue(N, Reg, Value, 80, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    unsigned Index = find(N.ST, Reg) - N.ST.begin();
    std::vector<MCInst> Out = pushX87(N, *V);
    for (unsigned I = 0; I < Index; ++I)
      Out.push_back(inst(N.LD_F0));
    return Out;
  }
  return cannotSet(N, Reg, "not supported on x86");
}

Expected<std::vector<MCInst>> setX86Registers(const MCSubtargetInfo &STI,
                                              ArrayRef<RegisterValue> Values) {
  const X86Names &N = X86Names::get();
  // The x87 registers form a stack: ST(i) is only reachable by pushing i
  // values after it, so all of them are set together, deepest first, and
  // the ones not asked for between them are zero.
  SmallVector<std::optional<APInt>, 8> X87(N.ST.size());
  int DeepestX87 = -1;
  std::vector<MCInst> Out;
  for (const RegisterValue &RV : Values) {
    auto It = find(N.ST, RV.Register);
    if (It == N.ST.end())
      continue;
    Expected<APInt> V =
        fitValue(N, RV.Register, RV.Value, 80, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    int Index = It - N.ST.begin();
    X87[Index] = *V;
    DeepestX87 = std::max(DeepestX87, Index);
  }
  for (int Index = DeepestX87; Index >= 0; --Index) {
    if (X87[Index])
      llvm::append_range(Out, pushX87(N, *X87[Index]));
    else
      Out.push_back(inst(N.LD_F0));
  }
  std::optional<APInt> StackPointer;
  for (const RegisterValue &RV : Values) {
    if (is_contained(N.ST, RV.Register))
      continue;
    if (RV.Register == N.RSP) {
      Expected<APInt> V =
          fitValue(N, RV.Register, RV.Value, 64, ValueExtension::Zero);
      if (!V)
        return V.takeError();
      StackPointer = *V;
      continue;
    }
    Expected<std::vector<MCInst>> Insts =
        setX86Register(STI, RV.Register, RV.Value);
    if (!Insts)
      return Insts.takeError();
    llvm::append_range(Out, *Insts);
  }
  // Last: setting the others may use the stack. The function saved the
  // stack pointer first (saveStackPointer).
  if (StackPointer)
    Out.push_back(
        moveImmediate(N.MOV64ri, N.RSP, StackPointer->getSExtValue()));
  return Out;
}

} // namespace exegesis
} // namespace llvm
