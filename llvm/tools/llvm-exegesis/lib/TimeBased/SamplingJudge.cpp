//===-- SamplingJudge.cpp ---------------------------------------*- C++ -*-===//

#include "TimeBased/SamplingJudge.h"
#include "Execution/FunctionExecutor.h"
#include "TimeBased/CoreSharing.h"
#include "TimeBased/CycleEstimator.h"
#include "TimeBased/SampleStatistics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <optional>

namespace llvm {
namespace exegesis {

/// A run has settled when this fraction of -benchmark-repeat-count samples
/// lie within -settle-tolerance of each other.
static constexpr double SettledFraction = 2.0 / 3.0;
/// How far a block's chain fixed cost (twice the L chain's ticks less the
/// 2L chain's: starting and stopping the counter and the calls, less what
/// consecutive calls overlap) may lie from the median of its call's blocks,
/// relative to the L chain's ticks, before the block's chains disagree with
/// each other: one of its windows was disturbed in every round of the block,
/// and its ticks per cycle cannot be trusted. The cost itself depends on the
/// host and the plan (it was -7% of the L chain on our Zen 3 guest with
/// chains of 1000 adds, calls overlapping); in quiet runs it varies by
/// hundredths of a percent, by several percent where a neighbour was busy.
static constexpr double ChainDisagreementSlack = 0.01;

/// How many runs -settle-time-limit=0 takes at most while none of them has
/// given a usable sample.
static constexpr unsigned MaxRunsForOneValue = 4;

/// How far the value may lie from the difference of the functions' least
/// disturbed windows (SamplingJudgement::MinimaCycles) before it is in
/// doubt. The two agree within a percent or two where samples settle; a
/// value at half of it (runs under contention once settled there) or near
/// zero is not a measurement.
static constexpr double CrossCheckTolerance = 0.1;

/// How large the short function's fixed part may be, as a share of that
/// function and in cycles, before the difference of the two functions is in
/// doubt: both limits must be passed. In 2,780 differenced measurements of
/// the accuracy bodies on Zen 5, all but 2 of the values within 1.5% of the
/// harness had a fixed part below 15% of the short function (loops up to
/// 13%); 181 of the 183 beyond 20% read 12-280% off, low as well as high
/// (INC64r straight-line 0.098 against 0.187, at 74%). The floor in cycles
/// keeps a short function's honest set-up (a small -min-instructions) from
/// being taken for it.
static constexpr double DifferencingFixedShareLimit = 0.2;
static constexpr double DifferencingFixedCyclesFloor = 500;
/// The same for a dependency chain (latency), which no front end limits at
/// one instruction a cycle or fewer: its copies cost alike in both
/// functions unless something else differs. Of 930 latency measurements of
/// the accuracy bodies on Zen 5, the fixed parts of values within 1% of the
/// harness reached 304 cycles and 3.0% of the short function (RORX64ri);
/// all 8 beyond 4% and 300 cycles were off by 2.7-10% (LEA32r_is 0.957 and
/// 1.101 against 1.000, its N or its 2N function a few percent slower per
/// copy), settled and clean. The corpus' latency traces of Zen 1, 3 and 5
/// stay below 3%.
static constexpr double ChainFixedShareLimit = 0.04;
static constexpr double ChainFixedCyclesFloor = 300;

StringRef getVerdictName(SamplingVerdict Verdict) {
  switch (Verdict) {
  case SamplingVerdict::Settled:
    return "settled";
  case SamplingVerdict::Unsettled:
    return "unsettled";
  case SamplingVerdict::Aggregated:
    return "aggregated";
  case SamplingVerdict::Outclassed:
    return "outclassed";
  }
  return "unknown";
}

/// Column \p Index of \p Call without its warm-up rounds.
static ArrayRef<int64_t> afterWarmup(const TraceCall &Call, size_t Index) {
  if (Index >= Call.Ticks.size())
    return {};
  ArrayRef<int64_t> Column = Call.Ticks[Index];
  return Column.drop_front(
      std::min<size_t>(TimeBasedWarmupRounds, Column.size()));
}

/// The calibration of one call: per block its ticks per cycle (NaN where
/// the chains disagree) and the probe's ticks per group.
struct CallCalibration {
  std::vector<double> TicksPerCycle;
  /// Before the blocks whose chains disagree were left out: good enough to
  /// size the sampling by.
  std::vector<double> RawTicksPerCycle;
  std::vector<double> ProbeTicks;
  /// The vector chain's ticks per op (empty: the call ran none).
  std::vector<double> VectorTicks;
  std::vector<bool> Inconsistent;
};

static CallCalibration calibrationOfCall(const TraceCall &Call,
                                         size_t FirstChain,
                                         const TimeBasedPlan &Plan) {
  CallCalibration C;
  unsigned Block = std::max(1u, Plan.RoundsPerSample);
  ArrayRef<int64_t> ChainShort = afterWarmup(Call, FirstChain);
  ArrayRef<int64_t> ChainLong = afterWarmup(Call, FirstChain + 1);
  std::vector<int64_t> ShortMinima =
      CycleEstimator::blockMinima(ChainShort, Block);
  std::vector<int64_t> LongMinima =
      CycleEstimator::blockMinima(ChainLong, Block);
  C.TicksPerCycle = CycleEstimator::computeTicksPerCycleOfMinima(
      ShortMinima, LongMinima, double(Plan.ChainLength) * Plan.CallsPerWindow);
  std::vector<double> FixedCosts;
  for (size_t B = 0; B < C.TicksPerCycle.size(); ++B)
    FixedCosts.push_back(2.0 * double(ShortMinima[B]) - double(LongMinima[B]));
  double Typical = FixedCosts.empty() ? 0 : medianOf(FixedCosts);
  C.RawTicksPerCycle = C.TicksPerCycle;
  C.Inconsistent.assign(C.TicksPerCycle.size(), false);
  // Of fewer than three blocks none can be told to be the odd one; a
  // sample of one or two rounds (a slow snippet, sized to the time budget)
  // has disturbed windows as its minima, and its groups, not this rule,
  // leave them out.
  bool Judged = FixedCosts.size() >= 3 && Plan.RoundsPerSample >= 3;
  for (size_t B = 0; Judged && B < C.TicksPerCycle.size(); ++B)
    if (std::isfinite(C.TicksPerCycle[B]) &&
        std::fabs(FixedCosts[B] - Typical) >
            ChainDisagreementSlack * double(ShortMinima[B])) {
      C.TicksPerCycle[B] = NAN;
      C.Inconsistent[B] = true;
    }
  C.ProbeTicks = CycleEstimator::computeBlockTicksPerCycle(
      afterWarmup(Call, FirstChain + 2), afterWarmup(Call, FirstChain + 3),
      double(CycleEstimator::getSharingProbeGroups(Plan.ChainLength)) *
          Plan.CallsPerWindow,
      Block);
  // Traces recorded before the vector chain have none.
  if (Call.Ticks.size() >= FirstChain + 6)
    C.VectorTicks = CycleEstimator::computeBlockTicksPerCycle(
        afterWarmup(Call, FirstChain + 4), afterWarmup(Call, FirstChain + 5),
        double(CycleEstimator::getVectorChainLength(Plan.ChainLength)) *
            Plan.CallsPerWindow,
        Block);
  return C;
}

RunSamples samplesOfRun(const TimeBasedTrace &Trace, const TraceRun &Run) {
  // Each sample is a block of consecutive rounds, short enough for the
  // clock frequency to be the same throughout: the snippet's difference of
  // minima in ticks over the calibration's ticks per cycle. With code at a
  // fixed address, short and long run in separate calls, each with its own
  // calibration: the sample's ratio is then the mean of the two, and the
  // probe's cycles per group the slowest of the calls'.
  RunSamples Samples;
  unsigned Block = std::max(1u, Run.Plan.RoundsPerSample);
  std::vector<ArrayRef<int64_t>> Measured;
  std::vector<CallCalibration> Calibrations;
  for (const TraceCall &Call : Run.Calls) {
    unsigned Functions = Call.Batch < Trace.BatchFunctions.size()
                             ? Trace.BatchFunctions[Call.Batch]
                             : 0;
    for (unsigned F = 0; F < Functions; ++F)
      Measured.push_back(afterWarmup(Call, F));
    Calibrations.push_back(calibrationOfCall(Call, Functions, Run.Plan));
  }
  if (Measured.empty() || Calibrations.empty())
    return Samples;
  std::vector<int64_t> Short = CycleEstimator::blockMinima(Measured[0], Block);
  std::vector<int64_t> Long;
  if (Trace.Differencing && Measured.size() > 1)
    Long = CycleEstimator::blockMinima(Measured[1], Block);
  size_t Count = Short.size();
  if (Trace.Differencing)
    Count = std::min(Count, Long.size());
  for (const CallCalibration &C : Calibrations)
    Count = std::min({Count, C.TicksPerCycle.size(), C.ProbeTicks.size()});
  // Each sample's vector chain in add cycles, the lowest and highest of its
  // calls (NaN: no vector chain, or an uncalibrated block).
  Samples.VectorLow.assign(Count, NAN);
  Samples.VectorHigh.assign(Count, NAN);
  for (size_t S = 0; S < Count; ++S)
    for (const CallCalibration &C : Calibrations) {
      if (S >= C.VectorTicks.size())
        continue;
      double Cycles = C.VectorTicks[S] / C.TicksPerCycle[S];
      if (!std::isfinite(Cycles) || !(Cycles > 0))
        continue;
      double &Low = Samples.VectorLow[S], &High = Samples.VectorHigh[S];
      Low = std::isfinite(Low) ? std::min(Low, Cycles) : Cycles;
      High = std::isfinite(High) ? std::max(High, Cycles) : Cycles;
    }
  for (size_t S = 0; S < Count; ++S) {
    Samples.InconsistentCalibrations +=
        llvm::any_of(Calibrations, [S](const CallCalibration &C) {
          return bool(C.Inconsistent[S]);
        });
    double Ratio = 0;
    double Probe = NAN;
    for (const CallCalibration &C : Calibrations) {
      Ratio += C.TicksPerCycle[S];
      double PerGroup = C.ProbeTicks[S] / C.TicksPerCycle[S];
      if (std::isfinite(PerGroup) &&
          (!std::isfinite(Probe) || PerGroup > Probe))
        Probe = PerGroup;
    }
    Ratio /= Calibrations.size();
    double Ticks =
        Trace.Differencing ? double(Long[S] - Short[S]) : double(Short[S]);
    Samples.TicksPerCycle.push_back(Ratio);
    Samples.ProbeCycles.push_back(Probe);
    // The 2N function took no longer than the N one: a disturbed sample
    // (under full load CPUID's hypervisor exits once made a whole run's
    // value negative), left out like an uncalibrated one.
    Samples.Cycles.push_back(Ticks > 0 && std::isfinite(Ratio) && Ratio > 0
                                 ? Ticks / Ratio / Run.Plan.CallsPerWindow
                                 : NAN);
  }
  return Samples;
}

double leastTicks(ArrayRef<int64_t> Ticks) {
  if (Ticks.empty())
    return NAN;
  return double(*std::min_element(Ticks.begin(), Ticks.end()));
}

std::vector<double> costsOfRun(const TimeBasedTrace &Trace,
                               const TraceRun &Run) {
  // Each function's least disturbed window, at the run's typical clock.
  double TicksPerCycle = aggregateTimeBasedSamples(
      samplesOfRun(Trace, Run).TicksPerCycle, ResultAggregationMode::Min);
  if (!(TicksPerCycle > 0)) {
    // Chains too disturbed to trust a sample by (CPUID's hypervisor exits
    // beside them) still tell the costs roughly.
    std::vector<double> Raw;
    for (const TraceCall &Call : Run.Calls) {
      CallCalibration C =
          calibrationOfCall(Call, Trace.BatchFunctions[Call.Batch], Run.Plan);
      Raw.insert(Raw.end(), C.RawTicksPerCycle.begin(),
                 C.RawTicksPerCycle.end());
    }
    TicksPerCycle = aggregateTimeBasedSamples(Raw, ResultAggregationMode::Min);
  }
  std::vector<double> Costs;
  for (const TraceCall &Call : Run.Calls)
    for (unsigned F = 0; F < Trace.BatchFunctions[Call.Batch]; ++F)
      Costs.push_back(TicksPerCycle > 0
                          ? leastTicks(afterWarmup(Call, F)) / TicksPerCycle /
                                Run.Plan.CallsPerWindow
                          : NAN);
  return Costs;
}

size_t getProbeRecurrences(const SamplingRules &Rules) {
  return std::max<size_t>(3, Rules.RepeatCount / 6);
}

double levelOfCpuCheck(const TimeBasedTrace &Trace,
                       const TraceCpuCheck &Check) {
  CallCalibration C = calibrationOfCall(Check.Call, 0, Check.Plan);
  std::vector<double> Probes;
  for (size_t S = 0; S < std::min(C.TicksPerCycle.size(), C.ProbeTicks.size());
       ++S)
    Probes.push_back(C.ProbeTicks[S] / C.TicksPerCycle[S]);
  return findUnsharedLevel(Probes, CoreSharingTolerance,
                           getProbeRecurrences(Trace.Rules) / 2 + 1);
}

double getReferenceLevel(const TimeBasedTrace &Trace) {
  double Level = Trace.Reference.Level;
  for (const TraceCpuCheck &Check : Trace.CpuChecks) {
    double Checked = levelOfCpuCheck(Trace, Check);
    if (std::isfinite(Checked) && !(Checked >= Level))
      Level = Checked;
  }
  return Level;
}

/// The runs that count: those after the last one that contradicted its
/// plan (sampling started over after it).
static ArrayRef<TraceRun> countingRuns(const TimeBasedTrace &Trace) {
  ArrayRef<TraceRun> Runs = Trace.Runs;
  for (size_t I = Runs.size(); I > 0; --I)
    if (Runs[I - 1].Contradicted)
      return Runs.drop_front(I);
  return Runs;
}

/// What the judgement of a run and the stop rule within a run share.
struct SettleRule {
  const SamplingRules &Rules;
  unsigned getGroupSize() const {
    return std::max(1u, static_cast<unsigned>(
                            std::ceil(SettledFraction * Rules.RepeatCount)));
  }
  /// The fewest agreeing samples a run settles with (when most were left
  /// out): half of getGroupSize().
  size_t getMinSettledGroup() const { return (getGroupSize() + 1) / 2; }
  /// Whether a run of \p Samples samples, \p Shared of them taken while the
  /// core was shared, was taken in a busy stretch: most of its samples, or
  /// all when the level itself is a neighbour's (\p Busy).
  static bool isTakenWhileShared(size_t Samples, size_t Shared, bool Busy) {
    return Busy || 2 * Shared > Samples;
  }
  /// Whether a run in which \p Shared samples were taken while the core was
  /// shared has settled with a group of \p GroupSize agreeing samples: two
  /// thirds of the others (all RepeatCount when none was shared), and at
  /// least half of getGroupSize().
  bool isSettled(size_t GroupSize, size_t Shared) const {
    size_t Kept =
        Rules.RepeatCount - std::min<size_t>(Shared, Rules.RepeatCount);
    size_t OfKept = static_cast<size_t>(std::ceil(SettledFraction * Kept));
    return GroupSize >= std::max<size_t>(OfKept, getMinSettledGroup());
  }
  /// The group of \p Kept (a run's samples, NaN: left out; \p Shared of
  /// them left out as taken while the core was shared) its value comes
  /// from, and whether the run has settled on it. A run settles on its
  /// densest group when that holds two thirds of the samples (isSettled).
  /// Where \p HostQuiet, it may settle on its median instead, when two
  /// thirds of RepeatCount samples were kept and the median's 95% interval
  /// is no wider than the tolerance: where every sample scatters by more
  /// than the tolerance (a Zen 5 guest in a busy stretch of its host: an
  /// add chain's samples within +-0.5% of 1.000), the densest
  /// group seldom holds two thirds of them though their median is known to
  /// within a tenth of a percent, and runs went on to the time limit.
  std::pair<SampleCluster, bool>
  findSettledGroup(ArrayRef<double> Kept, size_t Shared, bool HostQuiet) const {
    SampleCluster Group = findDensestCluster(Kept, Rules.SettleTolerance);
    if (isSettled(Group.Size, Shared))
      return {Group, true};
    if (!HostQuiet)
      return {Group, false};
    MedianInterval Median = findMedianInterval(Kept);
    if (Median.Size >= getGroupSize() && Median.Median > 0 &&
        Median.High - Median.Low <= Rules.SettleTolerance * Median.Median)
      return {SampleCluster{Median.Size, Median.Median}, true};
    return {Group, false};
  }
};

/// The quiet level among \p Probes (\p Ratios: their samples' ticks per
/// cycle) and whether it is a neighbour's.
static std::pair<double, bool> findLevel(const TimeBasedTrace &Trace,
                                         ArrayRef<double> Probes,
                                         ArrayRef<double> Ratios,
                                         double Reference) {
  double Level = findUnsharedLevel(Probes, Ratios, CoreSharingTolerance,
                                   getProbeRecurrences(Trace.Rules));
  bool Busy = Trace.Rules.Aggregation == ResultAggregationMode::Min &&
              std::isfinite(Level) && std::isfinite(Reference) &&
              Level > Reference * (1 + CoreSharingBusyMargin);
  return {Level, Busy};
}

double findVectorLatency(ArrayRef<RunSamples> Taken, double &Median) {
  std::vector<double> Cycles;
  for (const RunSamples &S : Taken)
    for (size_t I = 0; I < S.VectorLow.size(); ++I)
      if (std::isfinite(S.VectorLow[I]))
        Cycles.push_back((S.VectorLow[I] + S.VectorHigh[I]) / 2);
  Median = Cycles.empty() ? NAN : medianOf(Cycles);
  return nearestWholeCycles(Median);
}

double nearestWholeCycles(double Cycles) {
  double Whole = std::round(Cycles);
  return Whole >= 1 && std::fabs(Cycles / Whole - 1) <= WholeCyclesTolerance
             ? Whole
             : NAN;
}

bool chainsApart(const RunSamples &S, size_t I, double VectorLatency) {
  return std::isfinite(VectorLatency) && I < S.VectorLow.size() &&
         std::isfinite(S.VectorLow[I]) &&
         (S.VectorLow[I] < VectorLatency * (1 - ChainsApartTolerance) ||
          S.VectorHigh[I] > VectorLatency * (1 + ChainsApartTolerance));
}

/// The samples of \p S that count (NaN: left out): those not taken while
/// the core was shared (dropSharedSamples at \p Level) and, when
/// \p DropApart, not with calibration chains apart (chainsApart at
/// \p VectorLatency). \p Apart counts the samples with chains apart among
/// those not shared, \p Shared the samples left out of both kinds.
static std::vector<double> keptSamples(const RunSamples &S, double Level,
                                       double VectorLatency, bool DropApart,
                                       size_t &Shared, size_t &Apart) {
  std::vector<double> Kept =
      dropSharedSamples(S.Cycles, S.ProbeCycles, Level, CoreSharingTolerance,
                        CoreSharingLowTolerance, Shared);
  Apart = 0;
  for (size_t I = 0; I < Kept.size(); ++I)
    if (std::isfinite(Kept[I]) && chainsApart(S, I, VectorLatency)) {
      ++Apart;
      if (DropApart)
        Kept[I] = NAN;
    }
  if (DropApart)
    Shared += Apart;
  return Kept;
}

/// Which whole number of add cycles the vector chain judges the samples of
/// \p Taken by, and whether the samples it finds apart are left out.
struct VectorChainUse {
  /// NaN: none, no sample is judged.
  double Latency = NAN;
  bool DropApart = false;
};

/// Whether some run of \p Taken keeps \p MinKept samples or more with those
/// taken while the core was shared (at \p Level) and those with chains apart
/// from \p Latency left out: the samples the vector chain trusts could
/// settle a run.
static bool someRunKeepsEnough(ArrayRef<RunSamples> Taken, double Level,
                               double Latency, size_t MinKept) {
  for (const RunSamples &S : Taken) {
    size_t Shared = 0, Apart = 0;
    std::vector<double> Kept =
        keptSamples(S, Level, Latency, true, Shared, Apart);
    if (size_t(count_if(Kept, [](double C) { return std::isfinite(C); })) >=
        std::max<size_t>(MinKept, 1))
      return true;
  }
  return false;
}

/// How many samples of \p Taken have their vector chain within
/// ChainsApartTolerance of \p Latency.
static size_t samplesNear(ArrayRef<RunSamples> Taken, double Latency) {
  size_t Near = 0;
  for (const RunSamples &S : Taken)
    for (size_t I = 0; I < S.VectorLow.size(); ++I)
      Near += std::isfinite(S.VectorLow[I]) && !chainsApart(S, I, Latency);
  return Near;
}

/// How the vector chain judges the samples of \p Taken (\p Median: its
/// median cost in add cycles). The whole number near the median, and the
/// samples apart from it are left out when some run keeps \p MinKept
/// samples without them: a handful of scattered samples near it amid a
/// measurement of samples apart (on Emerald Rapids a short 512-bit chain
/// read 3.92 add cycles for seconds, now and then 4) could settle no run,
/// and leaving the rest out spent the whole time limit on them. When the
/// median lies off every whole number, the samples may still hold two
/// states (heavy 512-bit code at the scalar clock, and a clock step or two
/// below it, 4.137 in the median), and the nearer whole number of the two
/// around the median judges them when it leaves a run enough samples.
static VectorChainUse useVectorChain(ArrayRef<RunSamples> Taken, double Level,
                                     size_t MinKept, double &Median) {
  VectorChainUse Use;
  Use.Latency = findVectorLatency(Taken, Median);
  if (std::isfinite(Use.Latency)) {
    Use.DropApart = someRunKeepsEnough(Taken, Level, Use.Latency, MinKept);
    return Use;
  }
  if (!std::isfinite(Median))
    return Use;
  double Below = std::max(1.0, std::floor(Median)), Above = std::ceil(Median);
  double Candidate =
      samplesNear(Taken, Above) > samplesNear(Taken, Below) ? Above : Below;
  if (someRunKeepsEnough(Taken, Level, Candidate, MinKept))
    Use = {Candidate, true};
  return Use;
}

unsigned getFirstSettleCheck(const SamplingRules &Rules,
                             const TimeBasedPlan &Plan) {
  // Half the samples a settled run needs: a run with fewer cannot have
  // settled whatever was left out.
  SettleRule Rule{Rules};
  return TimeBasedWarmupRounds +
         (Rule.getGroupSize() + 1) / 2 * std::max(1u, Plan.RoundsPerSample);
}

RunProgress judgeRunSoFar(const TimeBasedTrace &Trace,
                          const TraceRun &Partial) {
  std::vector<double> Probes, Ratios;
  auto Add = [&](const RunSamples &S) {
    Probes.insert(Probes.end(), S.ProbeCycles.begin(), S.ProbeCycles.end());
    Ratios.insert(Ratios.end(), S.TicksPerCycle.begin(), S.TicksPerCycle.end());
  };
  // The counting runs, then the one under way.
  std::vector<RunSamples> Taken;
  for (const TraceRun &Run : countingRuns(Trace)) {
    Taken.push_back(samplesOfRun(Trace, Run));
    Add(Taken.back());
  }
  Taken.push_back(samplesOfRun(Trace, Partial));
  Add(Taken.back());
  const RunSamples &SoFar = Taken.back();
  double Reference = getReferenceLevel(Trace);
  auto [Level, Busy] = findLevel(Trace, Probes, Ratios, Reference);
  // The samples the vector chain finds apart never settle a run early. They
  // count as taken while the core was shared only where judgeSampling
  // leaves them out too (some run keeps enough without them): else a run
  // of them all would end early, again and again, and never settle there.
  SettleRule Rule{Trace.Rules};
  double VectorCycles;
  auto [VectorLatency, DropApart] =
      useVectorChain(Taken, Level, Rule.getMinSettledGroup(), VectorCycles);
  bool NeighbourSeen = !std::isfinite(Reference);
  size_t Apart = 0;
  for (const RunSamples &S : ArrayRef(Taken).drop_back()) {
    size_t Shared = 0;
    keptSamples(S, Level, VectorLatency, DropApart, Shared, Apart);
    NeighbourSeen |=
        SettleRule::isTakenWhileShared(S.Cycles.size(), Shared, Busy);
  }
  size_t Dropped = 0;
  std::vector<double> Kept =
      keptSamples(SoFar, Level, VectorLatency, true, Dropped, Apart);
  // A run most of whose samples so far were taken while the core was
  // shared is taken in a busy stretch: the rest of it is better spent on
  // another CPU, or later. Not the one run asked for (-settle-time-limit=0):
  // no other follows, and ended early it gave a value from 3 of 6 samples
  // under stress-ng.
  size_t Shared = DropApart ? Dropped : Dropped - Apart;
  if (Trace.Rules.SettleTimeLimitSeconds > 0 &&
      SettleRule::isTakenWhileShared(SoFar.Cycles.size(), Shared, Busy))
    return RunProgress::Shared;
  return Rule.findSettledGroup(Kept, Dropped, !NeighbourSeen).second
             ? RunProgress::Settled
             : RunProgress::GoOn;
}

double getOutclassedMargin(const SamplingRules &Rules) {
  return std::max(OutclassedMargin, 4 * Rules.SettleTolerance);
}

/// Whether \p Kept (NaN: left out) holds at least \p Enough samples and
/// every one reads more than the margin above \p Rules' rival value.
static bool isOutclassed(ArrayRef<double> Kept, const SamplingRules &Rules,
                         size_t Enough) {
  if (!(Rules.RivalCycles > 0))
    return false;
  double Floor = Rules.RivalCycles * (1 + getOutclassedMargin(Rules));
  size_t Finite = 0;
  for (double C : Kept) {
    if (!std::isfinite(C))
      continue;
    if (!(C > Floor))
      return false;
    ++Finite;
  }
  return Finite >= std::max<size_t>(Enough, 1);
}

SamplingJudgement judgeSampling(const TimeBasedTrace &Trace,
                                double ElapsedSeconds, bool Exhausted) {
  const SamplingRules &Rules = Trace.Rules;
  bool Adaptive = Rules.Aggregation == ResultAggregationMode::Min;
  SettleRule Rule{Rules};
  SamplingJudgement J;
  ArrayRef<TraceRun> Runs = countingRuns(Trace);
  J.Runs = Runs.size();
  J.DependencyChain = Rules.DependencyChain;

  std::vector<RunSamples> Taken;
  std::vector<double> Probes, Ratios;
  for (const TraceRun &Run : Runs) {
    Taken.push_back(samplesOfRun(Trace, Run));
    const RunSamples &S = Taken.back();
    Probes.insert(Probes.end(), S.ProbeCycles.begin(), S.ProbeCycles.end());
    Ratios.insert(Ratios.end(), S.TicksPerCycle.begin(), S.TicksPerCycle.end());
    J.InconsistentCalibrations += S.InconsistentCalibrations;
  }
  J.TicksPerCycle =
      aggregateTimeBasedSamples(Ratios, ResultAggregationMode::Min);
  J.ReferenceLevel = getReferenceLevel(Trace);
  auto [Level, Busy] = findLevel(Trace, Probes, Ratios, J.ReferenceLevel);
  J.ProbeLevel = Level;
  J.SharedThroughout = Busy;

  // The groups of the runs that settled; SettleAgreeingRuns that agree end
  // the measurement (two by default: one alone can be a steady
  // disturbance, a neighbour keeping the integer units busy slowed the
  // calibration, and an FP snippet settled 16% low).
  SampleCluster BestGroup;
  size_t BestRunSamples = 0;
  std::vector<double> SettledMedians, Kept;
  std::optional<double> Confirmed;
  std::vector<bool> RunTakenWhileShared;
  // Whether the host has shown a sign of a neighbour the probe may not
  // always see, up to the run being judged: no level of the host's to
  // compare the probe's with, or a run taken while the core was shared.
  // Only where it has not may a run settle on its median (findSettledGroup):
  // after two runs the probe saw shared, a Zen 5 loop read a steady 0.2066
  // against 0.1874 for two seconds with the probe quiet
  // (znver5-hidden-neighbour), and a neighbour busy from the start with no
  // reference is a slower core to the probe (synthetic-busy-neighbour);
  // only the densest-group rule, which their scattered samples did not
  // meet, kept sampling until the runs disagreed.
  bool NeighbourSeen = !std::isfinite(J.ReferenceLevel);
  // Samples whose calibration chains lie apart are left out, unless that
  // leaves no run enough to settle: then a neighbour slowed one chain
  // throughout (or the chains measure unlike in this plan), and the value
  // comes from them with a warning.
  auto [VectorLatency, DropApart] =
      useVectorChain(Taken, Level, Rule.getMinSettledGroup(), J.VectorCycles);
  J.VectorLatency = VectorLatency;
  for (const RunSamples &S : Taken) {
    size_t Shared = 0, Apart = 0;
    std::vector<double> RunKept =
        keptSamples(S, Level, VectorLatency, DropApart, Shared, Apart);
    J.SharedSamples += Shared;
    (DropApart ? J.ChainsApartSamples : J.ChainsApartKept) += Apart;
    J.LastRunShared =
        SettleRule::isTakenWhileShared(S.Cycles.size(), Shared, Busy);
    RunTakenWhileShared.push_back(J.LastRunShared);
    NeighbourSeen |= J.LastRunShared;
    J.TotalSamples += S.Cycles.size();
    for (double C : S.Cycles)
      J.UnusableSamples += !std::isfinite(C);
    Kept.insert(Kept.end(), RunKept.begin(), RunKept.end());
    auto [Group, Settled] =
        Rule.findSettledGroup(RunKept, Shared, !NeighbourSeen);
    // The spread of what the runs read, each from a group of at least half
    // the size a settled run needs.
    if (Group.Size >= (Rule.getGroupSize() + 1) / 2) {
      ++J.GroupedRuns;
      J.RunsLow = std::isfinite(J.RunsLow) ? std::min(J.RunsLow, Group.Median)
                                           : Group.Median;
      J.RunsHigh = std::isfinite(J.RunsHigh)
                       ? std::max(J.RunsHigh, Group.Median)
                       : Group.Median;
    }
    if (Confirmed)
      continue;
    if (Group.Size &&
        Group.Size * BestRunSamples >= BestGroup.Size * RunKept.size()) {
      BestGroup = Group;
      BestRunSamples = RunKept.size();
    }
    if (Busy || !Settled)
      continue;
    double Sum = Group.Median;
    unsigned Agreeing = 1;
    for (double Earlier : SettledMedians)
      if (Agreeing < Rules.SettleAgreeingRuns &&
          std::fabs(Earlier - Group.Median) <=
              Rules.SettleTolerance * std::min(Earlier, Group.Median)) {
        Sum += Earlier;
        ++Agreeing;
      }
    if (Agreeing >= std::max(1u, Rules.SettleAgreeingRuns)) {
      Confirmed = Sum / Agreeing;
      BestGroup = Group;
      BestRunSamples = RunKept.size();
    }
    SettledMedians.push_back(Group.Median);
  }
  J.SettledRuns = SettledMedians.size();
  // The cross-check's value, from the runs taken while the core was not
  // shared: in a busy stretch no window is undisturbed, and when most runs
  // were taken in one (a neighbour busy for seconds, 105 of 114) their
  // minima made a right value look 14% off. Every run when none was quiet.
  // The short function's fixed part comes from the same runs.
  // (Long: NaN where the run was not differenced.)
  struct RunCosts {
    double Short, Long;
    bool Quiet;
    double difference() const {
      return std::isnan(Long) ? Short : Long - Short;
    }
  };
  std::vector<RunCosts> Usable;
  for (size_t R = 0; R < Runs.size(); ++R) {
    std::vector<double> Costs = costsOfRun(Trace, Runs[R]);
    if (Costs.empty())
      continue;
    bool Differenced = Trace.Differencing && Costs.size() > 1;
    RunCosts C{Costs[0], Differenced ? Costs[1] : NAN, !RunTakenWhileShared[R]};
    if (std::isfinite(C.difference()))
      Usable.push_back(C);
  }
  bool AnyQuiet = any_of(Usable, [](const RunCosts &C) { return C.Quiet; });
  std::vector<double> Minima, Fixed, Shorts;
  for (const RunCosts &C : Usable) {
    if (AnyQuiet && !C.Quiet)
      continue;
    Minima.push_back(C.difference());
    if (!std::isnan(C.Long)) {
      Fixed.push_back(2 * C.Short - C.Long);
      Shorts.push_back(C.Short);
    }
  }
  if (!Minima.empty())
    J.MinimaCycles = medianOf(Minima);
  if (!Fixed.empty()) {
    J.FixedCycles = medianOf(Fixed);
    J.ShortCycles = medianOf(Shorts);
  }

  bool Outclassed = Adaptive && !Confirmed && !Busy &&
                    isOutclassed(Kept, Rules, Rule.getGroupSize());
  J.Verdict = !Adaptive    ? SamplingVerdict::Aggregated
              : Confirmed  ? SamplingVerdict::Settled
              : Outclassed ? SamplingVerdict::Outclassed
                           : SamplingVerdict::Unsettled;

  // Nothing settled: the densest group of every run's samples together
  // rather than of the best run alone (a handful of samples): a disturbance
  // seldom shifts run after run alike, while the snippet's value recurs.
  if (Adaptive && !Confirmed && Runs.size() > 1) {
    SampleCluster All = findDensestCluster(Kept, Rules.SettleTolerance);
    if (All.Size > BestGroup.Size) {
      BestGroup = All;
      BestRunSamples = Kept.size();
      J.Pooled = true;
    }
  }
  // Windows that gave no value (their calibration failed, or their 2N
  // function took no longer than their N one) are left out.
  J.SamplesHigh = ninthDecileOf(Kept);
  J.AgreeingSamples = BestGroup.Size;
  J.GroupOf = BestRunSamples;
  J.Cycles = !Adaptive   ? aggregateTimeBasedSamples(Kept, Rules.Aggregation)
             : Confirmed ? *Confirmed
                         : BestGroup.Median;
  if (Rules.EmptySnippet)
    J.Cycles = 0;
  // One run by request (-settle-time-limit=0) is one run that gave a value:
  // one whose every sample was disturbed (on a Zen 1 guest of a contended
  // host the chains' block minima read up to 80% slow in turn, and 2 of 30
  // runs of six samples gave nothing) is followed by another, a few at
  // most.
  bool OutOfTime =
      ElapsedSeconds >= Rules.SettleTimeLimitSeconds &&
      (Rules.SettleTimeLimitSeconds > 0 || std::isfinite(J.Cycles) ||
       Runs.size() >= MaxRunsForOneValue);
  J.Done = !Adaptive || Confirmed || Outclassed || Exhausted || OutOfTime;
  return J;
}

Error checkCrediblePerInstruction(double PerInstruction, bool EmptySnippet) {
  if (EmptySnippet || PerInstruction >= 1 / MaxCredibleInstructionsPerCycle)
    return Error::success();
  std::string Message;
  raw_string_ostream OS(Message);
  OS << "the time-based measurement is not credible: "
     << format("%.3g", PerInstruction)
     << " cycles per instruction, faster than any core issues instructions ("
     << format("%g", MaxCredibleInstructionsPerCycle) << " per cycle)";
  return make_error<SnippetFailure>(Message);
}

bool SamplingJudgement::runsDisagree(double Tolerance) const {
  return Verdict == SamplingVerdict::Unsettled &&
         (GroupedRuns < 2 || RunsHigh > RunsLow * (1 + Tolerance));
}

bool SamplingJudgement::settledRunsApart(double Tolerance) const {
  return Verdict == SamplingVerdict::Settled && GroupedRuns >= 2 &&
         RunsHigh >
             RunsLow * (1 + std::max(SettledRunsApartLimit, 2 * Tolerance));
}

bool SamplingJudgement::disagreesWithMinima() const {
  return std::isfinite(MinimaCycles) && std::isfinite(Cycles) &&
         MinimaCycles > 0 &&
         std::fabs(Cycles / MinimaCycles - 1) > CrossCheckTolerance;
}

bool SamplingJudgement::differencingInconsistent() const {
  double ShareLimit =
      DependencyChain ? ChainFixedShareLimit : DifferencingFixedShareLimit;
  double Floor =
      DependencyChain ? ChainFixedCyclesFloor : DifferencingFixedCyclesFloor;
  return std::isfinite(FixedCycles) && std::isfinite(ShortCycles) &&
         ShortCycles > 0 && std::fabs(FixedCycles) > ShareLimit * ShortCycles &&
         std::fabs(FixedCycles) > Floor;
}

bool SamplingJudgement::calibrationDisagrees() const {
  return TotalSamples &&
         (2 * InconsistentCalibrations > TotalSamples ||
          2 * ChainsApartKept > TotalSamples || vectorChainOffWhole());
}

bool SamplingJudgement::vectorChainOffWhole() const {
  return std::isfinite(VectorCycles) && !std::isfinite(VectorLatency);
}

} // namespace exegesis
} // namespace llvm
