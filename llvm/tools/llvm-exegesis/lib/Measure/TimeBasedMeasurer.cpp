//===-- TimeBasedMeasurer.cpp -----------------------------------*- C++ -*-===//

#include "Measure/TimeBasedMeasurer.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "Measure/ReadingArithmetic.h"
#include <algorithm>
#include <cassert>
#include <cstring>

namespace llvm {
namespace exegesis {

TimeBasedMeasurer::TimeBasedMeasurer(const LLVMState &State,
                                     const BenchmarkRunOptions &Options,
                                     CycleEstimator Estimator)
    : State(State), Options(Options), Estimator(std::move(Estimator)),
      HostLevels(State.getExegesisTarget().getExpectedProbeGroupCycles(State)) {
  // -benchmark-process-cpu pins the benchmarking children instead.
  if (Options.Aggregation == ResultAggregationMode::Min &&
      !Options.BenchmarkProcessCpu)
    Rotation.emplace();
}

SamplingRules TimeBasedMeasurer::getRules(bool EmptySnippet) const {
  SamplingRules Rules = SamplingRules::fromOptions(Options);
  Rules.EmptySnippet = EmptySnippet;
  return Rules;
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

/// Every function of \p Batches, in order.
static std::vector<const ExecutableFunction *>
allFunctions(ArrayRef<ExecutorBatch> Batches) {
  std::vector<const ExecutableFunction *> Functions;
  for (const ExecutorBatch &B : Batches)
    Functions.insert(Functions.end(), B.Run.begin(), B.Run.end());
  return Functions;
}

Expected<std::string> TimeBasedMeasurer::sample(const SamplingInputs &Head,
                                                ArrayRef<ExecutorBatch> Batches,
                                                SamplingRunner Sample) {
  std::vector<const ExecutableFunction *> Snippet = allFunctions(Batches);
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
  TimeBasedSampler Sampler(State.getTriple(), Estimator, SamplingOptions,
                           Rotation ? &*Rotation : nullptr, Head.Reference,
                           /*RecordTrace=*/!Options.TimeSamplesFile.empty(),
                           Head.WideVectorChain);
  Expected<std::optional<TimeBasedMeasurement>> Taken =
      Sampler.measure(Batches, Head.Differencing, Head.EmptySnippet, RunBatch,
                      Head.RivalCycles);
  if (!Taken)
    return Taken.takeError();
  assert(*Taken && "a failed batch is an error here");
  return (*Taken)->encode();
}

Expected<std::string> TimeBasedMeasurer::sampleElsewhere(
    const void *Owner, StringRef Inputs,
    ArrayRef<const ExecutableFunction *> Functions, SamplingRunner Sample) {
  SamplingInputs Head;
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
  auto *Measurer = const_cast<TimeBasedMeasurer *>(
      static_cast<const TimeBasedMeasurer *>(Owner));
  return Measurer->sample(Head, Batches, Sample);
}

TimeBasedMeasurer::SamplingInputs TimeBasedMeasurer::makeInputs(
    const MeasuredVariant &V, ArrayRef<ExecutorBatch> Batches,
    double RivalPerInstruction, bool WideVectorChain) const {
  // Taken here, not in the benchmarking child: it sorts every level seen so
  // far, and each page a child allocates is a copy-on-write fault.
  SamplingInputs Head = {};
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
  Head.NumBatches = static_cast<uint32_t>(Batches.size());
  Head.WideVectorChain = WideVectorChain;
  return Head;
}

Expected<TimeBasedMeasurement> TimeBasedMeasurer::measure(
    const MeasuredVariant &V, ArrayRef<ExecutorBatch> Batches,
    const FixedLayout &Layout, const FunctionExecutor &Executor,
    double RivalPerInstruction, bool WideVectorChain) {
  SamplingInputs Head =
      makeInputs(V, Batches, RivalPerInstruction, WideVectorChain);
  // The whole sampling (probe, runs, settling) runs where the executor runs
  // code, in one benchmarking subprocess in subprocess mode.
  auto Procedure = [&](SamplingRunner Sample) -> Expected<std::string> {
    return sample(Head, Batches, Sample);
  };
  PortableProcedure Portable;
  Portable.Run = &TimeBasedMeasurer::sampleElsewhere;
  Portable.Owner = this;
  Portable.Inputs.assign(reinterpret_cast<const char *>(&Head), sizeof(Head));
  for (const ExecutorBatch &B : Batches) {
    uint32_t Size = static_cast<uint32_t>(B.Run.size());
    Portable.Inputs.append(reinterpret_cast<const char *>(&Size), sizeof(Size));
  }
  Expected<std::string> Bytes = Executor.runProcedure(
      allFunctions(Batches), Layout, Procedure, &Portable);
  if (!Bytes)
    return Bytes.takeError();
  Expected<TimeBasedMeasurement> Decoded = TimeBasedMeasurement::decode(*Bytes);
  if (!Decoded)
    return Decoded.takeError();
  learnFrom(*Decoded);
  // Refused, yet its trace is kept: the measurer records it with the error.
  if (!Decoded->Refusal.empty())
    return make_error<SnippetFailure>(Decoded->Refusal);
  return Decoded;
}

void TimeBasedMeasurer::learnFrom(TimeBasedMeasurement &Measured) {
  // A subprocess that moved itself to a quieter CPU: the tool follows, so
  // that the next measurement starts there.
  if (Rotation && Measured.Report.Judgement.Runs > 1 && Measured.FinalCpu >= 0)
    Rotation->moveTo(Measured.FinalCpu);
  LastSampling = Measured.Report;
  // What this measurement saw of the host's probe level serves the next.
  HostLevels.add(LastSampling.Judgement.ProbeLevel);
  for (double Level : LastSampling.CpuCheckLevels)
    HostLevels.add(Level);
  LastTraceJSON = std::move(Measured.TraceJSON);
}

BenchmarkMeasure
TimeBasedMeasurer::toMeasure(const MeasuredVariant &V,
                             const TimeBasedMeasurement &Measured,
                             ArrayRef<std::string> ValidationNames) const {
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

} // namespace exegesis
} // namespace llvm
