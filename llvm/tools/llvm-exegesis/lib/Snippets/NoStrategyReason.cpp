//===-- NoStrategyReason.cpp ------------------------------------*- C++ -*-===//

#include "Snippets/NoStrategyReason.h"
#include "Core/LLVMState.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace llvm {
namespace exegesis {

namespace {

/// What \p Model reads and writes, as the descriptor says: registers outside
/// its address, immediates, memory through its operands.
struct DataFlow {
  SmallVector<std::string, 4> Reads, Writes;
  bool ReadsImmediate = false;
  /// A register operand outside the address is read (not an implicit one).
  bool ReadsExplicitRegister = false;
  bool LoadsOperand = false;
  bool StoresOperand = false;
  bool HasAddress = false;
  /// LLVM's descriptor says it stores, but names no memory operand: the
  /// address is in an implicit register (MASKMOVDQU's RDI).
  bool StoresImplicitly = false;
};

DataFlow getDataFlow(const LLVMState &State, const InstructionModel &Model) {
  const MCRegisterInfo &RI = State.getRegInfo();
  DataFlow Flow;
  auto AddUnique = [](SmallVectorImpl<std::string> &Names, std::string Name) {
    if (!is_contained(Names, Name))
      Names.push_back(std::move(Name));
  };
  for (const OperandSlot &Slot : Model.slots()) {
    if (Model.isScratchAddressSlot(Slot))
      continue;
    if (Slot.Kind == OperandKind::Immediate && Slot.IsUse)
      Flow.ReadsImmediate = true;
    if (Slot.Kind != OperandKind::Register || Slot.RegClassID < 0)
      continue;
    std::string Class = RI.getRegClassName(&RI.getRegClass(Slot.RegClassID));
    if (Slot.IsUse) {
      AddUnique(Flow.Reads, Class);
      Flow.ReadsExplicitRegister = true;
    }
    if (Slot.IsDef)
      AddUnique(Flow.Writes, Class);
  }
  for (MCPhysReg Reg : Model.implicitUses())
    AddUnique(Flow.Reads, RI.getName(Reg));
  for (MCPhysReg Reg : Model.implicitDefs())
    AddUnique(Flow.Writes, RI.getName(Reg));
  // A memory access LLVM gives an instruction without a memory operand
  // (fences, PAUSE) only orders memory: no value goes in or out through it.
  if (Model.accessesMemory()) {
    Flow.HasAddress = true;
    Flow.LoadsOperand = Model.getDesc().mayLoad();
    Flow.StoresOperand = Model.getDesc().mayStore();
  }
  Flow.StoresImplicitly =
      Model.memoryReferences().empty() && Model.getDesc().mayStore();
  return Flow;
}

std::string explain(const DataFlow &Flow) {
  bool ReadsData = !Flow.Reads.empty() || Flow.LoadsOperand;
  bool WritesData = !Flow.Writes.empty() || Flow.StoresOperand;
  if (!ReadsData && !Flow.ReadsImmediate && !WritesData)
    return "the instruction reads and writes no register, flag or memory: it "
           "has no latency, only a throughput";
  if (!ReadsData)
    return "the instruction reads no register, flag or memory (a constant or "
           "a counter): it has no latency, only a throughput";
  if (Flow.HasAddress && Flow.Reads.empty() && Flow.Writes.empty() &&
      !Flow.ReadsImmediate)
    return "a memory hint with no result: it reads only its address and "
           "gives no value back";
  if (Flow.StoresImplicitly && Flow.Writes.empty())
    return "its only result is the memory at the address an implicit "
           "register holds, which nothing here reads back into its inputs";
  // LLVM 22 leaves mayStore off some AVX-512 extracts to memory
  // (VEXTRACTF32X8Zmri): a chain through memory would rest on a store the
  // descriptor does not declare.
  if (Flow.HasAddress && !Flow.LoadsOperand && !Flow.StoresOperand &&
      Flow.Writes.empty())
    return "LLVM's descriptor gives it a memory operand but says it neither "
           "loads nor stores, so no chain through memory is built on it";
  if (!WritesData)
    return "the instruction writes no register, flag or memory: nothing "
           "carries a result to the next copy";
  if (Flow.Writes.empty())
    return "its only result is the memory it stores, which nothing here "
           "reads back into its inputs";
  std::string Writes = join(Flow.Writes, ", ");
  SmallVector<std::string, 4> Reads(Flow.Reads.begin(), Flow.Reads.end());
  if (Flow.LoadsOperand)
    Reads.insert(Reads.begin(), "memory");
  if (Flow.LoadsOperand && !Flow.ReadsExplicitRegister)
    return "a load: no register operand of it is read, and its result (" +
           Writes + ") makes no address without a helper instruction";
  return "no register it writes (" + Writes + ") reaches what it reads (" +
         join(Reads, ", ") + "), directly or through a helper instruction";
}

} // namespace

std::string explainNoSerialStrategy(const LLVMState &State,
                                    const SnippetGenerationTarget &Target,
                                    const InstructionModel &Model) {
  std::string Message = NoSerialStrategy;
  Message += ": ";
  if (std::optional<std::string> Never =
          Target.whyNeverRun(State, Model.getOpcode()))
    return Message + "never run here (" + *Never + ")";
  if (std::optional<std::string> Reason =
          Target.whyNoLatencySnippet(State, Model))
    return Message + *Reason;
  return Message + explain(getDataFlow(State, Model));
}

} // namespace exegesis
} // namespace llvm
