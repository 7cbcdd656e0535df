//===-- RepetitionFormChoiceTest.cpp - The repetition form reported -------===//
//
// Which of a throughput measurement's two forms (straight-line code, loop)
// is reported, with the figures of recorded Zen 3 measurements.
//
//===----------------------------------------------------------------------===//

#include "Measure/RepetitionFormChoice.h"
#include "TimeBased/SamplingJudge.h"
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

// Sound straight-line code below a sound loop is reported, however far
// below. SHL64rCL throughput on Emerald Rapids (2026-12-06, in a
// subprocess): the 2 KiB loop read 1.0432, the straight-line code 1.0001
// (a loop of 3,000 instructions 0.999). The rule that doubted such
// straight-line code reported the loop while the loop's sampling was sound
// and the straight-line code when it was not, so five runs of one body
// read 1.000 or 1.043. PDEP64rr on Zen 5 (the tenth session): loop 0.3395,
// straight-line 0.3335, the harness 0.3343.
TEST(RepetitionFormChoiceTest, StraightLineBelowASoundLoopIsReported) {
  FormReading Loop = makeCountedReading(1.0432);
  FormReading Straight = makeCountedReading(1.0001);
  EXPECT_TRUE(reportsInstead(Straight, Loop, Tolerance));
  EXPECT_FALSE(reportsInstead(Loop, Straight, Tolerance));
  EXPECT_TRUE(reportsInstead(makeCountedReading(0.3335),
                             makeCountedReading(0.3395), Tolerance));
}

// SHLD64rri8 throughput on Zen 5 (2026-12-05, in a subprocess), the
// straight-line reading unsettled (its runs 0.8% apart): the sound loop
// lies beyond that form's bounded doubt, so the straight-line value is
// reported, with its warning.
TEST(RepetitionFormChoiceTest, ASoundLoopBeyondTheDoubtLosesToIt) {
  SamplingJudgement J = settled(94.43, 94.43, 95.19, 94.50);
  J.Verdict = SamplingVerdict::Unsettled;
  FormReading Straight = makeFormReading(0.9443, true, J);
  ASSERT_TRUE(std::isfinite(Straight.PlausibleHigh));
  FormReading Loop = makeCountedReading(1.0166);
  EXPECT_TRUE(reportsInstead(Straight, Loop, Tolerance));
  EXPECT_FALSE(reportsInstead(Loop, Straight, Tolerance));
}

// A sound straight-line value beats a loop in doubt (CVTSI2SD/CVTTSD2SI on
// Zen 5: the loop's runs 0.674-0.679 unsettled, straight-line 0.6268).
TEST(RepetitionFormChoiceTest, SoundStraightLineBeatsADoubtfulLoop) {
  SamplingJudgement J = settled(67.68, 67.39, 67.93, 66.44);
  J.Verdict = SamplingVerdict::Unsettled;
  J.GroupedRuns = 3;
  FormReading Loop = makeFormReading(0.6768, true, J);
  FormReading Straight = makeCountedReading(0.6268);
  EXPECT_TRUE(reportsInstead(Straight, Loop, Tolerance));
  EXPECT_FALSE(reportsInstead(Loop, Straight, Tolerance));
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

TEST(FrontEndBoundTest, TheSmallerFormMustReadClearlyLower) {
  // The copies read half as much when an eighth as many: the large form's
  // value is the front end's.
  EXPECT_TRUE(isFrontEndBound(0.339, 0.171, FrontEndBoundMargin));
  // Within the margin: the instruction's own cost, whatever the code size.
  EXPECT_FALSE(isFrontEndBound(1.000, 0.980, FrontEndBoundMargin));
  // The smaller form reading higher is no sign of the front end.
  EXPECT_FALSE(isFrontEndBound(1.0, 1.2, FrontEndBoundMargin));
  // Nothing to compare.
  EXPECT_FALSE(isFrontEndBound(1.0, std::nan(""), FrontEndBoundMargin));
  EXPECT_FALSE(isFrontEndBound(1.0, 0.0, FrontEndBoundMargin));
}

TEST(FrontEndBoundTest, WarningNamesBothFormsAndTheOneToUse) {
  EXPECT_EQ(describeFrontEndBound(0.3385, 38783, 0.1712, 4900, 1250),
            "warning: bound by the front end: the straight-line copies (38783 "
            "bytes) read 0.339 cycles per instruction, the same copies in "
            "4900 bytes 0.171; -min-instructions=1250 measures that form (a "
            "loop would break the chain the snippet carries)");
}

} // namespace
