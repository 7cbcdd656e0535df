//===-- SettleRule.cpp ------------------------------------------*- C++ -*-===//

#include "TimeBased/SettleRule.h"
#include "TimeBased/TraceProbeLevel.h"
#include "TimeBased/TraceSamples.h"
#include "TimeBased/VectorChainCheck.h"
#include <algorithm>
#include <cmath>
#include <vector>

namespace llvm {
namespace exegesis {

/// A run has settled when this fraction of -benchmark-repeat-count samples
/// lie within -settle-tolerance of each other.
static constexpr double SettledFraction = 2.0 / 3.0;

unsigned SettleRule::getGroupSize() const {
  return std::max(1u, static_cast<unsigned>(
                          std::ceil(SettledFraction * Rules.RepeatCount)));
}

bool SettleRule::isSettled(size_t GroupSize, size_t Shared) const {
  size_t Kept = Rules.RepeatCount - std::min<size_t>(Shared, Rules.RepeatCount);
  size_t OfKept = static_cast<size_t>(std::ceil(SettledFraction * Kept));
  return GroupSize >= std::max<size_t>(OfKept, getMinSettledGroup());
}

// The median rule is for samples that all scatter by more than the
// tolerance (a Zen 5 guest in a busy stretch of its host: an add chain's
// samples within +-0.5% of 1.000): their densest group seldom held two
// thirds of them though their median was known to within a tenth of a
// percent, and runs went on to the time limit.
std::pair<SampleCluster, bool>
SettleRule::findSettledGroup(ArrayRef<double> Kept, size_t Shared,
                             bool HostQuiet) const {
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
  auto [Level, Busy] = findProbeLevel(Trace, Probes, Ratios, Reference);
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

} // namespace exegesis
} // namespace llvm
