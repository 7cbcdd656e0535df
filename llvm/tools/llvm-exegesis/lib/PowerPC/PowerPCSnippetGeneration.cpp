//===-- PowerPC/PowerPCSnippetGeneration.cpp - Snippet rules ----*- C++ -*-===//
//
// What the generic generators cannot know about PowerPC: which registers a
// snippet must never name (r1, r2 and r13, which the ABI and the process
// rely on; the link register, which holds the return address; ZERO and
// ZERO8, the "register 0 reads as zero" operand of addressing forms, which
// are not registers at all); how a memory reference points at the scratch
// buffer (r3): a D-form reference is a displacement and a base register, an
// X-form one a base register that reads as zero (RA = 0) and an index
// register holding the address; and which opcodes are no instruction a
// snippet can hold: update forms (LDU, STWUX...), which write the address
// back to the scratch pointer and walk off the buffer, thread-local storage
// forms (ADD8TLS, LDXTLS...), whose operand is a relocation, and privileged
// or trapping instructions (code-generator pseudos such as SELECT_I8 are
// refused as on every target: getGenericRefusal). Loads get
// their own snippets (PowerPCLoadSnippets.h).
//
// PowerPC's assembler accepts every instruction whatever the CPU, so the
// subtarget does not decide which opcodes exist (as upstream, an ISA 3.0
// opcode is generated for a POWER8).
//
//===----------------------------------------------------------------------===//

#include "Core/LLVMState.h"
#include "PowerPC/PowerPCLoadSnippets.h"
#include "PowerPC/PowerPCNames.h"
#include "Snippets/SnippetGenerationTarget.h"

namespace llvm {
namespace exegesis {
namespace {

/// Opcode name prefixes of instructions that only the operating system or
/// the hypervisor may execute, or that stop or trap the program (tw, td
/// and their immediate forms trap on a condition of their operands).
constexpr StringLiteral PrivilegedPrefixes[] = {
    "MTMSR",    "MFMSR",  "RFI",    "RFID",    "HRFID",    "RFEBB",
    "RFSCV",    "SC",     "TLB",    "SLB",     "MTSR",     "MFSR",
    "ATTN",     "WAIT",   "STOP",   "NAP",     "SLEEP",    "DOZE",
    "RVWINKLE", "MSGSND", "MSGCLR", "MSGSYNC", "HASHCHK",  "HASHST",
    "MTDCR",    "MFDCR",  "MTPMR",  "MFPMR",   "ICBT",     "DCCCI",
    "ICCCI",    "WRTEE",  "TRAP",   "TABORT",  "TRECLAIM", "TRECHKPT",
    "TSR",      "TEND",   "TBEGIN", "MTUDSCR", "CLRBHRB",  "MFBHRBE",
    "CP_",      "PASTE",  "COPY",   "TW",      "TD"};

class PowerPCSnippetGenerationTarget : public SnippetGenerationTarget {
  void getReservedRegisters(const LLVMState &,
                            const RegisterReservationOptions &,
                            std::vector<MCRegister> &Regs) const override {
    const PowerPCNames &N = PowerPCNames::get();
    for (MCRegister Reg : {N.X1, N.X2, N.X13, N.ZERO, N.ZERO8, N.LR8, N.VRSAVE})
      Regs.push_back(Reg);
  }

  std::optional<std::string>
  getUnsupportedReason(const LLVMState &State,
                       const InstructionModel &Model) const override {
    StringRef Name = Model.getName();
    for (StringRef Prefix : PrivilegedPrefixes)
      if (Name.starts_with(Prefix))
        return std::string("privileged, trapping or transactional "
                           "instruction");
    if (std::optional<std::string> Reason =
            SnippetGenerationTarget::getUnsupportedReason(State, Model))
      return Reason;
    // ADD8TLS, LDXTLS...: the operand is a relocation against a symbol
    // in the thread's TLS block, which an encoder cannot take as a number.
    if (Name.contains("TLS"))
      return std::string("thread-local storage form: one operand is a "
                         "relocation against a TLS symbol");
    const MCRegisterInfo &RI = State.getRegInfo();
    for (const ModelOperand &Op : Model.operands())
      if (Op.RegClassID >= 0 &&
          StringRef(RI.getRegClassName(&RI.getRegClass(Op.RegClassID)))
              .starts_with("SPE"))
        return std::string("SPE instruction: only 32-bit e500 cores have "
                           "it, and 32-bit PowerPC is not supported");
    if (isUpdateForm(Model))
      return std::string("update form: it writes the address back to the "
                         "scratch memory pointer, which would walk off the "
                         "scratch memory");
    return std::nullopt;
  }

  bool preparesSnippet(const LLVMState &State,
                       const InstructionModel &Model) const override {
    return getPowerPCChainedLoad(State, *this, Model) &&
           !getUnsupportedReason(State, Model);
  }

  std::optional<PreparedSnippet>
  getPreparedSnippet(const LLVMState &State, const InstructionModel &Model,
                     bool Serial, unsigned Index) const override {
    return generateChainedLoadSnippet(
        getPowerPCChainedLoad(State, *this, Model), Serial, Index);
  }

  void adjustInitialValues(const LLVMState &, ArrayRef<MCInst>,
                           std::vector<RegisterValue> &Values) const override {
    // The RA = 0 operand of an X-form address is no register to set.
    const PowerPCNames &N = PowerPCNames::get();
    llvm::erase_if(Values, [&](const RegisterValue &V) {
      return V.Register == N.ZERO8 || V.Register == N.ZERO;
    });
  }

  void setScratchAddress(const InstructionModel &Model,
                         const MemoryReference &Ref, MCRegister Base,
                         int64_t Offset, SlotValues &Values) const override {
    const PowerPCNames &N = PowerPCNames::get();
    ArrayRef<ModelOperand> Operands =
        Model.operands().slice(Ref.FirstOperand, Ref.NumOperands);
    unsigned NumRegs = count_if(Operands, [](const ModelOperand &Op) {
      return Op.Kind == OperandKind::Register;
    });
    bool RegisterSeen = false;
    for (const ModelOperand &Op : Operands) {
      if (Op.Kind != OperandKind::Register) {
        Values[Op.Slot] = MCOperand::createImm(Offset);
        continue;
      }
      // X-form (RA|0) + RB: RA reads as zero, RB holds the address.
      MCRegister Reg = Base;
      if (NumRegs == 2 && !RegisterSeen)
        Reg = N.ZERO8;
      Values[Op.Slot] = MCOperand::createReg(Reg);
      RegisterSeen = true;
    }
  }

  /// Whether a memory operand's register is also written: the update
  /// forms tie their effective-address result to the base register.
  static bool isUpdateForm(const InstructionModel &Model) {
    for (const ModelOperand &Op : Model.operands())
      if (Op.IsMemory && Op.Kind == OperandKind::Register &&
          Model.slots()[Op.Slot].IsDef)
        return true;
    return false;
  }
};

} // namespace

const SnippetGenerationTarget *getThePowerPCSnippetGenerationTarget() {
  static const PowerPCSnippetGenerationTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
