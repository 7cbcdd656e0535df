//===-- SampleStatisticsTest.cpp - Combining samples ------------*- C++ -*-===//

#include "TimeBased/SampleStatistics.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TEST(SampleStatisticsTest, AggregationModes) {
  std::vector<int64_t> Samples = {10, 40, 11, 12, 30};
  EXPECT_DOUBLE_EQ(aggregateSamples(Samples, ResultAggregationMode::Min), 10);
  EXPECT_DOUBLE_EQ(aggregateSamples(Samples, ResultAggregationMode::Max), 40);
  EXPECT_DOUBLE_EQ(aggregateSamples(Samples, ResultAggregationMode::Mean),
                   103.0 / 5);
  // The tightest half (3 of 5): 10, 11, 12.
  EXPECT_DOUBLE_EQ(
      aggregateSamples(Samples, ResultAggregationMode::MinVariance), 11);
}

TEST(SampleStatisticsTest, SingleSampleAggregatesToItself) {
  for (ResultAggregationMode Mode :
       {ResultAggregationMode::Min, ResultAggregationMode::Max,
        ResultAggregationMode::Mean, ResultAggregationMode::MinVariance})
    EXPECT_DOUBLE_EQ(aggregateSamples({-7}, Mode), -7);
}

TEST(SampleStatisticsTest, Median) {
  EXPECT_DOUBLE_EQ(medianOf({5, 1, 3}), 3);
  EXPECT_DOUBLE_EQ(medianOf({4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(medianOf({7}), 7);
}

TEST(SampleStatisticsTest, TimeBasedMinIsTheMedianOfTheSamples) {
  // A ratio of differences: noise pushes samples both ways, and min must not
  // pick the one pushed lowest.
  std::vector<double> Samples = {3.02, 2.70, 3.00, 2.99, 3.60};
  EXPECT_DOUBLE_EQ(
      aggregateTimeBasedSamples(Samples, ResultAggregationMode::Min), 3.00);
  EXPECT_DOUBLE_EQ(
      aggregateTimeBasedSamples(Samples, ResultAggregationMode::Max), 3.60);
  EXPECT_DOUBLE_EQ(
      aggregateTimeBasedSamples(Samples, ResultAggregationMode::Mean),
      15.31 / 5);
  // The tightest three: 2.99, 3.00, 3.02.
  EXPECT_DOUBLE_EQ(
      aggregateTimeBasedSamples(Samples, ResultAggregationMode::MinVariance),
      (2.99 + 3.00 + 3.02) / 3);
}

TEST(SampleStatisticsTest, DensestClusterIsTheLargestAgreeingGroup) {
  // Quiet samples agree to a tenth of a percent; disturbed ones scatter, and
  // here outnumber any single value but not the quiet group.
  std::vector<double> Samples = {1.031, 1.000, 0.9985, 1.001, 1.102, 0.950,
                                 1.000, 1.064, 0.999,  1.045, 1.012, NAN};
  SampleCluster Group = findDensestCluster(Samples, 0.003);
  EXPECT_EQ(Group.Size, 5u);
  EXPECT_DOUBLE_EQ(Group.Median, 1.000);
  // The width is relative to the group's smallest value: 3.00 and 3.009 are
  // within 0.3%, 3.00 and 3.01 are not.
  EXPECT_EQ(findDensestCluster({3.00, 3.009}, 0.003).Size, 2u);
  EXPECT_EQ(findDensestCluster({3.00, 3.01}, 0.003).Size, 1u);
  // Ties go to the smaller values.
  SampleCluster Tie = findDensestCluster({2.0, 2.001, 5.0, 5.001}, 0.003);
  EXPECT_EQ(Tie.Size, 2u);
  EXPECT_DOUBLE_EQ(Tie.Median, 2.0005);
  // Nothing usable.
  SampleCluster None = findDensestCluster({NAN}, 0.003);
  EXPECT_EQ(None.Size, 0u);
  EXPECT_TRUE(std::isnan(None.Median));
}

TEST(SampleStatisticsTest, MedianIntervalIsBetweenSamplesChosenByRank) {
  // Thirty samples: the interval runs from the 10th to the 21st smallest
  // (ranks 9 and 20 from 0), whatever lies beyond them, and NaNs are left
  // out.
  std::vector<double> Samples;
  for (int I = 0; I < 30; ++I)
    Samples.push_back(I == 0 ? 1e9 : I == 29 ? -1e9 : 100 + I);
  Samples.push_back(NAN);
  MedianInterval Interval = findMedianInterval(Samples);
  EXPECT_EQ(Interval.Size, 30u);
  EXPECT_DOUBLE_EQ(Interval.Median, 114.5);
  EXPECT_DOUBLE_EQ(Interval.Low, 109);
  EXPECT_DOUBLE_EQ(Interval.High, 120);
  // Eight samples: ranks 1 and 6.
  MedianInterval Eight = findMedianInterval({8, 1, 7, 2, 6, 3, 5, 4});
  EXPECT_DOUBLE_EQ(Eight.Low, 2);
  EXPECT_DOUBLE_EQ(Eight.High, 7);
  // Fewer than eight give a median but no interval.
  MedianInterval Few = findMedianInterval({1, 2, 3});
  EXPECT_EQ(Few.Size, 3u);
  EXPECT_DOUBLE_EQ(Few.Median, 2);
  EXPECT_TRUE(std::isnan(Few.Low) && std::isnan(Few.High));
  EXPECT_EQ(findMedianInterval({NAN}).Size, 0u);
}

TEST(SampleStatisticsTest, TimeBasedSamplesThatFailedCalibrationAreLeftOut) {
  EXPECT_DOUBLE_EQ(aggregateTimeBasedSamples({NAN, 2.0, 4.0, NAN, 3.0},
                                             ResultAggregationMode::Min),
                   3.0);
  EXPECT_TRUE(std::isnan(
      aggregateTimeBasedSamples({NAN, NAN}, ResultAggregationMode::Mean)));
}

TEST(SampleStatisticsTest, NinthDecileOfTheFiniteValues) {
  EXPECT_EQ(ninthDecileOf({5, 1, 4, 2, 3, 10, 9, 8, 7, 6}), 9);
  // NaNs are left out, however many.
  EXPECT_EQ(ninthDecileOf({NAN, 5, NAN, 1, 4, 2, NAN, 3}), 4);
  EXPECT_TRUE(std::isnan(ninthDecileOf({NAN, NAN})));
  EXPECT_TRUE(std::isnan(ninthDecileOf({})));
}

} // namespace
