//===-- BenchmarkRunner.cpp -------------------------------------*- C++ -*-===//

#include "Measure/BenchmarkRunner.h"
#include "Assembly/SnippetRepetitor.h"
#include "Blocks/AutoMemoryMap.h"
#include "Blocks/HexSnippetFile.h"
#include "Core/L1CacheSize.h"
#include "Core/LLVMState.h"
#include "Core/MCAThroughputModel.h"
#include "Core/Target.h"
#include "Measure/BenchmarkMeasurer.h"
#include "Measure/ChainSubtraction.h"
#include "Measure/RepetitionFormChoice.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <limits>

namespace llvm {
namespace exegesis {

/// The assembled_snippet excerpt is the function with the snippet repeated
/// this many times (and the loop body holding half of them), as upstream.
static constexpr unsigned SnippetCopiesInExcerpt = 4;
static constexpr unsigned SnippetCopiesInExcerptLoopBody = 2;

/// The loop body of BestOfDuplicateAndLoop, in bytes of code. Large enough
/// that the loop's own add and branch are a small part of an iteration (a
/// body of 3-byte instructions holds ~680, of 15-byte ones ~135), small
/// enough to stay in the micro-op cache with room to spare: Zen 3's holds 4K
/// ops, Ice Lake's DSB ~2.25K uops in 32-byte windows of at most 18, and 2 KiB
/// of code fills about half of its ways. Measured on Zen 3 with bodies from
/// 256 B to 8 KiB: at 2 KiB, 3- and 4-byte instructions read within 0.3% of
/// their best body and 10-byte ones within 0.6%; at 256 B the branch shows
/// (ADD64rr 0.252, CMOV64rr 0.506).
static constexpr unsigned BestOfLoopBodyBytes = 2048;

/// Appends \p Note to \p Result's `info`.
static void appendInfo(Benchmark &Result, const std::string &Note) {
  Result.Info = Result.Info.empty() ? Note : Result.Info + "; " + Note;
}

BenchmarkRunner::BenchmarkRunner(const LLVMState &State,
                                 BenchmarkRunOptions Options)
    : State(State), Options(std::move(Options)) {}

BenchmarkRunner::~BenchmarkRunner() = default;

std::vector<AssemblyRequest>
BenchmarkRunner::getAssemblyRequests(const BenchmarkRunOptions &Options) {
  auto Make = [&](SnippetRepetition Repetition, unsigned MinInstructions) {
    AssemblyRequest Request;
    Request.Repetition = Repetition;
    Request.MinInstructions = MinInstructions;
    Request.LoopBodySize = Options.LoopBodySize;
    return Request;
  };
  unsigned N = Options.MinInstructions;
  // The defaults' loop: a body that stays in the micro-op cache.
  auto MakeCachedLoop = [&] {
    AssemblyRequest Loop = Make(SnippetRepetition::Loop, N);
    if (Options.LoopBodySize == 0)
      Loop.LoopBodyBytes = BestOfLoopBodyBytes;
    return Loop;
  };
  switch (Options.Repetition) {
  case RepetitionMode::Duplicate:
    return {Make(SnippetRepetition::Duplicate, N)};
  case RepetitionMode::Loop:
    return {Make(SnippetRepetition::Loop, N)};
  case RepetitionMode::AggregateMin:
    return {Make(SnippetRepetition::Duplicate, N),
            Make(SnippetRepetition::Loop, N)};
  case RepetitionMode::MiddleHalfDuplicate:
    return {Make(SnippetRepetition::Duplicate, N),
            Make(SnippetRepetition::Duplicate, 2 * N)};
  case RepetitionMode::MiddleHalfLoop:
    return {Make(SnippetRepetition::Loop, N),
            Make(SnippetRepetition::Loop, 2 * N)};
  case RepetitionMode::BestOfDuplicateAndLoop:
    return {Make(SnippetRepetition::Duplicate, N), MakeCachedLoop()};
  case RepetitionMode::LoopWhereTimeBased:
    // runOnce makes it straight-line code where cycles are not time-based.
    return {MakeCachedLoop()};
  }
  llvm_unreachable("unknown repetition mode");
}

/// \p Loop as straight-line code of as many instructions.
static AssemblyRequest straightLineRequest(AssemblyRequest Loop) {
  Loop.Repetition = SnippetRepetition::Duplicate;
  Loop.LoopBodyBytes = 0;
  return Loop;
}

/// A default's requests without their loop, which cannot measure the
/// snippet: best-of keeps its straight-line form, the latency default
/// becomes one.
static void dropLoop(std::vector<AssemblyRequest> &Requests) {
  if (Requests.size() > 1)
    Requests.pop_back();
  else
    Requests = {straightLineRequest(Requests.back())};
}

Expected<bool> BenchmarkRunner::willMeasureTimeBased() {
  // Only a measurement opens a counter: the earlier phases show what
  // duplicate assembles. (A measurer of dummy counters is not time-based.)
  if (Options.Phase < BenchmarkPhase::DryRunMeasurement)
    return false;
  if (Error E = createMeasurer())
    return E;
  return Measurer->isTimeBased();
}

Error BenchmarkRunner::prepareMeasurement() {
  if (Options.Phase < BenchmarkPhase::DryRunMeasurement)
    return Error::success();
  return createMeasurer();
}

Error BenchmarkRunner::createMeasurer() {
  if (Measurer)
    return Error::success();
  Expected<std::unique_ptr<BenchmarkMeasurer>> Created =
      BenchmarkMeasurer::create(State, Options);
  if (!Created)
    return Created.takeError();
  Measurer = std::move(*Created);
  return Error::success();
}

MCAThroughputModel *BenchmarkRunner::getModel() {
  if (!Model && NoModel.empty()) {
    Expected<std::unique_ptr<MCAThroughputModel>> Created =
        MCAThroughputModel::create(State);
    if (Created)
      Model = std::move(*Created);
    else
      NoModel = toString(Created.takeError());
  }
  return Model.get();
}

void BenchmarkRunner::lengthenTimedLoop(const BenchmarkCode &Code,
                                        AssemblyRequest &Loop) {
  MCAThroughputModel *Predictor = getModel();
  if (!Predictor || Code.Key.Instructions.empty())
    return;
  // Only the length of a call depends on the prediction, never a value: a
  // wrong one leaves the call as short as asked or makes it slower to
  // measure.
  Expected<double> Cycles =
      Predictor->predictCyclesPerIteration(Code.Key.Instructions);
  if (!Cycles) {
    consumeError(Cycles.takeError());
    return;
  }
  uint64_t Instructions = getTimeBasedLoopInstructions(
      Loop.MinInstructions, *Cycles / Code.Key.Instructions.size());
  // Its twin runs twice as many, and both are counted in unsigned.
  Loop.MinInstructions = static_cast<unsigned>(std::min<uint64_t>(
      Instructions, std::numeric_limits<unsigned>::max() / 4));
}

void BenchmarkRunner::notePrediction(Benchmark &Result) {
  if (Result.Mode != BenchmarkMode::InverseThroughput ||
      !Result.Error.empty() || !parseBasicBlockOrigin(Result.Info))
    return;
  auto Measured = find_if(Result.Measurements, [](const BenchmarkMeasure &M) {
    return M.Key == "inverse_throughput";
  });
  if (Measured == Result.Measurements.end())
    return;
  MCAThroughputModel *Predictor = getModel();
  std::string Note;
  raw_string_ostream OS(Note);
  OS << "LLVM's scheduling model for " << State.getCpuName() << " (MCA) ";
  Expected<double> Predicted =
      Predictor ? Predictor->predictCyclesPerIteration(Result.Key.Instructions)
                : Expected<double>(
                      createStringError(inconvertibleErrorCode(), NoModel));
  if (Predicted)
    OS << "predicts " << format("%.2f", *Predicted)
       << " cycles per iteration, measured "
       << format("%.2f", Measured->PerSnippetValue);
  else
    OS << "makes no prediction: " << toString(Predicted.takeError());
  appendInfo(Result, Note);
}

/// How many times an auto-mapped block runs at most. A block that walks
/// memory needs a run per doubling of what is mapped ahead (under 40 for
/// the widest walk the page limit allows); one whose stores overwrite the
/// pointers it loads faults somewhere new on every run, and ran for over
/// ten minutes (sqlite.csv line 2580, `addl %ebp, 24(%rbx)` then `popq
/// %rbx`) before this limit.
static constexpr unsigned MaxAutoMappedRuns = 64;

Expected<Benchmark> BenchmarkRunner::run(const BenchmarkCode &Code) {
  if (!Options.AutoMapMemory || !Code.InputError.empty()) {
    Expected<Benchmark> Result = runOnce(Code);
    if (Result)
      notePrediction(*Result);
    return Result;
  }
  BenchmarkCode Mapped = Code;
  prepareAutoMappedBlock(State, Mapped);
  const L1CacheSize &Cache = getHostL1CacheSize(L1Cache::Data);
  AutoMappedPages Pages = getInitialAutoMappedPages(Cache);
  for (unsigned Runs = 1;; ++Runs) {
    Expected<Benchmark> Result = runOnce(Mapped);
    if (!Result)
      return Result.takeError();
    std::optional<std::string> Incurable;
    if (Result->MemoryFaultAddress && Runs == MaxAutoMappedRuns)
      Incurable = "gave up after " + std::to_string(Runs) +
                  " runs that each faulted on a page not yet mapped (the "
                  "block's addresses follow no walk, as when its stores "
                  "change the pointers it loads)";
    else if (Result->MemoryFaultAddress)
      Incurable = mapFaultingPage(Mapped, Pages, *Result->MemoryFaultAddress,
                                  Options.AutoMapMaxPages);
    if (Result->MemoryFaultAddress && !Incurable)
      continue;
    notePrediction(*Result);
    std::string Note = describeAutoMappedMemory(State, Mapped, Pages, Cache);
    if (Incurable)
      Note = *Incurable + "; " + Note;
    appendInfo(*Result, Note);
    return Result;
  }
}

Expected<std::vector<AssemblyRequest>>
BenchmarkRunner::chooseRequests(const BenchmarkCode &Code, Benchmark &Result) {
  std::vector<AssemblyRequest> Requests = getAssemblyRequests(Options);
  StraightLineForced = false;
  bool LatencyDefault =
      Options.Repetition == RepetitionMode::LoopWhereTimeBased;
  if (LatencyDefault) {
    Expected<bool> TimeBased = willMeasureTimeBased();
    if (!TimeBased)
      return TimeBased.takeError();
    if (!*TimeBased)
      Requests = {straightLineRequest(Requests.back())};
  }
  if (Options.Repetition == RepetitionMode::BestOfDuplicateAndLoop ||
      (LatencyDefault && Requests.back().Repetition == SnippetRepetition::Loop))
    dropLoopThatCannotMeasure(Code, Requests, Result);
  if (Options.Repetition == RepetitionMode::BestOfDuplicateAndLoop) {
    Expected<bool> TimeBased = willMeasureTimeBased();
    if (!TimeBased)
      return TimeBased.takeError();
    if (*TimeBased)
      fitTimedForms(Code, Requests);
  }
  return Requests;
}

void BenchmarkRunner::dropLoopThatCannotMeasure(
    const BenchmarkCode &Code, std::vector<AssemblyRequest> &Requests,
    Benchmark &Result) {
  // The defaults must measure whatever duplicate measures: a snippet that
  // cannot loop (it uses the loop counter) is measured straight-line.
  AssemblyRequest Probe = Requests.back();
  Probe.MinInstructions = 1;
  Probe.LoopBodySize = 0;
  Probe.LoopBodyBytes = 0;
  Expected<AssembledFunction> Loop =
      assembleMeasuredFunction(State, Code, Probe);
  if (!Loop) {
    appendInfo(Result, "repetition: straight-line code only, no loop (" +
                           toString(Loop.takeError()) + ")");
    dropLoop(Requests);
  } else if (Loop->LoopBreaksChainOf.isValid()) {
    // The loop would read less than the snippet costs.
    appendInfo(Result,
               "repetition: straight-line code only, no loop (the loop's "
               "counter update writes " +
                   State.getRegisterName(Loop->LoopBreaksChainOf).str() +
                   ", which the snippet carries from one copy to the next)");
    dropLoop(Requests);
    StraightLineForced = true;
  }
}

void BenchmarkRunner::fitTimedForms(const BenchmarkCode &Code,
                                    std::vector<AssemblyRequest> &Requests) {
  // The throughput default's forms, timed:
  //  - straight-line twins that fit in the L1 instruction cache, so that a
  //    copy costs the same in both (see getStraightLineMaxBytes);
  //  - loop calls long enough that what each costs beyond its instructions,
  //    such as the loop's exit, is lost in them (see
  //    TimeBasedLoopCallCycles). A latency loop's calls of 10000
  //    instructions take 10000 cycles or more already, where a differing
  //    exit is 0.35% at most; lengthened, they gained nothing on Zen 5 and
  //    made each sample longer for a busy host to disturb.
  for (AssemblyRequest &Request : Requests) {
    if (Request.Repetition == SnippetRepetition::Duplicate)
      Request.StraightLineMaxBytes =
          static_cast<unsigned>(getStraightLineMaxBytes(
              getHostL1CacheSize(L1Cache::Instruction).Bytes));
    else if (Request.LoopBodyBytes != 0)
      lengthenTimedLoop(Code, Request);
  }
}

Error BenchmarkRunner::addExcerpts(const BenchmarkCode &Code,
                                   ArrayRef<AssemblyRequest> Requests,
                                   Benchmark &Result) {
  unsigned NumInstructions = Code.Key.Instructions.size();
  for (const AssemblyRequest &Request : Requests) {
    AssemblyRequest Excerpt = Request;
    Excerpt.MinInstructions = SnippetCopiesInExcerpt * NumInstructions;
    Excerpt.LoopBodySize = SnippetCopiesInExcerptLoopBody * NumInstructions;
    Excerpt.LoopBodyBytes = 0;
    Expected<AssembledFunction> Function =
        assembleMeasuredFunction(State, Code, Excerpt);
    if (!Function)
      return Function.takeError();
    StringRef Bytes = Function->getCode();
    Result.AssembledSnippet.insert(Result.AssembledSnippet.end(),
                                   Bytes.bytes_begin(), Bytes.bytes_end());
  }
  return Error::success();
}

Expected<std::vector<MeasuredFunction>>
BenchmarkRunner::assembleFunctions(const BenchmarkCode &Code,
                                   ArrayRef<AssemblyRequest> Requests) {
  std::vector<MeasuredFunction> Functions;
  for (auto [Index, Request] : enumerate(Requests)) {
    Expected<AssembledFunction> Function =
        assembleMeasuredFunction(State, Code, Request);
    if (!Function)
      return Function.takeError();
    if (Options.DumpObjectPath)
      if (Error E = dumpObject(*Function, Index, Requests.size()))
        return E;
    Functions.push_back({Request, std::move(*Function)});
  }
  return Functions;
}

Expected<Benchmark> BenchmarkRunner::runOnce(const BenchmarkCode &Code) {
  Benchmark Result;
  Result.Key = Code.Key;
  Result.Mode = Options.Mode;
  Result.CpuName = State.getCpuName().str();
  Result.LLVMTriple = State.getTriple().normalize();
  Result.MinInstructions = Options.MinInstructions;
  Result.Info = Code.Info;
  if (!Code.InputError.empty()) {
    Result.Error = Code.InputError;
    return Result;
  }
  if (Options.Phase < BenchmarkPhase::Measure && subtractsChains(Code)) {
    // The chains go through the same phases as the benchmark: they
    // assemble (and dry-run) as it does.
    for (const SubtractedChain &Chain : Code.SubtractedChains) {
      BenchmarkCode ChainCode;
      ChainCode.Key = Chain.Key;
      ChainCode.LiveIns = Chain.LiveIns;
      Expected<Benchmark> Assembled = runOnce(ChainCode);
      if (!Assembled)
        return Assembled.takeError();
    }
    appendInfo(Result, describeChainsToSubtract(State, Code.SubtractedChains));
  }
  if ((Options.Repetition == RepetitionMode::MiddleHalfDuplicate ||
       Options.Repetition == RepetitionMode::MiddleHalfLoop) &&
      Options.MinInstructions > std::numeric_limits<unsigned>::max() / 2)
    return createStringError(
        inconvertibleErrorCode(),
        "-min-instructions=" + Twine(Options.MinInstructions) +
            " is too large for the middle-half modes, "
            "which also run twice as many");
  Expected<std::vector<AssemblyRequest>> Requests =
      chooseRequests(Code, Result);
  if (!Requests)
    return Requests.takeError();
  // A short version of each function, for the reader of the results.
  if (Options.Phase >= BenchmarkPhase::PrepareAndAssembleSnippet)
    if (Error E = addExcerpts(Code, *Requests, Result))
      return E;
  if (Options.Phase < BenchmarkPhase::AssembleMeasuredCode) {
    Result.Error = "actual measurements skipped.";
    return Result;
  }
  Expected<std::vector<MeasuredFunction>> Functions =
      assembleFunctions(Code, *Requests);
  if (!Functions)
    return Functions.takeError();
  if (Options.Phase < BenchmarkPhase::DryRunMeasurement) {
    Result.Error = "actual measurements skipped.";
    return Result;
  }
  // Only a measurement has a cost to note; the earlier phases' results
  // stay upstream's.
  std::string VectorNote =
      State.getExegesisTarget().describeVectorStateCost(State, Code);
  if (!VectorNote.empty())
    appendInfo(Result, VectorNote);
  if (Error E = measure(Code, *Functions, Result))
    return E;
  if (StraightLineForced && Options.Phase == BenchmarkPhase::Measure)
    if (Error E = checkFrontEndBound(Code, *Functions, Result))
      return E;
  if (Options.Phase == BenchmarkPhase::Measure && subtractsChains(Code))
    if (Error E = subtractChainsOf(Code, Result))
      return E;
  return Result;
}

bool BenchmarkRunner::subtractsChains(const BenchmarkCode &Code) const {
  return Options.Mode == BenchmarkMode::Latency &&
         !Code.SubtractedChains.empty();
}

Error BenchmarkRunner::subtractChainsOf(const BenchmarkCode &Code,
                                        Benchmark &Result) {
  if (!Result.Error.empty())
    return Error::success();
  auto Latency = find_if(Result.Measurements, [](const BenchmarkMeasure &M) {
    return M.Key == "latency";
  });
  if (Latency == Result.Measurements.end())
    return Error::success();
  std::vector<ChainReading> Readings;
  for (const SubtractedChain &Chain : Code.SubtractedChains) {
    BenchmarkCode ChainCode;
    ChainCode.Key = Chain.Key;
    ChainCode.LiveIns = Chain.LiveIns;
    Expected<Benchmark> Measured = runOnce(ChainCode);
    if (!Measured)
      return Measured.takeError();
    ChainReading Reading;
    Reading.Share = Chain.Share;
    Reading.Bounds = Chain.Bounds;
    Reading.Name = describeSubtractedChain(State, Chain);
    auto Value = find_if(Measured->Measurements, [](const BenchmarkMeasure &M) {
      return M.Key == "latency";
    });
    if (!Measured->Error.empty() || Value == Measured->Measurements.end()) {
      Result.Error =
          "the subtracted chain " + Reading.Name + " has no latency: " +
          (Measured->Error.empty() ? "no measurement" : Measured->Error);
      Result.Measurements.clear();
      return Error::success();
    }
    Reading.PerRepetition = Value->PerSnippetValue;
    Readings.push_back(std::move(Reading));
  }
  Expected<ChainSubtraction> Subtracted =
      subtractChains(Latency->PerSnippetValue, Readings);
  if (!Subtracted) {
    Result.Error = toString(Subtracted.takeError());
    Result.Measurements.clear();
    return Error::success();
  }
  // `latency` stays the instruction's latency, whatever else the snippet
  // repeats.
  Latency->PerSnippetValue = Subtracted->Latency;
  Latency->PerInstructionValue = Subtracted->Latency;
  appendInfo(Result, Subtracted->Info);
  return Error::success();
}

Error BenchmarkRunner::checkFrontEndBound(const BenchmarkCode &Code,
                                          ArrayRef<MeasuredFunction> Functions,
                                          Benchmark &Result) {
  if (!Result.Error.empty() || Result.Measurements.empty() ||
      Functions.size() != 1)
    return Error::success();
  const MeasuredFunction &Large = Functions.front();
  AssemblyRequest Small = Large.Request;
  Small.MinInstructions =
      std::max<unsigned>(Code.Key.Instructions.size(),
                         Large.Request.MinInstructions / FrontEndProbeDivisor);
  Expected<std::vector<MeasuredFunction>> SmallFunctions =
      assembleFunctions(Code, {Small});
  if (!SmallFunctions)
    return SmallFunctions.takeError();
  Benchmark Probe;
  Probe.Key = Result.Key;
  Probe.Mode = Result.Mode;
  if (Error E = measure(Code, *SmallFunctions, Probe))
    return E;
  // A probe that failed or doubts itself says nothing either way.
  if (!Probe.Error.empty() || Probe.Measurements.empty() ||
      StringRef(Probe.Info).contains("warning"))
    return Error::success();
  double LargeValue = Result.Measurements.front().PerInstructionValue;
  double SmallValue = Probe.Measurements.front().PerInstructionValue;
  if (isFrontEndBound(LargeValue, SmallValue, FrontEndBoundMargin))
    appendInfo(Result, describeFrontEndBound(
                           LargeValue, Large.Function.CodeSize, SmallValue,
                           SmallFunctions->front().Function.CodeSize,
                           Small.MinInstructions));
  return Error::success();
}

Error BenchmarkRunner::measure(const BenchmarkCode &Code,
                               std::vector<MeasuredFunction> &Functions,
                               Benchmark &Result) {
  if (Error E = createMeasurer())
    return E;
  return Measurer->measure(Code, Functions, Result);
}

/// The disassembler to suggest: the llvm-objdump of the LLVM we build
/// against, which knows every instruction we assemble, else one found on the
/// PATH (another LLVM's, then binutils').
static std::string getDisassemblerPath() {
  SmallString<128> Ours(EXEGESIS_LLVM_TOOLS_DIR);
  sys::path::append(Ours, "llvm-objdump");
  if (sys::fs::can_execute(Ours))
    return std::string(Ours);
  std::string Versioned = "llvm-objdump-" + std::to_string(LLVM_VERSION_MAJOR);
  for (StringRef Name : {StringRef(Versioned), StringRef("llvm-objdump"),
                         StringRef("objdump")}) {
    ErrorOr<std::string> Path = sys::findProgramByName(Name);
    if (Path)
      return *Path;
  }
  return "/usr/bin/objdump";
}

Error BenchmarkRunner::dumpObject(const AssembledFunction &Function,
                                  unsigned Index, unsigned Count) {
  SmallString<128> Path;
  if (Options.DumpObjectPath->empty()) {
    int FD;
    if (std::error_code EC =
            sys::fs::createTemporaryFile("snippet", "o", FD, Path))
      return createStringError(EC, "cannot create a temporary file for the "
                                   "object: " +
                                       EC.message());
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Function.ObjectFile.str();
    if (OS.has_error())
      return createStringError(OS.error(), "cannot write '" + Path +
                                               "': " + OS.error().message());
  } else {
    Path = *Options.DumpObjectPath;
    // Several functions for one benchmark (min, middle-half): the first
    // gets the path as given, the others a numbered name beside it.
    if (Count > 1 && Index > 0) {
      SmallString<128> Numbered = sys::path::parent_path(Path);
      sys::path::append(Numbered, sys::path::stem(Path) + "." + Twine(Index) +
                                      sys::path::extension(Path));
      Path = Numbered;
    }
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    if (!EC) {
      OS << Function.ObjectFile.str();
      OS.close();
      EC = OS.error();
    }
    if (EC)
      return createStringError(EC,
                               "cannot write '" + Path + "': " + EC.message());
  }
  errs() << "Check generated assembly with: " << getDisassemblerPath() << " -d "
         << Path << "\n";
  return Error::success();
}

} // namespace exegesis
} // namespace llvm
