//===-- SnippetAnnotation.cpp -----------------------------------*- C++ -*-===//

#include "Snippets/SnippetAnnotation.h"
#include "Core/LLVMState.h"
#include "Core/RegisterWidth.h"
#include "Core/Target.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace llvm {
namespace exegesis {

static constexpr StringLiteral AnnotationPrefix = "LLVM-EXEGESIS-";

StringRef getAnnotationName(AnnotationKind Kind) {
  switch (Kind) {
  case AnnotationKind::DefReg:
    return "LLVM-EXEGESIS-DEFREG";
  case AnnotationKind::LiveIn:
    return "LLVM-EXEGESIS-LIVEIN";
  case AnnotationKind::MemDef:
    return "LLVM-EXEGESIS-MEM-DEF";
  case AnnotationKind::MemMap:
    return "LLVM-EXEGESIS-MEM-MAP";
  case AnnotationKind::SnippetAddress:
    return "LLVM-EXEGESIS-SNIPPET-ADDRESS";
  case AnnotationKind::LoopRegister:
    return "LLVM-EXEGESIS-LOOP-REGISTER";
  }
  llvm_unreachable("unknown annotation kind");
}

bool needsSubprocess(AnnotationKind Kind) {
  return Kind == AnnotationKind::MemDef || Kind == AnnotationKind::MemMap ||
         Kind == AnnotationKind::SnippetAddress;
}

static Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Why \p Digits is not a plain hex number (the "expected ..." part), or
/// std::nullopt when it is one.
static std::optional<std::string> checkHexDigits(StringRef What,
                                                 StringRef Digits) {
  if (Digits.size() > 2 && Digits[0] == '0' &&
      (Digits[1] == 'x' || Digits[1] == 'X'))
    return ("expected " + What + " in hexadecimal without a 0x prefix").str();
  if (Digits.empty() || !all_of(Digits, isHexDigit))
    return ("expected " + What +
            " to contain a valid integer in hexadecimal format")
        .str();
  return std::nullopt;
}

/// \p Digits (already checked) as an APInt of 4 bits per digit.
static APInt parseHexDigits(StringRef Digits) {
  return APInt(Digits.size() * 4, Digits, 16);
}

/// Why \p Digits is not a plain decimal number, or std::nullopt with the
/// number in \p Result.
static std::optional<std::string> parseDecimal(StringRef What, StringRef Digits,
                                               uint64_t &Result) {
  if (Digits.empty() || !all_of(Digits, isDigit))
    return ("expected " + What + " to be a decimal number, found '" + Digits +
            "'")
        .str();
  if (Digits.getAsInteger(10, Result))
    return ("expected " + What + " to fit in 64 bits").str();
  return std::nullopt;
}

Expected<APInt> makeRegisterValue(const LLVMState &State, MCRegister Reg,
                                  StringRef Hex) {
  if (std::optional<std::string> Why = checkHexDigits("<HEX_VALUE>", Hex))
    return makeError(*Why);
  const unsigned RegBits = getRegisterBitWidth(State, Reg);
  APInt Value = parseHexDigits(Hex);
  // Upstream truncates such values silently; losing digits is never meant.
  if (Value.getActiveBits() > RegBits)
    return makeError("expected <HEX_VALUE> to fit in the " + Twine(RegBits) +
                     " bits of " + State.getRegisterName(Reg));
  return Value;
}

namespace {

/// Parses the parameters of one annotation whose kind is known.
class AnnotationParser {
public:
  AnnotationParser(const LLVMState &State, SnippetAnnotation &Result)
      : State(State), Result(Result) {
    SplitString(StringRef(Result.Text)
                    .drop_front(getAnnotationName(Result.Kind).size()),
                Params);
  }

  Error parse() {
    switch (Result.Kind) {
    case AnnotationKind::DefReg:
      return parseDefReg();
    case AnnotationKind::LiveIn:
      return parseLiveIn();
    case AnnotationKind::MemDef:
      return parseMemDef();
    case AnnotationKind::MemMap:
      return parseMemMap();
    case AnnotationKind::SnippetAddress:
      return parseSnippetAddress();
    case AnnotationKind::LoopRegister:
      return parseLoopRegister();
    }
    llvm_unreachable("unknown annotation kind");
  }

private:
  Error invalid(const Twine &Expected) const {
    return makeError("invalid comment '" + Result.Text + "', " + Expected);
  }

  Error parseRegister(StringRef Name) {
    std::optional<MCRegister> Reg = State.getRegisterByName(Name);
    if (!Reg)
      return makeError("unknown register '" + Name + "' in '" + Result.Text +
                       "'");
    Result.Register = *Reg;
    return Error::success();
  }

  Error parseDefReg() {
    if (Params.size() != 2)
      return invalid("expected two parameters <REG> <HEX_VALUE>");
    if (Error E = parseRegister(Params[0]))
      return E;
    Expected<APInt> Value =
        makeRegisterValue(State, Result.Register, Params[1]);
    if (!Value)
      return invalid(toString(Value.takeError()));
    Result.Value = std::move(*Value);
    return Error::success();
  }

  Error parseLiveIn() {
    if (Params.size() != 1)
      return invalid("expected one parameter <REG>");
    return parseRegister(Params[0]);
  }

