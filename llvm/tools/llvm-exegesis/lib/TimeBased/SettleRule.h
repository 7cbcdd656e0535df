//===-- SettleRule.h - When a run of samples has settled --------*- C++ -*-===//
//
// A run has settled when two thirds of the samples it kept agree within
// -settle-tolerance, or, while the host has shown no sign of a neighbour (a
// reference level, no run taken while shared), when two thirds were kept and
// their median's 95% interval is no wider than the tolerance: where every
// sample scatters by more than the tolerance, the densest group seldom holds
// two thirds of them though their median is known far better. A run most of
// whose samples were taken while the core was shared is taken in a busy
// stretch.
//
// The judge (SamplingJudge.h) applies the rule to whole runs; the stop rule
// within a run (judgeRunSoFar) applies it to the run under way, after every
// sample, so that a run ends as soon as it has settled, or, taken while the
// core was shared, moves on to another CPU or a quieter moment.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_SETTLERULE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_SETTLERULE_H

#include "TimeBased/SampleStatistics.h"
#include "TimeBased/TimeBasedTrace.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstddef>
#include <utility>

namespace llvm {
namespace exegesis {

/// What the judgement of a run and the stop rule within a run share.
struct SettleRule {
  const SamplingRules &Rules;
  /// The agreeing samples a run of RepeatCount samples settles with: two
  /// thirds of them.
  unsigned getGroupSize() const;
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
  bool isSettled(size_t GroupSize, size_t Shared) const;
  /// The group of \p Kept (a run's samples, NaN: left out; \p Shared of
  /// them left out as taken while the core was shared) its value comes
  /// from, and whether the run has settled on it. A run settles on its
  /// densest group when that holds two thirds of the samples (isSettled).
  /// Where \p HostQuiet, it may settle on its median instead, when two
  /// thirds of RepeatCount samples were kept and the median's 95% interval
  /// is no wider than the tolerance.
  std::pair<SampleCluster, bool>
  findSettledGroup(ArrayRef<double> Kept, size_t Shared, bool HostQuiet) const;
};

/// Where a run under way stands after the runs of \p Trace.
enum class RunProgress {
  GoOn,
  /// It has settled: the sampling may move on.
  Settled,
  /// Most of its samples so far were taken while the core was shared (or
  /// the level is a neighbour's): it cannot settle, and ends early so that
  /// the sampling moves on to another CPU or a quieter moment (never the
  /// one run -settle-time-limit=0 asks for).
  Shared,
};
/// How \p Partial, a run under way after the runs of \p Trace, stands;
/// a run that does not go on ends there. It is asked after
/// getFirstSettleCheck rounds (a third of the samples a run takes) and
/// after every sample from then on.
RunProgress judgeRunSoFar(const TimeBasedTrace &Trace, const TraceRun &Partial);

/// After how many rounds (warm-up included) a run under \p Plan is first
/// checked for having settled; then after every sample's rounds.
unsigned getFirstSettleCheck(const SamplingRules &Rules,
                             const TimeBasedPlan &Plan);

} // namespace exegesis
} // namespace llvm

#endif
