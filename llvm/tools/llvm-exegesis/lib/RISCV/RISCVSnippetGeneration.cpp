//===-- RISCV/RISCVSnippetGeneration.cpp - RISC-V snippet rules -*- C++ -*-===//
//
// What the generic generators cannot know about RISC-V: which registers a
// snippet must never name (x0, which discards writes, and ra, sp, gp, tp,
// which the function and the process rely on); that a memory reference is
// one base register (marked as a memory operand) followed by an offset
// immediate, and that the compressed SP-based forms (C_LWSP, C_SDSP,
// C_FLDSP...) can only take sp as their base; that floating-point opcodes
// take a rounding-mode immediate, best left dynamic (7) as upstream does;
// which opcodes are not instructions a snippet can hold: the `.insn`
// forms, system instructions, jumps LLVM does not mark as branches (JAL,
// JALR, C_JR...), and vector instructions, whose vector configuration
// (vsetvli) is not generated yet; and that the subtarget's extensions
// decide which opcodes exist (featuresDecideValidity). Loads get their own
// snippets (RISCVLoadSnippets.h).
//
//===----------------------------------------------------------------------===//

#include "../LLVMState.h"
#include "../SnippetGenerationTarget.h"
#include "../Target.h"
#include "RISCVLoadSnippets.h"
#include "llvm/ADT/StringExtras.h"

namespace llvm {
namespace exegesis {
namespace {

/// Operand types of the RISC-V backend, learnt once from an opcode known to
/// have them: the tablegen'd operand type enum is not installed.
struct RISCVOperandTypes {
  TargetNameTable Table{"riscv64-unknown-linux-gnu"};
  /// FADD_S's last operand: a rounding mode.
  std::optional<uint8_t> RoundingMode = [this]() -> std::optional<uint8_t> {
    unsigned Opcode = Table.opcode("FADD_S");
    if (!Opcode)
      return std::nullopt;
    return Table.getInstrInfo().get(Opcode).operands().back().OperandType;
  }();

  static const RISCVOperandTypes &get() {
    static const RISCVOperandTypes Types;
    return Types;
  }
};

/// Opcode name prefixes that are no user-mode instruction to benchmark:
/// `.insn` forms (their encoding is in their operands), environment calls
/// and breakpoints, returns from traps, waiting for interrupts, and the
/// address-translation fences of the supervisor and the hypervisor.
constexpr StringLiteral SystemPrefixes[] = {
    "Insn",       "ECALL",    "EBREAK",  "C_EBREAK", "MRET",     "SRET",
    "DRET",       "MNRET",    "WFI",     "WRS_",     "SFENCE_",  "HFENCE_",
    "HINVAL_",    "HLV_",     "HLVX_",   "HSV_",     "SINVAL_",  "CBO_",
    "PREFETCH",   "UNIMP",    "C_UNIMP", "SSPUSH",   "SSPOPCHK", "C_SSPUSH",
    "C_SSPOPCHK", "SSAMOSWAP"};

/// Jumps that LLVM does not mark as branches: JAL and JALR (and their
/// compressed forms) are calls or jumps depending on the register they
/// link, and the table jumps of Zcmt.
constexpr StringLiteral JumpPrefixes[] = {"JAL",     "C_J",    "CM_JT",
                                          "CM_JALT", "QC_E_J", "QC_E_JAL"};

static bool isVectorRegisterClass(StringRef Name) {
  return Name.starts_with("VR") || Name.starts_with("VM") ||
         Name.starts_with("VRN");
}

class RISCVSnippetGenerationTarget : public SnippetGenerationTarget {
  void getReservedRegisters(const LLVMState &State,
                            const RegisterReservationOptions &,
                            std::vector<MCRegister> &Regs) const override {
    for (StringRef Name : {"X0", "X1", "X2", "X3", "X4"})
      if (std::optional<MCRegister> Reg = State.getRegisterByName(Name))
        Regs.push_back(*Reg);
  }

  bool featuresDecideValidity() const override { return true; }

  std::optional<std::string>
  getUnsupportedReason(const LLVMState &State,
                       const InstructionModel &Model) const override {
    StringRef Name = Model.getName();
    for (StringRef Prefix : SystemPrefixes)
      if (Name.starts_with(Prefix))
        return Name.starts_with("Insn")
                   ? std::string(".insn directive form: its encoding is "
                                 "given by its operands, not by the opcode")
                   : std::string("system instruction");
    for (StringRef Prefix : JumpPrefixes)
      if (Name.starts_with(Prefix))
        return std::string("jump");
    if (std::optional<std::string> Reason =
            SnippetGenerationTarget::getUnsupportedReason(State, Model))
      return Reason;
    const MCRegisterInfo &RI = State.getRegInfo();
    for (const ModelOperand &Op : Model.operands())
      if (Op.RegClassID >= 0 && isVectorRegisterClass(RI.getRegClassName(
                                    &RI.getRegClass(Op.RegClassID))))
        return std::string("vector instruction: vector configurations "
                           "(vsetvli) are not generated yet");
    return std::nullopt;
  }

  bool preparesSnippet(const LLVMState &State,
                       const InstructionModel &Model) const override {
    return isRISCVChainableLoad(State, Model) &&
           !getUnsupportedReason(State, Model);
  }

  std::optional<PreparedSnippet>
  getPreparedSnippet(const LLVMState &State, const InstructionModel &Model,
                     bool Serial, unsigned Index) const override {
    return getRISCVLoadSnippet(State, Model, Serial, Index);
  }

  void setScratchAddress(const InstructionModel &Model,
                         const MemoryReference &Ref, MCRegister Base,
                         int64_t Offset, SlotValues &Values) const override {
    ArrayRef<ModelOperand> Operands = Model.operands();
    const ModelOperand &BaseOp = Operands[Ref.FirstOperand];
    // The SP-based compressed forms take no other base: the function
    // reserves scratch memory on the stack for them.
    const MCRegisterClass &Class =
        RISCVOperandTypes::get().Table.getRegInfo().getRegClass(
            BaseOp.RegClassID);
    if (!Class.contains(Base) && Class.getNumRegs() > 0)
      Base = *Class.begin();
    Values[BaseOp.Slot] = MCOperand::createReg(Base);
    // Compressed offsets are small scaled fields: spreading the accesses
    // over the scratch memory would not fit them.
    if (Model.getName().starts_with("C_"))
      Offset = 0;
    // The offset is the immediate right after the base register.
    unsigned Next = Ref.FirstOperand + Ref.NumOperands;
    if (Next < Operands.size() && Operands[Next].Kind == OperandKind::Immediate)
      Values[Operands[Next].Slot] = MCOperand::createImm(Offset);
  }

  void adjustInitialValues(const LLVMState &State, ArrayRef<MCInst>,
                           std::vector<RegisterValue> &Values) const override {
    // The stack pointer of an SP-based access already points at scratch
    // memory.
    std::optional<MCRegister> SP = State.getRegisterByName("X2");
    llvm::erase_if(Values,
                   [&](const RegisterValue &V) { return V.Register == SP; });
  }

  int64_t getDefaultImmediate(const InstructionModel &,
                              const OperandSlot &Slot) const override {
    // Dynamic rounding, which leaves the choice to frm, as upstream.
    if (Slot.OperandType == RISCVOperandTypes::get().RoundingMode)
      return 7;
    return 1;
  }
};

} // namespace

const SnippetGenerationTarget *getTheRISCVSnippetGenerationTarget() {
  static const RISCVSnippetGenerationTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
