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
#include "Assembly/ObjectBuilder.h"
#include "Assembly/SnippetRegisters.h"
#include "Assembly/SnippetRepetitor.h"
#include "Core/LLVMState.h"
#include "Core/RegisterWidth.h"
#include "Core/Target.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCObjectStreamer.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/Support/Format.h"

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

namespace {

/// The loop around the copies: the counter's initial value, the label the
/// body starts at, and the counter update and branch after the body.
struct LoopControl {
  std::vector<MCInst> Setup, End;
  MCSymbol *Start = nullptr;
};

/// The instructions around the repeated snippet, in the parts that
/// emitFunction lays out.
struct FunctionFrame {
  std::vector<MCInst> Prologue, ReserveStackScratch, SaveStackPointer,
      CleanVectorState, RegisterSetup;
  LoopControl Loop;
  std::vector<MCInst> RestoreStackPointer, ReleaseStackScratch, Epilogue;
};

/// What the laid-out function is read back by.
struct FunctionLabels {
  MCSymbol *FunctionStart = nullptr, *BodyStart = nullptr, *BodyEnd = nullptr;
  /// The snippet once encoded, when the copies after the first are its
  /// bytes; otherwise a label per emitted snippet instruction.
  std::optional<EncodedSnippet> Encoded;
  std::vector<MCSymbol *> Instructions;
};

} // namespace

/// Refuses a loop whose counter the snippet would disturb or depend on: a
/// snippet reading the counter would measure something else each
/// iteration.
static Error checkLoopCounterUnused(const LLVMState &State,
                                    const BenchmarkCode &Code,
                                    ArrayRef<MCInst> Snippet,
                                    MCRegister Counter) {
  const MCRegisterInfo &RI = State.getRegInfo();
  std::string Advice = ", which overlaps the loop counter " +
                       State.getRegisterName(Counter).str() +
                       "; choose another with LLVM-EXEGESIS-LOOP-REGISTER";
  BitVector SnippetWrites = getWrittenRegisters(State, Snippet);
  for (unsigned Reg : SnippetWrites.set_bits())
    if (RI.regsOverlap(Reg, Counter))
      return makeError("the snippet writes " + State.getRegisterName(Reg) +
                       Advice);
  for (const RegisterValue &RV : Code.Key.RegisterInitialValues)
    if (RI.regsOverlap(RV.Register, Counter))
      return makeError("the snippet sets an initial value for " +
                       State.getRegisterName(RV.Register) + Advice);
  for (MCRegister Reg : Code.LiveIns)
    if (RI.regsOverlap(Reg, Counter))
      return makeError("the snippet uses " + State.getRegisterName(Reg) +
                       " as a live-in" + Advice);
  BitVector SnippetReads(RI.getNumRegs());
  for (const MCInst &Inst : Snippet)
    addReadRegisters(State, Inst, SnippetReads);
  for (unsigned Reg : SnippetReads.set_bits())
    if (RI.regsOverlap(Reg, Counter))
      return makeError("the snippet reads " + State.getRegisterName(Reg) +
                       Advice);
  return Error::success();
}

/// The loop for \p Plan: its counter (the snippet's loop register, or the
/// target's), set to the iterations, and the branch back, the far one when
/// the body (\p CopyBytes a copy) is beyond the near one's reach.
static Expected<LoopControl>
buildLoopControl(const LLVMState &State, const BenchmarkCode &Code,
                 ArrayRef<MCInst> Snippet, const RepetitionPlan &Plan,
                 uint64_t CopyBytes, ObjectBuilder &Builder) {
  const ExegesisTarget &ET = State.getExegesisTarget();
  MCRegister Counter =
      Code.LoopRegister.isValid()
          ? Code.LoopRegister
          : ET.getDefaultLoopCounterRegister(State.getTriple());
  if (!Counter.isValid())
    return makeError("loop repetition is not supported for " +
                     State.getTriple().str());
  if (Error E = checkLoopCounterUnused(State, Code, Snippet, Counter))
    return E;
  LoopControl Loop;
  Expected<std::vector<MCInst>> Init = ET.setRegTo(
      State.getSubtargetInfo(), Counter, APInt(64, Plan.LoopIterations));
  if (!Init)
    return Init.takeError();
  Loop.Setup = std::move(*Init);
  MCContext &Ctx = Builder.getContext();
  Loop.Start = Ctx.createTempSymbol("loop");
  const MCExpr *StartExpr = MCSymbolRefExpr::create(Loop.Start, Ctx);
  Expected<std::vector<MCInst>> End =
      ET.decrementLoopCounterAndBranch(Counter, StartExpr);
  if (End) {
    // The body as the branch sees it: every copy and the loop end before
    // the branch, which is at most the whole loop end.
    uint64_t BodyBytes =
        Plan.CopiesEmitted * CopyBytes +
        Builder.encode(*End, /*AllowFixups=*/true)->Bytes.size();
    if (BodyBytes > ET.getLoopBranchReach())
      End = ET.decrementLoopCounterAndBranchFar(Counter, StartExpr);
  }
  if (!End)
    return End.takeError();
  Loop.End = std::move(*End);
  return Loop;
}

