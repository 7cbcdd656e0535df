//===-- SnippetGenerationTarget.cpp -----------------------------*- C++ -*-===//

#include "Snippets/SnippetGenerationTarget.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"

namespace llvm {
namespace exegesis {

SnippetGenerationTarget::~SnippetGenerationTarget() = default;

Error checkConfigurationOptions(const ConfigurationOptions &Options) {
  for (const TargetRegistration &Row : getTargetRegistry())
    if (Error Err = Row.GetGenerationRules().checkConfigurationOptions(Options))
      return Err;
  return Error::success();
}

void SnippetGenerationTarget::getReservedRegisters(
    const LLVMState &, const RegisterReservationOptions &,
    std::vector<MCRegister> &) const {}

void SnippetGenerationTarget::adjustInitialValues(
    const LLVMState &, ArrayRef<MCInst>, std::vector<RegisterValue> &) const {}

void SnippetGenerationTarget::getUnnamedRegisters(
    const LLVMState &, std::vector<MCRegister> &) const {}

APInt SnippetGenerationTarget::getInitialValue(const LLVMState &,
                                               MCRegister) const {
  return APInt();
}

std::optional<std::string> SnippetGenerationTarget::getGenericRefusal(
    const LLVMState &State, const InstructionModel &Model) const {
  const MCInstrDesc &Desc = Model.getDesc();
  if ((Desc.isPseudo() || Desc.usesCustomInsertionHook()) &&
      !benchmarksPseudo(State, Model))
    return std::string("isPseudo/usesCustomInserter");
  // A branch that is also a call (a tail call) is refused as a branch.
  if (Desc.isBranch() || Desc.isIndirectBranch())
    return std::string("isBranch/isIndirectBranch");
  if (Desc.isCall() || Desc.isReturn())
    return std::string("isCall/isReturn");
  if (Desc.getSchedClass() == 0)
    return std::string("No Sched Class");
  return std::nullopt;
}

std::optional<std::string> SnippetGenerationTarget::getUnsupportedReason(
    const LLVMState &, const InstructionModel &Model) const {
  if (Model.getDesc().isTrap())
    return std::string("always traps");
  return std::nullopt;
}

std::optional<OperandConfiguration> SnippetGenerationTarget::getConfiguration(
    const LLVMState &, const InstructionModel &Model, const RegisterPool &,
    const ConfigurationOptions &, unsigned Index) const {
  if (Index > 0)
    return std::nullopt;
  OperandConfiguration Config;
  Config.Fixed.resize(Model.slots().size());
  return Config;
}

SmallVector<unsigned, 2>
SnippetGenerationTarget::getUnmarkedAddressOperands(const LLVMState &,
                                                    unsigned) const {
  return {};
}

bool SnippetGenerationTarget::isAddressArithmetic(const LLVMState &,
                                                  unsigned) const {
  return false;
}

void SnippetGenerationTarget::setScratchAddress(const InstructionModel &Model,
                                                const MemoryReference &Ref,
                                                MCRegister Base, int64_t Offset,
                                                SlotValues &Values) const {
  // Without target knowledge: the first register of the reference is the
  // base, the first immediate the offset, everything else zero / no register.
  bool BaseSet = false, OffsetSet = false;
  for (unsigned I = 0; I < Ref.NumOperands; ++I) {
    const ModelOperand &Op = Model.operands()[Ref.FirstOperand + I];
    if (Op.Kind == OperandKind::Register) {
      Values[Op.Slot] = MCOperand::createReg(BaseSet ? MCRegister() : Base);
      BaseSet = true;
    } else {
      Values[Op.Slot] = MCOperand::createImm(OffsetSet ? 0 : Offset);
      OffsetSet = true;
    }
  }
}

int64_t
SnippetGenerationTarget::getDefaultImmediate(const InstructionModel &,
                                             const OperandSlot &) const {
  return 1;
}

bool SnippetGenerationTarget::preparesSnippet(const LLVMState &,
                                              const InstructionModel &) const {
  return false;
}

std::optional<PreparedSnippet> SnippetGenerationTarget::getPreparedSnippet(
    const LLVMState &, const InstructionModel &, bool, unsigned) const {
  return std::nullopt;
}

std::string SnippetGenerationTarget::describeConfiguration(
    const LLVMState &, const InstructionModel &, const MCInst &) const {
  return "";
}

const SnippetGenerationTarget &
SnippetGenerationTarget::lookup(const Triple &TT) {
  static const SnippetGenerationTarget Generic;
  if (const TargetRegistration *Row = findTargetRegistration(TT))
    return Row->GetGenerationRules();
  return Generic;
}

} // namespace exegesis
} // namespace llvm
