//===-- TimeBasedSamplerTest.cpp - Settling time-based samples --*- C++ -*-===//
//
// The sampler against a scripted executor: the readings are made up so that
// each sample is a chosen number of core cycles (a calibration of one tick
// per cycle), which pins how runs are combined without timing anything. The
// executor's script also says how long each run took (2 ms, on the clock
// the sampler is given): how many runs fit in a settle time limit does not
// depend on how busy the machine is, as it did with real sleeps (a 20 ms
// limit ended after one run under load).
//
//===----------------------------------------------------------------------===//

#include "TimeBased/TimeBasedSampler.h"
#include "../MachineCode.h"
#include "TimeBased/TimeBasedReplay.h"
#include "gtest/gtest.h"
#include <cmath>
#include <functional>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

#if defined(__x86_64__)

/// Answers the sampler's batches (short, long, chain L, chain 2L, probe G,
/// probe 2G) with readings whose samples read SampleCycles(Run, Sample)
/// cycles and whose core-sharing probe reads ProbeCycles(Run, Sample) cycles
/// per group (1 unless scripted); the calibration chain's 2L window takes
/// ChainSlowdown(Run, Sample) times its cycles' ticks (1 unless scripted).
class ScriptedExecutor {
public:
  explicit ScriptedExecutor(
      std::function<double(unsigned, unsigned)> Cycles,
      std::function<double(unsigned, unsigned)> Probe = nullptr,
      std::function<double(unsigned, unsigned)> Slowdown = nullptr)
      : SampleCycles(std::move(Cycles)), ProbeCycles(std::move(Probe)),
        ChainSlowdown(std::move(Slowdown)) {}

  Expected<std::optional<SampleTable>> run(const ExecutorBatch &,
                                           unsigned Rounds, unsigned Calls,
                                           const SamplingStopRule *Stop) {
    // The probe (two rounds, one call) sees a snippet of 500 cycles, which
    // gives chains of the shortest length, 1000 adds.
    bool Probe = Rounds == 2 && Calls == 1 && !Probed;
    Probed = true;
    uint64_t Chain = Probe ? CycleEstimator::DefaultChainLength : 1000;
    // A thousand ticks per core cycle; every function costs 100000 cycles
    // a call besides, so that the probe and the runs call for one plan.
    constexpr int64_t TicksPerCycle = 1000;
    uint64_t Groups = CycleEstimator::getSharingProbeGroups(Chain);
    SampleTable Table(6);
    for (unsigned R = 0; R < Rounds; ++R) {
      unsigned Sample =
          R < TimeBasedWarmupRounds ? 0 : R - TimeBasedWarmupRounds;
      double Cycles = Probe ? 500 : SampleCycles(Runs, Sample);
      double PerGroup = Probe || !ProbeCycles ? 1.0 : ProbeCycles(Runs, Sample);
      double Slowdown =
          Probe || !ChainSlowdown ? 1.0 : ChainSlowdown(Runs, Sample);
      int64_t Base = int64_t(100000) * Calls * TicksPerCycle;
      Table[0].push_back({Base});
      Table[1].push_back(
          {Base + int64_t(std::llround(Cycles * Calls * TicksPerCycle))});
      Table[2].push_back({Base});
      Table[3].push_back({Base + int64_t(std::llround(Slowdown * Chain * Calls *
                                                      TicksPerCycle))});
      Table[4].push_back({Base});
      Table[5].push_back({Base + int64_t(std::llround(PerGroup * Groups *
                                                      Calls * TicksPerCycle))});
      // As the executors do, a stop rule may end the sampling early.
      if (!Probe && Stop && Stop->isCheckedAfter(R + 1) && Stop->Enough(Table))
        break;
    }
    if (!Probe) {
      ++Runs;
      // Runs take time, so that the settle time limit ends the sampling.
      Seconds += RunSeconds;
    }
    return std::optional<SampleTable>(std::move(Table));
  }
  unsigned getRuns() const { return Runs; }
  /// The scripted time: the runs' so far.
  double getSeconds() const { return Seconds; }
  static constexpr double RunSeconds = 0.002;

private:
  std::function<double(unsigned, unsigned)> SampleCycles;
  std::function<double(unsigned, unsigned)> ProbeCycles;
  std::function<double(unsigned, unsigned)> ChainSlowdown;
  bool Probed = false;
  unsigned Runs = 0;
  double Seconds = 0;
};

