//===-- OperandPairGenerator.h - Latency per operand pair -------*- C++ -*-===//
//
// An instruction's latency is not one number: the result of a shift waits
// longer for its count than for its source on some cores, a load-op form
// waits for its memory operand longer than for its register one. uops.info
// gives "lat [op1 -> op2]" for every input and output operand;
// -latency-operand-pairs asks the tool for the same. For each input operand
// (an explicit register, an implicit register such as EFLAGS, the memory
// operand as one) and each output operand of an opcode, this generator
// makes a snippet whose only loop-carried path goes from that output back
// into that input: the two share a register, every other operand gets a
// register of its own that nothing in the instruction writes or reads.
// Where no register choice keeps the path alone (a tied operand, an
// implicit register both read and written, classes without a common
// register), the pair gets the reason instead of a snippet.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_OPERANDPAIRGENERATOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_OPERANDPAIRGENERATOR_H

#include "Snippets/SnippetGenerator.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// One input and one output of an instruction, and what measures the latency
/// from the first to the second.
struct OperandPairCode {
  /// `IN->OUT`: an explicit operand is `op<N>`, its index in the MCInst (as
  /// in the key's instruction text), an implicit register its name, the
  /// memory operand `mem` (Results/OperandPairKey.h makes it a key).
  std::string Name;
  /// The snippet, or nothing and Reason says why.
  std::optional<BenchmarkCode> Code;
  std::string Reason;
};

class OperandPairGenerator : public SnippetGenerator {
public:
  /// \p Options as the latency generator's (the mode is latency whatever it
  /// says; one configuration).
  OperandPairGenerator(const LLVMState &State,
                       const SnippetGeneratorOptions &Options);

  /// Every input-output pair of \p Opcode in operand order (inputs first,
  /// then outputs), each with its snippet or the reason it has none.
  std::vector<OperandPairCode> generatePairs(unsigned Opcode);

protected:
  /// The snippet of the pair generatePairs is at.
  Expected<GeneratedSnippet> generateSnippet(const InstructionModel &Model,
                                             const SlotValues &Values,
                                             const BitVector &Avoid) override;

private:
  /// An input or an output of the instruction.
  struct Endpoint {
    enum class Kind { Slot, Implicit, Memory } K = Kind::Slot;
    /// Kind::Slot: the slot's index.
    unsigned Slot = 0;
    /// Kind::Implicit: the register.
    MCRegister Reg;
    std::string Name;
  };

  /// The inputs, but for slots \p Fixed (the first configuration) leaves
  /// without a register.
  std::vector<Endpoint> getInputs(const InstructionModel &Model,
                                  const SlotValues &Fixed) const;
  std::vector<Endpoint> getOutputs(const InstructionModel &Model) const;
  /// Whether an implicit register is worth a pair: one a snippet may name
  /// (the flags, a fixed general register), not the stack pointer or a
  /// control register.
  bool isNameable(MCRegister Reg) const;
  /// The registers \p E reads or writes in \p Inst.
  MCRegister getRegister(const InstructionModel &Model, const Endpoint &E,
                         const MCInst &Inst) const;
  /// The pairs other than (In, Out) whose output feeds their input in
  /// \p Inst, as `IN->OUT` names.
  std::vector<std::string> getOtherCarriedPairs(const InstructionModel &Model,
                                                const MCInst &Inst) const;

  Expected<GeneratedSnippet> generateMemoryPair(const InstructionModel &Model);

  std::vector<Endpoint> Inputs, Outputs;
  const Endpoint *In = nullptr;
  const Endpoint *Out = nullptr;
};

} // namespace exegesis
} // namespace llvm

#endif
