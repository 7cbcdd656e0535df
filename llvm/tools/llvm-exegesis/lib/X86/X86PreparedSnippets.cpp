//===-- X86/X86PreparedSnippets.cpp -----------------------------*- C++ -*-===//

#include "X86/X86PreparedSnippets.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/StringExtras.h"

namespace llvm {
namespace exegesis {
namespace {

/// The source of MOVS and CMPS lies this far past RDI, the destination, so
/// that the two never overlap whatever the count.
constexpr int64_t SourceOffset = 4096;

/// Element counts of the REP forms, one per configuration: small enough that
/// source and destination stay apart (512 quadwords fill SourceOffset).
constexpr unsigned RepCounts[] = {8, 1, 64, 512};

enum class StringKind { Movs, Stos, Lods, Scas, Cmps };

struct StringForm {
  StringKind Kind;
  bool Rep;
  unsigned ElementBytes;
};

/// MOVSB ... CMPSQ and REP_MOVSB_64 ... REP_STOSQ_64. The REP forms with
/// 32-bit addresses (_32) are not: they would truncate the scratch pointer.
std::optional<StringForm> parseStringForm(StringRef Name) {
  bool Rep = Name.consume_front("REP_");
  if (Rep && !Name.consume_back("_64"))
    return std::nullopt;
  if (Name.size() != 5)
    return std::nullopt;
  StringForm Form{StringKind::Movs, Rep, 0};
  StringRef Op = Name.take_front(4);
  if (Op == "MOVS")
    Form.Kind = StringKind::Movs;
  else if (Op == "STOS")
    Form.Kind = StringKind::Stos;
  else if (Op == "LODS" && !Rep)
    Form.Kind = StringKind::Lods;
  else if (Op == "SCAS" && !Rep)
    Form.Kind = StringKind::Scas;
  else if (Op == "CMPS" && !Rep)
    Form.Kind = StringKind::Cmps;
  else
    return std::nullopt;
  switch (Name.back()) {
  case 'B':
    Form.ElementBytes = 1;
    break;
  case 'W':
    Form.ElementBytes = 2;
    break;
  case 'D':
  case 'L':
    // REP_MOVSD_64 but MOVSL: the double word has two spellings.
    if ((Name.back() == 'D') != Rep)
      return std::nullopt;
    Form.ElementBytes = 4;
    break;
  case 'Q':
    Form.ElementBytes = 8;
    break;
  default:
    return std::nullopt;
  }
  return Form;
}

/// The explicit operands the opcode has: the REP forms none, the others
/// their pointer registers and, for a source, its segment.
unsigned getNumPointerOperands(const StringForm &Form) {
  if (Form.Rep)
    return 0;
  switch (Form.Kind) {
  case StringKind::Movs:
  case StringKind::Cmps:
    return 3;
  case StringKind::Lods:
    return 2;
  case StringKind::Stos:
  case StringKind::Scas:
    return 1;
  }
  return 0;
}

bool readsCounterZeroedRegister(StringRef Name) {
  return Name == "XGETBV" || Name == "RDPKRUr";
}

/// The user data segment selector of Linux x86-64 processes (__USER_DS, the
/// value of SS and DS): a valid selector for LAR, LSL, VERR and VERW, which
/// otherwise would only ever see the null selector.
constexpr int64_t UserDataSelector = 0x2b;

/// LAR16rr ... LSL64rm, VERRr ... VERWm.
struct SelectorForm {
  /// LAR and LSL write a register of this width; VERR and VERW write only
  /// ZF (0).
  unsigned DestBits = 0;
  bool FromMemory = false;
};

std::optional<SelectorForm> parseSelectorForm(StringRef Name) {
  SelectorForm Form;
  if (Name.consume_front("VERR") || Name.consume_front("VERW")) {
    if (Name != "r" && Name != "m")
      return std::nullopt;
    Form.FromMemory = Name == "m";
    return Form;
  }
  if (!Name.consume_front("LAR") && !Name.consume_front("LSL"))
    return std::nullopt;
  if (Name.consume_front("16"))
    Form.DestBits = 16;
  else if (Name.consume_front("32"))
    Form.DestBits = 32;
  else if (Name.consume_front("64"))
    Form.DestBits = 64;
  else
    return std::nullopt;
  if (Name != "rr" && Name != "rm")
    return std::nullopt;
  Form.FromMemory = Name == "rm";
  return Form;
}

/// Explicit operands: the destination (LAR, LSL), then the selector's
/// register or memory reference.
unsigned getNumSelectorOperands(const SelectorForm &Form) {
  return (Form.DestBits ? 1 : 0) + (Form.FromMemory ? 5 : 1);
}

bool isShadowStackNoOp(StringRef Name) {
  return Name == "RDSSPD" || Name == "RDSSPQ" || Name == "INCSSPD" ||
         Name == "INCSSPQ";
}

/// Builds the instructions of prepared snippets from names.
class Builder {
public:
  explicit Builder(const LLVMState &State) : State(State) {}

