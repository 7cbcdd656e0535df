//===-- ParallelSnippetGenerator.cpp ----------------------------*- C++ -*-===//

#include "Snippets/ParallelSnippetGenerator.h"

namespace llvm {
namespace exegesis {

Expected<GeneratedSnippet> ParallelSnippetGenerator::generateSnippet(
    const InstructionModel &Model, const SlotValues &Fixed, const BitVector &) {
  GeneratedSnippet Snippet;
  unsigned NumSlots = Model.slots().size();
  unsigned MemoryCopies = Model.accessesMemory() ? NumMemoryCopies : 1;

  // A def that merges into a wider register depends on the previous copy's
  // write: such defs get distinct registers like tied ones.
  bool DefsMerge = any_of(Model.slots(), [&](const OperandSlot &Slot) {
    if (Slot.Kind != OperandKind::Register || !Slot.IsDef)
      return false;
    MCRegister Reg = pickRegister(Slot, Pool.emptyUnits());
    return Reg.isValid() && Target.writeKeepsWiderBits(State, Reg);
  });

  // Copies whose registers are the fixed ones, each addressing its own
  // line of scratch memory.
  auto AddMemoryCopies = [&]() -> Error {
    for (unsigned Copy = 0; Copy < MemoryCopies; ++Copy) {
      SlotValues Values = Fixed;
      BitVector Used = unitsOfChosenRegisters(Model, Values);
      if (Error E =
              fillRemainingSlots(Model, Values, Used, Copy * MemoryStride))
        return E;
      Snippet.Instructions.push_back(Model.build(Values));
    }
    return Error::success();
  };

  if (!Model.canDependOnItself() && !DefsMerge) {
    // Whatever registers are chosen, no copy reads what another writes.
    if (Error E = AddMemoryCopies())
      return E;
    Snippet.Info = "instruction is parallel, repeating a random one.";
    return Snippet;
  }

  if (Model.hasImplicitSelfDependency()) {
    // Serial through its implicit registers, but its copies still address
    // distinct lines: one address would add a dependency through memory
    // (ADC16mi's load waiting for the previous copy's store).
    if (Error E = AddMemoryCopies())
      return E;
    Snippet.Info = "instruction is serial, repeating a random one.";
    return Snippet;
  }

  // Uses first, one register per position shared by every copy, kept apart
  // from whatever the opcode writes implicitly.
  SlotValues Shared = Fixed;
  BitVector Reads = unitsOfChosenRegisters(Model, Shared);
  Reads |= Model.implicitUseUnits();
  BitVector Avoid = Reads;
  Avoid |= Model.implicitDefUnits();
  for (unsigned I = 0; I < NumSlots; ++I) {
    const OperandSlot &Slot = Model.slots()[I];
    if (Shared[I] || Slot.Kind != OperandKind::Register || Slot.IsDef ||
        Model.isScratchAddressSlot(Slot))
      continue;
    MCRegister Reg = chooseRegister(Slot, Avoid);
    if (!Reg.isValid())
      return make_error<SnippetGenerationError>(
          true, "no usable register for operand " +
                    std::to_string(Slot.Operands.front()));
    Shared[I] = MCOperand::createReg(Reg);
    Avoid |= Pool.unitsOf(Reg);
    Reads |= Pool.unitsOf(Reg);
  }

  // Then as many copies as there are registers for the defs, each writing
  // registers no use reads and no other copy writes.
  bool Tied = Model.hasTiedRegisters();
  unsigned MaxCopies = Tied || DefsMerge ? 16 : MemoryCopies;
  BitVector Written = Pool.emptyUnits();
  for (unsigned Copy = 0; Copy < MaxCopies; ++Copy) {
    SlotValues Values = Shared;
    BitVector Taken = Reads;
    Taken |= Written;
    bool Exhausted = false;
    for (unsigned I = 0; I < NumSlots && !Exhausted; ++I) {
      const OperandSlot &Slot = Model.slots()[I];
      // A written-back address register is the scratch pointer, which
      // fillRemainingSlots sets.
      if (Values[I] || Slot.Kind != OperandKind::Register || !Slot.IsDef ||
          Model.isScratchAddressSlot(Slot))
        continue;
      MCRegister Reg = chooseRegister(Slot, Taken);
      if (!Reg.isValid() || Pool.unitsOf(Reg).anyCommon(Taken)) {
        Exhausted = true;
        break;
      }
      Values[I] = MCOperand::createReg(Reg);
      Taken |= Pool.unitsOf(Reg);
    }
    if (Exhausted && Copy > 0)
      break;
    BitVector Used = unitsOfChosenRegisters(Model, Values);
    Used |= Reads;
    if (Error E = fillRemainingSlots(Model, Values, Used, Copy * MemoryStride))
      return E;
    for (unsigned I = 0; I < NumSlots; ++I)
      if (Model.slots()[I].IsDef && Values[I]->isReg() &&
          Values[I]->getReg().isValid())
        Written |= Pool.unitsOf(Values[I]->getReg());
    Snippet.Instructions.push_back(Model.build(Values));
    if (Exhausted)
      break;
  }
  if (DefsMerge && !Tied) {
    Snippet.Info =
        "instruction writes part of a wider register, which waits for its "
        "previous value, so each copy gets a distinct destination register";
    return Snippet;
  }
  Snippet.Info =
      Tied ? "instruction has tied variables, avoiding Read-After-Write "
             "issue, picking random def and use registers not aliasing each "
             "other, for uses, randomizing registers"
           : "instruction has no tied variables, avoiding Read-After-Write "
             "issue, picking random def and use registers not aliasing each "
             "other, for uses, one unique register for each position";
  return Snippet;
}

} // namespace exegesis
} // namespace llvm
