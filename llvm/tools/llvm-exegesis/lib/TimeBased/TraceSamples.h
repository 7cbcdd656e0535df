//===-- TraceSamples.h - The samples a trace's readings make ----*- C++ -*-===//
//
// Turns the raw readings of a time-based trace (TimeBasedTrace.h) into
// samples, the unit every decision of the judge (SamplingJudge.h) counts in.
// A sample is a block of consecutive rounds, short enough for the clock
// frequency to be the same throughout: the snippet's cycles per call (the
// difference of the functions' block minima over the calibration's ticks
// per cycle), the core-sharing probe's cycles per group, and the
// calibration's ticks per cycle. A block whose L and 2L chains disagree with
// each other (their fixed cost, twice the L chain's ticks less the 2L
// chain's, far from the call's usual one: a window disturbed in every round
// of the block) and a sample whose long function took no longer than the
// short one are unusable.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TRACESAMPLES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TRACESAMPLES_H

#include "TimeBased/TimeBasedTrace.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstddef>
#include <cstdint>
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

/// The runs of \p Trace that count: those after the last one that
/// contradicted its plan (sampling started over after it).
ArrayRef<TraceRun> countingRuns(const TimeBasedTrace &Trace);

/// The least disturbed window of \p Ticks (NaN when there is none).
double leastTicks(ArrayRef<int64_t> Ticks);

/// Each measured function's cost per call in core cycles in \p Run, from
/// its least disturbed window at the run's median ticks per cycle.
std::vector<double> costsOfRun(const TimeBasedTrace &Trace,
                               const TraceRun &Run);

/// The core-sharing probe's cycles per group in each block of \p Call, a
/// call of the calibration code alone (a check on another CPU) under
/// \p Plan.
std::vector<double> probeCyclesOfCall(const TraceCall &Call,
                                      const TimeBasedPlan &Plan);

} // namespace exegesis
} // namespace llvm

#endif
