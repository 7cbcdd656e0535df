//===-- PortMappingTest.cpp - Basic instructions on ports -----------------===//

#include "PortMap/PortMapping.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis::portmap;

namespace {

/// a on port 0, b on port 1, ab on either.
PortMapping makeSmallMapping() {
  PortMapping PM;
  PM.NumPorts = 2;
  PM.PortSets = {0b01, 0b10, 0b11};
  return PM;
}

TEST(PortMappingTest, CyclesOfTheMostLoadedPortSet) {
  PortMapping PM = makeSmallMapping();
  EXPECT_DOUBLE_EQ(PM.predictCycles({{0, 1}}), 1.0);
  EXPECT_DOUBLE_EQ(PM.predictCycles({{2, 1}}), 0.5);
  // a and b on ports of their own: 1 cycle for one of each.
  EXPECT_DOUBLE_EQ(PM.predictCycles({{0, 1}, {1, 1}}), 1.0);
  // 3 a and 1 ab: port 0 takes the a's, 3 cycles.
  EXPECT_DOUBLE_EQ(PM.predictCycles({{0, 3}, {2, 1}}), 3.0);
  // 1 a and 3 ab: 4 micro-ops on both ports, 2 cycles.
  EXPECT_DOUBLE_EQ(PM.predictCycles({{0, 1}, {2, 3}}), 2.0);
}

TEST(PortMappingTest, DispatchWidthBoundsEveryKernel) {
  PortMapping PM = makeSmallMapping();
  PM.DispatchWidth = 1;
  EXPECT_DOUBLE_EQ(PM.predictCycles({{0, 1}, {1, 1}}), 2.0);
  EXPECT_DOUBLE_EQ(PM.predictCycles({{2, 4}}), 4.0);
}

TEST(PortMappingTest, ManyInstructionsOnFewPorts) {
  // More kernel terms than ports: the port sets are enumerated instead.
  PortMapping PM;
  PM.NumPorts = 1;
  PM.PortSets = {1, 1, 1};
  EXPECT_DOUBLE_EQ(PM.predictCycles({{0, 1}, {1, 2}, {2, 3}}), 6.0);
}

TEST(PortMappingTest, SameUpToPortRenaming) {
  PortMapping A = makeSmallMapping();
  PortMapping B;
  B.NumPorts = 4;
  // Ports 0 and 1 swapped, moved to 3 and 2; ports 0 and 1 unused.
  B.PortSets = {0b1000, 0b0100, 0b1100};
  EXPECT_TRUE(isSameUpToPortRenaming(A, B));
  B.PortSets[2] = 0b0100;
  EXPECT_FALSE(isSameUpToPortRenaming(A, B));
  B.PortSets[2] = 0b1100;
  B.DispatchWidth = 2;
  EXPECT_FALSE(isSameUpToPortRenaming(A, B));
}

TEST(PortMappingTest, FormatsPorts) {
  EXPECT_EQ(formatPorts(0b1101), "p0,p2,p3");
  EXPECT_EQ(formatPorts(0), "");
}

} // namespace
