//===-- SamplingJudge.h - What a time-based trace says ----------*- C++ -*-===//
//
// The decisions of a time-based measurement, as functions of its trace
// (TimeBasedTrace.h) alone, so that the live sampler and the replay of a
// recorded trace decide alike. The judge is built of these rules, each in a
// file of its own:
//
// - The trace's readings become samples (TraceSamples.h): per block of
//   rounds the snippet's cycles per call, the probe's cycles per group and
//   the calibration's ticks per cycle; some are unusable.
// - Samples taken while the core was shared are left out, by the probe's
//   quiet level (CoreSharing.h), which the host's own level tells from a
//   busy neighbour's (TraceProbeLevel.h); so are samples whose calibration
//   chains disagree (VectorChainCheck.h).
// - A run has settled when most of the samples it kept agree
//   (SettleRule.h); -settle-agreeing-runs settled runs that agree end the
//   measurement, or else -settle-time-limit does.
//
// This file decides the value and its verdict from them:
//
// - Given the other repetition form's rival value, a form whose kept
//   samples, a run's worth, all read more than OutclassedMargin above it
//   ends there: it would lose whatever more sampling found (front-end bound
//   straight-line code never settles, and spent the whole time limit).
// - A value the samples cannot stand behind carries a warning: runs that
//   did not agree (or, settled, lay more than 1% apart), a core shared
//   throughout, a calibration that disagreed with itself, a value far from
//   what the functions' least disturbed windows say, two functions whose
//   copies did not cost alike (the short one's fixed part far beyond a
//   set-up's); a non-empty snippet at zero cycles or fewer is an error.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_SAMPLINGJUDGE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_SAMPLINGJUDGE_H

#include "TimeBased/SettleRule.h"
#include "TimeBased/TimeBasedTrace.h"
#include "TimeBased/TraceProbeLevel.h"
#include "TimeBased/TraceSamples.h"
#include "TimeBased/VectorChainCheck.h"
#include "llvm/Support/Error.h"
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

enum class SamplingVerdict {
  /// -settle-agreeing-runs settled runs agreed.
  Settled,
  /// The time limit ended the sampling before that.
  Unsettled,
  /// Not under min aggregation: one run, aggregated as asked.
  Aggregated,
  /// Ended before settling: a run's worth of samples all read clearly
  /// above the value the other repetition form's reading is never beaten
  /// above (SamplingRules::RivalCycles), so this form's value loses
  /// whatever more sampling would find.
  Outclassed,
};
StringRef getVerdictName(SamplingVerdict Verdict);

struct SamplingJudgement {
  /// Whether sampling may end now.
  bool Done = false;
  /// The snippet's cycles per call (NaN: no usable sample).
  double Cycles = NAN;
  SamplingVerdict Verdict = SamplingVerdict::Unsettled;
  unsigned Runs = 0;
  size_t SettledRuns = 0;
  /// The group the value came from: its samples, of how many.
  size_t AgreeingSamples = 0;
  size_t GroupOf = 0;
  /// The group is of all runs' samples together (nothing settled).
  bool Pooled = false;
  /// Samples in all, left out as shared, unusable.
  size_t TotalSamples = 0;
  size_t SharedSamples = 0;
  size_t UnusableSamples = 0;
  size_t InconsistentCalibrations = 0;
  /// Of SharedSamples, those left out because the vector calibration chain
  /// lay apart from the add chain (chainsApart); and the samples
  /// with chains apart that were kept, because no other was left.
  size_t ChainsApartSamples = 0;
  size_t ChainsApartKept = 0;
  /// The vector chain's median cost in add cycles (NaN: none recorded), and
  /// the whole number of them its samples were judged by (NaN: none).
  double VectorCycles = NAN;
  double VectorLatency = NAN;
  /// The calibration's median ticks per core cycle.
  double TicksPerCycle = NAN;
  /// The probe's quiet level in this measurement, the host's level it was
  /// compared with (NaN: none), and whether it lay too far above it.
  double ProbeLevel = NAN;
  double ReferenceLevel = NAN;
  bool SharedThroughout = false;
  /// Most samples of the last run were taken while the core was shared
  /// (or the level is a neighbour's): the sampling would do better on
  /// another CPU.
  bool LastRunShared = false;
  /// The rules' DependencyChain, which sets the limits of the fixed part.
  bool DependencyChain = false;
  /// The value estimated another way: per run, the long function's least
  /// disturbed window less the short one's (the median of the runs not
  /// taken while the core was shared, or of all runs when none was; NaN:
  /// none).
  double MinimaCycles = NAN;
  /// The short function's fixed part, twice its least disturbed window less
  /// the long one's, and that short function's cost (medians over the runs
  /// MinimaCycles takes; NaN without differencing). The difference of the
  /// two functions is the snippet's cost only where every copy costs the
  /// same in both; where they ran in different states (2N copies faster
  /// per copy than N, or slower) the fixed part is a large share of the
  /// short function, not its few instructions of set-up.
  double FixedCycles = NAN, ShortCycles = NAN;
  /// The value nine in ten of the samples kept (of every run) lie below;
  /// where no two runs had a group, the evidence of how high the value may
  /// be (NaN: no sample).
  double SamplesHigh = NAN;
  /// The lowest and highest median of the runs' own largest groups, of the
  /// GroupedRuns runs whose group had half the samples a settled run needs.
  double RunsLow = NAN, RunsHigh = NAN;
  unsigned GroupedRuns = 0;

