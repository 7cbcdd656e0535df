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
  Check->Disassembler.reset(
      T.createMCDisassembler(State.getSubtargetInfo(), *Check->EmitterContext));
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

SmallString<16> CpuSupportCheck::encode(const MCInst &Inst) {
  SmallString<16> Bytes;
  SmallVector<MCFixup, 1> Fixups;
  Emitter->encodeInstruction(Inst, Bytes, Fixups, State.getSubtargetInfo());
  return Bytes;
}

namespace {
/// An x86 extension recognised by opcode name prefix.
struct ExtensionPrefix {
  StringLiteral Prefix;
  StringLiteral Feature;
};
} // namespace

// The first matching prefix wins: longer ones come before their prefixes.
static constexpr ExtensionPrefix X86Extensions[] = {
    {"GF2P8", "gfni"},
    {"VGF2P8", "gfni"},
    {"AESENCWIDE", "widekl"},
    {"AESDECWIDE", "widekl"},
    {"AESENC128KL", "kl"},
    {"AESENC256KL", "kl"},
    {"AESDEC128KL", "kl"},
    {"AESDEC256KL", "kl"},
    {"ENCODEKEY", "kl"},
    {"CMPCCXADD", "cmpccxadd"},
    {"ENQCMD", "enqcmd"},
    {"KADD", "avx512f"},
    {"KAND", "avx512f"},
    {"KMOV", "avx512f"},
    {"KNOT", "avx512f"},
    {"KOR", "avx512f"},
    {"KSHIFT", "avx512f"},
    {"KTEST", "avx512f"},
    {"KUNPCK", "avx512f"},
    {"KXNOR", "avx512f"},
    {"KXOR", "avx512f"},
    {"SHA1", "sha"},
    {"SHA256", "sha"},
    {"VSHA512", "sha512"},
    {"VSM3", "sm3"},
    {"VSM4", "sm4"},
    {"VPDPBUSD", "avxvnni"},
    {"VPDPWSSD", "avxvnni"},
    {"VPDPB", "avxvnniint8"},
    {"VPDPW", "avxvnniint16"},
    {"VPMADD52", "avxifma"},
    {"VCVTNE", "avxneconvert"},
    {"VBCSTNE", "avxneconvert"},
    {"MOVDIRI", "movdiri"},
    {"MOVDIR64B", "movdir64b"},
    {"SERIALIZE", "serialize"},
    {"CLDEMOTE", "cldemote"},
    {"RDPID", "rdpid"},
    {"CLZERO", "clzero"},
    {"MWAITX", "mwaitx"},
    {"MONITORX", "mwaitx"},
    {"PREFETCHWT1", "prefetchwt1"},
    {"PREFETCHIT", "prefetchi"},
    {"PREFETCHRST2", "movrs"},
    {"MOVRS", "movrs"},
    {"VMOVRS", "movrs"},
    {"CLFLUSHOPT", "clflushopt"},
    {"CLWB", "clwb"},
    {"XSAVEC", "xsavec"},
    {"XSAVEOPT", "xsaveopt"},
    {"EXTRQ", "sse4a"},
    {"INSERTQ", "sse4a"},
    {"MOVNTSD", "sse4a"},
    {"MOVNTSS", "sse4a"},
    {"VFMADDPD4", "fma4"},
    {"VFMADDPS4", "fma4"},
    {"VFMADDSD4", "fma4"},
    {"VFMADDSS4", "fma4"},
    {"VFMSUB", "fma"},
    {"VFMADD", "fma"},
    {"VFNMADD", "fma"},
    {"VFNMSUB", "fma"},
    {"VCVTPH2PS", "f16c"},
    {"VCVTPS2PH", "f16c"},
    {"VAESENC", "aes"},
    {"VAESDEC", "aes"},
    {"AESENC", "aes"},
    {"AESDEC", "aes"},
    {"AESIMC", "aes"},
    {"AESKEYGEN", "aes"},
    {"PCLMUL", "pclmul"},
    {"VPCLMUL", "pclmul"},
    {"ADCX", "adx"},
    {"ADOX", "adx"},
    {"MULX", "bmi2"},
    {"PDEP", "bmi2"},
    {"PEXT", "bmi2"},
    {"RORX", "bmi2"},
    {"SARX", "bmi2"},
    {"SHLX", "bmi2"},
    {"SHRX", "bmi2"},
    {"BZHI", "bmi2"},
    {"ANDN", "bmi"},
    {"BEXTR", "bmi"},
    {"BLSI", "bmi"},
    {"BLSMSK", "bmi"},
    {"BLSR", "bmi"},
    {"TZCNT", "bmi"},
    {"MOVBE", "movbe"},
    {"RDRAND", "rdrnd"},
    {"RDSEED", "rdseed"},
    {"POPCNT", "popcnt"},
    {"CRC32", "crc32"},
    {"PTWRITE", "ptwrite"},
    {"RDPKRU", "pku"},
    {"WRPKRU", "pku"},
    {"TESTUI", "uintr"},
    {"PF2I", "3dnow"},
    {"PFACC", "3dnow"},
    {"PFADD", "3dnow"},
    {"PFCMP", "3dnow"},
    {"PFMAX", "3dnow"},
    {"PFMIN", "3dnow"},
    {"PFMUL", "3dnow"},
    {"PFNACC", "3dnowa"},
    {"PFPNACC", "3dnowa"},
    {"PFRCP", "3dnow"},
    {"PFRSQ", "3dnow"},
    {"PFSUB", "3dnow"},
    {"PI2F", "3dnow"},
    {"PAVGUSB", "3dnow"},
    {"PMULHRW", "3dnow"},
    {"PSWAPD", "3dnowa"},
    {"FEMMS", "3dnow"},
    {"WBNOINVD", "wbnoinvd"},
    {"XRESLDTRK", "tsxldtrk"},
    {"XSUSLDTRK", "tsxldtrk"},
    {"XTEST", "rtm"},
    {"VPERMIL2P", "xop"},
    {"XCRYPT", "padlock"},
    {"XSHA1", "padlock"},
    {"XSHA256", "padlock"},
    {"XSTORE", "padlock"},
    {"MONTMUL", "padlock"},
    {"PBNDKB", "tse"},
    {"AADD", "raoint"},
    {"AAND", "raoint"},
    {"AOR", "raoint"},
    {"AXOR", "raoint"},
    {"LDTILECFG", "amx-tile"},
    {"STTILECFG", "amx-tile"},
};

