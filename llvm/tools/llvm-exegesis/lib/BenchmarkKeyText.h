//===-- BenchmarkKeyText.h - Benchmark keys as text ------------*- C++ -*-===//
//
// The textual forms that a benchmark key takes in the results YAML: an
// MCInst is `OPCODE op op ...` and an initial register value is
// `REG=0x<HEX>`. They are kept apart from the YAML mapping because they are
// a format of their own (upstream llvm-exegesis's, which results files must
// keep using) and are useful wherever a key is shown to a user.
//
// Operands: a register by name, `%noreg` for no register, an immediate as
// `i_0x<lower-case hex of its 64-bit pattern>`, a floating-point immediate as
// `f_<C99 %a form>`. Operands that have no textual form (expressions, nested
// instructions) are written `INVALID`, as upstream does, and refused when
// read back.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_BENCHMARKKEYTEXT_H
#define LLVM_TOOLS_LLVM_EXEGESIS_BENCHMARKKEYTEXT_H

#include "BenchmarkCode.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Checks that every opcode and register in \p Key names something of the
/// target, so that writing it cannot fail or print garbage.
Error checkBenchmarkKeyIsWritable(const LLVMState &State,
                                  const BenchmarkKey &Key);

std::string instructionToText(const LLVMState &State, const MCInst &Inst);

/// Parses the form written by instructionToText. Errors name the offending
/// token; the caller adds where it was found.
Expected<MCInst> instructionFromText(const LLVMState &State, StringRef Text);

std::string registerValueToText(const LLVMState &State,
                                const RegisterValue &Value);

/// Parses `REG=0x<HEX>`. The value is 4 bits per digit, as a DEFREG value
/// (makeRegisterValue). Written values lose leading zeros, as upstream's do:
/// `DEFREG XMM1 0ff` (0xFF) reads back as `XMM1 ff` (all ones).
Expected<RegisterValue> registerValueFromText(const LLVMState &State,
                                              StringRef Text);

} // namespace exegesis
} // namespace llvm

#endif
