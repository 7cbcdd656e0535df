//===-- BenchmarkKeyText.cpp ------------------------------------*- C++ -*-===//

#include "Results/BenchmarkKeyText.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
namespace exegesis {

static constexpr StringLiteral NoRegisterText = "%noreg";
static constexpr StringLiteral ImmediatePrefix = "i_0x";
static constexpr StringLiteral FPImmediatePrefix = "f_";
static constexpr StringLiteral InvalidOperandText = "INVALID";

char UnknownToTargetError::ID;

UnknownToTargetError::UnknownToTargetError(Kind K, StringRef Name,
                                           const Twine &Message)
    : K(K), Name(Name.str()), Message(Message.str()) {}

static Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

static Error makeUnknownRegisterError(StringRef Name) {
  return make_error<UnknownToTargetError>(
      UnknownToTargetError::Kind::Register, Name,
      "No register with name '" + Name + "'");
}

static bool isKnownRegister(const LLVMState &State, MCRegister Reg) {
  return Reg.id() < State.getRegInfo().getNumRegs();
}

Error checkBenchmarkKeyIsWritable(const LLVMState &State,
                                  const BenchmarkKey &Key) {
  for (const MCInst &Inst : Key.Instructions) {
    if (Inst.getOpcode() >= State.getInstrInfo().getNumOpcodes())
      return makeError("cannot write opcode number " + Twine(Inst.getOpcode()) +
                       ": not an opcode of " + State.getTriple().str());
    for (const MCOperand &Op : Inst)
      if (Op.isReg() && !isKnownRegister(State, Op.getReg()))
        return makeError("cannot write register number " +
                         Twine(Op.getReg().id()) + " in " +
                         State.getOpcodeName(Inst.getOpcode()) +
                         ": not a register of " + State.getTriple().str());
  }
  for (const RegisterValue &RV : Key.RegisterInitialValues)
    if (!RV.Register.isValid() || !isKnownRegister(State, RV.Register))
      return makeError("cannot write the initial value of register number " +
                       Twine(RV.Register.id()) + ": not a register of " +
                       State.getTriple().str());
  return Error::success();
}

static void writeOperand(const LLVMState &State, const MCOperand &Op,
                         raw_ostream &OS) {
  if (Op.isReg()) {
    if (Op.getReg().isValid())
      OS << State.getRegisterName(Op.getReg());
    else
      OS << NoRegisterText;
  } else if (Op.isImm()) {
    OS << ImmediatePrefix
       << utohexstr(static_cast<uint64_t>(Op.getImm()), /*LowerCase=*/true);
  } else if (Op.isDFPImm()) {
    OS << FPImmediatePrefix << format("%a", bit_cast<double>(Op.getDFPImm()));
  } else if (Op.isSFPImm()) {
    // Widening to double is exact, so the value survives a round trip.
    OS << FPImmediatePrefix
       << format("%a", static_cast<double>(bit_cast<float>(Op.getSFPImm())));
  } else {
    OS << InvalidOperandText;
  }
}

std::string instructionToText(const LLVMState &State, const MCInst &Inst) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << State.getOpcodeName(Inst.getOpcode());
  for (const MCOperand &Op : Inst) {
    OS << ' ';
    writeOperand(State, Op, OS);
  }
  return Text;
}

static Expected<MCOperand> readOperand(const LLVMState &State,
                                       StringRef Token) {
  if (Token == NoRegisterText)
    return MCOperand::createReg(MCRegister());
  if (Token.starts_with(ImmediatePrefix)) {
    StringRef Digits = Token.drop_front(ImmediatePrefix.size());
    uint64_t Value = 0;
    // getAsInteger would accept a second radix prefix; only digits may follow.
    if (Digits.empty() || !all_of(Digits, isHexDigit) ||
        Digits.getAsInteger(16, Value))
      return makeError("invalid immediate '" + Token +
                       "', expected i_0x and at most 16 hex digits");
    return MCOperand::createImm(static_cast<int64_t>(Value));
  }
  if (Token.starts_with(FPImmediatePrefix)) {
    StringRef Number = Token.drop_front(FPImmediatePrefix.size());
    APFloat Value(APFloat::IEEEdouble());
    if (Number.empty() ||
        errorToBool(
            Value.convertFromString(Number, APFloat::rmNearestTiesToEven)
                .takeError()))
      return makeError("invalid floating-point immediate '" + Token +
                       "', expected f_ and a number in %a form");
    return MCOperand::createDFPImm(Value.bitcastToAPInt().getZExtValue());
  }
  if (Token == InvalidOperandText)
    return makeError("operand INVALID cannot be read: it stands for an "
                     "operand (e.g. an expression) that has no textual form");
  if (std::optional<MCRegister> Reg = State.getRegisterByName(Token))
    return MCOperand::createReg(*Reg);
  // Every other operand form has a prefix: this is a register's name.
  return makeUnknownRegisterError(Token);
}