  Error parseMemDef() {
    if (Params.size() != 3)
      return invalid("expected three parameters <NAME> <SIZE> <VALUE>");
    Result.Name = Params[0].str();
    if (std::optional<std::string> Why =
            parseDecimal("<SIZE>", Params[1], Result.SizeBytes))
      return invalid(*Why);
    if (Result.SizeBytes == 0)
      return invalid("expected <SIZE> to be at least 1 byte");
    if (std::optional<std::string> Why = checkHexDigits("<VALUE>", Params[2]))
      return invalid(*Why);
    if (Params[2].size() % 2 != 0)
      return invalid("expected <VALUE> to contain a whole number of bytes");
    if (Params[2].size() / 2 > Result.SizeBytes)
      return invalid("expected <VALUE> (" + Twine(Params[2].size() / 2) +
                     " bytes) to fit in <SIZE> (" + Twine(Result.SizeBytes) +
                     " bytes)");
    Result.Value = parseHexDigits(Params[2]);
    return Error::success();
  }

  Error checkPageAligned() {
    if (Result.Address == 0)
      return invalid("expected <ADDRESS> to be non-zero");
    if (Result.Address % SnippetPageSize != 0)
      return invalid("expected <ADDRESS> to be a multiple of the platform "
                     "page size.");
    return Error::success();
  }

  Error parseMemMap() {
    // Upstream's two parameters; the length and offset are ours.
    if (Params.size() < 2 || Params.size() > 4)
      return invalid(
          Params.size() < 2
              ? "expected two parameters <VALUE NAME> <ADDRESS>"
              : "expected at most four parameters <VALUE NAME> <ADDRESS> "
                "[<LENGTH> [<OFFSET>]]");
    Result.Name = Params[0].str();
    if (std::optional<std::string> Why =
            parseDecimal("<ADDRESS>", Params[1], Result.Address))
      return invalid(*Why);
    if (Error E = checkPageAligned())
      return E;
    auto ParsePages = [&](StringRef What, StringRef Digits,
                          uint64_t &Value) -> Error {
      if (std::optional<std::string> Why = parseDecimal(What, Digits, Value))
        return invalid(*Why);
      if (Value % SnippetPageSize != 0)
        return invalid("expected " + What +
                       " to be a multiple of the "
                       "platform page size.");
      return Error::success();
    };
    if (Params.size() > 2) {
      if (Error E = ParsePages("<LENGTH>", Params[2], Result.Length))
        return E;
      if (Result.Length == 0)
        return invalid("expected <LENGTH> to be at least one page");
    }
    if (Params.size() > 3)
      if (Error E = ParsePages("<OFFSET>", Params[3], Result.Offset))
        return E;
    return Error::success();
  }

  Error parseSnippetAddress() {
    if (Params.size() != 1)
      return invalid("expected one parameter <ADDRESS>");
    if (std::optional<std::string> Why = checkHexDigits("<ADDRESS>", Params[0]))
      return invalid(*Why);
    APInt Address = parseHexDigits(Params[0]);
    if (Address.getActiveBits() > 64)
      return invalid("expected <ADDRESS> to fit in 64 bits");
    Result.Address = Address.getZExtValue();
    // Upstream's message for this one leaves the quote open after the
    // address; LLVM's own tests match it as it is.
    if (Result.Address % SnippetPageSize != 0)
      return makeError("invalid comment '" + Result.Text +
                       ", expected <ADDRESS> to be a multiple of the platform "
                       "page size.");
    return checkPageAligned();
  }

  Error parseLoopRegister() {
    if (Params.size() != 1)
      return invalid("expected one parameter <REG>");
    if (Error E = parseRegister(Params[0]))
      return E;
    if (!State.getExegesisTarget().canCountLoop(
            State.getRegInfo(), State.getSubtargetInfo(), Result.Register))
      return invalid("expected <REG> to be a " +
                     Twine(State.getTriple().isArch64Bit() ? 64 : 32) +
                     "-bit general-purpose register other than the stack "
                     "pointer");
    return Error::success();
  }

  const LLVMState &State;
  SnippetAnnotation &Result;
  SmallVector<StringRef, 4> Params;
};

} // namespace

Expected<std::optional<SnippetAnnotation>>
parseSnippetAnnotation(const LLVMState &State, StringRef CommentText) {
  StringRef Text = CommentText.trim();
  if (!Text.starts_with(AnnotationPrefix))
    return std::nullopt;
  StringRef Name = Text.take_until(isSpace);
  std::optional<AnnotationKind> Kind =
      StringSwitch<std::optional<AnnotationKind>>(Name)
          .Case("LLVM-EXEGESIS-DEFREG", AnnotationKind::DefReg)
          .Case("LLVM-EXEGESIS-LIVEIN", AnnotationKind::LiveIn)
          .Case("LLVM-EXEGESIS-MEM-DEF", AnnotationKind::MemDef)
          .Case("LLVM-EXEGESIS-MEM-MAP", AnnotationKind::MemMap)
          .Case("LLVM-EXEGESIS-SNIPPET-ADDRESS", AnnotationKind::SnippetAddress)
          .Case("LLVM-EXEGESIS-LOOP-REGISTER", AnnotationKind::LoopRegister)
          .Default(std::nullopt);
  if (!Kind)
    return makeError("unknown annotation '" + Name +
                     "', expected one of LLVM-EXEGESIS-DEFREG, "
                     "LLVM-EXEGESIS-LIVEIN, LLVM-EXEGESIS-MEM-DEF, "
                     "LLVM-EXEGESIS-MEM-MAP, LLVM-EXEGESIS-SNIPPET-ADDRESS, "
                     "LLVM-EXEGESIS-LOOP-REGISTER");
  SnippetAnnotation Result;
  Result.Kind = *Kind;
  StringRef Params = Text.drop_front(Name.size()).trim();
  Result.Text = Name.str();
  if (!Params.empty())
    Result.Text += (" " + Params).str();
  if (Error E = AnnotationParser(State, Result).parse())
    return E;
  return Result;
}

} // namespace exegesis
} // namespace llvm