/// The registers the function writes, which the prologue saves when the
/// ABI asks it to (a segment base is set by a system call, which names no
/// register), and those it reads or writes, whose vector state is cleaned
/// on entry.
static void getFunctionRegisters(const LLVMState &State,
                                 const BenchmarkCode &Code,
                                 const LoweredSnippet &Lowered,
                                 const FunctionFrame &Frame,
                                 std::vector<MCRegister> &Clobbered,
                                 std::vector<MCRegister> &Used) {
  BitVector Written = getWrittenRegisters(State, Lowered.Instructions);
  for (ArrayRef<MCInst> Insts :
       {ArrayRef<MCInst>(Frame.RegisterSetup),
        ArrayRef<MCInst>(Frame.Loop.Setup), ArrayRef<MCInst>(Frame.Loop.End),
        ArrayRef<MCInst>(Frame.SaveStackPointer),
        ArrayRef<MCInst>(Frame.RestoreStackPointer),
        ArrayRef<MCInst>(Frame.ReserveStackScratch),
        ArrayRef<MCInst>(Frame.ReleaseStackScratch),
        ArrayRef<MCInst>(Lowered.Configure), ArrayRef<MCInst>(Lowered.Restore)})
    for (const MCInst &Inst : Insts)
      addWrittenRegisters(State, Inst, Written);
  for (const RegisterValue &RV : Code.Key.RegisterInitialValues)
    if (isSegmentBaseRegister(State, RV.Register))
      Written.set(RV.Register.id());
  for (unsigned Reg : Written.set_bits())
    Clobbered.push_back(MCRegister(Reg));
  BitVector Touched = Written;
  for (ArrayRef<MCInst> Insts : {ArrayRef<MCInst>(Lowered.Instructions),
                                 ArrayRef<MCInst>(Frame.RegisterSetup)})
    for (const MCInst &Inst : Insts)
      addReadRegisters(State, Inst, Touched);
  for (unsigned Reg : Touched.set_bits())
    Used.push_back(MCRegister(Reg));
}

/// Completes \p Frame (register set-up and loop already in it): the stack
/// pointer's save and restore when the snippet defines it, the stack
/// scratch memory, the vector state's clean-up, the prologue and epilogue.
static Error completeFrame(const LLVMState &State, const BenchmarkCode &Code,
                           const LoweredSnippet &Lowered,
                           FunctionFrame &Frame) {
  const ExegesisTarget &ET = State.getExegesisTarget();
  // A snippet that defines the stack pointer gets the caller's back from
  // a slot saved before the register setup.
  if (definesStackPointer(State, Code)) {
    Expected<std::vector<MCInst>> Save = ET.saveStackPointer();
    if (!Save)
      return Save.takeError();
    Expected<std::vector<MCInst>> Restore = ET.restoreStackPointer();
    if (!Restore)
      return Restore.takeError();
    Frame.SaveStackPointer = std::move(*Save);
    Frame.RestoreStackPointer = std::move(*Restore);
  }
  Frame.ReserveStackScratch =
      ET.reserveStackScratchMemory(State, Lowered.Instructions);
  Frame.ReleaseStackScratch =
      ET.releaseStackScratchMemory(State, Lowered.Instructions);
  std::vector<MCRegister> Clobbered, Used;
  getFunctionRegisters(State, Code, Lowered, Frame, Clobbered, Used);
  Frame.CleanVectorState =
      ET.cleanVectorStateOnEntry(State, Used, Code.LiveIns);
  Expected<std::vector<MCInst>> Prologue =
      ET.generatePrologue(State, Clobbered);
  if (!Prologue)
    return Prologue.takeError();
  Expected<std::vector<MCInst>> Epilogue =
      ET.generateEpilogue(State, Clobbered);
  if (!Epilogue)
    return Epilogue.takeError();
  Frame.Prologue = std::move(*Prologue);
  Frame.Epilogue = std::move(*Epilogue);
  return Error::success();
}

static void emit(ObjectBuilder &Builder, const LLVMState &State,
                 ArrayRef<MCInst> Insts) {
  for (const MCInst &Inst : Insts)
    Builder.getStreamer().emitInstruction(Inst, State.getSubtargetInfo());
}

