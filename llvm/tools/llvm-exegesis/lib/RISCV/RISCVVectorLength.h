//===-- RISCV/RISCVVectorLength.h - VLEN of a RISC-V subtarget --*- C++ -*-===//
//
// A RISC-V vector register holds VLEN bits, which the CPU decides and the
// register classes do not say (they are sized for the smallest VLEN). The
// subtarget says it through its Zvl<N>b extensions: the largest one is VLEN
// (V implies Zvl128b; sifive-x280 has Zvl512b). Register set-up and the
// width check of DEFREG values both need it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVVECTORLENGTH_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVVECTORLENGTH_H

#include "llvm/MC/MCRegister.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"

namespace llvm {
namespace exegesis {

/// VLEN in bits, 0 when the subtarget has no vector registers.
unsigned getRISCVVectorLength(const MCSubtargetInfo &STI);

/// VLEN for a single vector register (V0-V31), 0 for any other register.
unsigned getRISCVVectorRegisterWidth(const MCRegisterInfo &RegInfo,
                                     const MCSubtargetInfo &STI,
                                     MCRegister Reg);

} // namespace exegesis
} // namespace llvm

#endif