BenchmarkRunOptions sweepLikeOptions() {
  BenchmarkRunOptions Options;
  Options.RepeatCount = 10;
  Options.SettleTolerance = 0.01;
  Options.SettleAgreeingRuns = 1;
  Options.SettleTimeLimitSeconds = 0.02;
  Options.TimeBasedRoundsPerSample = 1;
  return Options;
}

struct Measured {
  double Cycles = 0;
  SamplingJudgement Report;
  unsigned Runs = 0;
};

/// The sampler's own result for a scripted executor, and how many runs it
/// took.
Expected<std::optional<TimeBasedMeasurement>>
sampleScripted(std::function<double(unsigned, unsigned)> Cycles,
               const BenchmarkRunOptions &Options, unsigned &Runs,
               std::function<double(unsigned, unsigned)> Probe = nullptr,
               HostProbeReference Reference = HostProbeReference(),
               bool RecordTrace = false, bool EmptySnippet = false,
               std::function<double(unsigned, unsigned)> Slowdown = nullptr,
               double RivalCycles = NAN) {
  Triple TT("x86_64-unknown-linux-gnu");
  CycleEstimator Chains = cantFail(CycleEstimator::create(TT));
  ExecutableFunction Short =
      cantFail(ExecutableFunction::fromCode(x86code::Ret));
  ExecutableFunction Long =
      cantFail(ExecutableFunction::fromCode(x86code::Ret));
  ExecutorBatch Batch;
  Batch.Run = {&Short, &Long};
  Batch.Assembled = {nullptr, nullptr};
  ScriptedExecutor Executor(std::move(Cycles), std::move(Probe),
                            std::move(Slowdown));
  TimeBasedSampler Sampler(TT, Chains, Options, nullptr, Reference,
                           RecordTrace);
  Sampler.setClock([&] { return Executor.getSeconds(); });
  Expected<std::optional<TimeBasedMeasurement>> M = Sampler.measure(
      {Batch}, /*Differencing=*/true, EmptySnippet,
      [&](const ExecutorBatch &B, unsigned Rounds, unsigned Calls,
          const SamplingStopRule *Stop) {
        return Executor.run(B, Rounds, Calls, Stop);
      },
      RivalCycles);
  Runs = Executor.getRuns();
  return M;
}

Measured
measureScripted(std::function<double(unsigned, unsigned)> Cycles,
                const BenchmarkRunOptions &Options,
                std::function<double(unsigned, unsigned)> Probe = nullptr,
                HostProbeReference Reference = HostProbeReference(),
                std::function<double(unsigned, unsigned)> Slowdown = nullptr) {
  unsigned Runs = 0;
  Expected<std::optional<TimeBasedMeasurement>> M = sampleScripted(
      std::move(Cycles), Options, Runs, std::move(Probe), Reference,
      /*RecordTrace=*/false, /*EmptySnippet=*/false, std::move(Slowdown));
  EXPECT_TRUE(static_cast<bool>(M));
  if (!M) {
    consumeError(M.takeError());
    return {};
  }
  return {(*M)->Cycles, (*M)->Report.Judgement, Runs};
}

TEST(TimeBasedSamplerTest, ASettledRunGivesItsGroupsMedian) {
  Measured M = measureScripted(
      [](unsigned, unsigned Sample) { return Sample < 8 ? 4.0 : 9.0; },
      sweepLikeOptions());
  EXPECT_NEAR(M.Cycles, 4.0, 0.01);
  EXPECT_EQ(M.Report.Verdict, SamplingVerdict::Settled);
  EXPECT_EQ(M.Runs, 1u);
}

