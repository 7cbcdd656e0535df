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
// JALR, C_JR...), and vector instructions other than the PseudoV* opcodes
// that carry their vector configuration; and that the subtarget's
// extensions decide which opcodes exist (featuresDecideValidity). Loads get
// their own snippets (RISCVLoadSnippets.h).
//
// A PseudoV* opcode is benchmarked under each vector configuration the
// subtarget can run (RISCVVectorConfiguration.h), the configuration fixing
// its AVL, SEW, policy and rounding-mode operands; for latency, its result
// register is also given to the sources that can hold it, so that it
// depends on itself as upstream's snippets do, and an opcode whose result
// must not overlap its sources (early-clobber) has no latency snippet.
//
//===----------------------------------------------------------------------===//

#include "Core/LLVMState.h"
#include "Core/RegisterPool.h"
#include "Core/Target.h"
#include "RISCV/RISCVLoadSnippets.h"
#include "RISCV/RISCVVectorConfiguration.h"
#include "RISCV/RISCVVectorLength.h"
#include "RISCV/RISCVVectorPseudo.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"

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

/// The vector pseudo of \p Model, or nullopt when it is none (or cannot be
/// lowered).
static std::optional<RISCVVectorPseudo>
getVectorPseudo(const LLVMState &State, const InstructionModel &Model) {
  if (!isRISCVVectorPseudoName(Model.getName()))
    return std::nullopt;
  Expected<RISCVVectorPseudo> Pseudo =
      analyzeRISCVVectorPseudo(State.getInstrInfo(), Model.getOpcode());
  if (!Pseudo) {
    consumeError(Pseudo.takeError());
    return std::nullopt;
  }
  return std::move(*Pseudo);
}

static RISCVEnumerationOptions
getEnumerationOptions(const ConfigurationOptions &Options) {
  RISCVEnumerationOptions Enumeration;
  Enumeration.EnumerateRoundingModes = Options.RISCVEnumerateRoundingModes;
  Enumeration.VLMaxOnly = Options.RISCVVLMaxOnly;
  return Enumeration;
}

/// The slot of the pseudo operand \p Operand, or -1.
static int slotOf(const InstructionModel &Model, int Operand) {
  if (Operand < 0 || unsigned(Operand) >= Model.operands().size())
    return -1;
  return static_cast<int>(Model.operands()[Operand].Slot);
}