/// Emits the function from its symbol to the label the copies start at:
/// prologue, set-up, and the loop's alignment.
static void emitEntry(const LLVMState &State, ObjectBuilder &Builder,
                      const LoweredSnippet &Lowered, const FunctionFrame &Frame,
                      bool IsLoop, FunctionLabels &Labels) {
  const ExegesisTarget &ET = State.getExegesisTarget();
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  MCObjectStreamer &Streamer = Builder.getStreamer();
  Streamer.initSections(/*NoExecStack=*/false, STI);
  ET.emitObjectAttributes(State, Streamer);
  Streamer.switchSection(Builder.getObjectFileInfo().getTextSection());
  Labels.FunctionStart =
      Builder.getContext().getOrCreateSymbol(FunctionSymbolName);
  Builder.declareFunctionSymbol(Labels.FunctionStart);
  Streamer.emitLabel(Labels.FunctionStart);
  emit(Builder, State, Frame.Prologue);
  emit(Builder, State, Frame.ReserveStackScratch);
  emit(Builder, State, Frame.SaveStackPointer);
  emit(Builder, State, Frame.CleanVectorState);
  if (ET.setsLoopCounterFirst())
    emit(Builder, State, Frame.Loop.Setup);
  emit(Builder, State, Frame.RegisterSetup);
  emit(Builder, State, Lowered.Configure);
  if (!ET.setsLoopCounterFirst())
    emit(Builder, State, Frame.Loop.Setup);
  emit(Builder, State, ET.fenceAfterSetup(State, Frame.RegisterSetup));
  if (IsLoop) {
    Streamer.emitCodeAlignment(ET.getLoopAlignment(), &STI);
    Labels.BodyStart = Frame.Loop.Start;
  } else {
    Labels.BodyStart = Builder.getContext().createTempSymbol("body");
  }
  Streamer.emitLabel(Labels.BodyStart);
}

/// Emits \p Copies copies of \p Snippet. When none needs a fixup, the first
/// goes through the streamer like any code (targets mark code regions,
/// e.g. AArch64's $x mapping symbol) and the others are its bytes.
static void emitCopies(const LLVMState &State, ObjectBuilder &Builder,
                       ArrayRef<MCInst> Snippet, uint64_t Copies,
                       bool RepeatEncodedBytes, FunctionLabels &Labels) {
  MCObjectStreamer &Streamer = Builder.getStreamer();
  if (RepeatEncodedBytes && Copies > 1)
    Labels.Encoded = Builder.encode(Snippet, /*AllowFixups=*/false);
  if (Labels.Encoded) {
    emit(Builder, State, Snippet);
    for (uint64_t I = 1; I < Copies; ++I)
      Streamer.appendContents(ArrayRef<char>(Labels.Encoded->Bytes.data(),
                                             Labels.Encoded->Bytes.size()));
  } else {
    Labels.Instructions.reserve(Copies * Snippet.size());
    for (uint64_t I = 0; I < Copies; ++I)
      for (const MCInst &Inst : Snippet) {
        Labels.Instructions.push_back(Builder.getContext().createTempSymbol());
        Streamer.emitLabel(Labels.Instructions.back());
        Streamer.emitInstruction(Inst, State.getSubtargetInfo());
      }
  }
  Labels.BodyEnd = Builder.getContext().createTempSymbol("bodyend");
  Streamer.emitLabel(Labels.BodyEnd);
}

/// Emits the function after the copies: the loop's end, the restores, the
/// epilogue, the target's trailer and, in ELF, the function's size.
static void emitExit(const LLVMState &State, ObjectBuilder &Builder,
                     const LoweredSnippet &Lowered, const FunctionFrame &Frame,
                     FunctionLabels &Labels) {
  MCObjectStreamer &Streamer = Builder.getStreamer();
  MCContext &Ctx = Builder.getContext();
  emit(Builder, State, Frame.Loop.End);
  emit(Builder, State, Lowered.Restore);
  emit(Builder, State, Frame.RestoreStackPointer);
  emit(Builder, State, Frame.ReleaseStackScratch);
  emit(Builder, State, Frame.Epilogue);
  MCSymbol *FunctionEnd = Ctx.createTempSymbol("end");
  Streamer.emitLabel(FunctionEnd);
  std::string Trailer =
      State.getExegesisTarget().getFunctionTrailer(State.getTriple());
  if (!Trailer.empty())
    Streamer.emitBytes(Trailer);
  if (State.getTriple().isOSBinFormatELF())
    Streamer.emitELFSize(Labels.FunctionStart,
                         MCBinaryExpr::createSub(
                             MCSymbolRefExpr::create(FunctionEnd, Ctx),
                             MCSymbolRefExpr::create(Labels.FunctionStart, Ctx),
                             Ctx));
}

