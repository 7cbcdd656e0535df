//===-- AArch64/AArch64SnippetGeneration.cpp - AArch64 snippet rules -----===//
//
// What the generic generators cannot know about AArch64: immediates whose
// encodings are not plain numbers (the LSL amount of an ADD/SUB or MOVI
// immediate is 0 or 12 / 0-24 in steps of 8, an MSL shift is 264 for
// `msl #8`, the lane of an `_idx0` form is always 0; others are found by
// AArch64ImmediateChoice.h), the offset of a PC-relative load (eight words
// ahead, as upstream), that an SVE governing predicate and the first-fault
// register start all true so that the instruction does its whole work, that the
// base register of a load or store (which the backend describes as a plain
// register) is an address, pointed at the scratch memory in X0, how a load's
// latency is measured (AArch64LoadSnippets.h), that Windows reserves X18 for
// the thread environment block, which opcodes a snippet cannot hold (SME's
// matrix instructions, which need a streaming mode the generated function
// does not enter), and which it holds but must never run (system
// instructions and exception generation, pointer authentication of
// pointers that were never signed, EL1-only tag loads and stores).
//
//===----------------------------------------------------------------------===//

#include "AArch64/AArch64ImmediateChoice.h"
#include "AArch64/AArch64LoadSnippets.h"
#include "AArch64/AArch64Names.h"
#include "AArch64/AArch64RegisterSetup.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/ADT/StringExtras.h"

namespace llvm {
namespace exegesis {
namespace {

/// AArch64's target operand types, learnt once from opcodes known to have
/// them: the tablegen'd operand type enum is not installed.
struct AArch64OperandTypes {
  static std::optional<uint8_t> typeOf(unsigned Opcode, unsigned Operand) {
    const MCInstrInfo &II = AArch64Names::get().Table.getInstrInfo();
    if (!Opcode || Operand >= II.get(Opcode).getNumOperands())
      return std::nullopt;
    return II.get(Opcode).operands()[Operand].OperandType;
  }

  /// The shift of `add x0, x1, #imm{, lsl #12}` and `movi v0.4s, #imm{, lsl
  /// #n}`, and the extend flags of register-offset loads: 0 is always
  /// valid, 1 is not for the shifts.
  std::optional<uint8_t> Shifter = typeOf(AArch64Names::get().ADDXri, 3);
  /// `msl #8` or `msl #16`, encoded as 0x108 / 0x110.
  std::optional<uint8_t> MSLShift = typeOf(AArch64Names::get().MOVIv4s_msl, 2);
  /// The lane of UMOVvi16_idx0 and the like, which only 0 encodes.
  std::optional<uint8_t> ImplicitZero =
      typeOf(AArch64Names::get().UMOVvi16_idx0, 2);

  static AArch64OperandTypes &get() {
    static AArch64OperandTypes Types;
    return Types;
  }
};

/// Exception-generating and system instructions: they trap to the kernel,
/// the hypervisor or the debugger, halt, or read and write system
/// registers, which user mode may not touch.
/// (BRK and UDF are refused before: the one always traps, the other has no
/// scheduling class.)
constexpr StringLiteral SystemNames[] = {
    "SVC", "HVC", "SMC", "HLT", "DCPS1", "DCPS2", "DCPS3", "WFET", "WFIT"};
constexpr StringLiteral SystemPrefixes[] = {"MSR", "MRS", "MRRS", "SYS"};
/// Authentication of a pointer that was never signed faults where FEAT_FPAC
/// is implemented, and poisons the pointer elsewhere.
constexpr StringLiteral PointerAuthPrefixes[] = {"AUT", "LDRAA", "LDRAB"};
/// Tag loads and stores of many granules are EL1 instructions.
constexpr StringLiteral TagMultiplePrefixes[] = {"LDGM", "STGM", "STZGM"};

static bool startsWithAny(StringRef Name, ArrayRef<StringLiteral> Prefixes) {
  return any_of(Prefixes, [&](StringRef P) { return Name.starts_with(P); });
}

class AArch64SnippetGenerationTarget : public SnippetGenerationTarget {
  void getReservedRegisters(const LLVMState &State,
                            const RegisterReservationOptions &,
                            std::vector<MCRegister> &Regs) const override {
    if (!State.getTriple().isOSWindows())
      return;
    for (StringRef Name : {"X18", "W18"})
      if (std::optional<MCRegister> Reg = State.getRegisterByName(Name))
        Regs.push_back(*Reg);
  }

