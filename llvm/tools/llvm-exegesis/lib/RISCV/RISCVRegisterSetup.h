//===-- RISCV/RISCVRegisterSetup.h - Giving RISC-V registers values -*- C++
//-*-//
//
// The register set-up of generated RISC-V functions. Integer values are
// built with LUI/ADDI(W) and, for 64-bit values, SLLI/ADDI steps;
// floating-point registers take their bits from X30 (t5, a temporary the
// ABI leaves free) through FMV.W.X / FMV.D.X / FMV.H.X, or on riscv32,
// where no move gives a double its 64 bits, through two words on the stack
// and FLD. Vector registers and register groups take VLEN (times the group
// size) bits with VSETVLI and VLE8.V from the stack (VMV.V.I for zero).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVREGISTERSETUP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVREGISTERSETUP_H

#include "Core/BenchmarkCode.h"
#include "RISCV/RISCVNames.h"
#include "llvm/ADT/APInt.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace llvm {
namespace exegesis {

/// Appends the instructions that set \p Reg to \p Value, a value of XLEN
/// bits: LUI for bits 31..12 and ADDI(W) for the low 12 bits when it is a
/// sign-extended 32-bit value; otherwise the value without its low 12 bits
/// (and its trailing zeros) first, then SLLI back into place and ADDI the
/// low 12 bits.
void materialize(const RISCVNames &N, MCRegister Reg, int64_t Value,
                 bool Is64Bit, std::vector<MCInst> &Out);

/// ExegesisTarget::setRegTo for RISC-V.
Expected<std::vector<MCInst>> setRISCVRegister(const MCSubtargetInfo &STI,
                                               MCRegister Reg,
                                               const APInt &Value);

/// ExegesisTarget::setRegistersTo for RISC-V: the values that pass through
/// X30 first, so that a value the snippet asks for in X30 itself is not
/// overwritten.
Expected<std::vector<MCInst>> setRISCVRegisters(const MCSubtargetInfo &STI,
                                                ArrayRef<RegisterValue> Values);

} // namespace exegesis
} // namespace llvm

#endif
