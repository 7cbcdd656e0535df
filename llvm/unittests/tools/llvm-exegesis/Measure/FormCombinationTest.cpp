//===-- FormCombinationTest.cpp - One result from several forms -----------===//
//
// How the measures of a snippet's two repetition forms become one result,
// and best-of's note on which form was reported.
//
//===----------------------------------------------------------------------===//

#include "Measure/FormCombination.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

constexpr double Tolerance = 0.003;

BenchmarkMeasure measure(StringRef Key, double PerInstruction) {
  BenchmarkMeasure M;
  M.Key = Key.str();
  M.PerInstructionValue = PerInstruction;
  return M;
}

/// A form counted by hardware that read \p First and \p Second for the two
/// keys.
MeasuredForm counted(double First, double Second) {
  MeasuredForm Form;
  Form.Measures = {measure("first", First), measure("second", Second)};
  return Form;
}

/// A time-based form judged by \p Sampling.
MeasuredForm timed(double First, double Second,
                   const TimeBasedSamplingReport &Sampling, bool Warned) {
  MeasuredForm Form = counted(First, Second);
  Form.Sampling = &Sampling;
  Form.SamplingWarned = Warned;
  return Form;
}

TimeBasedSamplingReport settledAt(double Cycles) {
  TimeBasedSamplingReport Report;
  Report.Judgement.Verdict = SamplingVerdict::Settled;
  Report.Judgement.Cycles = Cycles;
  return Report;
}

TEST(FormCombinationTest, FormsTrustedAlikeKeepTheSmallerValueOfEachKey) {
  FormCombination Forms(2);
  EXPECT_FALSE(Forms.hasMeasures());
  Forms.add(1, counted(0.30, 4.0), Tolerance);
  EXPECT_TRUE(Forms.hasMeasures());
  Forms.add(0, counted(0.25, 5.0), Tolerance);
  std::vector<BenchmarkMeasure> Measures = Forms.takeMeasures();
  ASSERT_EQ(Measures.size(), 2u);
  EXPECT_EQ(Measures[0].PerInstructionValue, 0.25);
  EXPECT_EQ(Measures[1].PerInstructionValue, 4.0);
}

TEST(FormCombinationTest, OtherwiseTheReportedFormGivesEveryKey) {
  // The loop is sound; the straight-line code's sampling warned and nothing
  // bounds its doubt (a neighbour throughout), so its smaller values lose.
  TimeBasedSamplingReport Loop = settledAt(300);
  TimeBasedSamplingReport Straight = settledAt(250);
  Straight.Judgement.SharedThroughout = true;
  FormCombination Forms(2);
  Forms.add(1, timed(0.30, 5.0, Loop, /*Warned=*/false), Tolerance);
  Forms.add(0, timed(0.25, 4.0, Straight, /*Warned=*/true), Tolerance);
  std::vector<BenchmarkMeasure> Measures = Forms.takeMeasures();
  ASSERT_EQ(Measures.size(), 2u);
  EXPECT_EQ(Measures[0].PerInstructionValue, 0.30);
  EXPECT_EQ(Measures[1].PerInstructionValue, 5.0);
  EXPECT_EQ(Forms.getWinnerSampling().Judgement.Cycles, 300);
}

TEST(FormCombinationTest, TwinsBeyondTheCacheMakeADoubtNothingBounds) {
  TimeBasedSamplingReport Sampling = settledAt(250);
  MeasuredForm Straight = timed(0.25, 4.0, Sampling, /*Warned=*/false);
  Straight.TwinsWarning = "warning: twins beyond the cache";
  FormCombination Forms(2);
  const FormReading &Reading = Forms.add(0, std::move(Straight), Tolerance);
  EXPECT_TRUE(Reading.Doubtful);
  EXPECT_TRUE(std::isinf(Reading.PlausibleHigh));
  EXPECT_EQ(Forms.getWinnerTwinsWarning(), "warning: twins beyond the cache");
}

TEST(FormCombinationTest, TheBestOfNoteSaysWhatEachFormReadAndWhy) {
  AssembledFunction Straight;
  Straight.RepeatedBytes = 812;
  AssembledFunction Loop;
  Loop.IsLoop = true;
  Loop.CopiesEmitted = 409;
  Loop.RepeatedBytes = 2048;

  FormCombination Loser(2);
  Loser.add(1, counted(0.25, 1), Tolerance);
  Loser.add(0, counted(0.30, 1), Tolerance);
  EXPECT_EQ(Loser.describeBestOf(Straight, Loop),
            "repetition: loop of 409 copies (2.0 KiB) 0.2500, straight-line "
            "(812 B) 0.3000: loop reported (straight-line code is front-end "
            "bound)");

  FormCombination Below(2);
  Below.add(1, counted(0.40, 1), Tolerance);
  Below.add(0, counted(0.30, 1), Tolerance);
  EXPECT_EQ(Below.describeBestOf(Straight, Loop),
            "repetition: loop of 409 copies (2.0 KiB) 0.4000, straight-line "
            "(812 B) 0.3000: straight-line reported (25.0% below the loop)");

  // The loop read less but its sampling warned; the straight-line form,
  // 15% above it, is reported and cannot be trusted either.
  TimeBasedSamplingReport Busy = settledAt(250);
  Busy.Judgement.SharedThroughout = true;
  TimeBasedSamplingReport Quiet = settledAt(287);
  FormCombination Warned(2);
  Warned.add(1, timed(0.2500, 1, Busy, /*Warned=*/true), Tolerance);
  Warned.add(0, timed(0.2874, 1, Quiet, /*Warned=*/false), Tolerance);
  EXPECT_EQ(Warned.describeBestOf(Straight, Loop),
            "repetition: loop of 409 copies (2.0 KiB) 0.2500, straight-line "
            "(812 B) 0.2874: straight-line reported (the other carried a "
            "warning); warning: the forms read 15.0% apart and the one that "
            "read less carried a warning, the value may be off");

  FormCombination Failed(2);
  Failed.add(1, counted(0.25, 1), Tolerance);
  Failed.addSecondFormFailure("not credible");
  EXPECT_EQ(Failed.describeBestOf(Straight, Loop),
            "repetition: loop of 409 copies (2.0 KiB) 0.2500, straight-line "
            "(812 B) failed (not credible): loop reported");
}

} // namespace
