//===-- SnippetGenerationTarget.h - Target rules for snippets ---*- C++ -*-===//
//
// The snippet generators are target-independent; what they cannot know is
// answered here per architecture: which opcodes make no sense to benchmark
// (and why), which registers a snippet must never name, how a memory
// reference is pointed at the scratch buffer, which immediates are safe, and
// which alternative operand forms (-max-configs-per-opcode) are worth
// measuring, such as LEA addressing forms or condition codes. Kept apart from
// ExegesisTarget because only the generators need it; found through the same
// row of the target registry (Core/Target.h), so that a triple gets the rules
// of the architecture whose ExegesisTarget it gets.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SNIPPETGENERATIONTARGET_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SNIPPETGENERATIONTARGET_H

#include "Core/BenchmarkCode.h"
#include "Core/InstructionModel.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Choices of the run that change which registers are off limits.
struct RegisterReservationOptions {
  /// x86: do not use XMM8-XMM15 (-x86-disable-upper-sse-registers).
  bool DisableUpperSSERegisters = false;
};

/// What the run asks of the configurations a target enumerates
/// (getConfiguration).
struct ConfigurationOptions {
  /// The snippets measure latency: configurations should let the
  /// instruction depend on itself.
  bool Serial = false;
  /// RISC-V vector: keep the configurations whose `config` text matches
  /// this `vtype = {Field: regex, ...}` (--riscv-filter-config); empty
  /// keeps all.
  std::string RISCVConfigFilter;
  /// RISC-V vector: enumerate every vxrm / frm rounding mode, not only the
  /// first (--riscv-enumerate-rounding-modes).
  bool RISCVEnumerateRoundingModes = true;
  /// RISC-V vector: AVL is always VLMAX (--riscv-vlmax-for-vl).
  bool RISCVVLMaxOnly = false;
};

/// One configuration of an opcode: values fixed before the generator chooses
/// the rest, and how to describe the result in the YAML `config` field.
struct OperandConfiguration {
  SlotValues Fixed;
};

/// A whole snippet the target builds for an opcode whose implicit registers
/// need values the generic generators cannot choose (x86 string
/// instructions: pointers into scratch memory and a count, re-set every
/// repetition).
struct PreparedSnippet {
  std::vector<MCInst> Instructions;
  /// The YAML `config` text.
  std::string Config;
  /// The YAML `info` text: what one repetition of the snippet measures.
  std::string Info;
  /// Helper chains measured beside it and subtracted (latency only).
  std::vector<SubtractedChain> SubtractedChains;
};

class SnippetGenerationTarget {
public:
  virtual ~SnippetGenerationTarget();

  /// The rules of \p TT's architecture in the target registry (generic
  /// rules for an architecture we have no code for).
  static const SnippetGenerationTarget &lookup(const Triple &TT);

  /// Registers generated snippets never name.
  virtual void getReservedRegisters(const LLVMState &State,
                                    const RegisterReservationOptions &Options,
                                    std::vector<MCRegister> &Regs) const;

  /// Adjusts the initial values of \p Values for what \p Instructions do
  /// with them (x86: a divisor starts at 1, not 0).
  virtual void adjustInitialValues(const LLVMState &State,
                                   ArrayRef<MCInst> Instructions,
                                   std::vector<RegisterValue> &Values) const;

  /// Registers never chosen for an operand, although registers overlapping
  /// them may be.
  virtual void getUnnamedRegisters(const LLVMState &State,
                                   std::vector<MCRegister> &Regs) const;

  /// Whether writing \p Reg keeps the other bits of a wider register it is
  /// part of, so that the write waits for that register's previous value
  /// (x86: 8- and 16-bit registers). A parallel snippet gives such writes
  /// registers of their own, or it would measure a chain.
  virtual bool writeKeepsWiderBits(const LLVMState &, MCRegister) const {
    return false;
  }

  /// Why \p Model cannot be a basic instruction of the port-map method,
  /// mixed with any other, for a reason of the architecture (x86: a legacy
  /// SSE encoding beside AVX code, MMX), or nullopt (see
  /// PortMapHost/BasicCandidates.h).
  virtual std::optional<std::string>
  whyNotMixable(const LLVMState &, const InstructionModel &) const {
    return std::nullopt;
  }

