//===-- SeededChoiceTest.cpp - Reproducible random choices ----------------===//
//
// The indices a seed draws, and that they cover the range evenly.
//
//===----------------------------------------------------------------------===//

#include "Snippets/SeededChoice.h"
#include "gtest/gtest.h"
#include <vector>

namespace llvm {
namespace exegesis {
namespace {

std::vector<size_t> draw(uint32_t Seed, size_t N, unsigned Count) {
  SeededChoice Choice(Seed);
  std::vector<size_t> Indices;
  for (unsigned I = 0; I < Count; ++I)
    Indices.push_back(Choice.index(N));
  return Indices;
}

// The sequences are fixed by std::mt19937 and the multiply-and-reject
// mapping: the same on every machine and C++ library, and the indices
// upstream llvm-exegesis (built with libstdc++) draws for the same seed.
TEST(SeededChoiceTest, OneSeedGivesOneSequence) {
  EXPECT_EQ(draw(5, 15, 4), (std::vector<size_t>{3, 0, 13, 12}));
  EXPECT_EQ(draw(1, 15, 4), (std::vector<size_t>{6, 14, 10, 13}));
  EXPECT_EQ(draw(1, 16, 4), (std::vector<size_t>{6, 15, 11, 14}));
  EXPECT_EQ(draw(5, 15, 4), draw(5, 15, 4));
}

TEST(SeededChoiceTest, DrawsAgainInsteadOfFavouringLowIndices) {
  // Below a range of 3 * 2^30 a third of the 32-bit numbers would make the
  // low indices twice as likely: seed 0's first number is one, and the
  // index comes from the next.
  const size_t N = size_t(3) << 30;
  EXPECT_EQ(draw(0, N, 1), (std::vector<size_t>{1909686179}));
  EXPECT_EQ(draw(1, N, 1), (std::vector<size_t>{1343321883}));
}

TEST(SeededChoiceTest, EveryIndexBelowTheRangeComesUp) {
  SeededChoice Choice(7);
  std::vector<unsigned> Seen(15);
  for (unsigned I = 0; I < 3000; ++I) {
    size_t Index = Choice.index(15);
    ASSERT_LT(Index, 15u);
    ++Seen[Index];
  }
  for (unsigned Count : Seen)
    EXPECT_GT(Count, 100u);
}

TEST(SeededChoiceTest, AChoiceAmongOneStillTakesTheSequenceFurther) {
  SeededChoice Choice(5);
  EXPECT_EQ(Choice.index(1), 0u);
  EXPECT_EQ(Choice.index(15), 0u);
}

} // namespace
} // namespace exegesis
} // namespace llvm
