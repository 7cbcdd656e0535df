//===-- OperandPairKeyTest.cpp - The keys of operand-pair latencies -------===//

#include "Results/OperandPairKey.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TEST(OperandPairKeyTest, KeyAndNameRoundTrip) {
  EXPECT_EQ(getOperandPairKey("op2->op0"), "latency[op2->op0]");
  EXPECT_EQ(getOperandPairName("latency[op2->op0]"), StringRef("op2->op0"));
  EXPECT_EQ(getOperandPairName("latency[EFLAGS->op0]"),
            StringRef("EFLAGS->op0"));
  EXPECT_EQ(getOperandPairName("latency"), std::nullopt);
  EXPECT_EQ(getOperandPairName("latency[op2]"), std::nullopt);
  EXPECT_EQ(getOperandPairName("HWPort0"), std::nullopt);
}

TEST(OperandPairKeyTest, MeasurementsBeforeThePairs) {
  std::vector<BenchmarkMeasure> M(3);
  M[0].Key = "latency";
  M[1].Key = "latency[op1->op0]";
  M[2].Key = "latency[op2->op0]";
  EXPECT_EQ(withoutOperandPairs(M).size(), 1u);
  M.resize(1);
  EXPECT_EQ(withoutOperandPairs(M).size(), 1u);
  EXPECT_TRUE(withoutOperandPairs({}).empty());
}

} // namespace