  /// Unsettled, and the runs' groups lie more than \p Tolerance apart or
  /// fewer than two runs had one: nothing confirms the value.
  bool runsDisagree(double Tolerance) const;
  /// Settled, yet the runs' groups lie more than SettledRunsApartLimit (or
  /// twice \p Tolerance) apart: two runs agreed, others read the snippet at
  /// another speed (a core can run a loop in states a few percent apart for
  /// streaks of milliseconds to seconds, with the probe quiet).
  bool settledRunsApart(double Tolerance) const;
  /// Most samples' calibration chains disagreed with each other: the L and
  /// 2L chains (InconsistentCalibrations), or the add and vector chains in
  /// samples the value had to come from (ChainsApartKept), or throughout
  /// (vectorChainOffWhole).
  bool calibrationDisagrees() const;
  /// The vector chain was recorded, yet judged no sample: its median lies
  /// farther than WholeCyclesTolerance from every whole number of add
  /// cycles, and too few samples lay near one for a run to settle on. One
  /// chain was slowed throughout the measurement, and no sample could be
  /// judged by the other.
  bool vectorChainOffWhole() const;
  /// The value and MinimaCycles lie more than CrossCheckTolerance apart.
  bool disagreesWithMinima() const;
  /// FixedCycles is too large, either way, for a set-up's cost (tighter
  /// limits for a dependency chain): the two functions' copies did not cost
  /// alike, and their difference is no measurement of one copy.
  bool differencingInconsistent() const;
};

/// How far above the other repetition form's rival value every kept sample
/// of a run's worth must read for the sampling to end as outclassed (at
/// least four settle tolerances): more than a snippet's states differ over
/// time and runs of a disturbed host disagree (docs/TimeBasedCycles.rst has
/// the figures), so such a form's value could not come back below it.
inline constexpr double OutclassedMargin = 0.05;

/// The margin a measurement under \p Rules uses: OutclassedMargin, or four
/// settle tolerances when that is more.
double getOutclassedMargin(const SamplingRules &Rules);

/// How far apart the groups of a settled measurement's runs may lie before
/// the value carries a warning: the accuracy benchmark's spread target, a
/// policy rather than a property of any CPU.
inline constexpr double SettledRunsApartLimit = 0.01;

/// No core issues more than this many instructions a cycle (the widest
/// rename and retire stages are about a quarter of it), so a time-based
/// value below its inverse per instruction is not a measurement.
inline constexpr double MaxCredibleInstructionsPerCycle = 32;

/// A SnippetFailure when \p PerInstruction cycles per instruction of a
/// snippet that runs instructions (\p EmptySnippet: it runs none) is not
/// credible: zero or less, or faster than any core issues instructions.
Error checkCrediblePerInstruction(double PerInstruction, bool EmptySnippet);

/// What the runs of \p Trace so far say; \p ElapsedSeconds is the time the
/// sampling has taken. \p Exhausted: no more runs can come (a replay at the
/// end of its trace), so the judgement is final.
SamplingJudgement judgeSampling(const TimeBasedTrace &Trace,
                                double ElapsedSeconds, bool Exhausted = false);

} // namespace exegesis
} // namespace llvm

#endif
