//===-- SnippetRepetitorTest.cpp - Repetition counts ----------------------===//

#include "Assembly/SnippetRepetitor.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace llvm::exegesis;

namespace {

TEST(SnippetRepetitorTest, DuplicateCopiesWholeSnippetsUntilMinInstructions) {
  RepetitionPlan Plan = planRepetition(SnippetRepetition::Duplicate, 3,
                                       /*MinInstructions=*/10, 0);
  EXPECT_FALSE(Plan.IsLoop);
  EXPECT_EQ(Plan.CopiesEmitted, 4u);
  EXPECT_EQ(Plan.LoopIterations, 1u);
  EXPECT_EQ(Plan.NumSnippetRepetitions, 4u);
  EXPECT_EQ(Plan.NumExecutedInstructions, 12u);

  Plan = planRepetition(SnippetRepetition::Duplicate, 1, 10000, 0);
  EXPECT_EQ(Plan.CopiesEmitted, 10000u);
  EXPECT_EQ(Plan.NumExecutedInstructions, 10000u);
}

TEST(SnippetRepetitorTest, DuplicateEmitsTheSnippetAtLeastOnce) {
  RepetitionPlan Plan =
      planRepetition(SnippetRepetition::Duplicate, 5, /*MinInstructions=*/2, 0);
  EXPECT_EQ(Plan.CopiesEmitted, 1u);
  EXPECT_EQ(Plan.NumExecutedInstructions, 5u);
}

TEST(SnippetRepetitorTest, LoopUnrollsToTheBodySizeAndIteratesToMin) {
  // Upstream's figures: one instruction, body of 7, 100 instructions: the
  // body holds 7 copies and runs 15 times.
  RepetitionPlan Plan = planRepetition(SnippetRepetition::Loop, 1, 100, 7);
  EXPECT_TRUE(Plan.IsLoop);
  EXPECT_EQ(Plan.CopiesEmitted, 7u);
  EXPECT_EQ(Plan.LoopIterations, 15u);
  EXPECT_EQ(Plan.NumSnippetRepetitions, 105u);
  EXPECT_EQ(Plan.NumExecutedInstructions, 105u);

  // Body size rounds up to whole snippets: 3 instructions, body of 5 -> 6.
  Plan = planRepetition(SnippetRepetition::Loop, 3, 10, 5);
  EXPECT_EQ(Plan.CopiesEmitted, 2u);
  EXPECT_EQ(Plan.LoopIterations, 2u);
  EXPECT_EQ(Plan.NumExecutedInstructions, 12u);

  // No body size: one snippet per iteration.
  Plan = planRepetition(SnippetRepetition::Loop, 3, 10, 0);
  EXPECT_EQ(Plan.CopiesEmitted, 1u);
  EXPECT_EQ(Plan.LoopIterations, 4u);
}

TEST(SnippetRepetitorTest, LoopRunsAtLeastOnce) {
  RepetitionPlan Plan = planRepetition(SnippetRepetition::Loop, 4, 1, 100);
  EXPECT_EQ(Plan.CopiesEmitted, 25u);
  EXPECT_EQ(Plan.LoopIterations, 1u);
}

TEST(SnippetRepetitorTest, LoopBodySizedByBytes) {
  // 12 instructions in 36 bytes: 56 copies fit in 2048 bytes.
  RepetitionPlan Plan = planRepetition(SnippetRepetition::Loop, 12, 10000, 0,
                                       /*SnippetBytes=*/36,
                                       /*LoopBodyBytes=*/2048);
  EXPECT_EQ(Plan.CopiesEmitted, 56u);
  EXPECT_EQ(Plan.LoopIterations, 15u);
  EXPECT_EQ(Plan.NumExecutedInstructions, 56u * 12 * 15);

  // A larger -loop-body-size wins over the byte budget.
  Plan = planRepetition(SnippetRepetition::Loop, 1, 10000, 1000, 3, 2048);
  EXPECT_EQ(Plan.CopiesEmitted, 1000u);

  // Never more copies than duplicating would lay out.
  Plan = planRepetition(SnippetRepetition::Loop, 1, 100, 0, 3, 2048);
  EXPECT_EQ(Plan.CopiesEmitted, 100u);
  EXPECT_EQ(Plan.LoopIterations, 1u);

  // A snippet larger than the budget: one copy per iteration.
  Plan = planRepetition(SnippetRepetition::Loop, 700, 10000, 0, 4000, 2048);
  EXPECT_EQ(Plan.CopiesEmitted, 1u);
  EXPECT_EQ(Plan.LoopIterations, 15u);

  // Straight-line code ignores the budget.
  Plan = planRepetition(SnippetRepetition::Duplicate, 1, 100, 0, 3, 2048);
  EXPECT_FALSE(Plan.IsLoop);
  EXPECT_EQ(Plan.CopiesEmitted, 100u);
}

TEST(SnippetRepetitorTest, StraightLineLimitedByBytes) {
  // 12 instructions in 41 bytes: 299 copies fit in 12288 bytes.
  RepetitionPlan Plan = planRepetition(SnippetRepetition::Duplicate, 12, 10000,
                                       0, /*SnippetBytes=*/41,
                                       /*LoopBodyBytes=*/0,
                                       /*StraightLineMaxBytes=*/12288);
  EXPECT_EQ(Plan.CopiesEmitted, 299u);
  EXPECT_EQ(Plan.NumExecutedInstructions, 299u * 12);

  // Fewer copies asked than fit: as asked.
  Plan =
      planRepetition(SnippetRepetition::Duplicate, 12, 1200, 0, 41, 0, 12288);
  EXPECT_EQ(Plan.CopiesEmitted, 100u);

  // A snippet larger than the limit: one copy.
  Plan = planRepetition(SnippetRepetition::Duplicate, 900, 10000, 0, 20000, 0,
                        12288);
  EXPECT_EQ(Plan.CopiesEmitted, 1u);

  // A loop ignores the limit.
  Plan = planRepetition(SnippetRepetition::Loop, 12, 10000, 0, 41, 2048, 12);
  EXPECT_TRUE(Plan.IsLoop);
  EXPECT_EQ(Plan.CopiesEmitted, 49u);
}

TEST(SnippetRepetitorTest, StraightLineTwinsFitTheInstructionCache) {
  // The 2N function takes three quarters of the cache.
  EXPECT_EQ(getStraightLineMaxBytes(32768), 12288u);
  EXPECT_EQ(getStraightLineMaxBytes(65536), 24576u);
  EXPECT_LE(2 * getStraightLineMaxBytes(49152), 49152u * 3 / 4);
}

TEST(SnippetRepetitorTest, EmptySnippetHasNothingToRepeat) {
  for (SnippetRepetition R :
       {SnippetRepetition::Duplicate, SnippetRepetition::Loop}) {
    RepetitionPlan Plan = planRepetition(R, 0, 10000, 10);
    EXPECT_FALSE(Plan.IsLoop);
    EXPECT_EQ(Plan.CopiesEmitted, 0u);
    EXPECT_EQ(Plan.NumExecutedInstructions, 0u);
    EXPECT_EQ(Plan.NumSnippetRepetitions, 0u);
  }
}

TEST(SnippetRepetitorTest, TimedLoopCallsLastWhatTheModelSaysIsLongEnough) {
  // Four adds a cycle: 100000 cycles take 400000 instructions, more than
  // 32 times what was asked.
  EXPECT_EQ(getTimeBasedLoopInstructions(10000, 0.25),
            10000 * MaxTimeBasedLoopLengthening);
  EXPECT_EQ(getTimeBasedLoopInstructions(10000, 1.0), 100000u);
  EXPECT_EQ(getTimeBasedLoopInstructions(50000, 1.0), 100000u);
  EXPECT_EQ(getTimeBasedLoopInstructions(10000, 3.0), 33334u);
  // A slow instruction's calls are long enough as asked.
  EXPECT_EQ(getTimeBasedLoopInstructions(10000, 40.0), 10000u);
  EXPECT_EQ(getTimeBasedLoopInstructions(200000, 1.0), 200000u);
  // No prediction: as asked.
  EXPECT_EQ(getTimeBasedLoopInstructions(10000, NAN), 10000u);
  EXPECT_EQ(getTimeBasedLoopInstructions(10000, 0.0), 10000u);
  EXPECT_EQ(getTimeBasedLoopInstructions(10000, -1.0), 10000u);
}

} // namespace
