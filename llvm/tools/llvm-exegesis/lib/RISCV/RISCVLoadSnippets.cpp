//===-- RISCV/RISCVLoadSnippets.cpp -----------------------------*- C++ -*-===//

#include "RISCVLoadSnippets.h"
#include "../LLVMState.h"

namespace llvm {
namespace exegesis {

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
  std::optional<MCRegister> X10 = State.getRegisterByName("X10");
  std::optional<MCRegister> X11 = State.getRegisterByName("X11");
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
      if (!Class.contains(*X11)) {
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
      if (Op.Kind != OperandKind::Register ||
          !RI.getRegClass(Op.RegClassID).contains(*X10))
        return std::nullopt;
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
  if (NumDefs != 1 || Shape.DefSlot == Shape.BaseSlot)
    return std::nullopt;
  return Shape;
}

bool isRISCVChainableLoad(const LLVMState &State,
                          const InstructionModel &Model) {
  return getLoadShape(State, Model).has_value();
}

/// Up to \p Count registers of \p ClassID, none of \p Avoid: never x0-x4,
/// the scratch pointer x10 or the loop counter x31.
static SmallVector<MCRegister, 4> pickRegisters(const LLVMState &State,
                                                int ClassID, unsigned Count,
                                                ArrayRef<MCRegister> Avoid) {
  SmallVector<MCRegister, 4> Regs;
  for (MCPhysReg Reg : State.getRegInfo().getRegClass(ClassID)) {
    StringRef Name = State.getRegisterName(Reg);
    if (Name == "X0" || Name == "X1" || Name == "X2" || Name == "X3" ||
        Name == "X4" || Name == "X10" || Name == "X31" ||
        is_contained(Avoid, MCRegister(Reg)))
      continue;
    Regs.push_back(Reg);
    if (Regs.size() == Count)
      break;
  }
  return Regs;
}

std::optional<PreparedSnippet>
getRISCVLoadSnippet(const LLVMState &State, const InstructionModel &Model,
                    bool Serial, unsigned Index) {
  std::optional<LoadShape> Shape = getLoadShape(State, Model);
  if (!Shape || Index > 0)
    return std::nullopt;
  MCRegister X10 = *State.getRegisterByName("X10");
  auto Load = [&](MCRegister Def, MCRegister Base, int64_t Offset) {
    SlotValues Values(Model.slots().size());
    Values[Shape->DefSlot] = MCOperand::createReg(Def);
    Values[Shape->BaseSlot] = MCOperand::createReg(Base);
    if (Shape->OffsetSlot)
      Values[*Shape->OffsetSlot] = MCOperand::createImm(Offset);
    return Model.build(Values);
  };
  PreparedSnippet Snippet;
  if (Serial) {
    SmallVector<MCRegister, 4> Def =
        pickRegisters(State, Shape->DefClass, 1, {});
    if (Def.empty())
      return std::nullopt;
    Snippet.Instructions = {Load(Def[0], X10, 0)};
    MCRegister Value = Def[0];
    if (Shape->MoveToX) {
      Value = *State.getRegisterByName("X11");
      MCInst Move;
      Move.setOpcode(*Shape->MoveToX);
      Move.addOperand(MCOperand::createReg(Value));
      Move.addOperand(MCOperand::createReg(Def[0]));
      Snippet.Instructions.push_back(Move);
    }
    MCInst Add;
    Add.setOpcode(*State.getOpcodeByName("ADD"));
    Add.addOperand(MCOperand::createReg(X10));
    Add.addOperand(MCOperand::createReg(X10));
    Add.addOperand(MCOperand::createReg(Value));
    Snippet.Instructions.push_back(Add);
    Snippet.Info = Shape->MoveToX
                       ? "Repeating a load whose address depends on the value "
                         "it loaded (zero, moved to an X register and added "
                         "to the scratch pointer): one repetition is the "
                         "load, an FMV and an ADD"
                       : "Repeating a load whose address depends on the value "
                         "it loaded (zero, added to the scratch pointer): one "
                         "repetition is the load and an ADD";
    return Snippet;
  }
  // Compressed loads have small scaled offsets: all at offset 0.
  bool Compressed = Model.getName().starts_with("C_");
  SmallVector<MCRegister, 4> Defs =
      pickRegisters(State, Shape->DefClass, 4, {});
  for (auto [I, Def] : enumerate(Defs))
    Snippet.Instructions.push_back(
        Load(Def, X10, Compressed ? 0 : int64_t(64 * I)));
  Snippet.Info = "Loads from the scratch memory into distinct registers";
  return Snippet;
}

} // namespace exegesis
} // namespace llvm
