//===-- RepetitionFormChoice.h - The repetition form reported -*- C++ -*-===//
//
// The min and best-of repetition modes measure a snippet in two forms
// (straight-line code and a loop) and report one. Each form's value comes
// with whether its sampling doubted it and how far its own evidence lets
// the doubt reach. The smaller value wins, except that a doubtful value
// loses to a sound one the doubt can explain: a sound value that lies
// beyond everything the doubtful form's sampling saw measures other code
// (straight-line code bound by the front end), not the doubtful form's
// error, and the doubtful value is reported with its warning. Straight-line
// code that reads below a sound loop by more than the loop's counter and
// branch can cost is itself in doubt, and the loop is reported; so is
// straight-line code below the lowest value a doubtful loop's evidence
// allows. Of two doubtful values, one whose doubt is bounded beats one
// whose doubt is not.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_REPETITIONFORMCHOICE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_REPETITIONFORMCHOICE_H

#include <cstdint>

namespace llvm {
namespace exegesis {

struct SamplingJudgement;

/// One form's reading of the first key, per instruction.
struct FormReading {
  /// NaN: the form has no value.
  double Value;
  /// Its sampling carries a warning.
  bool Doubtful = false;
  /// The highest value its sampling's own evidence allows (the runs' groups,
  /// the least disturbed windows); +inf when nothing bounds the doubt.
  /// Meaningful for a doubtful reading only.
  double PlausibleHigh;
  /// The lowest value that evidence allows: Value for a sound reading, 0
  /// when nothing bounds the doubt (or the samples alone do, which tell how
  /// high a value may be, not how low).
  double PlausibleLow = 0;
};

/// A reading of \p Value whose time-based sampling was judged \p J, where
/// \p Doubtful says whether that judgement carries a warning.
FormReading makeFormReading(double Value, bool Doubtful,
                            const SamplingJudgement &J);

/// A reading with no time-based sampling behind it (a hardware counter):
/// never doubtful.
FormReading makeCountedReading(double Value);

/// The share by which a loop whose iterations run \p InstructionsPerIteration
/// snippet instructions may read above straight-line code of the same
/// snippet, at \p LoopValue cycles per instruction: what its end of
/// \p LoopEndInstructions instructions (counter update and branch) can cost
/// an iteration, those instructions and a taken branch's couple of cycles.
double getLoopOverheadShare(double LoopValue, uint64_t InstructionsPerIteration,
                            unsigned LoopEndInstructions);

/// Straight-line code that reads below a sound loop by more than the loop's
/// own overhead (\p OverheadShare) and twice \p Tolerance explain measures
/// no state of the snippet the loop could not reach: on Zen 5 such readings
/// were 4-10% below both the loop and an independent harness (SHLD64rri8
/// 0.944 against 1.016). Such a reading is made doubtful, with nothing
/// bounding the doubt, so the loop is reported; returns whether it was. A
/// reading already in doubt is no exception: its bounded doubt would
/// otherwise let it be reported below the sound loop, as if the loop
/// measured other code. Nor is a loop in doubt whose evidence bounds it:
/// straight-line code below the lowest value that evidence allows is in
/// doubt the same way (CVTSI2SD/CVTTSD2SI on Zen 5: a settled 0.6268 was
/// reported clean below a loop whose runs read 0.674-0.679 without
/// settling; the harness 0.6747).
bool doubtStraightLineBelowLoop(FormReading &Straight, const FormReading &Loop,
                                double OverheadShare, double Tolerance);

/// Whether \p A and \p B are trusted alike: both sound, or both doubtful
/// with nothing bounding either doubt or something bounding both. Of such
/// forms each key keeps its smaller value; otherwise the form
/// reportsInstead chooses gives every key.
bool trustedAlike(const FormReading &A, const FormReading &B);

/// Whether \p Candidate is reported instead of \p Current. \p Tolerance is
/// the settle tolerance (a fraction): a sound value within it of the doubt's
/// reach is one the doubt can explain.
bool reportsInstead(const FormReading &Candidate, const FormReading &Current,
                    double Tolerance);

/// The value above which another form's reading is never reported instead
/// of \p Reading, whatever its own doubt (reportsInstead), at any
/// tolerance under OutclassedMargin: a sound value itself, the reach of a
/// bounded doubt; NaN when there is none (no value, or an unbounded doubt,
/// which any bounded reading beats). The form measured second may stop
/// sampling once it reads clearly above it (SamplingVerdict::Outclassed).
double getUnbeatenAbove(const FormReading &Reading);

} // namespace exegesis
} // namespace llvm

#endif
