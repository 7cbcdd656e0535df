//===-- X86/X86Frame.cpp ----------------------------------------*- C++ -*-===//

#include "X86/X86Frame.h"
#include "Core/LLVMState.h"
#include "X86/X86SegmentBases.h"
#include "X86/X86StackCode.h"
#include "X86/X86VectorState.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"

namespace llvm {
namespace exegesis {

using x86::addStackAddress;
using x86::adjustStack;
using x86::inst;
using x86::loadFromStackTop;
using x86::onStackTop;

bool isWin64(const Triple &TT) {
  return TT.getArch() == Triple::x86_64 && TT.isOSWindows();
}

ArrayRef<MCRegister> getX86CalleeSavedRegisters(const Triple &TT) {
  const X86Names &N = X86Names::get();
  if (isWin64(TT))
    return N.Win64CalleeSaved;
  return N.CalleeSaved;
}

static bool overlapsAny(const MCRegisterInfo &RI, MCRegister Reg,
                        ArrayRef<MCRegister> Regs) {
  return any_of(Regs, [&](MCRegister R) { return RI.regsOverlap(R, Reg); });
}

static Error needsX86_64(const LLVMState &State) {
  if (State.getTriple().getArch() == Triple::x86_64)
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "generating functions for " +
                               State.getTriple().str() +
                               " is not supported (x86-64 only)");
}

/// The Win64 callee-saved XMM registers that \p Clobbered overlaps (a YMM
/// or ZMM register counts for its XMM part), in increasing order.
static SmallVector<MCRegister, 10>
getClobberedWin64XMMs(const X86Names &N, const MCRegisterInfo &RI,
                      ArrayRef<MCRegister> Clobbered) {
  SmallVector<MCRegister, 10> Saved;
  for (MCRegister Reg : N.Win64CalleeSavedXMM)
    if (overlapsAny(RI, Reg, Clobbered))
      Saved.push_back(Reg);
  return Saved;
}

/// The stack the Win64 prologue reserves for \p NumXMMs registers after
/// \p NumPushed pushes: 16 bytes each, plus what realigns the slots to 16
/// bytes (the call left the stack pointer at 8 modulo 16).
static int64_t getWin64XMMSaveAreaSize(unsigned NumPushed, unsigned NumXMMs) {
  return 16 * int64_t(NumXMMs) + (NumPushed % 2 == 0 ? 8 : 0);
}

/// `sub $Bytes, %rsp` or `add $Bytes, %rsp`, as upstream's frame code
/// (the flags are dead at the function's entry and exit).
static MCInst moveStackPointer(const X86Names &N, int64_t Bytes,
                               bool Allocate) {
  bool Short = isInt<8>(Bytes);
  MCInst I = inst(Allocate ? (Short ? N.SUB64ri8 : N.SUB64ri32)
                           : (Short ? N.ADD64ri8 : N.ADD64ri32));
  I.addOperand(MCOperand::createReg(N.RSP));
  I.addOperand(MCOperand::createReg(N.RSP));
  I.addOperand(MCOperand::createImm(Bytes));
  return I;
}

Expected<std::vector<MCInst>>
generateX86Prologue(const LLVMState &State, ArrayRef<MCRegister> Clobbered) {
  if (Error E = needsX86_64(State))
    return E;
  const X86Names &N = X86Names::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  bool HasAVX = State.getSubtargetInfo().checkFeatures("+avx");
  std::vector<MCInst> Out;
  unsigned NumPushed = 0;
  for (MCRegister Reg : reverse(getX86CalleeSavedRegisters(State.getTriple())))
    if (overlapsAny(RI, Reg, Clobbered)) {
      MCInst Push = inst(N.PUSH64r);
      Push.addOperand(MCOperand::createReg(Reg));
      Out.push_back(Push);
      ++NumPushed;
    }
  if (isWin64(State.getTriple())) {
    // Aligned stores (movaps), highest register first, into slots by
    // increasing register: upstream's layout.
    SmallVector<MCRegister, 10> XMMs = getClobberedWin64XMMs(N, RI, Clobbered);
    if (!XMMs.empty()) {
      Out.push_back(moveStackPointer(
          N, getWin64XMMSaveAreaSize(NumPushed, XMMs.size()), true));
      for (int Slot = XMMs.size() - 1; Slot >= 0; --Slot) {
        MCInst Store = inst(HasAVX ? N.VMOVAPSmr : N.MOVAPSmr);
        addStackAddress(Store, N.RSP, 16 * Slot);
        Store.addOperand(MCOperand::createReg(XMMs[Slot]));
        Out.push_back(Store);
      }
    }
  }
  // The control bits of MXCSR and the x87 control word are callee-saved too.
  if (overlapsAny(RI, N.MXCSR, Clobbered)) {
    Out.push_back(adjustStack(N, -8));
    Out.push_back(onStackTop(N, HasAVX ? N.VSTMXCSR : N.STMXCSR));
  }
  if (overlapsAny(RI, N.FPCW, Clobbered)) {
    Out.push_back(adjustStack(N, -8));
    Out.push_back(onStackTop(N, N.FNSTCW16m));
  }
  if (changesSegmentBases(State, Clobbered))
    llvm::append_range(Out, saveSegmentBases());
  return Out;
}

Expected<std::vector<MCInst>>
generateX86Epilogue(const LLVMState &State, ArrayRef<MCRegister> Clobbered) {
  if (Error E = needsX86_64(State))
    return E;
  const X86Names &N = X86Names::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  bool HasAVX = State.getSubtargetInfo().checkFeatures("+avx");
  std::vector<MCInst> Out;
  // The caller's bases first, before anything could touch its thread-local
  // storage; every register the calls clobber is caller-saved here.
  if (changesSegmentBases(State, Clobbered))
    llvm::append_range(Out, restoreSegmentBases());
  if (overlapsAny(RI, N.FPCW, Clobbered)) {
    Out.push_back(onStackTop(N, N.FLDCW16m));
    Out.push_back(adjustStack(N, 8));
  }
  if (overlapsAny(RI, N.MXCSR, Clobbered)) {
    Out.push_back(onStackTop(N, HasAVX ? N.VLDMXCSR : N.LDMXCSR));
    Out.push_back(adjustStack(N, 8));
  }
  ArrayRef<MCRegister> CalleeSaved =
      getX86CalleeSavedRegisters(State.getTriple());
  if (isWin64(State.getTriple())) {
    SmallVector<MCRegister, 10> XMMs = getClobberedWin64XMMs(N, RI, Clobbered);
    if (!XMMs.empty()) {
      for (auto [Slot, Reg] : enumerate(XMMs))
        Out.push_back(loadFromStackTop(N, HasAVX ? N.VMOVAPSrm : N.MOVAPSrm,
                                       Reg, 16 * Slot));
      unsigned NumPushed = count_if(CalleeSaved, [&](MCRegister Reg) {
        return overlapsAny(RI, Reg, Clobbered);
      });
      Out.push_back(moveStackPointer(
          N, getWin64XMMSaveAreaSize(NumPushed, XMMs.size()), false));
    }
  }
  for (MCRegister Reg : CalleeSaved)
    if (overlapsAny(RI, Reg, Clobbered)) {
      MCInst Pop = inst(N.POP64r);
      Pop.addOperand(MCOperand::createReg(Reg));
      Out.push_back(Pop);
    }
  // The ABI wants the x87 stack empty and the CPU in x87 mode (not MMX) on
  // return, and the direction flag clear.
  bool TouchesX87 = overlapsAny(RI, N.FPSW, Clobbered) ||
                    any_of(Clobbered, [&](MCRegister Reg) {
                      return isInClass(N.RST, Reg) || isInClass(N.VR64, Reg);
                    });
  if (TouchesX87)
    Out.push_back(inst(N.MMX_EMMS));
  if (overlapsAny(RI, N.DF, Clobbered))
    Out.push_back(inst(N.CLD));
  // Upper halves left dirty would make the caller's next SSE code (the
  // next benchmark's snippet, too) pay the SSE/AVX transition.
  if (HasAVX && any_of(Clobbered, [&](MCRegister Reg) {
        return isWideTransitionRegister(N, Reg);
      }))
    Out.push_back(inst(N.VZEROUPPER));
  Out.push_back(inst(N.RET64));
  return Out;
}

/// Where a function whose snippet defines RSP keeps the caller's RSP. A
/// global of the tool: its absolute address is valid in the tool and in a
/// forked benchmarking subprocess alike, and no snippet register is needed
/// to reach it. One function runs at a time, so one slot suffices.
static uint64_t SavedStackPointer;

static MCInst absoluteRAXMove(unsigned Opcode) {
  MCInst I = inst(Opcode);
  I.addOperand(MCOperand::createImm(
      static_cast<int64_t>(reinterpret_cast<uintptr_t>(&SavedStackPointer))));
  I.addOperand(MCOperand::createReg(MCRegister()));
  return I;
}

Expected<std::vector<MCInst>> saveX86StackPointer() {
  // RAX is borrowed and given back: a live-in keeps its value.
  const X86Names &N = X86Names::get();
  MCInst Push = inst(N.PUSH64r);
  Push.addOperand(MCOperand::createReg(N.RAX));
  MCInst Lea = inst(N.LEA64r);
  Lea.addOperand(MCOperand::createReg(N.RAX));
  addStackAddress(Lea, N.RSP, 8);
  MCInst Pop = inst(N.POP64r);
  Pop.addOperand(MCOperand::createReg(N.RAX));
  return std::vector<MCInst>{Push, Lea, absoluteRAXMove(N.MOV64o64a), Pop};
}

Expected<std::vector<MCInst>> restoreX86StackPointer() {
  // RAX is not preserved across calls: the epilogue may clobber it.
  const X86Names &N = X86Names::get();
  MCInst Move = inst(N.MOV64rr);
  Move.addOperand(MCOperand::createReg(N.RSP));
  Move.addOperand(MCOperand::createReg(N.RAX));
  return std::vector<MCInst>{absoluteRAXMove(N.MOV64ao64), Move};
}

} // namespace exegesis
} // namespace llvm
