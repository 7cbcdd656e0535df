//===-- RISCV/RISCVLoadSnippets.h - Load snippets for RISC-V ----*- C++ -*-===//
//
// The RISC-V side of the chained loads (Snippets/ChainedLoadGenerator.h),
// and what a load reads, which the function's set-up needs to give the
// words chained loads read their values (RISCVExegesisTarget::
// reserveStackScratchMemory).
//
// - A load of a whole X register (LD, C_LD, LR_D on riscv64; LW on
//   riscv32) from X10, the scratch pointer, alone: `LD X10, 0(X10)`. The
//   function makes the word it reads hold its own address before the
//   register setup, so X10 never changes: a pure pointer chase, one
//   repetition one load.
// - A narrower load cannot give an address back. `LW X10, 0(X10)` then
//   `ADD X10, X10, X2`: the scratch word and the stack word the next loads
//   read hold zero, so the next address is the stack pointer (one
//   repetition: the load and an ADD). These two, loads into their own base
//   register, are RISC-V's own latency snippets; the others are the
//   generic chain.
// - The compressed loads based on the stack pointer only: `C_LDSP X2,
//   0(X2)` on the stack word that holds its own address; a narrower one
//   (C_LWSP on riscv64) loads the zero into a register that an ADD adds to
//   the stack pointer.
// - A load into an F register goes through FMV.X.D/W/H to an ADD of the
//   scratch pointer: `FLD F11, 0(X10)`, `FMV.X.D X11, F11`, `ADD X10, X10,
//   X11`, the word read being zero.
//
// For throughput, loads into distinct registers from the scratch memory (or
// the stack); compressed loads, whose offsets are small and scaled, all at
// offset 0.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVLOADSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVLOADSNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/ChainedLoadGenerator.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include <memory>
#include <optional>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Bytes a RISC-V load opcode reads, from its name (LB 1, C_LHU 2, LR_W_RL
/// 4, C_LDSP 8, FLQ 16...); 0 when the name does not say.
unsigned getRISCVLoadBytes(StringRef OpcodeName);

/// Where a snippet's load reads and what it writes.
struct RISCVLoadAccess {
  MCRegister Def;
  MCRegister Base;
  int64_t Offset = 0;
  /// 0 when unknown.
  unsigned Bytes = 0;
};

/// The access of \p Inst if it is a load with one result register and a
/// base register (plus an optional offset), nullopt otherwise.
std::optional<RISCVLoadAccess> getRISCVLoadAccess(const MCInstrInfo &II,
                                                  StringRef OpcodeName,
                                                  const MCInst &Inst);

/// How \p Model is chained if it is a load into an X register, or an F
/// register whose bits can be moved to one, from a base register that can
/// be any general-purpose one, or from the stack pointer (C_LWSP, C_LDSP);
/// null otherwise.
std::unique_ptr<ChainedLoad> getRISCVChainedLoad(const LLVMState &State,
                                                 const InstructionModel &Model);

} // namespace exegesis
} // namespace llvm

#endif
