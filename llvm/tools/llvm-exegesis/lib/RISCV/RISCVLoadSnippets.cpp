//===-- RISCV/RISCVLoadSnippets.cpp -----------------------------*- C++ -*-===//

#include "RISCV/RISCVLoadSnippets.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/StringSwitch.h"

namespace llvm {
namespace exegesis {

unsigned getRISCVLoadBytes(StringRef OpcodeName) {
  StringRef Name = OpcodeName;
  Name.consume_front("C_");
  bool Float = Name.consume_front("F");
  if (!Name.consume_front("LR_") && !Name.consume_front("L"))
    return 0;
  if (Name.empty())
    return 0;
  unsigned Bytes = StringSwitch<unsigned>(Name.take_front())
                       .Case("B", Float ? 0 : 1)
                       .Case("H", 2)
                       .Case("W", 4)
                       .Case("D", 8)
                       .Case("Q", Float ? 16 : 0)
                       .Default(0);
  Name = Name.drop_front();
  // What may follow the size: U (zero-extending), SP (based on the stack
  // pointer), an ordering suffix (_AQ, _RL).
  Name.consume_front("U");
  Name.consume_front("SP");
  if (!Name.empty() && !Name.starts_with("_"))
    return 0;
  return Bytes;
}

std::optional<RISCVLoadAccess> getRISCVLoadAccess(const MCInstrInfo &II,
                                                  StringRef OpcodeName,
                                                  const MCInst &Inst) {
  const MCInstrDesc &Desc = II.get(Inst.getOpcode());
  if (!Desc.mayLoad() || Desc.mayStore() || Desc.getNumDefs() != 1 ||
      Inst.getNumOperands() < 2 || !Inst.getOperand(0).isReg())
    return std::nullopt;
  RISCVLoadAccess Access;
  Access.Def = Inst.getOperand(0).getReg();
  Access.Bytes = getRISCVLoadBytes(OpcodeName);
  for (unsigned I = 1, E = std::min<unsigned>(Desc.getNumOperands(),
                                              Inst.getNumOperands());
       I < E; ++I) {
    if (Desc.operands()[I].OperandType != MCOI::OPERAND_MEMORY)
      continue;
    if (!Inst.getOperand(I).isReg())
      return std::nullopt;
    Access.Base = Inst.getOperand(I).getReg();
    if (I + 1 < Inst.getNumOperands() && Inst.getOperand(I + 1).isImm())
      Access.Offset = Inst.getOperand(I + 1).getImm();
    return Access;
  }
  return std::nullopt;
}

namespace {
/// Where a load's operands are: its destination, its base and the offset
/// after it (if any).
struct LoadShape {
  unsigned DefSlot = 0;
  unsigned BaseSlot = 0;
  std::optional<unsigned> OffsetSlot;
  int DefClass = -1;
  /// For a load into an F register: the move of its bits into an X
  /// register, through which the value reaches the address.
  std::optional<unsigned> MoveToX;
  /// The base can only be the stack pointer (C_LWSP, C_LDSP).
  bool StackBased = false;
};
} // namespace

/// FMV.X.D / FMV.X.W / FMV.X.H for the F registers of \p Class, if the
/// subtarget has such a move (riscv32 has no FMV.X.D).
static std::optional<unsigned> getMoveToX(const LLVMState &State,
                                          const MCRegisterClass &Class) {
  bool Is64Bit = State.getTriple().isRISCV64();
  for (auto [RegName, Opcode] :
       {std::pair<StringRef, StringRef>("F11_D", Is64Bit ? "FMV_X_D" : ""),
        {"F11_F", "FMV_X_W"},
        {"F11_H", "FMV_X_H"}}) {
    std::optional<MCRegister> Reg = State.getRegisterByName(RegName);
    if (Reg && Class.contains(*Reg))
      return Opcode.empty() ? std::nullopt : State.getOpcodeByName(Opcode);
  }
  return std::nullopt;
}

static std::optional<LoadShape> getLoadShape(const LLVMState &State,
                                             const InstructionModel &Model) {
  const MCInstrDesc &Desc = Model.getDesc();
  if (!Desc.mayLoad() || Desc.mayStore() || !Model.accessesMemory() ||
      Model.memoryReferences().size() != 1 || !Model.implicitDefs().empty() ||
      !Model.implicitUses().empty())
    return std::nullopt;
  MCRegister X2 = *State.getRegisterByName("X2");
  MCRegister X10 = *State.getRegisterByName("X10");
  MCRegister X11 = *State.getRegisterByName("X11");
  const MCRegisterInfo &RI = State.getRegInfo();
  LoadShape Shape;
  unsigned NumDefs = 0;
  const MemoryReference &Ref = Model.memoryReferences().front();
  for (const ModelOperand &Op : Model.operands()) {
    if (Op.IsDef) {
      if (Op.Kind != OperandKind::Register)
        return std::nullopt;
      // An X register, or an F register whose bits a move can take to one.
      const MCRegisterClass &Class = RI.getRegClass(Op.RegClassID);
      if (!Class.contains(X11)) {
        Shape.MoveToX = getMoveToX(State, Class);
        if (!Shape.MoveToX)
          return std::nullopt;
      }
      Shape.DefSlot = Op.Slot;
      Shape.DefClass = Op.RegClassID;
      ++NumDefs;
      continue;
    }
    if (Op.Index == Ref.FirstOperand) {
      if (Op.Kind != OperandKind::Register)
        return std::nullopt;
      const MCRegisterClass &Class = RI.getRegClass(Op.RegClassID);
      if (!Class.contains(X10)) {
        if (!Class.contains(X2))
          return std::nullopt;
        Shape.StackBased = true;
      }
      Shape.BaseSlot = Op.Slot;
      continue;
    }
    if (Op.Index == Ref.FirstOperand + Ref.NumOperands &&
        Op.Kind == OperandKind::Immediate) {
      Shape.OffsetSlot = Op.Slot;
      continue;
    }
    return std::nullopt;
  }
  // The value of an F register loaded from the stack would have to be
  // moved to an X register and added to the stack pointer: not done.
  if (NumDefs != 1 || Shape.DefSlot == Shape.BaseSlot ||
      (Shape.StackBased && Shape.MoveToX))
    return std::nullopt;
  return Shape;
}

namespace {
/// A RISC-V load chained through X10, or through the stack pointer for the
/// loads based on it.
class RISCVChainedLoad : public ChainedLoad {
public:
  RISCVChainedLoad(const LLVMState &State, const InstructionModel &Model,
                   const LoadShape &Shape)
      : ChainedLoad(State, Model, {Shape.DefSlot}), Shape(Shape),
        Base(*State.getRegisterByName(Shape.StackBased ? "X2" : "X10")) {
    Words.AddressRegister =
        Shape.StackBased ? "stack pointer" : "scratch pointer";
    Words.Memory = Shape.StackBased ? "stack" : "scratch memory";
    Words.MovedTo = "an X register";
    Words.Move = "an FMV";
    Words.Add = "an ADD";
  }

