//===-- TimeBasedSampler.cpp ------------------------------------*- C++ -*-===//

#include "TimeBasedSampler.h"
#include "CoreSharing.h"
#include "CpuRotation.h"
#include "SampleStatistics.h"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

namespace llvm {
namespace exegesis {

/// A run has settled when this fraction of -benchmark-repeat-count samples
/// lie within -settle-tolerance of each other.
static constexpr double TimeBasedSettledFraction = 2.0 / 3.0;
/// How many times one measurement starts over with a new plan when a run's
/// costs contradict the probe's (bounded: a run disturbed in turn must not
/// keep it from ending).
static constexpr unsigned TimeBasedMaxReplans = 2;

static Error samplingError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
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

std::vector<ExecutorBatch>
TimeBasedSampler::withChains(ArrayRef<ExecutorBatch> MeasuredBatches,
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

Expected<std::optional<TimeBasedSampler::Probe>>
TimeBasedSampler::probe(ArrayRef<ExecutorBatch> MeasuredBatches,
                        ExecutorBatchRunner RunBatch) const {
  // Two rounds of every batch (the first pays for cold caches and page
  // faults), one call per window, with the default chains.
  Probe Found;
  for (const ExecutorBatch &B : withChains(MeasuredBatches, DefaultChains)) {
    Expected<std::optional<SampleTable>> Samples = RunBatch(B, 2, 1, nullptr);
    if (!Samples)
      return Samples.takeError();
    if (!*Samples)
      return std::nullopt;
    size_t FirstChain = B.Run.size() - CycleEstimator::NumCalibrationFunctions;
    double Chain = DefaultChains.getChainLength();
    double TicksPerCycle = (cheapestTicks((**Samples)[FirstChain + 1]) -
                            cheapestTicks((**Samples)[FirstChain])) /
                           Chain;
    // A disturbed probe: the long chain alone, start/stop cost included.
    if (!(TicksPerCycle > 0))
      TicksPerCycle = cheapestTicks((**Samples)[FirstChain + 1]) / (2 * Chain);
    if (!(TicksPerCycle > 0))
      return samplingError("the time counter did not advance while probing "
                           "the cost of the snippet");
    Found.TicksPerCycle = TicksPerCycle;
    for (size_t I = 0; I < FirstChain; ++I)
      Found.FunctionCycles.push_back(cheapestTicks((**Samples)[I]) /
                                     TicksPerCycle);
  }
  return Found;
}

unsigned TimeBasedSampler::getSettledGroupSize() const {
  return std::max(1u, static_cast<unsigned>(std::ceil(TimeBasedSettledFraction *
                                                      Options.RepeatCount)));
}

bool TimeBasedSampler::isSettled(size_t GroupSize, size_t Shared) const {
  size_t Kept =
      Options.RepeatCount - std::min<size_t>(Shared, Options.RepeatCount);
  size_t OfKept =
      static_cast<size_t>(std::ceil(TimeBasedSettledFraction * Kept));
  return GroupSize >= std::max<size_t>(OfKept, (getSettledGroupSize() + 1) / 2);
}

bool TimeBasedSampler::isNeighboursLevel(double Level) const {
  return std::isfinite(ExpectedProbeCycles) && std::isfinite(Level) &&
         Level > ExpectedProbeCycles * (1 + CoreSharingBusyMargin);
}

size_t TimeBasedSampler::getProbeRecurrences() const {
  return std::max<size_t>(3, Options.RepeatCount / 6);
}

Error TimeBasedSampler::addBatchToRun(Run &R, SampleTable Samples,
                                      size_t &NextFunction,
                                      const TimeBasedPlan &Plan) {
  // Warm-up rounds pay for cold caches, TLBs, page faults and a clock
  // still ramping up, and are dropped.
  for (std::vector<CounterValues> &Column : Samples)
    Column.erase(Column.begin(),
                 Column.begin() +
                     std::min<size_t>(TimeBasedWarmupRounds, Column.size()));
  size_t FirstChain = Samples.size() - CycleEstimator::NumCalibrationFunctions;
  for (size_t I = 0; I < FirstChain; ++I)
    R.Readings[NextFunction++] = std::move(Samples[I]);
  Expected<std::vector<double>> Ratios =
      CycleEstimator::computeBlockTicksPerCycle(
          eventReadings(Samples[FirstChain], 0),
          eventReadings(Samples[FirstChain + 1], 0),
          Plan.ChainLength * Plan.CallsPerWindow, Plan.RoundsPerSample);
  if (!Ratios)
    return Ratios.takeError();
  // The probe's ticks per group, computed as the chain's ticks per add are.
  // A probe that failed keeps every sample (NaN).
  Expected<std::vector<double>> ProbeTicks =
      CycleEstimator::computeBlockTicksPerCycle(
          eventReadings(Samples[FirstChain + 2], 0),
          eventReadings(Samples[FirstChain + 3], 0),
          CycleEstimator::getSharingProbeGroups(Plan.ChainLength) *
              Plan.CallsPerWindow,
          Plan.RoundsPerSample);
  if (!ProbeTicks) {
    consumeError(ProbeTicks.takeError());
    ProbeTicks = std::vector<double>(Ratios->size(), NAN);
  }
  R.BatchRatios.push_back(std::move(*Ratios));
  R.BatchProbeTicks.push_back(std::move(*ProbeTicks));
  return Error::success();
}

Expected<std::optional<TimeBasedSampler::Run>>
TimeBasedSampler::run(ArrayRef<ExecutorBatch> Batches,
                      const TimeBasedPlan &Plan, size_t NumFunctions,
                      bool Differencing, ArrayRef<double> EarlierProbeCycles,
                      ExecutorBatchRunner RunBatch) const {
  // Under min aggregation a run ends as soon as it has settled. With code
  // at a fixed address the batches run one after the other, so their
  // samples are only complete at the end.
  bool Adaptive = Options.Aggregation == ResultAggregationMode::Min;
  unsigned RoundsPerRun =
      Options.RepeatCount * Plan.RoundsPerSample + TimeBasedWarmupRounds;
  unsigned Needed = getSettledGroupSize();
  auto HasSettled = [&](const SampleTable &SoFar) {
    Run Partial;
    Partial.Readings.resize(NumFunctions);
    size_t Next = 0;
    if (Error E = addBatchToRun(Partial, SoFar, Next, Plan)) {
      consumeError(std::move(E));
      return false;
    }
    std::vector<double> Ratios;
    RunSamples SoFarSamples = samplesOfRun(Partial, Differencing, Plan, Ratios);
    std::vector<double> Probes(EarlierProbeCycles.begin(),
                               EarlierProbeCycles.end());
    Probes.insert(Probes.end(), SoFarSamples.ProbeCycles.begin(),
                  SoFarSamples.ProbeCycles.end());
    double Level =
        findUnsharedLevel(Probes, CoreSharingTolerance, getProbeRecurrences());
    if (isNeighboursLevel(Level))
      return false;
    size_t Dropped = 0;
    std::vector<double> Kept = dropSharedSamples(
        SoFarSamples.Cycles, SoFarSamples.ProbeCycles, Level,
        CoreSharingTolerance, CoreSharingLowTolerance, Dropped);
    return isSettled(findDensestCluster(Kept, Options.SettleTolerance).Size,
                     Dropped);
  };
  SamplingStopRule Stop;
  Stop.FirstCheck =
      TimeBasedWarmupRounds + (Needed + 1) / 2 * Plan.RoundsPerSample;
  Stop.Every = Plan.RoundsPerSample;
  if (Adaptive && Batches.size() == 1)
    Stop.Enough = HasSettled;

  Run R;
  R.Readings.resize(NumFunctions);
  size_t NextFunction = 0;
  for (const ExecutorBatch &B : Batches) {
    Expected<std::optional<SampleTable>> Samples =
        RunBatch(B, RoundsPerRun, Plan.CallsPerWindow, &Stop);
    if (!Samples)
      return Samples.takeError();
    if (!*Samples)
      return std::nullopt;
    if (Error E = addBatchToRun(R, std::move(**Samples), NextFunction, Plan))
      return E;
  }
  return R;
}

std::vector<double> TimeBasedSampler::costsOfRun(const Run &R,
                                                 const TimeBasedPlan &Plan) {
  // Each function's least disturbed window, at the run's typical clock.
  std::vector<double> Ratios;
  for (const std::vector<double> &BatchRatios : R.BatchRatios)
    Ratios.insert(Ratios.end(), BatchRatios.begin(), BatchRatios.end());
  double TicksPerCycle =
      aggregateTimeBasedSamples(Ratios, ResultAggregationMode::Min);
  std::vector<double> Costs;
  for (const std::vector<CounterValues> &Column : R.Readings)
    Costs.push_back(TicksPerCycle > 0 ? cheapestTicks(Column) / TicksPerCycle /
                                            Plan.CallsPerWindow
                                      : NAN);
  return Costs;
}

TimeBasedSampler::RunSamples
TimeBasedSampler::samplesOfRun(const Run &R, bool Differencing,
                               const TimeBasedPlan &Plan,
                               std::vector<double> &SampleRatios) {
  // Each sample is a block of consecutive rounds, short enough for the
  // clock frequency to be the same throughout: the snippet's difference of
  // minima in ticks over the calibration's difference of minima in ticks
  // per cycle. With code at a fixed address, short and long run in
  // separate children, each with its own calibration: the sample's ratio
  // is then the mean of the two. The probe's cycles per group are the
  // slowest of the batches' (each calibrated by its own chains).
  std::vector<int64_t> Short = CycleEstimator::blockMinima(
      eventReadings(R.Readings[0], 0), Plan.RoundsPerSample);
  std::vector<int64_t> Long =
      Differencing ? CycleEstimator::blockMinima(
                         eventReadings(R.Readings[1], 0), Plan.RoundsPerSample)
                   : std::vector<int64_t>();
  RunSamples Samples;
  for (size_t S = 0; S < Short.size(); ++S) {
    double Ratio = 0;
    double ProbeCycles = NAN;
    for (size_t B = 0; B < R.BatchRatios.size(); ++B) {
      Ratio += R.BatchRatios[B][S];
      double Probe = R.BatchProbeTicks[B][S] / R.BatchRatios[B][S];
      if (std::isfinite(Probe) &&
          (!std::isfinite(ProbeCycles) || Probe > ProbeCycles))
        ProbeCycles = Probe;
    }
    Ratio /= R.BatchRatios.size();
    Samples.ProbeCycles.push_back(ProbeCycles);
    double Ticks = Differencing ? double(Long[S] - Short[S]) : double(Short[S]);
    SampleRatios.push_back(Ratio);
    // The 2N function took no longer than the N one: a disturbed sample
    // (under full load CPUID's hypervisor exits once made a whole run's
    // value negative), left out like an uncalibrated one.
    Samples.Cycles.push_back(Ticks > 0 ? Ticks / Ratio / Plan.CallsPerWindow
                                       : NAN);
  }
  return Samples;
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
  template <typename T> bool take(T &Value) {
    if (In.size() < sizeof(Value))
      return false;
    std::memcpy(&Value, In.data(), sizeof(Value));
    In = In.drop_front(sizeof(Value));
    return true;
  }
  bool atEnd() const { return In.empty(); }

private:
  std::string *Out = nullptr;
  StringRef In;
};

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
  Out.put(Report.TicksPerCycle);
  Out.put(Report.Plan.ChainLength);
  Out.put(Report.Plan.CallsPerWindow);
  Out.put(Report.Plan.RoundsPerSample);
  Out.put(Report.Replans);
  Out.put(Report.Runs);
  Out.put(uint64_t(Report.SamplesPerRun));
  Out.put(uint64_t(Report.AgreeingSamples));
  Out.put(uint64_t(Report.SettledRuns));
  Out.put(uint8_t(Report.Confirmed));
  Out.put(uint8_t(Report.Pooled));
  Out.put(uint64_t(Report.TotalSamples));
  Out.put(uint64_t(Report.SharedSamples));
  Out.put(Report.UnsharedProbeCycles);
  Out.put(Report.ExpectedProbeCycles);
  Out.put(uint8_t(Report.SharedThroughout));
  Out.put(FinalCpu);
  return Bytes;
}

Expected<TimeBasedMeasurement> TimeBasedMeasurement::decode(StringRef Bytes) {
  MeasurementBytes In(Bytes);
  TimeBasedMeasurement M;
  uint64_t NumColumns = 0, SamplesPerRun = 0, AgreeingSamples = 0,
           SettledRuns = 0, TotalSamples = 0, SharedSamples = 0;
  uint8_t Confirmed = 0, Pooled = 0, SharedThroughout = 0;
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
  TimeBasedSamplingReport &Report = M.Report;
  Complete = Complete && In.take(Report.TicksPerCycle) &&
             In.take(Report.Plan.ChainLength) &&
             In.take(Report.Plan.CallsPerWindow) &&
             In.take(Report.Plan.RoundsPerSample) && In.take(Report.Replans) &&
             In.take(Report.Runs) && In.take(SamplesPerRun) &&
             In.take(AgreeingSamples) && In.take(SettledRuns) &&
             In.take(Confirmed) && In.take(Pooled) && In.take(TotalSamples) &&
             In.take(SharedSamples) && In.take(Report.UnsharedProbeCycles) &&
             In.take(Report.ExpectedProbeCycles) && In.take(SharedThroughout) &&
             In.take(M.FinalCpu) && In.atEnd();
  if (!Complete)
    return samplingError("the benchmarking subprocess returned a malformed "
                         "measurement (" +
                         Twine(Bytes.size()) + " bytes)");
  Report.SamplesPerRun = SamplesPerRun;
  Report.AgreeingSamples = AgreeingSamples;
  Report.SettledRuns = SettledRuns;
  Report.Confirmed = Confirmed != 0;
  Report.Pooled = Pooled != 0;
  Report.SharedThroughout = SharedThroughout != 0;
  Report.TotalSamples = TotalSamples;
  Report.SharedSamples = SharedSamples;
  return M;
}

Expected<std::optional<TimeBasedMeasurement>>
TimeBasedSampler::measure(ArrayRef<ExecutorBatch> MeasuredBatches,
                          bool Differencing,
                          ExecutorBatchRunner RunBatch) const {
  // The probe gives each function's cost in core cycles, which sizes the
  // calibration chains, the windows and the rounds.
  Expected<std::optional<Probe>> Probed = probe(MeasuredBatches, RunBatch);
  if (!Probed)
    return Probed.takeError();
  if (!*Probed)
    return std::nullopt;
  const std::vector<double> &FunctionCycles = (*Probed)->FunctionCycles;

  // Sized from the probe; a run whose own costs contradict the plan (the
  // probe was disturbed: a 1-cycle snippet once got chains of 1000 adds and
  // 3 calls per window, and never settled) starts sampling over with the
  // plan its costs call for.
  TimeBasedPlan Plan = planTimeBasedSampling(
      FunctionCycles, Differencing, MeasuredBatches.size(), Options.RepeatCount,
      Options.TimeBasedRoundsPerSample, Options.TimeBasedWindowCycles);
  std::optional<CycleEstimator> Matched;
  std::vector<ExecutorBatch> Batches;
  auto UsePlan = [&]() -> Error {
    Expected<CycleEstimator> Chains =
        CycleEstimator::create(TT, Plan.ChainLength);
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

  // Runs of at most RepeatCount samples each. Under min aggregation, runs
  // follow one another until SettleAgreeingRuns have settled (a group of
  // getSettledGroupSize() samples within SettleTolerance of each other) and
  // agree within SettleTolerance, or -settle-time-limit is spent; the other
  // modes take one run.
  bool Adaptive = Options.Aggregation == ResultAggregationMode::Min;
  auto Start = std::chrono::steady_clock::now();
  std::vector<std::vector<CounterValues>> Readings;
  std::vector<double> SampleRatios;
  // Every run's samples so far, with their probe readings.
  std::vector<RunSamples> Taken;
  // Their probe readings together, which the quiet level is found among.
  std::vector<double> TakenProbes;
  auto StartOver = [&] {
    Readings.assign(FunctionCycles.size(), {});
    SampleRatios.clear();
    Taken.clear();
    TakenProbes.clear();
  };

  // The runs judged with the probe's quiet level found in all of them.
  struct Verdict {
    // The run whose kept samples agreed best, and its group.
    SampleCluster BestGroup;
    size_t BestRunSamples = 0;
    size_t SettledRuns = 0;
    std::optional<double> Confirmed;
    std::vector<double> Kept;
    size_t Total = 0, Shared = 0;
    double Level = NAN;
    // The level found is a busy neighbour's (see CoreSharingBusyMargin).
    bool Busy = false;
  };
  auto Judge = [&] {
    Verdict V;
    V.Level = findUnsharedLevel(TakenProbes, CoreSharingTolerance,
                                getProbeRecurrences());
    // While the time limit lasts, no run settles on a neighbour's level, so
    // that sampling goes on until quiet samples come.
    V.Busy = Adaptive && isNeighboursLevel(V.Level);
    // The groups of the runs that settled; SettleAgreeingRuns that agree end
    // the measurement (two by default: one alone can be a steady
    // disturbance, a neighbour keeping the integer units busy slowed the
    // calibration, and an FP snippet settled 16% low).
    std::vector<double> SettledMedians;
    for (const RunSamples &T : Taken) {
      size_t Shared = 0;
      std::vector<double> Kept = dropSharedSamples(
          T.Cycles, T.ProbeCycles, V.Level, CoreSharingTolerance,
          CoreSharingLowTolerance, Shared);
      V.Shared += Shared;
      V.Total += T.Cycles.size();
      V.Kept.insert(V.Kept.end(), Kept.begin(), Kept.end());
      if (V.Confirmed)
        continue;
      SampleCluster Group = findDensestCluster(Kept, Options.SettleTolerance);
      if (Group.Size &&
          Group.Size * V.BestRunSamples >= V.BestGroup.Size * Kept.size()) {
        V.BestGroup = Group;
        V.BestRunSamples = Kept.size();
      }
      if (V.Busy || !isSettled(Group.Size, Shared))
        continue;
      double Sum = Group.Median;
      unsigned Agreeing = 1;
      for (double Earlier : SettledMedians)
        if (Agreeing < Options.SettleAgreeingRuns &&
            std::fabs(Earlier - Group.Median) <=
                Options.SettleTolerance * std::min(Earlier, Group.Median)) {
          Sum += Earlier;
          ++Agreeing;
        }
      if (Agreeing >= std::max(1u, Options.SettleAgreeingRuns)) {
        V.Confirmed = Sum / Agreeing;
        // What `info` reports of the run that ended the sampling.
        V.BestGroup = Group;
        V.BestRunSamples = Kept.size();
      }
      SettledMedians.push_back(Group.Median);
    }
    V.SettledRuns = SettledMedians.size();
    return V;
  };

  StartOver();
  Verdict Judged;
  unsigned Runs = 0;
  while (true) {
    ++Runs;
    Expected<std::optional<Run>> Ran = run(Batches, Plan, FunctionCycles.size(),
                                           Differencing, TakenProbes, RunBatch);
    if (!Ran)
      return Ran.takeError();
    if (!*Ran)
      return std::nullopt;

    // When what each function cost in this run contradicts the plan, sampling
    // starts over with a new one.
    if (Replans < TimeBasedMaxReplans) {
      TimeBasedPlan Fresh = planTimeBasedSampling(
          costsOfRun(**Ran, Plan), Differencing, MeasuredBatches.size(),
          Options.RepeatCount, Options.TimeBasedRoundsPerSample,
          Options.TimeBasedWindowCycles);
      if (isPlanContradicted(Plan, Fresh)) {
        ++Replans;
        Plan = Fresh;
        if (Error E = UsePlan())
          return E;
        StartOver();
        continue;
      }
    }

    Taken.push_back(samplesOfRun(**Ran, Differencing, Plan, SampleRatios));
    TakenProbes.insert(TakenProbes.end(), Taken.back().ProbeCycles.begin(),
                       Taken.back().ProbeCycles.end());
    for (size_t F = 0; F < Readings.size(); ++F)
      Readings[F].insert(Readings[F].end(), (*Ran)->Readings[F].begin(),
                         (*Ran)->Readings[F].end());
    Judged = Judge();
    std::chrono::duration<double> Elapsed =
        std::chrono::steady_clock::now() - Start;
    if (!Adaptive || Judged.Confirmed ||
        Elapsed.count() >= Options.SettleTimeLimitSeconds)
      break;
    if (Rotation)
      Rotation->moveToNextCpu();
  }

  // Nothing settled: the densest group of every run's samples together
  // rather than of the best run alone (a handful of samples): a disturbance
  // seldom shifts run after run alike, while the snippet's value recurs.
  SampleCluster BestGroup = Judged.BestGroup;
  size_t BestRunSamples = Judged.BestRunSamples;
  bool Pooled = false;
  if (Adaptive && !Judged.Confirmed && Runs > 1) {
    SampleCluster All =
        findDensestCluster(Judged.Kept, Options.SettleTolerance);
    if (All.Size > BestGroup.Size) {
      BestGroup = All;
      BestRunSamples = Judged.Kept.size();
      Pooled = true;
    }
  }

  double Count =
      !Adaptive ? aggregateTimeBasedSamples(Judged.Kept, Options.Aggregation)
      : Judged.Confirmed ? *Judged.Confirmed
                         : BestGroup.Median;
  if (!std::isfinite(Count))
    return make_error<SnippetFailure>(
        "no usable time-based sample: in every one the calibration failed or "
        "the 2N-instruction function took no longer than the N-instruction "
        "one (the machine was too busy)");

  TimeBasedMeasurement Measured;
  Measured.Cycles = Count;
  Measured.Readings = std::move(Readings);
  TimeBasedSamplingReport &Report = Measured.Report;
  Report.TicksPerCycle =
      aggregateTimeBasedSamples(SampleRatios, ResultAggregationMode::Min);
  if (!std::isfinite(Report.TicksPerCycle))
    Report.TicksPerCycle = (*Probed)->TicksPerCycle;
  Report.Plan = Plan;
  Report.Replans = Replans;
  Report.Runs = Runs;
  Report.SamplesPerRun = BestRunSamples;
  Report.AgreeingSamples = BestGroup.Size;
  Report.SettledRuns = Judged.SettledRuns;
  Report.Confirmed = Judged.Confirmed.has_value();
  Report.Pooled = Pooled;
  Report.TotalSamples = Judged.Total;
  Report.SharedSamples = Judged.Shared;
  Report.UnsharedProbeCycles = Judged.Level;
  Report.ExpectedProbeCycles = ExpectedProbeCycles;
  Report.SharedThroughout = Judged.Busy;
  Measured.FinalCpu = CpuRotation::getCurrentCpu();
  return Measured;
}

} // namespace exegesis
} // namespace llvm