  /// The value a generated snippet gives \p Reg when it reads it first: zero
  /// (an empty APInt) for data, the ABI default for control registers so
  /// that floating-point exceptions stay masked.
  virtual APInt getInitialValue(const LLVMState &State, MCRegister Reg) const;

  /// Whether the subtarget's features decide which opcodes its assembler
  /// and disassembler accept (RISC-V: every optional and vendor extension),
  /// so that a generated instruction they refuse is reported as unsupported
  /// rather than generated for a CPU that lacks it. x86's assembler accepts
  /// every extension whatever the CPU, so there it decides nothing.
  virtual bool featuresDecideValidity() const { return false; }

  /// Whether an instruction is valid only when the assembler, given its
  /// printed form, encodes the same bytes: on Mips the opcodes of the other
  /// ISA modes and revisions (microMIPS, MIPS16, the release 6
  /// re-encodings) print as text the current mode accepts as another
  /// instruction. x86 has several encodings of one text, so there it
  /// decides nothing.
  virtual bool printedFormMustAssembleToSameBytes() const { return false; }

  /// Why every target refuses \p Model's opcode, or nullopt: checked before
  /// the target's own rules (getUnsupportedReason), in upstream's order and
  /// words, so that the same opcode gets the same refusal on every target:
  /// a pseudo or an opcode with a custom inserter
  /// ("isPseudo/usesCustomInserter", unless benchmarksPseudo), a branch
  /// ("isBranch/isIndirectBranch"), a call or return ("isCall/isReturn"),
  /// an opcode without a scheduling class ("No Sched Class": code generator
  /// artefacts, and instructions whose model says nothing to compare with).
  std::optional<std::string>
  getGenericRefusal(const LLVMState &State,
                    const InstructionModel &Model) const;

  /// Whether the target benchmarks the pseudo \p Model stands for itself
  /// (RISC-V's PseudoV*, lowered with their vector configuration), so that
  /// it is not refused as a pseudo.
  virtual bool benchmarksPseudo(const LLVMState &,
                                const InstructionModel &) const {
    return false;
  }

  /// Why the target cannot benchmark \p Model's opcode, or nullopt if it
  /// can. Asked after getGenericRefusal; the base refuses traps.
  virtual std::optional<std::string>
  getUnsupportedReason(const LLVMState &State,
                       const InstructionModel &Model) const;

  /// Why a snippet must never run \p Opcode although it is generated and
  /// assembled as any other (AArch64: exception-generating and system
  /// instructions, EL1-only ones), or nullopt. The measure phase skips
  /// such a snippet before probing it; earlier phases are unaffected.
  virtual std::optional<std::string> whyNeverRun(const LLVMState &,
                                                 unsigned) const {
    return std::nullopt;
  }

  /// Whether \p Key, as a whole, is a snippet the target runs although an
  /// opcode of it is never run on its own (whyNeverRun): x86's round trip
  /// of a store and a load of floating-point control state, whose load
  /// reads back only what the store just wrote (X86ControlStateChains.h).
  /// The measure phase then asks whyNeverRun of none of its instructions.
  /// It must recognise only the exact snippets, register values included,
  /// that its generator builds. None by default.
  virtual bool runsWholeSnippet(const LLVMState &, const BenchmarkKey &) const {
    return false;
  }

  /// Configuration number \p Index of \p Model, or nullopt when there are
  /// fewer configurations. Index 0 exists unless whyNoConfiguration says
  /// why not. Registers it fixes are among \p Pool's allowed ones.
  virtual std::optional<OperandConfiguration>
  getConfiguration(const LLVMState &State, const InstructionModel &Model,
                   const RegisterPool &Pool,
                   const ConfigurationOptions &Options, unsigned Index) const;

  /// Fails, saying what is malformed, when an option of \p Options meant for
  /// this target is (RISC-V: --riscv-filter-config).
  virtual Error checkConfigurationOptions(const ConfigurationOptions &) const {
    return Error::success();
  }

  /// Why \p Model has no configuration at all under \p Options (RISC-V: no
  /// vector configuration the subtarget can run, or none the filter keeps),
  /// or nullopt when it has one.
  virtual std::optional<std::string>
  whyNoConfiguration(const LLVMState &, const InstructionModel &,
                     const ConfigurationOptions &) const {
    return std::nullopt;
  }

