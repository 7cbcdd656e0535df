//===-- EncodingValidityCheck.h - Is an instruction valid here? -*- C++ -*-===//
//
// Some opcodes LLVM knows are not instructions in the processor mode of the
// target at all, whatever the CPU: x86's 32-bit-only opcodes in 64-bit mode,
// its 0x82 forms, the one-byte INC/DEC that are REX prefixes there, AH next
// to a REX prefix. Run, they would measure something else (a REX prefix
// executes as part of the next instruction) or nothing, so a snippet must
// not hold them, whether it is measured on the host or only assembled for a
// target. Two public sources answer, cheapest first:
//   - the target's disassembler: an encoding that does not decode back to
//     the same length is not valid in this mode;
//   - the target's assembler parser for the subtarget: it refuses forms
//     that are invalid in the current mode or cannot be encoded. The
//     printed instruction gets the {vex}/{evex}/{rex2} pseudo prefix of its
//     encoding, so that the parser checks the same encoding family.
//     Answers are cached by text.
//   - where the target asks for it (Mips), the bytes the parser produces
//     for that text: an opcode of another ISA mode prints as text the
//     current mode accepts as another instruction.
//
// Whether a CPU implements a valid instruction is another question, which
// only executing it answers reliably (HostSupportCheck, for the host). For a
// target the tool only assembles for, nothing public does (LLVM's x86
// assembler accepts every extension whatever the CPU), so there every valid
// instruction counts as available.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AVAILABILITY_ENCODINGVALIDITYCHECK_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AVAILABILITY_ENCODINGVALIDITYCHECK_H

#include "Snippets/SnippetGenerator.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/Error.h"
#include <memory>

namespace llvm {
namespace exegesis {

class LLVMState;

class EncodingValidityCheck : public InstructionAvailability {
public:
  /// Checks against \p State's triple, CPU and features.
  static Expected<std::unique_ptr<EncodingValidityCheck>>
  create(const LLVMState &State);

  ~EncodingValidityCheck() override;

  /// The same as whyInvalid: a target's CPU cannot be asked.
  std::optional<std::string> whyUnavailable(const MCInst &Inst) override;
  std::optional<std::string> whyInvalid(const MCInst &Inst) override;

private:
  explicit EncodingValidityCheck(const LLVMState &State);

  /// The encoding of \p Inst for the state's subtarget.
  SmallString<16> encode(const MCInst &Inst);
  /// What the assembler makes of one instruction's text.
  struct ParseResult {
    /// Its complaint, if any.
    std::optional<std::string> Complaint;
    /// The bytes of what it emitted.
    SmallString<16> Bytes;
  };
  ParseResult parse(StringRef Text);

  const LLVMState &State;
  /// The parser may change the features it is given (.code32 and the like):
  /// a copy of the state's.
  std::unique_ptr<MCSubtargetInfo> ParserSTI;
  std::unique_ptr<MCContext> EmitterContext;
  std::unique_ptr<MCCodeEmitter> Emitter;
  std::unique_ptr<MCInstPrinter> Printer;
  std::unique_ptr<MCDisassembler> Disassembler;
  StringMap<ParseResult> Cache;
};

} // namespace exegesis
} // namespace llvm

#endif