TEST(TimeBasedSamplerTest, WithNothingSettledTheValueRecurringInEveryRunWins) {
  // Every run: four samples at the snippet's 4 cycles, five agreeing at a
  // disturbance that is different in each run, one stray. No run settles
  // (7 of 10 needed); each run's own largest group is its disturbance, the
  // largest group over all runs is the snippet.
  Measured M = measureScripted(
      [](unsigned Run, unsigned Sample) {
        if (Sample < 4)
          return 4.0 * (1 + 0.001 * Sample);
        if (Sample < 9)
          return 5.0 + 0.4 * Run;
        return 20.0;
      },
      sweepLikeOptions());
  ASSERT_GE(M.Runs, 2u);
  EXPECT_EQ(M.Report.Verdict, SamplingVerdict::Unsettled);
  EXPECT_TRUE(M.Report.Pooled);
  EXPECT_NEAR(M.Cycles, 4.0, 0.02);
  EXPECT_EQ(M.Report.AgreeingSamples, 4 * M.Runs);
  EXPECT_EQ(M.Report.GroupOf, 10 * M.Runs);
}

TEST(TimeBasedSamplerTest, SamplesTakenWhileTheCoreWasSharedAreLeftOut) {
  // A sibling busy at a steady rate: seven samples of each run agree on 6
  // cycles, but their core-sharing probe read 1.5 cycles per group instead
  // of 1. Without the probe the run would settle at 6; with it, three
  // samples are left, no run settles, and the pooled quiet samples give 4.
  // Each run ends at its first check, most of its samples so far shared.
  Measured M = measureScripted(
      [](unsigned, unsigned Sample) {
        return Sample < 3 ? 4.0 * (1 + 0.001 * Sample) : 6.0;
      },
      sweepLikeOptions(),
      [](unsigned, unsigned Sample) { return Sample < 3 ? 1.0 : 1.5; });
  EXPECT_NEAR(M.Cycles, 4.0, 0.02);
  EXPECT_EQ(M.Report.Verdict, SamplingVerdict::Unsettled);
  EXPECT_LT(M.Report.TotalSamples, 10 * M.Runs);
  EXPECT_EQ(M.Report.SharedSamples, M.Report.TotalSamples - 3 * M.Runs);
  EXPECT_GT(2 * M.Report.SharedSamples, M.Report.TotalSamples);
  EXPECT_EQ(M.Report.AgreeingSamples, 3 * M.Runs);
  EXPECT_NEAR(M.Report.ProbeLevel, 1.0, 0.001);
}

TEST(TimeBasedSamplerTest, AProbeReadingFastMarksADisturbedChain) {
  // The calibration chain was slowed in samples 0-2, each time by its own
  // amount (by 1.18-1.43 times): the ticks per cycle read high, so the
  // probe reads 0.70-0.85 cycles per group and the snippet 2.8-3.4. The
  // seven others are quiet and settle at 4.
  Measured M = measureScripted(
      [](unsigned, unsigned) { return 4.0; }, sweepLikeOptions(), nullptr,
      HostProbeReference(),
      [](unsigned Run, unsigned Sample) {
        return Sample < 3 ? 1 / (0.7 + 0.05 * ((Run + Sample) % 4)) : 1.0;
      });
  EXPECT_NEAR(M.Cycles, 4.0, 0.01);
  EXPECT_EQ(M.Report.Verdict, SamplingVerdict::Settled);
  EXPECT_NEAR(M.Report.ProbeLevel, 1.0, 0.001);
  EXPECT_EQ(M.Report.SharedSamples, 3 * M.Runs);
}

TEST(TimeBasedSamplerTest, ACoreBusyThroughoutKeepsEverySample) {
  // The probe reads 1.5 in every sample: that is the only level there is,
  // nothing is left out and the run settles as without the probe.
  Measured M = measureScripted(
      [](unsigned, unsigned Sample) { return Sample < 8 ? 4.0 : 9.0; },
      sweepLikeOptions(), [](unsigned, unsigned) { return 1.5; });
  EXPECT_NEAR(M.Cycles, 4.0, 0.01);
  EXPECT_EQ(M.Report.Verdict, SamplingVerdict::Settled);
  EXPECT_EQ(M.Report.SharedSamples, 0u);
  EXPECT_NEAR(M.Report.ProbeLevel, 1.5, 0.001);
}