  /// The assembler and the disassembler accept only the extensions of the
  /// CPU (SVE, SME, MTE...), as the CPU itself does.
  bool featuresDecideValidity() const override { return true; }

  /// Predicates (pairs of them, their counter form) and the first-fault
  /// register start all true, so that the instruction does its whole work;
  /// PN0-PN7, which PTRUE's counter form cannot set, start all false.
  APInt getInitialValue(const LLVMState &State, MCRegister Reg) const override {
    const AArch64Names &N = AArch64Names::get();
    if (isInClass(N.PNR, Reg) && !isInClass(N.PNR_p8to15, Reg))
      return SnippetGenerationTarget::getInitialValue(State, Reg);
    if (Reg == N.FFR || isInClass(N.PNR, Reg) ||
        any_of(State.getRegInfo().subregs_inclusive(Reg),
               [&](MCRegister Sub) { return isInClass(N.PPR, Sub); }))
      return APInt::getAllOnes(AArch64PredicateValueBits);
    return SnippetGenerationTarget::getInitialValue(State, Reg);
  }

  std::optional<std::string>
  getUnsupportedReason(const LLVMState &State,
                       const InstructionModel &Model) const override {
    StringRef Name = Model.getName();
    if (usesMatrixState(State, Model) || Name.starts_with("ZERO_M") ||
        Name.starts_with("ZERO_T"))
      return std::string("SME matrix instruction: ZA and ZT0 exist only in "
                         "streaming mode with ZA enabled (SMSTART), which "
                         "generated functions do not enter");
    return SnippetGenerationTarget::getUnsupportedReason(State, Model);
  }

  /// These assemble like any other instruction, and are generated as
  /// upstream does; only running them is refused.
  std::optional<std::string> whyNeverRun(const LLVMState &State,
                                         unsigned Opcode) const override {
    StringRef Name = State.getOpcodeName(Opcode);
    if (is_contained(SystemNames, Name) || startsWithAny(Name, SystemPrefixes))
      return std::string("system instruction");
    if (startsWithAny(Name, PointerAuthPrefixes))
      return std::string("pointer authentication: authenticating a pointer "
                         "that was never signed faults or poisons it");
    if (startsWithAny(Name, TagMultiplePrefixes))
      return std::string("tag load/store of many granules: an EL1 "
                         "instruction");
    return std::nullopt;
  }

  bool preparesSnippet(const LLVMState &State,
                       const InstructionModel &Model) const override {
    return getAArch64ChainedLoad(State, *this, Model) &&
           !getUnsupportedReason(State, Model);
  }

  std::optional<PreparedSnippet>
  getPreparedSnippet(const LLVMState &State, const InstructionModel &Model,
                     bool Serial, unsigned Index) const override {
    return generateChainedLoadSnippet(
        getAArch64ChainedLoad(State, *this, Model), Serial, Index);
  }

  /// Whether \p Model names a ZA tile, ZA slice or ZT0, explicitly or not.
  static bool usesMatrixState(const LLVMState &State,
                              const InstructionModel &Model) {
    const MCRegisterInfo &RI = State.getRegInfo();
    for (const ModelOperand &Op : Model.operands()) {
      if (Op.RegClassID < 0)
        continue;
      StringRef Class = RI.getRegClassName(&RI.getRegClass(Op.RegClassID));
      if (Class.starts_with("MPR") || Class.starts_with("ZTR"))
        return true;
    }
    const MCInstrDesc &Desc = Model.getDesc();
    for (ArrayRef<MCPhysReg> Implicit :
         {Desc.implicit_uses(), Desc.implicit_defs()})
      for (MCPhysReg Reg : Implicit) {
        StringRef Name = RI.getName(Reg);
        if (Name.starts_with("ZA") || Name == "ZT0")
          return true;
      }
    return false;
  }