/// Records where the laid-out function put the snippet's copies.
static void recordLayout(const MCAssembler &Asm, const FunctionLabels &Labels,
                         size_t SnippetSize, const RepetitionPlan &Plan,
                         AssembledFunction &Function) {
  uint64_t Base = Asm.getSymbolOffset(*Labels.FunctionStart);
  if (Labels.Encoded) {
    Function.SnippetLocations = SnippetLocationTable::repeated(
        Asm.getSymbolOffset(*Labels.BodyStart) - Base,
        Labels.Encoded->Bytes.size(), Labels.Encoded->Offsets,
        Plan.CopiesEmitted);
  } else {
    std::vector<SnippetInstructionLocation> Locations;
    Locations.reserve(Labels.Instructions.size());
    for (auto [Index, Label] : enumerate(Labels.Instructions))
      Locations.push_back({Asm.getSymbolOffset(*Label) - Base,
                           static_cast<unsigned>(Index % SnippetSize)});
    Function.SnippetLocations =
        SnippetLocationTable::listed(std::move(Locations));
  }
  Function.NumExecutedInstructions = Plan.NumExecutedInstructions;
  Function.NumSnippetRepetitions = Plan.NumSnippetRepetitions;
  Function.IsLoop = Plan.IsLoop;
  Function.CopiesEmitted = Plan.CopiesEmitted;
  Function.RepeatedBytes = Asm.getSymbolOffset(*Labels.BodyEnd) -
                           Asm.getSymbolOffset(*Labels.BodyStart);
}

Expected<AssembledFunction>
assembleMeasuredFunction(const LLVMState &State, const BenchmarkCode &Code,
                         const AssemblyRequest &Request) {
  const ExegesisTarget &ET = State.getExegesisTarget();
  if (Error E = ET.checkCanAssembleFor(State.getTriple()))
    return E;
  Expected<LoweredSnippet> Lowered =
      ET.lowerSnippet(State, Code.Key.Instructions);
  if (!Lowered)
    return Lowered.takeError();
  ArrayRef<MCInst> Snippet = Lowered->Instructions;
  if (Error E = checkSnippet(State, Snippet))
    return E;
  FunctionFrame Frame;
  Expected<std::vector<MCInst>> Setup = ET.setRegistersTo(
      State.getSubtargetInfo(), Code.Key.RegisterInitialValues);
  if (!Setup)
    return Setup.takeError();
  Frame.RegisterSetup = std::move(*Setup);

  AssembledFunction Function;
  // Declared before the builder, whose stream writes into it, so that it
  // outlives the builder.
  SmallString<0> ObjectBytes;
  ObjectBuilder Builder(State, ObjectBytes);
  if (!Builder.isValid())
    return makeError("cannot emit objects for " + State.getTriple().str());
  // The size of a copy before any relaxation: it sizes a loop body by bytes,
  // and functions that would not fit in memory are refused before they are
  // built.
  uint64_t CopyBytes =
      Builder.encode(Snippet, /*AllowFixups=*/true)->Bytes.size();
  RepetitionPlan Plan =
      planRepetition(Request.Repetition, Snippet.size(),
                     Request.MinInstructions, Request.LoopBodySize, CopyBytes,
                     Request.LoopBodyBytes, Request.StraightLineMaxBytes);
  if (Plan.IsLoop) {
    Expected<LoopControl> Loop =
        buildLoopControl(State, Code, Snippet, Plan, CopyBytes, Builder);
    if (!Loop)
      return Loop.takeError();
    Frame.Loop = std::move(*Loop);
    Function.LoopBreaksChainOf =
        findChainBrokenByLoop(State, Snippet, Frame.Loop.End);
  }
  if (Error E = completeFrame(State, Code, *Lowered, Frame))
    return E;
  if (Plan.CopiesEmitted * CopyBytes > MaxFunctionBytes)
    return makeError("the measured function would hold " +
                     Twine(Plan.CopiesEmitted * Snippet.size()) +
                     " instructions (" + Twine(Plan.CopiesEmitted * CopyBytes) +
                     " bytes), more than the " + Twine(MaxFunctionBytes) +
                     " bytes allowed; use a smaller -min-instructions or "
                     "-loop-body-size");

  FunctionLabels Labels;
  emitEntry(State, Builder, *Lowered, Frame, Plan.IsLoop, Labels);
  emitCopies(State, Builder, Snippet, Plan.CopiesEmitted,
             Request.RepeatEncodedBytes, Labels);
  emitExit(State, Builder, *Lowered, Frame, Labels);
  if (Error E = Builder.finish())
    return E;
  recordLayout(Builder.getAssembler(), Labels, Snippet.size(), Plan, Function);
  Function.ObjectFile = std::move(ObjectBytes);
  Expected<CodeRange> Range = locateCode(Function.ObjectFile.str());
  if (!Range)
    return Range.takeError();
  Function.CodeOffsetInObject = Range->Offset;
  Function.CodeSize = Range->Size;
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
