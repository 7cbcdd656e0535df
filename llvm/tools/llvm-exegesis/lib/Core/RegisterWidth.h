//===-- RegisterWidth.h - How many bits a register holds --------*- C++ -*-===//
//
// The number of bits of a register, as the snippet annotations see it: a
// DEFREG value with more significant bits than this is refused. MCRegisterInfo
// has no per-register size, only register classes with a size, and a few
// registers hold more than their classes say (a segment base, a vector
// register of a CPU-defined length), so the target answers
// (ExegesisTarget::getRegisterBitWidth); these functions ask it for the
// layers that know no target.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_REGISTERWIDTH_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_REGISTERWIDTH_H

#include "llvm/MC/MCRegister.h"

namespace llvm {
namespace exegesis {

class LLVMState;

/// Bit width of \p Reg: RAX 64, EAX 32, XMM1 128, YMM1 256, ZMM1 512, K1 64,
/// EFLAGS 32, MXCSR 32, FPCW 16, ST0 80, MM0 64, FS and GS 64 (their
/// bases), DS 16; on AArch64 X0 64, W0 32, Q0 128; on RISC-V V1 VLEN (512 on
/// sifive-x280).
unsigned getRegisterBitWidth(const LLVMState &State, MCRegister Reg);

/// Whether a value given to \p Reg is a segment base (FS and GS on x86-64):
/// the benchmarking subprocess sets it with a system call; the tool cannot
/// set its own (the FS base is where its thread-local storage lives).
bool isSegmentBaseRegister(const LLVMState &State, MCRegister Reg);

} // namespace exegesis
} // namespace llvm

#endif
