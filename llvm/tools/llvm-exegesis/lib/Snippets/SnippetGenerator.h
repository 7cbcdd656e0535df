//===-- SnippetGenerator.h - Opcode -> benchmark snippets -------*- C++ -*-===//
//
// For -opcode-name / -opcode-index, the tool has to invent a snippet that
// measures what the mode asks for: a dependency chain through the opcode for
// latency (SerialSnippetGenerator), or independent copies of it for uops and
// inverse throughput (ParallelSnippetGenerator). This base class does what
// both share: modelling the opcode, refusing what cannot be benchmarked, the
// configurations to explore (-max-configs-per-opcode), filling operands that
// the strategy left open, and computing the register initial values, so that
// a strategy only decides how instructions depend on each other.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SNIPPETGENERATOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SNIPPETGENERATOR_H

#include "Core/Benchmark.h"
#include "Core/BenchmarkCode.h"
#include "Core/InstructionModel.h"
#include "Core/RegisterPool.h"
#include "Snippets/SeededChoice.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Decides whether an instruction can run where it will be measured (e.g.
/// the host has the CPU features it needs).
class InstructionAvailability {
public:
  virtual ~InstructionAvailability();
  /// Why \p Inst cannot run, or nullopt if it can.
  virtual std::optional<std::string> whyUnavailable(const MCInst &Inst) = 0;
  /// Why \p Inst is not a valid instruction at all, whatever the CPU (e.g.
  /// an opcode of another processor mode), or nullopt if it is.
  virtual std::optional<std::string> whyInvalid(const MCInst &Inst) = 0;
};

struct SnippetGeneratorOptions {
  BenchmarkMode Mode = BenchmarkMode::Latency;
  /// At most this many configurations per opcode.
  unsigned MaxConfigs = 1;
  RegisterReservationOptions Reservations;
  /// What the target's configurations must satisfy; Serial is set from
  /// Mode.
  ConfigurationOptions Configurations;
  /// The snippet is repeated in a loop: leave the loop counter alone.
  bool ReserveLoopCounter = false;
  /// When set, helper instructions a strategy adds (e.g. the second
  /// instruction of a latency cycle) are chosen among those it accepts.
  InstructionAvailability *Availability = nullptr;
  /// Seeds the choices a generator makes at random (registers, among
  /// equivalent candidates), so that one seed always gives one snippet.
  /// One sequence serves the whole run, opcode after opcode. Unset: the
  /// generator's default, deterministic choices.
  std::optional<unsigned> RandomSeed;
  /// Registers the snippets must not name besides the target's reserved
  /// ones: those other instructions of a mixture already use (see
  /// PortMapHost/KernelSnippet.h).
  std::vector<MCRegister> ExtraForbidden;
};

/// Why no snippet was generated for an opcode: the tool refuses to
/// benchmark it (unsupported), or no strategy applied. The message words a
/// refusal as upstream does, which its tests and users' scripts match: a
/// refusal every target shares (see SnippetGenerationTarget's
/// getGenericRefusal) reads "Unsupported opcode: <reason>", a target's own
/// "unsupported opcode: <reason>", and no strategy the reason alone.
class SnippetGenerationError : public ErrorInfo<SnippetGenerationError> {
public:
  enum class Kind { NoStrategy, TargetRefusal, GenericRefusal };
  static char ID;
  SnippetGenerationError(Kind K, std::string Reason)
      : K(K), Reason(std::move(Reason)) {}
  /// A target's refusal (\p Unsupported) or no strategy.
  SnippetGenerationError(bool Unsupported, std::string Reason)
      : SnippetGenerationError(Unsupported ? Kind::TargetRefusal
                                           : Kind::NoStrategy,
                               std::move(Reason)) {}
  bool isUnsupported() const { return K != Kind::NoStrategy; }
  Kind getKind() const { return K; }
  StringRef getReason() const { return Reason; }
  void log(raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }

private:
  Kind K;
  std::string Reason;
};

/// The instructions a strategy chose and why.
struct GeneratedSnippet {
  std::vector<MCInst> Instructions;
  std::string Info;
  /// Helper chains to measure beside it and subtract (SubtractedChain).
  std::vector<SubtractedChain> SubtractedChains;
};

class SnippetGenerator {
public:
  SnippetGenerator(const LLVMState &State,
                   const SnippetGeneratorOptions &Options);
  virtual ~SnippetGenerator();

  /// Up to MaxConfigs benchmarks for \p Opcode; a SnippetGenerationError
  /// when the opcode is unsupported or no strategy applies.
  Expected<std::vector<BenchmarkCode>> generateConfigurations(unsigned Opcode);

  /// The model of \p Opcode (built once).
  const InstructionModel &getModel(unsigned Opcode);
  const RegisterPool &getRegisterPool() const { return Pool; }

