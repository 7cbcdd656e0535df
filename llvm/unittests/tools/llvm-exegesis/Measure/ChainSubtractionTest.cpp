//===-- ChainSubtractionTest.cpp - Helper chains' latency taken out -------===//
//
// The arithmetic of subtracted helper chains on readings alone: exact
// shares, a crossing bounded by its round trip, chains added back (negative
// shares), and the refusals (a result not above 0, a chain that reads no
// latency, bounds that cross).
//
//===----------------------------------------------------------------------===//

#include "Measure/ChainSubtraction.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

ChainReading exact(double PerRepetition, StringRef Name = "`andl $0, %eax`") {
  ChainReading R;
  R.Name = Name.str();
  R.PerRepetition = PerRepetition;
  return R;
}

/// Half of a round trip of \p RoundTrip cycles, each way at least a cycle.
ChainReading halfRoundTrip(double RoundTrip) {
  ChainReading R;
  R.Name = "`vmovd %xmm0, %eax; vmovd %eax, %xmm0`";
  R.Share = 0.5;
  R.Bounds = SubtractedBounds{0, 1, 1, -1};
  R.PerRepetition = RoundTrip;
  return R;
}

/// \p R added back: its share and its bounds negated, as a store's chain
/// puts back the helpers of the reload chain it subtracts.
ChainReading addedBack(ChainReading R) {
  R.Share = -R.Share;
  if (R.Bounds)
    R.Bounds = SubtractedBounds{-R.Bounds->HighShare, -R.Bounds->HighCycles,
                                -R.Bounds->LowShare, -R.Bounds->LowCycles};
  return R;
}

std::string errorOf(Expected<ChainSubtraction> Result) {
  EXPECT_FALSE(static_cast<bool>(Result));
  return Result ? std::string() : toString(Result.takeError());
}

TEST(ChainSubtractionTest, ExactSharesAreSubtracted) {
  Expected<ChainSubtraction> R = subtractChains(6.0, {exact(1.0)});
  ASSERT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  EXPECT_DOUBLE_EQ(R->Latency, 5.0);
  EXPECT_DOUBLE_EQ(R->Low, 5.0);
  EXPECT_DOUBLE_EQ(R->High, 5.0);
  EXPECT_NE(R->Info.find("6.000 cycles a repetition less 1 x 1.000 "
                         "(`andl $0, %eax`)"),
            std::string::npos)
      << R->Info;
  // No bounds to give when every share is exact.
  EXPECT_EQ(R->Info.find("between"), std::string::npos) << R->Info;
}

TEST(ChainSubtractionTest, HalfARoundTripIsBoundedByIt) {
  // A load (4), the crossing and the and (1): 11 cycles; the round trip 6.
  Expected<ChainSubtraction> R =
      subtractChains(11.0, {halfRoundTrip(6.0), exact(1.0)});
  ASSERT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  EXPECT_DOUBLE_EQ(R->Latency, 11.0 - 3.0 - 1.0);
  // The crossing lies within [1, 5]: the latency within [11-5-1, 11-1-1].
  EXPECT_DOUBLE_EQ(R->Low, 5.0);
  EXPECT_DOUBLE_EQ(R->High, 9.0);
  EXPECT_NE(R->Info.find("0.5 x 6.000"), std::string::npos) << R->Info;
  EXPECT_NE(R->Info.find("between 5.000 and 9.000 cycles"), std::string::npos)
      << R->Info;
  // Four cycles wide: the middle is no value to stand behind.
  EXPECT_NE(R->Info.find("; warning: the value is the middle of those bounds"),
            std::string::npos)
      << R->Info;
}

TEST(ChainSubtractionTest, ALowBoundRaisedToACycleIsSaid) {
  // An x87 compare's chain of 16 cycles, measured again (half of it at
  // least 2, at most 2 short of it) and a helper round trip of 10 (a
  // quarter of it, at least 1, at most 1 short of its half): 5.5 cycles,
  // within [1, 13]; the chains alone give [-2, 13], whose middle it is.
  ChainReading Again{0.5, SubtractedBounds{0, 2, 1, -2}, "`again`", 16.0};
  ChainReading Helpers{0.25, SubtractedBounds{0, 1, 0.5, -1}, "`helpers`",
                       10.0};
  Expected<ChainSubtraction> R = subtractChains(16.0, {Again, Helpers});
  ASSERT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  EXPECT_DOUBLE_EQ(R->Latency, 5.5);
  EXPECT_DOUBLE_EQ(R->Low, 1.0);
  EXPECT_DOUBLE_EQ(R->High, 13.0);
  EXPECT_NE(R->Info.find("between 1.000 and 13.000 cycles; warning: the value "
                         "is the middle of those bounds as the chains give "
                         "them, -2.000 to 13.000 cycles, before the low one is "
                         "raised to a cycle (a helper's share"),
            std::string::npos)
      << R->Info;
}

TEST(ChainSubtractionTest, NarrowBoundsNeedNoWarning) {
  // A round trip of 2.8 cycles: the crossing within [1, 1.8].
  Expected<ChainSubtraction> R = subtractChains(6.0, {halfRoundTrip(2.8)});
  ASSERT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  EXPECT_NE(R->Info.find("between 4.200 and 5.000 cycles"), std::string::npos)
      << R->Info;
  EXPECT_EQ(R->Info.find("warning"), std::string::npos) << R->Info;
}

