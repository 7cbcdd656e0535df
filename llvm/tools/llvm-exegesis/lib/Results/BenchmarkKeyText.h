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
// read back. Every operand of the MCInst is written, tied ones included; a
// text that lacks exactly the tied operands (written before its opcode
// gained them) is read with each one a copy of the operand it is tied to.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_BENCHMARKKEYTEXT_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_BENCHMARKKEYTEXT_H

#include "Core/BenchmarkCode.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The text names what this LLVM's target does not have: an opcode or a
/// register renamed or removed since the text was written, or an opcode
/// whose operands have changed. Results files outlive LLVM releases, so a
/// reader can leave such an entry out and go on; every other error of the
/// parsers below is malformed text. The messages are upstream's
/// (`No opcode with name 'X'`, `No register with name 'X'`).
class UnknownToTargetError : public ErrorInfo<UnknownToTargetError> {
public:
  enum class Kind { Opcode, Register, OperandCount };
  static char ID;

  UnknownToTargetError(Kind K, StringRef Name, const Twine &Message);

  Kind getKind() const { return K; }
  /// The opcode or register name as written.
  StringRef getName() const { return Name; }
  StringRef getMessage() const { return Message; }

  void log(raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }

private:
  Kind K;
  std::string Name;
  std::string Message;
};

/// Checks that every opcode and register in \p Key names something of the
/// target, so that writing it cannot fail or print garbage.
Error checkBenchmarkKeyIsWritable(const LLVMState &State,
                                  const BenchmarkKey &Key);

std::string instructionToText(const LLVMState &State, const MCInst &Inst);

/// Parses the form written by instructionToText, or that form without the
/// tied operands (filled in from their ties). Errors name the offending
/// token; the caller adds where it was found. An operand count that is
/// neither is an UnknownToTargetError (Kind::OperandCount).
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