/// The vector state a choice gives \p Pseudo, for its `config` text.
static RISCVVectorState getChoiceState(const LLVMState &State,
                                       const RISCVVectorPseudo &Pseudo,
                                       const RISCVVectorChoice &Choice,
                                       MCRegister AVLRegister) {
  RISCVVectorState S;
  S.SEW = Choice.SEW;
  S.LMulEighths = Pseudo.LMulEighths;
  S.TailAgnostic = Choice.Policy & 1;
  S.MaskAgnostic = Choice.Policy & 2;
  S.Rounding = Pseudo.Rounding;
  S.RoundingMode = Choice.RoundingMode;
  if (Choice.AVL == RISCVAVLForm::Register)
    S.AVLRegister = AVLRegister;
  else if (Choice.AVL == RISCVAVLForm::Immediate)
    S.AVLImmediate = getRISCVImmediateAVL(State.getSubtargetInfo(), Choice.SEW,
                                          Pseudo.LMulEighths);
  return S;
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

  /// The vector pseudos carry the configuration their instruction runs
  /// under, so they are what is benchmarked (getUnsupportedReason says
  /// which cannot be).
  bool benchmarksPseudo(const LLVMState &,
                        const InstructionModel &Model) const override {
    return isRISCVVectorPseudoName(Model.getName());
  }

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
    if (isRISCVVectorPseudoName(Name)) {
      Expected<RISCVVectorPseudo> Pseudo =
          analyzeRISCVVectorPseudo(State.getInstrInfo(), Model.getOpcode());
      if (!Pseudo)
        return "vector pseudo: " + toString(Pseudo.takeError());
      if (getRISCVVectorLength(State.getSubtargetInfo()) == 0)
        return std::string("vector instruction: the subtarget has no vector "
                           "unit (-mattr=+v or a Zve* extension)");
      return Model.getOperandProblem();
    }
    if (std::optional<std::string> Reason =
            SnippetGenerationTarget::getUnsupportedReason(State, Model))
      return Reason;
    const MCRegisterInfo &RI = State.getRegInfo();
    for (const ModelOperand &Op : Model.operands())
      if (Op.RegClassID >= 0 && isVectorRegisterClass(RI.getRegClassName(
                                    &RI.getRegClass(Op.RegClassID))))
        return std::string("vector instruction: benchmark its PseudoV* "
                           "opcodes, which carry the vector configuration");
    return std::nullopt;
  }

  bool preparesSnippet(const LLVMState &State,
                       const InstructionModel &Model) const override {
    return getRISCVChainedLoad(State, Model) &&
           !getUnsupportedReason(State, Model);
  }

  std::optional<PreparedSnippet>
  getPreparedSnippet(const LLVMState &State, const InstructionModel &Model,
                     bool Serial, unsigned Index) const override {
    return generateChainedLoadSnippet(getRISCVChainedLoad(State, Model), Serial,
                                      Index);
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

  void adjustInitialValues(const LLVMState &State,
                           ArrayRef<MCInst> Instructions,
                           std::vector<RegisterValue> &Values) const override {
    // The stack pointer of an SP-based access already points at scratch
    // memory.
    std::optional<MCRegister> SP = State.getRegisterByName("X2");
    llvm::erase_if(Values,
                   [&](const RegisterValue &V) { return V.Register == SP; });
    // An AVL register asks for the whole register group, VLMAX: with the
    // zero of other registers, vl would be 0 and nothing would be computed.
    for (const MCInst &Inst : Instructions) {
      if (!isRISCVVectorPseudoName(State.getOpcodeName(Inst.getOpcode())))
        continue;
      Expected<RISCVVectorPseudo> Pseudo =
          analyzeRISCVVectorPseudo(State.getInstrInfo(), Inst.getOpcode());
      if (!Pseudo) {
        consumeError(Pseudo.takeError());
        continue;
      }
      RISCVVectorState VS = getRISCVVectorState(*Pseudo, Inst);
      if (!VS.AVLRegister.isValid())
        continue;
      unsigned VLMax =
          getRISCVVLMax(State.getSubtargetInfo(), VS.SEW, VS.LMulEighths);
      for (RegisterValue &V : Values)
        if (V.Register == VS.AVLRegister)
          V.Value = APInt(64, VLMax);
    }
  }

  std::vector<RISCVVectorChoice>
  getVectorChoices(const LLVMState &State, const RISCVVectorPseudo &Pseudo,
                   MCRegister AVLRegister,
                   const ConfigurationOptions &Options) const {
    std::vector<RISCVVectorChoice> Choices = enumerateRISCVVectorChoices(
        Pseudo, State.getSubtargetInfo(), getEnumerationOptions(Options));
    if (Options.RISCVConfigFilter.empty())
      return Choices;
    Expected<RISCVVectorConfigFilter> Filter =
        RISCVVectorConfigFilter::parse(Options.RISCVConfigFilter);
    if (!Filter) {
      consumeError(Filter.takeError());
      return {};
    }
    StringRef AVLName = AVLRegister.isValid()
                            ? State.getRegisterName(AVLRegister)
                            : StringRef();
    llvm::erase_if(Choices, [&](const RISCVVectorChoice &C) {
      return !Filter->matches(describeRISCVVectorState(
          Pseudo, getChoiceState(State, Pseudo, C, AVLRegister), AVLName));
    });
    return Choices;
  }

  /// The register an AVL operand takes when the configuration asks for
  /// one: x5 (t0) as upstream, the first temporary after the reserved
  /// x0-x4.
  static MCRegister getAVLRegister(const LLVMState &State,
                                   const InstructionModel &Model,
                                   const RISCVVectorPseudo &Pseudo) {
    int Slot = slotOf(Model, Pseudo.AVLOperand);
    if (Slot < 0)
      return MCRegister();
    const MCRegisterClass &Class =
        State.getRegInfo().getRegClass(Model.slots()[Slot].RegClassID);
    for (MCRegister Reg : Class)
      if (State.getRegisterName(Reg) == "X5")
        return Reg;
    return Class.getNumRegs() ? MCRegister(*Class.begin()) : MCRegister();
  }

  Error checkConfigurationOptions(
      const ConfigurationOptions &Options) const override {
    if (Options.RISCVConfigFilter.empty())
      return Error::success();
    return RISCVVectorConfigFilter::parse(Options.RISCVConfigFilter)
        .takeError();
  }

  std::optional<std::string>
  whyNoConfiguration(const LLVMState &State, const InstructionModel &Model,
                     const ConfigurationOptions &Options) const override {
    std::optional<RISCVVectorPseudo> Pseudo = getVectorPseudo(State, Model);
    if (!Pseudo)
      return std::nullopt;
    const MCSubtargetInfo &STI = State.getSubtargetInfo();
    if (enumerateRISCVVectorChoices(*Pseudo, STI,
                                    getEnumerationOptions(Options))
            .empty())
      return "no vector configuration of " + Model.getName().str() +
             " is valid for " + STI.getCPU().str() + " (VLEN " +
             std::to_string(getRISCVVectorLength(STI)) + ")";
    if (getVectorChoices(State, *Pseudo, getAVLRegister(State, Model, *Pseudo),
                         Options)
            .empty())
      return "no vector configuration of " + Model.getName().str() +
             " matches --riscv-filter-config='" + Options.RISCVConfigFilter +
             "'";
    if (Options.Serial && !Model.operands().empty() &&
        Model.operands()[0].IsDef && Model.operands()[0].IsEarlyClobber)
      return "its result may not overlap its sources (early-clobber), so it "
             "cannot depend on itself: no latency snippet (measure "
             "inverse_throughput)";
    return std::nullopt;
  }

  std::optional<OperandConfiguration>
  getConfiguration(const LLVMState &State, const InstructionModel &Model,
                   const RegisterPool &Pool,
                   const ConfigurationOptions &Options,
                   unsigned Index) const override {
    std::optional<RISCVVectorPseudo> Pseudo = getVectorPseudo(State, Model);
    if (!Pseudo)
      return SnippetGenerationTarget::getConfiguration(State, Model, Pool,
                                                       Options, Index);
    MCRegister AVLRegister = getAVLRegister(State, Model, *Pseudo);
    if (int Slot = slotOf(Model, Pseudo->AVLOperand); Slot >= 0) {
      ArrayRef<MCRegister> Allowed =
          Pool.allowedRegisters(Model.slots()[Slot].RegClassID);
      if (!is_contained(Allowed, AVLRegister) && !Allowed.empty())
        AVLRegister = Allowed.front();
    }
    std::vector<RISCVVectorChoice> Choices =
        getVectorChoices(State, *Pseudo, AVLRegister, Options);
    if (Index >= Choices.size())
      return std::nullopt;
    const RISCVVectorChoice &Choice = Choices[Index];
    OperandConfiguration Config;
    Config.Fixed.resize(Model.slots().size());
    auto Fix = [&](int Operand, MCOperand Value) {
      int Slot = slotOf(Model, Operand);
      if (Slot >= 0)
        Config.Fixed[Slot] = Value;
    };
    if (!Pseudo->IsMaskOperation)
      Fix(Pseudo->SEWOperand, MCOperand::createImm(Log2_32(Choice.SEW)));
    else
      Fix(Pseudo->SEWOperand, MCOperand::createImm(0));
    Fix(Pseudo->PolicyOperand, MCOperand::createImm(Choice.Policy));
    Fix(Pseudo->RoundingOperand, MCOperand::createImm(Choice.RoundingMode));
    RISCVVectorState VS = getChoiceState(State, *Pseudo, Choice, AVLRegister);
    if (VS.AVLRegister.isValid())
      Fix(Pseudo->AVLOperand, MCOperand::createReg(VS.AVLRegister));
    else
      Fix(Pseudo->AVLOperand, MCOperand::createImm(VS.AVLImmediate));
    if (Options.Serial)
      aliasResultWithSources(State, Model, Pool, Config.Fixed);
    return Config;
  }

  /// Gives the result register to every source slot that can hold it, so
  /// that the instruction reads what it wrote (upstream's self-aliasing
  /// latency snippets). V0 is avoided: masked forms read it as the mask.
  static void aliasResultWithSources(const LLVMState &State,
                                     const InstructionModel &Model,
                                     const RegisterPool &Pool,
                                     SlotValues &Fixed) {
    if (Model.slots().empty())
      return;
    const OperandSlot &Result = Model.slots()[Model.operands()[0].Slot];
    if (Result.Kind != OperandKind::Register || !Result.IsDef)
      return;
    std::optional<MCRegister> V0 = State.getRegisterByName("V0");
    MCRegister Chosen;
    for (MCRegister Reg : Pool.allowedRegisters(Result.RegClassID))
      if (!V0 || !State.getRegInfo().regsOverlap(Reg, *V0)) {
        Chosen = Reg;
        break;
      }
    if (!Chosen.isValid())
      return;
    Fixed[Model.operands()[0].Slot] = MCOperand::createReg(Chosen);
    for (auto [I, Slot] : enumerate(Model.slots())) {
      if (Fixed[I] || Slot.Kind != OperandKind::Register || Slot.IsDef ||
          Slot.IsMemory)
        continue;
      if (is_contained(Pool.allowedRegisters(Slot.RegClassID), Chosen))
        Fixed[I] = MCOperand::createReg(Chosen);
    }
  }

  std::string describeConfiguration(const LLVMState &State,
                                    const InstructionModel &Model,
                                    const MCInst &Inst) const override {
    std::optional<RISCVVectorPseudo> Pseudo = getVectorPseudo(State, Model);
    if (!Pseudo)
      return "";
    RISCVVectorState VS = getRISCVVectorState(*Pseudo, Inst);
    StringRef AVLName = VS.AVLRegister.isValid()
                            ? State.getRegisterName(VS.AVLRegister)
                            : StringRef();
    return describeRISCVVectorState(*Pseudo, VS, AVLName);
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