/// The operands of \p Desc that are tied to an earlier operand: inputs that
/// must be the same register as the output they are tied to.
static unsigned countTiedOperands(const MCInstrDesc &Desc) {
  unsigned Count = 0;
  for (unsigned I = 0, E = Desc.getNumOperands(); I < E; ++I)
    Count += Desc.getOperandConstraint(I, MCOI::TIED_TO) >= 0;
  return Count;
}

/// \p Given with every tied operand of \p Desc inserted where it belongs, a
/// copy of the operand it is tied to: a text written before the opcode had
/// its tied operands (BSF and BSR gained one, the output's value kept when
/// the source is zero), read the only way the instruction now allows.
static MCInst insertTiedOperands(const MCInstrDesc &Desc,
                                 ArrayRef<MCOperand> Given) {
  MCInst Inst;
  for (unsigned I = 0, E = Desc.getNumOperands(); I < E; ++I) {
    int TiedTo = Desc.getOperandConstraint(I, MCOI::TIED_TO);
    if (TiedTo >= 0) {
      Inst.addOperand(Inst.getOperand(TiedTo));
      continue;
    }
    Inst.addOperand(Given.front());
    Given = Given.drop_front();
  }
  // What is left are the variadic operands.
  for (const MCOperand &Op : Given)
    Inst.addOperand(Op);
  return Inst;
}

Expected<MCInst> instructionFromText(const LLVMState &State, StringRef Text) {
  SmallVector<StringRef, 8> Tokens;
  SplitString(Text, Tokens, " \t");
  if (Tokens.empty())
    return makeError("empty instruction, expected an opcode name");
  std::optional<unsigned> Opcode = State.getOpcodeByName(Tokens[0]);
  if (!Opcode)
    return make_error<UnknownToTargetError>(
        UnknownToTargetError::Kind::Opcode, Tokens[0],
        "No opcode with name '" + Tokens[0] + "'");
  SmallVector<MCOperand, 8> Operands;
  for (StringRef Token : ArrayRef(Tokens).drop_front()) {
    Expected<MCOperand> Op = readOperand(State, Token);
    if (!Op)
      return Op.takeError();
    Operands.push_back(*Op);
  }
  // Code that later looks at the operands (analysis, assembly) relies on the
  // count matching the instruction description. One shortfall has a single
  // reading: exactly the tied operands missing, which older releases wrote
  // for opcodes that have gained them since. Any other count cannot be
  // lined up with the operands without guessing.
  const MCInstrDesc &Desc = State.getInstrInfo().get(*Opcode);
  unsigned Want = Desc.getNumOperands();
  unsigned Got = Operands.size();
  unsigned Untied = Want - countTiedOperands(Desc);
  if (Got < Want && Untied < Want &&
      (Desc.isVariadic() ? Got >= Untied : Got == Untied)) {
    MCInst Inst = insertTiedOperands(Desc, Operands);
    Inst.setOpcode(*Opcode);
    return Inst;
  }
  if (Desc.isVariadic() ? Got < Want : Got != Want) {
    std::string Message;
    raw_string_ostream OS(Message);
    OS << Tokens[0] << " takes " << (Desc.isVariadic() ? "at least " : "")
       << Want << " operand" << (Want == 1 ? "" : "s");
    if (Untied < Want)
      OS << ", or " << Untied << " without the tied one"
         << (Want - Untied == 1 ? "" : "s");
    OS << ", got " << Got;
    return make_error<UnknownToTargetError>(
        UnknownToTargetError::Kind::OperandCount, Tokens[0], Message);
  }
  MCInst Inst;
  Inst.setOpcode(*Opcode);
  for (const MCOperand &Op : Operands)
    Inst.addOperand(Op);
  return Inst;
}

std::string registerValueToText(const LLVMState &State,
                                const RegisterValue &Value) {
  std::string Text = State.getRegisterName(Value.Register).str();
  Text += "=0x";
  Text += Value.Value.getBitWidth() == 0
              ? std::string("0")
              : toString(Value.Value, 16, /*Signed=*/false);
  return Text;
}

Expected<RegisterValue> registerValueFromText(const LLVMState &State,
                                              StringRef Text) {
  auto [Name, Hex] = Text.split('=');
  if (Name.size() == Text.size())
    return makeError("invalid register value '" + Text +
                     "', expected <REG>=0x<HEX>");
  std::optional<MCRegister> Reg = State.getRegisterByName(Name);
  if (!Reg)
    return makeUnknownRegisterError(Name);
  if (!Hex.consume_front("0x") || Hex.empty() || !all_of(Hex, isHexDigit))
    return makeError("invalid value in '" + Text +
                     "', expected 0x and hex digits");
  // The digits mean what they mean after DEFREG: a value is set by the
  // width it is written in.
  return RegisterValue{*Reg, APInt(4 * Hex.size(), Hex, 16)};
}

} // namespace exegesis
} // namespace llvm