/// What an invocation knows after earlier measurements read \p Level.
HostProbeReference referenceOf(double Level) {
  HostProbeReference Reference;
  Reference.Level = Level;
  Reference.Sightings = 2;
  return Reference;
}

TEST(TimeBasedSamplerTest, ALevelFarAboveTheHostsIsNotLetSettle) {
  // The same core busy throughout, where earlier measurements of the
  // invocation saw the probe at 1 cycle per group: 1.5 is a neighbour's
  // level, so no run settles and the sampling goes on to the time limit.
  // Nothing quiet came, so the value is still the largest group's, and the
  // report says why.
  BenchmarkRunOptions Options = sweepLikeOptions();
  Measured M = measureScripted(
      [](unsigned, unsigned Sample) { return Sample < 8 ? 4.0 : 9.0; }, Options,
      [](unsigned, unsigned) { return 1.5; }, referenceOf(1.0));
  EXPECT_NEAR(M.Cycles, 4.0, 0.01);
  EXPECT_EQ(M.Report.Verdict, SamplingVerdict::Unsettled);
  EXPECT_EQ(M.Report.SettledRuns, 0u);
  EXPECT_TRUE(M.Report.SharedThroughout);
  EXPECT_DOUBLE_EQ(M.Report.ReferenceLevel, 1.0);
  EXPECT_GT(M.Runs, 1u);
}

TEST(TimeBasedSamplerTest, TheModelsLevelAloneIsNoVerdict) {
  // Zen 1 reads 1.235 cycles per group idle where the scheduling model
  // says 1: with no level of the host to compare with, the measurement
  // settles as on any host.
  HostProbeReference Reference;
  Reference.ModelLevel = 1.0;
  Measured M = measureScripted(
      [](unsigned, unsigned Sample) { return Sample < 8 ? 4.0 : 9.0; },
      sweepLikeOptions(), [](unsigned, unsigned) { return 1.235; }, Reference);
  EXPECT_NEAR(M.Cycles, 4.0, 0.01);
  EXPECT_EQ(M.Report.Verdict, SamplingVerdict::Settled);
  EXPECT_FALSE(M.Report.SharedThroughout);
  EXPECT_EQ(M.Runs, 1u);
}

TEST(TimeBasedSamplerTest, QuietSamplesAfterABusyStretchGiveTheValue) {
  // A neighbour busy for the first three runs (probe 1.5, snippet 6
  // cycles), gone from the fourth (probe 1.02, snippet 4): the busy runs
  // would settle at 6 on their own; against the host's level they wait,
  // and the quiet runs settle at 4.
  Measured M = measureScripted(
      [](unsigned Run, unsigned) { return Run < 3 ? 6.0 : 4.0; },
      sweepLikeOptions(),
      [](unsigned Run, unsigned) { return Run < 3 ? 1.5 : 1.02; },
      referenceOf(1.0));
  EXPECT_NEAR(M.Cycles, 4.0, 0.01);
  EXPECT_EQ(M.Report.Verdict, SamplingVerdict::Settled);
  EXPECT_FALSE(M.Report.SharedThroughout);
  EXPECT_NEAR(M.Report.ProbeLevel, 1.02, 0.001);
  // Each busy run ends at its first check, after 4 of its 10 samples: a
  // run whose samples were mostly taken while the core was shared cannot
  // settle, and its time is better spent elsewhere.
  EXPECT_EQ(M.Report.SharedSamples, 12u);
  EXPECT_EQ(M.Runs, 4u);
}

TEST(TimeBasedSamplerTest, SamplesWhereTheLongFunctionWasNotLongerAreLeftOut) {
  // Six disturbed samples agree on -3 cycles, four read the snippet's 4.
  Measured M = measureScripted(
      [](unsigned, unsigned Sample) { return Sample < 6 ? -3.0 : 4.0; },
      sweepLikeOptions());
  EXPECT_NEAR(M.Cycles, 4.0, 0.01);
}

