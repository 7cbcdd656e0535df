//===-- AArch64/AArch64LoadSnippets.cpp -------------------------*- C++ -*-===//

#include "AArch64/AArch64LoadSnippets.h"
#include "AArch64/AArch64Names.h"
#include "Core/LLVMState.h"

namespace llvm {
namespace exegesis {

/// The extend operand of `add Xd, Xn, Wm, uxtw`: the extend type (UXTW, 2)
/// above a left shift of 0.
constexpr int64_t UXTWExtend = 2 << 3;

/// The slots of the registers a load writes, in operand order.
using DefSlotList = SmallVector<unsigned, 2>;

/// The register of \p RC that \p Reg is part of, or else one that is part
/// of \p Reg: X1 for W1, D2 for S2 or Q2, one of the D registers of a list
/// such as Q0_Q1.
static MCRegister relatedIn(const MCRegisterInfo &RI, const MCRegisterClass *RC,
                            MCRegister Reg) {
  for (MCRegister Super : RI.superregs_inclusive(Reg))
    if (isInClass(RC, Super))
      return Super;
  for (MCRegister Sub : RI.subregs_inclusive(Reg))
    if (isInClass(RC, Sub))
      return Sub;
  return MCRegister();
}

static std::optional<DefSlotList> getDefSlots(const LLVMState &State,
                                              const InstructionModel &Model) {
  const AArch64Names &N = AArch64Names::get();
  const MCInstrDesc &Desc = Model.getDesc();
  // Exclusive loads (LDXR, LDAXP...) also say they may store, for the
  // exclusive monitor; an instruction that really stores reads the value it
  // stores, which the operand rules below refuse.
  if (!Desc.mayLoad() || !Model.accessesMemory() ||
      Model.memoryReferences().size() != 1 || !Model.implicitDefs().empty() ||
      !Model.implicitUses().empty())
    return std::nullopt;
  const MCRegisterInfo &RI = State.getRegInfo();
  DefSlotList Slots;
  for (const ModelOperand &Op : Model.operands()) {
    const OperandSlot &Slot = Model.slots()[Op.Slot];
    // A base the load writes back (pre- and post-indexed forms) would move
    // the scratch pointer by the loaded value and the offset.
    if (Op.IsMemory) {
      if (Slot.IsDef)
        return std::nullopt;
      continue;
    }
    if (Op.Kind == OperandKind::Immediate)
      continue;
    // Any other register the load reads (a register offset, a lane to
    // keep) gives the generic generators a chain of their own.
    if (Op.Kind != OperandKind::Register || !Op.IsDef || Slot.IsUse)
      return std::nullopt;
    const MCRegisterClass &Class = RI.getRegClass(Op.RegClassID);
    if (Class.getNumRegs() == 0)
      return std::nullopt;
    MCRegister First = *Class.begin();
    if (!relatedIn(RI, N.GPR64, First) && !relatedIn(RI, N.FPR64, First) &&
        !relatedIn(RI, N.PPR, First))
      return std::nullopt;
    if (!is_contained(Slots, Op.Slot))
      Slots.push_back(Op.Slot);
  }
  if (Slots.empty())
    return std::nullopt;
  return Slots;
}

/// Whether a generated load may write \p Reg: any FP/SIMD register, and X1
/// to X15 (and their W halves); not the scratch pointer X0, X16 to X18 (the
/// register set-up's and the platform's), the callee-saved X19 to X28 (X19
/// counts the loop), the frame pointer, the link register, SP or the zero
/// register.
static bool mayLoadInto(const MCRegisterInfo &RI, MCRegister Reg) {
  const AArch64Names &N = AArch64Names::get();
  if (RI.regsOverlap(Reg, N.SP) || RI.regsOverlap(Reg, N.XZR))
    return false;
  for (MCPhysReg X : *N.GPR64)
    if (RI.regsOverlap(Reg, X) &&
        !is_contained(N.LoadDestinations, MCRegister(X)))
      return false;
  return true;
}

namespace {
/// An AArch64 load chained through the scratch pointer X0.
class AArch64ChainedLoad : public ChainedLoad {
public:
  AArch64ChainedLoad(const LLVMState &State,
                     const SnippetGenerationTarget &Target,
                     const InstructionModel &Model, DefSlotList Slots)
      : ChainedLoad(State, Model, std::move(Slots)), Target(Target) {
    Words.MovedTo = "a general-purpose register";
    Words.Move = "an fmov";
  }

