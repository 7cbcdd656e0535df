//===-- TimeBasedReplay.cpp -------------------------------------*- C++ -*-===//

#include "TimeBased/TimeBasedReplay.h"
#include <algorithm>

namespace llvm {
namespace exegesis {

TraceRun firstRoundsOf(const TraceRun &Run, unsigned Rounds) {
  TraceRun Cut = Run;
  for (TraceCall &Call : Cut.Calls)
    for (std::vector<int64_t> &Column : Call.Ticks)
      Column.resize(std::min<size_t>(Column.size(), Rounds));
  return Cut;
}

/// Rounds each call of \p Run took.
static unsigned roundsOf(const TraceRun &Run) {
  unsigned Rounds = 0;
  for (const TraceCall &Call : Run.Calls)
    for (const std::vector<int64_t> &Column : Call.Ticks)
      Rounds = std::max<unsigned>(Rounds, Column.size());
  return Rounds;
}

ReplayOutcome replayTrace(const TimeBasedTrace &Trace) {
  ReplayOutcome Outcome;
  TimeBasedTrace SoFar = Trace;
  SoFar.Runs.clear();
  SoFar.CpuChecks.clear();
  bool Adaptive = Trace.Rules.Aggregation == ResultAggregationMode::Min;
  bool CountedOne = false;
  for (const TraceRun &Run : Trace.Runs) {
    ++Outcome.RunsReplayed;
    if (Run.Contradicted) {
      SoFar.Runs.push_back(Run);
      continue;
    }
    // Where the stop rule within the run would have ended it (it applies
    // when all the measured functions run in one call).
    TraceRun Taken = Run;
    if (Adaptive && Run.Calls.size() == 1) {
      unsigned Every = std::max(1u, Run.Plan.RoundsPerSample);
      unsigned Rounds = roundsOf(Run);
      for (unsigned R = getFirstSettleCheck(Trace.Rules, Run.Plan); R <= Rounds;
           R += Every) {
        TraceRun Prefix = firstRoundsOf(Run, R);
        if (judgeRunSoFar(SoFar, Prefix) != RunProgress::GoOn) {
          Taken = std::move(Prefix);
          break;
        }
      }
    }
    SoFar.Runs.push_back(std::move(Taken));
    if (!CountedOne) {
      // The checks on other CPUs follow the first run that counts.
      CountedOne = true;
      SoFar.CpuChecks = Trace.CpuChecks;
    }
    Outcome.Judgement = judgeSampling(SoFar, Run.EndSeconds);
    if (Outcome.Judgement.Done)
      break;
  }
  if (!Outcome.Judgement.Done) {
    Outcome.Exhausted = true;
    double End = Trace.Runs.empty() ? 0 : Trace.Runs.back().EndSeconds;
    Outcome.Judgement = judgeSampling(SoFar, End, /*Exhausted=*/true);
  }
  const SamplingJudgement &J = Outcome.Judgement;
  Outcome.Credible =
      std::isfinite(J.Cycles) && (Trace.Rules.EmptySnippet || J.Cycles > 0);
  return Outcome;
}

} // namespace exegesis
} // namespace llvm
