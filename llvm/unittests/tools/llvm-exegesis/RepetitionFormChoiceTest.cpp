//===-- RepetitionFormChoiceTest.cpp - The repetition form reported -------===//
//
// Which of a throughput measurement's two forms (straight-line code, loop)
// is reported, with the figures of recorded Zen 3 measurements.
//
//===----------------------------------------------------------------------===//

#include "lib/RepetitionFormChoice.h"
#include "lib/TimeBased/SamplingJudge.h"
#include "gtest/gtest.h"
#include <cmath>
#include <limits>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

constexpr double Tolerance = 0.003;

/// A settled judgement of \p Cycles per call whose runs' groups read
/// \p RunsLow to \p RunsHigh and whose least disturbed windows read
/// \p Minima.
SamplingJudgement settled(double Cycles, double RunsLow, double RunsHigh,
                          double Minima) {
  SamplingJudgement J;
  J.Verdict = SamplingVerdict::Settled;
  J.Cycles = Cycles;
  J.RunsLow = RunsLow;
  J.RunsHigh = RunsHigh;
  J.GroupedRuns = 2;
  J.MinimaCycles = Minima;
  return J;
}

// Ten independent `leal 1(,%r,2), %r32` (Zen 3, 2026-12-04): the loop
// switched between 0.254 and 0.292 cycles per instruction within its runs
// with the core-sharing probe quiet, settled on 0.2920 and carried "the
// value is 15.7% off the difference of the least disturbed windows"
// (0.2524); the straight-line code, bound by the front end, read a sound
// 0.4616. The straight-line value used to be reported, as clean.
TEST(RepetitionFormChoiceTest, DoubtfulLoopBeatsFarSlowerStraightLine) {
  FormReading Straight = makeCountedReading(0.4616);
  FormReading Loop =
      makeFormReading(0.2920, true, settled(78.84, 78.81, 78.87, 68.15));
  EXPECT_NEAR(Loop.PlausibleHigh, 0.2920 * 78.87 / 78.84, 1e-9);
  EXPECT_TRUE(reportsInstead(Loop, Straight, Tolerance));
  EXPECT_FALSE(reportsInstead(Straight, Loop, Tolerance));
}

// Straight-line SETCCr on Zen 5 (2026-12-05) read 0.0764, settled, from
// functions whose copies cost differently (fixed part 81% of the short
// one); the loop read a sound 0.1846 (the harness: 0.1872). Nothing bounds
// that doubt: the sound loop is reported.
TEST(RepetitionFormChoiceTest, DifferencingInDoubtLosesToASoundLoop) {
  SamplingJudgement J = settled(763.7, 763.5, 763.9, 763.6);
  J.FixedCycles = 3390;
  J.ShortCycles = 4185;
  ASSERT_TRUE(J.differencingInconsistent());
  FormReading Straight = makeFormReading(0.0764, true, J);
  EXPECT_TRUE(std::isinf(Straight.PlausibleHigh));
  FormReading Loop = makeFormReading(0.1846, false, settled(1.0, 1, 1, 1));
  EXPECT_TRUE(reportsInstead(Loop, Straight, Tolerance));
  EXPECT_FALSE(reportsInstead(Straight, Loop, Tolerance));
}

// SHLD64rri8 throughput on Zen 5 (2026-12-05, in a subprocess): a loop of
// 34 copies of twelve read a sound 1.0166 (the harness: 1.0159) and the
// straight-line code a sound 0.9443, 7% below, and was reported. The loop's
// branch costs an iteration of 408 instructions about 1%.
TEST(RepetitionFormChoiceTest, StraightLineFarBelowASoundLoopIsInDoubt) {
  double Share = getLoopOverheadShare(1.0166, 34 * 12, 2);
  EXPECT_NEAR(Share, (2 + 2 * 1.0166) / (408 * 1.0166), 1e-12);
  FormReading Straight = makeCountedReading(0.9443);
  FormReading Loop = makeCountedReading(1.0166);
  EXPECT_TRUE(doubtStraightLineBelowLoop(Straight, Loop, Share, Tolerance));
  EXPECT_TRUE(Straight.Doubtful);
  EXPECT_TRUE(reportsInstead(Loop, Straight, Tolerance));
}

