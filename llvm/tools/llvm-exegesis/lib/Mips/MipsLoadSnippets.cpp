//===-- Mips/MipsLoadSnippets.cpp -------------------------------*- C++ -*-===//

#include "Mips/MipsLoadSnippets.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"

namespace llvm {
namespace exegesis {

namespace {
/// Where a load's operands are: its destination, its base and its offset.
struct LoadShape {
  unsigned DefSlot = 0;
  unsigned BaseSlot = 0;
  std::optional<unsigned> OffsetSlot;
  int DefClass = -1;
  /// For a load into an FPR: the move of its bits into a GPR (MFC1 or
  /// DMFC1), through which the value reaches the address.
  std::optional<unsigned> MoveToGPR;
};
} // namespace

static bool isMips64(const LLVMState &State) {
  return State.getTriple().isMIPS64();
}

/// Registers a load snippet never names: those no snippet names, the
/// scratch pointer $a0, the loop counter $t9, and $v1, which carries an
/// FPR's bits.
static bool isAvoided(StringRef Name) {
  StringRef Base = Name.ends_with("_64") ? Name.drop_back(3) : Name;
  return is_contained(
      {"ZERO", "AT", "K0", "K1", "GP", "SP", "RA", "A0", "T9", "V1"}, Base);
}

/// MFC1 for an FPR class holding 32-bit halves, DMFC1 for 64-bit FPRs on
/// mips64; none for a class of GPRs.
static std::optional<unsigned> getMoveToGPR(const LLVMState &State,
                                            const MCRegisterClass &Class) {
  std::optional<MCRegister> F0 = State.getRegisterByName("F0");
  std::optional<MCRegister> D0 = State.getRegisterByName("D0");
  std::optional<MCRegister> D0_64 = State.getRegisterByName("D0_64");
  if (F0 && Class.contains(*F0))
    return State.getOpcodeByName("MFC1");
  if (D0 && Class.contains(*D0))
    return State.getOpcodeByName("MFC1");
  if (D0_64 && Class.contains(*D0_64))
    return State.getOpcodeByName(isMips64(State) ? "DMFC1" : "MFC1");
  return std::nullopt;
}

static std::optional<LoadShape> getLoadShape(const LLVMState &State,
                                             const InstructionModel &Model) {
  const MCInstrDesc &Desc = Model.getDesc();
  if (!Desc.mayLoad() || Desc.mayStore() || !Model.accessesMemory() ||
      Model.memoryReferences().size() != 1 || !Model.implicitDefs().empty() ||
      !Model.implicitUses().empty())
    return std::nullopt;
  const MCRegisterInfo &RI = State.getRegInfo();
  MCRegister Scratch =
      State.getExegesisTarget().getScratchMemoryRegister(State.getTriple());
  std::optional<MCRegister> V0 = State.getRegisterByName("V0");
  std::optional<MCRegister> V0_64 = State.getRegisterByName("V0_64");
  const MemoryReference &Ref = Model.memoryReferences().front();
  LoadShape Shape;
  unsigned NumDefs = 0;
  bool HasBase = false;
  for (const ModelOperand &Op : Model.operands()) {
    if (Op.IsDef) {
      if (Op.Kind != OperandKind::Register)
        return std::nullopt;
      const MCRegisterClass &Class = RI.getRegClass(Op.RegClassID);
      bool IsGPR = Class.contains(*V0) || Class.contains(*V0_64);
      if (!IsGPR) {
        Shape.MoveToGPR = getMoveToGPR(State, Class);
        if (!Shape.MoveToGPR)
          return std::nullopt;
      }
      Shape.DefSlot = Op.Slot;
      Shape.DefClass = Op.RegClassID;
      ++NumDefs;
      continue;
    }
    if (Op.Index == Ref.FirstOperand) {
      // Pointer operands have the 32-bit class in the descriptor whatever
      // the ABI; the scratch pointer of N64 is their 64-bit view, as the
      // generic generators use it.
      if (Op.Kind != OperandKind::Register ||
          !any_of(RI.subregs_inclusive(Scratch), [&](MCRegister Reg) {
            return RI.getRegClass(Op.RegClassID).contains(Reg);
          }))
        return std::nullopt;
      Shape.BaseSlot = Op.Slot;
      HasBase = true;
      continue;
    }
    // The offset: inside the memory reference or right after it.
    if (Op.Kind == OperandKind::Immediate && !Shape.OffsetSlot &&
        Op.Index <= Ref.FirstOperand + Ref.NumOperands) {
      Shape.OffsetSlot = Op.Slot;
      continue;
    }
    return std::nullopt;
  }
  if (NumDefs != 1 || !HasBase || Shape.DefSlot == Shape.BaseSlot)
    return std::nullopt;
  return Shape;
}

/// \p Reg or its super-register in \p Class: V0_64 for V0 on mips64.
static MCRegister getView(const LLVMState &State, MCRegister Reg,
                          const MCRegisterClass &Class) {
  if (Class.contains(Reg))
    return Reg;
  for (MCRegister Super : State.getRegInfo().superregs(Reg))
    if (Class.contains(Super))
      return Super;
  return MCRegister();
}

static const MCRegisterClass *findRegClass(const MCRegisterInfo &RI,
                                           StringRef Name) {
  for (const MCRegisterClass &RC : RI.regclasses())
    if (RI.getRegClassName(&RC) == Name)
      return &RC;
  return nullptr;
}

static MCInst makeInst(unsigned Opcode, ArrayRef<MCRegister> Regs) {
  MCInst Inst;
  Inst.setOpcode(Opcode);
  for (MCRegister Reg : Regs)
    Inst.addOperand(MCOperand::createReg(Reg));
  return Inst;
}

namespace {
/// A Mips load chained through the scratch pointer $a0 ($a0_64 on N64).
class MipsChainedLoad : public ChainedLoad {
public:
  MipsChainedLoad(const LLVMState &State, const InstructionModel &Model,
                  const LoadShape &Shape)
      : ChainedLoad(State, Model, {Shape.DefSlot}), Shape(Shape),
        Scratch(State.getExegesisTarget().getScratchMemoryRegister(
            State.getTriple())) {}

