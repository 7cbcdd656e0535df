//===-- SerialSnippetGenerator.h - Snippets for latency ---------*- C++ -*-===//
//
// Latency is measured by repeating a snippet whose every execution waits for
// the previous one, so that the time per repetition is the length of one
// dependency cycle. A memory form the target chains through its address
// (SnippetGenerationTarget::getAddressPathLatencySnippet: x86's loads and
// load-op forms) gets that chain, which waits for the load; otherwise three
// ways to build that cycle, tried in order:
//   - the opcode already depends on itself whatever its registers (a tied
//     def/use such as x86's two-address ADD, or an implicit register both
//     read and written such as ADC's EFLAGS): repeat it as is;
//   - one of its defs can be given the register of one of its uses: do so;
//   - otherwise add a second instruction that reads what the first writes
//     and writes what the first reads (CMP writes only EFLAGS: pair it with
//     an instruction that turns EFLAGS back into a register CMP reads).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SERIALSNIPPETGENERATOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SERIALSNIPPETGENERATOR_H

#include "Snippets/SnippetGenerator.h"
#include "llvm/ADT/StringMap.h"

namespace llvm {
namespace exegesis {

class SerialSnippetGenerator : public SnippetGenerator {
public:
  using SnippetGenerator::SnippetGenerator;

protected:
  Expected<GeneratedSnippet> generateSnippet(const InstructionModel &Model,
                                             const SlotValues &Values,
                                             const BitVector &Avoid) override;

  /// An opcode that depends on itself in several ways (ADC8rr: through its
  /// tied register and through EFLAGS) gets a snippet per way, as upstream
  /// gives it; the instruction is the same, so they differ in registers.
  unsigned getNumVariants(const InstructionModel &Model) const override;

private:
  /// One instruction in the making: its model and the slot values so far.
  struct PartialInstruction {
    const InstructionModel *Model;
    SlotValues Values;
  };

  /// Makes \p Consumer read something \p Producer writes by choosing
  /// registers for open slots. \p Exact asks for identical registers rather
  /// than merely overlapping ones. \p SameInstruction forbids linking a slot
  /// with itself. Without a seed the first link in slot and register order
  /// is taken; with one a link is drawn (drawDefToUseLink).
  bool linkDefToUse(PartialInstruction &Producer, PartialInstruction &Consumer,
                    bool Exact, bool SameInstruction);

  /// linkDefToUse with a seed: of the first kind of link it tries that
  /// exists (a def slot to an implicit use, an implicit def to a use slot, a
  /// def slot to a use slot), the register is drawn first (among the
  /// registers that could link if the run reserved nothing, drawn again
  /// until one can), then the def that takes it, then the use that reads
  /// it.
  bool drawLink(PartialInstruction &Producer, PartialInstruction &Consumer,
                bool Exact, bool SameInstruction);

  /// What a seeded choice for slot \p SlotIndex of \p Values draws among:
  /// its fixed register (kept in \p Storage), or the draw candidates of its
  /// class.
  ArrayRef<MCRegister>
  getSlotDrawCandidates(const OperandSlot &Slot, const SlotValues &Values,
                        unsigned SlotIndex,
                        SmallVectorImpl<MCRegister> &Storage);

  /// The opcodes that may serve as the second instruction of a cycle.
  ArrayRef<unsigned> getHelperCandidates();

  /// The helpers whose possible uses meet \p Model's possible defs and
  /// whose possible defs meet its possible uses.
  ArrayRef<unsigned> getFittingHelpers(const InstructionModel &Model);

  /// Whether a helper opcode passes \p RequireAvailable's check, decided
  /// on its first use and remembered.
  bool isUsableHelper(const MCInst &Inst, bool RequireAvailable);

  std::optional<std::vector<unsigned>> HelperCandidates;
  StringMap<std::vector<unsigned>> FittingHelpers;
  enum class HelperState : uint8_t { Unknown, Invalid, Unavailable, Usable };
  std::vector<HelperState> HelperStates;
};

} // namespace exegesis
} // namespace llvm

#endif
