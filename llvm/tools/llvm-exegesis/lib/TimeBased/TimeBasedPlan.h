//===-- TimeBasedPlan.h - How a time-based measurement samples --*- C++ -*-===//
//
// A time-based cycle counter needs its sampling sized from what the measured
// functions cost: calibration chains as long as the snippet's N-to-2N
// difference (so that whatever comes with the length of a window affects both
// alike), enough calls per counter window for the start/stop jitter to be
// small next to it, and as many rounds per sample as a time budget allows. A
// probe gives the costs the first plan is made from; a run whose own costs
// call for a quite different plan shows that the probe was disturbed.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASEDPLAN_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASEDPLAN_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>

namespace llvm {
namespace exegesis {

/// Rounds run and dropped before a time-based measurement (cold caches and
/// TLBs, page faults, a clock still ramping up).
inline constexpr unsigned TimeBasedWarmupRounds = 3;

/// How a time-based measurement samples, sized from what each function
/// costs: the calibration chains' length in adds, the calls per counter
/// window and the rounds whose minima make a sample.
struct TimeBasedPlan {
  uint64_t ChainLength = 0;
  unsigned CallsPerWindow = 1;
  unsigned RoundsPerSample = 1;
};

/// Rounds whose minima make one time-based sample, unless asked otherwise.
inline constexpr unsigned DefaultTimeBasedRoundsPerSample = 5;

/// A time-based counter window runs the longest function of a batch enough
/// times for about this many core cycles, unless asked otherwise (some tens
/// of microseconds): the counter's start/stop jitter, a few hundred ticks,
/// is then small next to the window. Longer windows catch more interrupts.
inline constexpr unsigned DefaultTimeBasedWindowCycles = 320000;

/// The plan for measured functions costing \p FunctionCycles core cycles per
/// call (short then long when \p Differencing), run in \p NumBatches
/// executor calls, \p RepeatCount samples per run of at most
/// \p MaxRoundsPerSample rounds each, windows of about \p WindowCycles.
TimeBasedPlan planTimeBasedSampling(
    ArrayRef<double> FunctionCycles, bool Differencing, size_t NumBatches,
    unsigned RepeatCount,
    unsigned MaxRoundsPerSample = DefaultTimeBasedRoundsPerSample,
    unsigned WindowCycles = DefaultTimeBasedWindowCycles);

/// Whether a run sampled with \p Used measured costs that call for \p Fresh
/// instead: the calibration chain or the calls per window are off by more
/// than a factor of two (the probe behind \p Used was disturbed).
bool isPlanContradicted(const TimeBasedPlan &Used, const TimeBasedPlan &Fresh);

} // namespace exegesis
} // namespace llvm

#endif
