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
#include <string>

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

/// Straight-line code that must be used (the loop would break the chain the
/// snippet carries from copy to copy) lays out as many copies as
/// -min-instructions asks, more than the front end holds (micro-op cache,
/// decoders) for a fast instruction: the value is then the rate at which
/// the front end feeds the copies, not the instruction's. Whether it is,
/// is told by measuring the same copies in a form FrontEndProbeDivisor
/// times smaller: \p Small reading below \p Large by more than
/// \p Tolerance (a fraction) means the cost grows with the code, not with
/// the instructions. No constant of a CPU is involved, only the comparison.
bool isFrontEndBound(double Large, double Small, double Tolerance);

/// How much smaller the form that checks isFrontEndBound is.
inline constexpr unsigned FrontEndProbeDivisor = 8;

/// How much lower the smaller form must read: well beyond what a settled
/// time-based reading moves from one measurement to the next on a busy
/// host, so that only a cost that grows with the code is reported.
inline constexpr double FrontEndBoundMargin = 0.05;

/// The `info` warning for a front-end-bound straight-line value: the two
/// forms, their code and values per instruction, and the form to use
/// instead (-min-instructions=\p SmallInstructions).
std::string describeFrontEndBound(double Large, uint64_t LargeBytes,
                                  double Small, uint64_t SmallBytes,
                                  uint64_t SmallInstructions);

} // namespace exegesis
} // namespace llvm

#endif
