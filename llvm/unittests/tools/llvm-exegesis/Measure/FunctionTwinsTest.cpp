//===-- FunctionTwinsTest.cpp - A measured function and its 2N twin -------===//

#include "Measure/FunctionTwins.h"
#include "Core/LLVMState.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

AssembledFunction straightLine(uint64_t Instructions, uint64_t Bytes) {
  AssembledFunction F;
  F.NumExecutedInstructions = Instructions;
  F.NumSnippetRepetitions = Instructions;
  F.RepeatedBytes = Bytes;
  return F;
}

class FunctionTwinsTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    X86 = cantFail(LLVMState::create("x86_64-pc-linux-gnu", "znver4"));
  }
  static void TearDownTestSuite() { X86.reset(); }
  static std::unique_ptr<LLVMState> X86;
};

std::unique_ptr<LLVMState> FunctionTwinsTest::X86;

TEST_F(FunctionTwinsTest, MiddleHalfPairsItsTwoFunctions) {
  std::vector<MeasuredFunction> Functions(2);
  std::vector<AssembledFunction> Twins;
  Expected<std::vector<MeasuredVariant>> Variants =
      pairWithTwins(*X86, BenchmarkCode(), Functions,
                    RepetitionMode::MiddleHalfLoop, true, Twins);
  ASSERT_TRUE(static_cast<bool>(Variants));
  ASSERT_EQ(Variants->size(), 1u);
  EXPECT_EQ((*Variants)[0].Short, &Functions[0].Function);
  EXPECT_EQ((*Variants)[0].Long, &Functions[1].Function);
  EXPECT_TRUE(Twins.empty());

  Functions.pop_back();
  Expected<std::vector<MeasuredVariant>> One =
      pairWithTwins(*X86, BenchmarkCode(), Functions,
                    RepetitionMode::MiddleHalfDuplicate, true, Twins);
  EXPECT_EQ(toString(One.takeError()),
            "middle-half repetition needs two functions");
}

TEST_F(FunctionTwinsTest, WithoutTwinsEachFunctionIsAVariantOfItsOwn) {
  std::vector<MeasuredFunction> Functions(2);
  std::vector<AssembledFunction> Twins;
  Expected<std::vector<MeasuredVariant>> Variants =
      pairWithTwins(*X86, BenchmarkCode(), Functions,
                    RepetitionMode::AggregateMin, false, Twins);
  ASSERT_TRUE(static_cast<bool>(Variants));
  ASSERT_EQ(Variants->size(), 2u);
  for (size_t I = 0; I < 2; ++I) {
    EXPECT_EQ((*Variants)[I].Short, &Functions[I].Function);
    EXPECT_EQ((*Variants)[I].Long, nullptr);
  }
}

TEST_F(FunctionTwinsTest, TheValueIsDividedByTheInstructionsDifferenced) {
  AssembledFunction Short = straightLine(10225, 0);
  AssembledFunction Long = straightLine(20450, 0);
  EXPECT_EQ(getDifferencedInstructions({&Short, nullptr}), 10225u);
  EXPECT_EQ(getDifferencedInstructions({&Short, &Long}), 10225u);
  Long.NumExecutedInstructions = 20041;
  EXPECT_EQ(getDifferencedInstructions({&Short, &Long}), 9816u);
  EXPECT_EQ(runLengthOf(Short).Instructions, 10225u);
  EXPECT_FALSE(runLengthOf(nullptr).has_value());
}

TEST_F(FunctionTwinsTest, TwinsBeyondTheInstructionCacheAreWarnedOf) {
  // No L1 instruction cache holds a GiB.
  AssembledFunction Short = straightLine(100000000, uint64_t(1) << 29);
  AssembledFunction Long = straightLine(200000000, uint64_t(1) << 30);
  std::string Warning = twinsBeyondL1InstructionCache(Short, &Long);
  EXPECT_EQ(Warning.rfind("warning: the straight-line N and 2N functions "
                          "take 524288.0 and 1048576.0 KiB, more than the ",
                          0),
            0u)
      << Warning;
  EXPECT_NE(Warning.find("or fewer keeps them within it"), std::string::npos);
  // Nothing to warn of without a twin, for a loop, or for twins that fit.
  EXPECT_EQ(twinsBeyondL1InstructionCache(Short, nullptr), "");
  Short.IsLoop = true;
  EXPECT_EQ(twinsBeyondL1InstructionCache(Short, &Long), "");
  AssembledFunction Small = straightLine(10, 30);
  AssembledFunction SmallTwin = straightLine(20, 60);
  EXPECT_EQ(twinsBeyondL1InstructionCache(Small, &SmallTwin), "");
}

} // namespace