// The SHLD64rri8 case above, the straight-line reading unsettled (its runs
// 0.8% apart): the sound loop lay beyond that form's bounded doubt, which
// made the straight-line value the one reported, with its warning. Below
// the loop by more than its branch costs, it is in doubt all the same.
TEST(RepetitionFormChoiceTest, DoubtfulStraightLineFarBelowASoundLoopLoses) {
  SamplingJudgement J = settled(94.43, 94.43, 95.19, 94.50);
  J.Verdict = SamplingVerdict::Unsettled;
  FormReading Straight = makeFormReading(0.9443, true, J);
  ASSERT_TRUE(std::isfinite(Straight.PlausibleHigh));
  FormReading Loop = makeCountedReading(1.0166);
  EXPECT_TRUE(reportsInstead(Straight, Loop, Tolerance)) << "as it was";
  EXPECT_TRUE(doubtStraightLineBelowLoop(
      Straight, Loop, getLoopOverheadShare(1.0166, 34 * 12, 2), Tolerance));
  EXPECT_FALSE(reportsInstead(Straight, Loop, Tolerance));
  EXPECT_TRUE(reportsInstead(Loop, Straight, Tolerance));
}

// CVTSI2SD/CVTTSD2SI throughput on Zen 5 (2026-12-05, in process): the
// loop of 17 copies of 24 instructions read 0.6768 unsettled, its runs'
// groups 0.674-0.679 and its least disturbed windows 0.6644; the
// straight-line code settled on 0.6268 and was reported clean, 7% below the
// harness's 0.6747. Below everything the loop's evidence allows by more
// than its branch costs, it is in doubt, and the loop is reported.
TEST(RepetitionFormChoiceTest, StraightLineFarBelowADoubtfulLoopIsInDoubt) {
  SamplingJudgement J = settled(67.68, 67.39, 67.93, 66.44);
  J.Verdict = SamplingVerdict::Unsettled;
  J.GroupedRuns = 3;
  FormReading Loop = makeFormReading(0.6768, true, J);
  EXPECT_NEAR(Loop.PlausibleLow, 0.6768 * 66.44 / 67.68, 1e-9);
  FormReading Straight = makeCountedReading(0.6268);
  EXPECT_TRUE(reportsInstead(Straight, Loop, Tolerance)) << "as it was";
  EXPECT_TRUE(doubtStraightLineBelowLoop(
      Straight, Loop, getLoopOverheadShare(0.6768, 17 * 24, 2), Tolerance));
  EXPECT_TRUE(Straight.Doubtful);
  EXPECT_TRUE(reportsInstead(Loop, Straight, Tolerance));
  EXPECT_FALSE(reportsInstead(Straight, Loop, Tolerance));
  // Within the loop's evidence, straight-line code stands: the loop could
  // have read as low.
  FormReading Near = makeCountedReading(0.6600);
  EXPECT_FALSE(doubtStraightLineBelowLoop(
      Near, Loop, getLoopOverheadShare(0.6768, 17 * 24, 2), Tolerance));
}

// A doubtful loop whose samples alone bound it (no groups to compare) says
// how high its value may be, not how low: nothing below it is doubted.
TEST(RepetitionFormChoiceTest, AnUngroupedLoopDoubtsNothingBelowIt) {
  SamplingJudgement J = settled(3.55, NAN, NAN, 3.51);
  J.Verdict = SamplingVerdict::Unsettled;
  J.GroupedRuns = 0;
  J.SamplesHigh = 3.70;
  FormReading Loop = makeFormReading(0.2958, true, J);
  ASSERT_TRUE(std::isfinite(Loop.PlausibleHigh));
  EXPECT_EQ(Loop.PlausibleLow, 0);
  FormReading Straight = makeCountedReading(0.2500);
  EXPECT_FALSE(doubtStraightLineBelowLoop(Straight, Loop, 0.01, Tolerance));
}

