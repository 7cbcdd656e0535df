//===-- SnippetLocationTableTest.cpp - Offsets of snippet instructions ----===//
//
// A table of repeated copies must answer as the full list of the same
// locations would: by index, by offset, and nothing outside the copies.
//
//===----------------------------------------------------------------------===//

#include "Assembly/SnippetLocationTable.h"
#include "gtest/gtest.h"

namespace llvm {
namespace exegesis {
namespace {

// Three copies of a 2-instruction snippet (a 3-byte and a 4-byte one) from
// offset 40: instructions at 40, 43, 47, 50, 54, 57.
SnippetLocationTable threeCopies() {
  return SnippetLocationTable::repeated(40, 7, {0, 3}, 3);
}

std::vector<SnippetInstructionLocation> threeCopiesListed() {
  return {{40, 0}, {43, 1}, {47, 0}, {50, 1}, {54, 0}, {57, 1}};
}

TEST(SnippetLocationTableTest, RepeatedCopiesReadLikeTheirList) {
  SnippetLocationTable Repeated = threeCopies();
  SnippetLocationTable Listed =
      SnippetLocationTable::listed(threeCopiesListed());
  ASSERT_EQ(Repeated.size(), 6u);
  ASSERT_EQ(Listed.size(), 6u);
  for (uint64_t I = 0; I < 6; ++I) {
    EXPECT_EQ(Repeated[I], threeCopiesListed()[I]);
    EXPECT_EQ(Listed[I], threeCopiesListed()[I]);
  }
  for (uint64_t Offset = 0; Offset < 80; ++Offset)
    EXPECT_EQ(Repeated.find(Offset), Listed.find(Offset)) << Offset;
}

TEST(SnippetLocationTableTest, FindsOnlyInstructionStartsInsideTheCopies) {
  SnippetLocationTable Table = threeCopies();
  EXPECT_EQ(Table.find(50), (SnippetInstructionLocation{50, 1}));
  EXPECT_EQ(Table.find(54), (SnippetInstructionLocation{54, 0}));
  EXPECT_EQ(Table.find(39), std::nullopt); // before the first copy
  EXPECT_EQ(Table.find(41), std::nullopt); // inside an instruction
  EXPECT_EQ(Table.find(61), std::nullopt); // where a fourth copy would start
}

TEST(SnippetLocationTableTest, EmptyTablesFindNothing) {
  EXPECT_TRUE(SnippetLocationTable().empty());
  EXPECT_EQ(SnippetLocationTable().find(0), std::nullopt);
  SnippetLocationTable NoInstructions =
      SnippetLocationTable::repeated(16, 0, {}, 100);
  EXPECT_TRUE(NoInstructions.empty());
  EXPECT_EQ(NoInstructions.find(16), std::nullopt);
}

} // namespace
} // namespace exegesis
} // namespace llvm
