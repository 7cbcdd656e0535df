//===-- BenchmarkMeasurer.cpp -----------------------------------*- C++ -*-===//

#include "BenchmarkMeasurer.h"
#include "Counter.h"
#include "CpuEventTable.h"
#include "InProcessFunctionExecutor.h"
#include "LLVMState.h"
#include "MemoryDefinitions.h"
#include "SubProcessFunctionExecutor.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include <algorithm>
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

double aggregateTimeBasedSamples(ArrayRef<double> Estimates,
                                 ResultAggregationMode Mode) {
  std::vector<double> Usable;
  for (double E : Estimates)
    if (std::isfinite(E))
      Usable.push_back(E);
  if (Usable.empty())
    return NAN;
  if (Mode == ResultAggregationMode::Min)
    return medianOf(std::move(Usable));
  return aggregateValues(std::move(Usable), Mode);
}

// The time-based sampling parameters were chosen by measurement on a Zen 3
// KVM guest (bench/accuracy/README.md).
/// A time-based counter window runs the longest function of a batch enough
/// times for about this many instructions (some tens of microseconds): the
/// counter's start/stop jitter, a few hundred ticks, is then small next to
/// the window. Much longer windows catch more interrupts.
static constexpr uint64_t TimeBasedWindowInstructions = 320000;
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

static Error measureError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

BenchmarkMeasurer::~BenchmarkMeasurer() = default;