TEST(RepetitionFormChoiceTest, StraightLineWithinTheLoopsBranchCostStands) {
  // On Zen 5: CVTSI2SD/CVTTSD2SI straight-line 0.6721 against a loop of 17
  // copies of two at 0.6764, and SHLD64rri8 1.0094 against 1.0136 (34
  // copies of twelve): within what the branch may cost.
  FormReading Straight = makeCountedReading(0.6721);
  FormReading Loop = makeCountedReading(0.6764);
  EXPECT_FALSE(doubtStraightLineBelowLoop(
      Straight, Loop, getLoopOverheadShare(0.6764, 17 * 2, 2), Tolerance));
  EXPECT_TRUE(reportsInstead(Straight, Loop, Tolerance));
  FormReading Shld = makeCountedReading(1.0094);
  EXPECT_FALSE(doubtStraightLineBelowLoop(
      Shld, makeCountedReading(1.0136),
      getLoopOverheadShare(1.0136, 34 * 12, 2), Tolerance));
  // Straight-line code above the loop (bound by the front end) is not
  // questioned here, nor is straight-line code within what a doubtful
  // loop's evidence allows (its least disturbed windows: 0.2524).
  FormReading FrontEnd = makeCountedReading(0.4616);
  EXPECT_FALSE(doubtStraightLineBelowLoop(FrontEnd, makeCountedReading(0.2920),
                                          0.01, Tolerance));
  FormReading DoubtfulLoop =
      makeFormReading(0.2920, true, settled(78.84, 78.81, 78.87, 68.15));
  FormReading Low = makeCountedReading(0.2500);
  EXPECT_FALSE(doubtStraightLineBelowLoop(Low, DoubtfulLoop, 0.01, Tolerance));
  EXPECT_FALSE(doubtStraightLineBelowLoop(Low, Loop, INFINITY, Tolerance));
}

// VPTERNLOGDZrri on Zen 5 (2026-12-05, in process): the loop's samples
// scattered over 0.29-0.31 for 5 s, no run had a group and no two runs
// compared; the straight-line code, bound by the front end, read a settled
// 0.4319 and was reported clean (the harness: 0.2501). The loop's samples
// bound its doubt: the loop is reported, with its warning.
TEST(RepetitionFormChoiceTest, AnUngroupedLoopIsBoundedByItsSamples) {
  SamplingJudgement J;
  J.Verdict = SamplingVerdict::Unsettled;
  J.Cycles = 98.66;
  J.GroupedRuns = 0;
  J.SamplesHigh = 101.2;
  FormReading Loop = makeFormReading(0.2936, true, J);
  EXPECT_NEAR(Loop.PlausibleHigh, 0.2936 * 101.2 / 98.66, 1e-9);
  FormReading Straight = makeCountedReading(0.4319);
  EXPECT_TRUE(reportsInstead(Loop, Straight, Tolerance));
  // Without samples nothing bounds it, and the sound value stands.
  J.SamplesHigh = NAN;
  EXPECT_FALSE(
      reportsInstead(makeFormReading(0.2936, true, J), Straight, Tolerance));
}

