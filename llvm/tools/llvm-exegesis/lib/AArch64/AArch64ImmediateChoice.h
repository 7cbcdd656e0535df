//===-- AArch64/AArch64ImmediateChoice.h - Encodable immediates -*- C++ -*-===//
//
// Many AArch64 immediate operands are fields whose valid values are not
// "any small number": a MOVZ shift is a multiple of 16, the shift of an SVE
// `add z0.s, z0.s, #1, lsl #8` is 0 or 8, a 64-bit extended-register ADD
// only takes UXTX/SXTX. The backend's operand types tell only some of these
// apart, so the immediates of a generated instruction are checked the way a
// person would: encode the instruction, decode the bytes with LLVM's
// disassembler, and keep the values only if they come back unchanged;
// otherwise the first of a few usual values that does is taken for the
// operand that was wrong. Answers are cached per opcode.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64IMMEDIATECHOICE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64IMMEDIATECHOICE_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <functional>

namespace llvm {
namespace exegesis {

/// The immediate for operand \p OperandIndex of \p Opcode. \p Preferred
/// gives the value each immediate operand would take by the operand-type
/// rules; it is returned where the instruction round-trips with it, or
/// where no candidate makes it round-trip (then the decoder cannot judge).
/// The answer is cached per opcode: \p Preferred must not depend on the
/// caller.
int64_t chooseAArch64Immediate(
    unsigned Opcode, unsigned OperandIndex,
    const std::function<int64_t(unsigned OperandIndex)> &Preferred);

} // namespace exegesis
} // namespace llvm

#endif
