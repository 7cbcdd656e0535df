//===-- CoreSharingTest.cpp - The core-sharing probe's verdicts -*- C++ -*-===//

#include "TimeBased/CoreSharing.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace llvm::exegesis;

namespace {

TEST(CoreSharingTest, TheQuietLevelIsTheLowestThatRecurs) {
  // Two scattered low readings (a slowed chain) do not recur three times;
  // the quiet readings 1.0-1.01 do (their median is the level), and the busy
  // 1.9 is higher.
  std::vector<double> Probes = {1.9, 0.7, 1.0,  1.91, 1.005, 0.85,
                                1.9, 1.0, 1.92, NAN,  1.01,  1.93};
  EXPECT_DOUBLE_EQ(findUnsharedLevel(Probes, 0.02, 3), 1.0025);
  // Asking for more recurrences than the quiet level's four moves it up.
  EXPECT_DOUBLE_EQ(findUnsharedLevel(Probes, 0.02, 5), 1.91);
  EXPECT_TRUE(std::isnan(findUnsharedLevel(Probes, 0.02, 20)));
  EXPECT_TRUE(std::isnan(findUnsharedLevel({}, 0.02, 1)));
}

TEST(CoreSharingTest, ARecurringLevelMustHoldAShareOfAllReadings) {
  // 3 low readings agree, but they are fewer than 5% of 100: the level is
  // the 97 readings' 1.0.
  std::vector<double> Probes(97, 1.0);
  Probes.insert(Probes.end(), {0.8, 0.8, 0.8});
  EXPECT_DOUBLE_EQ(findUnsharedLevel(Probes, 0.02, 3), 1.0);
}

TEST(CoreSharingTest, SlowedChainsAreToldByTheirNeighboursInTime) {
  // Zen 1 under load: 40 samples at 0.665 ticks per cycle, then 60 at
  // 0.782 (the clock stepped down), probe 1.21 cycles per group
  // throughout. Every fourth sample of the fast stretch had its calibration
  // chains slowed 12%: its ticks per cycle read 0.745, below the median of
  // all (0.782), and its probe 1.08. The level is the quiet 1.21 all the
  // same, not the slowed chains' 1.08.
  std::vector<double> Probes, Ratios;
  for (int I = 0; I < 100; ++I) {
    bool Fast = I < 40;
    bool Slowed = Fast && I % 4 == 1;
    Ratios.push_back(Fast ? (Slowed ? 0.665 * 1.12 : 0.665) : 0.782);
    Probes.push_back(Slowed ? 1.21 / 1.12 : 1.21);
  }
  EXPECT_DOUBLE_EQ(findUnsharedLevel(Probes, Ratios, 0.02, 5), 1.21);
  // The clock step alone is no slowed chain: with no sample slowed, the
  // probe's readings after the step (here 1% lower) are still the level.
  std::vector<double> Stepped(100, 1.21);
  std::fill(Stepped.begin() + 40, Stepped.end(), 1.2);
  std::vector<double> StepRatios(100, 0.665);
  std::fill(StepRatios.begin() + 40, StepRatios.end(), 0.782);
  EXPECT_NEAR(findUnsharedLevel(Stepped, StepRatios, 0.02, 5), 1.2, 0.006);
}

TEST(CoreSharingTest, SamplesAwayFromTheLevelAreDropped) {
  // 2% above the level, 1% below.
  size_t Dropped = 0;
  std::vector<double> Kept = dropSharedSamples(
      {4.0, 6.0, 3.0, 4.01, 5.0, 3.96, 3.94},
      {1.0, 1.5, 0.9, 1.019, NAN, 0.991, 0.985}, 1.0, 0.02, 0.01, Dropped);
  EXPECT_EQ(Dropped, 3u);
  ASSERT_EQ(Kept.size(), 7u);
  EXPECT_EQ(Kept[0], 4.0);
  EXPECT_TRUE(std::isnan(Kept[1]));
  EXPECT_TRUE(std::isnan(Kept[2]));
  EXPECT_EQ(Kept[3], 4.01);
  // No probe reading: kept.
  EXPECT_EQ(Kept[4], 5.0);
  EXPECT_EQ(Kept[5], 3.96);
  EXPECT_TRUE(std::isnan(Kept[6]));
  // No level: everything kept.
  Kept = dropSharedSamples({4.0, 6.0}, {1.0, 1.5}, NAN, 0.02, 0.01, Dropped);
  EXPECT_EQ(Dropped, 0u);
  EXPECT_EQ(Kept[1], 6.0);
}

} // namespace
