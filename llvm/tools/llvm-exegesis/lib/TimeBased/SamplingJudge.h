//===-- SamplingJudge.h - What a time-based trace says ----------*- C++ -*-===//
//
// The decisions of a time-based measurement, as functions of its trace
// (TimeBasedTrace.h) alone, so that the live sampler and the replay of a
// recorded trace decide alike:
//
// - Each sample is the snippet's cycles per call (differences of block
//   minima over the calibration's ticks per cycle), the core-sharing
//   probe's cycles per group, and the calibration's ticks per cycle.
//   Samples whose long function took no longer than the short one, or whose
//   chains disagree with each other (their fixed cost, twice the L chain's
//   ticks less the 2L chain's, far from the run's usual one: a window
//   disturbed in every round of the sample), are unusable.
// - The probe's quiet level is the lowest level that recurs among the
//   measurement's samples (CoreSharing.h); samples away from it were taken
//   while the core was shared and are left out.
// - The vector calibration chain's cost in add cycles is a whole number,
//   learned from the measurement's samples (the one near their median, or
//   else the one near most of them); a sample whose vector chain lies more
//   than ChainsApartTolerance from it had its add chain (or its vector
//   chain) slowed by a neighbour and is left out as shared, unless that
//   leaves no run enough samples to settle (then the value comes with a
//   warning).
// - Whether that level is itself a busy neighbour's is told by the host, not
//   by a constant: against the level earlier measurements of the invocation
//   saw recur, and against the level the probe reads on the other CPUs
//   (TraceCpuCheck). A level more than CoreSharingBusyMargin above that
//   reference is a neighbour's; no run settles on it while the time limit
//   lasts. Without a reference, or when the neighbour keeps every CPU busy
//   from the invocation's start, a core shared throughout cannot be told
//   from a slower one (the full account says there is no reference).
// - A run has settled when two thirds of the samples it kept agree within
//   -settle-tolerance, or, while the host has shown no sign of a neighbour
//   (a reference level, no run taken while shared), when two thirds were
//   kept and their median's 95% interval is no wider than the tolerance;
//   -settle-agreeing-runs settled runs that agree end the measurement, or
//   else -settle-time-limit does.
// - Given the other repetition form's rival value, a form whose kept
//   samples, a run's worth, all read more than OutclassedMargin above it
//   ends there: it would lose whatever more sampling found (front-end bound
//   straight-line code never settles, and spent the whole time limit).
// - A value the samples cannot stand behind carries a warning: runs that
//   did not agree (or, settled, lay more than 1% apart), a core shared
//   throughout, a calibration that disagreed
//   with itself, a value far from what the functions' least disturbed
//   windows say, two functions whose copies did not cost alike (the short
//   one's fixed part far beyond a set-up's); a non-empty snippet at zero
//   cycles or fewer is an error.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_SAMPLINGJUDGE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_SAMPLINGJUDGE_H

#include "TimeBased/TimeBasedTrace.h"
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// The samples of one run, warm-up rounds dropped (NaN: unusable).
struct RunSamples {
  std::vector<double> Cycles;
  std::vector<double> ProbeCycles;
  std::vector<double> TicksPerCycle;
  /// Samples whose calibration chains disagreed with each other.
  size_t InconsistentCalibrations = 0;
  /// Per sample, the vector chain's cost in add cycles: the lowest and the
  /// highest of its calls (NaN: no vector chain recorded, or no
  /// calibration).
  std::vector<double> VectorLow, VectorHigh;
};
RunSamples samplesOfRun(const TimeBasedTrace &Trace, const TraceRun &Run);

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

/// The least disturbed window of \p Ticks (NaN when there is none).
double leastTicks(ArrayRef<int64_t> Ticks);

/// Each measured function's cost per call in core cycles in \p Run, from
/// its least disturbed window at the run's median ticks per cycle.
std::vector<double> costsOfRun(const TimeBasedTrace &Trace,
                               const TraceRun &Run);

/// The probe's quiet level among the samples of a check on another CPU.
double levelOfCpuCheck(const TimeBasedTrace &Trace, const TraceCpuCheck &Check);

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
  /// same in both; where they ran in different states (straight-line code
  /// on Zen 5 at times: 2N copies faster per copy than N, or slower) the
  /// fixed part is a large share of the short function, not its few
  /// instructions of set-up.
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
  /// another speed (on Zen 5 ALU loops ran in states 2% apart, in streaks
  /// of tens of milliseconds to seconds, with the probe quiet).
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
  /// judged by the other (on Zen 5 in a busy stretch, 1.931 add cycles an op
  /// against 2, and a VADDSDrr loop read 0.4848 against 0.5000, settled).
  bool vectorChainOffWhole() const;
  /// The value and MinimaCycles lie more than CrossCheckTolerance apart.
  bool disagreesWithMinima() const;
  /// FixedCycles is too large, either way, for a set-up's cost (tighter
  /// limits for a dependency chain): the two
  /// functions' copies did not cost alike, and their difference is no
  /// measurement of one copy.
  bool differencingInconsistent() const;
};

/// How far above the other repetition form's rival value every kept sample
/// of a run's worth must read for the sampling to end as outclassed (at
/// least four settle tolerances): more than a snippet's states differ over
/// time (ADD64rr's loop on Zen 5: 0.1838 to 0.1910, 3.9%) and runs of a
/// disturbed host disagree (up to 3.8% there), so such a form's value could
/// not come back below it.
inline constexpr double OutclassedMargin = 0.05;

/// The margin a measurement under \p Rules uses: OutclassedMargin, or four
/// settle tolerances when that is more.
double getOutclassedMargin(const SamplingRules &Rules);

/// How far apart the groups of a settled measurement's runs may lie before
/// the value carries a warning: the accuracy benchmark's spread target, a
/// policy rather than a property of any CPU.
inline constexpr double SettledRunsApartLimit = 0.01;

/// How far a sample's vector chain may read from its whole number of add
/// cycles before the two calibration chains disagree (one was slowed by a
/// neighbour on its units, see CycleEstimator.h) and the sample is left out.
/// Quiet samples of our Zen 5 guest lie within half a percent; those of its
/// busy stretches in which other units' chains read 1.9% low, 1-5% apart.
inline constexpr double ChainsApartTolerance = 0.01;
/// How near a whole number of add cycles the median of a measurement's
/// vector chain must lie for that to be its latency. Farther, the chains
/// measure something else than whole cycles (or the add chain was slowed
/// throughout), and no sample is judged by them.
inline constexpr double WholeCyclesTolerance = 0.03;

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

/// How many probe readings must recur for a quiet level.
size_t getProbeRecurrences(const SamplingRules &Rules);

/// The host's level the measurement's level is compared with: the
/// invocation's reference and the levels of the checks on other CPUs
/// (NaN: none).
double getReferenceLevel(const TimeBasedTrace &Trace);

} // namespace exegesis
} // namespace llvm

#endif
