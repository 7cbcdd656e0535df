//===-- VectorChainCheck.cpp ------------------------------------*- C++ -*-===//

#include "TimeBased/VectorChainCheck.h"
#include "TimeBased/CoreSharing.h"
#include "TimeBased/SampleStatistics.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

namespace llvm {
namespace exegesis {

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

std::vector<double> keptSamples(const RunSamples &S, double Level,
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

VectorChainUse useVectorChain(ArrayRef<RunSamples> Taken, double Level,
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

} // namespace exegesis
} // namespace llvm
