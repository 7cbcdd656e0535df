//===-- X86/X86Frame.h - The frame of generated x86-64 functions -*- C++
//-*-===//
//
// How a generated x86-64 function saves what its ABI preserves and gives it
// back: the System V callee-saved registers, or the Win64 ABI's for a
// Windows triple (RSI, RDI and XMM6-15 too), the control bits of MXCSR and
// the x87 control word, the FS and GS bases (X86SegmentBases.h), and a
// stack pointer the snippet defines; and what its epilogue leaves clean for
// the caller (an empty x87 stack, the direction flag, upper halves of
// vector registers).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86FRAME_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86FRAME_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Whether functions for \p TT follow the Microsoft x64 calling convention
/// (first argument in RCX; RSI, RDI and XMM6-15 callee-saved) rather than
/// System V's.
bool isWin64(const Triple &TT);

/// The general-purpose registers the ABI of \p TT preserves, in the order
/// the prologue considers them.
ArrayRef<MCRegister> getX86CalleeSavedRegisters(const Triple &TT);

/// ExegesisTarget::generatePrologue and generateEpilogue for x86-64.
Expected<std::vector<MCInst>>
generateX86Prologue(const LLVMState &State, ArrayRef<MCRegister> Clobbered);
Expected<std::vector<MCInst>>
generateX86Epilogue(const LLVMState &State, ArrayRef<MCRegister> Clobbered);

/// ExegesisTarget::saveStackPointer and restoreStackPointer: the caller's
/// RSP kept in a global of the tool, reached by its absolute address.
Expected<std::vector<MCInst>> saveX86StackPointer();
Expected<std::vector<MCInst>> restoreX86StackPointer();

} // namespace exegesis
} // namespace llvm

#endif
