//===-- TimeBasedMeasurementTest.cpp - A measurement as bytes ---*- C++ -*-===//

#include "TimeBased/SamplingAccount.h"
#include "TimeBased/TimeBasedSampler.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TimeBasedMeasurement sampleMeasurement() {
  TimeBasedMeasurement M;
  M.Cycles = 13.4887;
  M.Readings = {{{1200, 7}, {1190, 6}}, {{2400, 14}}, {}};
  SamplingJudgement &J = M.Report.Judgement;
  J.Done = true;
  J.Cycles = 13.4887;
  J.Verdict = SamplingVerdict::Settled;
  J.Runs = 19;
  J.SettledRuns = 2;
  J.AgreeingSamples = 21;
  J.GroupOf = 30;
  J.Pooled = true;
  J.TotalSamples = 570;
  J.SharedSamples = 212;
  J.UnusableSamples = 4;
  J.InconsistentCalibrations = 3;
  J.ChainsApartSamples = 41;
  J.ChainsApartKept = 2;
  J.VectorCycles = 1.9986;
  J.VectorLatency = 2;
  J.TicksPerCycle = 0.8032;
  J.ProbeLevel = 1.031;
  J.ReferenceLevel = 1.0;
  J.SharedThroughout = true;
  J.DependencyChain = true;
  // Over 10% below the value: the cross-check against the least disturbed
  // windows warns of it.
  J.MinimaCycles = 11.9;
  // And the two functions' difference, with its fixed part.
  J.FixedCycles = 731.5;
  J.ShortCycles = 1903.25;
  J.SamplesHigh = 13.9;
  J.RunsLow = 13.47;
  J.RunsHigh = 13.51;
  J.GroupedRuns = 7;
  M.Report.Plan = {129090, 3, 5};
  M.Report.Replans = 1;
  M.Report.CpuCheckLevels = {1.0, NAN};
  M.Report.Reference.Level = 1.002;
  M.Report.Reference.Sightings = 4;
  M.Report.Reference.ModelLevel = 1.0;
  M.Report.WideVectorChain = true;
  M.TraceJSON = "{\"runs\":[]}";
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
  const SamplingJudgement &J = Back->Report.Judgement;
  EXPECT_TRUE(J.Done);
  EXPECT_EQ(J.Cycles, 13.4887);
  EXPECT_EQ(J.Verdict, SamplingVerdict::Settled);
  EXPECT_EQ(J.Runs, 19u);
  EXPECT_EQ(J.SettledRuns, 2u);
  EXPECT_EQ(J.AgreeingSamples, 21u);
  EXPECT_EQ(J.GroupOf, 30u);
  EXPECT_TRUE(J.Pooled);
  EXPECT_EQ(J.TotalSamples, 570u);
  EXPECT_EQ(J.SharedSamples, 212u);
  EXPECT_EQ(J.UnusableSamples, 4u);
  EXPECT_EQ(J.InconsistentCalibrations, 3u);
  EXPECT_EQ(J.ChainsApartSamples, 41u);
  EXPECT_EQ(J.ChainsApartKept, 2u);
  EXPECT_EQ(J.VectorCycles, 1.9986);
  EXPECT_EQ(J.VectorLatency, 2);
  EXPECT_EQ(J.TicksPerCycle, 0.8032);
  EXPECT_EQ(J.ProbeLevel, 1.031);
  EXPECT_EQ(J.ReferenceLevel, 1.0);
  EXPECT_TRUE(J.SharedThroughout);
  EXPECT_TRUE(J.DependencyChain);
  EXPECT_EQ(J.MinimaCycles, 11.9);
  EXPECT_EQ(J.FixedCycles, 731.5);
  EXPECT_EQ(J.ShortCycles, 1903.25);
  EXPECT_EQ(J.SamplesHigh, 13.9);
  EXPECT_EQ(J.RunsLow, 13.47);
  EXPECT_EQ(J.RunsHigh, 13.51);
  EXPECT_EQ(J.GroupedRuns, 7u);
  EXPECT_EQ(Back->Report.Plan.ChainLength, 129090u);
  EXPECT_EQ(Back->Report.Plan.CallsPerWindow, 3u);
  EXPECT_EQ(Back->Report.Plan.RoundsPerSample, 5u);
  EXPECT_EQ(Back->Report.Replans, 1u);
  ASSERT_EQ(Back->Report.CpuCheckLevels.size(), 2u);
  EXPECT_EQ(Back->Report.CpuCheckLevels[0], 1.0);
  EXPECT_TRUE(std::isnan(Back->Report.CpuCheckLevels[1]));
  EXPECT_EQ(Back->Report.Reference.Level, 1.002);
  EXPECT_EQ(Back->Report.Reference.Sightings, 4u);
  EXPECT_EQ(Back->Report.Reference.ModelLevel, 1.0);
  EXPECT_TRUE(Back->Report.WideVectorChain);
  EXPECT_EQ(Back->TraceJSON, "{\"runs\":[]}");
  EXPECT_EQ(Back->FinalCpu, 1);
}

// Every time-based measurement, in process as in a subprocess, reaches the
// report through its bytes: what it warns of must survive them.
TEST(TimeBasedMeasurementTest, ItsWarningsSurviveItsBytes) {
  TimeBasedMeasurement M = sampleMeasurement();
  SamplingRules Rules;
  std::vector<std::string> Before = getSamplingWarnings(M.Report, Rules);
  ASSERT_FALSE(Before.empty());
  Expected<TimeBasedMeasurement> Back =
      TimeBasedMeasurement::decode(M.encode());
  ASSERT_TRUE(static_cast<bool>(Back)) << toString(Back.takeError());
  EXPECT_EQ(getSamplingWarnings(Back->Report, Rules), Before);
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
