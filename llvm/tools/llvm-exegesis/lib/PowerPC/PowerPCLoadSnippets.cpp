//===-- PowerPC/PowerPCLoadSnippets.cpp -------------------------*- C++ -*-===//

#include "PowerPC/PowerPCLoadSnippets.h"
#include "Core/LLVMState.h"
#include "PowerPC/PowerPCNames.h"

namespace llvm {
namespace exegesis {

namespace {
/// Where a load's destination is and what it is.
struct LoadShape {
  unsigned DefSlot = 0;
  int DefClass = -1;
  /// The destination is an FPR or VSX scalar: mfvsrd takes its bits to a
  /// GPR.
  bool NeedsMove = false;
};
} // namespace

static std::optional<LoadShape> getLoadShape(const LLVMState &State,
                                             const InstructionModel &Model) {
  const PowerPCNames &N = PowerPCNames::get();
  const MCInstrDesc &Desc = Model.getDesc();
  if (!Desc.mayLoad() || Desc.mayStore() || !Model.accessesMemory() ||
      Model.memoryReferences().size() != 1 || !Model.implicitDefs().empty() ||
      !Model.implicitUses().empty())
    return std::nullopt;
  const MCRegisterInfo &RI = State.getRegInfo();
  LoadShape Shape;
  unsigned NumDefs = 0;
  for (const ModelOperand &Op : Model.operands()) {
    if (Op.IsMemory)
      continue;
    if (!Op.IsDef || Op.Kind != OperandKind::Register)
      return std::nullopt;
    const MCRegisterClass &Class = RI.getRegClass(Op.RegClassID);
    bool IsGPR = Class.contains(N.X[4]) || Class.contains(N.R[4]);
    bool IsScalar =
        Class.contains(N.F[4]) || (N.VFRC && Class.contains(*N.VFRC->begin()));
    if (!IsGPR &&
        !(IsScalar && State.getSubtargetInfo().checkFeatures("+direct-move")))
      return std::nullopt;
    Shape.DefSlot = Op.Slot;
    Shape.DefClass = Op.RegClassID;
    Shape.NeedsMove = !IsGPR;
    ++NumDefs;
  }
  // Update forms tie a def to the base, which makes it a memory slot.
  for (const ModelOperand &Op : Model.operands())
    if (Op.IsMemory && Op.Slot == Shape.DefSlot)
      return std::nullopt;
  if (NumDefs != 1)
    return std::nullopt;
  return Shape;
}

bool isPowerPCChainableLoad(const LLVMState &State,
                            const InstructionModel &Model) {
  return getLoadShape(State, Model).has_value();
}

/// Up to \p Count registers of \p ClassID that are neither reserved (r0 is
/// fine as a destination, r1, r2, r13 are not) nor the scratch pointer r3.
static SmallVector<MCRegister, 4> pickRegisters(const LLVMState &State,
                                                int ClassID, unsigned Count) {
  const PowerPCNames &N = PowerPCNames::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  SmallVector<MCRegister, 4> Regs;
  for (MCPhysReg Reg : RI.getRegClass(ClassID)) {
    if (RI.regsOverlap(Reg, N.X1) || RI.regsOverlap(Reg, N.X2) ||
        RI.regsOverlap(Reg, N.X3) || RI.regsOverlap(Reg, N.X13) ||
        Reg == N.ZERO8 || Reg == N.ZERO)
      continue;
    Regs.push_back(Reg);
    if (Regs.size() == Count)
      break;
  }
  return Regs;
}

/// The X register of a GPR (X4 for R4).
static MCRegister getX(MCRegister Reg) {
  const PowerPCNames &N = PowerPCNames::get();
  int R = PowerPCNames::indexIn(N.R, Reg);
  return R >= 0 ? N.X[R] : Reg;
}

std::optional<PreparedSnippet> getPowerPCLoadSnippet(
    const LLVMState &State, const SnippetGenerationTarget &Target,
    const InstructionModel &Model, bool Serial, unsigned Index) {
  const PowerPCNames &N = PowerPCNames::get();
  std::optional<LoadShape> Shape = getLoadShape(State, Model);
  if (!Shape || Index > 0)
    return std::nullopt;
  auto Load = [&](MCRegister Def, int64_t Offset) {
    SlotValues Values(Model.slots().size());
    Target.setScratchAddress(Model, Model.memoryReferences().front(), N.X3,
                             Offset, Values);
    Values[Shape->DefSlot] = MCOperand::createReg(Def);
    return Model.build(Values);
  };
  PreparedSnippet Snippet;
  if (Serial) {
    SmallVector<MCRegister, 4> Def = pickRegisters(State, Shape->DefClass, 1);
    if (Def.empty())
      return std::nullopt;
    Snippet.Instructions = {Load(Def[0], 0)};
    MCRegister Value = getX(Def[0]);
    if (Shape->NeedsMove) {
      Value = N.X[4];
      MCInst Move;
      Move.setOpcode(N.MFVSRD);
      Move.addOperand(MCOperand::createReg(Value));
      Move.addOperand(MCOperand::createReg(Def[0]));
      Snippet.Instructions.push_back(Move);
    }
    MCInst Add;
    Add.setOpcode(N.ADD8);
    Add.addOperand(MCOperand::createReg(N.X3));
    Add.addOperand(MCOperand::createReg(N.X3));
    Add.addOperand(MCOperand::createReg(Value));
    Snippet.Instructions.push_back(Add);
    Snippet.Info = Shape->NeedsMove
                       ? "Repeating a load whose address depends on the value "
                         "it loaded (zero, moved to a GPR and added to the "
                         "scratch pointer): one repetition is the load, an "
                         "mfvsrd and an add"
                       : "Repeating a load whose address depends on the value "
                         "it loaded (zero, added to the scratch pointer): one "
                         "repetition is the load and an add";
    return Snippet;
  }
  for (auto [I, Def] : enumerate(pickRegisters(State, Shape->DefClass, 4)))
    Snippet.Instructions.push_back(Load(Def, int64_t(64 * I)));
  Snippet.Info = "Loads from the scratch memory into distinct registers";
  return Snippet;
}

} // namespace exegesis
} // namespace llvm
