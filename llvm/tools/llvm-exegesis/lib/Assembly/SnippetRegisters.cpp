//===-- SnippetRegisters.cpp ------------------------------------*- C++ -*-===//

#include "Assembly/SnippetRegisters.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"

namespace llvm {
namespace exegesis {

void addWrittenRegisters(const LLVMState &State, const MCInst &Inst,
                         BitVector &Written) {
  SmallVector<MCRegister, 2> Reads, Writes;
  State.getExegesisTarget().getUndescribedRegisters(Inst, Reads, Writes);
  for (MCRegister Reg : Writes)
    Written.set(Reg.id());
  const MCInstrDesc &Desc = State.getInstrInfo().get(Inst.getOpcode());
  for (unsigned I = 0, E = std::min<unsigned>(Desc.getNumDefs(),
                                              Inst.getNumOperands());
       I < E; ++I) {
    const MCOperand &Op = Inst.getOperand(I);
    if (Op.isReg() && Op.getReg().isValid())
      Written.set(Op.getReg().id());
  }
  for (MCPhysReg Reg : Desc.implicit_defs())
    Written.set(Reg);
}

void addReadRegisters(const LLVMState &State, const MCInst &Inst,
                      BitVector &Read) {
  SmallVector<MCRegister, 2> Reads, Writes;
  State.getExegesisTarget().getUndescribedRegisters(Inst, Reads, Writes);
  for (MCRegister Reg : Reads)
    Read.set(Reg.id());
  const MCInstrDesc &Desc = State.getInstrInfo().get(Inst.getOpcode());
  for (unsigned I = Desc.getNumDefs(), E = Inst.getNumOperands(); I < E; ++I) {
    const MCOperand &Op = Inst.getOperand(I);
    if (Op.isReg() && Op.getReg().isValid())
      Read.set(Op.getReg().id());
  }
  for (MCPhysReg Reg : Desc.implicit_uses())
    Read.set(Reg);
}

BitVector getWrittenRegisters(const LLVMState &State, ArrayRef<MCInst> Insts) {
  BitVector Written(State.getRegInfo().getNumRegs());
  for (const MCInst &Inst : Insts)
    addWrittenRegisters(State, Inst, Written);
  return Written;
}

bool definesStackPointer(const LLVMState &State, const BenchmarkCode &Code) {
  MCRegister SP = State.getExegesisTarget().getStackPointerRegister();
  if (!SP.isValid())
    return false;
  const MCRegisterInfo &RI = State.getRegInfo();
  for (const RegisterValue &RV : Code.Key.RegisterInitialValues)
    if (RI.regsOverlap(RV.Register, SP))
      return true;
  const MCInstrInfo &II = State.getInstrInfo();
  for (const MCInst &Inst : Code.Key.Instructions) {
    unsigned NumDefs = std::min<unsigned>(II.get(Inst.getOpcode()).getNumDefs(),
                                          Inst.getNumOperands());
    for (unsigned I = 0; I < NumDefs; ++I) {
      const MCOperand &Op = Inst.getOperand(I);
      if (Op.isReg() && Op.getReg().isValid() &&
          RI.regsOverlap(Op.getReg(), SP))
        return true;
    }
  }
  return false;
}

MCRegister findChainBrokenByLoop(const LLVMState &State,
                                 ArrayRef<MCInst> Snippet,
                                 ArrayRef<MCInst> LoopEnd) {
  const MCRegisterInfo &RI = State.getRegInfo();
  BitVector Written(RI.getNumRegs()), Carried(RI.getNumRegs()),
      Touched(RI.getNumRegs());
  for (const MCInst &Inst : Snippet) {
    BitVector Read(RI.getNumRegs());
    addReadRegisters(State, Inst, Read);
    for (unsigned Reg : Read.set_bits())
      if (!Written.test(Reg))
        Carried.set(Reg);
    Touched |= Read;
    addWrittenRegisters(State, Inst, Written);
  }
  Carried &= Written;
  Touched |= Written;
  // A register whose parts instructions read and write apart (x86's flags)
  // is carried when one of its parts is, which the target tells.
  const ExegesisTarget &ET = State.getExegesisTarget();
  for (unsigned Reg : Touched.set_bits())
    if (std::optional<bool> PartCarried =
            ET.carriesPartsOf(State, MCRegister(Reg), Snippet))
      Carried[Reg] = *PartCarried;
  BitVector LoopWrites = getWrittenRegisters(State, LoopEnd);
  for (unsigned Reg : Carried.set_bits())
    for (unsigned LoopReg : LoopWrites.set_bits())
      if (RI.regsOverlap(Reg, LoopReg))
        return MCRegister(Reg);
  return MCRegister();
}

} // namespace exegesis
} // namespace llvm