  /// Never x0-x4, the scratch pointer x10 or the loop counter x31.
  bool mayWrite(MCRegister Reg) const override {
    StringRef Name = getState().getRegisterName(Reg);
    return !is_contained({"X0", "X1", "X2", "X3", "X4", "X10", "X31"}, Name);
  }

  MCInst buildLoad(ArrayRef<MCRegister> Defs, int64_t Offset) const override {
    SlotValues Values(getModel().slots().size());
    Values[Shape.DefSlot] = MCOperand::createReg(Defs.front());
    Values[Shape.BaseSlot] = MCOperand::createReg(Base);
    if (Shape.OffsetSlot)
      Values[*Shape.OffsetSlot] = MCOperand::createImm(Offset);
    return getModel().build(Values);
  }

  /// Compressed loads have small scaled offsets: all at offset 0.
  int64_t getThroughputOffset(unsigned Copy) const override {
    return getModel().getName().starts_with("C_")
               ? 0
               : ChainedLoad::getThroughputOffset(Copy);
  }

  std::optional<PreparedSnippet> getOwnLatencySnippet() const override;

  /// Through FMV.X.* to X11 for an F register.
  std::optional<LoadedValue>
  getLoadedValue(ArrayRef<MCRegister> Defs,
                 ArrayRef<MCRegister>) const override {
    if (!Shape.MoveToX)
      return LoadedValue{Defs.front(), std::nullopt};
    MCRegister X11 = *getState().getRegisterByName("X11");
    MCInst Move;
    Move.setOpcode(*Shape.MoveToX);
    Move.addOperand(MCOperand::createReg(X11));
    Move.addOperand(MCOperand::createReg(Defs.front()));
    return LoadedValue{X11, Move};
  }

  std::optional<MCInst> buildAddressAdd(MCRegister Value) const override {
    return makeAdd(Base, Base, Value);
  }

private:
  MCInst makeAdd(MCRegister Def, MCRegister A, MCRegister B) const {
    MCInst Add;
    Add.setOpcode(*getState().getOpcodeByName("ADD"));
    Add.addOperand(MCOperand::createReg(Def));
    Add.addOperand(MCOperand::createReg(A));
    Add.addOperand(MCOperand::createReg(B));
    return Add;
  }

  LoadShape Shape;
  /// X10, the scratch pointer, or X2, the stack pointer.
  MCRegister Base;
};
} // namespace

/// A load into its own base register: a pointer chase for a load of a whole
/// X register; from X10, a narrower load followed by an ADD of the stack
/// pointer. None for an F register or a narrower load from the stack.
std::optional<PreparedSnippet> RISCVChainedLoad::getOwnLatencySnippet() const {
  const LLVMState &State = getState();
  const MCRegisterClass &DefClass =
      State.getRegInfo().getRegClass(Shape.DefClass);
  if (Shape.MoveToX || !DefClass.contains(Base))
    return std::nullopt;
  unsigned XLen = State.getTriple().isRISCV64() ? 64 : 32;
  bool WholeRegister = getRISCVLoadBytes(getModel().getName()) * 8 == XLen;
  PreparedSnippet Snippet;
  Snippet.Instructions = {buildLoad(Base, 0)};
  if (WholeRegister) {
    Snippet.Info = ("Repeating a load of the " + Words.AddressRegister +
                    " from the word it points at, which holds its own "
                    "address: each load's address is the value the "
                    "previous one loaded (a pointer chase)")
                       .str();
    return Snippet;
  }
  if (Shape.StackBased)
    return std::nullopt;
  // Too narrow to hold an address: the zero it loads plus the stack pointer
  // is the next one.
  Snippet.Instructions.push_back(
      makeAdd(Base, Base, *State.getRegisterByName("X2")));
  Snippet.Info = "Repeating a load into its own base register (the "
                 "scratch pointer), then an ADD of the stack pointer: "
                 "the words read hold zero, so each address is the "
                 "stack pointer plus the value the previous load gave; "
                 "one repetition is the load and an ADD";
  return Snippet;
}

std::unique_ptr<ChainedLoad>
getRISCVChainedLoad(const LLVMState &State, const InstructionModel &Model) {
  std::optional<LoadShape> Shape = getLoadShape(State, Model);
  if (!Shape)
    return nullptr;
  return std::make_unique<RISCVChainedLoad>(State, Model, *Shape);
}

} // namespace exegesis
} // namespace llvm