TEST(TimeBasedSamplerTest, NoUsableSampleIsRefusedWithItsTrace) {
  // Refused, and the trace comes back so that it can be written: the
  // measurer turns the refusal into the benchmark's error.
  unsigned Runs = 0;
  Expected<std::optional<TimeBasedMeasurement>> M =
      sampleScripted([](unsigned, unsigned) { return -1.0; },
                     sweepLikeOptions(), Runs, nullptr, HostProbeReference(),
                     /*RecordTrace=*/true);
  ASSERT_TRUE(static_cast<bool>(M)) << toString(M.takeError());
  ASSERT_TRUE(M->has_value());
  EXPECT_NE((*M)->Refusal.find("no usable time-based sample"),
            std::string::npos);
  EXPECT_FALSE((*M)->TraceJSON.empty());
  Expected<TimeBasedMeasurement> Decoded =
      TimeBasedMeasurement::decode((*M)->encode());
  ASSERT_TRUE(static_cast<bool>(Decoded)) << toString(Decoded.takeError());
  EXPECT_EQ(Decoded->Refusal, (*M)->Refusal);
}

TEST(TimeBasedSamplerTest, OneRunByRequestKeepsItsOwnLargestGroup) {
  BenchmarkRunOptions Options = sweepLikeOptions();
  Options.SettleTimeLimitSeconds = 0;
  Measured M = measureScripted(
      [](unsigned, unsigned Sample) { return Sample < 4 ? 4.0 : 6.0; },
      Options);
  EXPECT_EQ(M.Runs, 1u);
  EXPECT_FALSE(M.Report.Pooled);
  EXPECT_NEAR(M.Cycles, 6.0, 0.01);
}

TEST(TimeBasedSamplerTest, AReplayOfItsTraceDecidesAsTheSamplerDid) {
  // Runs that disagree, then a quiet stretch after a busy one: several
  // runs, samples left out, a settled verdict; replaying the recorded
  // trace gives the same value and verdict without running anything.
  unsigned Runs = 0;
  Expected<std::optional<TimeBasedMeasurement>> M = sampleScripted(
      [](unsigned Run, unsigned Sample) {
        return Run < 2 ? 6.0 + 0.3 * Sample : 4.0 * (1 + 0.0001 * Sample);
      },
      sweepLikeOptions(), Runs,
      [](unsigned Run, unsigned Sample) {
        return Run < 2 || Sample == 3 ? 1.5 : 1.01;
      },
      referenceOf(1.0), /*RecordTrace=*/true);
  ASSERT_TRUE(static_cast<bool>(M)) << toString(M.takeError());
  ASSERT_TRUE(M->has_value());
  ASSERT_FALSE((*M)->TraceJSON.empty());
  Expected<json::Value> Parsed = json::parse((*M)->TraceJSON);
  ASSERT_TRUE(static_cast<bool>(Parsed)) << toString(Parsed.takeError());
  Expected<TimeBasedTrace> Trace = traceFromJSON(*Parsed);
  ASSERT_TRUE(static_cast<bool>(Trace)) << toString(Trace.takeError());
  EXPECT_EQ(Trace->Runs.size(), Runs);
  ReplayOutcome Replayed = replayTrace(*Trace);
  const SamplingJudgement &Live = (*M)->Report.Judgement;
  EXPECT_EQ(Replayed.Judgement.Verdict, Live.Verdict);
  EXPECT_EQ(Replayed.Judgement.Verdict, SamplingVerdict::Settled);
  EXPECT_DOUBLE_EQ(Replayed.Judgement.Cycles, Live.Cycles);
  EXPECT_EQ(Replayed.Judgement.SharedSamples, Live.SharedSamples);
  EXPECT_GT(Live.SharedSamples, 0u);
  EXPECT_FALSE(Replayed.Exhausted);
}

