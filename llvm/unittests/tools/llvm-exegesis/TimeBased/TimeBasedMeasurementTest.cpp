//===-- TimeBasedMeasurementTest.cpp - A measurement as bytes ---*- C++ -*-===//

#include "lib/TimeBased/TimeBasedSampler.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TimeBasedMeasurement sampleMeasurement() {
  TimeBasedMeasurement M;
  M.Cycles = 13.4887;
  M.Readings = {{{1200, 7}, {1190, 6}}, {{2400, 14}}, {}};
  M.Report.TicksPerCycle = 0.8032;
  M.Report.Plan = {129090, 3, 5};
  M.Report.Replans = 1;
  M.Report.Runs = 19;
  M.Report.SamplesPerRun = 30;
  M.Report.AgreeingSamples = 21;
  M.Report.SettledRuns = 2;
  M.Report.Confirmed = true;
  M.Report.Pooled = true;
  M.Report.TotalSamples = 570;
  M.Report.SharedSamples = 212;
  M.Report.UnsharedProbeCycles = 1.031;
  M.Report.ExpectedProbeCycles = 1.0;
  M.Report.SharedThroughout = true;
  M.FinalCpu = 1;
  return M;
}

TEST(TimeBasedMeasurementTest, ComesBackFromItsBytesUnchanged) {
  TimeBasedMeasurement M = sampleMeasurement();
  Expected<TimeBasedMeasurement> Back =
      TimeBasedMeasurement::decode(M.encode());
  ASSERT_TRUE(static_cast<bool>(Back)) << toString(Back.takeError());
  EXPECT_EQ(Back->Cycles, M.Cycles);
  ASSERT_EQ(Back->Readings.size(), 3u);
  EXPECT_EQ(Back->Readings[0].size(), 2u);
  EXPECT_EQ(Back->Readings[0][1], (CounterValues{1190, 6}));
  EXPECT_EQ(Back->Readings[1][0], (CounterValues{2400, 14}));
  EXPECT_TRUE(Back->Readings[2].empty());
  EXPECT_EQ(Back->Report.TicksPerCycle, 0.8032);
  EXPECT_EQ(Back->Report.Plan.ChainLength, 129090u);
  EXPECT_EQ(Back->Report.Plan.CallsPerWindow, 3u);
  EXPECT_EQ(Back->Report.Plan.RoundsPerSample, 5u);
  EXPECT_EQ(Back->Report.Replans, 1u);
  EXPECT_EQ(Back->Report.Runs, 19u);
  EXPECT_EQ(Back->Report.SamplesPerRun, 30u);
  EXPECT_EQ(Back->Report.AgreeingSamples, 21u);
  EXPECT_EQ(Back->Report.SettledRuns, 2u);
  EXPECT_TRUE(Back->Report.Confirmed);
  EXPECT_TRUE(Back->Report.Pooled);
  EXPECT_EQ(Back->Report.TotalSamples, 570u);
  EXPECT_EQ(Back->Report.SharedSamples, 212u);
  EXPECT_EQ(Back->Report.UnsharedProbeCycles, 1.031);
  EXPECT_EQ(Back->Report.ExpectedProbeCycles, 1.0);
  EXPECT_TRUE(Back->Report.SharedThroughout);
  EXPECT_EQ(Back->FinalCpu, 1);
}

TEST(TimeBasedMeasurementTest, TruncatedOrPaddedBytesAreRefused) {
  std::string Bytes = sampleMeasurement().encode();
  for (size_t Size : {size_t(0), size_t(7), Bytes.size() - 1}) {
    Expected<TimeBasedMeasurement> Back =
        TimeBasedMeasurement::decode(StringRef(Bytes).take_front(Size));
    ASSERT_FALSE(static_cast<bool>(Back)) << Size;
    EXPECT_EQ(toString(Back.takeError()),
              "the benchmarking subprocess returned a malformed measurement "
              "(" +
                  std::to_string(Size) + " bytes)");
  }
  EXPECT_FALSE(static_cast<bool>(TimeBasedMeasurement::decode(Bytes + "x")));
  // A count larger than the bytes could hold is not trusted.
  std::string Huge = Bytes;
  uint64_t Columns = uint64_t(1) << 60;
  Huge.replace(sizeof(double), sizeof(Columns),
               reinterpret_cast<const char *>(&Columns), sizeof(Columns));
  Expected<TimeBasedMeasurement> Back = TimeBasedMeasurement::decode(Huge);
  EXPECT_FALSE(static_cast<bool>(Back));
  consumeError(Back.takeError());
}

} // namespace