// ADD64rr throughput on Zen 5 (2026-12-05, in process): straight-line
// functions whose copies cost differently (fixed part 69% of the N
// function) read 0.0924, the loop 0.1879 without settling within 5 s (its
// runs 3.9% apart); both carried warnings and the smaller, half the
// harness's 0.1872, was reported. The loop's doubt is bounded, the
// straight-line code's is not: the loop is reported.
TEST(RepetitionFormChoiceTest, OfTwoDoubtfulValuesTheBoundedOneWins) {
  SamplingJudgement Differenced;
  Differenced.Verdict = SamplingVerdict::Unsettled;
  Differenced.Cycles = 923.6;
  Differenced.FixedCycles = 2634;
  Differenced.ShortCycles = 3817;
  FormReading Straight = makeFormReading(0.0924, true, Differenced);
  ASSERT_TRUE(std::isinf(Straight.PlausibleHigh));
  SamplingJudgement Unsettled = settled(1894, 1879, 1914, 1878);
  Unsettled.Verdict = SamplingVerdict::Unsettled;
  FormReading Loop = makeFormReading(0.1879, true, Unsettled);
  ASSERT_TRUE(std::isfinite(Loop.PlausibleHigh));
  EXPECT_TRUE(reportsInstead(Loop, Straight, Tolerance));
  EXPECT_FALSE(reportsInstead(Straight, Loop, Tolerance));
  // Both unbounded, or both bounded: the smaller.
  FormReading Unbounded = makeFormReading(0.1879, true, Differenced);
  EXPECT_FALSE(reportsInstead(Unbounded, Straight, Tolerance));
  FormReading BoundedLow = makeFormReading(0.1850, true, Unsettled);
  EXPECT_TRUE(reportsInstead(BoundedLow, Loop, Tolerance));
  // Such forms are not trusted alike: the measurement takes every key from
  // the bounded one, not each key's smaller value (a Zen 5 MOVZX32rr16 run
  // named the loop, 0.2245, and reported the straight-line code's 0.1555).
  EXPECT_FALSE(trustedAlike(Loop, Straight));
  EXPECT_TRUE(trustedAlike(Loop, BoundedLow));
  EXPECT_TRUE(trustedAlike(Straight, Unbounded));
  EXPECT_TRUE(trustedAlike(makeCountedReading(0.2), makeCountedReading(0.3)));
  EXPECT_FALSE(trustedAlike(makeCountedReading(0.2), Loop));
}

// A straight-line SUB64ri8 run read 0.2432, below four ALUs' 0.25, with
// runs that disagreed up to 0.2502; the loop read a sound 0.2502: the
// doubt reaches the sound value, which is reported.
TEST(RepetitionFormChoiceTest, SoundValueWithinTheDoubtWins) {
  SamplingJudgement J = settled(24.32, 24.32, 25.02, 24.40);
  J.Verdict = SamplingVerdict::Unsettled;
  FormReading Straight = makeFormReading(0.2432, true, J);
  FormReading Loop = makeFormReading(0.2502, false, J);
  EXPECT_TRUE(reportsInstead(Loop, Straight, Tolerance));
  EXPECT_FALSE(reportsInstead(Straight, Loop, Tolerance));
}

// Nothing bounds the doubt of a core shared throughout, of a calibration
// that disagreed with itself or of an unsettled single run: a sound value
// wins however much higher it reads.
TEST(RepetitionFormChoiceTest, UnboundedDoubtAlwaysLoses) {
  SamplingJudgement Shared = settled(25, 25, 25, 25);
  Shared.SharedThroughout = true;
  SamplingJudgement Calibration = settled(25, 25, 25, 25);
  Calibration.TotalSamples = 10;
  Calibration.InconsistentCalibrations = 6;
  SamplingJudgement OneRun = settled(25, 25, 25, 25);
  OneRun.Verdict = SamplingVerdict::Unsettled;
  OneRun.GroupedRuns = 1;
  FormReading Sound = makeCountedReading(0.50);
  for (const SamplingJudgement &J : {Shared, Calibration, OneRun}) {
    FormReading Doubtful = makeFormReading(0.25, true, J);
    EXPECT_TRUE(std::isinf(Doubtful.PlausibleHigh));
    EXPECT_TRUE(reportsInstead(Sound, Doubtful, Tolerance));
    EXPECT_FALSE(reportsInstead(Doubtful, Sound, Tolerance));
  }
}

