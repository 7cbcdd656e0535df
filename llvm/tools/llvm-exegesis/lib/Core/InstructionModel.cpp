//===-- InstructionModel.cpp ------------------------------------*- C++ -*-===//

#include "Core/InstructionModel.h"

namespace llvm {
namespace exegesis {

InstructionModel::InstructionModel(const MCInstrInfo &InstrInfo,
                                   const MCSubtargetInfo &STI,
                                   const RegisterPool &Pool, unsigned Opcode,
                                   ArrayRef<unsigned> AddressOperands,
                                   bool AddressArithmetic)
    : Opcode(Opcode), Name(InstrInfo.getName(Opcode)),
      Desc(&InstrInfo.get(Opcode)) {
  unsigned HwMode = STI.getHwMode(MCSubtargetInfo::HwMode_RegInfo);
  unsigned NumOperands = Desc->getNumOperands();
  unsigned NumDefs = Desc->getNumDefs();
  for (unsigned I = 0; I < NumOperands; ++I) {
    const MCOperandInfo &Info = Desc->operands()[I];
    ModelOperand Op;
    Op.Index = I;
    Op.IsDef = I < NumDefs;
    Op.OperandType = Info.OperandType;
    Op.IsMemory = Info.OperandType == MCOI::OPERAND_MEMORY ||
                  is_contained(AddressOperands, I);
    Op.IsEarlyClobber =
        Desc->getOperandConstraint(I, MCOI::EARLY_CLOBBER) != -1;
    int ClassID = Info.RegClass >= 0 || Info.isLookupRegClassByHwMode()
                      ? InstrInfo.getOpRegClassID(Info, HwMode)
                      : -1;
    // A PC-relative operand of a branch or call is where it goes, which a
    // snippet cannot choose; elsewhere (AArch64's ADR and literal loads) it
    // is an offset like any immediate.
    bool Jumps = Desc->isBranch() || Desc->isCall() || Desc->isIndirectBranch();
    if (Info.OperandType == MCOI::OPERAND_PCREL && Jumps)
      Op.Kind = OperandKind::Unsupported;
    else if (ClassID >= 0)
      Op.Kind = OperandKind::Register;
    else if (Info.OperandType == MCOI::OPERAND_REGISTER)
      Op.Kind = OperandKind::Unsupported;
    else
      Op.Kind = OperandKind::Immediate;
    Op.RegClassID = Op.Kind == OperandKind::Register ? ClassID : -1;

    int TiedTo = Desc->getOperandConstraint(I, MCOI::TIED_TO);
    if (TiedTo >= 0 && static_cast<unsigned>(TiedTo) < I) {
      // A tied use shares the slot of the operand it is tied to.
      Op.Slot = Operands[TiedTo].Slot;
      OperandSlot &Slot = Slots[Op.Slot];
      Slot.Operands.push_back(I);
      Slot.IsDef |= Op.IsDef;
      Slot.IsUse |= !Op.IsDef;
      // A base register written back (AArch64's pre- and post-indexed
      // forms) is the address all the same.
      Slot.IsMemory |= Op.IsMemory;
    } else {
      Op.Slot = Slots.size();
      OperandSlot Slot;
      Slot.Operands.push_back(I);
      Slot.Kind = Op.Kind;
      Slot.IsDef = Op.IsDef;
      Slot.IsUse = !Op.IsDef;
      Slot.IsEarlyClobber = Op.IsEarlyClobber;
      Slot.IsMemory = Op.IsMemory;
      Slot.RegClassID = Op.RegClassID;
      Slot.OperandType = Op.OperandType;
      Slots.push_back(Slot);
    }
    Operands.push_back(Op);

    if (Op.IsMemory) {
      if (!MemoryRefs.empty() &&
          MemoryRefs.back().FirstOperand + MemoryRefs.back().NumOperands == I)
        ++MemoryRefs.back().NumOperands;
      else
        MemoryRefs.push_back({I, 1});
    }
  }
  // Some descriptors lack the load or store flag of an instruction that
  // does access memory (ANDN32rm_NF, VEXTRACTF32X8Zmri): a memory reference
  // is address arithmetic only where nothing else says so and the
  // instruction has no other register operand (the multi-byte NOPs).
  bool OnlyAddressOperands = all_of(Operands, [](const ModelOperand &Op) {
    return Op.IsMemory || Op.Kind != OperandKind::Register;
  });
  AccessesMemory = !MemoryRefs.empty() && !AddressArithmetic &&
                   (Desc->mayLoad() || Desc->mayStore() ||
                    Desc->hasUnmodeledSideEffects() || !OnlyAddressOperands);

  ImplicitUseUnits = Pool.emptyUnits();
  ImplicitDefUnits = Pool.emptyUnits();
  for (MCPhysReg Reg : Desc->implicit_uses())
    ImplicitUseUnits |= Pool.unitsOf(Reg);
  for (MCPhysReg Reg : Desc->implicit_defs())
    ImplicitDefUnits |= Pool.unitsOf(Reg);
  for (MCPhysReg Reg : Desc->implicit_defs())
    if (Pool.unitsOf(Reg).anyCommon(ImplicitUseUnits))
      ++NumImplicitSelfDependencies;
  PossibleUseUnits = ImplicitUseUnits;
  PossibleDefUnits = ImplicitDefUnits;
  for (const OperandSlot &Slot : Slots) {
    if (Slot.Kind != OperandKind::Register || isScratchAddressSlot(Slot))
      continue;
    const BitVector &Units = Pool.allowedUnits(Slot.RegClassID);
    if (Slot.IsDef)
      PossibleDefUnits |= Units;
    if (Slot.IsUse)
      PossibleUseUnits |= Units;
  }
}

bool InstructionModel::hasTiedRegisters() const {
  return any_of(Slots, [](const OperandSlot &S) { return S.isTiedRegister(); });
}

unsigned InstructionModel::getNumSelfDependencies() const {
  unsigned N =
      count_if(Slots, [](const OperandSlot &S) { return S.isTiedRegister(); });
  return N + NumImplicitSelfDependencies;
}

MCInst
InstructionModel::build(ArrayRef<std::optional<MCOperand>> Values) const {
  MCInst Inst;
  Inst.setOpcode(Opcode);
  for (const ModelOperand &Op : Operands) {
    assert(Values[Op.Slot] && "every slot must be set");
    Inst.addOperand(*Values[Op.Slot]);
  }
  return Inst;
}

void InstructionModel::getReadRegisters(
    const MCInst &Inst, SmallVectorImpl<MCRegister> &Regs) const {
  for (const ModelOperand &Op : Operands) {
    if (Op.IsDef || Op.Kind != OperandKind::Register)
      continue;
    const MCOperand &MO = Inst.getOperand(Op.Index);
    if (MO.isReg() && MO.getReg().isValid())
      Regs.push_back(MO.getReg());
  }
  for (MCPhysReg Reg : Desc->implicit_uses())
    Regs.push_back(Reg);
}

void InstructionModel::getWrittenRegisters(
    const MCInst &Inst, SmallVectorImpl<MCRegister> &Regs) const {
  for (const ModelOperand &Op : Operands) {
    if (!Op.IsDef || Op.Kind != OperandKind::Register)
      continue;
    const MCOperand &MO = Inst.getOperand(Op.Index);
    if (MO.isReg() && MO.getReg().isValid())
      Regs.push_back(MO.getReg());
  }
  for (MCPhysReg Reg : Desc->implicit_defs())
    Regs.push_back(Reg);
}

std::optional<std::string> InstructionModel::getOperandProblem() const {
  if (Desc->isVariadic())
    return std::string("variadic operand list");
  for (const OperandSlot &Slot : Slots) {
    if (Slot.Kind == OperandKind::Unsupported)
      return std::string("operand ") + std::to_string(Slot.Operands.front()) +
             " is neither a register nor an immediate";
  }
  return std::nullopt;
}

} // namespace exegesis
} // namespace llvm
