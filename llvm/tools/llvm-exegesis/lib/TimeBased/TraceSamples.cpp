//===-- TraceSamples.cpp ----------------------------------------*- C++ -*-===//

#include "TimeBased/TraceSamples.h"
#include "TimeBased/CycleEstimator.h"
#include "TimeBased/SampleStatistics.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {

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

std::vector<double> probeCyclesOfCall(const TraceCall &Call,
                                      const TimeBasedPlan &Plan) {
  CallCalibration C = calibrationOfCall(Call, 0, Plan);
  std::vector<double> Probes;
  for (size_t S = 0; S < std::min(C.TicksPerCycle.size(), C.ProbeTicks.size());
       ++S)
    Probes.push_back(C.ProbeTicks[S] / C.TicksPerCycle[S]);
  return Probes;
}

ArrayRef<TraceRun> countingRuns(const TimeBasedTrace &Trace) {
  ArrayRef<TraceRun> Runs = Trace.Runs;
  for (size_t I = Runs.size(); I > 0; --I)
    if (Runs[I - 1].Contradicted)
      return Runs.drop_front(I);
  return Runs;
}

} // namespace exegesis
} // namespace llvm