  bool mayWrite(MCRegister Reg) const override {
    return mayLoadInto(getState().getRegInfo(), Reg);
  }

  /// The other immediates are the target's defaults.
  MCInst buildLoad(ArrayRef<MCRegister> Defs, int64_t Offset) const override {
    const InstructionModel &Model = getModel();
    SlotValues Values(Model.slots().size());
    Target.setScratchAddress(Model, Model.memoryReferences().front(),
                             AArch64Names::get().X0, Offset, Values);
    for (auto [Slot, Reg] : zip(getDefSlots(), Defs))
      Values[Slot] = MCOperand::createReg(Reg);
    for (unsigned I = 0, E = Values.size(); I < E; ++I)
      if (!Values[I])
        Values[I] = MCOperand::createImm(
            Target.getDefaultImmediate(Model, Model.slots()[I]));
    return Model.build(Values);
  }

  /// All at the scratch pointer.
  int64_t getThroughputOffset(unsigned) const override { return 0; }

  std::optional<LoadedValue>
  getLoadedValue(ArrayRef<MCRegister> Defs,
                 ArrayRef<MCRegister> Used) const override;

  /// A W register is added zero-extended (UXTW), so that the add reads what
  /// the load wrote and nothing more.
  std::optional<MCInst> buildAddressAdd(MCRegister Value) const override {
    const AArch64Names &N = AArch64Names::get();
    bool IsW = isInClass(N.GPR32, Value);
    MCInst Add;
    Add.setOpcode(IsW ? N.ADDXrx : N.ADDXrs);
    Add.addOperand(MCOperand::createReg(N.X0));
    Add.addOperand(MCOperand::createReg(N.X0));
    Add.addOperand(MCOperand::createReg(Value));
    Add.addOperand(MCOperand::createImm(IsW ? UXTWExtend : 0));
    return Add;
  }

  std::string describeLatency(const LoadedValue &Value) const override {
    if (Value.Move && Value.Move->getOpcode() == AArch64Names::get().CNTP_XPP_B)
      return "Repeating a predicate load whose address depends on the value "
             "it loaded (all false: its count of active elements, zero, is "
             "added to the scratch pointer): one repetition is the load, a "
             "cntp and an add";
    return ChainedLoad::describeLatency(Value);
  }

private:
  const SnippetGenerationTarget &Target;
};
} // namespace

/// The value reaches a general-purpose register: it is one, or FMOV takes
/// the bits of an FP/SIMD register, or CNTP counts the active elements of a
/// predicate (none: it is all false), into a register the load did not
/// write.
std::optional<LoadedValue>
AArch64ChainedLoad::getLoadedValue(ArrayRef<MCRegister> Defs,
                                   ArrayRef<MCRegister> Used) const {
  const AArch64Names &N = AArch64Names::get();
  const MCRegisterInfo &RI = getState().getRegInfo();
  MCRegister Def = Defs.front();
  MCRegister Value =
      isInClass(N.GPR32, Def) ? Def : relatedIn(RI, N.GPR64, Def);
  if (Value.isValid())
    return LoadedValue{Value, std::nullopt};
  auto Temp = find_if(N.LoadDestinations, [&](MCRegister X) {
    return none_of(Used, [&](MCRegister U) { return RI.regsOverlap(U, X); });
  });
  if (Temp == N.LoadDestinations.end())
    return std::nullopt;
  Value = *Temp;
  MCInst Move;
  if (MCRegister D = relatedIn(RI, N.FPR64, Def)) {
    Move.setOpcode(N.FMOVDXr);
    Move.addOperand(MCOperand::createReg(Value));
    Move.addOperand(MCOperand::createReg(D));
  } else if (MCRegister P = relatedIn(RI, N.PPR, Def)) {
    Move.setOpcode(N.CNTP_XPP_B);
    Move.addOperand(MCOperand::createReg(Value));
    Move.addOperand(MCOperand::createReg(P));
    Move.addOperand(MCOperand::createReg(P));
  } else {
    return std::nullopt;
  }
  return LoadedValue{Value, Move};
}

std::unique_ptr<ChainedLoad>
getAArch64ChainedLoad(const LLVMState &State,
                      const SnippetGenerationTarget &Target,
                      const InstructionModel &Model) {
  std::optional<DefSlotList> Slots = getDefSlots(State, Model);
  if (!Slots)
    return nullptr;
  return std::make_unique<AArch64ChainedLoad>(State, Target, Model,
                                              std::move(*Slots));
}

} // namespace exegesis
} // namespace llvm
