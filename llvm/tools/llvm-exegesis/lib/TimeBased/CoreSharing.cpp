//===-- CoreSharing.cpp -----------------------------------------*- C++ -*-===//

#include "CoreSharing.h"
#include "SampleStatistics.h"
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
