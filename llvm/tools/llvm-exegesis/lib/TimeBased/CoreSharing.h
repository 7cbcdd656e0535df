//===-- CoreSharing.h - Samples taken while the core was shared -*- C++ -*-===//
//
// On an SMT core (and a VM's vCPU is often one hardware thread of a core
// whose other thread runs another guest) a busy sibling takes issue slots and
// execution units for stretches of milliseconds to seconds. A latency-bound
// snippet hardly notices; a throughput-bound one slows by up to half, and the
// calibration chain can slow while a vector snippet does not, which makes
// that read low. Worse, a sibling busy at a steady rate gives steady wrong
// samples that settle.
//
// Each time-based sample therefore also times the core-sharing probe (groups
// of independent adds, see CycleEstimator.h) in cycles per group. Its quiet
// level is the lowest value that recurs; a sample whose probe read more than
// CoreSharingTolerance above it (or CoreSharingLowTolerance below) was taken
// while the core was shared and is left out of the measurement. The level is
// found among the samples themselves, so a core without SMT keeps every
// sample. A sibling busy throughout leaves only its own level to recur; a
// level more than CoreSharingBusyMargin above the one this host showed
// elsewhere (earlier measurements, the other CPUs) is taken for a
// neighbour's (see SamplingJudge.h and HostProbeLevels.h).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORESHARING_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORESHARING_H

#include "llvm/ADT/ArrayRef.h"
#include <cstddef>
#include <vector>

namespace llvm {
namespace exegesis {

/// How far above its quiet level the probe of an unshared sample may read:
/// samples within it read a known throughput right almost always, samples
/// above it seldom (the figures: docs/TimeBasedCycles.rst, "Where the
/// tolerances come from").
inline constexpr double CoreSharingTolerance = 0.02;
/// How far below: a probe reading low means that the calibration chain was
/// slowed, and the snippet reads low by as much (ROR64ri's throughput once
/// settled at 0.4931, 1.4% low). Quiet readings lie within a few tenths of
/// a percent of their median.
inline constexpr double CoreSharingLowTolerance = 0.01;

/// The probe's quiet level among \p ProbeCycles (cycles per group of each
/// sample; non-finite values are left out): the median of the lowest group
/// of at least \p MinRecurrences values, and at least
/// CoreSharingRecurringFraction of them all, lying within \p Tolerance
/// above the group's smallest. Low readings (a slowed calibration chain
/// makes the probe read fast) are scattered and do not recur that often;
/// the quiet level is tight. NaN when no value recurs.
double findUnsharedLevel(ArrayRef<double> ProbeCycles, double Tolerance,
                         size_t MinRecurrences);

/// How far above the median ticks per cycle of its neighbours in time a
/// sample's may lie, in the median of a recurring group, before the group
/// is one of samples whose calibration chain was slowed (its probe reads
/// low because the ticks per cycle read high), not the quiet level. A clock
/// change moves the ticks per cycle of all functions alike and the probe's
/// level not at all; within a quiet run the ticks per cycle of samples vary
/// by about 2%.
inline constexpr double SlowedChainMargin = 0.04;
/// How many samples either side of one, in the order they were taken, tell
/// its typical ticks per cycle: enough that a quarter of them slowed does
/// not move the median, few enough to stay within one clock state (a
/// loaded host may switch between two clock states every few dozen
/// samples).
inline constexpr size_t SlowedChainNeighbours = 5;

/// findUnsharedLevel, passing over a lowest recurring group whose samples'
/// \p TicksPerCycle (parallel to \p ProbeCycles, in the order the samples
/// were taken) lie more than SlowedChainMargin above those of their
/// neighbours in time: the level of slowed chains.
double findUnsharedLevel(ArrayRef<double> ProbeCycles,
                         ArrayRef<double> TicksPerCycle, double Tolerance,
                         size_t MinRecurrences);

/// How far above the host's level (the lowest this invocation saw recur, or
/// the other CPUs read) the quiet level found may lie before it counts as
/// the level of a core shared throughout: quiet levels of one host agree
/// within a few percent, the level of a neighbour busy for a whole
/// measurement lies well above them.
inline constexpr double CoreSharingBusyMargin = 0.1;
/// The share of all probe readings that must recur at the quiet level:
/// enough that the scattered low readings of slowed chains never make a
/// level, few enough that a busy host's quiet samples still do.
inline constexpr double CoreSharingRecurringFraction = 0.05;

/// \p Cycles with the samples whose probe read more than \p Tolerance above
/// \p Level or more than \p LowTolerance below it replaced by NaN (left out
/// by the statistics): above, the sibling was busy; below, the calibration
/// chain was slowed (by the same sibling), which makes the sample read low.
/// \p Dropped counts them. A NaN level, or a sample without a probe
/// reading, keeps the sample.
std::vector<double> dropSharedSamples(ArrayRef<double> Cycles,
                                      ArrayRef<double> ProbeCycles,
                                      double Level, double Tolerance,
                                      double LowTolerance, size_t &Dropped);

} // namespace exegesis
} // namespace llvm

#endif
