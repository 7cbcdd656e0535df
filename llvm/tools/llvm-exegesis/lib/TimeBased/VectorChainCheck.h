//===-- VectorChainCheck.h - Calibration chains that disagree -*- C++ -*-===//
//
// The vector calibration chain (CycleEstimator.h) runs on other units than
// the add chain, and its cost in add cycles is a whole number, learned from
// the measurement's samples: the one near their median, or else the one near
// most of them. A sample whose vector chain lies more than
// ChainsApartTolerance from it had its add chain (or its vector chain)
// slowed by a neighbour on its units, which makes every snippet read off by
// as much; it is left out, like a sample taken while the core was shared
// (CoreSharing.h), unless that leaves no run enough samples to settle (the
// value then comes from them with a warning, see SamplingJudge.h).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_VECTORCHAINCHECK_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_VECTORCHAINCHECK_H

#include "TimeBased/TraceSamples.h"
#include "llvm/ADT/ArrayRef.h"
#include <cmath>
#include <cstddef>
#include <vector>

namespace llvm {
namespace exegesis {

/// How far a sample's vector chain may read from its whole number of add
/// cycles before the two calibration chains disagree (one was slowed by a
/// neighbour on its units) and the sample is left out: wider than quiet
/// samples scatter, narrower than a neighbour moves them (the figures are in
/// docs/TimeBasedCycles.rst).
inline constexpr double ChainsApartTolerance = 0.01;
/// How near a whole number of add cycles the median of a measurement's
/// vector chain must lie for that to be its latency. Farther, the chains
/// measure something else than whole cycles (or the add chain was slowed
/// throughout), and no sample is judged by them.
inline constexpr double WholeCyclesTolerance = 0.03;

/// The whole number of cycles within WholeCyclesTolerance of \p Cycles, at
/// least 1 (NaN: none).
double nearestWholeCycles(double Cycles);

/// The vector chain's latency in add cycles over \p Taken: the whole number
/// nearest \p Median, its samples' median, when within WholeCyclesTolerance
/// of it (NaN: no vector chain, or no whole number; no sample is then
/// judged by it).
double findVectorLatency(ArrayRef<RunSamples> Taken, double &Median);

/// Whether sample \p I of \p S has its vector chain more than
/// ChainsApartTolerance from \p VectorLatency: the add chain, or the vector
/// chain, was slowed by a neighbour on its units.
bool chainsApart(const RunSamples &S, size_t I, double VectorLatency);

/// Which whole number of add cycles the vector chain judges the samples of
/// a measurement by, and whether the samples it finds apart are left out.
struct VectorChainUse {
  /// NaN: none, no sample is judged.
  double Latency = NAN;
  bool DropApart = false;
};

/// How the vector chain judges the samples of \p Taken (\p Median: its
/// median cost in add cycles) whose probe's quiet level is \p Level. The
/// whole number near the median, and the samples apart from it are left out
/// when some run keeps \p MinKept samples without them: a handful of
/// scattered samples near it amid a measurement of samples apart could
/// settle no run, and leaving the rest out would spend the whole time limit
/// on them. When the median lies off every whole number, the samples may
/// still hold two states (heavy 512-bit code at the scalar clock, and a
/// clock step or two below it), and the nearer whole number of the two
/// around the median judges them when it leaves a run enough samples.
VectorChainUse useVectorChain(ArrayRef<RunSamples> Taken, double Level,
                              size_t MinKept, double &Median);

/// The samples of \p S that count (NaN: left out): those not taken while
/// the core was shared (dropSharedSamples at \p Level) and, when
/// \p DropApart, not with calibration chains apart (chainsApart at
/// \p VectorLatency). \p Apart counts the samples with chains apart among
/// those not shared, \p Shared the samples left out of both kinds.
std::vector<double> keptSamples(const RunSamples &S, double Level,
                                double VectorLatency, bool DropApart,
                                size_t &Shared, size_t &Apart);

} // namespace exegesis
} // namespace llvm

#endif
