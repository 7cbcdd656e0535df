//===-- OperandPairGenerator.cpp - Latency per operand pair ---------------===//

#include "Snippets/OperandPairGenerator.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace llvm {
namespace exegesis {

static SnippetGeneratorOptions latencyOptions(SnippetGeneratorOptions Options) {
  Options.Mode = BenchmarkMode::Latency;
  Options.MaxConfigs = 1;
  return Options;
}

OperandPairGenerator::OperandPairGenerator(
    const LLVMState &State, const SnippetGeneratorOptions &Options)
    : SnippetGenerator(State, latencyOptions(Options)) {}

bool OperandPairGenerator::isNameable(MCRegister Reg) const {
  if (Pool.isForbidden(Reg))
    return false;
  const MCRegisterInfo &RegInfo = State.getRegInfo();
  for (const MCRegisterClass &Class : RegInfo.regclasses())
    if (Class.contains(Reg) &&
        is_contained(Pool.allowedRegisters(Class.getID()), Reg))
      return true;
  return false;
}

// The name of a slot's operand that is a def (\p Def) or a use: a tied
// slot has both, and the pair names the one it means.
static std::string slotOperandName(const InstructionModel &Model,
                                   const OperandSlot &Slot, bool Def) {
  for (unsigned Index : Slot.Operands)
    if (Model.operands()[Index].IsDef == Def)
      return "op" + std::to_string(Index);
  return "op" + std::to_string(Slot.Operands.front());
}

// Whether the target's configuration leaves \p Slot without a register
// (x86's segment operand of an address).
static bool isAbsent(const SlotValues &Fixed, unsigned Slot) {
  return Slot < Fixed.size() && Fixed[Slot] && Fixed[Slot]->isReg() &&
         !Fixed[Slot]->getReg().isValid();
}

std::vector<OperandPairGenerator::Endpoint>
OperandPairGenerator::getInputs(const InstructionModel &Model,
                                const SlotValues &Fixed) const {
  std::vector<Endpoint> Result;
  for (unsigned I = 0, E = Model.slots().size(); I < E; ++I) {
    const OperandSlot &Slot = Model.slots()[I];
    if (Slot.Kind == OperandKind::Register && Slot.IsUse &&
        !Model.isScratchAddressSlot(Slot) && !isAbsent(Fixed, I))
      Result.push_back({Endpoint::Kind::Slot, I, MCRegister(),
                        slotOperandName(Model, Slot, /*Def=*/false)});
  }
  for (MCPhysReg Reg : Model.implicitUses())
    if (isNameable(Reg))
      Result.push_back(
          {Endpoint::Kind::Implicit, 0, Reg, State.getRegisterName(Reg).str()});
  if (Model.accessesMemory() && Model.getDesc().mayLoad())
    Result.push_back({Endpoint::Kind::Memory, 0, MCRegister(), "mem"});
  return Result;
}

std::vector<OperandPairGenerator::Endpoint>
OperandPairGenerator::getOutputs(const InstructionModel &Model) const {
  std::vector<Endpoint> Result;
  for (unsigned I = 0, E = Model.slots().size(); I < E; ++I) {
    const OperandSlot &Slot = Model.slots()[I];
    if (Slot.Kind == OperandKind::Register && Slot.IsDef)
      Result.push_back({Endpoint::Kind::Slot, I, MCRegister(),
                        slotOperandName(Model, Slot, /*Def=*/true)});
  }
  for (MCPhysReg Reg : Model.implicitDefs())
    if (isNameable(Reg))
      Result.push_back(
          {Endpoint::Kind::Implicit, 0, Reg, State.getRegisterName(Reg).str()});
  if (Model.accessesMemory() && Model.getDesc().mayStore())
    Result.push_back({Endpoint::Kind::Memory, 0, MCRegister(), "mem"});
  return Result;
}

std::vector<OperandPairCode>
OperandPairGenerator::generatePairs(unsigned Opcode) {
  {
    const InstructionModel &Model = getModel(Opcode);
    ConfigurationOptions ConfigOptions = Options.Configurations;
    ConfigOptions.Serial = true;
    std::optional<OperandConfiguration> Config =
        Target.getConfiguration(State, Model, Pool, ConfigOptions, 0);
    Inputs = getInputs(Model, Config ? Config->Fixed : SlotValues());
    Outputs = getOutputs(Model);
  }
  std::vector<OperandPairCode> Pairs;
  for (const Endpoint &I : Inputs)
    for (const Endpoint &O : Outputs) {
      In = &I;
      Out = &O;
      OperandPairCode Pair;
      Pair.Name = I.Name + "->" + O.Name;
      Expected<std::vector<BenchmarkCode>> Codes =
          generateConfigurations(Opcode);
      if (!Codes) {
        handleAllErrors(
            Codes.takeError(),
            [&](const SnippetGenerationError &E) {
              Pair.Reason = E.getReason().str();
            },
            [&](const ErrorInfoBase &E) { Pair.Reason = E.message(); });
      } else if (Codes->empty()) {
        Pair.Reason = "no configuration";
      } else {
        Pair.Code = std::move(Codes->front());
      }
      Pairs.push_back(std::move(Pair));
    }
  In = Out = nullptr;
  return Pairs;
}

MCRegister OperandPairGenerator::getRegister(const InstructionModel &Model,
                                             const Endpoint &E,
                                             const MCInst &Inst) const {
  if (E.K == Endpoint::Kind::Implicit)
    return E.Reg;
  const MCOperand &Op = Inst.getOperand(Model.slots()[E.Slot].Operands.front());
  return Op.isReg() ? Op.getReg() : MCRegister();
}

std::vector<std::string>
OperandPairGenerator::getOtherCarriedPairs(const InstructionModel &Model,
                                           const MCInst &Inst) const {
  std::vector<std::string> Carried;
  for (const Endpoint &I : Inputs)
    for (const Endpoint &O : Outputs) {
      if (&I == In && &O == Out)
        continue;
      bool Feeds = false;
      if (I.K == Endpoint::Kind::Memory || O.K == Endpoint::Kind::Memory) {
        // A read-modify-write form loads what its last copy stored.
        Feeds = I.K == O.K;
      } else {
        MCRegister R = getRegister(Model, I, Inst);
        MCRegister W = getRegister(Model, O, Inst);
        Feeds = R.isValid() && W.isValid() &&
                Pool.unitsOf(R).anyCommon(Pool.unitsOf(W));
      }
      if (Feeds)
        Carried.push_back(I.Name + "->" + O.Name);
    }
  return Carried;
}

Expected<GeneratedSnippet>
OperandPairGenerator::generateMemoryPair(const InstructionModel &Model) {
  if (Out->K == Endpoint::Kind::Memory)
    return noStrategy("a stored value comes back only through a reload, "
                      "not measured per pair");
  // The target's chain through the address goes from the memory operand
  // into the first def and back into the address: that is this pair.
  if (In->K == Endpoint::Kind::Memory && Out->K == Endpoint::Kind::Slot &&
      Out == &Outputs.front())
    if (std::optional<PreparedSnippet> Chain =
            Target.getAddressPathLatencySnippet(State, Model)) {
      GeneratedSnippet Snippet;
      Snippet.Instructions = std::move(Chain->Instructions);
      Snippet.Info =
          "Operand pair " + In->Name + "->" + Out->Name + ": " + Chain->Info;
      return Snippet;
    }
  return noStrategy("no chain from " + In->Name + " back into " + Out->Name +
                    " through the address on this target");
}

Expected<GeneratedSnippet>
OperandPairGenerator::generateSnippet(const InstructionModel &Model,
                                      const SlotValues &Fixed,
                                      const BitVector &Avoid) {
  assert(In && Out && "generateSnippet outside generatePairs");
  if (In->K == Endpoint::Kind::Memory || Out->K == Endpoint::Kind::Memory)
    return generateMemoryPair(Model);

  // The candidates for each end: a fixed register, or its slot's class.
  auto Candidates = [&](const Endpoint &E,
                        SmallVectorImpl<MCRegister> &Storage) {
    if (E.K == Endpoint::Kind::Implicit) {
      Storage.push_back(E.Reg);
      return ArrayRef<MCRegister>(Storage);
    }
    return Pool.allowedRegisters(Model.slots()[E.Slot].RegClassID);
  };
  // Registers of the other implicit operands stay out of the chain.
  BitVector Others = Model.implicitUseUnits();
  Others |= Model.implicitDefUnits();
  for (const Endpoint *E : {In, Out})
    if (E->K == Endpoint::Kind::Implicit)
      Others.reset(Pool.unitsOf(E->Reg));

  // The configuration's registers (LEA's base as its index) are choices
  // of the latency snippet, not of the pair: only its immediates and absent
  // operands stay.
  SlotValues Values = Fixed;
  for (std::optional<MCOperand> &Value : Values)
    if (Value && Value->isReg() && Value->getReg().isValid())
      Value.reset();
  SmallVector<MCRegister, 1> InStorage, OutStorage;
  ArrayRef<MCRegister> InRegs = Candidates(*In, InStorage);
  ArrayRef<MCRegister> OutRegs = Candidates(*Out, OutStorage);
  BitVector Clear = Others;
  Clear |= Avoid;
  MCRegister InReg, OutReg;
  if (In->K == Endpoint::Kind::Slot && Out->K == Endpoint::Kind::Slot &&
      In->Slot == Out->Slot) {
    // A tied operand: one register is both ends.
    for (MCRegister Reg : InRegs)
      if (!Pool.unitsOf(Reg).anyCommon(Clear)) {
        InReg = OutReg = Reg;
        break;
      }
  } else {
    // The same register for both ends if their classes share one, else
    // overlapping ones (a write of EAX feeds a read of AL).
    for (bool Exact : {true, false}) {
      for (MCRegister W : OutRegs) {
        if (Pool.unitsOf(W).anyCommon(Clear))
          continue;
        for (MCRegister R : InRegs)
          if ((Exact ? R == W : Pool.unitsOf(R).anyCommon(Pool.unitsOf(W))) &&
              !Pool.unitsOf(R).anyCommon(Clear)) {
            InReg = R;
            OutReg = W;
            break;
          }
        if (InReg.isValid())
          break;
      }
      if (InReg.isValid())
        break;
    }
  }
  if (!InReg.isValid())
    return noStrategy("no register is both " + In->Name + " and " + Out->Name +
                      " (a helper between their classes would "
                      "be needed)");
  if (In->K == Endpoint::Kind::Slot)
    Values[In->Slot] = MCOperand::createReg(InReg);
  if (Out->K == Endpoint::Kind::Slot)
    Values[Out->Slot] = MCOperand::createReg(OutReg);

  // Every other operand gets a register nothing else in the instruction
  // names, so that it carries nothing from one copy to the next.
  BitVector Used = unitsOfChosenRegisters(Model, Values);
  Used |= Model.implicitUseUnits();
  Used |= Model.implicitDefUnits();
  Used |= Avoid;
  if (Error E = fillRemainingSlots(Model, Values, Used, 0))
    return E;
  MCInst Inst = Model.build(Values);
  std::vector<std::string> Carried = getOtherCarriedPairs(Model, Inst);
  if (!Carried.empty())
    return noStrategy(join(Carried, ", ") +
                      (Carried.size() == 1 ? " is" : " are") +
                      " carried from copy to copy too");

  GeneratedSnippet Snippet;
  Snippet.Instructions.push_back(std::move(Inst));
  Snippet.Info =
      "Operand pair " + In->Name + "->" + Out->Name +
      ": the only chain goes through " + State.getRegisterName(OutReg).str() +
      (InReg == OutReg ? std::string()
                       : " into " + State.getRegisterName(InReg).str());
  return Snippet;
}

} // namespace exegesis
} // namespace llvm
