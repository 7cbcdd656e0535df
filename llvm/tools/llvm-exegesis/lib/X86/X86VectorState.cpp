//===-- X86/X86VectorState.cpp ----------------------------------*- C++ -*-===//

#include "X86/X86VectorState.h"
#include "Core/LLVMState.h"
#include "X86/X86StackCode.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"

namespace llvm {
namespace exegesis {

using x86::inst;

/// Whether \p Reg is an XMM, YMM or ZMM register.
static bool isVectorRegister(const X86Names &N, MCRegister Reg) {
  return isInClass(N.VR128X, Reg) || isInClass(N.VR256X, Reg) ||
         isInClass(N.VR512, Reg);
}

bool isWideTransitionRegister(const X86Names &N, MCRegister Reg) {
  return (isInClass(N.VR256X, Reg) || isInClass(N.VR512, Reg)) &&
         N.Table.getRegInfo().getEncodingValue(Reg) < 16;
}

/// Whether \p Inst is a legacy-SSE (not VEX- or EVEX-encoded) instruction
/// on XMM registers. LLVM names every VEX and EVEX form with a leading V
/// (the tablegen'd encoding flags are not installed); the V-named
/// non-vector instructions (verr, VMX) name no XMM register.
static bool isLegacySSE(const X86Names &N, const MCInst &Inst) {
  const MCInstrInfo &II = N.Table.getInstrInfo();
  if (II.getName(Inst.getOpcode()).starts_with("V"))
    return false;
  auto IsXMM = [&](MCRegister Reg) {
    return isInClass(N.VR128X, Reg) &&
           N.Table.getRegInfo().getEncodingValue(Reg) < 16;
  };
  for (const MCOperand &Op : Inst)
    if (Op.isReg() && IsXMM(Op.getReg()))
      return true;
  const MCInstrDesc &Desc = II.get(Inst.getOpcode());
  return any_of(Desc.implicit_uses(), IsXMM) ||
         any_of(Desc.implicit_defs(), IsXMM);
}

std::vector<MCInst> cleanX86VectorStateOnEntry(const LLVMState &State,
                                               ArrayRef<MCRegister> Used,
                                               ArrayRef<MCRegister> LiveIns) {
  const X86Names &N = X86Names::get();
  if (State.getTriple().getArch() != Triple::x86_64 ||
      !State.getSubtargetInfo().checkFeatures("+avx"))
    return {};
  if (none_of(Used, [&](MCRegister Reg) { return isVectorRegister(N, Reg); }))
    return {};
  // vzeroupper would change a vector live-in's upper half.
  const MCRegisterInfo &RI = State.getRegInfo();
  for (MCRegister LiveIn : LiveIns)
    if (isVectorRegister(N, LiveIn) && RI.getEncodingValue(LiveIn) < 16)
      return {};
  return {inst(N.VZEROUPPER)};
}

std::string describeX86VectorStateCost(const LLVMState &State,
                                       const BenchmarkCode &Code) {
  const X86Names &N = X86Names::get();
  if (State.getTriple().getArch() != Triple::x86_64)
    return "";
  const MCInstrInfo &II = State.getInstrInfo();
  std::string WideSource;
  for (const RegisterValue &RV : Code.Key.RegisterInitialValues)
    if (isWideTransitionRegister(N, RV.Register)) {
      WideSource =
          "the snippet's register definitions set " + N.name(RV.Register).str();
      break;
    }
  for (const MCInst &Inst : Code.Key.Instructions) {
    if (!WideSource.empty())
      break;
    unsigned NumDefs = std::min<unsigned>(II.get(Inst.getOpcode()).getNumDefs(),
                                          Inst.getNumOperands());
    for (unsigned I = 0; I < NumDefs; ++I) {
      const MCOperand &Op = Inst.getOperand(I);
      if (Op.isReg() && isWideTransitionRegister(N, Op.getReg())) {
        WideSource = "the snippet writes " + N.name(Op.getReg()).str() + " (" +
                     II.getName(Inst.getOpcode()).str() + ")";
        break;
      }
    }
  }
  if (WideSource.empty())
    return "";
  for (const MCInst &Inst : Code.Key.Instructions)
    if (isLegacySSE(N, Inst))
      return WideSource + " (wide upper halves) and it runs legacy-SSE " +
             II.getName(Inst.getOpcode()).str() +
             ": the SSE/AVX transition penalty is part of what was measured";
  return "";
}

} // namespace exegesis
} // namespace llvm
