//===-- BenchmarkMeasurer.cpp -----------------------------------*- C++ -*-===//

#include "BenchmarkMeasurer.h"
#include "Counter.h"
#include "CpuEventTable.h"
#include "CpuRotation.h"
#include "InProcessFunctionExecutor.h"
#include "LLVMState.h"
#include "MemoryDefinitions.h"
#include "SubProcessFunctionExecutor.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

namespace llvm {
namespace exegesis {

static double aggregateValues(std::vector<double> Values,
                              ResultAggregationMode Mode) {
  assert(!Values.empty() && "no samples to aggregate");
  switch (Mode) {
  case ResultAggregationMode::Min:
    return *std::min_element(Values.begin(), Values.end());
  case ResultAggregationMode::Max:
    return *std::max_element(Values.begin(), Values.end());
  case ResultAggregationMode::Mean:
    return std::accumulate(Values.begin(), Values.end(), 0.0) / Values.size();
  case ResultAggregationMode::MinVariance: {
    std::sort(Values.begin(), Values.end());
    size_t Window = (Values.size() + 1) / 2;
    double BestMean = 0, BestVariance = INFINITY;
    for (size_t Start = 0; Start + Window <= Values.size(); ++Start) {
      double Mean = 0;
      for (size_t I = Start; I < Start + Window; ++I)
        Mean += Values[I];
      Mean /= Window;
      double Variance = 0;
      for (size_t I = Start; I < Start + Window; ++I)
        Variance += (Values[I] - Mean) * (Values[I] - Mean);
      if (Variance < BestVariance) {
        BestVariance = Variance;
        BestMean = Mean;
      }
    }
    return BestMean;
  }
  }
  llvm_unreachable("unknown aggregation mode");
}

double aggregateSamples(ArrayRef<int64_t> Samples, ResultAggregationMode Mode) {
  return aggregateValues(std::vector<double>(Samples.begin(), Samples.end()),
                         Mode);
}

double medianOf(std::vector<double> Values) {
  assert(!Values.empty() && "median of nothing");
  size_t Middle = Values.size() / 2;
  std::nth_element(Values.begin(), Values.begin() + Middle, Values.end());
  double Upper = Values[Middle];
  if (Values.size() % 2)
    return Upper;
  double Lower = *std::max_element(Values.begin(), Values.begin() + Middle);
  return (Lower + Upper) / 2;
}

/// \p Values without the NaNs of samples that could not be calibrated.
static std::vector<double> finiteValues(ArrayRef<double> Values) {
  std::vector<double> Finite;
  for (double V : Values)
    if (std::isfinite(V))
      Finite.push_back(V);
  return Finite;
}

double aggregateTimeBasedSamples(ArrayRef<double> Estimates,
                                 ResultAggregationMode Mode) {
  std::vector<double> Usable = finiteValues(Estimates);
  if (Usable.empty())
    return NAN;
  if (Mode == ResultAggregationMode::Min)
    return medianOf(std::move(Usable));
  return aggregateValues(std::move(Usable), Mode);
}

// The time-based sampling parameters were chosen by measurement on a Zen 3
// KVM guest (bench/accuracy/README.md).
/// A time-based counter window runs the longest function of a batch enough
/// times for about this many core cycles (some tens of microseconds): the
/// counter's start/stop jitter, a few hundred ticks, is then small next to
/// the window. Much longer windows catch more interrupts.
static constexpr double TimeBasedWindowCycles = 320000;
/// The calibration chains are as long as the snippet's difference of N and
/// 2N instructions, within these bounds (in adds, one core cycle each).
static constexpr uint64_t MinChainLength = 1000;
static constexpr uint64_t MaxChainLength = 100000000;
/// Rounds run and dropped before a time-based measurement (cold caches and
/// TLBs, page faults, a clock still ramping up).
static constexpr unsigned TimeBasedWarmupRounds = 3;
/// Rounds whose minima make one time-based sample.
static constexpr unsigned TimeBasedRoundsPerSample = 5;
/// What one time-based measurement may cost, in core cycles of the
/// calibration chain (about a second): slow instructions (CPUID traps to the
/// hypervisor in a VM) get fewer rounds per sample instead of running into
/// the subprocess timeout.
static constexpr double TimeBasedBudgetCycles = 3e9;

/// Under min aggregation, runs of samples follow one another until two
/// have settled (this fraction of a run's samples lie within
/// TimeBasedAgreement, a relative width, of each other) and agree. On a quiet
/// machine nearly every sample is the latency to a few tenths of a percent; a
/// busy SMT sibling or hypervisor scatters them, or shifts them together, by
/// several percent for a second or more (bench/accuracy/README.md).
static constexpr double TimeBasedSettledFraction = 2.0 / 3.0;
static constexpr double TimeBasedAgreement = 0.003;
/// How many times one measurement starts over with a new plan when a run's
/// costs contradict the probe's (bounded: a run disturbed in turn must not
/// keep it from ending).
static constexpr unsigned TimeBasedMaxReplans = 2;

SampleCluster findDensestCluster(ArrayRef<double> Values,
                                 double RelativeWidth) {
  std::vector<double> Sorted = finiteValues(Values);
  std::sort(Sorted.begin(), Sorted.end());
  SampleCluster Best;
  size_t BestBegin = 0;
  for (size_t Begin = 0, End = 0; Begin < Sorted.size(); ++Begin) {
    End = std::max(End, Begin);
    double Limit = Sorted[Begin] + std::fabs(Sorted[Begin]) * RelativeWidth;
    while (End < Sorted.size() && Sorted[End] <= Limit)
      ++End;
    if (End - Begin > Best.Size) {
      Best.Size = End - Begin;
      BestBegin = Begin;
    }
  }
  if (Best.Size)
    Best.Median = medianOf(std::vector<double>(
        Sorted.begin() + BestBegin, Sorted.begin() + BestBegin + Best.Size));
  return Best;
}

TimeBasedPlan planTimeBasedSampling(ArrayRef<double> FunctionCycles,
                                    bool Differencing, size_t NumBatches,
                                    unsigned RepeatCount) {
  TimeBasedPlan Plan;
  // Calibration chains as long as the snippet's difference of N and 2N
  // instructions: both differences then last equally long, so a disturbance
  // that comes with the length of a window (a periodic interrupt, say)
  // biases both alike and cancels in their ratio.
  double SnippetCycles = 0;
  if (!FunctionCycles.empty())
    SnippetCycles = Differencing && FunctionCycles.size() > 1
                        ? FunctionCycles[1] - FunctionCycles[0]
                        : FunctionCycles[0];
  if (!std::isfinite(SnippetCycles))
    SnippetCycles = 0;
  Plan.ChainLength = static_cast<uint64_t>(std::clamp(
      SnippetCycles, double(MinChainLength), double(MaxChainLength)));

  // Calls per window: the longest window holds about TimeBasedWindowCycles.
  double LongestCall = 2.0 * Plan.ChainLength;
  double RoundCycles = NumBatches * 3.0 * Plan.ChainLength;
  for (double Cycles : FunctionCycles) {
    if (!std::isfinite(Cycles))
      continue;
    LongestCall = std::max(LongestCall, Cycles);
    RoundCycles += Cycles;
  }
  Plan.CallsPerWindow = static_cast<unsigned>(
      std::max(1.0, std::floor(TimeBasedWindowCycles / LongestCall)));
  RoundCycles *= Plan.CallsPerWindow;
  // Rounds per sample: as many as the budget allows, up to
  // TimeBasedRoundsPerSample.
  Plan.RoundsPerSample = static_cast<unsigned>(
      std::clamp((TimeBasedBudgetCycles / RoundCycles - TimeBasedWarmupRounds) /
                     std::max(1u, RepeatCount),
                 1.0, double(TimeBasedRoundsPerSample)));
  return Plan;
}

bool isPlanContradicted(const TimeBasedPlan &Used, const TimeBasedPlan &Fresh) {
  auto OffBy = [](double A, double B, double Factor) {
    return std::max(A, B) > Factor * std::min(A, B);
  };
  // The probe's costs include starting and stopping the counter (one call
  // per window), a run's hardly: for a short snippet that alone moves the
  // calls per window by up to half, which is harmless.
  return OffBy(Used.ChainLength, Fresh.ChainLength, 1.25) ||
         OffBy(Used.CallsPerWindow, Fresh.CallsPerWindow, 2);
}

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

Expected<std::unique_ptr<BenchmarkMeasurer>>
BenchmarkMeasurer::create(const LLVMState &State,
                          const BenchmarkRunOptions &Options) {
  Triple Host(sys::getProcessTriple());
  if (State.getTriple().getArch() != Host.getArch() || !Host.isOSLinux())
    return measureError("cannot measure " + State.getTriple().str() +
                        " code on this " + Host.str() +
                        " host; stop before the measure phase with "
                        "-benchmark-phase=assemble-measured-code");
  if (Options.Execution == ExecutionMode::InProcess &&
      Options.BenchmarkProcessCpu)
    return measureError("-benchmark-process-cpu is only supported in the "
                        "subprocess execution mode");
  std::unique_ptr<BenchmarkMeasurer> M(new BenchmarkMeasurer(State, Options));

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
      CycleCounter::select(Options.CycleCounter, State.getCpuName());
  if (!Cycles)
    return Cycles.takeError();
  M->TimeBased = Cycles->IsTimeBased;
  if (M->TimeBased) {
    Expected<CycleEstimator> Estimator =
        CycleEstimator::create(State.getTriple());
    if (!Estimator)
      return Estimator.takeError();
    M->Estimator.emplace(std::move(*Estimator));
  }
  std::string CounterName = Cycles->Event.getName().str();
  if (Error E = AddCounter(getBenchmarkModeName(Options.Mode),
                           std::move(Cycles->Event)))
    return E;
  M->CounterDescription =
      M->TimeBased ? "cycles estimated from time counter " + CounterName
                   : "cycles counted by hardware event " + CounterName;
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
  const SnippetInstructionLocation *Found = nullptr;
  for (const SnippetInstructionLocation &Location : Function->SnippetLocations)
    if (Location.Offset == Fault.InstructionOffset)
      Found = &Location;
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

static std::vector<int64_t> column(ArrayRef<CounterValues> Readings,
                                   size_t Index) {
  std::vector<int64_t> Values;
  for (const CounterValues &Reading : Readings)
    Values.push_back(Reading[Index]);
  return Values;
}

Expected<std::optional<BenchmarkMeasurer::VariantResult>>
BenchmarkMeasurer::measureVariant(const BenchmarkCode &Code, const Variant &V,
                                  const FixedLayout &Layout,
                                  Benchmark &Result) {
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
  bool Calibrate = TimeBased && Estimator;

  // What runs in one executor call. Normally everything, round robin; code
  // at a fixed address holds one function at a time, so then each measured
  // function gets a call of its own (each with the calibration).
  std::vector<Batch> Batches;
  for (size_t I = 0; I < Loaded.size(); ++I) {
    if (I == 0 || Layout.FirstFunctionAddress)
      Batches.emplace_back();
    Batches.back().Run.push_back(&Loaded[I]);
    Batches.back().Assembled.push_back(Measured[I]);
  }

  VariantResult Values;
  for (KeyedCounter &Counter : Counters) {
    // Runs one batch; a snippet failure becomes the result's error (and
    // std::nullopt), anything else is a tool error.
    auto RunBatch =
        [&](const Batch &B, unsigned Rounds,
            unsigned Calls) -> Expected<std::optional<SampleTable>> {
      Expected<SampleTable> Samples =
          Counter.Executor->runAndSample(B.Run, Rounds, Layout, Calls);
      if (Samples)
        return std::optional<SampleTable>(std::move(*Samples));
      std::optional<std::string> Failure;
      Error Other =
          handleErrors(Samples.takeError(), [&](const SnippetFailure &F) {
            Failure = F.getMessage();
            if (F.getFault()) {
              std::string Where =
                  describeFault(Code, B.Assembled, *F.getFault());
              Result.Info =
                  Result.Info.empty() ? Where : Result.Info + "; " + Where;
            }
          });
      if (Other)
        return Other;
      Result.Error = *Failure;
      return std::optional<SampleTable>();
    };

    if (Calibrate) {
      Expected<std::optional<BenchmarkMeasure>> Measure =
          measureTimeBased(V, Batches, RunBatch);
      if (!Measure)
        return Measure.takeError();
      if (!*Measure)
        return std::nullopt;
      (*Measure)->Key = Counter.Key;
      Values.Measures.push_back(std::move(**Measure));
      continue;
    }

    // Readings per measured function; one warm-up round first (cold caches,
    // TLBs, page faults), dropped.
    std::vector<std::vector<CounterValues>> Readings(Loaded.size());
    size_t NextFunction = 0;
    for (const Batch &B : Batches) {
      Expected<std::optional<SampleTable>> Samples =
          RunBatch(B, Options.RepeatCount + 1, 1);
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

    BenchmarkMeasure Measure;
    Measure.Key = Counter.Key;
    setPerInstructionValues(Measure, V, differenceOfSamples(V, Readings, 0, 1));
    for (size_t I = 0; I < ValidationNames.size(); ++I)
      Measure.ValidationCounters[ValidationNames[I]] = static_cast<int64_t>(
          std::llround(differenceOfSamples(V, Readings, I + 1, 1)));
    Values.Measures.push_back(std::move(Measure));
  }
  return Values;
}

double BenchmarkMeasurer::differenceOfSamples(
    const Variant &V, ArrayRef<std::vector<CounterValues>> Readings,
    size_t EventIndex, unsigned CallsPerWindow) const {
  // Without a twin, the samples themselves are aggregated. With one, min
  // takes the difference of the minima (each the least disturbed run of its
  // function; the minimum of differences would favour noise in the short
  // run), the other modes aggregate the differences of the samples taken in
  // the same round. Either is per call of the function.
  std::vector<int64_t> Short = column(Readings[0], EventIndex);
  if (!V.Long)
    return aggregateSamples(Short, Options.Aggregation) / CallsPerWindow;
  std::vector<int64_t> Long = column(Readings[1], EventIndex);
  if (Options.Aggregation == ResultAggregationMode::Min)
    return (aggregateSamples(Long, Options.Aggregation) -
            aggregateSamples(Short, Options.Aggregation)) /
           CallsPerWindow;
  std::vector<int64_t> Differences;
  for (size_t I = 0; I < Short.size() && I < Long.size(); ++I)
    Differences.push_back(Long[I] - Short[I]);
  return aggregateSamples(Differences, Options.Aggregation) / CallsPerWindow;
}

void BenchmarkMeasurer::setPerInstructionValues(BenchmarkMeasure &Measure,
                                                const Variant &V,
                                                double Count) const {
  uint64_t Instructions = V.Short->NumExecutedInstructions;
  uint64_t Repetitions = V.Short->NumSnippetRepetitions;
  if (V.Long) {
    Instructions = V.Long->NumExecutedInstructions - Instructions;
    Repetitions = V.Long->NumSnippetRepetitions - Repetitions;
  }
  Measure.PerInstructionValue = Instructions ? Count / Instructions : 0;
  Measure.PerSnippetValue = Repetitions ? Count / Repetitions : 0;
}

/// The least disturbed window of a function's readings (its first event),
/// NaN when there is none.
static double cheapestTicks(ArrayRef<CounterValues> Readings) {
  if (Readings.empty())
    return NAN;
  int64_t Ticks = Readings.front()[0];
  for (const CounterValues &Reading : Readings)
    Ticks = std::min(Ticks, Reading[0]);
  return double(Ticks);
}

std::vector<BenchmarkMeasurer::Batch>
BenchmarkMeasurer::withChains(ArrayRef<Batch> MeasuredBatches,
                              const CycleEstimator &Chains) {
  std::vector<Batch> Batches(MeasuredBatches.begin(), MeasuredBatches.end());
  for (Batch &B : Batches)
    for (const ExecutableFunction *F : Chains.getCalibrationFunctions()) {
      B.Run.push_back(F);
      B.Assembled.push_back(nullptr);
    }
  return Batches;
}

Expected<std::optional<BenchmarkMeasurer::TimeBasedProbe>>
BenchmarkMeasurer::probeTimeBased(ArrayRef<Batch> MeasuredBatches,
                                  BatchRunner RunBatch) const {
  // Two rounds of every batch (the first pays for cold caches and page
  // faults), one call per window, with the default chains.
  TimeBasedProbe Probe;
  for (const Batch &B : withChains(MeasuredBatches, *Estimator)) {
    Expected<std::optional<SampleTable>> Samples = RunBatch(B, 2, 1);
    if (!Samples)
      return Samples.takeError();
    if (!*Samples)
      return std::nullopt;
    size_t FirstChain = B.Run.size() - 2;
    double Chain = Estimator->getChainLength();
    double TicksPerCycle = (cheapestTicks((**Samples)[FirstChain + 1]) -
                            cheapestTicks((**Samples)[FirstChain])) /
                           Chain;
    // A disturbed probe: the long chain alone, start/stop cost included.
    if (!(TicksPerCycle > 0))
      TicksPerCycle = cheapestTicks((**Samples)[FirstChain + 1]) / (2 * Chain);
    if (!(TicksPerCycle > 0))
      return measureError("the time counter did not advance while probing "
                          "the cost of the snippet");
    Probe.TicksPerCycle = TicksPerCycle;
    for (size_t I = 0; I < FirstChain; ++I)
      Probe.FunctionCycles.push_back(cheapestTicks((**Samples)[I]) /
                                     TicksPerCycle);
  }
  return Probe;
}

Expected<std::optional<BenchmarkMeasurer::TimeBasedRun>>
BenchmarkMeasurer::runTimeBased(ArrayRef<Batch> Batches,
                                const TimeBasedPlan &Plan, size_t NumFunctions,
                                BatchRunner RunBatch) const {
  unsigned RoundsPerRun =
      Options.RepeatCount * Plan.RoundsPerSample + TimeBasedWarmupRounds;
  TimeBasedRun Run;
  Run.Readings.resize(NumFunctions);
  size_t NextFunction = 0;
  for (const Batch &B : Batches) {
    Expected<std::optional<SampleTable>> Samples =
        RunBatch(B, RoundsPerRun, Plan.CallsPerWindow);
    if (!Samples)
      return Samples.takeError();
    if (!*Samples)
      return std::nullopt;
    // Warm-up rounds pay for cold caches, TLBs, page faults and a clock
    // still ramping up, and are dropped.
    for (std::vector<CounterValues> &Column : **Samples)
      Column.erase(Column.begin(),
                   Column.begin() +
                       std::min<size_t>(TimeBasedWarmupRounds, Column.size()));
    size_t FirstChain = B.Run.size() - 2;
    for (size_t I = 0; I < FirstChain; ++I)
      Run.Readings[NextFunction++] = std::move((**Samples)[I]);
    Expected<std::vector<double>> Ratios =
        CycleEstimator::computeBlockTicksPerCycle(
            column((**Samples)[FirstChain], 0),
            column((**Samples)[FirstChain + 1], 0),
            Plan.ChainLength * Plan.CallsPerWindow, Plan.RoundsPerSample);
    if (!Ratios)
      return Ratios.takeError();
    Run.BatchRatios.push_back(std::move(*Ratios));
  }
  return Run;
}

std::vector<double> BenchmarkMeasurer::costsOfRun(const TimeBasedRun &Run,
                                                  const TimeBasedPlan &Plan) {
  // Each function's least disturbed window, at the run's typical clock.
  std::vector<double> Ratios;
  for (const std::vector<double> &BatchRatios : Run.BatchRatios)
    Ratios.insert(Ratios.end(), BatchRatios.begin(), BatchRatios.end());
  double TicksPerCycle =
      aggregateTimeBasedSamples(Ratios, ResultAggregationMode::Min);
  std::vector<double> Costs;
  for (const std::vector<CounterValues> &Column : Run.Readings)
    Costs.push_back(TicksPerCycle > 0 ? cheapestTicks(Column) / TicksPerCycle /
                                            Plan.CallsPerWindow
                                      : NAN);
  return Costs;
}

std::vector<double>
BenchmarkMeasurer::samplesOfRun(const TimeBasedRun &Run, const Variant &V,
                                const TimeBasedPlan &Plan,
                                std::vector<double> &SampleRatios) {
  // Each sample is a block of consecutive rounds, short enough for the
  // clock frequency to be the same throughout: the snippet's difference of
  // minima in ticks over the calibration's difference of minima in ticks
  // per cycle. With code at a fixed address, short and long run in
  // separate children, each with its own calibration: the sample's ratio
  // is then the mean of the two.
  std::vector<int64_t> Short = CycleEstimator::blockMinima(
      column(Run.Readings[0], 0), Plan.RoundsPerSample);
  std::vector<int64_t> Long =
      V.Long ? CycleEstimator::blockMinima(column(Run.Readings[1], 0),
                                           Plan.RoundsPerSample)
             : std::vector<int64_t>();
  std::vector<double> Cycles;
  for (size_t S = 0; S < Short.size(); ++S) {
    double Ratio = 0;
    for (const std::vector<double> &Ratios : Run.BatchRatios)
      Ratio += Ratios[S];
    Ratio /= Run.BatchRatios.size();
    double Ticks = V.Long ? double(Long[S] - Short[S]) : double(Short[S]);
    SampleRatios.push_back(Ratio);
    Cycles.push_back(Ticks / Ratio / Plan.CallsPerWindow);
  }
  return Cycles;
}

Expected<std::optional<BenchmarkMeasure>> BenchmarkMeasurer::measureTimeBased(
    const Variant &V, ArrayRef<Batch> MeasuredBatches, BatchRunner RunBatch) {
  // The probe gives each function's cost in core cycles, which sizes the
  // calibration chains, the windows and the rounds.
  Expected<std::optional<TimeBasedProbe>> Probe =
      probeTimeBased(MeasuredBatches, RunBatch);
  if (!Probe)
    return Probe.takeError();
  if (!*Probe)
    return std::nullopt;
  const std::vector<double> &FunctionCycles = (*Probe)->FunctionCycles;

  // Sized from the probe; a run whose own costs contradict the plan (the
  // probe was disturbed: a 1-cycle snippet once got chains of 1000 adds and
  // 3 calls per window, and never settled) starts sampling over with the
  // plan its costs call for.
  TimeBasedPlan Plan =
      planTimeBasedSampling(FunctionCycles, V.Long != nullptr,
                            MeasuredBatches.size(), Options.RepeatCount);
  std::optional<CycleEstimator> Matched;
  std::vector<Batch> Batches;
  auto UsePlan = [&]() -> Error {
    Expected<CycleEstimator> Chains =
        CycleEstimator::create(State.getTriple(), Plan.ChainLength);
    if (!Chains)
      return Chains.takeError();
    Batches.clear();
    Matched.emplace(std::move(*Chains));
    Batches = withChains(MeasuredBatches, *Matched);
    return Error::success();
  };
  if (Error E = UsePlan())
    return E;
  unsigned Replans = 0;

  // Runs of RepeatCount samples each. Under min aggregation, runs follow
  // one another until two have settled (TimeBasedSettledFraction of a run's
  // samples within TimeBasedAgreement of each other) and agree within
  // TimeBasedAgreement, or -settle-time-limit is spent; the other modes take
  // one run.
  bool Adaptive = Options.Aggregation == ResultAggregationMode::Min;
  auto Start = std::chrono::steady_clock::now();
  // A run that did not end the measurement moves the tool to another CPU
  // before the next one; a subprocess's children inherit the tool's CPU
  // (left to itself, the scheduler kept putting them on the same one).
  // -benchmark-process-cpu pins the children instead.
  std::optional<CpuRotation> Rotation;
  if (Adaptive && !Options.BenchmarkProcessCpu)
    Rotation.emplace();
  std::vector<std::vector<CounterValues>> Readings;
  std::vector<double> SampleCycles, SampleRatios;
  // The run whose samples agreed best so far, and its group.
  SampleCluster BestGroup;
  size_t BestRunSamples = 0;
  // The groups of the runs that settled so far; two that agree end the
  // measurement (one alone can be a steady disturbance: a neighbour keeping
  // the integer units busy slowed the calibration, and an FP snippet
  // settled 16% low).
  std::vector<double> SettledMedians;
  std::optional<double> Confirmed;
  auto StartOver = [&] {
    Readings.assign(FunctionCycles.size(), {});
    SampleCycles.clear();
    SampleRatios.clear();
    BestGroup = SampleCluster();
    BestRunSamples = 0;
    SettledMedians.clear();
  };
  StartOver();
  unsigned Runs = 0;
  while (true) {
    ++Runs;
    Expected<std::optional<TimeBasedRun>> Run =
        runTimeBased(Batches, Plan, FunctionCycles.size(), RunBatch);
    if (!Run)
      return Run.takeError();
    if (!*Run)
      return std::nullopt;

    // When what each function cost in this run contradicts the plan, sampling
    // starts over with a new one.
    if (Replans < TimeBasedMaxReplans) {
      TimeBasedPlan Fresh =
          planTimeBasedSampling(costsOfRun(**Run, Plan), V.Long != nullptr,
                                MeasuredBatches.size(), Options.RepeatCount);
      if (isPlanContradicted(Plan, Fresh)) {
        ++Replans;
        Plan = Fresh;
        if (Error E = UsePlan())
          return E;
        StartOver();
        continue;
      }
    }

    std::vector<double> RunCycles = samplesOfRun(**Run, V, Plan, SampleRatios);
    SampleCycles.insert(SampleCycles.end(), RunCycles.begin(), RunCycles.end());
    for (size_t F = 0; F < Readings.size(); ++F)
      Readings[F].insert(Readings[F].end(), (*Run)->Readings[F].begin(),
                         (*Run)->Readings[F].end());

    SampleCluster Group = findDensestCluster(RunCycles, TimeBasedAgreement);
    if (Group.Size * BestRunSamples >= BestGroup.Size * RunCycles.size() &&
        Group.Size) {
      BestGroup = Group;
      BestRunSamples = RunCycles.size();
    }
    if (Group.Size >= TimeBasedSettledFraction * RunCycles.size()) {
      for (double Earlier : SettledMedians)
        if (std::fabs(Earlier - Group.Median) <=
            TimeBasedAgreement * std::min(Earlier, Group.Median)) {
          Confirmed = (Earlier + Group.Median) / 2;
          break;
        }
      SettledMedians.push_back(Group.Median);
    }
    std::chrono::duration<double> Elapsed =
        std::chrono::steady_clock::now() - Start;
    if (!Adaptive || Confirmed ||
        Elapsed.count() >= Options.SettleTimeLimitSeconds)
      break;
    if (Rotation)
      Rotation->moveToNextCpu();
  }

  double Count =
      !Adaptive   ? aggregateTimeBasedSamples(SampleCycles, Options.Aggregation)
      : Confirmed ? *Confirmed
                  : BestGroup.Median;
  if (!std::isfinite(Count))
    return measureError("cycle calibration failed in every sample");

  BenchmarkMeasure Measure;
  setPerInstructionValues(Measure, V, Count);
  for (size_t I = 0; I < ValidationNames.size(); ++I)
    Measure.ValidationCounters[ValidationNames[I]] =
        static_cast<int64_t>(std::llround(
            differenceOfSamples(V, Readings, I + 1, Plan.CallsPerWindow)));

  LastSampling.TicksPerCycle =
      aggregateTimeBasedSamples(SampleRatios, ResultAggregationMode::Min);
  if (!std::isfinite(LastSampling.TicksPerCycle))
    LastSampling.TicksPerCycle = (*Probe)->TicksPerCycle;
  LastSampling.Plan = Plan;
  LastSampling.Replans = Replans;
  LastSampling.Runs = Runs;
  LastSampling.SamplesPerRun = BestRunSamples;
  LastSampling.AgreeingSamples = BestGroup.Size;
  LastSampling.SettledRuns = SettledMedians.size();
  LastSampling.Confirmed = Confirmed.has_value();
  return Measure;
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
        AssemblyRequest Twice = F.Request;
        Twice.MinInstructions *= 2;
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
  std::vector<double> FirstKeyValues;
  size_t Winner = 0;
  TimeBasedSampling WinnerSampling;
  for (const Variant &V : Variants) {
    Expected<std::optional<VariantResult>> Measured =
        measureVariant(Code, V, Layout, Result);
    if (!Measured)
      return Measured.takeError();
    if (!*Measured) {
      Result.Measurements.clear();
      return Error::success();
    }
    bool HasValue = !(*Measured)->Measures.empty();
    FirstKeyValues.push_back(
        HasValue ? (*Measured)->Measures[0].PerInstructionValue : NAN);
    if (!Best) {
      Best = std::move(**Measured);
      WinnerSampling = LastSampling;
      continue;
    }
    if (HasValue && FirstKeyValues.back() < FirstKeyValues[Winner]) {
      Winner = FirstKeyValues.size() - 1;
      WinnerSampling = LastSampling;
    }
    for (size_t I = 0; I < Best->Measures.size(); ++I)
      if ((*Measured)->Measures[I].PerInstructionValue <
          Best->Measures[I].PerInstructionValue)
        Best->Measures[I] = (*Measured)->Measures[I];
  }
  Result.Measurements = std::move(Best->Measures);
  LastSampling = WinnerSampling;

  if (Options.Repetition == RepetitionMode::BestOfDuplicateAndLoop &&
      Functions.size() == 2 && !Result.Measurements.empty()) {
    auto Size = [](uint64_t Bytes) {
      std::string Text;
      raw_string_ostream OS(Text);
      if (Bytes < 1024)
        OS << Bytes << " B";
      else
        OS << format("%.1f KiB", Bytes / 1024.0);
      return Text;
    };
    const AssembledFunction &Straight = Functions[0].Function;
    const AssembledFunction &Loop = Functions[1].Function;
    std::string Note;
    raw_string_ostream OS(Note);
    OS << "repetition (default for inverse_throughput): a loop of "
       << Loop.CopiesEmitted << " copies of the snippet ("
       << Size(Loop.RepeatedBytes) << " body) read "
       << format("%.4f", FirstKeyValues[1]) << ", straight-line code ("
       << Size(Straight.RepeatedBytes) << ") "
       << format("%.4f", FirstKeyValues[0]) << "; ";
    double Ratio = FirstKeyValues[0] / FirstKeyValues[1];
    if (Winner == 1)
      OS << "the loop value is reported"
         << (Ratio > 1.01 ? " (the straight-line code is bound by the front "
                            "end: it does not run from the micro-op cache)"
                          : "");
    else
      OS << "the straight-line value is reported"
         << (Ratio < 0.99 ? " (the branch and counter of the loop cost more "
                            "than the front end of the straight-line code)"
                          : "");
    Result.Info = Result.Info.empty() ? Note : Result.Info + "; " + Note;
  }

  if (!CounterDescription.empty()) {
    std::string Description = CounterDescription;
    if (TimeBased) {
      raw_string_ostream OS(Description);
      OS << " at " << format("%.4f", LastSampling.TicksPerCycle)
         << " ticks per core cycle (calibrated against a chain of "
         << LastSampling.Plan.ChainLength << " dependent adds)";
    }
    if (MiddleHalf || TimeBased)
      Description += ", fixed costs cancelled by differencing runs of N and "
                     "2N instructions";
    if (TimeBased) {
      raw_string_ostream OS(Description);
      OS << ", " << LastSampling.Plan.CallsPerWindow
         << " calls per counter window, each sample from the minima of "
         << LastSampling.Plan.RoundsPerSample << " rounds";
      if (LastSampling.Replans)
        OS << " (sized again " << LastSampling.Replans
           << (LastSampling.Replans == 1 ? " time" : " times")
           << " from a run that contradicted the probe)";
      if (Options.Aggregation == ResultAggregationMode::Min) {
        OS << ", min taken from runs of samples that settle (two thirds of a "
              "run within "
           << format("%.1f", 100 * TimeBasedAgreement) << "% of each other)";
        if (LastSampling.Confirmed)
          OS << ": run " << LastSampling.Runs
             << " settled and agrees with an earlier settled run, the value "
                "is the mean of the medians of their groups";
        else if (Options.SettleTimeLimitSeconds == 0)
          OS << ": one run (-settle-time-limit=0), the value is the median of "
                "its largest group, "
             << LastSampling.AgreeingSamples << " of "
             << LastSampling.SamplesPerRun << " samples";
        else
          OS << ": no two settled runs agreed in " << LastSampling.Runs
             << (LastSampling.Runs == 1 ? " run (" : " runs (")
             << LastSampling.SettledRuns
             << " settled) within -settle-time-limit (the machine was busy, "
                "and "
                "the value may be off by a few percent), the value is the "
                "median of the largest group, "
             << LastSampling.AgreeingSamples << " of "
             << LastSampling.SamplesPerRun << " samples of one run";
      }
    }
    Result.Info =
        Result.Info.empty() ? Description : Result.Info + "; " + Description;
  }
  return Error::success();
}

} // namespace exegesis
} // namespace llvm
