//===-- TimeBasedSampler.cpp ------------------------------------*- C++ -*-===//

#include "TimeBased/TimeBasedSampler.h"
#include "TimeBased/CpuRotation.h"
#include "TimeBased/SampleStatistics.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

namespace llvm {
namespace exegesis {

/// How many times one measurement starts over with a new plan when a run's
/// costs contradict the probe's (bounded: a run disturbed in turn must not
/// keep it from ending).
static constexpr unsigned TimeBasedMaxReplans = 2;

static Error samplingError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

TraceCall toTraceCall(const SampleTable &Samples, unsigned Batch, int Cpu) {
  TraceCall Call;
  Call.Batch = Batch;
  Call.Cpu = Cpu;
  for (const std::vector<CounterValues> &Column : Samples)
    Call.Ticks.push_back(eventReadings(Column, 0));
  return Call;
}

std::vector<double> probeCosts(const TimeBasedTrace &Trace,
                               double &TicksPerCycle) {
  std::vector<double> Costs;
  TicksPerCycle = 0;
  double Chain = double(Trace.ProbeChainLength);
  for (const TraceCall &Call : Trace.Probe) {
    size_t FirstChain = Trace.BatchFunctions[Call.Batch];
    if (Call.Ticks.size() < FirstChain + 2)
      continue;
    double Short = leastTicks(Call.Ticks[FirstChain]);
    double Long = leastTicks(Call.Ticks[FirstChain + 1]);
    double Ratio = (Long - Short) / Chain;
    // A disturbed probe: the long chain alone, start/stop cost included.
    if (!(Ratio > 0))
      Ratio = Long / (2 * Chain);
    if (!(Ratio > 0))
      return {};
    TicksPerCycle = Ratio;
    for (size_t F = 0; F < FirstChain; ++F)
      Costs.push_back(leastTicks(Call.Ticks[F]) / Ratio);
  }
  return Costs;
}

/// \p MeasuredBatches with a pair of calibration chains and probes
/// appended to each.
static std::vector<ExecutorBatch>
withChains(ArrayRef<ExecutorBatch> MeasuredBatches,
           const CycleEstimator &Chains) {
  std::vector<ExecutorBatch> Batches(MeasuredBatches.begin(),
                                     MeasuredBatches.end());
  for (ExecutorBatch &B : Batches)
    for (const ExecutableFunction *F : Chains.getCalibrationFunctions()) {
      B.Run.push_back(F);
      B.Assembled.push_back(nullptr);
    }
  return Batches;
}

/// Appends each measured function's readings in \p Tables (one per batch,
/// its calibration functions last) to \p Readings, without the warm-up
/// rounds.
static void appendReadings(ArrayRef<SampleTable> Tables,
                           std::vector<std::vector<CounterValues>> &Readings) {
  size_t NextFunction = 0;
  for (const SampleTable &Table : Tables) {
    size_t NumMeasured = Table.size() - CycleEstimator::NumCalibrationFunctions;
    for (size_t F = 0; F < NumMeasured; ++F, ++NextFunction)
      Readings[NextFunction].insert(
          Readings[NextFunction].end(),
          Table[F].begin() +
              std::min<size_t>(TimeBasedWarmupRounds, Table[F].size()),
          Table[F].end());
  }
}

struct TimeBasedSampler::PlannedBatches {
  TimeBasedPlan Plan;
  std::optional<CycleEstimator> Chains;
  std::vector<ExecutorBatch> Batches;
};

double TimeBasedSampler::now() const {
  if (Clock)
    return Clock();
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

TimeBasedTrace
TimeBasedSampler::startTrace(ArrayRef<ExecutorBatch> MeasuredBatches,
                             bool Differencing, bool EmptySnippet,
                             double RivalCycles) const {
  TimeBasedTrace Trace;
  Trace.Rules = SamplingRules::fromOptions(Options);
  Trace.Rules.EmptySnippet = EmptySnippet;
  Trace.Rules.RivalCycles = RivalCycles;
  Trace.Reference = Reference;
  Trace.Differencing = Differencing;
  Trace.WideVectorChain = WideVectorChain;
  for (const ExecutorBatch &B : MeasuredBatches)
    Trace.BatchFunctions.push_back(B.Run.size());
  Trace.ProbeChainLength = DefaultChains.getChainLength();
  Trace.ProbeGroups = DefaultChains.getSharingProbeGroups();
  return Trace;
}

Expected<bool> TimeBasedSampler::runProbe(
    TimeBasedTrace &Trace, ArrayRef<ExecutorBatch> MeasuredBatches,
    ExecutorBatchRunner RunBatch, std::vector<double> &FunctionCycles,
    double &TicksPerCycle) const {
  // Two rounds of every batch (the first pays for cold caches and page
  // faults), one call per window, with the default chains.
  std::vector<ExecutorBatch> ProbeBatches =
      withChains(MeasuredBatches, DefaultChains);
  for (size_t B = 0; B < ProbeBatches.size(); ++B) {
    Expected<std::optional<SampleTable>> Samples =
        RunBatch(ProbeBatches[B], 2, 1, nullptr);
    if (!Samples)
      return Samples.takeError();
    if (!*Samples)
      return false;
    Trace.Probe.push_back(
        toTraceCall(**Samples, B, CpuRotation::getCurrentCpu()));
  }
  FunctionCycles = probeCosts(Trace, TicksPerCycle);
  if (!(TicksPerCycle > 0))
    return samplingError("the time counter did not advance while probing "
                         "the cost of the snippet");
  return true;
}

TimeBasedPlan TimeBasedSampler::planFor(ArrayRef<double> FunctionCycles,
                                        bool Differencing,
                                        size_t NumBatches) const {
  return planTimeBasedSampling(
      FunctionCycles, Differencing, NumBatches, Options.RepeatCount,
      Options.TimeBasedRoundsPerSample, Options.TimeBasedWindowCycles);
}

Error TimeBasedSampler::usePlan(PlannedBatches &Planned,
                                const TimeBasedPlan &Plan,
                                ArrayRef<ExecutorBatch> MeasuredBatches) const {
  Expected<CycleEstimator> Chains =
      CycleEstimator::create(TT, Plan.ChainLength, WideVectorChain);
  if (!Chains)
    return Chains.takeError();
  Planned.Plan = Plan;
  Planned.Batches.clear();
  Planned.Chains.emplace(std::move(*Chains));
  Planned.Batches = withChains(MeasuredBatches, *Planned.Chains);
  return Error::success();
}

Expected<bool>
TimeBasedSampler::takeRun(const TimeBasedTrace &Trace,
                          const PlannedBatches &Planned,
                          ExecutorBatchRunner RunBatch, TraceRun &Run,
                          std::vector<SampleTable> &Tables) const {
  // RepeatCount samples, fewer when it settles sooner. With code at a fixed
  // address the batches run one after the other, so their samples are only
  // complete at the end.
  const TimeBasedPlan &Plan = Planned.Plan;
  Run.Plan = Plan;
  Run.RoundsAsked =
      Options.RepeatCount * Plan.RoundsPerSample + TimeBasedWarmupRounds;
  SamplingStopRule Stop;
  Stop.FirstCheck = getFirstSettleCheck(Trace.Rules, Plan);
  Stop.Every = Plan.RoundsPerSample;
  auto HasSettled = [&](const SampleTable &SoFar) {
    TraceRun Partial;
    Partial.Plan = Plan;
    Partial.Calls.push_back(toTraceCall(SoFar, 0, -1));
    return judgeRunSoFar(Trace, Partial) != RunProgress::GoOn;
  };
  if (Options.Aggregation == ResultAggregationMode::Min &&
      Planned.Batches.size() == 1)
    Stop.Enough = HasSettled;
  for (size_t B = 0; B < Planned.Batches.size(); ++B) {
    Expected<std::optional<SampleTable>> Samples = RunBatch(
        Planned.Batches[B], Run.RoundsAsked, Plan.CallsPerWindow, &Stop);
    if (!Samples)
      return Samples.takeError();
    if (!*Samples)
      return false;
    Run.Calls.push_back(
        toTraceCall(**Samples, B, CpuRotation::getCurrentCpu()));
    Tables.push_back(std::move(**Samples));
  }
  return true;
}

Error TimeBasedSampler::checkOtherCpus(TimeBasedTrace &Trace,
                                       const CycleEstimator &Chains,
                                       const TimeBasedPlan &Plan,
                                       ExecutorBatchRunner RunBatch) const {
  int Home = CpuRotation::getCurrentCpu();
  if (!Rotation || Home < 0)
    return Error::success();
  ExecutorBatch Calibration = withChains({ExecutorBatch()}, Chains).front();
  // A third of a run's samples: enough for the quiet level to recur.
  unsigned Rounds =
      std::max(6u, Options.RepeatCount / 3) * Plan.RoundsPerSample +
      TimeBasedWarmupRounds;
  unsigned Checked = 0;
  for (int Cpu : Rotation->getAllowedCpus()) {
    if (Cpu == Home || Checked == MaxCpuChecks || !Rotation->moveTo(Cpu))
      continue;
    ++Checked;
    Expected<std::optional<SampleTable>> Samples =
        RunBatch(Calibration, Rounds, Plan.CallsPerWindow, nullptr);
    if (!Samples)
      return Samples.takeError();
    if (!*Samples)
      continue;
    Trace.CpuChecks.push_back(
        {Plan, toTraceCall(**Samples, 0, CpuRotation::getCurrentCpu())});
  }
  Rotation->moveTo(Home);
  return Error::success();
}

namespace {

/// Appends values to, and takes them from, a measurement's bytes.
class MeasurementBytes {
public:
  explicit MeasurementBytes(std::string &Out) : Out(&Out) {}
  explicit MeasurementBytes(StringRef In) : In(In) {}

  template <typename T> void put(T Value) {
    Out->append(reinterpret_cast<const char *>(&Value), sizeof(Value));
  }
  void putString(StringRef S) {
    put(uint64_t(S.size()));
    Out->append(S.data(), S.size());
  }
  template <typename T> bool take(T &Value) {
    if (In.size() < sizeof(Value))
      return false;
    std::memcpy(&Value, In.data(), sizeof(Value));
    In = In.drop_front(sizeof(Value));
    return true;
  }
  bool takeString(std::string &S) {
    uint64_t Size = 0;
    if (!take(Size) || Size > In.size())
      return false;
    S = In.take_front(Size).str();
    In = In.drop_front(Size);
    return true;
  }
  bool atEnd() const { return In.empty(); }

private:
  std::string *Out = nullptr;
  StringRef In;
};

// A field left out below is lost on the way back from every measurement
// (the cross-check's value once was, and with it its warning): whoever adds
// one to the judgement meets this and the list below together.
static_assert(sizeof(void *) != 8 || sizeof(SamplingJudgement) == 208,
              "a field of SamplingJudgement changed: keep forEachReportField "
              "and its test in step with it");

/// The fields of a report in one order, for writing and for reading: \p F
/// is called with each of them.
template <typename ReportT, typename Fn>
bool forEachReportField(ReportT &R, Fn F) {
  auto &J = R.Judgement;
  return F(J.Done) && F(J.Cycles) && F(J.Verdict) && F(J.Runs) &&
         F(J.SettledRuns) && F(J.AgreeingSamples) && F(J.GroupOf) &&
         F(J.Pooled) && F(J.TotalSamples) && F(J.SharedSamples) &&
         F(J.UnusableSamples) && F(J.InconsistentCalibrations) &&
         F(J.ChainsApartSamples) && F(J.ChainsApartKept) && F(J.VectorCycles) &&
         F(J.VectorLatency) && F(J.TicksPerCycle) && F(J.ProbeLevel) &&
         F(J.ReferenceLevel) && F(J.SharedThroughout) && F(J.LastRunShared) &&
         F(J.DependencyChain) && F(J.MinimaCycles) && F(J.FixedCycles) &&
         F(J.ShortCycles) && F(J.SamplesHigh) && F(J.RunsLow) &&
         F(J.RunsHigh) && F(J.GroupedRuns) && F(R.Plan.ChainLength) &&
         F(R.Plan.CallsPerWindow) && F(R.Plan.RoundsPerSample) &&
         F(R.Replans) && F(R.Reference.Level) && F(R.Reference.Sightings) &&
         F(R.Reference.ModelLevel) && F(R.WideVectorChain);
}

} // namespace

std::string TimeBasedMeasurement::encode() const {
  std::string Bytes;
  MeasurementBytes Out(Bytes);
  Out.put(Cycles);
  Out.put(uint64_t(Readings.size()));
  for (const std::vector<CounterValues> &Column : Readings) {
    Out.put(uint64_t(Column.size()));
    for (const CounterValues &Values : Column) {
      Out.put(uint64_t(Values.size()));
      for (int64_t Value : Values)
        Out.put(Value);
    }
  }
  forEachReportField(Report, [&](const auto &Field) {
    Out.put(Field);
    return true;
  });
  Out.put(uint64_t(Report.CpuCheckLevels.size()));
  for (double Level : Report.CpuCheckLevels)
    Out.put(Level);
  Out.put(FinalCpu);
  Out.putString(TraceJSON);
  Out.putString(Refusal);
  return Bytes;
}

Expected<TimeBasedMeasurement> TimeBasedMeasurement::decode(StringRef Bytes) {
  MeasurementBytes In(Bytes);
  TimeBasedMeasurement M;
  uint64_t NumColumns = 0, NumLevels = 0;
  bool Complete =
      In.take(M.Cycles) && In.take(NumColumns) && NumColumns <= Bytes.size();
  for (uint64_t C = 0; Complete && C < NumColumns; ++C) {
    uint64_t NumReadings = 0;
    Complete = In.take(NumReadings) && NumReadings <= Bytes.size();
    std::vector<CounterValues> &Column = M.Readings.emplace_back();
    for (uint64_t R = 0; Complete && R < NumReadings; ++R) {
      uint64_t NumValues = 0;
      Complete = In.take(NumValues) && NumValues <= Bytes.size();
      CounterValues &Values = Column.emplace_back();
      for (uint64_t V = 0; Complete && V < NumValues; ++V)
        Complete = In.take(Values.emplace_back());
    }
  }
  Complete = Complete &&
             forEachReportField(M.Report,
                                [&](auto &Field) { return In.take(Field); }) &&
             In.take(NumLevels) && NumLevels <= Bytes.size();
  for (uint64_t L = 0; Complete && L < NumLevels; ++L)
    Complete = In.take(M.Report.CpuCheckLevels.emplace_back());
  Complete = Complete && In.take(M.FinalCpu) && In.takeString(M.TraceJSON) &&
             In.takeString(M.Refusal) && In.atEnd();
  if (!Complete)
    return samplingError("the benchmarking subprocess returned a malformed "
                         "measurement (" +
                         Twine(Bytes.size()) + " bytes)");
  return M;
}

TimeBasedMeasurement TimeBasedSampler::makeMeasurement(
    const TimeBasedTrace &Trace, const SamplingJudgement &Judged,
    bool EmptySnippet, double ProbeTicksPerCycle) const {
  TimeBasedMeasurement Measured;
  if (!std::isfinite(Judged.Cycles))
    Measured.Refusal =
        "no usable time-based sample: in every one the calibration failed or "
        "the 2N-instruction function took no longer than the N-instruction "
        "one (the machine was too busy)";
  else if (!EmptySnippet && !(Judged.Cycles > 0))
    Measured.Refusal = "the time-based measurement is not credible: a snippet "
                       "that runs instructions read " +
                       std::to_string(Judged.Cycles) + " cycles";

  Measured.Cycles = Judged.Cycles;
  TimeBasedSamplingReport &Report = Measured.Report;
  Report.Judgement = Judged;
  if (!std::isfinite(Report.Judgement.TicksPerCycle))
    Report.Judgement.TicksPerCycle = ProbeTicksPerCycle;
  Report.Reference = Reference;
  Report.WideVectorChain = WideVectorChain;
  for (const TraceCpuCheck &Check : Trace.CpuChecks)
    Report.CpuCheckLevels.push_back(levelOfCpuCheck(Trace, Check));
  Measured.FinalCpu = CpuRotation::getCurrentCpu();
  if (RecordTrace) {
    raw_string_ostream OS(Measured.TraceJSON);
    OS << json::Value(traceToJSON(Trace));
  }
  return Measured;
}

Expected<std::optional<TimeBasedMeasurement>> TimeBasedSampler::measure(
    ArrayRef<ExecutorBatch> MeasuredBatches, bool Differencing,
    bool EmptySnippet, ExecutorBatchRunner RunBatch, double RivalCycles) const {
  double Start = now();
  auto Elapsed = [&] { return now() - Start; };
  TimeBasedTrace Trace =
      startTrace(MeasuredBatches, Differencing, EmptySnippet, RivalCycles);

  // The probe gives each function's cost in core cycles, which sizes the
  // calibration chains, the windows and the rounds.
  std::vector<double> FunctionCycles;
  double ProbeTicksPerCycle = 0;
  Expected<bool> Probed = runProbe(Trace, MeasuredBatches, RunBatch,
                                   FunctionCycles, ProbeTicksPerCycle);
  if (!Probed)
    return Probed.takeError();
  if (!*Probed)
    return std::nullopt;

  // Sized from the probe; a run whose own costs contradict the plan (the
  // probe was disturbed: a 1-cycle snippet once got chains of 1000 adds and
  // 3 calls per window, and never settled) starts sampling over with the
  // plan its costs call for.
  PlannedBatches Planned;
  if (Error E =
          usePlan(Planned,
                  planFor(FunctionCycles, Differencing, MeasuredBatches.size()),
                  MeasuredBatches))
    return E;
  unsigned Replans = 0;
  // The readings of the runs that count, for the validation counters.
  std::vector<std::vector<CounterValues>> Readings(FunctionCycles.size());
  // Only the first measurement of an invocation that has no reference
  // checks the other CPUs, once.
  bool CheckCpus = Options.Aggregation == ResultAggregationMode::Min &&
                   !std::isfinite(Reference.Level) && Rotation;
  SamplingJudgement Judged;
  while (true) {
    TraceRun Run;
    std::vector<SampleTable> Tables;
    Expected<bool> Ran = takeRun(Trace, Planned, RunBatch, Run, Tables);
    if (!Ran)
      return Ran.takeError();
    if (!*Ran)
      return std::nullopt;
    Run.EndSeconds = Elapsed();
    // When what each function cost in this run contradicts the plan,
    // sampling starts over with a new one.
    if (Replans < TimeBasedMaxReplans) {
      TimeBasedPlan Fresh =
          planFor(costsOfRun(Trace, Run), Differencing, MeasuredBatches.size());
      if (isPlanContradicted(Planned.Plan, Fresh)) {
        Run.Contradicted = true;
        Trace.Runs.push_back(std::move(Run));
        ++Replans;
        if (Error E = usePlan(Planned, Fresh, MeasuredBatches))
          return E;
        Readings.assign(FunctionCycles.size(), {});
        continue;
      }
    }
    Trace.Runs.push_back(std::move(Run));
    appendReadings(Tables, Readings);
    if (CheckCpus) {
      CheckCpus = false;
      if (Error E =
              checkOtherCpus(Trace, *Planned.Chains, Planned.Plan, RunBatch))
        return E;
    }
    Judged = judgeSampling(Trace, Elapsed());
    if (Judged.Done)
      break;
    // Another CPU where this one's core is shared; a run that only failed
    // to settle (a block that scatters by itself, say) would fare no
    // better there, and the next CPU may be the busy one.
    if (Rotation && Judged.LastRunShared)
      Rotation->moveToNextCpu();
  }

  TimeBasedMeasurement Measured =
      makeMeasurement(Trace, Judged, EmptySnippet, ProbeTicksPerCycle);
  Measured.Readings = std::move(Readings);
  Measured.Report.Plan = Planned.Plan;
  Measured.Report.Replans = Replans;
  return Measured;
}

} // namespace exegesis
} // namespace llvm
