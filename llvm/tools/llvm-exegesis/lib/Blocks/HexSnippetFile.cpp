//===-- HexSnippetFile.cpp --------------------------------------*- C++ -*-===//

#include "Blocks/HexSnippetFile.h"
#include "Core/LLVMState.h"
#include "Snippets/SnippetFile.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace llvm {
namespace exegesis {

namespace {

/// Decodes one block after another with the target's disassembler.
class BlockDecoder {
public:
  explicit BlockDecoder(const LLVMState &State)
      : State(State), Context(State.getTriple(), &State.getAsmInfo(),
                              &State.getRegInfo(), &State.getSubtargetInfo()),
        Disassembler(State.getTarget().createMCDisassembler(
            State.getSubtargetInfo(), Context)),
        Printer(State.getTarget().createMCInstPrinter(
            State.getTriple(), /*SyntaxVariant=*/0, State.getAsmInfo(),
            State.getInstrInfo(), State.getRegInfo())) {}

  /// The benchmark of the block \p Hex found on line \p Line of \p File.
  BenchmarkCode decode(StringRef File, size_t Line, StringRef Hex);

private:
  std::string print(const MCInst &Inst) {
    std::string Text;
    raw_string_ostream OS(Text);
    if (Printer)
      Printer->printInst(&Inst, 0, "", State.getSubtargetInfo(), OS);
    std::replace(Text.begin(), Text.end(), '\t', ' ');
    return StringRef(Text).trim().str();
  }

  const LLVMState &State;
  MCContext Context;
  std::unique_ptr<MCDisassembler> Disassembler;
  std::unique_ptr<MCInstPrinter> Printer;
};

/// What every block's `info` starts with, before FILE:LINE.
static constexpr StringLiteral OriginPrefix = "basic block from ";

BenchmarkCode BlockDecoder::decode(StringRef File, size_t Line, StringRef Hex) {
  BenchmarkCode Code;
  std::string Where = (File + ":" + Twine(Line)).str();
  auto Fail = [&](const Twine &Problem) {
    Code.InputError = Where + ": " + Problem.str();
    Code.Info = (OriginPrefix + Where + ": " + Hex + " (not run)").str();
    return Code;
  };
  if (Hex.empty())
    return Fail("no bytes before the ','");
  if (Hex.size() % 2 != 0)
    return Fail("an odd number of hex digits (" + Twine(Hex.size()) + ")");
  std::vector<uint8_t> Bytes;
  for (size_t I = 0; I < Hex.size(); I += 2) {
    unsigned High = hexDigitValue(Hex[I]), Low = hexDigitValue(Hex[I + 1]);
    if (High == ~0U || Low == ~0U)
      return Fail("'" + Hex.substr(I, 2) + "' at column " + Twine(I + 1) +
                  " is not a hex byte");
    Bytes.push_back(static_cast<uint8_t>(High << 4 | Low));
  }
  if (!Disassembler)
    return Fail("the target has no disassembler");

  const MCInstrInfo &InstrInfo = State.getInstrInfo();
  std::string DroppedBranch;
  for (uint64_t Offset = 0; Offset < Bytes.size();) {
    MCInst Inst;
    uint64_t Size = 0;
    ArrayRef<uint8_t> Rest = ArrayRef<uint8_t>(Bytes).drop_front(Offset);
    if (Disassembler->getInstruction(Inst, Size, Rest, Offset, nulls()) !=
            MCDisassembler::Success ||
        Size == 0) {
      std::string Shown;
      for (uint8_t Byte : Rest.take_front(std::min<size_t>(Rest.size(), 4)))
        Shown += (Shown.empty() ? "" : " ") + utohexstr(Byte, true, 2);
      return Fail("byte offset " + Twine(Offset) + ": " + Shown +
                  (Rest.size() > 4 ? " ..." : "") +
                  " does not decode as an instruction");
    }
    const MCInstrDesc &Desc = InstrInfo.get(Inst.getOpcode());
    bool IsLast = Offset + Size == Bytes.size();
    if (IsLast && Desc.isBranch()) {
      DroppedBranch = print(Inst);
      break;
    }
    if (Desc.mayAffectControlFlow(Inst, State.getRegInfo()))
      return Fail("byte offset " + Twine(Offset) + ": '" + print(Inst) +
                  (IsLast ? "' ends the block, and only a branch may (it is "
                            "dropped)"
                          : "' is control flow inside the block (only a "
                            "final branch is allowed, and it is dropped)"));
    Code.Key.Instructions.push_back(Inst);
    Code.InstructionTexts.push_back(print(Inst));
    Offset += Size;
  }
  raw_string_ostream Info(Code.Info);
  Info << OriginPrefix << Where << ": " << Bytes.size() << " bytes, "
       << Code.Key.Instructions.size()
       << (Code.Key.Instructions.size() == 1 ? " instruction"
                                             : " instructions");
  if (!DroppedBranch.empty())
    Info << " (its final branch '" << DroppedBranch << "' dropped)";
  return Code;
}

} // namespace

std::vector<BenchmarkCode>
readHexSnippets(const LLVMState &State, std::unique_ptr<MemoryBuffer> Buffer) {
  BlockDecoder Decoder(State);
  std::vector<BenchmarkCode> Codes;
  StringRef File = Buffer->getBufferIdentifier();
  SmallVector<StringRef, 0> Lines;
  Buffer->getBuffer().split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef Line = Lines[I];
    Line = Line.take_until([](char C) { return C == '#'; });
    StringRef Hex = Line.take_until([](char C) { return C == ','; }).trim();
    // A line of data without bytes (BHive has one) is an empty block, not a
    // blank line.
    if (Hex.empty() && Line.trim().empty())
      continue;
    Codes.push_back(Decoder.decode(File, I + 1, Hex));
  }
  return Codes;
}

std::optional<BasicBlockOrigin> parseBasicBlockOrigin(StringRef Info) {
  if (!Info.consume_front(OriginPrefix))
    return std::nullopt;
  // FILE:LINE: with the first colon that digits and a colon follow (a file
  // name may hold colons of its own, seldom followed by digits alone).
  for (size_t Colon = Info.find(':'); Colon != StringRef::npos;
       Colon = Info.find(':', Colon + 1)) {
    StringRef Rest = Info.drop_front(Colon + 1);
    StringRef Digits = Rest.take_while(isDigit);
    unsigned Line;
    if (Colon == 0 || Digits.empty() ||
        !Rest.drop_front(Digits.size()).starts_with(":") ||
        Digits.getAsInteger(10, Line))
      continue;
    return BasicBlockOrigin{Info.take_front(Colon).str(), Line};
  }
  return std::nullopt;
}

Expected<std::vector<BenchmarkCode>> readHexSnippets(const LLVMState &State,
                                                     StringRef Filename) {
  Expected<std::unique_ptr<MemoryBuffer>> Buffer = readSnippetFile(Filename);
  if (!Buffer)
    return Buffer.takeError();
  return readHexSnippets(State, std::move(*Buffer));
}

} // namespace exegesis
} // namespace llvm
