//===-- SweepProgressTest.cpp - A sweep's ETA counts benchmarks run -------===//
//
// A sweep of every opcode starts with hundreds of pseudo-opcodes that are
// skipped in no time: an ETA from opcodes looked at per second said 43 s for
// a 30-minute sweep. The estimate counts benchmarks run, and how often the
// opcodes since the first one gave one.
//
//===----------------------------------------------------------------------===//

#include "Measure/OpcodeSweep.h"
#include "gtest/gtest.h"

using namespace llvm::exegesis;

namespace {

TEST(SweepProgressTest, SkippedOpcodesAtTheStartDoNotShortenTheEta) {
  // 300 pseudo-opcodes skipped, then 100 opcodes gave 50 benchmarks in 10 s;
  // 19,600 opcodes are left.
  std::optional<double> Eta = estimateSweepSecondsLeft(
      /*Done=*/400, /*Total=*/20000, /*FirstRunIndex=*/300,
      /*BenchmarksRun=*/50, /*SecondsRunning=*/10);
  ASSERT_TRUE(Eta.has_value());
  EXPECT_DOUBLE_EQ(*Eta, 19600 * 0.5 * 0.2);
}

TEST(SweepProgressTest, NoEstimateBeforeABenchmarkRan) {
  EXPECT_FALSE(estimateSweepSecondsLeft(300, 20000, 300, 0, 0).has_value());
  EXPECT_FALSE(estimateSweepSecondsLeft(300, 20000, 300, 1, 0).has_value());
  EXPECT_FALSE(estimateSweepSecondsLeft(300, 20000, 300, 1, 0.5).has_value());
}

TEST(SweepProgressTest, NothingLeftAtTheEnd) {
  std::optional<double> Eta = estimateSweepSecondsLeft(100, 100, 0, 80, 60);
  ASSERT_TRUE(Eta.has_value());
  EXPECT_EQ(*Eta, 0);
}

} // namespace
