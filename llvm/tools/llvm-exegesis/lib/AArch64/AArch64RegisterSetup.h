//===-- AArch64/AArch64RegisterSetup.h - Giving registers values -*- C++
//-*-===//
//
// The instructions that give an AArch64 register its initial value, one
// register class at a time: MOVZ/MOVK for X and W registers; MOVI for the
// FP/SIMD registers when each byte is all zeros or all ones (zero above all,
// as upstream does), otherwise the bits through X16/W16 (IP0, which AAPCS64
// leaves free for such sequences) with FMOV and INS; DUP for SVE Z
// registers; PTRUE/PFALSE for SVE predicates; MSR for NZCV, FPCR and FPSR.
// Kept apart from the function frame because the snippet rules and the unit
// tests ask which registers can be set and how.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64REGISTERSETUP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64REGISTERSETUP_H

#include "llvm/ADT/APInt.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace llvm {
class MCSubtargetInfo;
namespace exegesis {

/// Instructions that set \p Reg to \p Value. A value narrower than the
/// register sign-extends for FP/SIMD/SVE registers, zero-extends for the
/// others. An SVE Z register, whose width is the CPU's vector length and so
/// unknown when assembling, takes \p Value (at most 64 bits) in every 64-bit
/// element; a predicate can only be all false (0) or all true (all ones).
Expected<std::vector<MCInst>> setAArch64Register(const MCSubtargetInfo &STI,
                                                 MCRegister Reg,
                                                 const APInt &Value);

/// Whether setting \p Reg may write X16, so that it must come before a
/// value the snippet asks for in X16 itself.
bool aarch64SetUpMayWriteX16(MCRegister Reg);

/// The width of a predicate register's initial value in snippets: enough
/// for one bit per byte of the smallest SVE vector (128 bits).
constexpr unsigned AArch64PredicateValueBits = 16;

} // namespace exegesis
} // namespace llvm

#endif
