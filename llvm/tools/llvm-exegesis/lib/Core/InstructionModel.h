//===-- InstructionModel.h - What an opcode reads and writes ----*- C++ -*-===//
//
// The snippet generators reason about an opcode's operands, not about its
// encoding: which registers it may read and write (explicit operands through
// their register classes, implicit ones by name), which operands must hold
// the same register (tied operands: x86's two-address forms), which are
// early-clobber, which are immediates and which form a memory reference.
// InstructionModel gathers that from MCInstrDesc once per opcode.
//
// Operands that must receive the same value are grouped into one
// OperandSlot: the generator chooses one value per slot, and the slot writes
// it into every operand it covers. Register overlap is answered in register
// units (see RegisterPool), so a write to AL is seen to feed a read of RAX.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_INSTRUCTIONMODEL_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_INSTRUCTIONMODEL_H

#include "Core/RegisterPool.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

enum class OperandKind {
  /// A register from a register class.
  Register,
  /// An immediate (including the displacement and scale of a memory
  /// reference and target-specific immediates such as condition codes).
  Immediate,
  /// Anything we do not know how to fill (e.g. a PC-relative target).
  Unsupported,
};

/// One explicit operand of the MCInst.
struct ModelOperand {
  unsigned Index = 0;
  OperandKind Kind = OperandKind::Unsupported;
  bool IsDef = false;
  bool IsEarlyClobber = false;
  /// Part of a memory reference (MCOI::OPERAND_MEMORY, or an address
  /// operand the target names, see InstructionModel's constructor).
  bool IsMemory = false;
  /// The register class, or -1 for non-register operands.
  int RegClassID = -1;
  /// MCOI::OperandType or a target-specific operand type.
  uint8_t OperandType = 0;
  /// The slot that decides this operand's value.
  unsigned Slot = 0;
};

/// A value chosen once for one or more tied operands.
struct OperandSlot {
  SmallVector<unsigned, 2> Operands;
  OperandKind Kind = OperandKind::Unsupported;
  /// The slot's register is written (a def operand belongs to it).
  bool IsDef = false;
  /// The slot's register is read (a use operand belongs to it).
  bool IsUse = false;
  bool IsEarlyClobber = false;
  bool IsMemory = false;
  int RegClassID = -1;
  uint8_t OperandType = 0;

  bool isTiedRegister() const {
    return Kind == OperandKind::Register && IsDef && IsUse;
  }
};

/// A memory reference: a run of consecutive memory operands.
struct MemoryReference {
  unsigned FirstOperand = 0;
  unsigned NumOperands = 0;
};

/// A value per OperandSlot (indexed like InstructionModel::slots()); unset
/// slots are still to be chosen.
using SlotValues = SmallVector<std::optional<MCOperand>, 8>;

class InstructionModel {
public:
  /// Models \p Opcode for the subtarget \p STI (which decides register
  /// classes that depend on the hardware mode). \p AddressOperands are
  /// operands that hold the address the instruction loads from or stores to
  /// although the descriptor does not mark them MCOI::OPERAND_MEMORY
  /// (SnippetGenerationTarget::getUnmarkedAddressOperands): they are memory
  /// operands all the same. \p AddressArithmetic says that its memory
  /// reference only computes an address whatever its operand types say
  /// (SnippetGenerationTarget::isAddressArithmetic).
  InstructionModel(const MCInstrInfo &InstrInfo, const MCSubtargetInfo &STI,
                   const RegisterPool &Pool, unsigned Opcode,
                   ArrayRef<unsigned> AddressOperands = {},
                   bool AddressArithmetic = false);

  unsigned getOpcode() const { return Opcode; }
  StringRef getName() const { return Name; }
  const MCInstrDesc &getDesc() const { return *Desc; }
  ArrayRef<ModelOperand> operands() const { return Operands; }
  ArrayRef<OperandSlot> slots() const { return Slots; }
  ArrayRef<MemoryReference> memoryReferences() const { return MemoryRefs; }
  ArrayRef<MCPhysReg> implicitUses() const { return Desc->implicit_uses(); }
  ArrayRef<MCPhysReg> implicitDefs() const { return Desc->implicit_defs(); }

  /// Units implicitly read / written.
  const BitVector &implicitUseUnits() const { return ImplicitUseUnits; }
  const BitVector &implicitDefUnits() const { return ImplicitDefUnits; }
  /// Units the opcode may read / write with any allowed register choice
  /// (implicit registers and the allowed members of explicit classes).
  const BitVector &possibleUseUnits() const { return PossibleUseUnits; }
  const BitVector &possibleDefUnits() const { return PossibleDefUnits; }

  bool hasMemoryReference() const { return !MemoryRefs.empty(); }
  /// The memory references are loaded from or stored to, so the generator
  /// points them at scratch memory. Otherwise (LEA, NOPL) they are address
  /// arithmetic and their registers are chosen like any other operand.
  bool accessesMemory() const { return AccessesMemory; }
  /// Whether \p Slot is part of a memory reference that accesses memory.
  bool isScratchAddressSlot(const OperandSlot &Slot) const {
    return Slot.IsMemory && AccessesMemory;
  }
  bool hasTiedRegisters() const;
  /// An implicit def overlaps an implicit use: every execution depends on
  /// the previous one, whatever registers are chosen (e.g. ADC on EFLAGS).
  bool hasImplicitSelfDependency() const {
    return ImplicitDefUnits.anyCommon(ImplicitUseUnits);
  }
  /// The ways the opcode depends on itself whatever its registers: each
  /// tied register, and each implicit def that overlaps an implicit use
  /// (ADC8rr: its tied register and EFLAGS, two).
  unsigned getNumSelfDependencies() const;
  /// Some def can feed some use, for some register choice.
  bool canDependOnItself() const {
    return hasTiedRegisters() || PossibleDefUnits.anyCommon(PossibleUseUnits);
  }

  /// The instruction with every slot's value written into its operands;
  /// every slot must be set.
  MCInst build(ArrayRef<std::optional<MCOperand>> Values) const;

  /// Registers the instruction \p Inst (built from this model) reads and
  /// writes: explicit operands in order, then the implicit ones.
  void getReadRegisters(const MCInst &Inst,
                        SmallVectorImpl<MCRegister> &Regs) const;
  void getWrittenRegisters(const MCInst &Inst,
                           SmallVectorImpl<MCRegister> &Regs) const;

  /// Why the generator fill this opcode's operands, if it cannot.
  std::optional<std::string> getOperandProblem() const;

private:
  unsigned Opcode;
  StringRef Name;
  const MCInstrDesc *Desc;
  SmallVector<ModelOperand, 8> Operands;
  SmallVector<OperandSlot, 8> Slots;
  SmallVector<MemoryReference, 1> MemoryRefs;
  bool AccessesMemory = false;
  BitVector ImplicitUseUnits, ImplicitDefUnits;
  unsigned NumImplicitSelfDependencies = 0;
  BitVector PossibleUseUnits, PossibleDefUnits;
};

} // namespace exegesis
} // namespace llvm

#endif
