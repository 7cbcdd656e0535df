//===-- CoreSharing.cpp -----------------------------------------*- C++ -*-===//

#include "TimeBased/CoreSharing.h"
#include "TimeBased/SampleStatistics.h"
#include <algorithm>
#include <cassert>
#include <cmath>

namespace llvm {
namespace exegesis {

double findUnsharedLevel(ArrayRef<double> ProbeCycles, double Tolerance,
                         size_t MinRecurrences) {
  std::vector<double> Sorted;
  for (double V : ProbeCycles)
    if (std::isfinite(V) && V > 0)
      Sorted.push_back(V);
  std::sort(Sorted.begin(), Sorted.end());
  size_t Needed = std::max<size_t>(
      std::max<size_t>(1, MinRecurrences),
      size_t(std::ceil(CoreSharingRecurringFraction * Sorted.size())));
  for (size_t Begin = 0, End = 0; Begin < Sorted.size(); ++Begin) {
    End = std::max(End, Begin);
    double Limit = Sorted[Begin] * (1 + Tolerance);
    while (End < Sorted.size() && Sorted[End] <= Limit)
      ++End;
    if (End - Begin >= Needed)
      return medianOf(
          std::vector<double>(Sorted.begin() + Begin, Sorted.begin() + End));
  }
  return NAN;
}

/// Each of \p TicksPerCycle (NaN where not finite) over the median of the
/// finite ones among its SlowedChainNeighbours neighbours either side in
/// time, itself included.
static std::vector<double>
relativeToNeighbours(ArrayRef<double> TicksPerCycle) {
  std::vector<size_t> Finite;
  for (size_t I = 0; I < TicksPerCycle.size(); ++I)
    if (std::isfinite(TicksPerCycle[I]))
      Finite.push_back(I);
  std::vector<double> Relative(TicksPerCycle.size(), NAN);
  std::vector<double> Around;
  for (size_t K = 0; K < Finite.size(); ++K) {
    size_t Begin = K >= SlowedChainNeighbours ? K - SlowedChainNeighbours : 0;
    size_t End = std::min(Finite.size(), K + SlowedChainNeighbours + 1);
    Around.clear();
    for (size_t J = Begin; J < End; ++J)
      Around.push_back(TicksPerCycle[Finite[J]]);
    Relative[Finite[K]] = TicksPerCycle[Finite[K]] / medianOf(Around);
  }
  return Relative;
}

double findUnsharedLevel(ArrayRef<double> ProbeCycles,
                         ArrayRef<double> TicksPerCycle, double Tolerance,
                         size_t MinRecurrences) {
  assert(ProbeCycles.size() == TicksPerCycle.size() && "a ratio per reading");
  // Slowed chains are told by their neighbours in time, not by all
  // samples: the clock steps between states far apart (Zen 1 under load:
  // 0.665 and 0.782 ticks per cycle), and a slowed chain at the fast clock
  // then lies below the median of all.
  std::vector<double> Relative = relativeToNeighbours(TicksPerCycle);
  std::vector<std::pair<double, double>> Sorted;
  for (size_t I = 0; I < ProbeCycles.size(); ++I)
    if (std::isfinite(ProbeCycles[I]) && ProbeCycles[I] > 0 &&
        std::isfinite(Relative[I]))
      Sorted.push_back({ProbeCycles[I], Relative[I]});
  if (Sorted.empty())
    return NAN;
  std::sort(Sorted.begin(), Sorted.end());
  size_t Needed = std::max<size_t>(
      std::max<size_t>(1, MinRecurrences),
      size_t(std::ceil(CoreSharingRecurringFraction * Sorted.size())));
  for (size_t Begin = 0, End = 0; Begin < Sorted.size(); ++Begin) {
    End = std::max(End, Begin);
    double Limit = Sorted[Begin].first * (1 + Tolerance);
    while (End < Sorted.size() && Sorted[End].first <= Limit)
      ++End;
    if (End - Begin < Needed)
      continue;
    std::vector<double> Levels, GroupRelative;
    for (size_t I = Begin; I < End; ++I) {
      Levels.push_back(Sorted[I].first);
      GroupRelative.push_back(Sorted[I].second);
    }
    if (medianOf(GroupRelative) > 1 + SlowedChainMargin) {
      // Slowed chains: look for the level above them.
      Begin = End - 1;
      continue;
    }
    return medianOf(Levels);
  }
  return NAN;
}

std::vector<double> dropSharedSamples(ArrayRef<double> Cycles,
                                      ArrayRef<double> ProbeCycles,
                                      double Level, double Tolerance,
                                      double LowTolerance, size_t &Dropped) {
  assert(Cycles.size() == ProbeCycles.size() && "a probe reading per sample");
  std::vector<double> Kept(Cycles.begin(), Cycles.end());
  Dropped = 0;
  if (!std::isfinite(Level))
    return Kept;
  for (size_t S = 0; S < Kept.size(); ++S)
    if (std::isfinite(ProbeCycles[S]) &&
        (ProbeCycles[S] > Level * (1 + Tolerance) ||
         ProbeCycles[S] < Level * (1 - LowTolerance))) {
      Kept[S] = NAN;
      ++Dropped;
    }
  return Kept;
}

} // namespace exegesis
} // namespace llvm
