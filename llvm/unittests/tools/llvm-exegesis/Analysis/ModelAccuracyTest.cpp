//===-- ModelAccuracyTest.cpp - MAPE and Kendall's tau --------------------===//

#include "Analysis/ModelAccuracy.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TEST(ModelAccuracyTest, AbsolutePercentageErrorIsRelativeToTheMeasurement) {
  EXPECT_DOUBLE_EQ(getAbsolutePercentageError(2.0, 3.0), 0.5);
  EXPECT_DOUBLE_EQ(getAbsolutePercentageError(2.0, 1.0), 0.5);
  EXPECT_DOUBLE_EQ(getAbsolutePercentageError(4.0, 4.0), 0.0);
  // Measured 1.00 / 2.00 / 4.00 against 1.50 / 1.00 / 4.00: 50%, 50%, 0%.
  EXPECT_DOUBLE_EQ(getMeanAbsolutePercentageError({1, 2, 4}, {1.5, 1, 4}),
                   1.0 / 3);
  EXPECT_TRUE(std::isnan(getMeanAbsolutePercentageError({}, {})));
}

TEST(ModelAccuracyTest, KendallTauCountsConcordantAndDiscordantPairs) {
  EXPECT_DOUBLE_EQ(getKendallTauB({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
  EXPECT_DOUBLE_EQ(getKendallTauB({1, 2, 3}, {3, 2, 1}), -1.0);
  // One swapped pair of six: (5 - 1) / 6.
  EXPECT_DOUBLE_EQ(getKendallTauB({1, 2, 3, 4}, {1, 3, 2, 4}), 4.0 / 6);
}

TEST(ModelAccuracyTest, KendallTauBLeavesTiesOut) {
  // One pair tied in each: 4 concordant of 6, over sqrt(5 * 5).
  EXPECT_DOUBLE_EQ(getKendallTauB({1, 2, 2, 3}, {1, 2, 3, 3}), 0.8);
  // scipy.stats.kendalltau's documented example: -0.47140452079103173
  // (2 concordant, 6 discordant, 2 pairs tied in x, 1 in y: -4 /
  // sqrt(8 * 9)).
  EXPECT_NEAR(getKendallTauB({12, 2, 1, 12, 2}, {1, 4, 7, 1, 0}),
              -0.47140452079103173, 1e-15);
}

TEST(ModelAccuracyTest, KendallTauIsUndefinedWithoutOrder) {
  EXPECT_TRUE(std::isnan(getKendallTauB({}, {})));
  EXPECT_TRUE(std::isnan(getKendallTauB({1}, {2})));
  EXPECT_TRUE(std::isnan(getKendallTauB({1, 2, 3}, {5, 5, 5})));
}

TEST(ModelAccuracyTest, BothFiguresOverASetOfBlocks) {
  // Measured against predicted, tau of the predictions' order against the
  // measurements': the five blocks of analysis/model-summary.test.
  ModelAccuracy A =
      getModelAccuracy({1, 3, 1.1, 0.5, 1.5}, {1.03, 3.03, 1.03, 0.74, 1.03});
  EXPECT_EQ(A.NumBlocks, 5u);
  EXPECT_NEAR(A.MeanAbsolutePercentageError,
              (0.03 + 0.01 + 0.07 / 1.1 + 0.48 + 0.47 / 1.5) / 5, 1e-12);
  EXPECT_NEAR(A.KendallTau, 7 / std::sqrt(70.0), 1e-12);
}

} // namespace
