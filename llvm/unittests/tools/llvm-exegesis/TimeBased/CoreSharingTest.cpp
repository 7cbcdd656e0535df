//===-- CoreSharingTest.cpp - The core-sharing probe's verdicts -*- C++ -*-===//

#include "lib/TimeBased/CoreSharing.h"
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
