//===-- SnippetGenerator.cpp ------------------------------------*- C++ -*-===//

#include "Snippets/SnippetGenerator.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "llvm/ADT/ScopeExit.h"

namespace llvm {
namespace exegesis {

char SnippetGenerationError::ID;

void SnippetGenerationError::log(raw_ostream &OS) const {
  if (K == Kind::GenericRefusal)
    OS << "Unsupported opcode: ";
  else if (K == Kind::TargetRefusal)
    OS << "unsupported opcode: ";
  OS << Reason;
}

InstructionAvailability::~InstructionAvailability() = default;

/// The registers the target never lets a snippet name.
static std::vector<MCRegister>
getTargetReservedRegisters(const LLVMState &State,
                           const SnippetGeneratorOptions &Options) {
  std::vector<MCRegister> Regs;
  SnippetGenerationTarget::lookup(State.getTriple())
      .getReservedRegisters(State, Options.Reservations, Regs);
  return Regs;
}

static std::vector<MCRegister>
getForbiddenRegisters(const LLVMState &State,
                      const SnippetGeneratorOptions &Options) {
  std::vector<MCRegister> Regs = getTargetReservedRegisters(State, Options);
  const ExegesisTarget &ET = State.getExegesisTarget();
  // The scratch pointer is a live-in the snippet must not overwrite; it is
  // only named where a memory reference needs it.
  Regs.push_back(ET.getScratchMemoryRegister(State.getTriple()));
  Regs.insert(Regs.end(), Options.ExtraForbidden.begin(),
              Options.ExtraForbidden.end());
  if (Options.ReserveLoopCounter)
    Regs.push_back(ET.getDefaultLoopCounterRegister(State.getTriple()));
  return Regs;
}

static std::vector<MCRegister> getUnnamedRegisters(const LLVMState &State) {
  std::vector<MCRegister> Regs;
  SnippetGenerationTarget::lookup(State.getTriple())
      .getUnnamedRegisters(State, Regs);
  return Regs;
}

SnippetGenerator::SnippetGenerator(const LLVMState &State,
                                   const SnippetGeneratorOptions &Options)
    : State(State), Options(Options),
      Target(SnippetGenerationTarget::lookup(State.getTriple())),
      ScratchRegister(State.getExegesisTarget().getScratchMemoryRegister(
          State.getTriple())),
      Pool(State.getRegInfo(), getForbiddenRegisters(State, Options),
           getUnnamedRegisters(State)) {
  Models.resize(State.getInstrInfo().getNumOpcodes());
  KeptModels.resize(Models.size());
  if (Options.RandomSeed)
    Random.emplace(*Options.RandomSeed);
}

SnippetGenerator::~SnippetGenerator() = default;

const InstructionModel &SnippetGenerator::getModel(unsigned Opcode) {
  std::unique_ptr<InstructionModel> &Model = Models[Opcode];
  if (!Model)
    Model = std::make_unique<InstructionModel>(
        State.getInstrInfo(), State.getSubtargetInfo(), Pool, Opcode,
        Target.getUnmarkedAddressOperands(State, Opcode),
        Target.isAddressArithmetic(State, Opcode));
  return *Model;
}

std::optional<std::string>
SnippetGenerator::getUnsupportedReason(unsigned Opcode) {
  const InstructionModel &Model = getModel(Opcode);
  if (std::optional<std::string> Reason =
          Target.getGenericRefusal(State, Model))
    return Reason;
  if (std::optional<std::string> Reason =
          Target.getUnsupportedReason(State, Model))
    return Reason;
  return Model.getOperandProblem();
}

MCRegister SnippetGenerator::pickRegister(const OperandSlot &Slot,
                                          const BitVector &Avoid) const {
  ArrayRef<MCRegister> Allowed = Pool.allowedRegisters(Slot.RegClassID);
  for (MCRegister Reg : Allowed)
    if (!Pool.unitsOf(Reg).anyCommon(Avoid))
      return Reg;
  return Allowed.empty() ? MCRegister() : Allowed.front();
}

ArrayRef<MCRegister> SnippetGenerator::getDrawCandidates(unsigned ClassID) {
  if (!TargetPool) {
    TargetPool = std::make_unique<RegisterPool>(
        State.getRegInfo(), getTargetReservedRegisters(State, Options),
        getUnnamedRegisters(State));
    DrawCandidates.resize(State.getRegInfo().getNumRegClasses());
  }
  std::optional<std::vector<MCRegister>> &Candidates = DrawCandidates[ClassID];
  if (!Candidates) {
    ArrayRef<MCRegister> Allowed = TargetPool->allowedRegisters(ClassID);
    Candidates.emplace(Allowed.begin(), Allowed.end());
    llvm::sort(*Candidates);
  }
  return *Candidates;
}

MCRegister SnippetGenerator::drawRegister(ArrayRef<MCRegister> Candidates,
                                          function_ref<bool(MCRegister)> Fits) {
  auto First = find_if(Candidates, Fits);
  if (First == Candidates.end() || !Random)
    return First == Candidates.end() ? MCRegister() : *First;
  while (true) {
    MCRegister Drawn = Candidates[Random->index(Candidates.size())];
    if (Fits(Drawn))
      return Drawn;
  }
}

MCRegister SnippetGenerator::chooseRegister(const OperandSlot &Slot,
                                            const BitVector &Avoid) {
  if (!Random)
    return pickRegister(Slot, Avoid);
  ArrayRef<MCRegister> Allowed = Pool.allowedRegisters(Slot.RegClassID);
  MCRegister Drawn =
      drawRegister(getDrawCandidates(Slot.RegClassID), [&](MCRegister Reg) {
        return !Pool.unitsOf(Reg).anyCommon(Avoid) &&
               is_contained(Allowed, Reg);
      });
  return Drawn.isValid() ? Drawn : pickRegister(Slot, Avoid);
}

BitVector
SnippetGenerator::unitsOfChosenRegisters(const InstructionModel &Model,
                                         const SlotValues &Values) const {
  BitVector Units = Pool.emptyUnits();
  for (unsigned I = 0, E = Model.slots().size(); I < E; ++I)
    if (Values[I] && Values[I]->isReg() && Values[I]->getReg().isValid())
      Units |= Pool.unitsOf(Values[I]->getReg());
  return Units;
}

Error SnippetGenerator::fillRemainingSlots(const InstructionModel &Model,
                                           SlotValues &Values, BitVector &Used,
                                           int64_t Offset) {
  if (Model.accessesMemory())
    for (const MemoryReference &Ref : Model.memoryReferences())
      if (!Values[Model.operands()[Ref.FirstOperand].Slot])
        Target.setScratchAddress(Model, Ref, ScratchRegister, Offset, Values);
  // Drawn registers of uses may repeat what the instruction names already,
  // as upstream's do: reading a register twice adds no dependency.
  BitVector Named =
      isSeeded() ? unitsOfChosenRegisters(Model, Values) : Pool.emptyUnits();
  for (unsigned I = 0, E = Model.slots().size(); I < E; ++I) {
    if (Values[I])
      continue;
    const OperandSlot &Slot = Model.slots()[I];
    if (Slot.Kind == OperandKind::Immediate) {
      Values[I] = MCOperand::createImm(Target.getDefaultImmediate(Model, Slot));
      continue;
    }
    BitVector Avoid = Used;
    if (isSeeded() && !Slot.IsDef)
      Avoid.reset(Named);
    MCRegister Reg = chooseRegister(Slot, Avoid);
    if (!Reg.isValid())
      return make_error<SnippetGenerationError>(
          true, "no usable register for operand " +
                    std::to_string(Slot.Operands.front()));
    Used |= Pool.unitsOf(Reg);
    Named |= Pool.unitsOf(Reg);
    Values[I] = MCOperand::createReg(Reg);
  }
  return Error::success();
}

std::vector<RegisterValue>
SnippetGenerator::computeRegisterInitialValues(ArrayRef<MCInst> Instructions) {
  std::vector<RegisterValue> Values;
  BitVector Written = Pool.emptyUnits();
  SmallVector<MCRegister, 8> Regs;
  for (const MCInst &Inst : Instructions) {
    const InstructionModel &Model = getModel(Inst.getOpcode());
    Regs.clear();
    Model.getReadRegisters(Inst, Regs);
    for (MCRegister Reg : Regs) {
      // The scratch pointer keeps its entry value, and so does any part of
      // it (x86 string instructions name EDI implicitly).
      if (ScratchRegister.isValid() && Pool.aliases(Reg, ScratchRegister))
        continue;
      BitVector Missing = Pool.unitsOf(Reg);
      Missing.reset(Written);
      if (Missing.none())
        continue;
      if (any_of(Values,
                 [Reg](const RegisterValue &V) { return V.Register == Reg; }))
        continue;
      Values.push_back({Reg, Target.getInitialValue(State, Reg)});
    }
    Regs.clear();
    Model.getWrittenRegisters(Inst, Regs);
    for (MCRegister Reg : Regs)
      Written |= Pool.unitsOf(Reg);
  }
  return Values;
}

bool SnippetGenerator::canInitialize(MCRegister Reg) {
  if (SettableRegisters.empty())
    SettableRegisters.assign(State.getRegInfo().getNumRegs(),
                             Settable::Unknown);
  Settable &S = SettableRegisters[Reg.id()];
  if (S == Settable::Unknown) {
    Expected<std::vector<MCInst>> Insts =
        State.getExegesisTarget().setRegistersTo(State.getSubtargetInfo(),
                                                 {RegisterValue::zero(Reg)});
    S = Insts ? Settable::Yes : Settable::No;
    if (!Insts)
      consumeError(Insts.takeError());
  }
  return S == Settable::Yes;
}

static bool sameInstructions(ArrayRef<MCInst> A, ArrayRef<MCInst> B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I) {
    if (A[I].getOpcode() != B[I].getOpcode() ||
        A[I].getNumOperands() != B[I].getNumOperands())
      return false;
    for (unsigned J = 0; J < A[I].getNumOperands(); ++J) {
      const MCOperand &X = A[I].getOperand(J), &Y = B[I].getOperand(J);
      if (X.isReg() != Y.isReg() || X.isImm() != Y.isImm() ||
          (X.isReg() && X.getReg() != Y.getReg()) ||
          (X.isImm() && X.getImm() != Y.getImm()))
        return false;
    }
  }
  return true;
}

BenchmarkCode
SnippetGenerator::makeBenchmarkCode(std::vector<MCInst> Instructions,
                                    std::string Config, std::string Info) {
  BenchmarkCode Code;
  // Registers the subtarget cannot set are left as they are: the snippet
  // still assembles (for a cross target, or a CPU-less phase); a CPU that
  // lacks the registers cannot run the instruction anyway.
  std::string NotInitialized;
  std::vector<RegisterValue> InitialValues =
      computeRegisterInitialValues(Instructions);
  Target.adjustInitialValues(State, Instructions, InitialValues);
  for (RegisterValue &Value : InitialValues) {
    if (canInitialize(Value.Register)) {
      Code.Key.RegisterInitialValues.push_back(std::move(Value));
      continue;
    }
    NotInitialized += NotInitialized.empty() ? "" : ", ";
    NotInitialized += State.getRegisterName(Value.Register).str();
  }
  if (!NotInitialized.empty())
    Info +=
        " (not initialized, the subtarget cannot set them: " + NotInitialized +
        ")";
  Code.Key.Config = std::move(Config);
  Code.Key.Instructions = std::move(Instructions);
  Code.Info = std::move(Info);
  if (ScratchRegister.isValid())
    Code.LiveIns.push_back(ScratchRegister);
  return Code;
}

std::vector<BenchmarkCode> SnippetGenerator::generatePreparedConfigurations(
    const InstructionModel &Model) {
  std::vector<BenchmarkCode> Codes;
  bool Serial = Options.Mode == BenchmarkMode::Latency;
  for (unsigned Index = 0; Index < std::max(1u, Options.MaxConfigs); ++Index) {
    std::optional<PreparedSnippet> Snippet =
        Target.getPreparedSnippet(State, Model, Serial, Index);
    if (!Snippet)
      break;
    Codes.push_back(makeBenchmarkCode(std::move(Snippet->Instructions),
                                      std::move(Snippet->Config),
                                      std::move(Snippet->Info)));
    Codes.back().SubtractedChains = std::move(Snippet->SubtractedChains);
  }
  return Codes;
}

Expected<std::vector<BenchmarkCode>>
SnippetGenerator::generateConfigurations(unsigned Opcode) {
  scope_exit DropModel([&] {
    if (!KeptModels.test(Opcode))
      Models[Opcode].reset();
  });
  const InstructionModel &Model = getModel(Opcode);
  // A call, return, push or pop the target runs on a private stack.
  if (Options.Mode == BenchmarkMode::Latency)
    if (std::optional<PreparedSnippet> Stack =
            Target.getStackLatencySnippet(State, Model)) {
      std::vector<BenchmarkCode> Codes;
      Codes.push_back(makeBenchmarkCode(std::move(Stack->Instructions),
                                        std::move(Stack->Config),
                                        std::move(Stack->Info)));
      return checkSubtargetAccepts(Opcode, std::move(Codes));
    }
  if (std::optional<std::string> Reason =
          Target.getGenericRefusal(State, Model))
    return make_error<SnippetGenerationError>(
        SnippetGenerationError::Kind::GenericRefusal, *Reason);
  if (Target.preparesSnippet(State, Model))
    return checkSubtargetAccepts(Opcode, generatePreparedConfigurations(Model));
  if (std::optional<std::string> Reason = getUnsupportedReason(Opcode))
    return make_error<SnippetGenerationError>(true, *Reason);
  if (Model.accessesMemory() && !ScratchRegister.isValid())
    return make_error<SnippetGenerationError>(
        true, "memory operand, and no scratch memory on this target");
  ConfigurationOptions ConfigOptions = Options.Configurations;
  ConfigOptions.Serial = Options.Mode == BenchmarkMode::Latency;
  if (std::optional<std::string> Reason =
          Target.whyNoConfiguration(State, Model, ConfigOptions))
    return noStrategy(*Reason);
  std::vector<BenchmarkCode> Codes;
  unsigned MaxConfigs = std::max(1u, Options.MaxConfigs);
  unsigned NumVariants = getNumVariants(Model);
  for (unsigned Index = 0; Codes.size() < MaxConfigs; ++Index) {
    std::optional<OperandConfiguration> Config =
        Target.getConfiguration(State, Model, Pool, ConfigOptions, Index);
    if (!Config)
      break;
    BitVector Avoid = Pool.emptyUnits();
    for (unsigned Variant = 0;
         Variant < NumVariants && Codes.size() < MaxConfigs; ++Variant) {
      Expected<GeneratedSnippet> Snippet =
          generateSnippet(Model, Config->Fixed, Avoid);
      if (!Snippet) {
        // A later configuration failing only shortens the list.
        if (!Codes.empty()) {
          consumeError(Snippet.takeError());
          return Codes;
        }
        return Snippet.takeError();
      }
      for (const MCInst &Inst : Snippet->Instructions)
        for (const MCOperand &Op : Inst)
          if (Op.isReg() && Op.getReg().isValid())
            Avoid |= Pool.unitsOf(Op.getReg());
      if (any_of(Codes, [&](const BenchmarkCode &C) {
            return sameInstructions(C.Key.Instructions, Snippet->Instructions);
          }))
        continue;
      std::string ConfigText =
          Target.describeConfiguration(State, Model, Snippet->Instructions[0]);
      Codes.push_back(makeBenchmarkCode(std::move(Snippet->Instructions),
                                        std::move(ConfigText),
                                        std::move(Snippet->Info)));
      Codes.back().SubtractedChains = std::move(Snippet->SubtractedChains);
    }
  }
  return checkSubtargetAccepts(Opcode, std::move(Codes));
}

Expected<std::vector<BenchmarkCode>>
SnippetGenerator::checkSubtargetAccepts(unsigned Opcode,
                                        std::vector<BenchmarkCode> Codes) {
  if (!Target.featuresDecideValidity() || !Options.Availability)
    return Codes;
  for (const BenchmarkCode &Code : Codes)
    for (const MCInst &Inst : Code.Key.Instructions)
      if (Inst.getOpcode() == Opcode)
        if (std::optional<std::string> Why =
                Options.Availability->whyInvalid(Inst))
          return make_error<SnippetGenerationError>(
              true, "not an instruction of this subtarget: " + *Why);
  return Codes;
}

} // namespace exegesis
} // namespace llvm
