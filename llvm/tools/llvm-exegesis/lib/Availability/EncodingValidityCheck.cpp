//===-- EncodingValidityCheck.cpp ------------------------------*- C++ -*-===//
//-*-===//

#include "Availability/EncodingValidityCheck.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

namespace llvm {
namespace exegesis {

namespace {
/// Keeps only the instructions the parser emits.
class InstructionCollector : public MCStreamer {
public:
  explicit InstructionCollector(MCContext &Ctx) : MCStreamer(Ctx) {}
  bool emitSymbolAttribute(MCSymbol *, MCSymbolAttr) override { return true; }
  void emitCommonSymbol(MCSymbol *, uint64_t, Align) override {}
  void emitZerofill(MCSection *, MCSymbol *, uint64_t, Align, SMLoc) override {}
  void emitInstruction(const MCInst &Inst, const MCSubtargetInfo &) override {
    Instructions.push_back(Inst);
  }
  std::vector<MCInst> Instructions;
};
} // namespace

EncodingValidityCheck::EncodingValidityCheck(const LLVMState &State)
    : State(State) {}

EncodingValidityCheck::~EncodingValidityCheck() = default;

Expected<std::unique_ptr<EncodingValidityCheck>>
EncodingValidityCheck::create(const LLVMState &State) {
  std::unique_ptr<EncodingValidityCheck> Check(
      new EncodingValidityCheck(State));
  const Target &T = State.getTarget();
  const Triple &TT = State.getTriple();
  Check->ParserSTI.reset(
      T.createMCSubtargetInfo(TT, State.getCpuName(), State.getFeatures()));
  Check->EmitterContext = std::make_unique<MCContext>(
      TT, &State.getAsmInfo(), &State.getRegInfo(), &State.getSubtargetInfo());
  Check->Emitter.reset(
      T.createMCCodeEmitter(State.getInstrInfo(), *Check->EmitterContext));
  Check->Disassembler.reset(
      T.createMCDisassembler(State.getSubtargetInfo(), *Check->EmitterContext));
  Check->Printer.reset(
      T.createMCInstPrinter(TT, /*SyntaxVariant=*/0, State.getAsmInfo(),
                            State.getInstrInfo(), State.getRegInfo()));
  if (!Check->ParserSTI || !Check->Emitter || !Check->Printer ||
      !T.hasMCAsmParser())
    return createStringError(inconvertibleErrorCode(),
                             "cannot check instructions for target '" +
                                 TT.str() + "': it has no assembler parser");
  return Check;
}

SmallString<16> EncodingValidityCheck::encode(const MCInst &Inst) {
  SmallString<16> Bytes;
  SmallVector<MCFixup, 1> Fixups;
  Emitter->encodeInstruction(Inst, Bytes, Fixups, State.getSubtargetInfo());
  return Bytes;
}

static void collectDiagnostic(const SMDiagnostic &Diag, void *Context) {
  std::string &Message = *static_cast<std::string *>(Context);
  if (Message.empty() && Diag.getKind() == SourceMgr::DK_Error)
    Message = Diag.getMessage().str();
}

EncodingValidityCheck::ParseResult
EncodingValidityCheck::parse(StringRef Text) {
  const Target &T = State.getTarget();
  SourceMgr SM;
  std::string Message;
  SM.setDiagHandler(collectDiagnostic, &Message);
  SM.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy((Text + "\n").str()),
                        SMLoc());
  MCContext Ctx(State.getTriple(), &State.getAsmInfo(), &State.getRegInfo(),
                ParserSTI.get(), &SM);
  std::unique_ptr<MCObjectFileInfo> FileInfo(
      T.createMCObjectFileInfo(Ctx, /*PIC=*/false));
  Ctx.setObjectFileInfo(FileInfo.get());
  InstructionCollector Streamer(Ctx);
  // Parsers that emit through a target streamer (Mips's does for every
  // instruction) need one; the streamer owns it.
  T.createNullTargetStreamer(Streamer);
  std::unique_ptr<MCAsmParser> Parser(
      createMCAsmParser(SM, Ctx, Streamer, State.getAsmInfo()));
  std::unique_ptr<MCTargetAsmParser> TargetParser(T.createMCAsmParser(
      *ParserSTI, *Parser, State.getInstrInfo(), State.getTargetOptions()));
  ParseResult Result;
  if (!TargetParser) {
    Result.Complaint = "no assembler parser for the target";
    return Result;
  }
  Parser->setTargetParser(*TargetParser);
  if (Parser->Run(/*NoInitialTextSection=*/false) || !Message.empty()) {
    Result.Complaint =
        Message.empty() ? std::string("rejected by the assembler") : Message;
    return Result;
  }
  // Only targets that compare them pay for encoding what was parsed.
  if (SnippetGenerationTarget::lookup(State.getTriple())
          .printedFormMustAssembleToSameBytes())
    for (const MCInst &Inst : Streamer.Instructions)
      Result.Bytes += encode(Inst);
  return Result;
}

std::optional<std::string>
EncodingValidityCheck::whyUnavailable(const MCInst &Inst) {
  return whyInvalid(Inst);
}

std::optional<std::string>
EncodingValidityCheck::whyInvalid(const MCInst &Snippet) {
  // A target pseudo is checked as the instruction it stands for.
  Expected<LoweredSnippet> Lowered =
      State.getExegesisTarget().lowerSnippet(State, Snippet);
  if (!Lowered)
    return toString(Lowered.takeError());
  const MCInst &Inst = Lowered->Instructions.front();
  SmallString<16> Bytes = encode(Inst);
  ArrayRef<uint8_t> Code(reinterpret_cast<const uint8_t *>(Bytes.data()),
                         Bytes.size());
  std::string Text;
  raw_string_ostream OS(Text);
  // The printed form may fit several encodings (x86: legacy, VEX, EVEX);
  // the prefix asks the parser for the one Code is in.
  OS << State.getExegesisTarget().getEncodingPrefix(State.getTriple(), Code);
  Printer->printInst(&Inst, 0, "", State.getSubtargetInfo(), OS);
  auto Parsed = [&]() -> const ParseResult & {
    auto [It, Inserted] = Cache.try_emplace(StringRef(Text).trim());
    if (Inserted)
      It->second = parse(It->first());
    return It->second;
  };
  auto ParserComplaint = [&]() -> std::optional<std::string> {
    const ParseResult &Result = Parsed();
    if (Result.Complaint)
      return Result.Complaint;
    if (SnippetGenerationTarget::lookup(State.getTriple())
            .printedFormMustAssembleToSameBytes() &&
        Result.Bytes != Bytes)
      return std::string("its printed form assembles to another instruction "
                         "in this mode (an opcode of another ISA mode or "
                         "revision)");
    return std::nullopt;
  };
  if (Disassembler) {
    MCInst Decoded;
    uint64_t Size = 0;
    if (Disassembler->getInstruction(Decoded, Size, Code, 0, nulls()) !=
            MCDisassembler::Success ||
        Size != Code.size() ||
        // x86's one-byte INC/DEC forms decode as a REX prefix alone.
        State.getOpcodeName(Decoded.getOpcode()).ends_with("_PREFIX")) {
      // The parser often says why, e.g. which extension the subtarget
      // lacks (RISC-V).
      if (std::optional<std::string> Why = ParserComplaint())
        return Why;
      return std::string("its encoding does not decode back in this mode");
    }
  }
  return ParserComplaint();
}

} // namespace exegesis
} // namespace llvm
