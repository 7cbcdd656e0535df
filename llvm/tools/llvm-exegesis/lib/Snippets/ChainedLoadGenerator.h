//===-- Snippets/ChainedLoadGenerator.h - Load latency chains ---*- C++ -*-===//
//
// A load reads nothing but its address registers, and they must point at
// memory, so the generic serial generator finds no chain for it. Its latency
// is measured through its address: the load, then an add of the value it
// loaded to its base register, so that each load's address depends on the
// value the previous one loaded. The memory it reads holds zero, so the
// address never changes (one repetition: the load and an add). A value
// loaded into a register no address can be made of (a floating-point
// register, a predicate) first goes through a move into one. For
// throughput: up to four loads into distinct registers.
//
// That much every target shares and is written here once. What differs is
// answered by the target's ChainedLoad, one per load opcode: which registers
// a load may write, how the load and the add are built, how a loaded value
// reaches a register the add can read, and, for a target that chains some
// loads in a way of its own (RISC-V's and x86's pointer chase through a word
// that holds its own address; x86's load-op forms, whose result is the next
// address because the word holds the identity of their operation), that
// chain.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_CHAINEDLOADGENERATOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_CHAINEDLOADGENERATOR_H

#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include <memory>
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// How the value a latency snippet's load wrote reaches the add that makes
/// the next address.
struct LoadedValue {
  /// The register the add reads.
  MCRegister Reg;
  /// The move that takes the loaded bits to Reg, when the load's
  /// destination is no register an address can be made of.
  std::optional<MCInst> Move;
};

/// How a target's snippet infos name the parts of a chained load.
struct ChainedLoadWords {
  /// The register the loads are based on.
  StringRef AddressRegister = "scratch pointer";
  /// The memory the throughput loads read.
  StringRef Memory = "scratch memory";
  /// The register a move takes a loaded value to, with its article.
  StringRef MovedTo = "a GPR";
  /// The move and the add, with their articles.
  StringRef Move = "a move";
  StringRef Add = "an add";
};

/// One load opcode as a target chains it. The target builds one for the
/// opcodes it chains (none for the others) and answers what differs between
/// targets; generateChainedLoadSnippet does the rest.
class ChainedLoad {
public:
  /// \p DefSlots: the slots of the registers the load writes, in operand
  /// order.
  ChainedLoad(const LLVMState &State, const InstructionModel &Model,
              SmallVector<unsigned, 2> DefSlots);
  virtual ~ChainedLoad();

  const LLVMState &getState() const { return State; }
  const InstructionModel &getModel() const { return Model; }
  ArrayRef<unsigned> getDefSlots() const { return DefSlots; }
  const ChainedLoadWords &getWords() const { return Words; }

  /// Whether a generated load may write \p Reg: never a register the
  /// snippets reserve (the address register, the loop counter...).
  virtual bool mayWrite(MCRegister Reg) const = 0;

  /// The load writing \p Defs (one per def slot) from \p Offset bytes past
  /// the address register.
  virtual MCInst buildLoad(ArrayRef<MCRegister> Defs, int64_t Offset) const = 0;

  /// The offset of throughput load number \p Copy: 64 bytes apart, each in
  /// a cache line of its own, by default.
  virtual int64_t getThroughputOffset(unsigned Copy) const {
    return 64 * int64_t(Copy);
  }

  /// A latency snippet the target makes its own way, tried before the
  /// generic chain; nullopt to use the generic chain.
  virtual std::optional<PreparedSnippet> getOwnLatencySnippet() const {
    return std::nullopt;
  }

  /// How the value loaded into \p Defs reaches the add, using no register
  /// that overlaps one of \p Used; nullopt when it cannot.
  virtual std::optional<LoadedValue>
  getLoadedValue(ArrayRef<MCRegister> Defs,
                 ArrayRef<MCRegister> Used) const = 0;

  /// The add of \p Value to the address register; nullopt when the
  /// subtarget has none.
  virtual std::optional<MCInst> buildAddressAdd(MCRegister Value) const = 0;

  /// The YAML info of the latency snippet whose loaded value reaches the
  /// add as \p Value says.
  virtual std::string describeLatency(const LoadedValue &Value) const;

protected:
  /// The target's words, set by its constructor where they differ.
  ChainedLoadWords Words;

private:
  const LLVMState &State;
  const InstructionModel &Model;
  SmallVector<unsigned, 2> DefSlots;
};

/// The snippet of \p Load: \p Serial, the chain through the address;
/// otherwise independent loads. Only \p Index 0 exists; none when \p Load is
/// null (an opcode the target does not chain) or no register is free.
std::optional<PreparedSnippet>
generateChainedLoadSnippet(std::unique_ptr<ChainedLoad> Load, bool Serial,
                           unsigned Index);

} // namespace exegesis
} // namespace llvm

#endif
