//===-- TimeBasedPlanTest.cpp - Sizing time-based sampling ------*- C++ -*-===//

#include "TimeBased/TimeBasedPlan.h"
#include "gtest/gtest.h"
#include <vector>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TEST(TimeBasedPlanTest, TimeBasedPlanMatchesTheSnippetsDifference) {
  // A 1-cycle snippet at N = 10000 and 2N, one batch, 30 samples: chains of
  // 10000 adds; the 2N function is the longest call, 15 of them fit in a
  // window of 320000 cycles.
  TimeBasedPlan Plan = planTimeBasedSampling({10100, 20100}, true, 1, 30);
  EXPECT_EQ(Plan.ChainLength, 10000u);
  EXPECT_EQ(Plan.CallsPerWindow, 15u);
  EXPECT_EQ(Plan.RoundsPerSample, 5u);
  // Without differencing, the function itself; never below 1000 adds.
  EXPECT_EQ(planTimeBasedSampling({30000}, false, 1, 30).ChainLength, 30000u);
  EXPECT_EQ(planTimeBasedSampling({50, 60}, true, 1, 30).ChainLength, 1000u);
  // A slow snippet (a trap to the hypervisor): one call per window and
  // fewer rounds per sample, within the budget.
  TimeBasedPlan Slow = planTimeBasedSampling({5e7, 1e8}, true, 1, 30);
  EXPECT_EQ(Slow.CallsPerWindow, 1u);
  EXPECT_EQ(Slow.RoundsPerSample, 1u);
}

TEST(TimeBasedPlanTest, ADisturbedProbeIsContradictedByTheRun) {
  // The probe caught the N function disturbed, as long as the 2N one: the
  // plan falls to the shortest chains (a 1-cycle snippet at N = 10000 then
  // never settled). The run's own minima give the true costs.
  TimeBasedPlan FromProbe = planTimeBasedSampling({20100, 20100}, true, 1, 30);
  TimeBasedPlan FromRun = planTimeBasedSampling({10030, 20030}, true, 1, 30);
  EXPECT_EQ(FromProbe.ChainLength, 1000u);
  EXPECT_TRUE(isPlanContradicted(FromProbe, FromRun));
  // An undisturbed probe: its costs include starting and stopping the
  // counter, a run's hardly; that is no contradiction.
  TimeBasedPlan Quiet = planTimeBasedSampling({13000, 23000}, true, 1, 30);
  EXPECT_FALSE(isPlanContradicted(Quiet, FromRun));
  TimeBasedPlan Tiny = planTimeBasedSampling({3000, 3010}, true, 1, 30);
  TimeBasedPlan TinyRun = planTimeBasedSampling({30, 40}, true, 1, 30);
  EXPECT_FALSE(isPlanContradicted(Tiny, TinyRun));
}

TEST(TimeBasedPlanTest, RoundsPerSampleAreCappedAsAsked) {
  // A sweep asks for 3 rounds per sample; the budget still lowers them for
  // a slow snippet, and 0 is taken as 1.
  EXPECT_EQ(
      planTimeBasedSampling({10100, 20100}, true, 1, 10, 3).RoundsPerSample,
      3u);
  EXPECT_EQ(planTimeBasedSampling({5e7, 1e8}, true, 1, 10, 3).RoundsPerSample,
            1u);
  EXPECT_EQ(
      planTimeBasedSampling({10100, 20100}, true, 1, 10, 0).RoundsPerSample,
      1u);
}

TEST(TimeBasedPlanTest, ACalibrationRunsWhileTheSnippetsClockHolds) {
  // A snippet that moves the core clock (an AVX-512 frequency licence, held
  // for about 2 ms after the last wide instruction) must be calibrated at
  // that clock. In a round the chains' windows run right after the
  // snippet's and the next round follows without pause, so the chains' part
  // of a round must stay well below 2 ms (6 million cycles at 3 GHz) for
  // bodies from cheap moves to slow 512-bit divides; and the warm-up rounds
  // must outlast the licence's change (some tens of microseconds).
  for (double CyclesPerInstruction : {0.25, 1.0, 4.0, 20.0, 40.0}) {
    double Short = 10000 * CyclesPerInstruction;
    std::vector<double> Costs = {Short + 100, 2 * Short + 100};
    TimeBasedPlan Plan = planTimeBasedSampling(Costs, true, 1, 30);
    double Chains = 3.0 * Plan.ChainLength * Plan.CallsPerWindow;
    double Round = Chains + (Costs[0] + Costs[1]) * Plan.CallsPerWindow;
    EXPECT_LT(Chains, 1.5e6) << CyclesPerInstruction << " cycles";
    EXPECT_GT(TimeBasedWarmupRounds * Round, 3e5) << CyclesPerInstruction;
  }
}

} // namespace