  bool mayWrite(MCRegister Reg) const override {
    return !isAvoided(getState().getRegisterName(Reg));
  }

  MCInst buildLoad(ArrayRef<MCRegister> Defs, int64_t Offset) const override {
    SlotValues Values(getModel().slots().size());
    Values[Shape.DefSlot] = MCOperand::createReg(Defs.front());
    Values[Shape.BaseSlot] = MCOperand::createReg(Scratch);
    if (Shape.OffsetSlot)
      Values[*Shape.OffsetSlot] = MCOperand::createImm(Offset);
    return getModel().build(Values);
  }

  std::optional<LoadedValue>
  getLoadedValue(ArrayRef<MCRegister> Defs,
                 ArrayRef<MCRegister> Used) const override;

  /// ADDU, or DADDU on mips64, of the views of the value and the scratch
  /// pointer in the GPRs of the ABI.
  std::optional<MCInst> buildAddressAdd(MCRegister Value) const override {
    const LLVMState &State = getState();
    bool Wide = isMips64(State);
    const MCRegisterClass *AddClass =
        findRegClass(State.getRegInfo(), Wide ? "GPR64" : "GPR32");
    if (!AddClass)
      return std::nullopt;
    MCRegister AddValue = getView(State, Value, *AddClass);
    MCRegister AddScratch = getView(State, Scratch, *AddClass);
    if (!AddValue.isValid() || !AddScratch.isValid())
      return std::nullopt;
    return makeInst(*State.getOpcodeByName(Wide ? "DADDu" : "ADDu"),
                    {AddScratch, AddScratch, AddValue});
  }

private:
  LoadShape Shape;
  MCRegister Scratch;
};
} // namespace

/// A GPR as it is; an FPR's bits through MFC1 or DMFC1 into $v1.
std::optional<LoadedValue>
MipsChainedLoad::getLoadedValue(ArrayRef<MCRegister> Defs,
                                ArrayRef<MCRegister>) const {
  MCRegister Def = Defs.front();
  if (!Shape.MoveToGPR)
    return LoadedValue{Def, std::nullopt};
  const LLVMState &State = getState();
  const MCRegisterInfo &RI = State.getRegInfo();
  const MCRegisterClass *FGR32 = findRegClass(RI, "FGR32");
  if (!FGR32)
    return std::nullopt;
  bool DoubleMove = State.getOpcodeName(*Shape.MoveToGPR) == "DMFC1";
  MCRegister Carrier = *State.getRegisterByName(DoubleMove ? "V1_64" : "V1");
  // MFC1 reads a 32-bit half: the low one of a pair or 64-bit FPR.
  MCRegister Source = Def;
  if (!DoubleMove) {
    std::optional<MCRegister> Low;
    for (MCRegister Sub : RI.subregs_inclusive(Def))
      if (FGR32->contains(Sub) &&
          (!Low || RI.getEncodingValue(Sub) < RI.getEncodingValue(*Low)))
        Low = Sub;
    if (!Low)
      return std::nullopt;
    Source = *Low;
  }
  return LoadedValue{Carrier, makeInst(*Shape.MoveToGPR, {Carrier, Source})};
}

std::unique_ptr<ChainedLoad> getMipsChainedLoad(const LLVMState &State,
                                                const InstructionModel &Model) {
  std::optional<LoadShape> Shape = getLoadShape(State, Model);
  if (!Shape)
    return nullptr;
  return std::make_unique<MipsChainedLoad>(State, Model, *Shape);
}

} // namespace exegesis
} // namespace llvm
