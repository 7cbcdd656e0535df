//===-- ObjectBuilder.cpp ---------------------------------------*- C++ -*-===//

#include "Assembly/ObjectBuilder.h"
#include "Core/LLVMState.h"
#include "llvm/BinaryFormat/COFF.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/SourceMgr.h"

namespace llvm {
namespace exegesis {

static Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

ObjectBuilder::ObjectBuilder(const LLVMState &State, SmallString<0> &Object)
    : State(State), OS(Object),
      Ctx(State.getTriple(), &State.getAsmInfo(), &State.getRegInfo(),
          &State.getSubtargetInfo(), nullptr, &State.getTargetOptions()) {
  Ctx.setDiagnosticHandler([this](const SMDiagnostic &Diag, bool,
                                  const SourceMgr &,
                                  std::vector<const MDNode *> &) {
    if (FirstDiagnostic.empty())
      FirstDiagnostic = Diag.getMessage().str();
  });
  const Target &T = State.getTarget();
  ObjectFileInfo.reset(T.createMCObjectFileInfo(Ctx, /*PIC=*/false));
  Ctx.setObjectFileInfo(ObjectFileInfo.get());
  std::unique_ptr<MCAsmBackend> Backend(T.createMCAsmBackend(
      State.getSubtargetInfo(), State.getRegInfo(), State.getTargetOptions()));
  std::unique_ptr<MCCodeEmitter> Emitter(
      T.createMCCodeEmitter(State.getInstrInfo(), Ctx));
  if (!Backend || !Emitter)
    return;
  std::unique_ptr<MCObjectWriter> Writer = Backend->createObjectWriter(OS);
  Streamer.reset(T.createMCObjectStreamer(
      State.getTriple(), Ctx, std::move(Backend), std::move(Writer),
      std::move(Emitter), State.getSubtargetInfo()));
}

std::optional<EncodedSnippet> ObjectBuilder::encode(ArrayRef<MCInst> Snippet,
                                                    bool AllowFixups) {
  const MCCodeEmitter &Emitter = getAssembler().getEmitter();
  EncodedSnippet Encoded;
  SmallVector<MCFixup, 4> Fixups;
  for (const MCInst &Inst : Snippet) {
    Encoded.Offsets.push_back(Encoded.Bytes.size());
    Emitter.encodeInstruction(Inst, Encoded.Bytes, Fixups,
                              State.getSubtargetInfo());
    if (!Fixups.empty() && !AllowFixups)
      return std::nullopt;
  }
  return Encoded;
}

void ObjectBuilder::declareFunctionSymbol(MCSymbol *Symbol) {
  MCStreamer &S = getStreamer();
  S.emitSymbolAttribute(Symbol, MCSA_Global);
  if (State.getTriple().isOSBinFormatCOFF()) {
    S.beginCOFFSymbolDef(Symbol);
    S.emitCOFFSymbolStorageClass(COFF::IMAGE_SYM_CLASS_EXTERNAL);
    S.emitCOFFSymbolType(COFF::IMAGE_SYM_DTYPE_FUNCTION
                         << COFF::SCT_COMPLEX_TYPE_SHIFT);
    S.endCOFFSymbolDef();
    return;
  }
  S.emitSymbolAttribute(Symbol, MCSA_ELF_TypeFunction);
}

Error ObjectBuilder::finish() {
  Streamer->finish();
  if (Ctx.hadError())
    return makeError("assembling the function failed: " +
                     (FirstDiagnostic.empty() ? std::string("unknown error")
                                              : FirstDiagnostic));
  return Error::success();
}

Expected<CodeRange> locateCode(StringRef Object) {
  Expected<std::unique_ptr<object::ObjectFile>> File =
      object::ObjectFile::createObjectFile(
          MemoryBufferRef(Object, "assembled function"));
  if (!File)
    return makeError("cannot read back the assembled object: " +
                     toString(File.takeError()));
  for (const object::SectionRef &Section : (*File)->sections()) {
    Expected<StringRef> Name = Section.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name != ".text")
      continue;
    Expected<StringRef> Contents = Section.getContents();
    if (!Contents)
      return makeError("cannot read back the assembled object: " +
                       toString(Contents.takeError()));
    return CodeRange{uint64_t(Contents->data() - Object.data()),
                     Contents->size()};
  }
  return makeError("the assembled object has no .text section");
}

} // namespace exegesis
} // namespace llvm