TEST(TimeBasedSamplerTest, AFormAboveItsRivalStopsAfterOneRun) {
  // Straight-line code bound by the front end: samples scattered over 6-7.5
  // cycles never settle, and without a rival the sampling takes its whole
  // time limit. Against the loop's 4.0 it cannot win, and stops after its
  // first run; the recorded trace carries the rival and replays alike.
  // The limit leaves room for 50 runs of the script's 2 ms.
  BenchmarkRunOptions Options = sweepLikeOptions();
  Options.SettleTimeLimitSeconds = 0.1;
  auto Scattered = [](unsigned, unsigned Sample) {
    return 6.0 + 0.15 * (Sample % 10);
  };
  unsigned Runs = 0;
  Expected<std::optional<TimeBasedMeasurement>> M =
      sampleScripted(Scattered, Options, Runs, nullptr, referenceOf(1.0),
                     /*RecordTrace=*/true, /*EmptySnippet=*/false, nullptr,
                     /*RivalCycles=*/4.0);
  ASSERT_TRUE(static_cast<bool>(M)) << toString(M.takeError());
  ASSERT_TRUE(M->has_value());
  const SamplingJudgement &Live = (*M)->Report.Judgement;
  EXPECT_EQ(Live.Verdict, SamplingVerdict::Outclassed);
  EXPECT_EQ(Runs, 1u);
  EXPECT_GE(Live.Cycles, 6.0);
  Expected<json::Value> Parsed = json::parse((*M)->TraceJSON);
  ASSERT_TRUE(static_cast<bool>(Parsed)) << toString(Parsed.takeError());
  Expected<TimeBasedTrace> Trace = traceFromJSON(*Parsed);
  ASSERT_TRUE(static_cast<bool>(Trace)) << toString(Trace.takeError());
  EXPECT_DOUBLE_EQ(Trace->Rules.RivalCycles, 4.0);
  ReplayOutcome Replayed = replayTrace(*Trace);
  EXPECT_EQ(Replayed.Judgement.Verdict, SamplingVerdict::Outclassed);
  EXPECT_DOUBLE_EQ(Replayed.Judgement.Cycles, Live.Cycles);

  // The same samples against a rival they could still beat: sampling goes
  // on to the limit.
  Measured Beatable = measureScripted(Scattered, Options);
  EXPECT_EQ(Beatable.Report.Verdict, SamplingVerdict::Unsettled);
  EXPECT_GT(Beatable.Runs, 1u);
}

TEST(TimeBasedSamplerTest, AnEmptySnippetIsZeroWhateverTheSamples) {
  // Every sample unusable (the 2N function no slower than the N one), as
  // an empty snippet's often are: still 0, not an error.
  BenchmarkRunOptions Options = sweepLikeOptions();
  Options.SettleTimeLimitSeconds = 0;
  unsigned Runs = 0;
  Expected<std::optional<TimeBasedMeasurement>> M =
      sampleScripted([](unsigned, unsigned) { return -1.0; }, Options, Runs,
                     nullptr, HostProbeReference(), /*RecordTrace=*/false,
                     /*EmptySnippet=*/true);
  ASSERT_TRUE(static_cast<bool>(M)) << toString(M.takeError());
  EXPECT_EQ((*M)->Cycles, 0.0);
}

TEST(TimeBasedSamplerTest, ANonEmptySnippetAtZeroCyclesIsRefused) {
  // Samples agreeing on 0 cycles for a snippet that runs instructions: not
  // a measurement (a throughput body once read 0.000 with an empty error).
  unsigned Runs = 0;
  Expected<std::optional<TimeBasedMeasurement>> Zero = sampleScripted(
      [](unsigned, unsigned) { return 0.0; }, sweepLikeOptions(), Runs);
  ASSERT_TRUE(static_cast<bool>(Zero)) << toString(Zero.takeError());
  ASSERT_TRUE(Zero->has_value());
  // (Zero ticks between the N and 2N functions leave no usable sample.)
  EXPECT_NE((*Zero)->Refusal, "");
}

#endif

} // namespace
