//===-- Assembler.cpp -------------------------------------------*- C++ -*-===//
//
// The function is streamed through the target's MC object streamer. The
// prologue, register setup, loop control and epilogue are a few instructions
// and go through emitInstruction. The repeated snippet is most of the
// function: when its instructions need no fixups, it is encoded once and its
// bytes are copied, which is what makes assembling a 10,000-instruction
// function cheap. Snippets with fixups take the slow path, one
// emitInstruction per copy.
//
//===----------------------------------------------------------------------===//

#include "Assembly/Assembler.h"
#include "Assembly/SnippetRepetitor.h"
#include "Core/LLVMState.h"
#include "Core/RegisterWidth.h"
#include "Core/Target.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/BinaryFormat/COFF.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectStreamer.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/SourceMgr.h"

namespace llvm {
namespace exegesis {

/// Functions larger than this are refused: they would take gigabytes to
/// build and could not be measured sensibly anyway.
static constexpr uint64_t MaxFunctionBytes = uint64_t(1) << 30;

static Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Refuses what the encoder cannot take (pseudo instructions, malformed
/// operand lists) with a message instead of a crash inside LLVM.
static Error checkSnippet(const LLVMState &State, ArrayRef<MCInst> Snippet) {
  const MCInstrInfo &II = State.getInstrInfo();
  for (auto [Index, Inst] : enumerate(Snippet)) {
    if (Inst.getOpcode() >= II.getNumOpcodes())
      return makeError("snippet instruction " + Twine(Index) +
                       " has an unknown opcode " + Twine(Inst.getOpcode()));
    const MCInstrDesc &Desc = II.get(Inst.getOpcode());
    StringRef Name = State.getOpcodeName(Inst.getOpcode());
    if (Desc.isPseudo())
      return makeError("snippet instruction " + Twine(Index) + " (" + Name +
                       ") is a pseudo instruction and cannot be assembled");
    bool CountOk = Desc.isVariadic()
                       ? Inst.getNumOperands() >= Desc.getNumOperands()
                       : Inst.getNumOperands() == Desc.getNumOperands();
    if (!CountOk)
      return makeError("snippet instruction " + Twine(Index) + " (" + Name +
                       ") has " + Twine(Inst.getNumOperands()) +
                       " operands, expected " + Twine(Desc.getNumOperands()));
  }
  return Error::success();
}

/// Marks every register \p Inst writes, explicitly or implicitly.
static void addWrittenRegisters(const ExegesisTarget &ET, const MCInstrInfo &II,
                                const MCInst &Inst, BitVector &Written) {
  SmallVector<MCRegister, 2> Reads, Writes;
  ET.getUndescribedRegisters(Inst, Reads, Writes);
  for (MCRegister Reg : Writes)
    Written.set(Reg.id());
  const MCInstrDesc &Desc = II.get(Inst.getOpcode());
  for (unsigned I = 0, E = std::min<unsigned>(Desc.getNumDefs(),
                                              Inst.getNumOperands());
       I < E; ++I) {
    const MCOperand &Op = Inst.getOperand(I);
    if (Op.isReg() && Op.getReg().isValid())
      Written.set(Op.getReg().id());
  }
  for (MCPhysReg Reg : Desc.implicit_defs())
    Written.set(Reg);
}

/// Marks every register \p Inst reads: its source operands (including
/// the registers of a memory reference) and its implicit uses.
static void addReadRegisters(const ExegesisTarget &ET, const MCInstrInfo &II,
                             const MCInst &Inst, BitVector &Read) {
  SmallVector<MCRegister, 2> Reads, Writes;
  ET.getUndescribedRegisters(Inst, Reads, Writes);
  for (MCRegister Reg : Reads)
    Read.set(Reg.id());
  const MCInstrDesc &Desc = II.get(Inst.getOpcode());
  for (unsigned I = Desc.getNumDefs(), E = Inst.getNumOperands(); I < E; ++I) {
    const MCOperand &Op = Inst.getOperand(I);
    if (Op.isReg() && Op.getReg().isValid())
      Read.set(Op.getReg().id());
  }
  for (MCPhysReg Reg : Desc.implicit_uses())
    Read.set(Reg);
}

/// Whether \p Code sets the stack pointer: an initial value, or a snippet
/// instruction that names it as a destination (push and pop only move it
/// and put it back).
static bool definesStackPointer(const LLVMState &State,
                                const BenchmarkCode &Code) {
  MCRegister SP = State.getExegesisTarget().getStackPointerRegister();
  if (!SP.isValid())
    return false;
  const MCRegisterInfo &RI = State.getRegInfo();
  for (const RegisterValue &RV : Code.Key.RegisterInitialValues)
    if (RI.regsOverlap(RV.Register, SP))
      return true;
  const MCInstrInfo &II = State.getInstrInfo();
  for (const MCInst &Inst : Code.Key.Instructions) {
    unsigned NumDefs = std::min<unsigned>(II.get(Inst.getOpcode()).getNumDefs(),
                                          Inst.getNumOperands());
    for (unsigned I = 0; I < NumDefs; ++I) {
      const MCOperand &Op = Inst.getOperand(I);
      if (Op.isReg() && Op.getReg().isValid() &&
          RI.regsOverlap(Op.getReg(), SP))
        return true;
    }
  }
  return false;
}

namespace {

/// The MC objects of one object file. An MCContext owns the symbols and
/// sections of one object, so each function gets its own.
class ObjectBuilder {
public:
  ObjectBuilder(const LLVMState &State, SmallString<0> &Object)
      : OS(Object),
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
    std::unique_ptr<MCAsmBackend> Backend(
        T.createMCAsmBackend(State.getSubtargetInfo(), State.getRegInfo(),
                             State.getTargetOptions()));
    std::unique_ptr<MCCodeEmitter> Emitter(
        T.createMCCodeEmitter(State.getInstrInfo(), Ctx));
    if (!Backend || !Emitter)
      return;
    std::unique_ptr<MCObjectWriter> Writer = Backend->createObjectWriter(OS);
    Streamer.reset(T.createMCObjectStreamer(
        State.getTriple(), Ctx, std::move(Backend), std::move(Writer),
        std::move(Emitter), State.getSubtargetInfo()));
  }

  bool isValid() const { return Streamer != nullptr; }
  MCContext &getContext() { return Ctx; }
  MCObjectStreamer &getStreamer() {
    return static_cast<MCObjectStreamer &>(*Streamer);
  }
  MCAssembler &getAssembler() { return getStreamer().getAssembler(); }
  const MCObjectFileInfo &getObjectFileInfo() { return *ObjectFileInfo; }

  /// Lays out and writes the object; fails with the assembler's first
  /// diagnostic (e.g. a branch out of range).
  Error finish() {
    Streamer->finish();
    if (Ctx.hadError())
      return makeError("assembling the function failed: " +
                       (FirstDiagnostic.empty() ? std::string("unknown error")
                                                : FirstDiagnostic));
    return Error::success();
  }

private:
  raw_svector_ostream OS;
  MCContext Ctx;
  std::unique_ptr<MCObjectFileInfo> ObjectFileInfo;
  std::unique_ptr<MCStreamer> Streamer;
  std::string FirstDiagnostic;
};

/// The snippet encoded once: its bytes and where each instruction starts.
struct EncodedSnippet {
  SmallString<64> Bytes;
  SmallVector<uint64_t, 8> Offsets;
};

} // namespace

/// Encodes \p Snippet with \p Emitter. Unless \p AllowFixups, nullopt when
/// an instruction needs a fixup, i.e. its bytes depend on where it lands.
static std::optional<EncodedSnippet> encodeSnippet(const MCCodeEmitter &Emitter,
                                                   const MCSubtargetInfo &STI,
                                                   ArrayRef<MCInst> Snippet,
                                                   bool AllowFixups) {
  EncodedSnippet Encoded;
  SmallVector<MCFixup, 4> Fixups;
  for (const MCInst &Inst : Snippet) {
    Encoded.Offsets.push_back(Encoded.Bytes.size());
    Emitter.encodeInstruction(Inst, Encoded.Bytes, Fixups, STI);
    if (!Fixups.empty() && !AllowFixups)
      return std::nullopt;
  }
  return Encoded;
}

/// Makes \p Symbol a global function symbol in the object format's terms,
/// so that disassemblers and linkers see a function.
static void declareFunctionSymbol(const Triple &TT, MCStreamer &Streamer,
                                  MCSymbol *Symbol) {
  Streamer.emitSymbolAttribute(Symbol, MCSA_Global);
  if (TT.isOSBinFormatCOFF()) {
    Streamer.beginCOFFSymbolDef(Symbol);
    Streamer.emitCOFFSymbolStorageClass(COFF::IMAGE_SYM_CLASS_EXTERNAL);
    Streamer.emitCOFFSymbolType(COFF::IMAGE_SYM_DTYPE_FUNCTION
                                << COFF::SCT_COMPLEX_TYPE_SHIFT);
    Streamer.endCOFFSymbolDef();
    return;
  }
  Streamer.emitSymbolAttribute(Symbol, MCSA_ELF_TypeFunction);
}

/// Finds the function's bytes in the object: .text holds nothing else.
static Error locateCode(AssembledFunction &Function) {
  Expected<std::unique_ptr<object::ObjectFile>> Object =
      object::ObjectFile::createObjectFile(
          MemoryBufferRef(Function.ObjectFile.str(), "assembled function"));
  if (!Object)
    return makeError("cannot read back the assembled object: " +
                     toString(Object.takeError()));
  for (const object::SectionRef &Section : (*Object)->sections()) {
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
    Function.CodeOffsetInObject = Contents->data() - Function.ObjectFile.data();
    Function.CodeSize = Contents->size();
    return Error::success();
  }
  return makeError("the assembled object has no .text section");
}

/// A register \p Snippet carries from one copy to the next (read before it
/// is written, and written) that \p LoopEnd writes too; invalid if none.
static MCRegister findChainBrokenByLoop(const ExegesisTarget &ET,
                                        const MCInstrInfo &II,
                                        const MCRegisterInfo &RI,
                                        ArrayRef<MCInst> Snippet,
                                        ArrayRef<MCInst> LoopEnd) {
  BitVector Written(RI.getNumRegs()), Carried(RI.getNumRegs());
  for (const MCInst &Inst : Snippet) {
    BitVector Read(RI.getNumRegs());
    addReadRegisters(ET, II, Inst, Read);
    for (unsigned Reg : Read.set_bits())
      if (!Written.test(Reg))
        Carried.set(Reg);
    addWrittenRegisters(ET, II, Inst, Written);
  }
  Carried &= Written;
  BitVector LoopWrites(RI.getNumRegs());
  for (const MCInst &Inst : LoopEnd)
    addWrittenRegisters(ET, II, Inst, LoopWrites);
  for (unsigned Reg : Carried.set_bits())
    for (unsigned LoopReg : LoopWrites.set_bits())
      if (RI.regsOverlap(Reg, LoopReg))
        return MCRegister(Reg);
  return MCRegister();
}

Expected<AssembledFunction>
assembleMeasuredFunction(const LLVMState &State, const BenchmarkCode &Code,
                         const AssemblyRequest &Request) {
  const ExegesisTarget &ET = State.getExegesisTarget();
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  const MCInstrInfo &II = State.getInstrInfo();
  const MCRegisterInfo &RI = State.getRegInfo();
  if (Error E = ET.checkCanAssembleFor(State.getTriple()))
    return E;
  Expected<LoweredSnippet> Lowered =
      ET.lowerSnippet(State, Code.Key.Instructions);
  if (!Lowered)
    return Lowered.takeError();
  ArrayRef<MCInst> Snippet = Lowered->Instructions;
  if (Error E = checkSnippet(State, Snippet))
    return E;
  Expected<std::vector<MCInst>> Setup =
      ET.setRegistersTo(STI, Code.Key.RegisterInitialValues);
  if (!Setup)
    return Setup.takeError();

  AssembledFunction Function;
  // Declared before the builder, whose stream writes into it, so that it
  // outlives the builder.
  SmallString<0> ObjectBytes;
  ObjectBuilder Builder(State, ObjectBytes);
  if (!Builder.isValid())
    return makeError("cannot emit objects for " + State.getTriple().str());
  MCContext &Ctx = Builder.getContext();

  // The size of a copy before any relaxation: it sizes a loop body by bytes,
  // and functions that would not fit in memory are refused before they are
  // built.
  EncodedSnippet Sizing = encodeSnippet(Builder.getAssembler().getEmitter(),
                                        STI, Snippet, /*AllowFixups=*/true)
                              .value();
  RepetitionPlan Plan = planRepetition(
      Request.Repetition, Snippet.size(), Request.MinInstructions,
      Request.LoopBodySize, Sizing.Bytes.size(), Request.LoopBodyBytes,
      Request.StraightLineMaxBytes);

  BitVector SnippetWrites(RI.getNumRegs());
  for (const MCInst &Inst : Snippet)
    addWrittenRegisters(ET, II, Inst, SnippetWrites);

  std::vector<MCInst> LoopSetup, LoopEnd;
  MCSymbol *LoopStart = nullptr;
  if (Plan.IsLoop) {
    MCRegister Counter =
        Code.LoopRegister.isValid()
            ? Code.LoopRegister
            : ET.getDefaultLoopCounterRegister(State.getTriple());
    if (!Counter.isValid())
      return makeError("loop repetition is not supported for " +
                       State.getTriple().str());
    StringRef CounterName = State.getRegisterName(Counter);
    for (unsigned Reg : SnippetWrites.set_bits())
      if (RI.regsOverlap(Reg, Counter))
        return makeError("the snippet writes " + State.getRegisterName(Reg) +
                         ", which overlaps the loop counter " + CounterName +
                         "; choose another with LLVM-EXEGESIS-LOOP-REGISTER");
    for (const RegisterValue &RV : Code.Key.RegisterInitialValues)
      if (RI.regsOverlap(RV.Register, Counter))
        return makeError("the snippet sets an initial value for " +
                         State.getRegisterName(RV.Register) +
                         ", which overlaps the loop counter " + CounterName +
                         "; choose another with LLVM-EXEGESIS-LOOP-REGISTER");
    // A snippet reading the counter would measure something else each
    // iteration.
    BitVector SnippetReads(RI.getNumRegs());
    for (const MCInst &Inst : Snippet)
      addReadRegisters(ET, II, Inst, SnippetReads);
    for (MCRegister Reg : Code.LiveIns)
      if (RI.regsOverlap(Reg, Counter))
        return makeError("the snippet uses " + State.getRegisterName(Reg) +
                         " as a live-in, which overlaps the loop counter " +
                         CounterName +
                         "; choose another with LLVM-EXEGESIS-LOOP-REGISTER");
    for (unsigned Reg : SnippetReads.set_bits())
      if (RI.regsOverlap(Reg, Counter))
        return makeError("the snippet reads " + State.getRegisterName(Reg) +
                         ", which overlaps the loop counter " + CounterName +
                         "; choose another with LLVM-EXEGESIS-LOOP-REGISTER");
    Expected<std::vector<MCInst>> Init =
        ET.setRegTo(STI, Counter, APInt(64, Plan.LoopIterations));
    if (!Init)
      return Init.takeError();
    LoopSetup = std::move(*Init);
    LoopStart = Ctx.createTempSymbol("loop");
    const MCExpr *LoopStartExpr = MCSymbolRefExpr::create(LoopStart, Ctx);
    Expected<std::vector<MCInst>> End =
        ET.decrementLoopCounterAndBranch(Counter, LoopStartExpr);
    if (End) {
      // The body as the branch sees it: every copy and the loop end before
      // the branch, which is at most the whole loop end.
      uint64_t BodyBytes = Plan.CopiesEmitted * Sizing.Bytes.size() +
                           encodeSnippet(Builder.getAssembler().getEmitter(),
                                         STI, *End, /*AllowFixups=*/true)
                               ->Bytes.size();
      if (BodyBytes > ET.getLoopBranchReach())
        End = ET.decrementLoopCounterAndBranchFar(Counter, LoopStartExpr);
    }
    if (!End)
      return End.takeError();
    LoopEnd = std::move(*End);
    Function.LoopBreaksChainOf =
        findChainBrokenByLoop(ET, II, RI, Snippet, LoopEnd);
  }

  // A snippet that defines the stack pointer gets the caller's back from
  // a slot saved before the register setup.
  std::vector<MCInst> SaveStackPointer, RestoreStackPointer;
  if (definesStackPointer(State, Code)) {
    Expected<std::vector<MCInst>> Save = ET.saveStackPointer();
    if (!Save)
      return Save.takeError();
    Expected<std::vector<MCInst>> Restore = ET.restoreStackPointer();
    if (!Restore)
      return Restore.takeError();
    SaveStackPointer = std::move(*Save);
    RestoreStackPointer = std::move(*Restore);
  }

  std::vector<MCInst> ReserveStackScratch =
      ET.reserveStackScratchMemory(State, Snippet);
  std::vector<MCInst> ReleaseStackScratch =
      ET.releaseStackScratchMemory(State, Snippet);

  BitVector Written = SnippetWrites;
  for (ArrayRef<MCInst> Insts :
       {ArrayRef<MCInst>(*Setup), ArrayRef<MCInst>(LoopSetup),
        ArrayRef<MCInst>(LoopEnd), ArrayRef<MCInst>(SaveStackPointer),
        ArrayRef<MCInst>(RestoreStackPointer),
        ArrayRef<MCInst>(ReserveStackScratch),
        ArrayRef<MCInst>(ReleaseStackScratch),
        ArrayRef<MCInst>(Lowered->Configure),
        ArrayRef<MCInst>(Lowered->Restore)})
    for (const MCInst &Inst : Insts)
      addWrittenRegisters(ET, II, Inst, Written);
  // A segment base is set by a system call, which names no register.
  for (const RegisterValue &RV : Code.Key.RegisterInitialValues)
    if (isSegmentBaseRegister(State, RV.Register))
      Written.set(RV.Register.id());
  std::vector<MCRegister> Clobbered;
  for (unsigned Reg : Written.set_bits())
    Clobbered.push_back(MCRegister(Reg));
  BitVector Touched = Written;
  for (ArrayRef<MCInst> Insts : {Snippet, ArrayRef<MCInst>(*Setup)})
    for (const MCInst &Inst : Insts)
      addReadRegisters(ET, II, Inst, Touched);
  std::vector<MCRegister> Used;
  for (unsigned Reg : Touched.set_bits())
    Used.push_back(MCRegister(Reg));
  std::vector<MCInst> CleanVectorState =
      ET.cleanVectorStateOnEntry(State, Used, Code.LiveIns);
  Expected<std::vector<MCInst>> Prologue =
      ET.generatePrologue(State, Clobbered);
  if (!Prologue)
    return Prologue.takeError();
  Expected<std::vector<MCInst>> Epilogue =
      ET.generateEpilogue(State, Clobbered);
  if (!Epilogue)
    return Epilogue.takeError();

  MCObjectStreamer &Streamer = Builder.getStreamer();
  auto Emit = [&](ArrayRef<MCInst> Insts) {
    for (const MCInst &Inst : Insts)
      Streamer.emitInstruction(Inst, STI);
  };
  Streamer.initSections(/*NoExecStack=*/false, STI);
  ET.emitObjectAttributes(State, Streamer);
  Streamer.switchSection(Builder.getObjectFileInfo().getTextSection());
  MCSymbol *FunctionStart = Ctx.getOrCreateSymbol(FunctionSymbolName);
  declareFunctionSymbol(State.getTriple(), Streamer, FunctionStart);
  Streamer.emitLabel(FunctionStart);
  Emit(*Prologue);
  Emit(ReserveStackScratch);
  Emit(SaveStackPointer);
  Emit(CleanVectorState);
  if (ET.setsLoopCounterFirst()) {
    Emit(LoopSetup);
    Emit(*Setup);
    Emit(Lowered->Configure);
  } else {
    Emit(*Setup);
    Emit(Lowered->Configure);
    Emit(LoopSetup);
  }
  Emit(ET.fenceAfterSetup(State, *Setup));
  MCSymbol *BodyStart = LoopStart;
  if (Plan.IsLoop) {
    Streamer.emitCodeAlignment(ET.getLoopAlignment(), &STI);
  } else {
    BodyStart = Ctx.createTempSymbol("body");
  }
  Streamer.emitLabel(BodyStart);

  if (Plan.CopiesEmitted * Sizing.Bytes.size() > MaxFunctionBytes)
    return makeError("the measured function would hold " +
                     Twine(Plan.CopiesEmitted * Snippet.size()) +
                     " instructions (" +
                     Twine(Plan.CopiesEmitted * Sizing.Bytes.size()) +
                     " bytes), more than the " + Twine(MaxFunctionBytes) +
                     " bytes allowed; use a smaller -min-instructions or "
                     "-loop-body-size");
  std::optional<EncodedSnippet> Encoded;
  if (Request.RepeatEncodedBytes && Plan.CopiesEmitted > 1)
    Encoded = encodeSnippet(Builder.getAssembler().getEmitter(), STI, Snippet,
                            /*AllowFixups=*/false);
  // Per snippet instruction of the slow path, a label to find it by.
  std::vector<MCSymbol *> InstructionLabels;
  if (Encoded) {
    // The first copy goes through the streamer like any code (targets mark
    // code regions, e.g. AArch64's $x mapping symbol); the others are its
    // bytes.
    Emit(Snippet);
    for (uint64_t I = 1; I < Plan.CopiesEmitted; ++I)
      Streamer.appendContents(
          ArrayRef<char>(Encoded->Bytes.data(), Encoded->Bytes.size()));
  } else {
    InstructionLabels.reserve(Plan.CopiesEmitted * Snippet.size());
    for (uint64_t I = 0; I < Plan.CopiesEmitted; ++I)
      for (const MCInst &Inst : Snippet) {
        InstructionLabels.push_back(Ctx.createTempSymbol());
        Streamer.emitLabel(InstructionLabels.back());
        Streamer.emitInstruction(Inst, STI);
      }
  }
  MCSymbol *BodyEnd = Ctx.createTempSymbol("bodyend");
  Streamer.emitLabel(BodyEnd);
  Emit(LoopEnd);
  Emit(Lowered->Restore);
  Emit(RestoreStackPointer);
  Emit(ReleaseStackScratch);
  Emit(*Epilogue);
  MCSymbol *FunctionEnd = Ctx.createTempSymbol("end");
  Streamer.emitLabel(FunctionEnd);
  std::string Trailer = ET.getFunctionTrailer(State.getTriple());
  if (!Trailer.empty())
    Streamer.emitBytes(Trailer);
  if (State.getTriple().isOSBinFormatELF())
    Streamer.emitELFSize(FunctionStart,
                         MCBinaryExpr::createSub(
                             MCSymbolRefExpr::create(FunctionEnd, Ctx),
                             MCSymbolRefExpr::create(FunctionStart, Ctx), Ctx));
  if (Error E = Builder.finish())
    return E;

  const MCAssembler &Asm = Builder.getAssembler();
  uint64_t Base = Asm.getSymbolOffset(*FunctionStart);
  if (Encoded) {
    Function.SnippetLocations = SnippetLocationTable::repeated(
        Asm.getSymbolOffset(*BodyStart) - Base, Encoded->Bytes.size(),
        Encoded->Offsets, Plan.CopiesEmitted);
  } else {
    std::vector<SnippetInstructionLocation> Locations;
    Locations.reserve(InstructionLabels.size());
    for (auto [Index, Label] : enumerate(InstructionLabels))
      Locations.push_back({Asm.getSymbolOffset(*Label) - Base,
                           static_cast<unsigned>(Index % Snippet.size())});
    Function.SnippetLocations =
        SnippetLocationTable::listed(std::move(Locations));
  }
  Function.ObjectFile = std::move(ObjectBytes);
  Function.NumExecutedInstructions = Plan.NumExecutedInstructions;
  Function.NumSnippetRepetitions = Plan.NumSnippetRepetitions;
  Function.IsLoop = Plan.IsLoop;
  Function.CopiesEmitted = Plan.CopiesEmitted;
  Function.RepeatedBytes =
      Asm.getSymbolOffset(*BodyEnd) - Asm.getSymbolOffset(*BodyStart);
  if (Error E = locateCode(Function))
    return E;
  return Function;
}

std::string AssembledFunction::describeRepeatedSize() const {
  std::string Text;
  raw_string_ostream OS(Text);
  if (RepeatedBytes < 1024)
    OS << RepeatedBytes << " B";
  else
    OS << format("%.1f KiB", RepeatedBytes / 1024.0);
  return Text;
}

std::string AssembledFunction::describeLoop() const {
  return "loop of " + std::to_string(CopiesEmitted) + " copies (" +
         describeRepeatedSize() + ")";
}

} // namespace exegesis
} // namespace llvm
