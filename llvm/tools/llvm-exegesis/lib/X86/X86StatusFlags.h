//===-- X86StatusFlags.h - x86 flags followed one by one --------*- C++ -*-===//
//
// LLVM models x86's arithmetic flags as one register, EFLAGS, and has an
// instruction that writes some of them and keeps the others read EFLAGS
// (CLC, which only clears CF, "reads" it), while INC, which keeps CF, is
// said to write all of EFLAGS and read none of it. Both are right for
// scheduling one register and wrong for telling whether a snippet carries a
// flag from one copy to the next, which decides whether the loop's counter
// update cuts a chain (Assembly/SnippetRegisters.h asks through
// ExegesisTarget::carriesPartsOf): `clc; adc` reads no flag the
// previous copy wrote, while `inc; adc` reads the CF of the previous copy's
// ADC. So x86's flags are followed one by one here: those an instruction
// reads, those it writes whatever its operands, and those it may write.
//
// Only a small table of instructions is known flag by flag; any other that
// LLVM says reads EFLAGS reads every flag, and any other that writes it
// surely writes none (a flag left undefined, or kept for a zero count,
// counts as not written): a carried chain is never missed.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86STATUSFLAGS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86STATUSFLAGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"

namespace llvm {
namespace exegesis {

class LLVMState;

/// A set of x86 arithmetic flags, a bit each.
using StatusFlagSet = unsigned;
enum StatusFlag : StatusFlagSet {
  CarryFlag = 1 << 0,
  ParityFlag = 1 << 1,
  AdjustFlag = 1 << 2,
  ZeroFlag = 1 << 3,
  SignFlag = 1 << 4,
  OverflowFlag = 1 << 5,
  AllStatusFlags = (1 << 6) - 1,
};

/// What one instruction does to the flags.
struct StatusFlagEffects {
  StatusFlagSet Reads = 0;
  /// Written whatever the operands, with a defined value.
  StatusFlagSet SurelyWrites = 0;
  StatusFlagSet MayWrite = 0;
};

class X86StatusFlags {
public:
  explicit X86StatusFlags(const LLVMState &State);

  /// The register the flags are in: EFLAGS.
  MCRegister getRegister() const { return Register; }

  StatusFlagEffects getEffects(const MCInst &Inst) const;

  /// The flags \p Snippet carries from one copy to the next: read before
  /// the copy surely writes them, and possibly written by it.
  StatusFlagSet getCarriedFlags(ArrayRef<MCInst> Snippet) const;

private:
  const LLVMState &State;
  MCRegister Register;
};

} // namespace exegesis
} // namespace llvm

#endif
