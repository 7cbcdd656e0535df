//===-- AArch64/AArch64RegisterSetup.h - Registers given values -*- C++ -*-===//
//
// The instructions that give an AArch64 register its initial value, one
// register class at a time: MOVZ/MOVK for X and W registers; MOVI for the
// FP/SIMD registers when each byte is all zeros or all ones (zero above all, as
// upstream does), otherwise the bits through a general-purpose temporary with
// FMOV and INS; DUP for SVE Z registers; PTRUE/PFALSE for SVE predicates
// (PTRUE's counter form for PN8-PN15), SETFFR (or PFALSE/WRFFR) for the
// first-fault register; MSR for FPCR and FPSR; for NZCV the flags of the value
// read back with MRS are cleared (BIC) and set (ORR) before MSR, as upstream; a
// register list or pair (D0_D1, Q0_Q1_Q2, X2_X3, Z0_Z1...) register by
// register. The temporaries are X8 and X9 (upstream's), or the next of X10-X17
// that holds no value the snippet reads, so that registers can be set in any
// order. Kept apart from the function frame because the snippet rules and the
// unit tests ask which registers can be set and how.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64REGISTERSETUP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64REGISTERSETUP_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace llvm {
class MCSubtargetInfo;
namespace exegesis {

/// Instructions that set \p Reg to \p Value, changing none of \p Keep (the
/// other registers being set: no temporary is one of them). A value
/// narrower than the register sign-extends for FP/SIMD/SVE registers,
/// zero-extends for the others. An SVE Z register, whose width is the CPU's
/// vector length and so unknown when assembling, takes \p Value (at most 64
/// bits) in every 64-bit element; a predicate and FFR can only be all false
/// (0) or all true (all ones); each register of a list or pair takes the
/// whole value.
Expected<std::vector<MCInst>>
setAArch64Register(const MCSubtargetInfo &STI, MCRegister Reg,
                   const APInt &Value, ArrayRef<MCRegister> Keep = {});

/// The width of a predicate register's initial value in snippets: enough
/// for one bit per byte of the smallest SVE vector (128 bits).
constexpr unsigned AArch64PredicateValueBits = 16;

} // namespace exegesis
} // namespace llvm

#endif
