//===-- CpuSupportCheck.h - Can a CPU run an instruction? -------*- C++ -*-===//
//
// An opcode sweep must not execute an instruction the host CPU lacks: the
// result would be SIGILL at best. LLVM does not export which features an
// opcode requires (the predicate tables are private to each backend), so the
// answer is pieced together from three public sources, cheapest first:
//   - the CPU's scheduling model: a complete model describes every
//     instruction the CPU implements and leaves the others invalid;
//   - the encoding family against the CPU's features: EVEX needs AVX-512
//     (or APX for its legacy map), VEX needs AVX, REX2 needs APX. This
//     catches a virtual machine that hides features its CPU model has;
//   - for x86 extensions that share the legacy or VEX encoding space, the
//     feature named by the opcode's family (GFNI, Key Locker, AVX-512 mask
//     instructions, TBM...): a table, since neither encoding nor assembler
//     tells them apart;
//   - the target's disassembler: an encoding that does not decode back to
//     the same length is not valid in this mode (x86's 0x82 forms, the
//     one-byte INC/DEC that are REX prefixes in 64-bit mode);
//   - the target's assembler parser for that subtarget: it refuses forms
//     that are invalid in the current mode (x86's 32-bit-only opcodes) or
//     that cannot be encoded (AH next to a REX prefix). The printed
//     instruction is prefixed with {vex}/{evex}/{rex2} so that the parser
//     checks the same encoding family. Answers are cached by text.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CPUSUPPORTCHECK_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CPUSUPPORTCHECK_H

#include "SnippetGenerator.h"
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

class CpuSupportCheck : public InstructionAvailability {
public:
  /// Checks against \p CpuName with \p Features (a -mattr style string) on
  /// \p State's triple.
  static Expected<std::unique_ptr<CpuSupportCheck>>
  create(const LLVMState &State, StringRef CpuName, StringRef Features);

  /// Checks against \p State's own CPU and features.
  static Expected<std::unique_ptr<CpuSupportCheck>>
  createForTarget(const LLVMState &State);

  /// Checks against the CPU we are running on, with the features the
  /// operating system reports for it.
  static Expected<std::unique_ptr<CpuSupportCheck>>
  createForHost(const LLVMState &State);

  ~CpuSupportCheck() override;

  std::optional<std::string> whyUnavailable(const MCInst &Inst) override;
  std::optional<std::string> whyInvalid(const MCInst &Inst) override;

private:
  explicit CpuSupportCheck(const LLVMState &State);

  /// The encoding family of \p Inst, as a pseudo prefix ("{evex} ", ...)
  /// and the feature it needs; empty strings for legacy encodings.
  struct EncodingFamily {
    StringRef Prefix;
    StringRef Feature;
    StringRef Description;
  };
  EncodingFamily getEncodingFamily(const MCInst &Inst,
                                   ArrayRef<uint8_t> Bytes) const;
  /// The encoding of \p Inst for the state's subtarget.
  SmallString<16> encode(const MCInst &Inst);
  /// The x86 extension \p Opcode belongs to by its name, if the table
  /// knows it, as a feature name.
  std::optional<StringRef> getExtensionFeature(unsigned Opcode) const;
  std::optional<std::string> parse(StringRef Text);

  const LLVMState &State;
  std::unique_ptr<MCSubtargetInfo> CheckedSTI;
  std::unique_ptr<MCContext> EmitterContext;
  std::unique_ptr<MCCodeEmitter> Emitter;
  std::unique_ptr<MCInstPrinter> Printer;
  std::unique_ptr<MCDisassembler> Disassembler;
  std::string CpuName;
  StringMap<std::optional<std::string>> Cache;
};

} // namespace exegesis
} // namespace llvm

#endif