TEST(ChainSubtractionTest, BoundsThatMeetWithinNoiseSayTheValueIsExact) {
  // A round trip read 2.002 (1 + 1 and noise): the low bound 1.000 would
  // sit above the high bound 0.999 if printed as they come.
  Expected<ChainSubtraction> R = subtractChains(2.0, {halfRoundTrip(2.002)});
  ASSERT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  EXPECT_EQ(R->Info.find("between"), std::string::npos) << R->Info;
  EXPECT_NE(R->Info.find("the round trips pin the helpers' shares"),
            std::string::npos)
      << R->Info;
  EXPECT_LE(R->Low, R->High);
}

TEST(ChainSubtractionTest, ARoundTripOfTwoCyclesIsExact) {
  Expected<ChainSubtraction> R = subtractChains(7.0, {halfRoundTrip(2.0)});
  ASSERT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  EXPECT_DOUBLE_EQ(R->Latency, 6.0);
  EXPECT_DOUBLE_EQ(R->Low, 6.0);
  EXPECT_DOUBLE_EQ(R->High, 6.0);
}

TEST(ChainSubtractionTest, LowBoundIsAtLeastACycle) {
  Expected<ChainSubtraction> R = subtractChains(6.0, {halfRoundTrip(8.0)});
  ASSERT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  EXPECT_DOUBLE_EQ(R->Latency, 2.0);
  EXPECT_DOUBLE_EQ(R->Low, 1.0);
  EXPECT_DOUBLE_EQ(R->High, 5.0);
}

TEST(ChainSubtractionTest, NothingLeftIsRefused) {
  std::string Error = errorOf(subtractChains(1.0, {exact(1.0)}));
  EXPECT_NE(Error.find("is 0.000 cycles"), std::string::npos) << Error;
  Error = errorOf(subtractChains(3.0, {halfRoundTrip(6.0), exact(1.0)}));
  EXPECT_NE(Error.find("is -1.000 cycles"), std::string::npos) << Error;
  EXPECT_NE(Error.find("not a latency"), std::string::npos) << Error;
}

TEST(ChainSubtractionTest, AChainWithoutLatencyIsRefused) {
  std::string Error = errorOf(subtractChains(6.0, {exact(0.0)}));
  EXPECT_NE(Error.find("`andl $0, %eax` read 0.000"), std::string::npos)
      << Error;
  errorOf(subtractChains(6.0, {exact(std::nan(""))}));
}

TEST(ChainSubtractionTest, ARoundTripFasterThanItsInstructionsIsRefused) {
  // Two instructions of at least a cycle each cannot round-trip in 1.5.
  std::string Error = errorOf(subtractChains(6.0, {halfRoundTrip(1.5)}));
  EXPECT_NE(Error.find("less than its own instructions take"),
            std::string::npos)
      << Error;
  // Noise just below 2 is not refused.
  Expected<ChainSubtraction> R = subtractChains(6.0, {halfRoundTrip(1.98)});
  ASSERT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  EXPECT_LE(R->Low, R->Latency);
  EXPECT_GE(R->High, R->Latency);
}

TEST(ChainSubtractionTest, NegativeSharesAreAddedBack) {
  // A store and its reload: 12 cycles. The reload's chain through its
  // address reads 9 (the load, the crossing, the and); its and (1) and half
  // its round trip (6) are not the reload's, so they are added back: the
  // reload is 9 - 1 - 3 = 5 and the store 12 - 5 = 7.
  Expected<ChainSubtraction> R =
      subtractChains(12.0, {exact(9.0, "`reload`"), addedBack(exact(1.0)),
                            addedBack(halfRoundTrip(6.0))});
  ASSERT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  EXPECT_DOUBLE_EQ(R->Latency, 7.0);
  // The crossing within [1, 5]: the reload within [3, 7], the store within
  // [5, 9].
  EXPECT_DOUBLE_EQ(R->Low, 5.0);
  EXPECT_DOUBLE_EQ(R->High, 9.0);
  EXPECT_NE(R->Info.find("12.000 cycles a repetition less 1 x 9.000 "
                         "(`reload`) plus 1 x 1.000 (`andl $0, %eax`), "
                         "0.5 x 6.000 (`vmovd"),
            std::string::npos)
      << R->Info;
  EXPECT_NE(R->Info.find("between 5.000 and 9.000 cycles"), std::string::npos)
      << R->Info;
}

TEST(ChainSubtractionTest, NothingLeftWithAddedBackChainsSaysBoth) {
  // A host that renames memory: the store and its reload read 1.5 cycles,
  // below the reload's own latency.
  std::string Error = errorOf(
      subtractChains(1.5, {exact(9.0, "`reload`"), addedBack(exact(1.0))}));
  EXPECT_NE(Error.find("is -6.500 cycles (1.500 a repetition less 1 x 9.000 "
                       "(`reload`) plus 1 x 1.000 (`andl $0, %eax`))"),
            std::string::npos)
      << Error;
}

} // namespace
