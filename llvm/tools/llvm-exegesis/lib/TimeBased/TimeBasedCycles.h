//===-- TimeBasedCycles.h - Core cycles without a PMU -----------*- C++ -*-===//
//
// The subsystem that measures core cycles where no hardware cycle counter
// can be opened (most VMs and containers), and what the rest of the tool
// uses of it. The method, in brief (docs/TimeBasedCycles.rst in full):
//
// - A time counter (CycleCounter.h: the TSC read with rdtsc,
//   TimeStampCounter.h; the TSC through the msr PMU; the task clock) times
//   windows of many calls of each function (on x86-64 with rdtsc, by a loop
//   beside the function's code, TimedCalls.h).
// - Every snippet function has a 2N twin; the difference cancels fixed costs.
// - Chains of L and 2L dependent adds, in the same rounds, calibrate ticks
//   to core cycles per sample (CycleEstimator.h); a sample is the minima of
//   a few consecutive rounds, sized by a plan (TimeBasedPlan.h).
// - A vector chain in the same rounds (CycleEstimator.h) takes a whole
//   number of add cycles; a sample in which it does not had a chain slowed
//   by a neighbour on its units, and is left out.
// - A core-sharing probe (four independent add chains) finds samples taken
//   while a busy SMT sibling shared the core (CoreSharing.h); whether the
//   probe's level is itself a neighbour's is told by the host, from what
//   this invocation saw (HostProbeLevels.h) and the other CPUs read.
// - Runs of samples follow one another, moving between CPUs
//   (CpuRotation.h), until they settle and agree (SampleStatistics.h).
//
// The sampler (TimeBasedSampler.h) records every reading in a trace
// (TimeBasedTrace.h, -time-samples-file) and takes every decision from it
// (SamplingJudge.h: the readings made samples, TraceSamples.h; the probe's
// level in the trace, TraceProbeLevel.h; samples whose chains disagree,
// VectorChainCheck.h; when a run has settled, SettleRule.h); the replay
// (TimeBasedReplay.h) decides again on a recorded trace, and SamplingAccount.h
// says it all in `info`. Inputs for the tests: the trace corpus in
// unittests/TimeBased/traces, recorded with bench/traces.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TIMEBASEDCYCLES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_TIMEBASEDCYCLES_H

#include "TimeBased/CycleCounter.h"
#include "TimeBased/CycleEstimator.h"
#include "TimeBased/HostProbeLevels.h"
#include "TimeBased/SamplingAccount.h"
#include "TimeBased/SamplingJudge.h"
#include "TimeBased/TimeBasedSampler.h"
#include "TimeBased/TimeBasedTrace.h"

#endif