std::unique_ptr<FunctionExecutor>
BenchmarkMeasurer::makeExecutor(CounterSpec Spec) const {
  if (Options.Execution == ExecutionMode::InProcess)
    return std::make_unique<InProcessFunctionExecutor>(std::move(Spec));
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
  struct Batch {
    std::vector<const ExecutableFunction *> Run;
    std::vector<const AssembledFunction *> Assembled;
  };
  std::vector<Batch> Batches;
  for (size_t I = 0; I < Loaded.size(); ++I) {
    if (I == 0 || Layout.FirstFunctionAddress)
      Batches.emplace_back();
    Batches.back().Run.push_back(&Loaded[I]);
    Batches.back().Assembled.push_back(Measured[I]);
  }
  for (Batch &B : Batches)
    if (Calibrate)
      for (const ExecutableFunction *F : Estimator->getCalibrationFunctions()) {
        B.Run.push_back(F);
        B.Assembled.push_back(nullptr);
      }

  // A time-based counter: each sample calls its function enough times for
  // the window to be long next to the jitter of starting and stopping the
  // counter, and more warm-up rounds let the clock settle.
  unsigned CallsPerSample = 1;
  unsigned WarmupRounds = 1;
  unsigned RoundsPerSample = 1;
  if (Calibrate) {
    RoundsPerSample = TimeBasedRoundsPerSample;
    // The longest calibration chain has 2L adds.
    uint64_t Longest = 2 * uint64_t(Estimator->getChainLength());
    for (const AssembledFunction *F : Measured)
      Longest = std::max<uint64_t>(Longest, F->NumExecutedInstructions);
    CallsPerSample = static_cast<unsigned>(std::max<uint64_t>(
        1, (TimeBasedWindowInstructions + Longest - 1) / Longest));
    WarmupRounds = TimeBasedWarmupRounds;
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

    // The instruction counts above assume cheap instructions. One probe
    // round of every batch gives the real cost in calibration cycles: the
    // window then holds about as many cycles as TimeBasedWindowInstructions
    // 1-cycle adds, and a measurement too slow for the budget takes fewer
    // rounds per sample.
    if (Calibrate && !Options.UseDummyPerfCounters) {
      double LongestWindowCycles = 0, RoundCycles = 0;
      for (const Batch &B : Batches) {
        // Two rounds: the first pays for cold caches and page faults.
        Expected<std::optional<SampleTable>> Probe = RunBatch(B, 2, 1);
        if (!Probe)
          return Probe.takeError();
        if (!*Probe)
          return std::nullopt;
        auto CheapestRun = [](const std::vector<CounterValues> &Function) {
          int64_t Ticks = Function.front()[0];
          for (const CounterValues &Reading : Function)
            Ticks = std::min(Ticks, Reading[0]);
          return double(Ticks);
        };
        // The batch's last function is the 2L-add calibration chain.
        double TicksPerCycle = CheapestRun((**Probe).back()) /
                               (2.0 * double(Estimator->getChainLength()));
        if (!(TicksPerCycle > 0))
          continue;
        for (const std::vector<CounterValues> &Function : **Probe) {
          double Cycles = CheapestRun(Function) / TicksPerCycle;
          LongestWindowCycles = std::max(LongestWindowCycles, Cycles);
          RoundCycles += Cycles;
        }
      }
      if (LongestWindowCycles > 0) {
        CallsPerSample = static_cast<unsigned>(std::clamp(
            double(TimeBasedWindowInstructions) / LongestWindowCycles, 1.0,
            double(CallsPerSample)));
        double Rounds = TimeBasedBudgetCycles / (RoundCycles * CallsPerSample) -
                        WarmupRounds;
        RoundsPerSample =
            static_cast<unsigned>(std::clamp(Rounds / Options.RepeatCount, 1.0,
                                             double(TimeBasedRoundsPerSample)));
      }
    }
    // Readings per measured function, and of the calibration chains, per
    // batch.
    std::vector<std::vector<CounterValues>> Readings(Loaded.size());
    std::vector<std::vector<int64_t>> CalibrationShort(Batches.size()),
        CalibrationLong(Batches.size());
    size_t NextFunction = 0;
    for (size_t BatchIndex = 0; BatchIndex < Batches.size(); ++BatchIndex) {
      const Batch &B = Batches[BatchIndex];
      // Warm-up rounds first: they pay for cold caches, TLBs, page faults
      // and a clock still ramping up, and are dropped.
      Expected<std::optional<SampleTable>> Samples =
          RunBatch(B, Options.RepeatCount * RoundsPerSample + WarmupRounds,
                   CallsPerSample);
      if (!Samples)
        return Samples.takeError();
      if (!*Samples)
        return std::nullopt;
      for (size_t I = 0; I < B.Run.size(); ++I) {
        std::vector<CounterValues> &Column = (**Samples)[I];
        Column.erase(Column.begin(),
                     Column.begin() +
                         std::min<size_t>(WarmupRounds, Column.size()));
        if (B.Assembled[I]) {
          std::vector<CounterValues> &Into = Readings[NextFunction++];
          Into.insert(Into.end(), Column.begin(), Column.end());
          continue;
        }
        std::vector<int64_t> Ticks = column(Column, 0);
        (I + 1 == B.Run.size() ? CalibrationLong
                               : CalibrationShort)[BatchIndex] = Ticks;
      }
    }
    if (Options.UseDummyPerfCounters)
      continue;

    uint64_t Instructions = V.Short->NumExecutedInstructions;
    uint64_t Repetitions = V.Short->NumSnippetRepetitions;
    if (V.Long) {
      Instructions = V.Long->NumExecutedInstructions - Instructions;
      Repetitions = V.Long->NumSnippetRepetitions - Repetitions;
    }

    // Without a twin, the samples themselves are aggregated. With one, min
    // takes the difference of the minima (each the least disturbed run of
    // its function; the minimum of differences would favour noise in the
    // short run), the other modes aggregate the differences of the samples
    // taken in the same round. Either is per call of the function.
    auto Delta = [&](size_t EventIndex) {
      std::vector<int64_t> Short = column(Readings[0], EventIndex);
      if (!V.Long)
        return aggregateSamples(Short, Options.Aggregation) / CallsPerSample;
      std::vector<int64_t> Long = column(Readings[1], EventIndex);
      if (Options.Aggregation == ResultAggregationMode::Min)
        return (aggregateSamples(Long, Options.Aggregation) -
                aggregateSamples(Short, Options.Aggregation)) /
               CallsPerSample;
      std::vector<int64_t> Differences;
      for (size_t I = 0; I < Short.size(); ++I)
        Differences.push_back(Long[I] - Short[I]);
      return aggregateSamples(Differences, Options.Aggregation) /
             CallsPerSample;
    };

    double Count;
    if (Calibrate) {
      // Each sample is a block of consecutive rounds, short enough for the
      // clock frequency to be the same throughout: the snippet's difference
      // of minima in ticks over the calibration's difference of minima in
      // ticks per cycle. With code at a fixed address, short and long run in
      // separate children, each with its own calibration: the sample's ratio
      // is then the mean of the two.
      uint64_t ExtraAdds =
          uint64_t(Estimator->getChainLength()) * CallsPerSample;
      std::vector<std::vector<double>> Ratios;
      for (size_t BatchIndex = 0; BatchIndex < Batches.size(); ++BatchIndex) {
        Expected<std::vector<double>> Ratio =
            CycleEstimator::computeBlockTicksPerCycle(
                CalibrationShort[BatchIndex], CalibrationLong[BatchIndex],
                ExtraAdds, RoundsPerSample);
        if (!Ratio)
          return Ratio.takeError();
        Ratios.push_back(std::move(*Ratio));
      }
      std::vector<int64_t> Short =
          CycleEstimator::blockMinima(column(Readings[0], 0), RoundsPerSample);
      std::vector<int64_t> Long =
          V.Long ? CycleEstimator::blockMinima(column(Readings[1], 0),
                                               RoundsPerSample)
                 : std::vector<int64_t>();
      std::vector<double> SampleCycles, SampleRatios;
      for (size_t S = 0; S < Short.size(); ++S) {
        double Ratio = 0;
        for (const std::vector<double> &BatchRatios : Ratios)
          Ratio += BatchRatios[S];
        Ratio /= Ratios.size();
        SampleRatios.push_back(Ratio);
        double Ticks = V.Long ? double(Long[S] - Short[S]) : double(Short[S]);
        SampleCycles.push_back(Ticks / Ratio / CallsPerSample);
      }
      Count = aggregateTimeBasedSamples(SampleCycles, Options.Aggregation);
      LastCallsPerSample = CallsPerSample;
      LastRoundsPerSample = RoundsPerSample;
      LastTicksPerCycle =
          aggregateTimeBasedSamples(SampleRatios, ResultAggregationMode::Min);
      if (!std::isfinite(Count))
        return measureError("cycle calibration failed in every sample");
    } else {
      Count = Delta(0);
    }
    BenchmarkMeasure Measure;
    Measure.Key = Counter.Key;
    Measure.PerInstructionValue = Instructions ? Count / Instructions : 0;
    Measure.PerSnippetValue = Repetitions ? Count / Repetitions : 0;
    for (size_t I = 0; I < ValidationNames.size(); ++I)
      Measure.ValidationCounters[ValidationNames[I]] =
          static_cast<int64_t>(std::llround(Delta(I + 1)));
    Values.Measures.push_back(std::move(Measure));
  }
  return Values;
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

  std::optional<VariantResult> Best;
  for (const Variant &V : Variants) {
    Expected<std::optional<VariantResult>> Measured =
        measureVariant(Code, V, Layout, Result);
    if (!Measured)
      return Measured.takeError();
    if (!*Measured) {
      Result.Measurements.clear();
      return Error::success();
    }
    // min repetition: keep the smaller value of each key.
    if (!Best) {
      Best = std::move(**Measured);
      continue;
    }
    for (size_t I = 0; I < Best->Measures.size(); ++I)
      if ((*Measured)->Measures[I].PerInstructionValue <
          Best->Measures[I].PerInstructionValue)
        Best->Measures[I] = (*Measured)->Measures[I];
  }
  Result.Measurements = std::move(Best->Measures);

  if (!CounterDescription.empty()) {
    std::string Description = CounterDescription;
    if (TimeBased) {
      raw_string_ostream OS(Description);
      OS << " at " << format("%.4f", LastTicksPerCycle)
         << " ticks per core cycle (calibrated against dependent adds)";
    }
    if (MiddleHalf || TimeBased)
      Description += ", fixed costs cancelled by differencing runs of N and "
                     "2N instructions";
    if (TimeBased && !Options.UseDummyPerfCounters) {
      raw_string_ostream OS(Description);
      OS << ", " << LastCallsPerSample << " calls per counter window, "
         << "each sample from the minima of " << LastRoundsPerSample
         << " rounds";
      if (Options.Aggregation == ResultAggregationMode::Min)
        OS << ", min taken as the median of the samples";
    }
    Result.Info =
        Result.Info.empty() ? Description : Result.Info + "; " + Description;
  }
  return Error::success();
}

} // namespace exegesis
} // namespace llvm
