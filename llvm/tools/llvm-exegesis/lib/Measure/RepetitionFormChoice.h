//===-- RepetitionFormChoice.h - The repetition form reported -*- C++ -*-===//
//
// The min and best-of repetition modes measure a snippet in two forms
// (straight-line code and a loop) and report one. Each form's value comes
// with whether its sampling doubted it and how far its own evidence lets
// the doubt reach. The smaller value wins, except that a doubtful value
// loses to a sound one the doubt can explain: a sound value that lies
// beyond everything the doubtful form's sampling saw measures other code
// (straight-line code bound by the front end), not the doubtful form's
// error, and the doubtful value is reported with its warning. Of two
// doubtful values, one whose doubt is bounded beats one whose doubt is not.
//
// Sound straight-line code below a sound loop is reported, however far
// below: a 2 KiB loop of some instructions runs slower than the same code
// laid out straight or in much longer loops (bench/RESULTS.md has the
// figures). Straight-line code read low only while its twins straddled the
// L1 instruction cache, which they no longer do, and twins whose copies
// cost differently are a doubt of their own.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_REPETITIONFORMCHOICE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_REPETITIONFORMCHOICE_H

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
};

/// A reading of \p Value whose time-based sampling was judged \p J, where
/// \p Doubtful says whether that judgement carries a warning.
FormReading makeFormReading(double Value, bool Doubtful,
                            const SamplingJudgement &J);

/// A reading with no time-based sampling behind it (a hardware counter):
/// never doubtful.
FormReading makeCountedReading(double Value);

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