  /// The base of a load or store: its last explicit use of class GPR64sp
  /// (the last, because MTE's STG stores the tag of an Xt|SP register that
  /// comes before its base). The vector base of an SVE gather or scatter
  /// and the pointers of the memory-copy instructions (CPY*, SET*) are not
  /// named: they stay registers.
  SmallVector<unsigned, 2>
  getUnmarkedAddressOperands(const LLVMState &State,
                             unsigned Opcode) const override {
    const MCInstrInfo &II = State.getInstrInfo();
    const MCInstrDesc &Desc = II.get(Opcode);
    const MCRegisterClass *GPR64sp = AArch64Names::get().GPR64sp;
    if (!(Desc.mayLoad() || Desc.mayStore()) || !GPR64sp)
      return {};
    unsigned HwMode =
        State.getSubtargetInfo().getHwMode(MCSubtargetInfo::HwMode_RegInfo);
    std::optional<unsigned> Base;
    for (unsigned I = Desc.getNumDefs(), E = Desc.getNumOperands(); I < E;
         ++I) {
      const MCOperandInfo &Info = Desc.operands()[I];
      if ((Info.RegClass >= 0 || Info.isLookupRegClassByHwMode()) &&
          II.getOpRegClassID(Info, HwMode) == int(GPR64sp->getID()))
        Base = I;
    }
    if (!Base)
      return {};
    return {*Base};
  }

  /// The base is the scratch pointer. A base the instruction writes back
  /// (pre- and post-indexed forms) gets an offset of 0, so that the pointer
  /// stays where it is however often the instruction runs (a register
  /// offset starts at 0 too, as every register a snippet reads).
  void setScratchAddress(const InstructionModel &Model,
                         const MemoryReference &Ref, MCRegister Base, int64_t,
                         SlotValues &Values) const override {
    ArrayRef<ModelOperand> Operands = Model.operands();
    const ModelOperand &BaseOp = Operands[Ref.FirstOperand];
    Values[BaseOp.Slot] = MCOperand::createReg(Base);
    unsigned Next = Ref.FirstOperand + Ref.NumOperands;
    if (Model.slots()[BaseOp.Slot].IsDef && Next < Operands.size() &&
        Operands[Next].Kind == OperandKind::Immediate)
      Values[Operands[Next].Slot] = MCOperand::createImm(0);
  }

  int64_t getDefaultImmediate(const InstructionModel &Model,
                              const OperandSlot &Slot) const override {
    const MCInstrDesc &Desc = Model.getDesc();
    unsigned Opcode = Model.getOpcode();
    return chooseAArch64Immediate(
        Opcode, Slot.Operands.front(), [&](unsigned Operand) {
          if (std::optional<int64_t> Field = pstateField(Opcode, Operand))
            return *Field;
          return immediateForType(Desc.operands()[Operand].OperandType);
        });
  }

  /// The PSTATE field of `msr <field>, #imm`, which any value decodes as
  /// but only named fields print as text the assembler takes back: PAN
  /// (ARMv8.1) for one-bit fields, DAIFSet for four-bit ones.
  static std::optional<int64_t> pstateField(unsigned Opcode, unsigned Operand) {
    const AArch64Names &N = AArch64Names::get();
    if (Operand != 0)
      return std::nullopt;
    if (Opcode == N.MSRpstateImm1)
      return 0x04;
    if (Opcode == N.MSRpstateImm4)
      return 0x1e;
    return std::nullopt;
  }

  /// The value the operand type asks for; the choice is then checked by
  /// encoding and decoding the instruction.
  static int64_t immediateForType(uint8_t Type) {
    AArch64OperandTypes &Types = AArch64OperandTypes::get();
    if (Type == MCOI::OPERAND_PCREL)
      return 8;
    if (Type == Types.MSLShift)
      return 0x108;
    if (Type == Types.Shifter || Type == Types.ImplicitZero)
      return 0;
    return 1;
  }
};

} // namespace

const SnippetGenerationTarget *getTheAArch64SnippetGenerationTarget() {
  static const AArch64SnippetGenerationTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
