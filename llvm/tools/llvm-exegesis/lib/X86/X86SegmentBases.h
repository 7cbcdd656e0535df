//===-- X86/X86SegmentBases.h - FS and GS bases through arch_prctl -*- C++ -*-//
//
// A snippet may give FS and GS values (DEFREG FS, GS on x86-64): their bases,
// set with Linux's arch_prctl as upstream's subprocess mode sets them
// (wrfsbase needs a kernel that enabled it, which a VM may not). The FS
// base is where the calling process's thread-local storage lives, so a
// function that changes either base saves the caller's in its prologue and
// gives them back in its epilogue: nothing outside the generated code ever
// sees the snippet's.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86SEGMENTBASES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86SEGMENTBASES_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Whether code for \p TT may call arch_prctl: x86-64 Linux, or no OS named
/// (x86_64-unknown-unknown runs on the Linux host it is measured on).
bool hasArchPrctl(const Triple &TT);

/// Whether a function for \p State that clobbers \p Clobbered changes the
/// FS or GS base, which it then saves and restores.
bool changesSegmentBases(const LLVMState &State,
                         ArrayRef<MCRegister> Clobbered);

/// The code that sets the base of \p Reg (FS or GS) to \p Value, keeping
/// every register it borrows for the system call; fails for a triple
/// without arch_prctl or an address beyond user space.
Expected<std::vector<MCInst>> setSegmentBase(const Triple &TT, MCRegister Reg,
                                             const APInt &Value);

/// The prologue's part: saves the caller's FS and GS bases.
std::vector<MCInst> saveSegmentBases();

/// The epilogue's part: gives the caller its FS and GS bases back (the
/// registers the system call clobbers are caller-saved there).
std::vector<MCInst> restoreSegmentBases();

} // namespace exegesis
} // namespace llvm

#endif
