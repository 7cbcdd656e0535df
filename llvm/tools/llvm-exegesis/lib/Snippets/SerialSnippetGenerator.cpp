//===-- SerialSnippetGenerator.cpp ------------------------------*- C++ -*-===//

#include "Snippets/SerialSnippetGenerator.h"
#include "Core/LLVMState.h"
#include "Snippets/NoStrategyReason.h"

namespace llvm {
namespace exegesis {

/// The registers a slot may hold: its fixed value, or its allowed class
/// members.
static SmallVector<MCRegister, 32> candidateRegisters(const RegisterPool &Pool,
                                                      const OperandSlot &Slot,
                                                      const SlotValues &Values,
                                                      unsigned SlotIndex) {
  SmallVector<MCRegister, 32> Regs;
  if (Values[SlotIndex]) {
    if (Values[SlotIndex]->isReg() && Values[SlotIndex]->getReg().isValid())
      Regs.push_back(Values[SlotIndex]->getReg());
    return Regs;
  }
  for (MCRegister Reg : Pool.allowedRegisters(Slot.RegClassID))
    Regs.push_back(Reg);
  return Regs;
}

/// Whether \p Reg in slot \p SlotIndex would share a register between an
/// early-clobber def and a use of the same instruction (AArch64's store
/// exclusives: the status register must differ from the data and the
/// address), given the registers already chosen in \p Values.
static bool breaksEarlyClobber(const RegisterPool &Pool,
                               const InstructionModel &Model,
                               const SlotValues &Values, unsigned SlotIndex,
                               MCRegister Reg) {
  const OperandSlot &Slot = Model.slots()[SlotIndex];
  for (unsigned I = 0, E = Model.slots().size(); I < E; ++I) {
    const OperandSlot &Other = Model.slots()[I];
    if (I == SlotIndex || !Values[I] || !Values[I]->isReg() ||
        !Values[I]->getReg().isValid())
      continue;
    bool Conflict = (Slot.IsEarlyClobber && Slot.IsDef && Other.IsUse) ||
                    (Other.IsEarlyClobber && Other.IsDef && Slot.IsUse);
    if (Conflict && Pool.aliases(Reg, Values[I]->getReg()))
      return true;
  }
  return false;
}

static bool isLinkableRegisterSlot(const InstructionModel &Model,
                                   const OperandSlot &Slot) {
  return Slot.Kind == OperandKind::Register &&
         !Model.isScratchAddressSlot(Slot);
}

ArrayRef<MCRegister> SerialSnippetGenerator::getSlotDrawCandidates(
    const OperandSlot &Slot, const SlotValues &Values, unsigned SlotIndex,
    SmallVectorImpl<MCRegister> &Storage) {
  if (Values[SlotIndex]) {
    Storage = candidateRegisters(Pool, Slot, Values, SlotIndex);
    return Storage;
  }
  return getDrawCandidates(Slot.RegClassID);
}

bool SerialSnippetGenerator::linkDefToUse(PartialInstruction &Producer,
                                          PartialInstruction &Consumer,
                                          bool Exact, bool SameInstruction) {
  const InstructionModel &P = *Producer.Model;
  const InstructionModel &C = *Consumer.Model;

  // Implicit def to implicit use: nothing to choose.
  if (P.implicitDefUnits().anyCommon(C.implicitUseUnits()))
    return true;

  if (isSeeded())
    return drawLink(Producer, Consumer, Exact, SameInstruction);

  auto MatchesImplicit = [&](MCRegister Reg, ArrayRef<MCPhysReg> Implicit,
                             const BitVector &ImplicitUnits) {
    if (Exact)
      return is_contained(Implicit, Reg.id());
    return Pool.unitsOf(Reg).anyCommon(ImplicitUnits);
  };

  // A def slot of the producer feeding an implicit use of the consumer.
  for (unsigned I = 0, E = P.slots().size(); I < E; ++I) {
    const OperandSlot &Slot = P.slots()[I];
    if (!Slot.IsDef || !isLinkableRegisterSlot(P, Slot))
      continue;
    for (MCRegister Reg : candidateRegisters(Pool, Slot, Producer.Values, I))
      if (MatchesImplicit(Reg, C.implicitUses(), C.implicitUseUnits())) {
        Producer.Values[I] = MCOperand::createReg(Reg);
        return true;
      }
  }
  // An implicit def of the producer feeding a use slot of the consumer.
  for (unsigned I = 0, E = C.slots().size(); I < E; ++I) {
    const OperandSlot &Slot = C.slots()[I];
    if (!Slot.IsUse || !isLinkableRegisterSlot(C, Slot))
      continue;
    for (MCRegister Reg : candidateRegisters(Pool, Slot, Consumer.Values, I))
      if (MatchesImplicit(Reg, P.implicitDefs(), P.implicitDefUnits())) {
        Consumer.Values[I] = MCOperand::createReg(Reg);
        return true;
      }
  }
  // A def slot feeding a use slot: the first pair, in slot and register
  // order.
  for (unsigned D = 0, DE = P.slots().size(); D < DE; ++D) {
    const OperandSlot &DefSlot = P.slots()[D];
    if (!DefSlot.IsDef || !isLinkableRegisterSlot(P, DefSlot))
      continue;
    // An early-clobber def never shares a register with its own uses.
    if (SameInstruction && DefSlot.IsEarlyClobber)
      continue;
    SmallVector<MCRegister, 32> DefRegs =
        candidateRegisters(Pool, DefSlot, Producer.Values, D);
    for (unsigned U = 0, UE = C.slots().size(); U < UE; ++U) {
      const OperandSlot &UseSlot = C.slots()[U];
      if (!UseSlot.IsUse || !isLinkableRegisterSlot(C, UseSlot) ||
          (SameInstruction && U == D))
        continue;
      SmallVector<MCRegister, 32> UseRegs =
          candidateRegisters(Pool, UseSlot, Consumer.Values, U);
      for (MCRegister DefReg : DefRegs)
        for (MCRegister UseReg : UseRegs) {
          if (Exact ? DefReg != UseReg : !Pool.aliases(DefReg, UseReg))
            continue;
          if (breaksEarlyClobber(Pool, P, Producer.Values, D, DefReg) ||
              breaksEarlyClobber(Pool, C, Consumer.Values, U, UseReg))
            continue;
          Producer.Values[D] = MCOperand::createReg(DefReg);
          Consumer.Values[U] = MCOperand::createReg(UseReg);
          return true;
        }
    }
  }
  return false;
}

/// Where \p Reg comes when registers are listed by their lowest-numbered
/// alias that an operand may name (AL for RAX: AH is in \p Unnamed): the
/// order a seeded link draws its register in, upstream's.
static unsigned getLinkOrder(const MCRegisterInfo &RI, MCRegister Reg,
                             ArrayRef<MCRegister> Unnamed) {
  unsigned Lowest = Reg.id();
  for (MCRegAliasIterator Alias(Reg, &RI, /*IncludeSelf=*/true);
       Alias.isValid(); ++Alias)
    if (!is_contained(Unnamed, MCRegister(*Alias)))
      Lowest = std::min(Lowest, unsigned(*Alias));
  return Lowest;
}

bool SerialSnippetGenerator::drawLink(PartialInstruction &Producer,
                                      PartialInstruction &Consumer, bool Exact,
                                      bool SameInstruction) {
  const InstructionModel &P = *Producer.Model;
  const InstructionModel &C = *Consumer.Model;
  auto Links = [&](MCRegister DefReg, MCRegister UseReg) {
    return Exact ? DefReg == UseReg : Pool.aliases(DefReg, UseReg);
  };
  // One end of a link: a slot (0, 1, ...) or the implicit register it
  // names (-1 - its position among the implicit registers).
  struct Link {
    int Def, Use;
    MCRegister DefReg, UseReg;
  };
  std::vector<MCRegister> Unnamed;
  Target.getUnnamedRegisters(State, Unnamed);
  const MCRegisterInfo &RI = State.getRegInfo();
  SmallVector<MCRegister, 32> Storage;

  // The ends each side offers: every linkable register slot with what this
  // run allows in it and what the target would (Draws), then the implicit
  // registers.
  struct End {
    int Key;
    SmallVector<MCRegister, 32> Allowed, Draws;
  };
  auto Ends = [&](const PartialInstruction &Side, bool Defs) {
    const InstructionModel &M = *Side.Model;
    std::vector<End> Result;
    for (unsigned I = 0, E = M.slots().size(); I < E; ++I) {
      const OperandSlot &Slot = M.slots()[I];
      if (!(Defs ? Slot.IsDef : Slot.IsUse) || !isLinkableRegisterSlot(M, Slot))
        continue;
      // An early-clobber def never shares a register with its own uses.
      if (Defs && SameInstruction && Slot.IsEarlyClobber)
        continue;
      End S{int(I), candidateRegisters(Pool, Slot, Side.Values, I), {}};
      ArrayRef<MCRegister> Draws =
          getSlotDrawCandidates(Slot, Side.Values, I, Storage);
      S.Draws.assign(Draws.begin(), Draws.end());
      Result.push_back(std::move(S));
    }
    return Result;
  };
  auto Implicit = [](ArrayRef<MCPhysReg> Regs) {
    std::vector<End> Result;
    for (auto [I, Reg] : enumerate(Regs))
      Result.push_back({-1 - int(I), {Reg}, {Reg}});
    return Result;
  };
  std::vector<End> DefSlots = Ends(Producer, true);
  std::vector<End> UseSlots = Ends(Consumer, false);
  std::vector<End> ImplicitDefs = Implicit(P.implicitDefs());
  std::vector<End> ImplicitUses = Implicit(C.implicitUses());

  // Links of the kinds linkDefToUse tries, in its order: the first kind
  // with a link is drawn from.
  for (auto [Defs, Uses] :
       {std::pair(&DefSlots, &ImplicitUses),
        std::pair(&ImplicitDefs, &UseSlots), std::pair(&DefSlots, &UseSlots)}) {
    SmallVector<Link, 64> Found;
    // What the register is drawn among: the defs' registers that could link
    // if this run reserved nothing, so that a seed draws the same whatever
    // it reserves.
    std::vector<MCRegister> Universe;
    for (const End &D : *Defs)
      for (const End &U : *Uses) {
        if (SameInstruction && D.Key == U.Key)
          continue;
        for (MCRegister DefReg : D.Draws)
          if (any_of(U.Draws,
                     [&](MCRegister UseReg) { return Links(DefReg, UseReg); }))
            Universe.push_back(DefReg);
        for (MCRegister DefReg : D.Allowed)
          for (MCRegister UseReg : U.Allowed)
            if (Links(DefReg, UseReg) &&
                (D.Key < 0 || !breaksEarlyClobber(Pool, P, Producer.Values,
                                                  D.Key, DefReg)) &&
                (U.Key < 0 ||
                 !breaksEarlyClobber(Pool, C, Consumer.Values, U.Key, UseReg)))
              Found.push_back({D.Key, U.Key, DefReg, UseReg});
      }
    if (Found.empty())
      continue;
    // The register first, then which def takes it, then which use reads
    // it: each drawn, even among one.
    llvm::sort(Universe, [&](MCRegister A, MCRegister B) {
      return std::make_pair(getLinkOrder(RI, A, Unnamed), A.id()) <
             std::make_pair(getLinkOrder(RI, B, Unnamed), B.id());
    });
    Universe.erase(std::unique(Universe.begin(), Universe.end()),
                   Universe.end());
    MCRegister DefReg = drawRegister(Universe, [&](MCRegister Reg) {
      return any_of(Found, [&](const Link &L) { return L.DefReg == Reg; });
    });
    SmallVector<int, 4> DefKeys;
    for (const Link &L : Found)
      if (L.DefReg == DefReg && !is_contained(DefKeys, L.Def))
        DefKeys.push_back(L.Def);
    int Def = DefKeys[drawIndex(DefKeys.size())];
    SmallVector<int, 4> UseKeys;
    for (const Link &L : Found)
      if (L.DefReg == DefReg && L.Def == Def && !is_contained(UseKeys, L.Use))
        UseKeys.push_back(L.Use);
    int Use = UseKeys[drawIndex(UseKeys.size())];
    // Exact links read the register itself; others one of its aliases,
    // drawn when there are several.
    SmallVector<MCRegister, 4> UseRegs;
    for (const Link &L : Found)
      if (L.DefReg == DefReg && L.Def == Def && L.Use == Use)
        UseRegs.push_back(L.UseReg);
    llvm::sort(UseRegs);
    MCRegister UseReg = UseRegs.size() == 1
                            ? UseRegs.front()
                            : UseRegs[drawIndex(UseRegs.size())];
    if (Def >= 0)
      Producer.Values[Def] = MCOperand::createReg(DefReg);
    if (Use >= 0)
      Consumer.Values[Use] = MCOperand::createReg(UseReg);
    return true;
  }
  return false;
}

ArrayRef<unsigned> SerialSnippetGenerator::getHelperCandidates() {
  if (HelperCandidates)
    return *HelperCandidates;
  std::vector<std::pair<unsigned, unsigned>> Ranked;
  for (unsigned Opcode = 0, E = State.getInstrInfo().getNumOpcodes();
       Opcode < E; ++Opcode) {
    const MCInstrDesc &Desc = State.getInstrInfo().get(Opcode);
    // Helpers only move values between registers: nothing that touches
    // memory or has effects we cannot see, nothing a snippet must never run
    // (a snippet is the same whichever phase it is generated for).
    if (Desc.mayLoad() || Desc.mayStore() || Desc.hasUnmodeledSideEffects() ||
        Desc.isPseudo() || Desc.isVariadic() ||
        Target.whyNeverRun(State, Opcode))
      continue;
    bool Built = Models[Opcode] != nullptr;
    const InstructionModel &Model = getModel(Opcode);
    // An opcode whose snippets the target prepares needs their set-up
    // (XGETBV faults unless ECX is 0): not as a bare helper either.
    if (Model.hasMemoryReference() || getUnsupportedReason(Opcode) ||
        Target.preparesSnippet(State, Model) ||
        Model.possibleDefUnits().none() || Model.possibleUseUnits().none()) {
      // Not a helper: its model is only needed when its own turn comes.
      if (!Built)
        Models[Opcode].reset();
      continue;
    }
    // Simple helpers first: fewer operands, then opcode order.
    Ranked.push_back({Desc.getNumOperands(), Opcode});
    KeptModels.set(Opcode);
  }
  llvm::sort(Ranked);
  HelperCandidates.emplace();
  for (const auto &[NumOperands, Opcode] : Ranked)
    HelperCandidates->push_back(Opcode);
  return *HelperCandidates;
}

bool SerialSnippetGenerator::isUsableHelper(const MCInst &Inst,
                                            bool RequireAvailable) {
  if (!Options.Availability)
    return true;
  if (HelperStates.empty())
    HelperStates.assign(State.getInstrInfo().getNumOpcodes(),
                        HelperState::Unknown);
  HelperState &HS = HelperStates[Inst.getOpcode()];
  if (HS == HelperState::Unknown) {
    if (Options.Availability->whyInvalid(Inst))
      HS = HelperState::Invalid;
    else if (Options.Availability->whyUnavailable(Inst))
      HS = HelperState::Unavailable;
    else
      HS = HelperState::Usable;
  }
  return HS == HelperState::Usable ||
         (!RequireAvailable && HS == HelperState::Unavailable);
}

ArrayRef<unsigned>
SerialSnippetGenerator::getFittingHelpers(const InstructionModel &Model) {
  // Many opcodes share the same possible defs and uses (every SSE compare,
  // every x87 form...): the list is computed once per pair of unit sets.
  const BitVector &Defs = Model.possibleDefUnits();
  const BitVector &Uses = Model.possibleUseUnits();
  std::string Key;
  for (const BitVector *Units : {&Defs, &Uses})
    for (uintptr_t Word : Units->getData())
      Key.append(reinterpret_cast<const char *>(&Word), sizeof(Word));
  auto [It, Inserted] = FittingHelpers.try_emplace(Key);
  if (Inserted)
    for (unsigned HelperOpcode : getHelperCandidates()) {
      const InstructionModel &Helper = *Models[HelperOpcode];
      if (Helper.possibleUseUnits().anyCommon(Defs) &&
          Helper.possibleDefUnits().anyCommon(Uses))
        It->second.push_back(HelperOpcode);
    }
  return It->second;
}

static bool hasOpenSlots(const SlotValues &Values) {
  return any_of(Values, [](const std::optional<MCOperand> &V) { return !V; });
}

unsigned
SerialSnippetGenerator::getNumVariants(const InstructionModel &Model) const {
  return std::max(1u, Model.getNumSelfDependencies());
}

Expected<GeneratedSnippet>
SerialSnippetGenerator::generateSnippet(const InstructionModel &Model,
                                        const SlotValues &Fixed,
                                        const BitVector &Avoid) {
  GeneratedSnippet Snippet;

  // A memory form the target chains through its address: the load is part
  // of what one repetition waits for, as in the scheduling model's latency
  // of a load or a folded load; the register path would leave it out.
  if (Model.accessesMemory())
    if (std::optional<PreparedSnippet> Chain =
            Target.getAddressPathLatencySnippet(State, Model)) {
      Snippet.Instructions = std::move(Chain->Instructions);
      Snippet.Info = std::move(Chain->Info);
      Snippet.SubtractedChains = std::move(Chain->SubtractedChains);
      return Snippet;
    }

  // An opcode whose only result is the flags, read back into one of its
  // inputs by a consumer whose latency is subtracted.
  if (std::optional<PreparedSnippet> Chain =
          Target.getFlagsLatencySnippet(State, Model)) {
    Snippet.Instructions = std::move(Chain->Instructions);
    Snippet.Info = std::move(Chain->Info);
    Snippet.SubtractedChains = std::move(Chain->SubtractedChains);
    return Snippet;
  }

  // An operand the descriptor leaves implicit (x87's ST(0)): the target
  // chains it.
  if (std::optional<PreparedSnippet> Chain =
          Target.getRegisterStackLatencySnippet(State, Model)) {
    Snippet.Instructions = std::move(Chain->Instructions);
    Snippet.Info = std::move(Chain->Info);
    Snippet.SubtractedChains = std::move(Chain->SubtractedChains);
    return Snippet;
  }

  // The opcode depends on itself whatever we choose.
  if (Model.hasTiedRegisters() || Model.hasImplicitSelfDependency()) {
    SlotValues Values = Fixed;
    BitVector Used = unitsOfChosenRegisters(Model, Values);
    Used |= Avoid;
    if (Error E = fillRemainingSlots(Model, Values, Used, 0))
      return E;
    Snippet.Instructions.push_back(Model.build(Values));
    Snippet.Info = "Repeating a single implicitly serial instruction";
    return Snippet;
  }

  // One of its defs can take the register of one of its uses.
  for (bool Exact : {true, false}) {
    PartialInstruction Self{&Model, Fixed};
    if (!linkDefToUse(Self, Self, Exact, /*SameInstruction=*/true))
      continue;
    BitVector Used = unitsOfChosenRegisters(Model, Self.Values);
    if (Error E = fillRemainingSlots(Model, Self.Values, Used, 0))
      return E;
    Snippet.Instructions.push_back(Model.build(Self.Values));
    Snippet.Info = "Repeating a single explicitly serial instruction";
    return Snippet;
  }

  // A second instruction closes the cycle.
  const BitVector &Defs = Model.possibleDefUnits();
  const BitVector &Uses = Model.possibleUseUnits();
  if (Defs.none() || Uses.none())
    return noStrategy(explainNoSerialStrategy(State, Target, Model));
  ArrayRef<unsigned> Fitting = getFittingHelpers(Model);
  // Helpers the CPU can run first; an opcode the CPU lacks may still get a
  // snippet (for other phases or targets) with a helper it lacks too.
  for (auto [RequireAvailable, Exact] :
       {std::pair(true, true), std::pair(true, false), std::pair(false, true),
        std::pair(false, false)}) {
    if (!RequireAvailable && !Options.Availability)
      break;
    for (unsigned HelperOpcode : Fitting) {
      if (HelperOpcode == Model.getOpcode())
        continue;
      if (!HelperStates.empty() &&
          (HelperStates[HelperOpcode] == HelperState::Invalid ||
           (RequireAvailable &&
            HelperStates[HelperOpcode] == HelperState::Unavailable)))
        continue;
      const InstructionModel &Helper = *Models[HelperOpcode];
      PartialInstruction First{&Model, Fixed};
      PartialInstruction Second{&Helper, SlotValues(Helper.slots().size())};
      if (!linkDefToUse(First, Second, Exact, false) ||
          !linkDefToUse(Second, First, Exact, false))
        continue;
      BitVector Used = unitsOfChosenRegisters(Model, First.Values);
      Used |= unitsOfChosenRegisters(Helper, Second.Values);
      if (hasOpenSlots(First.Values))
        if (Error E = fillRemainingSlots(Model, First.Values, Used, 0))
          return E;
      if (Error E = fillRemainingSlots(Helper, Second.Values, Used, 0)) {
        consumeError(std::move(E));
        continue;
      }
      MCInst HelperInst = Helper.build(Second.Values);
      if (!isUsableHelper(HelperInst, RequireAvailable))
        continue;
      Snippet.Instructions.push_back(Model.build(First.Values));
      Snippet.Instructions.push_back(std::move(HelperInst));
      Snippet.Info = "Repeating two instructions";
      return Snippet;
    }
  }
  return noStrategy(explainNoSerialStrategy(State, Target, Model));
}

} // namespace exegesis
} // namespace llvm