  /// Registers read before being written by \p Instructions, in order of
  /// first read, excluding the scratch memory pointer.
  std::vector<RegisterValue>
  computeRegisterInitialValues(ArrayRef<MCInst> Instructions);

  /// Whether the target can give \p Reg an initial value on this subtarget
  /// (AVX-512 registers cannot be set for a CPU without AVX-512).
  bool canInitialize(MCRegister Reg);

  /// Why \p Opcode is refused outright, or nullopt.
  std::optional<std::string> getUnsupportedReason(unsigned Opcode);

protected:
  /// Chooses the instructions for one configuration; \p Values holds what
  /// the configuration fixed. \p Avoid holds the units of the registers
  /// earlier variants of the configuration chose (see getNumVariants): the
  /// strategy chooses others where it has a choice.
  virtual Expected<GeneratedSnippet>
  generateSnippet(const InstructionModel &Model, const SlotValues &Values,
                  const BitVector &Avoid) = 0;

  /// How many snippets of one configuration the strategy makes: one per way
  /// \p Model can be measured, which may only differ in their registers.
  virtual unsigned getNumVariants(const InstructionModel &) const { return 1; }

  /// The first allowed register of \p Slot's class sharing no unit with
  /// \p Avoid; any allowed one if all do; invalid if the class is empty.
  MCRegister pickRegister(const OperandSlot &Slot,
                          const BitVector &Avoid) const;

  /// The register for \p Slot: without a seed, pickRegister's. With one,
  /// a register drawn among the slot's draw candidates (getDrawCandidates)
  /// that is allowed here and shares no unit with \p Avoid; pickRegister's
  /// when none is.
  MCRegister chooseRegister(const OperandSlot &Slot, const BitVector &Avoid);

  /// With a seed: draws among all of \p Candidates until \p Fits accepts
  /// the register drawn (a choice that does not depend on which of them fit,
  /// so that a seed draws the same whatever this run reserves). Without
  /// one: the first that fits. Invalid when none fits.
  MCRegister drawRegister(ArrayRef<MCRegister> Candidates,
                          function_ref<bool(MCRegister)> Fits);

  /// With a seed, an index below \p N drawn; without one, 0.
  size_t drawIndex(size_t N) { return Random ? Random->index(N) : 0; }

  bool isSeeded() const { return Random.has_value(); }

  /// What a seeded choice for register class \p ClassID draws among: the
  /// members of the class that the target lets a snippet name, in the order
  /// of their numbers (upstream's order), including those this run reserves
  /// (the scratch pointer, the loop counter), which are drawn again.
  ArrayRef<MCRegister> getDrawCandidates(unsigned ClassID);

  /// Sets every unset slot of \p Values: scratch addresses at \p Offset,
  /// default immediates, and registers avoiding \p Used (which grows with
  /// every register chosen), in slot order.
  Error fillRemainingSlots(const InstructionModel &Model, SlotValues &Values,
                           BitVector &Used, int64_t Offset);

  /// Units of the registers already chosen in \p Values.
  BitVector unitsOfChosenRegisters(const InstructionModel &Model,
                                   const SlotValues &Values) const;

  /// The benchmark for \p Instructions: their register initial values
  /// (adjusted by the target) and the scratch pointer as a live-in.
  BenchmarkCode makeBenchmarkCode(std::vector<MCInst> Instructions,
                                  std::string Config, std::string Info);

  /// The snippets the target builds itself for \p Model, one per
  /// configuration (at least one).
  /// \p Codes, or an error when the subtarget refuses \p Opcode's
  /// instruction in them (see featuresDecideValidity).
  Expected<std::vector<BenchmarkCode>>
  checkSubtargetAccepts(unsigned Opcode, std::vector<BenchmarkCode> Codes);
  std::vector<BenchmarkCode>
  generatePreparedConfigurations(const InstructionModel &Model);

  static Error noStrategy(StringRef Reason) {
    return make_error<SnippetGenerationError>(false, Reason.str());
  }

  const LLVMState &State;
  SnippetGeneratorOptions Options;
  const SnippetGenerationTarget &Target;
  MCRegister ScratchRegister;
  RegisterPool Pool;
  std::vector<std::unique_ptr<InstructionModel>> Models;
  /// Models kept after their opcode's snippets are generated (the helpers
  /// of other opcodes); the others are dropped so that a sweep's memory does
  /// not grow with the number of opcodes.
  BitVector KeptModels;
  enum class Settable : uint8_t { Unknown, Yes, No };
  std::vector<Settable> SettableRegisters;
  /// The seeded choices (-random-generator-seed), when there is a seed.
  std::optional<SeededChoice> Random;
  /// The registers the target lets a snippet name, without this run's
  /// reservations: the draw candidates' pool, made for the first draw.
  std::unique_ptr<RegisterPool> TargetPool;
  std::vector<std::optional<std::vector<MCRegister>>> DrawCandidates;
};

} // namespace exegesis
} // namespace llvm

#endif
