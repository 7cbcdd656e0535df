//===-- CpuSupportCheck.cpp -------------------------------------*- C++ -*-===//

#include "CpuSupportCheck.h"
#include "LLVMState.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/Host.h"

namespace llvm {
namespace exegesis {

namespace {
/// Swallows whatever the parser emits: only success or failure matters.
class DiscardingStreamer : public MCStreamer {
public:
  explicit DiscardingStreamer(MCContext &Ctx) : MCStreamer(Ctx) {}
  bool emitSymbolAttribute(MCSymbol *, MCSymbolAttr) override { return true; }
  void emitCommonSymbol(MCSymbol *, uint64_t, Align) override {}
  void emitZerofill(MCSection *, MCSymbol *, uint64_t, Align, SMLoc) override {}
  void emitInstruction(const MCInst &, const MCSubtargetInfo &) override {}
};
} // namespace

CpuSupportCheck::CpuSupportCheck(const LLVMState &State) : State(State) {}

CpuSupportCheck::~CpuSupportCheck() = default;

Expected<std::unique_ptr<CpuSupportCheck>>
CpuSupportCheck::create(const LLVMState &State, StringRef CpuName,
                        StringRef Features) {
  std::unique_ptr<CpuSupportCheck> Check(new CpuSupportCheck(State));
  const Target &T = State.getTarget();
  const Triple &TT = State.getTriple();
  Check->CheckedSTI.reset(T.createMCSubtargetInfo(TT, CpuName, Features));
  Check->CpuName = CpuName.str();
  Check->EmitterContext = std::make_unique<MCContext>(
      TT, &State.getAsmInfo(), &State.getRegInfo(), &State.getSubtargetInfo());
  Check->Emitter.reset(
      T.createMCCodeEmitter(State.getInstrInfo(), *Check->EmitterContext));
  Check->Printer.reset(
      T.createMCInstPrinter(TT, /*SyntaxVariant=*/0, State.getAsmInfo(),
                            State.getInstrInfo(), State.getRegInfo()));
  if (!Check->CheckedSTI || !Check->Emitter || !Check->Printer ||
      !T.hasMCAsmParser())
    return createStringError(inconvertibleErrorCode(),
                             "cannot check instructions for CPU '" + CpuName +
                                 "': the target '" + TT.str() +
                                 "' has no assembler parser");
  return Check;
}

Expected<std::unique_ptr<CpuSupportCheck>>
CpuSupportCheck::createForTarget(const LLVMState &State) {
  return create(State, State.getCpuName(), State.getFeatures());
}

Expected<std::unique_ptr<CpuSupportCheck>>
CpuSupportCheck::createForHost(const LLVMState &State) {
  std::string Features;
  for (const auto &[Name, Enabled] : sys::getHostCPUFeatures()) {
    if (!Features.empty())
      Features += ',';
    Features += (Enabled ? "+" : "-") + Name.str();
  }
  return create(State, sys::getHostCPUName(), Features);
}

CpuSupportCheck::EncodingFamily
CpuSupportCheck::getEncodingFamily(const MCInst &Inst) {
  if (!State.getTriple().isX86() || !State.getTriple().isArch64Bit())
    return {};
  SmallString<16> Bytes;
  SmallVector<MCFixup, 1> Fixups;
  Emitter->encodeInstruction(Inst, Bytes, Fixups, State.getSubtargetInfo());
  for (size_t I = 0; I < Bytes.size(); ++I) {
    unsigned char Byte = Bytes[I];
    bool LegacyPrefix = Byte == 0x66 || Byte == 0x67 || Byte == 0xF2 ||
                        Byte == 0xF3 || Byte == 0xF0 || Byte == 0x2E ||
                        Byte == 0x36 || Byte == 0x3E || Byte == 0x26 ||
                        Byte == 0x64 || Byte == 0x65 || (Byte & 0xF0) == 0x40;
    if (LegacyPrefix)
      continue;
    if (Byte == 0x62) {
      // EVEX map 4 holds APX's promoted legacy instructions.
      bool LegacyMap = I + 1 < Bytes.size() && (Bytes[I + 1] & 7) == 4;
      if (LegacyMap)
        return {"{evex} ", "egpr", "APX"};
      return {"{evex} ", "avx512f", "AVX-512"};
    }
    if (Byte == 0xC4 || Byte == 0xC5)
      return {"{vex} ", "avx", "AVX"};
    if (Byte == 0xD5)
      return {"{rex2} ", "egpr", "APX"};
    break;
  }
  return {};
}

static void collectDiagnostic(const SMDiagnostic &Diag, void *Context) {
  std::string &Message = *static_cast<std::string *>(Context);
  if (Message.empty() && Diag.getKind() == SourceMgr::DK_Error)
    Message = Diag.getMessage().str();
}

std::optional<std::string> CpuSupportCheck::parse(StringRef Text) {
  const Target &T = State.getTarget();
  SourceMgr SM;
  std::string Message;
  SM.setDiagHandler(collectDiagnostic, &Message);
  SM.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy((Text + "\n").str()),
                        SMLoc());
  MCContext Ctx(State.getTriple(), &State.getAsmInfo(), &State.getRegInfo(),
                CheckedSTI.get(), &SM);
  std::unique_ptr<MCObjectFileInfo> FileInfo(
      T.createMCObjectFileInfo(Ctx, /*PIC=*/false));
  Ctx.setObjectFileInfo(FileInfo.get());
  DiscardingStreamer Streamer(Ctx);
  std::unique_ptr<MCAsmParser> Parser(
      createMCAsmParser(SM, Ctx, Streamer, State.getAsmInfo()));
  std::unique_ptr<MCTargetAsmParser> TargetParser(T.createMCAsmParser(
      *CheckedSTI, *Parser, State.getInstrInfo(), State.getTargetOptions()));
  if (!TargetParser)
    return std::string("no assembler parser for the target");
  Parser->setTargetParser(*TargetParser);
  if (Parser->Run(/*NoInitialTextSection=*/false) || !Message.empty())
    return Message.empty() ? std::string("rejected by the assembler") : Message;
  return std::nullopt;
}

std::optional<std::string> CpuSupportCheck::whyUnavailable(const MCInst &Inst) {
  const MCSchedModel &Sched = CheckedSTI->getSchedModel();
  if (Sched.hasInstrSchedModel() && Sched.CompleteModel) {
    unsigned SchedClass =
        State.getInstrInfo().get(Inst.getOpcode()).getSchedClass();
    if (!Sched.getSchedClassDesc(SchedClass)->isValid())
      return "not implemented by CPU '" + CpuName + "'";
  }
  EncodingFamily Family = getEncodingFamily(Inst);
  if (!Family.Feature.empty() &&
      !CheckedSTI->checkFeatures(("+" + Family.Feature).str()))
    return (Family.Description + " encoding, and CPU '" + CpuName +
            "' lacks the '" + Family.Feature + "' feature")
        .str();
  return whyInvalid(Inst);
}

std::optional<std::string> CpuSupportCheck::whyInvalid(const MCInst &Inst) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << getEncodingFamily(Inst).Prefix;
  Printer->printInst(&Inst, 0, "", State.getSubtargetInfo(), OS);
  auto [It, Inserted] = Cache.try_emplace(StringRef(Text).trim());
  if (Inserted)
    It->second = parse(It->first());
  return It->second;
}

} // namespace exegesis
} // namespace llvm