  /// Operands of \p Opcode that hold the address it loads from or stores to
  /// although its descriptor does not mark them MCOI::OPERAND_MEMORY
  /// (AArch64 describes its base registers as plain registers). The model
  /// makes them memory operands, which the generators point at scratch
  /// memory. None by default.
  virtual SmallVector<unsigned, 2>
  getUnmarkedAddressOperands(const LLVMState &State, unsigned Opcode) const;

  /// Whether the memory operand of \p Opcode only computes an address,
  /// although its descriptor types it MCOI::OPERAND_MEMORY and the opcode
  /// has a register result (x86's LEA16r and LEA32r): its registers are
  /// then chosen like any other operand's, not pointed at scratch memory.
  /// False by default.
  virtual bool isAddressArithmetic(const LLVMState &State,
                                   unsigned Opcode) const;

  /// Sets the slots of \p Ref to address \p Offset bytes past \p Base.
  virtual void setScratchAddress(const InstructionModel &Model,
                                 const MemoryReference &Ref, MCRegister Base,
                                 int64_t Offset, SlotValues &Values) const;

  /// The value for an immediate that no configuration fixed.
  virtual int64_t getDefaultImmediate(const InstructionModel &Model,
                                      const OperandSlot &Slot) const;

  /// Whether the target builds \p Model's snippets itself
  /// (getPreparedSnippet) instead of the generic generators.
  virtual bool preparesSnippet(const LLVMState &State,
                               const InstructionModel &Model) const;

  /// Configuration number \p Index of a prepared snippet for \p Model, or
  /// nullopt when there are fewer. \p Serial: the snippet is for latency,
  /// so repetitions should depend on each other where they can.
  virtual std::optional<PreparedSnippet>
  getPreparedSnippet(const LLVMState &State, const InstructionModel &Model,
                     bool Serial, unsigned Index) const;

  /// A latency snippet that measures \p Model through the address its
  /// memory operand reads, tried before the generic serial strategies: the
  /// value it loads, or its result, makes the next repetition's address (x86:
  /// a pointer chase for MOV64rm; ADD64rm reading a word that holds 0, the
  /// identity of its operation, so that its result stays the address).
  /// nullopt where the target has none for \p Model, which then gets the
  /// generic strategies.
  virtual std::optional<PreparedSnippet>
  getAddressPathLatencySnippet(const LLVMState &,
                               const InstructionModel &) const {
    return std::nullopt;
  }

  /// A latency snippet for \p Model, whose only result is the flags, through
  /// a consumer that reads them back into one of its inputs (x86: CMOVB),
  /// the consumer's latency measured beside it and subtracted; tried before
  /// the generic serial strategies. nullopt where the target has none.
  virtual std::optional<PreparedSnippet>
  getFlagsLatencySnippet(const LLVMState &, const InstructionModel &) const {
    return std::nullopt;
  }

  /// A latency snippet for \p Model through state its descriptor does not
  /// name as an operand (x86: the x87 register stack, whose ST(0) most x87
  /// opcodes read and write implicitly), tried before the generic serial
  /// strategies; nullopt where the target has none for \p Model.
  virtual std::optional<PreparedSnippet>
  getRegisterStackLatencySnippet(const LLVMState &,
                                 const InstructionModel &) const {
    return std::nullopt;
  }

  /// Why \p Model can have no latency snippet, in terms only the target
  /// knows (x86: a prefix byte, an x87 compare that writes only condition
  /// codes), or nullopt: the generic reasons of NoStrategyReason.h then.
  virtual std::optional<std::string>
  whyNoLatencySnippet(const LLVMState &, const InstructionModel &) const {
    return std::nullopt;
  }

  /// A latency snippet for a stack instruction that the target runs on a
  /// private stack, balanced (x86: PUSH, POP, CALL, RET), asked in latency
  /// mode before every refusal; nullopt for any other opcode.
  virtual std::optional<PreparedSnippet>
  getStackLatencySnippet(const LLVMState &, const InstructionModel &) const {
    return std::nullopt;
  }

  /// The YAML `config` text for \p Inst (e.g. an LEA addressing form).
  virtual std::string describeConfiguration(const LLVMState &State,
                                            const InstructionModel &Model,
                                            const MCInst &Inst) const;
};

/// Fails when any target we implement finds an option of \p Options meant
/// for it malformed, whatever the triple of the run: the driver checks the
/// options once, before anything is generated or written, without knowing
/// which target reads which option.
Error checkConfigurationOptions(const ConfigurationOptions &Options);

} // namespace exegesis
} // namespace llvm

#endif
