//===-- X86/X86RegisterSetup.h - Giving x86 registers values ----*- C++ -*-===//
//
// The register set-up of generated x86 functions: general-purpose registers
// take their value as an immediate; values that no instruction takes as an
// immediate (vector, mask, flags, control and x87 registers) are written
// below the stack pointer and loaded from there, the stack pointer moving
// with LEA so that the flags are never disturbed; the x87 registers, a
// stack, are set together; the FS and GS bases through arch_prctl
// (X86SegmentBases.h); the stack pointer last.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86REGISTERSETUP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86REGISTERSETUP_H

#include "Core/BenchmarkCode.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace llvm {
namespace exegesis {

/// ExegesisTarget::setRegTo for x86: the instructions that set \p Reg to
/// \p Value, or why they cannot.
Expected<std::vector<MCInst>>
setX86Register(const MCSubtargetInfo &STI, MCRegister Reg, const APInt &Value);

/// ExegesisTarget::setRegistersTo for x86: the x87 stack deepest first,
/// then the others, then the stack pointer.
Expected<std::vector<MCInst>> setX86Registers(const MCSubtargetInfo &STI,
                                              ArrayRef<RegisterValue> Values);

} // namespace exegesis
} // namespace llvm

#endif
