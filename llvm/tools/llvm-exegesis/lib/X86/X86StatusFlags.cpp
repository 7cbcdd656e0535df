//===-- X86StatusFlags.cpp --------------------------------------*- C++ -*-===//

#include "X86/X86StatusFlags.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace llvm {
namespace exegesis {

X86StatusFlags::X86StatusFlags(const LLVMState &State)
    : State(State),
      Register(State.getRegisterByName("EFLAGS").value_or(MCRegister())) {}

/// The family of an opcode named FAMILY WIDTH FORM (ADD64ri8, XOR32rr_REV,
/// LOCK_ADD64mr: ADD, XOR, ADD); empty for other names (CMPXCHG16B, whose
/// flags are not CMPXCHG64rr's, or CLC).
static StringRef getSizedFamily(StringRef Name) {
  Name.consume_front("LOCK_");
  size_t Letters = Name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  if (Letters == 0 || Letters == StringRef::npos)
    return {};
  StringRef Family = Name.take_front(Letters);
  StringRef Rest = Name.drop_front(Letters);
  for (StringRef Width : {"8", "16", "32", "64"})
    if (Rest.consume_front(Width))
      return Rest.empty() || is_contained(StringRef("rmi"), Rest.front())
                 ? Family
                 : StringRef();
  return {};
}

/// The flags x86 condition code \p Code (LLVM's X86::CondCode, the
/// encoding's order: O, NO, B, AE, E, NE, BE, A, S, NS, P, NP, L, GE, LE, G)
/// tests.
static StatusFlagSet getConditionFlags(int64_t Code) {
  static constexpr StatusFlagSet Tested[] = {
      OverflowFlag,
      CarryFlag,
      ZeroFlag,
      CarryFlag | ZeroFlag,
      SignFlag,
      ParityFlag,
      SignFlag | OverflowFlag,
      ZeroFlag | SignFlag | OverflowFlag,
  };
  if (Code < 0 || Code >= 16)
    return AllStatusFlags;
  return Tested[Code / 2];
}

/// The flags \p Inst reads, named \p Name and \p Family (getSizedFamily),
/// given that LLVM says it reads EFLAGS.
static StatusFlagSet getReadFlags(const MCInst &Inst, StringRef Name,
                                  StringRef Family) {
  if (Name == "CLC" || Name == "STC")
    return 0; // They keep the other flags: LLVM's read.
  if (Name == "CMC" ||
      is_contained({"ADC", "SBB", "ADCX", "RCL", "RCR"}, Family))
    return CarryFlag;
  if (Family == "ADOX")
    return OverflowFlag;
  bool TestsCondition = Family == "CMOV" || Family == "CFCMOV" ||
                        Name.starts_with("SETCC") ||
                        Name.starts_with("SETZUCC") || Name.starts_with("JCC_");
  unsigned NumOperands = Inst.getNumOperands();
  if (TestsCondition && NumOperands > 0 &&
      Inst.getOperand(NumOperands - 1).isImm())
    return getConditionFlags(Inst.getOperand(NumOperands - 1).getImm());
  return AllStatusFlags;
}

/// The flags \p Inst, named \p Name and \p Family, writes whatever its
/// operands, given that LLVM says it writes EFLAGS.
static StatusFlagSet getSurelyWrittenFlags(StringRef Name, StringRef Family) {
  if (Name == "CLC" || Name == "STC" || Name == "CMC")
    return CarryFlag;
  if (Name == "SAHF")
    return AllStatusFlags & ~OverflowFlag;
  return StringSwitch<StatusFlagSet>(Family)
      .Cases({"ADD", "ADC", "SUB", "SBB", "CMP", "NEG", "XADD", "CMPXCHG",
              "POPCNT"},
             AllStatusFlags)
      // AF is undefined after a logical operation.
      .Cases({"AND", "OR", "XOR", "TEST"}, AllStatusFlags & ~AdjustFlag)
      .Cases({"INC", "DEC"}, AllStatusFlags & ~CarryFlag)
      // SF, ZF, AF and PF are undefined after a multiplication.
      .Cases({"MUL", "IMUL"}, CarryFlag | OverflowFlag)
      .Cases({"LZCNT", "TZCNT"}, CarryFlag | ZeroFlag)
      .Cases({"BT", "BTC", "BTR", "BTS", "ADCX"}, CarryFlag)
      .Case("ADOX", OverflowFlag)
      .Default(0);
}

StatusFlagEffects X86StatusFlags::getEffects(const MCInst &Inst) const {
  StatusFlagEffects Effects;
  if (!Register.isValid())
    return Effects;
  const MCInstrDesc &Desc = State.getInstrInfo().get(Inst.getOpcode());
  SmallVector<MCRegister, 2> UndescribedReads, UndescribedWrites;
  State.getExegesisTarget().getUndescribedRegisters(Inst, UndescribedReads,
                                                    UndescribedWrites);
  bool Reads = is_contained(Desc.implicit_uses(), Register) ||
               is_contained(UndescribedReads, Register);
  bool Writes = is_contained(Desc.implicit_defs(), Register) ||
                is_contained(UndescribedWrites, Register);
  for (auto [Index, Op] : enumerate(Inst)) {
    if (Op.isReg() && Op.getReg() == Register)
      (Index < Desc.getNumDefs() ? Writes : Reads) = true;
  }
  StringRef Name = State.getOpcodeName(Inst.getOpcode());
  StringRef Family = getSizedFamily(Name);
  if (Reads)
    Effects.Reads = getReadFlags(Inst, Name, Family);
  if (Writes) {
    Effects.SurelyWrites = getSurelyWrittenFlags(Name, Family);
    Effects.MayWrite = AllStatusFlags;
  }
  return Effects;
}

StatusFlagSet X86StatusFlags::getCarriedFlags(ArrayRef<MCInst> Snippet) const {
  StatusFlagSet SurelyWritten = 0, MayBeWritten = 0, ReadFirst = 0;
  for (const MCInst &Inst : Snippet) {
    StatusFlagEffects Effects = getEffects(Inst);
    ReadFirst |= Effects.Reads & ~SurelyWritten;
    SurelyWritten |= Effects.SurelyWrites;
    MayBeWritten |= Effects.MayWrite;
  }
  return ReadFirst & MayBeWritten;
}

} // namespace exegesis
} // namespace llvm
