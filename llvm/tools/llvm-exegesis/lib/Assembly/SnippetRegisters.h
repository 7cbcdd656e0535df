//===-- SnippetRegisters.h - Registers read and written ---------*- C++ -*-===//
//
// Which registers the instructions of the measured function read and write,
// explicitly, implicitly or as the target says beyond LLVM's description
// (ExegesisTarget::getUndescribedRegisters). The assembler needs them to
// keep the snippet off the loop counter, to save what the ABI requires,
// and to tell when the loop's counter update would cut a chain the snippet
// carries from one copy to the next.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_SNIPPETREGISTERS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_SNIPPETREGISTERS_H

#include "Core/BenchmarkCode.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"

namespace llvm {
namespace exegesis {

class LLVMState;

/// Marks every register \p Inst writes, explicitly or implicitly.
void addWrittenRegisters(const LLVMState &State, const MCInst &Inst,
                         BitVector &Written);

/// Marks every register \p Inst reads: its source operands (including
/// the registers of a memory reference) and its implicit uses.
void addReadRegisters(const LLVMState &State, const MCInst &Inst,
                      BitVector &Read);

/// The registers the instructions of \p Insts write (one bit per register
/// of the target).
BitVector getWrittenRegisters(const LLVMState &State, ArrayRef<MCInst> Insts);

/// Whether \p Code sets the stack pointer: an initial value, or a snippet
/// instruction that names it as a destination (push and pop only move it
/// and put it back).
bool definesStackPointer(const LLVMState &State, const BenchmarkCode &Code);

/// A register \p Snippet carries from one copy to the next (read before it
/// is written, and written) that \p LoopEnd writes too; invalid if none.
/// A register whose parts are followed apart is carried when the target
/// says one of its parts is (ExegesisTarget::carriesPartsOf).
MCRegister findChainBrokenByLoop(const LLVMState &State,
                                 ArrayRef<MCInst> Snippet,
                                 ArrayRef<MCInst> LoopEnd);

} // namespace exegesis
} // namespace llvm

#endif