// The doubt reaches as far as the least disturbed windows when they read
// higher than the value.
TEST(RepetitionFormChoiceTest, MinimaWidenTheDoubt) {
  FormReading Doubtful =
      makeFormReading(0.25, true, settled(25.0, 25.0, 25.0, 28.0));
  EXPECT_NEAR(Doubtful.PlausibleHigh, 0.28, 1e-9);
  EXPECT_TRUE(reportsInstead(makeCountedReading(0.28), Doubtful, Tolerance));
  EXPECT_FALSE(reportsInstead(makeCountedReading(0.30), Doubtful, Tolerance));
}

TEST(RepetitionFormChoiceTest, EquallyTrustedFormsReportTheSmaller) {
  EXPECT_TRUE(reportsInstead(makeCountedReading(0.25), makeCountedReading(0.26),
                             Tolerance));
  EXPECT_FALSE(reportsInstead(makeCountedReading(0.26),
                              makeCountedReading(0.25), Tolerance));
  SamplingJudgement J = settled(25, 25, 26, 25);
  EXPECT_TRUE(reportsInstead(makeFormReading(0.25, true, J),
                             makeFormReading(0.26, true, J), Tolerance));
}

TEST(RepetitionFormChoiceTest, AFormWithoutValueIsNeverReported) {
  FormReading None = makeCountedReading(NAN);
  EXPECT_FALSE(reportsInstead(None, makeCountedReading(0.25), Tolerance));
  EXPECT_TRUE(reportsInstead(makeCountedReading(0.25), None, Tolerance));
}

// A loop's end of one instruction (PowerPC's bdnz) or three (Mips, with
// its delay slot) costs its iteration less or more than x86's two.
TEST(RepetitionFormChoiceTest, TheLoopEndsInstructionsCountInItsOverhead) {
  double One = getLoopOverheadShare(0.25, 400, 1);
  double Two = getLoopOverheadShare(0.25, 400, 2);
  double Three = getLoopOverheadShare(0.25, 400, 3);
  EXPECT_LT(One, Two);
  EXPECT_LT(Two, Three);
  EXPECT_NEAR(Two, (2 + 2 * 0.25) / (400 * 0.25), 1e-12);
}

// The loop is measured first, and the straight-line form stops sampling
// once all it reads lies clearly above getUnbeatenAbove of the loop's
// reading: whatever that form's own doubt, it is then never reported.
TEST(RepetitionFormChoiceTest, NothingAboveTheUnbeatenBoundIsReported) {
  constexpr double Unbounded = std::numeric_limits<double>::infinity();
  FormReading Sound = makeCountedReading(0.25);
  FormReading Bounded =
      makeFormReading(0.25, true, settled(25.0, 25.0, 26.0, 28.0));
  FormReading Unconfirmed{0.25, true, Unbounded};
  EXPECT_DOUBLE_EQ(getUnbeatenAbove(Sound), 0.25);
  EXPECT_NEAR(getUnbeatenAbove(Bounded), 0.28, 1e-9);
  EXPECT_TRUE(std::isnan(getUnbeatenAbove(Unconfirmed)));
  EXPECT_TRUE(std::isnan(getUnbeatenAbove(makeCountedReading(NAN))));
  for (const FormReading &Loop : {Sound, Bounded}) {
    double Above = getUnbeatenAbove(Loop) * (1 + OutclassedMargin) * (1 + 1e-9);
    SamplingJudgement J =
        settled(Above * 100, Above * 100, Above * 110, Above * 100);
    J.Verdict = SamplingVerdict::Outclassed;
    for (const FormReading &Straight :
         {makeCountedReading(Above), makeFormReading(Above, true, J),
          FormReading{Above, true, Unbounded}})
      for (double Tol : {0.003, 0.01, 0.0125})
        EXPECT_FALSE(reportsInstead(Straight, Loop, Tol))
            << "straight-line " << Straight.Value << " (doubtful "
            << Straight.Doubtful << ", reach " << Straight.PlausibleHigh
            << ") against " << Loop.Value << " at tolerance " << Tol;
  }
}

} // namespace
