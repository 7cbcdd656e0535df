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

/// The X register of a GPR (X4 for R4).
static MCRegister getX(MCRegister Reg) {
  const PowerPCNames &N = PowerPCNames::get();
  int R = PowerPCNames::indexIn(N.R, Reg);
  return R >= 0 ? N.X[R] : Reg;
}

namespace {
/// A PowerPC load chained through the scratch pointer r3.
class PowerPCChainedLoad : public ChainedLoad {
public:
  PowerPCChainedLoad(const LLVMState &State,
                     const SnippetGenerationTarget &Target,
                     const InstructionModel &Model, const LoadShape &Shape)
      : ChainedLoad(State, Model, {Shape.DefSlot}), Target(Target),
        Shape(Shape) {
    Words.Move = "an mfvsrd";
  }

  /// Neither reserved (r0 is fine as a destination, r1, r2, r13 are not)
  /// nor the scratch pointer r3.
  bool mayWrite(MCRegister Reg) const override {
    const PowerPCNames &N = PowerPCNames::get();
    const MCRegisterInfo &RI = getState().getRegInfo();
    return !RI.regsOverlap(Reg, N.X1) && !RI.regsOverlap(Reg, N.X2) &&
           !RI.regsOverlap(Reg, N.X3) && !RI.regsOverlap(Reg, N.X13) &&
           Reg != N.ZERO8 && Reg != N.ZERO;
  }

  MCInst buildLoad(ArrayRef<MCRegister> Defs, int64_t Offset) const override {
    const InstructionModel &Model = getModel();
    SlotValues Values(Model.slots().size());
    Target.setScratchAddress(Model, Model.memoryReferences().front(),
                             PowerPCNames::get().X3, Offset, Values);
    Values[Shape.DefSlot] = MCOperand::createReg(Defs.front());
    return Model.build(Values);
  }

  /// A GPR as its X register; an FPR's or VSX scalar's bits through mfvsrd
  /// into X4.
  std::optional<LoadedValue>
  getLoadedValue(ArrayRef<MCRegister> Defs,
                 ArrayRef<MCRegister>) const override {
    const PowerPCNames &N = PowerPCNames::get();
    if (!Shape.NeedsMove)
      return LoadedValue{getX(Defs.front()), std::nullopt};
    MCInst Move;
    Move.setOpcode(N.MFVSRD);
    Move.addOperand(MCOperand::createReg(N.X[4]));
    Move.addOperand(MCOperand::createReg(Defs.front()));
    return LoadedValue{N.X[4], Move};
  }

  std::optional<MCInst> buildAddressAdd(MCRegister Value) const override {
    const PowerPCNames &N = PowerPCNames::get();
    MCInst Add;
    Add.setOpcode(N.ADD8);
    Add.addOperand(MCOperand::createReg(N.X3));
    Add.addOperand(MCOperand::createReg(N.X3));
    Add.addOperand(MCOperand::createReg(Value));
    return Add;
  }

private:
  const SnippetGenerationTarget &Target;
  LoadShape Shape;
};
} // namespace

std::unique_ptr<ChainedLoad>
getPowerPCChainedLoad(const LLVMState &State,
                      const SnippetGenerationTarget &Target,
                      const InstructionModel &Model) {
  std::optional<LoadShape> Shape = getLoadShape(State, Model);
  if (!Shape)
    return nullptr;
  return std::make_unique<PowerPCChainedLoad>(State, Target, Model, *Shape);
}

} // namespace exegesis
} // namespace llvm
