//===-- X86/X86SegmentBases.cpp ---------------------------------*- C++ -*-===//

#include "X86/X86SegmentBases.h"
#include "Core/LLVMState.h"
#include "X86/X86StackCode.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace llvm {
namespace exegesis {

using x86::inst;
using x86::moveImmediate;

/// arch_prctl's codes and system call number (x86-64 Linux).
enum : int64_t {
  ArchSetGs = 0x1001,
  ArchSetFs = 0x1002,
  ArchGetFs = 0x1003,
  ArchGetGs = 0x1004,
  SysArchPrctl = 158,
};

/// The highest segment base arch_prctl accepts with 4-level paging (the
/// kernel's TASK_SIZE_MAX, less one).
static constexpr uint64_t MaxSegmentBase = 0x7fffffffefffULL;

/// Where a function that changes FS or GS keeps the caller's bases: globals
/// of the tool, valid at the same address in a forked benchmarking
/// subprocess (as the saved stack pointer of X86Frame.cpp).
static uint64_t SavedFsBase, SavedGsBase;

/// `arch_prctl(Code, %rsi)` once \p SetArgument has put the argument in
/// RSI. With \p KeepRegisters, the registers the call touches (RAX, RCX and
/// R11, which syscall clobbers; RDI and RSI) are given back, for code that
/// runs where any register may hold a live-in or a snippet value.
static std::vector<MCInst> archPrctl(const X86Names &N, int64_t Code,
                                     ArrayRef<MCInst> SetArgument,
                                     bool KeepRegisters) {
  const MCRegister Touched[] = {N.RAX, N.RCX, N.R11, N.RDI, N.RSI};
  std::vector<MCInst> Out;
  if (KeepRegisters)
    for (MCRegister Reg : Touched) {
      MCInst Push = inst(N.PUSH64r);
      Push.addOperand(MCOperand::createReg(Reg));
      Out.push_back(Push);
    }
  Out.push_back(moveImmediate(N.MOV32ri, N.EDI, Code));
  llvm::append_range(Out, SetArgument);
  Out.push_back(moveImmediate(N.MOV32ri, N.EAX, SysArchPrctl));
  Out.push_back(inst(N.SYSCALL));
  if (KeepRegisters)
    for (MCRegister Reg : reverse(Touched)) {
      MCInst Pop = inst(N.POP64r);
      Pop.addOperand(MCOperand::createReg(Reg));
      Out.push_back(Pop);
    }
  return Out;
}

/// `movabs $Address, %rsi`.
static MCInst addressInRSI(const X86Names &N, const uint64_t *Address) {
  return moveImmediate(
      N.MOV64ri, N.RSI,
      static_cast<int64_t>(reinterpret_cast<uintptr_t>(Address)));
}

/// `movabs Slot, %rax; mov %rax, %rsi`: the value saved at \p Slot.
static std::vector<MCInst> savedValueInRSI(const X86Names &N,
                                           const uint64_t *Slot) {
  MCInst Load = inst(N.MOV64ao64);
  Load.addOperand(MCOperand::createImm(
      static_cast<int64_t>(reinterpret_cast<uintptr_t>(Slot))));
  Load.addOperand(MCOperand::createReg(MCRegister()));
  MCInst Move = inst(N.MOV64rr);
  Move.addOperand(MCOperand::createReg(N.RSI));
  Move.addOperand(MCOperand::createReg(N.RAX));
  return {Load, Move};
}

bool hasArchPrctl(const Triple &TT) {
  return TT.getArch() == Triple::x86_64 &&
         (TT.isOSLinux() || TT.getOS() == Triple::UnknownOS);
}

bool changesSegmentBases(const LLVMState &State,
                         ArrayRef<MCRegister> Clobbered) {
  const X86Names &N = X86Names::get();
  return hasArchPrctl(State.getTriple()) &&
         (is_contained(Clobbered, N.FS) || is_contained(Clobbered, N.GS));
}

Expected<std::vector<MCInst>> setSegmentBase(const Triple &TT, MCRegister Reg,
                                             const APInt &Value) {
  const X86Names &N = X86Names::get();
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  if (!hasArchPrctl(TT))
    return makeCannotSetRegisterError(
        RI, Reg, "its base is set with Linux's arch_prctl");
  Expected<APInt> V =
      fitRegisterValue(RI, Reg, Value, 64, ValueExtension::Zero);
  if (!V)
    return V.takeError();
  if (V->ugt(MaxSegmentBase))
    return makeCannotSetRegisterError(
        RI, Reg,
        "its base must be a user-space address, at most 0x" +
            utohexstr(MaxSegmentBase, /*LowerCase=*/true) +
            " (arch_prctl refuses others)");
  return archPrctl(N, Reg == N.FS ? ArchSetFs : ArchSetGs,
                   {moveImmediate(N.MOV64ri, N.RSI, V->getSExtValue())},
                   /*KeepRegisters=*/true);
}

std::vector<MCInst> saveSegmentBases() {
  const X86Names &N = X86Names::get();
  std::vector<MCInst> Out =
      archPrctl(N, ArchGetFs, {addressInRSI(N, &SavedFsBase)},
                /*KeepRegisters=*/true);
  llvm::append_range(Out,
                     archPrctl(N, ArchGetGs, {addressInRSI(N, &SavedGsBase)},
                               /*KeepRegisters=*/true));
  return Out;
}

std::vector<MCInst> restoreSegmentBases() {
  const X86Names &N = X86Names::get();
  std::vector<MCInst> Out =
      archPrctl(N, ArchSetFs, savedValueInRSI(N, &SavedFsBase),
                /*KeepRegisters=*/false);
  llvm::append_range(Out,
                     archPrctl(N, ArchSetGs, savedValueInRSI(N, &SavedGsBase),
                               /*KeepRegisters=*/false));
  return Out;
}

} // namespace exegesis
} // namespace llvm
