//===-- KernelTest.cpp - Mixtures of basic instructions -------------------===//

#include "PortMap/Kernel.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis::portmap;

namespace {

TEST(KernelTest, CountsAndSets) {
  Kernel K = {{1, 3}, {4, 2}, {7, 1}};
  EXPECT_EQ(getTotalCount(K), 6u);
  EXPECT_EQ(getSupport(K),
            (uint64_t(1) << 1) | (uint64_t(1) << 4) | (uint64_t(1) << 7));
  EXPECT_EQ(getLoad(K, (uint64_t(1) << 4) | (uint64_t(1) << 7)), 3u);
  EXPECT_EQ(getLoad(K, uint64_t(1) << 2), 0u);
}

TEST(KernelTest, RenamesAndSortsAgain) {
  Kernel K = {{0, 3}, {1, 2}};
  Kernel R = renameInstructions(K, {5, 2});
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].Instr, 2u);
  EXPECT_EQ(R[0].Count, 2u);
  EXPECT_EQ(R[1].Instr, 5u);
  EXPECT_EQ(R[1].Count, 3u);
}

TEST(KernelTest, Formats) {
  std::string Names[] = {"ADD", "LOAD"};
  EXPECT_EQ(formatKernel({{0, 3}, {1, 2}}, Names), "3*ADD + 2*LOAD");
}

} // namespace
