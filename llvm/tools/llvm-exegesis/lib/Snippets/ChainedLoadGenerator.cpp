//===-- Snippets/ChainedLoadGenerator.cpp -----------------------*- C++ -*-===//

#include "Snippets/ChainedLoadGenerator.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/STLExtras.h"

namespace llvm {
namespace exegesis {

ChainedLoad::ChainedLoad(const LLVMState &State, const InstructionModel &Model,
                         SmallVector<unsigned, 2> DefSlots)
    : State(State), Model(Model), DefSlots(std::move(DefSlots)) {}

ChainedLoad::~ChainedLoad() = default;

std::string ChainedLoad::describeLatency(const LoadedValue &Value) const {
  std::string Info = "Repeating a load whose address depends on the value it "
                     "loaded (zero, ";
  if (Value.Move)
    Info += ("moved to " + Words.MovedTo + " and ").str();
  Info += ("added to the " + Words.AddressRegister +
           "): one repetition is the load")
              .str();
  if (Value.Move)
    Info += (", " + Words.Move).str();
  return Info + (" and " + Words.Add).str();
}

/// Registers for the def slots of \p Load, one per slot, each the first of
/// its slot's class that the load may write and that overlaps none of
/// \p Used (which grows with them); nullopt when a class has none left.
static std::optional<SmallVector<MCRegister, 2>>
pickDefs(const ChainedLoad &Load, SmallVectorImpl<MCRegister> &Used) {
  const MCRegisterInfo &RI = Load.getState().getRegInfo();
  SmallVector<MCRegister, 2> Defs;
  for (unsigned Slot : Load.getDefSlots()) {
    const MCRegisterClass &Class =
        RI.getRegClass(Load.getModel().slots()[Slot].RegClassID);
    auto Free = [&](MCPhysReg Reg) {
      return Load.mayWrite(Reg) && none_of(Used, [&](MCRegister U) {
               return RI.regsOverlap(U, Reg);
             });
    };
    auto It = find_if(Class, Free);
    if (It == Class.end())
      return std::nullopt;
    Defs.push_back(*It);
    Used.push_back(*It);
  }
  return Defs;
}

/// Up to four loads into registers of their own.
static std::optional<PreparedSnippet>
getThroughputSnippet(const ChainedLoad &Load) {
  PreparedSnippet Snippet;
  SmallVector<MCRegister, 8> Used;
  for (unsigned Copy = 0; Copy < 4; ++Copy) {
    std::optional<SmallVector<MCRegister, 2>> Defs = pickDefs(Load, Used);
    if (!Defs)
      break;
    Snippet.Instructions.push_back(
        Load.buildLoad(*Defs, Load.getThroughputOffset(Copy)));
  }
  if (Snippet.Instructions.empty())
    return std::nullopt;
  Snippet.Info =
      ("Loads from the " + Load.getWords().Memory + " into distinct registers")
          .str();
  return Snippet;
}

/// The load, the move of its value if it needs one, and the add of the
/// value to the address register.
static std::optional<PreparedSnippet>
getLatencySnippet(const ChainedLoad &Load) {
  if (std::optional<PreparedSnippet> Own = Load.getOwnLatencySnippet())
    return Own;
  SmallVector<MCRegister, 8> Used;
  std::optional<SmallVector<MCRegister, 2>> Defs = pickDefs(Load, Used);
  if (!Defs)
    return std::nullopt;
  std::optional<LoadedValue> Value = Load.getLoadedValue(*Defs, Used);
  if (!Value)
    return std::nullopt;
  std::optional<MCInst> Add = Load.buildAddressAdd(Value->Reg);
  if (!Add)
    return std::nullopt;
  PreparedSnippet Snippet;
  Snippet.Instructions.push_back(Load.buildLoad(*Defs, 0));
  if (Value->Move)
    Snippet.Instructions.push_back(*Value->Move);
  Snippet.Instructions.push_back(*Add);
  Snippet.Info = Load.describeLatency(*Value);
  return Snippet;
}

std::optional<PreparedSnippet>
generateChainedLoadSnippet(std::unique_ptr<ChainedLoad> Load, bool Serial,
                           unsigned Index) {
  if (!Load || Index > 0)
    return std::nullopt;
  return Serial ? getLatencySnippet(*Load) : getThroughputSnippet(*Load);
}

} // namespace exegesis
} // namespace llvm
