//===-- BenchmarkMeasurerTest.cpp - The measure phase -----------*- C++ -*-===//

#include "lib/BenchmarkMeasurer.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TEST(BenchmarkMeasurerTest, AggregationModes) {
  std::vector<int64_t> Samples = {10, 40, 11, 12, 30};
  EXPECT_DOUBLE_EQ(aggregateSamples(Samples, ResultAggregationMode::Min), 10);
  EXPECT_DOUBLE_EQ(aggregateSamples(Samples, ResultAggregationMode::Max), 40);
  EXPECT_DOUBLE_EQ(aggregateSamples(Samples, ResultAggregationMode::Mean),
                   103.0 / 5);
  // The tightest half (3 of 5): 10, 11, 12.
  EXPECT_DOUBLE_EQ(
      aggregateSamples(Samples, ResultAggregationMode::MinVariance), 11);
}

TEST(BenchmarkMeasurerTest, SingleSampleAggregatesToItself) {
  for (ResultAggregationMode Mode :
       {ResultAggregationMode::Min, ResultAggregationMode::Max,
        ResultAggregationMode::Mean, ResultAggregationMode::MinVariance})
    EXPECT_DOUBLE_EQ(aggregateSamples({-7}, Mode), -7);
}

} // namespace
