//===-- NearestNameTest.cpp - The closest known name, for a hint ----------===//
//
// Which name a "did you mean" hint offers, alone and over a real target's
// opcodes and registers.
//
//===----------------------------------------------------------------------===//

#include "Support/NearestName.h"
#include "Core/LLVMState.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

std::optional<StringRef> nearest(StringRef Wanted,
                                 std::initializer_list<StringRef> Names) {
  NearestNameFinder Finder(Wanted);
  for (StringRef Name : Names)
    Finder.consider(Name);
  return Finder.getNearest();
}

TEST(NearestNameTest, OffersTheClosestNameWithinTwoEdits) {
  EXPECT_EQ(nearest("VADDPDYrrr", {"VADDPSYrr", "VADDPDYrr", "VADDPDrr"}),
            "VADDPDYrr");
  EXPECT_EQ(nearest("IMUL64r", {"IMUL64rri8", "IMUL64rr"}), "IMUL64rr");
  EXPECT_EQ(nearest("ADD64rrrr", {"ADD64rr", "ADD32rr"}), "ADD64rr");
  EXPECT_EQ(nearest("ADD64rrrrr", {"ADD64rr"}), std::nullopt);
  EXPECT_EQ(nearest("FROBNICATE", {"ADD64rr", "FCOMPP", "NOOP"}), std::nullopt);
}

TEST(NearestNameTest, ACaseMisspellingWinsOverEdits) {
  EXPECT_EQ(nearest("add64rr", {"ADD64ri", "ADD64rr"}), "ADD64rr");
  EXPECT_EQ(nearest("rax", {"RAX", "RBX"}), "RAX");
}

TEST(NearestNameTest, ShortNamesGetFewerEdits) {
  // One edit in three characters is still a likely typo; two are not.
  EXPECT_EQ(nearest("RZX", {"RAX"}), "RAX");
  EXPECT_EQ(nearest("RZZ", {"RAX"}), std::nullopt);
  // Two characters: any other two-character name is one edit away.
  EXPECT_EQ(nearest("AZ", {"AX", "AH"}), std::nullopt);
  EXPECT_EQ(nearest("ax", {"AX"}), "AX");
}

TEST(NearestNameTest, TheFirstOfEquallyCloseNamesWins) {
  EXPECT_EQ(nearest("ADD64rx", {"ADD64rm", "ADD64rr"}), "ADD64rm");
  EXPECT_EQ(nearest("ADD64rx", {"ADD64rr", "ADD64rm"}), "ADD64rr");
}

TEST(NearestNameTest, NeverOffersTheNameItself) {
  EXPECT_EQ(nearest("ADD64rr", {"ADD64rr"}), std::nullopt);
  EXPECT_EQ(nearest("ADD64rr", {"", "ADD64rr"}), std::nullopt);
}

TEST(NearestNameTest, LooksAtEveryNameOfTheTarget) {
  Expected<std::unique_ptr<LLVMState>> State =
      LLVMState::create("x86_64-unknown-linux-gnu", "znver4");
  ASSERT_TRUE(static_cast<bool>(State)) << toString(State.takeError());
  EXPECT_EQ((*State)->findNearestOpcodeName("VADDPDYrrr"), "VADDPDYrr");
  // Generic opcodes (numbered before the target's) are names too.
  EXPECT_EQ((*State)->findNearestOpcodeName("INLINEASMM"), "INLINEASM");
  EXPECT_EQ((*State)->findNearestOpcodeName("NOT_AN_OPCODE_AT_ALL"),
            std::nullopt);
  EXPECT_EQ((*State)->findNearestRegisterName("XMM33"), "XMM3");
  EXPECT_EQ((*State)->findNearestRegisterName("eflags"), "EFLAGS");
}

} // namespace
