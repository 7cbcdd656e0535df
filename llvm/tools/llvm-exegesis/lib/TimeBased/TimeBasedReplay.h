//===-- TimeBasedReplay.h - A recorded trace, decided again -----*- C++ -*-===//
//
// Runs the sampler's decisions (SamplingJudge.h) on a recorded trace without
// executing anything: run by run as the recording took them, each run cut
// where the stop rule within a run would have ended it, until the judge is
// done or the trace has no more runs. The sizing of the runs (plans, a
// replan after a contradicted run, the checks on other CPUs) is taken from
// the trace as recorded: it decides what is read, not what is trusted. The
// unit tests replay the trace corpus with it; bench/traces prints the value
// and verdict of each trace.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TIMEBASEDREPLAY_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TIMEBASEDREPLAY_H

#include "TimeBased/SamplingJudge.h"
#include "TimeBased/TimeBasedTrace.h"

namespace llvm {
namespace exegesis {

struct ReplayOutcome {
  SamplingJudgement Judgement;
  /// Runs of the trace replayed (contradicted ones included).
  unsigned RunsReplayed = 0;
  /// The judge wanted more runs than the recording took: the judgement is
  /// of what there was.
  bool Exhausted = false;
  /// What the tool would report: a credible value (not NaN; above zero
  /// unless the snippet is empty), with the warnings the judgement carries.
  bool Credible = false;
};

ReplayOutcome replayTrace(const TimeBasedTrace &Trace);

/// \p Run with each call cut to its first \p Rounds rounds.
TraceRun firstRoundsOf(const TraceRun &Run, unsigned Rounds);

} // namespace exegesis
} // namespace llvm

#endif