  MCRegister reg(StringRef Name) const {
    return State.getRegisterByName(Name).value_or(MCRegister());
  }

  MCInst inst(StringRef Opcode) const {
    MCInst I;
    I.setOpcode(State.getOpcodeByName(Opcode).value_or(0));
    return I;
  }

  MCInst inst(unsigned Opcode) const {
    MCInst I;
    I.setOpcode(Opcode);
    return I;
  }

  /// `lea Disp(Base, Index), Dst`.
  MCInst lea(StringRef Dst, StringRef Base, StringRef Index,
             int64_t Disp) const {
    MCInst I = inst("LEA64r");
    I.addOperand(MCOperand::createReg(reg(Dst)));
    I.addOperand(MCOperand::createReg(reg(Base)));
    I.addOperand(MCOperand::createImm(1));
    I.addOperand(
        MCOperand::createReg(Index.empty() ? MCRegister() : reg(Index)));
    I.addOperand(MCOperand::createImm(Disp));
    I.addOperand(MCOperand::createReg(MCRegister()));
    return I;
  }

  /// `Opcode $Imm, Reg` on a 32-bit register (OR32ri8, AND32ri8).
  MCInst aluImmediate(StringRef Opcode, StringRef Reg, int64_t Imm) const {
    MCInst I = inst(Opcode);
    I.addOperand(MCOperand::createReg(reg(Reg)));
    I.addOperand(MCOperand::createReg(reg(Reg)));
    I.addOperand(MCOperand::createImm(Imm));
    return I;
  }

  /// Appends the memory reference 0(%rdi).
  void addScratchAddress(MCInst &I) const {
    I.addOperand(MCOperand::createReg(reg("RDI")));
    I.addOperand(MCOperand::createImm(1));
    I.addOperand(MCOperand::createReg(MCRegister()));
    I.addOperand(MCOperand::createImm(0));
    I.addOperand(MCOperand::createReg(MCRegister()));
  }

  MCInst moveImmediate(StringRef Dst, int64_t Imm) const {
    MCInst I = inst("MOV32ri");
    I.addOperand(MCOperand::createReg(reg(Dst)));
    I.addOperand(MCOperand::createImm(Imm));
    return I;
  }

