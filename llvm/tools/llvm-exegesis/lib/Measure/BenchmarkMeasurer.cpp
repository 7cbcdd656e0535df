//===-- BenchmarkMeasurer.cpp -----------------------------------*- C++ -*-===//

#include "Measure/BenchmarkMeasurer.h"
#include "Core/L1CacheSize.h"
#include "Core/LLVMState.h"
#include "Core/RegisterWidth.h"
#include "Core/Target.h"
#include "Counters/Counter.h"
#include "Counters/CpuEventTable.h"
#include "Execution/InProcessFunctionExecutor.h"
#include "Execution/MemoryDefinitions.h"
#include "Execution/SubProcessFunctionExecutor.h"
#include "Measure/ReadingArithmetic.h"
#include "Measure/RepetitionFormChoice.h"
#include "Results/BenchmarkKeyText.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstring>
#include <limits>
#include <numeric>

namespace llvm {
namespace exegesis {

static Error measureError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
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

/// Opens \p Events on this process to find out early, with a clear message,
/// whether they can be counted here at all.
static Error probeEvents(ArrayRef<PerfEvent> Events, const Twine &Purpose) {
  Expected<CounterGroup> Group = CounterGroup::open(Events, 0);
  if (!Group)
    return measureError(Purpose + ": " + toString(Group.takeError()));
  return Error::success();
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

Expected<std::unique_ptr<BenchmarkMeasurer>>
BenchmarkMeasurer::create(const LLVMState &State,
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
  std::unique_ptr<BenchmarkMeasurer> M(new BenchmarkMeasurer(State, Options));
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

  if (Options.UseDummyPerfCounters) {
    M->Counters.push_back({"", M->makeExecutor(CounterSpec{})});
    return M;
  }

  std::vector<PerfEvent> Validation;
  for (const std::string &Name : Options.ValidationCounters) {
    Expected<PerfEvent> Event = PerfEvent::create(Name);
    if (!Event)
      return measureError("invalid -validation-counter '" + Name +
                          "': " + toString(Event.takeError()));
    Validation.push_back(std::move(*Event));
    M->ValidationNames.push_back(Name);
  }
  if (Validation.size() + 1 > MaxEventsPerGroup)
    return measureError("at most " + Twine(MaxEventsPerGroup - 1) +
                        " validation counters are supported");
  if (!Validation.empty())
    if (Error E = probeEvents(Validation, "validation counters"))
      return E;

  auto AddCounter = [&](StringRef Key, PerfEvent Main) -> Error {
    CounterSpec Spec;
    Spec.Events.push_back(std::move(Main));
    Spec.Events.insert(Spec.Events.end(), Validation.begin(), Validation.end());
    if (Error E = probeEvents(Spec.Events, "cannot count '" + Key + "'"))
      return E;
    M->Counters.push_back({Key.str(), M->makeExecutor(std::move(Spec))});
    return Error::success();
  };

  if (Options.Mode == BenchmarkMode::Uops) {
    const CpuEventTable *Table = findCpuEventTable(State.getCpuName());
    if (!Table || Table->Ports.empty())
      return measureError("uops mode needs per-port micro-op counters, and "
                          "none are known for CPU '" +
                          State.getCpuName() + "'");
    auto Resolve = [&](StringRef Name) -> Expected<PerfEvent> {
      Expected<PerfEvent> Event = PerfEvent::create(Name);
      if (!Event)
        return measureError("uops mode needs per-port micro-op counters: " +
                            toString(Event.takeError()));
      if (Error E = probeEvents({*Event},
                                "uops mode needs per-port micro-op counters"))
        return E;
      return Event;
    };
    for (const PortEvent &Port : Table->Ports) {
      Expected<PerfEvent> Event = Resolve(Port.EventName);
      if (!Event)
        return Event.takeError();
      if (Error E = AddCounter(Port.ResourceName, std::move(*Event)))
        return E;
    }
    Expected<PerfEvent> Uops = Resolve(Table->UopsEvent);
    if (!Uops)
      return Uops.takeError();
    if (Error E = AddCounter("NumMicroOps", std::move(*Uops)))
      return E;
    M->CounterDescription = "micro-ops counted by hardware events";
    return M;
  }

  Expected<CycleCounter> Cycles =
      CycleCounter::select(Options.CycleCounter, State.getCpuName(),
                           Options.TimeCounter, Validation.empty());
  if (!Cycles)
    return Cycles.takeError();
  M->TimeBased = Cycles->IsTimeBased;
  if (M->TimeBased) {
    Expected<CycleEstimator> Estimator =
        CycleEstimator::create(State.getTriple());
    if (!Estimator)
      return Estimator.takeError();
    M->Estimator.emplace(std::move(*Estimator));
    M->HostLevels = HostProbeLevels(
        State.getExegesisTarget().getExpectedProbeGroupCycles(State));
    // -benchmark-process-cpu pins the benchmarking children instead.
    if (Options.Aggregation == ResultAggregationMode::Min &&
        !Options.BenchmarkProcessCpu)
      M->Rotation.emplace();
  }
  std::string CounterName = Cycles->getName().str();
  if (Cycles->ReadsTimeStampCounter) {
    CounterSpec Spec;
    Spec.ReadsTimeStampCounter = true;
    M->Counters.push_back({getBenchmarkModeName(Options.Mode).str(),
                           M->makeExecutor(std::move(Spec))});
  } else if (Error E = AddCounter(getBenchmarkModeName(Options.Mode),
                                  std::move(Cycles->Event))) {
    return E;
  }
  M->TimeCounterName = CounterName;
  if (!M->TimeBased && !Options.TimeSamplesFile.empty())
    return measureError("-time-samples-file records time-based "
                        "measurements, and cycles are counted by hardware "
                        "event " +
                        CounterName + " here (-cycle-counter=time-based)");
  if (!M->TimeBased)
    M->CounterDescription = "cycles counted by hardware event " + CounterName;
  if (M->TimeBased && !Options.TimeSamplesFile.empty())
    if (Error E = M->openTimeSamplesFile())
      return E;
  return M;
}

std::string
BenchmarkMeasurer::describeFault(const BenchmarkCode &Code,
                                 ArrayRef<const AssembledFunction *> Functions,
                                 const FaultLocation &Fault) const {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "faulting address " << format_hex(Fault.FaultAddress, 0);
  const AssembledFunction *Function = Fault.FunctionIndex < Functions.size()
                                          ? Functions[Fault.FunctionIndex]
                                          : nullptr;
  if (!Function) {
    OS << ", in the cycle calibration code";
    return Text;
  }
  std::optional<SnippetInstructionLocation> Found =
      Function->SnippetLocations.find(Fault.InstructionOffset);
  if (!Found) {
    OS << ", at offset " << Fault.InstructionOffset
       << " of the generated function, outside the snippet";
    return Text;
  }
  OS << ", at snippet instruction " << Found->SnippetIndex;
  if (Found->SnippetIndex < Code.InstructionTexts.size())
    OS << " '" << StringRef(Code.InstructionTexts[Found->SnippetIndex]).trim()
       << "'";
  else if (Found->SnippetIndex < Code.Key.Instructions.size())
    OS << " ("
       << State.getOpcodeName(
              Code.Key.Instructions[Found->SnippetIndex].getOpcode())
       << ")";
  return Text;
}

Error BenchmarkMeasurer::openTimeSamplesFile() {
  std::error_code EC;
  TimeSamples = std::make_unique<raw_fd_ostream>(Options.TimeSamplesFile, EC);
  if (EC) {
    TimeSamples.reset();
    return measureError("cannot write -time-samples-file '" +
                        Options.TimeSamplesFile + "': " + EC.message());
  }
  json::Object Header{{"format", TimeSamplesFormatName},
                      {"version", int64_t(TimeSamplesFormatVersion)},
                      {"host", describeHost(State.getCpuName())},
                      {"counter", TimeCounterName}};
  *TimeSamples << json::Value(std::move(Header)) << "\n";
  TimeSamples->flush();
  return Error::success();
}

/// The name of a measured function's repetition in a trace.
static StringRef variantName(RepetitionMode Mode, bool IsLoop) {
  if (Mode == RepetitionMode::MiddleHalfDuplicate)
    return "middle-half-duplicate";
  if (Mode == RepetitionMode::MiddleHalfLoop)
    return "middle-half-loop";
  return IsLoop ? "loop" : "duplicate";
}

Error BenchmarkMeasurer::writeTimeSamples(const BenchmarkCode &Code,
                                          bool IsLoop, uint64_t Instructions,
                                          StringRef Refusal) {
  if (!TimeSamples || LastTraceJSON.empty())
    return Error::success();
  Expected<json::Value> Trace = json::parse(LastTraceJSON);
  if (!Trace)
    return Trace.takeError();
  std::string Benchmark;
  for (const MCInst &Inst : Code.Key.Instructions)
    Benchmark +=
        (Benchmark.empty() ? "" : "; ") + instructionToText(State, Inst);
  const SamplingJudgement &J = LastSampling.Judgement;
  json::Object Recorded{{"cycles", std::isfinite(J.Cycles)
                                       ? json::Value(J.Cycles)
                                       : json::Value(nullptr)},
                        {"verdict", getVerdictName(J.Verdict)}};
  if (!Refusal.empty())
    Recorded["error"] = Refusal;
  json::Object Line{{"benchmark", Benchmark},
                    {"mode", getBenchmarkModeName(Options.Mode)},
                    {"variant", variantName(Options.Repetition, IsLoop)},
                    {"instructions", int64_t(Instructions)},
                    {"recorded", std::move(Recorded)},
                    {"trace", std::move(*Trace)}};
  *TimeSamples << json::Value(std::move(Line)) << "\n";
  TimeSamples->flush();
  LastTraceJSON.clear();
  if (TimeSamples->has_error())
    return measureError("cannot write -time-samples-file '" +
                        Options.TimeSamplesFile +
                        "': " + TimeSamples->error().message());
  return Error::success();
}

SamplingRules BenchmarkMeasurer::samplingRules(bool EmptySnippet) const {
  SamplingRules Rules = SamplingRules::fromOptions(Options);
  Rules.EmptySnippet = EmptySnippet;
  return Rules;
}

/// What one call of \p F executes (nothing for a missing twin).
static RunLength runLengthOf(const AssembledFunction &F) {
  return {F.NumExecutedInstructions, F.NumSnippetRepetitions};
}
static std::optional<RunLength> runLengthOf(const AssembledFunction *Twin) {
  if (!Twin)
    return std::nullopt;
  return runLengthOf(*Twin);
}

Expected<std::optional<BenchmarkMeasurer::VariantResult>>
BenchmarkMeasurer::measureVariant(const BenchmarkCode &Code, const Variant &V,
                                  const FixedLayout &Layout, Benchmark &Result,
                                  double RivalPerInstruction) {
  std::vector<const AssembledFunction *> Measured = {V.Short};
  if (V.Long)
    Measured.push_back(V.Long);
  std::vector<ExecutableFunction> Loaded;
  for (const AssembledFunction *F : Measured) {
    Expected<ExecutableFunction> Function =
        ExecutableFunction::fromObject(F->ObjectFile, FunctionSymbolName);
    if (!Function)
      return Function.takeError();
    Loaded.push_back(std::move(*Function));
  }
  if (Options.Phase == BenchmarkPhase::DryRunMeasurement)
    return VariantResult();
  bool Calibrate = TimeBased && Estimator;

  // What runs in one executor call. Normally everything, round robin; code
  // at a fixed address holds one function at a time, so then each measured
  // function gets a call of its own (each with the calibration).
  std::vector<ExecutorBatch> Batches;
  for (size_t I = 0; I < Loaded.size(); ++I) {
    if (I == 0 || Layout.FirstFunctionAddress)
      Batches.emplace_back();
    Batches.back().Run.push_back(&Loaded[I]);
    Batches.back().Assembled.push_back(Measured[I]);
  }

  // A snippet failure becomes the result's error (and false), anything
  // else is a tool error; \p Assembled maps the fault's function index.
  auto RecordFailure =
      [&](Error E,
          ArrayRef<const AssembledFunction *> Assembled) -> Expected<bool> {
    std::optional<std::string> Failure;
    Error Other = handleErrors(std::move(E), [&](const SnippetFailure &F) {
      Failure = F.getMessage();
      if (F.getFault() &&
          (F.getFault()->Signal == SIGSEGV || F.getFault()->Signal == SIGBUS))
        Result.MemoryFaultAddress = F.getFault()->FaultAddress;
      if (F.getFault()) {
        std::string Where = describeFault(Code, Assembled, *F.getFault());
        Result.Info = Result.Info.empty() ? Where : Result.Info + "; " + Where;
      }
    });
    if (Other)
      return Other;
    Result.Error = *Failure;
    return false;
  };

  VariantResult Values;
  for (KeyedCounter &Counter : Counters) {
    if (Calibrate) {
      Expected<TimeBasedMeasurement> Sampled = measureTimeBased(
          V, Batches, Layout, *Counter.Executor, RivalPerInstruction);
      if (!Sampled) {
        Expected<bool> Recorded = RecordFailure(Sampled.takeError(), Measured);
        if (!Recorded)
          return Recorded.takeError();
        return std::nullopt;
      }
      BenchmarkMeasure Measure = toMeasure(V, *Sampled);
      Measure.Key = Counter.Key;
      if (Error E = checkCrediblePerInstruction(
              Measure.PerInstructionValue, Code.Key.Instructions.empty())) {
        Expected<bool> Recorded = RecordFailure(std::move(E), Measured);
        if (!Recorded)
          return Recorded.takeError();
        return std::nullopt;
      }
      Values.Measures.push_back(std::move(Measure));
      continue;
    }

    // Runs one batch; std::nullopt when the snippet failed.
    auto RunBatch = [&](const ExecutorBatch &B, unsigned Rounds, unsigned Calls,
                        const SamplingStopRule *Stop)
        -> Expected<std::optional<SampleTable>> {
      Expected<SampleTable> Samples =
          Counter.Executor->runAndSample(B.Run, Rounds, Layout, Calls, Stop);
      if (Samples)
        return std::optional<SampleTable>(std::move(*Samples));
      Expected<bool> Recorded = RecordFailure(Samples.takeError(), B.Assembled);
      if (!Recorded)
        return Recorded.takeError();
      return std::optional<SampleTable>();
    };

    // Readings per measured function; one warm-up round first (cold caches,
    // TLBs, page faults), dropped.
    std::vector<std::vector<CounterValues>> Readings(Loaded.size());
    size_t NextFunction = 0;
    for (const ExecutorBatch &B : Batches) {
      Expected<std::optional<SampleTable>> Samples =
          RunBatch(B, Options.RepeatCount + 1, 1, nullptr);
      if (!Samples)
        return Samples.takeError();
      if (!*Samples)
        return std::nullopt;
      for (std::vector<CounterValues> &Column : **Samples) {
        Column.erase(Column.begin());
        Readings[NextFunction++] = std::move(Column);
      }
    }
    if (Options.UseDummyPerfCounters)
      continue;

    Values.Measures.push_back(measureFromReadings(
        Counter.Key, Readings, runLengthOf(*V.Short), runLengthOf(V.Long),
        ValidationNames, Options.Aggregation));
  }
  return Values;
}

/// \p Failure with its fault's function index, which counts the functions
/// of \p Batch, counting \p Snippet's functions instead (past them:
/// calibration code).
static Error relocateFault(Error Failure, const ExecutorBatch &Batch,
                           ArrayRef<const ExecutableFunction *> Snippet) {
  return handleErrors(
      std::move(Failure), [&](std::unique_ptr<SnippetFailure> F) -> Error {
        std::optional<FaultLocation> Fault = F->getFault();
        if (!Fault)
          return Error(std::move(F));
        const ExecutableFunction *Faulted =
            Fault->FunctionIndex < Batch.Run.size()
                ? Batch.Run[Fault->FunctionIndex]
                : nullptr;
        Fault->FunctionIndex =
            std::find(Snippet.begin(), Snippet.end(), Faulted) -
            Snippet.begin();
        return make_error<SnippetFailure>(F->getMessage(), Fault);
      });
}

Expected<std::string>
BenchmarkMeasurer::sampleTimeBased(const TimeBasedInputs &Head,
                                   ArrayRef<ExecutorBatch> MeasuredBatches,
                                   SamplingRunner Sample) {
  std::vector<const ExecutableFunction *> Snippet;
  for (const ExecutorBatch &B : MeasuredBatches)
    Snippet.insert(Snippet.end(), B.Run.begin(), B.Run.end());
  auto RunBatch = [&](const ExecutorBatch &B, unsigned Rounds, unsigned Calls,
                      const SamplingStopRule *Stop)
      -> Expected<std::optional<SampleTable>> {
    Expected<SampleTable> Samples = Sample(B.Run, Rounds, Calls, Stop);
    if (!Samples)
      return relocateFault(Samples.takeError(), B, Snippet);
    return std::optional<SampleTable>(std::move(*Samples));
  };
  BenchmarkRunOptions SamplingOptions = Options;
  if (Head.EmptySnippet)
    SamplingOptions.SettleTimeLimitSeconds = 0;
  TimeBasedSampler Sampler(State.getTriple(), *Estimator, SamplingOptions,
                           Rotation ? &*Rotation : nullptr, Head.Reference,
                           /*RecordTrace=*/TimeSamples != nullptr,
                           Head.WideVectorChain);
  Expected<std::optional<TimeBasedMeasurement>> Taken =
      Sampler.measure(MeasuredBatches, Head.Differencing, Head.EmptySnippet,
                      RunBatch, Head.RivalCycles);
  if (!Taken)
    return Taken.takeError();
  assert(*Taken && "a failed batch is an error here");
  return (*Taken)->encode();
}

Expected<std::string> BenchmarkMeasurer::sampleTimeBasedElsewhere(
    const void *Owner, StringRef Inputs,
    ArrayRef<const ExecutableFunction *> Functions, SamplingRunner Sample) {
  TimeBasedInputs Head;
  if (Inputs.size() < sizeof(Head))
    return createStringError(inconvertibleErrorCode(),
                             "truncated time-based sampling inputs");
  std::memcpy(&Head, Inputs.data(), sizeof(Head));
  if (Inputs.size() != sizeof(Head) + Head.NumBatches * sizeof(uint32_t))
    return createStringError(inconvertibleErrorCode(),
                             "malformed time-based sampling inputs");
  std::vector<ExecutorBatch> Batches(Head.NumBatches);
  size_t Next = 0;
  for (uint32_t I = 0; I < Head.NumBatches; ++I) {
    uint32_t Size;
    std::memcpy(&Size, Inputs.data() + sizeof(Head) + I * sizeof(Size),
                sizeof(Size));
    if (Next + Size > Functions.size())
      return createStringError(inconvertibleErrorCode(),
                               "malformed time-based sampling inputs");
    Batches[I].Run.assign(Functions.begin() + Next,
                          Functions.begin() + Next + Size);
    // The assembled functions are the tool's, and sampling needs none.
    Batches[I].Assembled.assign(Size, nullptr);
    Next += Size;
  }
  // The child's copy of the measurer: what sampling changes in it (the CPU
  // rotation's state) stays in the child.
  auto *Measurer = const_cast<BenchmarkMeasurer *>(
      static_cast<const BenchmarkMeasurer *>(Owner));
  return Measurer->sampleTimeBased(Head, Batches, Sample);
}

Expected<TimeBasedMeasurement> BenchmarkMeasurer::measureTimeBased(
    const Variant &V, ArrayRef<ExecutorBatch> MeasuredBatches,
    const FixedLayout &Layout, const FunctionExecutor &Executor,
    double RivalPerInstruction) {
  std::vector<const ExecutableFunction *> Snippet;
  for (const ExecutorBatch &B : MeasuredBatches)
    Snippet.insert(Snippet.end(), B.Run.begin(), B.Run.end());

  // Taken here, not in the benchmarking child: it sorts every level seen so
  // far, and each page a child allocates is a copy-on-write fault.
  TimeBasedInputs Head = {};
  Head.Reference = HostLevels.getReference();
  // An empty snippet's value is 0 whatever the samples (no instruction to
  // divide by), and its samples, all near 0, never settle: one run shows
  // that the set-up code runs, more would only spend -settle-time-limit.
  Head.EmptySnippet = V.Short->NumSnippetRepetitions == 0;
  Head.Differencing = V.Long != nullptr;
  // The rival in this variant's cycles per call: what its value is divided
  // by for a value per instruction.
  Head.RivalCycles = NAN;
  if (RivalPerInstruction > 0) {
    BenchmarkMeasure PerCall;
    setPerInstructionValues(PerCall, 1, runLengthOf(*V.Short),
                            runLengthOf(V.Long));
    if (PerCall.PerInstructionValue > 0)
      Head.RivalCycles = RivalPerInstruction / PerCall.PerInstructionValue;
  }
  Head.NumBatches = static_cast<uint32_t>(MeasuredBatches.size());
  Head.WideVectorChain = WideSnippet;
  // The whole sampling (probe, runs, settling) runs where the executor runs
  // code, in one benchmarking subprocess in subprocess mode.
  auto Procedure = [&](SamplingRunner Sample) -> Expected<std::string> {
    return sampleTimeBased(Head, MeasuredBatches, Sample);
  };
  PortableProcedure Portable;
  Portable.Run = &BenchmarkMeasurer::sampleTimeBasedElsewhere;
  Portable.Owner = this;
  Portable.Inputs.assign(reinterpret_cast<const char *>(&Head), sizeof(Head));
  for (const ExecutorBatch &B : MeasuredBatches) {
    uint32_t Size = static_cast<uint32_t>(B.Run.size());
    Portable.Inputs.append(reinterpret_cast<const char *>(&Size), sizeof(Size));
  }
  Expected<std::string> Bytes =
      Executor.runProcedure(Snippet, Layout, Procedure, &Portable);
  if (!Bytes)
    return Bytes.takeError();
  Expected<TimeBasedMeasurement> Decoded = TimeBasedMeasurement::decode(*Bytes);
  if (!Decoded)
    return Decoded.takeError();
  // A subprocess that moved itself to a quieter CPU: the tool follows, so
  // that the next measurement starts there.
  if (Rotation && Decoded->Report.Judgement.Runs > 1 && Decoded->FinalCpu >= 0)
    Rotation->moveTo(Decoded->FinalCpu);
  LastSampling = Decoded->Report;
  // What this measurement saw of the host's probe level serves the next.
  HostLevels.add(LastSampling.Judgement.ProbeLevel);
  for (double Level : LastSampling.CpuCheckLevels)
    HostLevels.add(Level);
  LastTraceJSON = std::move(Decoded->TraceJSON);
  // Refused, yet its trace is kept: measure() writes it with the error.
  if (!Decoded->Refusal.empty())
    return make_error<SnippetFailure>(Decoded->Refusal);
  return Decoded;
}

BenchmarkMeasure
BenchmarkMeasurer::toMeasure(const Variant &V,
                             const TimeBasedMeasurement &Measured) const {
  BenchmarkMeasure Measure;
  setPerInstructionValues(Measure, Measured.Cycles, runLengthOf(*V.Short),
                          runLengthOf(V.Long));
  for (size_t I = 0; I < ValidationNames.size(); ++I)
    Measure.ValidationCounters[ValidationNames[I]] =
        static_cast<int64_t>(std::llround(
            combineReadings(Measured.Readings, I + 1, Options.Aggregation,
                            Measured.Report.Plan.CallsPerWindow)));
  return Measure;
}

/// Whether \p Code's instructions name a 512-bit register on x86-64: its
/// time-based calibration then uses the wide vector chain (CycleEstimator.h).
/// No host check: such a snippet runs only where AVX-512F is, and it runs
/// before the chains in a round, so elsewhere it fails as it always did.
static bool usesWideVectorRegisters(const LLVMState &State,
                                    const BenchmarkCode &Code) {
  if (State.getTriple().getArch() != Triple::x86_64)
    return false;
  return any_of(Code.Key.Instructions, [&](const MCInst &Inst) {
    return any_of(Inst, [&](const MCOperand &Op) {
      return Op.isReg() && Op.getReg() &&
             getRegisterBitWidth(State, Op.getReg()) >= 512;
    });
  });
}

/// The warning for time-based straight-line twins whose 2N function does
/// not fit in the host's L1 instruction cache (empty when it fits, or for a
/// loop): the N and 2N functions may then run from different levels, and
/// their difference is not the snippet's cost. On Zen 5 twelve imull read
/// 3.39-6.83 cycles with 2N twins of 41-110 KiB, some clean, and 4.00 with
/// 14 and 27 KiB. The throughput default never lays such twins out;
/// -repetition-mode=duplicate or min at a large -min-instructions can.
static std::string
twinsBeyondL1InstructionCache(const AssembledFunction &Short,
                              const AssembledFunction *Long) {
  if (Short.IsLoop || !Long)
    return "";
  const L1CacheSize &Cache = getHostL1CacheSize(L1Cache::Instruction);
  if (Long->RepeatedBytes <= Cache.Bytes)
    return "";
  auto KiB = [](uint64_t Bytes) {
    return formatv("{0:f1}", double(Bytes) / 1024).str();
  };
  // The most instructions whose 2N twin fits, at the snippet's bytes per
  // instruction.
  uint64_t Fitting = Short.RepeatedBytes
                         ? Cache.Bytes * Short.NumExecutedInstructions /
                               (2 * Short.RepeatedBytes)
                         : 0;
  return "warning: the straight-line N and 2N functions take " +
         KiB(Short.RepeatedBytes) + " and " + KiB(Long->RepeatedBytes) +
         " KiB, more than the " + KiB(Cache.Bytes) +
         " KiB L1 instruction cache, the value may be off (-min-instructions=" +
         std::to_string(Fitting) + " or fewer keeps them within it)";
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
  if (!Code.Key.MemoryMappings.empty()) {
    Expected<SharedMemoryDefinitions> Defs =
        SharedMemoryDefinitions::create(Code.Key.MemoryValues);
    if (!Defs)
      return Defs.takeError();
    MemoryDefs.emplace(std::move(*Defs));
    Expected<std::vector<FixedMemoryRegion>> Memory =
        MemoryDefs->getRegions(Code.Key.MemoryMappings);
    if (!Memory)
      return Memory.takeError();
    Layout.Memory = std::move(*Memory);
  }

  // Which functions are differenced with which.
  ExtraFunctions.clear();
  ExtraFunctions.reserve(Functions.size());
  std::vector<Variant> Variants;
  bool MiddleHalf = Options.Repetition == RepetitionMode::MiddleHalfDuplicate ||
                    Options.Repetition == RepetitionMode::MiddleHalfLoop;
  if (MiddleHalf) {
    if (Functions.size() != 2)
      return measureError("middle-half repetition needs two functions");
    Variants.push_back({&Functions[0].Function, &Functions[1].Function});
  } else {
    for (const MeasuredFunction &F : Functions) {
      Variant V{&F.Function, nullptr};
      if (TimeBased && !Options.UseDummyPerfCounters) {
        // Twice what the short function runs, not twice what was asked:
        // a loop runs whole iterations, and with a 409-copy body 10000
        // instructions become 10225 but 20000 only 20041, which made every
        // such latency value carry the fixed-part warning (2N - 2 * N
        // read 4% of the short function).
        AssemblyRequest Twice = F.Request;
        // The short function's byte limit made it as long as it is.
        Twice.StraightLineMaxBytes = 0;
        uint64_t Doubled = 2 * F.Function.NumExecutedInstructions;
        Twice.MinInstructions = Doubled <= std::numeric_limits<unsigned>::max()
                                    ? static_cast<unsigned>(Doubled)
                                    : 2 * Twice.MinInstructions;
        Expected<AssembledFunction> Long =
            assembleMeasuredFunction(State, Code, Twice);
        if (!Long)
          return Long.takeError();
        ExtraFunctions.push_back(std::move(*Long));
        V.Long = &ExtraFunctions.back();
      }
      Variants.push_back(V);
    }
  }

  // min and best-of repetition: keep the smaller value of each key. `info`
  // describes the sampling of the variant whose first key won.
  std::optional<VariantResult> Best;
  size_t Winner = 0;
  TimeBasedSamplingReport WinnerSampling;
  // A time-based value that carries a warning loses to a sound one its
  // doubt can explain (see RepetitionFormChoice.h).
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
  std::vector<FormReading> Readings(Variants.size(), makeCountedReading(NAN));
  std::vector<std::string> TwinsWarnings(Variants.size());
  bool StraightOutclassed = false;
  // Why the form measured second failed when the first has a value.
  std::string SecondFormFailure;
  double Rival = NAN;
  for (size_t Index : Order) {
    std::string ErrorBefore = Result.Error, InfoBefore = Result.Info;
    std::optional<uintptr_t> FaultBefore = Result.MemoryFaultAddress;
    Expected<std::optional<VariantResult>> Measured =
        measureVariant(Code, Variants[Index], Layout, Result, Rival);
    if (!Measured)
      return Measured.takeError();
    // Written refused or not: a refused value's trace says why.
    if (TimeBased)
      if (Error E = writeTimeSamples(
              Code, Variants[Index].Short->IsLoop,
              Variants[Index].Long
                  ? Variants[Index].Long->NumExecutedInstructions -
                        Variants[Index].Short->NumExecutedInstructions
                  : Variants[Index].Short->NumExecutedInstructions,
              *Measured ? StringRef() : StringRef(Result.Error)))
        return E;
    // Of the default's two forms, one that fails while the other has a
    // value (straight-line code whose difference read 0.0192 cycles per
    // instruction, refused as not credible, beside a loop's 0.3333 on Zen
    // 5) leaves the other to report, and says why in `info`.
    if (!*Measured && BothForms && Best) {
      SecondFormFailure = Result.Error;
      Result.Error = std::move(ErrorBefore);
      Result.Info = std::move(InfoBefore);
      Result.MemoryFaultAddress = FaultBefore;
      continue;
    }
    if (!*Measured) {
      Result.Measurements.clear();
      return Error::success();
    }
    if (TimeBased && Index == 0)
      StraightOutclassed =
          LastSampling.Judgement.Verdict == SamplingVerdict::Outclassed;
    bool HasValue = !(*Measured)->Measures.empty();
    double Value =
        HasValue ? (*Measured)->Measures[0].PerInstructionValue : NAN;
    if (TimeBased && !EmptySnippet)
      TwinsWarnings[Index] = twinsBeyondL1InstructionCache(
          *Variants[Index].Short, Variants[Index].Long);
    Readings[Index] =
        TimeBased
            ? makeFormReading(Value,
                              !getSamplingWarnings(LastSampling,
                                                   samplingRules(EmptySnippet))
                                      .empty() ||
                                  !TwinsWarnings[Index].empty(),
                              LastSampling.Judgement)
            : makeCountedReading(Value);
    // Nothing in the sampling bounds how far off such twins read.
    if (!TwinsWarnings[Index].empty())
      Readings[Index].PlausibleHigh = std::numeric_limits<double>::infinity();
    if (!Best) {
      Best = std::move(**Measured);
      WinnerSampling = LastSampling;
      Winner = Index;
      if (BothForms && TimeBased)
        Rival = getUnbeatenAbove(Readings[Index]);
      continue;
    }
    const FormReading &Candidate = Readings[Index];
    bool Wins = HasValue && reportsInstead(Candidate, Readings[Winner],
                                           Options.SettleTolerance);
    // Of forms trusted alike each key keeps its smaller value; otherwise
    // the form that won the first key gives them all.
    bool Alike = trustedAlike(Candidate, Readings[Winner]);
    for (size_t I = 0; I < Best->Measures.size(); ++I)
      if (!Alike ? Wins
                 : (*Measured)->Measures[I].PerInstructionValue <
                       Best->Measures[I].PerInstructionValue)
        Best->Measures[I] = (*Measured)->Measures[I];
    if (Wins) {
      Winner = Index;
      WinnerSampling = LastSampling;
    }
  }
  Result.Measurements = std::move(Best->Measures);
  LastSampling = WinnerSampling;
  if (Options.Phase == BenchmarkPhase::DryRunMeasurement)
    return Error::success();

  if (Options.Repetition == RepetitionMode::BestOfDuplicateAndLoop &&
      Functions.size() == 2 && !Result.Measurements.empty()) {
    const AssembledFunction &Straight = Functions[0].Function;
    const AssembledFunction &Loop = Functions[1].Function;
    std::string Note;
    raw_string_ostream OS(Note);
    OS << "repetition: " << Loop.describeLoop() << " ";
    auto Form = [&](size_t Index) {
      if (!SecondFormFailure.empty() && std::isnan(Readings[Index].Value))
        OS << "failed (" << SecondFormFailure << ")";
      else
        OS << format("%.4f", Readings[Index].Value);
    };
    Form(1);
    OS << ", straight-line (" << Straight.describeRepeatedSize() << ") ";
    Form(0);
    OS << ": " << (Winner == 1 ? "loop" : "straight-line") << " reported";
    double Ratio = Readings[0].Value / Readings[1].Value;
    if (Readings[1 - Winner].Doubtful &&
        !trustedAlike(Readings[0], Readings[1]) &&
        Readings[1 - Winner].Value < Readings[Winner].Value)
      OS << " (the other carried a warning)";
    else if (Winner == 1 && Ratio > 1.01)
      OS << " (straight-line code is front-end bound"
         << (StraightOutclassed ? ", sampled until that was clear)" : ")");
    else if (Winner == 0 && Ratio < 0.99)
      OS << " (" << format("%.1f", 100 * (1 - Ratio)) << "% below the loop)";
    Result.Info = Result.Info.empty() ? Note : Result.Info + "; " + Note;
  }
  // Upstream's latency default is straight-line code: say that ours loops.
  if (Options.Repetition == RepetitionMode::LoopWhereTimeBased &&
      Functions.front().Function.IsLoop && !Result.Measurements.empty()) {
    std::string Note =
        "repetition: " + Functions.front().Function.describeLoop();
    Result.Info = Result.Info.empty() ? Note : Result.Info + "; " + Note;
  }

  std::string Description = CounterDescription;
  if (TimeBased) {
    Description =
        describeSampling(LastSampling, TimeCounterName,
                         samplingRules(EmptySnippet), Options.SamplingDetails);
    if (!TwinsWarnings[Winner].empty())
      Description += "; " + TwinsWarnings[Winner];
  } else if (MiddleHalf && !Description.empty())
    Description += ", fixed costs cancelled by differencing runs of N and 2N "
                   "instructions";
  if (!Description.empty())
    Result.Info =
        Result.Info.empty() ? Description : Result.Info + "; " + Description;
  return Error::success();
}

} // namespace exegesis
} // namespace llvm
