//===-- BenchmarkMeasurer.cpp -----------------------------------*- C++ -*-===//

#include "Measure/BenchmarkMeasurer.h"
#include "Core/LLVMState.h"
#include "Core/RegisterWidth.h"
#include "Core/Target.h"
#include "Execution/InProcessFunctionExecutor.h"
#include "Execution/MemoryDefinitions.h"
#include "Execution/SubProcessFunctionExecutor.h"
#include "Measure/MeasurementCounters.h"
#include "Measure/ReadingArithmetic.h"
#include "Measure/SnippetFailureRecord.h"
#include "llvm/TargetParser/Host.h"
#include <numeric>

namespace llvm {
namespace exegesis {

static Error measureError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Appends \p Note to \p Result's `info`.
static void appendInfo(Benchmark &Result, const std::string &Note) {
  Result.Info = Result.Info.empty() ? Note : Result.Info + "; " + Note;
}

BenchmarkMeasurer::~BenchmarkMeasurer() = default;

std::unique_ptr<FunctionExecutor>
BenchmarkMeasurer::makeExecutor(CounterSpec Spec) const {
  if (Options.Execution == ExecutionMode::InProcess)
    return std::make_unique<InProcessFunctionExecutor>(
        std::move(Spec), Options.SubprocessTimeoutSeconds);
  SubProcessOptions SubOptions;
  SubOptions.Cpu = Options.BenchmarkProcessCpu;
  SubOptions.TimeoutSeconds = Options.SubprocessTimeoutSeconds;
  SubOptions.Handoff = Options.CounterHandoff;
  return std::make_unique<SubProcessFunctionExecutor>(std::move(Spec),
                                                      SubOptions);
}

Error BenchmarkMeasurer::checkHostCanRun(const LLVMState &State, bool DryRun) {
  // The OS counts too: a Windows function follows another calling
  // convention than the Linux host's.
  if (State.canExecuteOnHost())
    return Error::success();
  return measureError(
      "cannot measure " + State.getTriple().str() + " code on this " +
      sys::getProcessTriple() +
      " host; stop before the measure phase with "
      "-benchmark-phase=assemble-measured-code" +
      (DryRun ? " or dry-run it with -use-dummy-perf-counters" : ""));
}

Error BenchmarkMeasurer::checkOptions(const LLVMState &State,
                                      const BenchmarkRunOptions &Options) {
  bool DryRun = Options.Phase == BenchmarkPhase::DryRunMeasurement;
  // A dry run never calls the code, so it may prepare another target's; no
  // counter of that target can be opened here, though.
  if (!(DryRun && Options.UseDummyPerfCounters))
    if (Error E = checkHostCanRun(State, DryRun))
      return E;
  if (Options.Execution == ExecutionMode::InProcess &&
      Options.BenchmarkProcessCpu)
    return measureError("The inprocess execution mode does not support "
                        "benchmark core pinning.");
  // Traces are of time-based measurements only: refuse where none is taken
  // rather than leave an empty file.
  if (!Options.TimeSamplesFile.empty() &&
      (Options.UseDummyPerfCounters || Options.Mode == BenchmarkMode::Uops ||
       Options.CycleCounter == CycleCounterKind::Hardware))
    return measureError("-time-samples-file records time-based "
                        "measurements, and this run takes none (" +
                        Twine(Options.Mode == BenchmarkMode::Uops
                                  ? "uops mode counts micro-ops"
                                  : "no time-based cycle counter") +
                        ")");
  return Error::success();
}

Expected<std::unique_ptr<BenchmarkMeasurer>>
BenchmarkMeasurer::create(const LLVMState &State,
                          const BenchmarkRunOptions &Options) {
  if (Error E = checkOptions(State, Options))
    return E;
  Expected<MeasurementCounters> Chosen =
      chooseMeasurementCounters(State, Options);
  if (!Chosen)
    return Chosen.takeError();
  std::unique_ptr<BenchmarkMeasurer> M(new BenchmarkMeasurer(State, Options));
  M->TimeBased = Chosen->TimeBased;
  M->CounterDescription = std::move(Chosen->Description);
  M->TimeCounterName = std::move(Chosen->CycleCounterName);
  M->ValidationNames = std::move(Chosen->ValidationNames);
  for (MeasurementCounters::KeyedSpec &Counter : Chosen->Counters)
    M->Counters.push_back(
        {std::move(Counter.Key), M->makeExecutor(std::move(Counter.Spec))});
  if (!M->TimeBased)
    return M;
  M->TimeBasedSide.emplace(State, Options, std::move(*Chosen->Estimator));
  if (Options.TimeSamplesFile.empty())
    return M;
  Expected<std::unique_ptr<TimeSamplesWriter>> File =
      TimeSamplesWriter::create(State, Options, M->TimeCounterName);
  if (!File)
    return File.takeError();
  M->TimeSamples = std::move(*File);
  return M;
}

/// \p Functions made callable.
static Expected<std::vector<ExecutableFunction>>
loadFunctions(ArrayRef<const AssembledFunction *> Functions) {
  std::vector<ExecutableFunction> Loaded;
  for (const AssembledFunction *F : Functions) {
    Expected<ExecutableFunction> Function =
        ExecutableFunction::fromObject(F->ObjectFile, FunctionSymbolName);
    if (!Function)
      return Function.takeError();
    Loaded.push_back(std::move(*Function));
  }
  return Loaded;
}

/// What runs in one executor call. Normally everything, round robin; code
/// at a fixed address holds one function at a time, so then each measured
/// function gets a call of its own (each with the calibration).
static std::vector<ExecutorBatch>
makeBatches(ArrayRef<ExecutableFunction> Loaded,
            ArrayRef<const AssembledFunction *> Assembled,
            const FixedLayout &Layout) {
  std::vector<ExecutorBatch> Batches;
  for (size_t I = 0; I < Loaded.size(); ++I) {
    if (I == 0 || Layout.FirstFunctionAddress)
      Batches.emplace_back();
    Batches.back().Run.push_back(&Loaded[I]);
    Batches.back().Assembled.push_back(Assembled[I]);
  }
  return Batches;
}

Expected<std::optional<std::vector<BenchmarkMeasure>>>
BenchmarkMeasurer::measureVariant(const BenchmarkCode &Code,
                                  const MeasuredVariant &V,
                                  const FixedLayout &Layout, Benchmark &Result,
                                  double RivalPerInstruction) {
  std::vector<const AssembledFunction *> Assembled = {V.Short};
  if (V.Long)
    Assembled.push_back(V.Long);
  Expected<std::vector<ExecutableFunction>> Loaded = loadFunctions(Assembled);
  if (!Loaded)
    return Loaded.takeError();
  std::vector<BenchmarkMeasure> Measures;
  if (Options.Phase == BenchmarkPhase::DryRunMeasurement)
    return Measures;
  std::vector<ExecutorBatch> Batches = makeBatches(*Loaded, Assembled, Layout);
  for (KeyedCounter &Counter : Counters) {
    Expected<bool> Measured =
        TimeBasedSide ? measureTimed(Code, V, Batches, Layout, Counter,
                                     RivalPerInstruction, Result, Measures)
                      : measureCounted(Code, V, Batches, Layout, Counter,
                                       Result, Measures);
    if (!Measured)
      return Measured.takeError();
    if (!*Measured)
      return std::nullopt;
  }
  return Measures;
}

/// Records the snippet's \p Failure in \p Result: false, or the tool's error
/// when it is no snippet failure.
static Expected<bool>
snippetFailed(Error Failure, const LLVMState &State, const BenchmarkCode &Code,
              ArrayRef<const AssembledFunction *> Assembled,
              Benchmark &Result) {
  if (Error E = recordSnippetFailure(std::move(Failure), State, Code, Assembled,
                                     Result))
    return E;
  return false;
}

Expected<bool> BenchmarkMeasurer::measureCounted(
    const BenchmarkCode &Code, const MeasuredVariant &V,
    ArrayRef<ExecutorBatch> Batches, const FixedLayout &Layout,
    KeyedCounter &Counter, Benchmark &Result,
    std::vector<BenchmarkMeasure> &Measures) {
  // Readings per measured function; one warm-up round first (cold caches,
  // TLBs, page faults), dropped.
  std::vector<std::vector<CounterValues>> Readings;
  for (const ExecutorBatch &B : Batches) {
    Expected<SampleTable> Samples = Counter.Executor->runAndSample(
        B.Run, Options.RepeatCount + 1, Layout, 1, nullptr);
    if (!Samples)
      return snippetFailed(Samples.takeError(), State, Code, B.Assembled,
                           Result);
    for (std::vector<CounterValues> &Column : *Samples) {
      Column.erase(Column.begin());
      Readings.push_back(std::move(Column));
    }
  }
  if (!Options.UseDummyPerfCounters)
    Measures.push_back(measureFromReadings(
        Counter.Key, Readings, runLengthOf(*V.Short), runLengthOf(V.Long),
        ValidationNames, Options.Aggregation));
  return true;
}

Expected<bool> BenchmarkMeasurer::measureTimed(
    const BenchmarkCode &Code, const MeasuredVariant &V,
    ArrayRef<ExecutorBatch> Batches, const FixedLayout &Layout,
    KeyedCounter &Counter, double RivalPerInstruction, Benchmark &Result,
    std::vector<BenchmarkMeasure> &Measures) {
  std::vector<const AssembledFunction *> Assembled = {V.Short};
  if (V.Long)
    Assembled.push_back(V.Long);
  Expected<TimeBasedMeasurement> Sampled = TimeBasedSide->measure(
      V, Batches, Layout, *Counter.Executor, RivalPerInstruction, WideSnippet);
  if (!Sampled)
    return snippetFailed(Sampled.takeError(), State, Code, Assembled, Result);
  BenchmarkMeasure Measure =
      TimeBasedSide->toMeasure(V, *Sampled, ValidationNames);
  Measure.Key = Counter.Key;
  if (Error E = checkCrediblePerInstruction(Measure.PerInstructionValue,
                                            Code.Key.Instructions.empty()))
    return snippetFailed(std::move(E), State, Code, Assembled, Result);
  Measures.push_back(std::move(Measure));
  return true;
}

Error BenchmarkMeasurer::writeTrace(const BenchmarkCode &Code,
                                    const MeasuredVariant &V,
                                    StringRef Refusal) {
  std::string Trace = TimeBasedSide->takeTrace();
  if (!TimeSamples || Trace.empty())
    return Error::success();
  return TimeSamples->write(
      Code, V.Short->IsLoop, getDifferencedInstructions(V),
      TimeBasedSide->getLastSampling().Judgement, Trace, Refusal);
}

/// Whether \p Code's instructions name a 512-bit register on a target with a
/// wide vector calibration chain (x86-64): its time-based calibration then
/// uses that chain (CycleEstimator.h).
/// No host check: such a snippet runs only where AVX-512F is, and it runs
/// before the chains in a round, so elsewhere it fails as it always did.
static bool usesWideVectorRegisters(const LLVMState &State,
                                    const BenchmarkCode &Code) {
  if (!State.getExegesisTarget().hasWideVectorCalibrationChain(
          State.getTriple()))
    return false;
  return any_of(Code.Key.Instructions, [&](const MCInst &Inst) {
    return any_of(Inst, [&](const MCOperand &Op) {
      return Op.isReg() && Op.getReg() &&
             getRegisterBitWidth(State, Op.getReg()) >= 512;
    });
  });
}

/// The MEM-DEF values of \p Code in shared memory, in \p Defs (they must
/// live until every run is done), and mapped as \p Layout says.
static Error
shareMemoryDefinitions(const BenchmarkCode &Code,
                       std::optional<SharedMemoryDefinitions> &Defs,
                       FixedLayout &Layout) {
  if (Code.Key.MemoryMappings.empty())
    return Error::success();
  Expected<SharedMemoryDefinitions> Created =
      SharedMemoryDefinitions::create(Code.Key.MemoryValues);
  if (!Created)
    return Created.takeError();
  Defs.emplace(std::move(*Created));
  Expected<std::vector<FixedMemoryRegion>> Memory =
      Defs->getRegions(Code.Key.MemoryMappings);
  if (!Memory)
    return Memory.takeError();
  Layout.Memory = std::move(*Memory);
  return Error::success();
}

Error BenchmarkMeasurer::measure(const BenchmarkCode &Code,
                                 ArrayRef<MeasuredFunction> Functions,
                                 Benchmark &Result) {
  if (Functions.empty())
    return measureError("nothing was assembled to measure");
  if (Options.Execution == ExecutionMode::InProcess &&
      (!Code.Key.MemoryMappings.empty() || Code.Key.SnippetAddress != 0))
    return measureError("Memory and snippet address annotations are only "
                        "supported in subprocess execution mode");
  FixedLayout Layout;
  Layout.FirstFunctionAddress = Code.Key.SnippetAddress;
  WideSnippet = TimeBased && usesWideVectorRegisters(State, Code);
  // The MEM-DEF values live in shared memory until every run is done.
  std::optional<SharedMemoryDefinitions> MemoryDefs;
  if (Error E = shareMemoryDefinitions(Code, MemoryDefs, Layout))
    return E;
  Expected<std::vector<MeasuredVariant>> Variants =
      pairWithTwins(State, Code, Functions, Options.Repetition,
                    TimeBased && !Options.UseDummyPerfCounters, ExtraFunctions);
  if (!Variants)
    return Variants.takeError();
  Expected<std::optional<FormCombination>> Forms =
      measureForms(Code, *Variants, Layout, Result);
  if (!Forms)
    return Forms.takeError();
  if (!*Forms) {
    Result.Measurements.clear();
    return Error::success();
  }
  Result.Measurements = (*Forms)->takeMeasures();
  if (Options.Phase != BenchmarkPhase::DryRunMeasurement)
    describeMeasurement(Code, Functions, **Forms, Result);
  return Error::success();
}

Expected<std::optional<FormCombination>>
BenchmarkMeasurer::measureForms(const BenchmarkCode &Code,
                                ArrayRef<MeasuredVariant> Variants,
                                const FixedLayout &Layout, Benchmark &Result) {
  bool EmptySnippet = Code.Key.Instructions.empty();
  bool BothForms =
      Options.Repetition == RepetitionMode::BestOfDuplicateAndLoop &&
      Variants.size() == 2 && Variants[1].Short->IsLoop;
  // Of the default's two forms the loop is measured first: the
  // straight-line form's sampling ends as soon as it reads clearly above
  // the bound beyond which the loop's reading is never beaten (front-end
  // bound straight-line code seldom settles, and spent the whole
  // -settle-time-limit for a value that could not win).
  std::vector<size_t> Order(Variants.size());
  std::iota(Order.begin(), Order.end(), 0);
  if (BothForms)
    std::swap(Order[0], Order[1]);
  FormCombination Forms(Variants.size());
  double Rival = NAN;
  for (size_t Index : Order) {
    const MeasuredVariant &V = Variants[Index];
    std::string ErrorBefore = Result.Error, InfoBefore = Result.Info;
    std::optional<uintptr_t> FaultBefore = Result.MemoryFaultAddress;
    Expected<std::optional<std::vector<BenchmarkMeasure>>> Measured =
        measureVariant(Code, V, Layout, Result, Rival);
    if (!Measured)
      return Measured.takeError();
    // Written refused or not: a refused value's trace says why.
    if (TimeBasedSide)
      if (Error E = writeTrace(
              Code, V, *Measured ? StringRef() : StringRef(Result.Error)))
        return E;
    // Of the default's two forms, one that fails while the other has a
    // value (straight-line code whose difference is refused as not
    // credible) leaves the other to report, and says why in `info`.
    if (!*Measured && BothForms && Forms.hasMeasures()) {
      Forms.addSecondFormFailure(Result.Error);
      Result.Error = std::move(ErrorBefore);
      Result.Info = std::move(InfoBefore);
      Result.MemoryFaultAddress = FaultBefore;
      continue;
    }
    if (!*Measured)
      return std::nullopt;
    MeasuredForm Form;
    Form.Measures = std::move(**Measured);
    if (TimeBasedSide) {
      Form.Sampling = &TimeBasedSide->getLastSampling();
      Form.SamplingWarned =
          !getSamplingWarnings(*Form.Sampling,
                               TimeBasedSide->getRules(EmptySnippet))
               .empty();
      if (!EmptySnippet)
        Form.TwinsWarning = twinsBeyondL1InstructionCache(*V.Short, V.Long);
    }
    bool First = !Forms.hasMeasures();
    const FormReading &Reading =
        Forms.add(Index, std::move(Form), Options.SettleTolerance);
    if (First && BothForms && TimeBasedSide)
      Rival = getUnbeatenAbove(Reading);
  }
  return Forms;
}

void BenchmarkMeasurer::describeMeasurement(
    const BenchmarkCode &Code, ArrayRef<MeasuredFunction> Functions,
    const FormCombination &Forms, Benchmark &Result) const {
  bool HasMeasures = !Result.Measurements.empty();
  if (Options.Repetition == RepetitionMode::BestOfDuplicateAndLoop &&
      Functions.size() == 2 && HasMeasures)
    appendInfo(Result, Forms.describeBestOf(Functions[0].Function,
                                            Functions[1].Function));
  // Upstream's latency default is straight-line code: say that ours loops.
  if (Options.Repetition == RepetitionMode::LoopWhereTimeBased &&
      Functions.front().Function.IsLoop && HasMeasures)
    appendInfo(Result,
               "repetition: " + Functions.front().Function.describeLoop());
  std::string Description = CounterDescription;
  if (TimeBasedSide) {
    Description =
        describeSampling(Forms.getWinnerSampling(), TimeCounterName,
                         TimeBasedSide->getRules(Code.Key.Instructions.empty()),
                         Options.SamplingDetails);
    if (!Forms.getWinnerTwinsWarning().empty())
      Description += "; " + Forms.getWinnerTwinsWarning();
  } else if ((Options.Repetition == RepetitionMode::MiddleHalfDuplicate ||
              Options.Repetition == RepetitionMode::MiddleHalfLoop) &&
             !Description.empty())
    Description += ", fixed costs cancelled by differencing runs of N and 2N "
                   "instructions";
  if (!Description.empty())
    appendInfo(Result, Description);
}

} // namespace exegesis
} // namespace llvm