std::optional<StringRef>
CpuSupportCheck::getExtensionFeature(unsigned Opcode) const {
  if (!State.getTriple().isX86())
    return std::nullopt;
  StringRef Name = State.getOpcodeName(Opcode);
  // FMA4 forms carry a 4 after the type: VFMADDSUBPD4rr, VFNMSUBSS4rm...
  if (Name.starts_with("VF"))
    for (StringRef Type : {"PD4", "PS4", "SD4", "SS4"})
      if (Name.contains(Type))
        return StringRef("fma4");
  for (const ExtensionPrefix &E : X86Extensions)
    if (Name.starts_with(E.Prefix))
      return StringRef(E.Feature);
  return std::nullopt;
}

CpuSupportCheck::EncodingFamily
CpuSupportCheck::getEncodingFamily(const MCInst &,
                                   ArrayRef<uint8_t> Bytes) const {
  if (!State.getTriple().isX86() || !State.getTriple().isArch64Bit())
    return {};
  for (size_t I = 0; I < Bytes.size(); ++I) {
    uint8_t Byte = Bytes[I];
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
    // XOP (AMD): 0x8F with an opcode map of 8 or more; TBM shares it.
    if (Byte == 0x8F && I + 1 < Bytes.size() && (Bytes[I + 1] & 0x1F) >= 8)
      return {"", "xop", "XOP"};
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
  // Looked up rather than passed to checkFeatures, which aborts on a name
  // this LLVM does not know (features come and go between releases).
  auto Lacks = [&](StringRef Feature) {
    for (const SubtargetFeatureKV &KV : CheckedSTI->getAllProcessorFeatures())
      if (Feature == KV.Key)
        return !CheckedSTI->getFeatureBits()[KV.Value];
    // A feature this LLVM does not know (3DNow!, VIA PadLock) is one no CPU
    // model of it has.
    return true;
  };
  SmallString<16> Bytes = encode(Inst);
  EncodingFamily Family = getEncodingFamily(
      Inst, ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Bytes.data()),
                              Bytes.size()));
  // TBM shares XOP's encoding: either feature may be the one needed.
  if (!Family.Feature.empty() && Lacks(Family.Feature) &&
      !(Family.Feature == "xop" && !Lacks("tbm")))
    return (Family.Description + " encoding, and CPU '" + CpuName +
            "' lacks the '" + Family.Feature + "' feature")
        .str();
  if (std::optional<StringRef> Feature = getExtensionFeature(Inst.getOpcode()))
    if (Lacks(*Feature))
      return ("CPU '" + CpuName + "' lacks the '" + *Feature + "' feature")
          .str();
  return whyInvalid(Inst);
}

std::optional<std::string> CpuSupportCheck::whyInvalid(const MCInst &Inst) {
  SmallString<16> Bytes = encode(Inst);
  ArrayRef<uint8_t> Code(reinterpret_cast<const uint8_t *>(Bytes.data()),
                         Bytes.size());
  if (Disassembler) {
    MCInst Decoded;
    uint64_t Size = 0;
    if (Disassembler->getInstruction(Decoded, Size, Code, 0, nulls()) !=
            MCDisassembler::Success ||
        Size != Code.size() ||
        // x86's one-byte INC/DEC forms decode as a REX prefix alone.
        State.getOpcodeName(Decoded.getOpcode()).ends_with("_PREFIX"))
      return std::string("its encoding does not decode back in this mode");
  }
  std::string Text;
  raw_string_ostream OS(Text);
  OS << getEncodingFamily(Inst, Code).Prefix;
  Printer->printInst(&Inst, 0, "", State.getSubtargetInfo(), OS);
  auto [It, Inserted] = Cache.try_emplace(StringRef(Text).trim());
  if (Inserted)
    It->second = parse(It->first());
  return It->second;
}

} // namespace exegesis
} // namespace llvm