  /// The string instruction itself, its pointer operands RDI / RSI.
  MCInst stringInstruction(unsigned Opcode, const StringForm &Form) const {
    MCInst I = inst(Opcode);
    if (Form.Rep)
      return I;
    auto Add = [&](MCRegister Reg) { I.addOperand(MCOperand::createReg(Reg)); };
    switch (Form.Kind) {
    case StringKind::Movs:
    case StringKind::Cmps:
      Add(reg("RDI"));
      Add(reg("RSI"));
      Add(MCRegister());
      break;
    case StringKind::Lods:
      Add(reg("RSI"));
      Add(MCRegister());
      break;
    case StringKind::Stos:
    case StringKind::Scas:
      Add(reg("RDI"));
      break;
    }
    return I;
  }

private:
  const LLVMState &State;
};

std::string plural(unsigned N, StringRef Word) {
  return std::to_string(N) + " " + Word.str() + (N == 1 ? "" : "s");
}

std::optional<PreparedSnippet> getStringSnippet(const LLVMState &State,
                                                const InstructionModel &Model,
                                                const StringForm &Form,
                                                bool Serial, unsigned Index) {
  if (Index >= (Form.Rep ? std::size(RepCounts) : 1u))
    return std::nullopt;
  Builder B(State);
  unsigned Count = Form.Rep ? RepCounts[Index] : 1;
  int64_t Bytes = int64_t(Count) * Form.ElementBytes;
  StringRef Name = Model.getName();
  PreparedSnippet Snippet;
  std::vector<MCInst> &Insts = Snippet.Instructions;
  std::string Size = plural(Bytes, "byte");
  std::string Action;
  StringRef Reset;
  StringRef ResetHow;
  bool NeedsSource =
      Form.Kind == StringKind::Movs || Form.Kind == StringKind::Cmps;
  if (NeedsSource)
    Insts.push_back(B.lea("RSI", "RDI", "", SourceOffset));
  if (Form.Kind == StringKind::Lods)
    // Serial: the address waits for the value loaded last time (always 0:
    // writeX86StringChainWord zeroes the word first), a chain through the
    // load.
    Insts.push_back(B.lea("RSI", "RDI", Serial ? "RAX" : "", 0));
  if (Form.Rep)
    Insts.push_back(B.moveImmediate("ECX", Count));
  Insts.push_back(B.stringInstruction(Model.getOpcode(), Form));
  // DF is clear (the ABI guarantees it on entry and nothing sets it), so
  // the pointers moved up by the bytes processed.
  if (Form.Kind != StringKind::Lods)
    Insts.push_back(B.lea("RDI", "RDI", "", -Bytes));

  std::string Source = "RDI+" + std::to_string(SourceOffset);
  switch (Form.Kind) {
  case StringKind::Movs:
    Action = "copies " + Size + " from " + Source + " to RDI";
    Reset = Form.Rep ? "RSI, RCX and RDI are" : "RSI and RDI are";
    break;
  case StringKind::Stos:
    Action = "stores " + Size + " at RDI";
    Reset = Form.Rep ? "RCX and RDI are" : "RDI is";
    break;
  case StringKind::Lods:
    Action = "loads " + Size + " at RSI";
    Reset = "RSI is";
    ResetHow = Serial ? " to RDI plus the value loaded (0), so that each load "
                        "waits for the previous one"
                      : " to RDI";
    break;
  case StringKind::Scas:
    Action = "compares the accumulator with " + Size + " at RDI";
    Reset = "RDI is";
    break;
  case StringKind::Cmps:
    Action = "compares " + Size + " at " + Source + " with " + Size + " at RDI";
    Reset = "RSI and RDI are";
    break;
  }
  unsigned SetUp = Insts.size() - 1;
  if (Form.Rep)
    Snippet.Config = "RCX=" + std::to_string(Count) + " (" + Size + ")";
  Snippet.Info =
      (Name + " " + Action + " in scratch memory, DF clear; " + Reset +
       " re-set every repetition" + ResetHow + " (" +
       plural(SetUp, "set-up instruction") + "), so per_snippet_value is one " +
       Name + (Form.Rep ? " of " + Size : std::string()) + " with its set-up")
          .str();
  return Snippet;
}

std::optional<PreparedSnippet> getXlatSnippet(const LLVMState &State,
                                              const InstructionModel &Model,
                                              unsigned Index) {
  if (Index > 0)
    return std::nullopt;
  Builder B(State);
  PreparedSnippet Snippet;
  Snippet.Instructions.push_back(B.lea("RBX", "RDI", "", 0));
  Snippet.Instructions.push_back(B.inst(Model.getOpcode()));
  Snippet.Info =
      "XLAT loads AL from the table at RBX=RDI in scratch memory, which "
      "holds zeros, so AL stays 0 and each XLAT waits for the previous one; "
      "RBX is re-set every repetition (1 set-up instruction), so "
      "per_snippet_value is one XLAT with its set-up";
  return Snippet;
}

std::optional<PreparedSnippet>
getCounterZeroedSnippet(const LLVMState &State, const InstructionModel &Model,
                        bool Serial, unsigned Index) {
  if (Index > 0)
    return std::nullopt;
  Builder B(State);
  PreparedSnippet Snippet;
  StringRef Name = Model.getName();
  StringRef What =
      Name == "XGETBV" ? "XGETBV reads XCR0" : "RDPKRUr reads PKRU";
  Snippet.Instructions.push_back(B.inst(Model.getOpcode()));
  if (Serial) {
    // ECX must stay 0 (anything else raises #GP); `and %eax, %ecx` keeps it
    // 0 while making it wait for the value just read.
    MCInst And = B.inst("AND32rr");
    for (StringRef Reg : {"ECX", "ECX", "EAX"})
      And.addOperand(MCOperand::createReg(B.reg(Reg)));
    Snippet.Instructions.push_back(And);
    Snippet.Info = (What +
                    " (ECX=0), chained back to ECX through an AND "
                    "with EAX that keeps ECX 0, so per_snippet_value "
                    "is one " +
                    Name + " and one AND")
                       .str();
    return Snippet;
  }
  Snippet.Info = (What + " (ECX=0); nothing writes ECX, so the repetitions "
                         "are independent")
                     .str();
  return Snippet;
}

std::optional<PreparedSnippet> getSelectorSnippet(const LLVMState &State,
                                                  const InstructionModel &Model,
                                                  const SelectorForm &Form,
                                                  bool Serial, unsigned Index) {
  if (Index > 0)
    return std::nullopt;
  Builder B(State);
  PreparedSnippet Snippet;
  std::vector<MCInst> &Insts = Snippet.Instructions;
  StringRef Name = Model.getName();
  bool SetsFlagOnly = Form.DestBits == 0;
  if (Serial) {
    // The selector is made from what the instruction produced, so that it
    // waits for it, and is valid again whatever that was: (X | S) & S = S.
    if (SetsFlagOnly) {
      MCInst SetZ = B.inst("SETCCr");
      SetZ.addOperand(MCOperand::createReg(B.reg("CL")));
      SetZ.addOperand(MCOperand::createImm(4)); // E: ZF set.
      Insts.push_back(SetZ);
    }
    Insts.push_back(B.aluImmediate("OR32ri8", "ECX", UserDataSelector));
    Insts.push_back(B.aluImmediate("AND32ri8", "ECX", UserDataSelector));
    if (Form.FromMemory) {
      MCInst Store = B.inst("MOV16mr");
      B.addScratchAddress(Store);
      Store.addOperand(MCOperand::createReg(B.reg("CX")));
      Insts.push_back(Store);
    }
  } else if (Form.FromMemory) {
    MCInst Store = B.inst("MOV16mi");
    B.addScratchAddress(Store);
    Store.addOperand(MCOperand::createImm(UserDataSelector));
    Insts.push_back(Store);
  } else {
    Insts.push_back(B.moveImmediate("ECX", UserDataSelector));
  }
  MCInst I = B.inst(Model.getOpcode());
  if (!SetsFlagOnly) {
    // Serial: into the selector's register; otherwise into one apart.
    static constexpr StringRef Dest[2][3] = {{"DX", "EDX", "RDX"},
                                             {"CX", "ECX", "RCX"}};
    unsigned Width = Form.DestBits == 16 ? 0 : Form.DestBits == 32 ? 1 : 2;
    I.addOperand(MCOperand::createReg(B.reg(Dest[Serial][Width])));
  }
  if (Form.FromMemory)
    B.addScratchAddress(I);
  else
    I.addOperand(MCOperand::createReg(B.reg("CX")));
  Insts.push_back(I);

  std::string Where =
      Form.FromMemory ? "stored at RDI in scratch memory" : "in CX";
  Snippet.Config = "selector 0x2b";
  if (Serial)
    Snippet.Info =
        (Name + " of the user data segment selector 0x2b " + Where +
         ", remade every repetition from what the previous " + Name +
         " produced (" + (SetsFlagOnly ? "ZF, through SETE and " : "through ") +
         "OR and AND with 0x2b), so per_snippet_value is one " + Name +
         " with its " + plural(Insts.size() - 1, "set-up instruction"))
            .str();
  else
    Snippet.Info = (Name + " of the user data segment selector 0x2b " + Where +
                    ", set again every repetition, so the repetitions are "
                    "independent; per_snippet_value is one " +
                    Name + " with its set-up")
                       .str();
  return Snippet;
}

std::optional<PreparedSnippet>
getShadowStackSnippet(const LLVMState &State, const InstructionModel &Model,
                      unsigned Index) {
  if (Index > 0)
    return std::nullopt;
  Builder B(State);
  PreparedSnippet Snippet;
  StringRef Name = Model.getName();
  bool Quad = Name.ends_with("Q");
  MCInst I = B.inst(Model.getOpcode());
  StringRef Reg = Quad ? "RAX" : "EAX";
  for (unsigned Op = 0, E = Model.getDesc().getNumOperands(); Op < E; ++Op)
    I.addOperand(MCOperand::createReg(B.reg(Reg)));
  Snippet.Instructions.push_back(I);
  if (Name.starts_with("RDSSP"))
    Snippet.Info =
        (Name + " " + Reg + ": a no-op while shadow stacks are off (then " +
         Reg + " keeps its value; with them on it reads SSP)")
            .str();
  else
    Snippet.Info =
        (Name + " by " + Reg +
         "=0: pops nothing with shadow stacks on; the CPU raises #UD (SIGILL) "
         "while they are off")
            .str();
  return Snippet;
}

} // namespace

bool hasX86PreparedSnippet(const LLVMState &State, unsigned Opcode) {
  // Every prepared snippet addresses scratch memory through RDI or names
  // 64-bit registers.
  if (!State.getTriple().isArch64Bit())
    return false;
  StringRef Name = State.getOpcodeName(Opcode);
  unsigned NumOperands = State.getInstrInfo().get(Opcode).getNumOperands();
  // The string instructions and XLAT address memory through RDI/RSI/RBX set
  // from the scratch pointer in RDI; Win64 passes it in RCX, the count
  // register of the string instructions.
  bool ScratchInRdi = !State.getTriple().isOSWindows();
  if (std::optional<StringForm> Form = parseStringForm(Name))
    return ScratchInRdi && NumOperands == getNumPointerOperands(*Form);
  if (Name == "XLAT")
    return ScratchInRdi && NumOperands == 0;
  if (readsCounterZeroedRegister(Name))
    return NumOperands == 0;
  if (isShadowStackNoOp(Name))
    return NumOperands > 0;
  // The selector is Linux's.
  if (std::optional<SelectorForm> Form = parseSelectorForm(Name))
    return State.getTriple().isOSLinux() &&
           NumOperands == getNumSelectorOperands(*Form);
  return false;
}

std::optional<PreparedSnippet>
getX86PreparedSnippet(const LLVMState &State, const InstructionModel &Model,
                      bool Serial, unsigned Index) {
  StringRef Name = Model.getName();
  if (std::optional<StringForm> Form = parseStringForm(Name))
    return getStringSnippet(State, Model, *Form, Serial, Index);
  if (Name == "XLAT")
    return getXlatSnippet(State, Model, Index);
  if (readsCounterZeroedRegister(Name))
    return getCounterZeroedSnippet(State, Model, Serial, Index);
  if (isShadowStackNoOp(Name))
    return getShadowStackSnippet(State, Model, Index);
  if (std::optional<SelectorForm> Form = parseSelectorForm(Name))
    return getSelectorSnippet(State, Model, *Form, Serial, Index);
  return std::nullopt;
}

std::vector<MCInst> writeX86StringChainWord(const LLVMState &State,
                                            ArrayRef<MCInst> Snippet) {
  if (Snippet.size() != 2)
    return {};
  std::optional<StringForm> Form =
      parseStringForm(State.getOpcodeName(Snippet[1].getOpcode()));
  if (!Form || Form->Kind != StringKind::Lods)
    return {};
  Builder B(State);
  const MCInst &Lea = Snippet[0];
  auto RegIs = [&](unsigned I, StringRef Name) {
    return I < Lea.getNumOperands() && Lea.getOperand(I).isReg() &&
           Lea.getOperand(I).getReg() == B.reg(Name);
  };
  // lea (%rdi,%rax), %rsi: the serial form.
  if (State.getOpcodeName(Lea.getOpcode()) != "LEA64r" || !RegIs(0, "RSI") ||
      !RegIs(1, "RDI") || !RegIs(3, "RAX"))
    return {};
  MCInst Store = B.inst("MOV64mi32");
  B.addScratchAddress(Store);
  Store.addOperand(MCOperand::createImm(0));
  return {Store};
}

} // namespace exegesis
} // namespace llvm
