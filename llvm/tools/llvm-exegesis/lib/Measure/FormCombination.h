//===-- FormCombination.h - One result from several forms -------*- C++ -*-===//
//
// The min and best-of repetition modes measure a snippet in two forms
// (straight-line code and a loop) and report one result. This combines the
// forms' measures as they come: of forms trusted alike each key keeps its
// smaller value; otherwise the form that RepetitionFormChoice.h reports
// gives every key. It remembers the form that won the first key, whose
// sampling `info` describes, and writes best-of's note: what each form read
// and why the one reported was.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_FORMCOMBINATION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_FORMCOMBINATION_H

#include "Assembly/Assembler.h"
#include "Core/Benchmark.h"
#include "Measure/RepetitionFormChoice.h"
#include "TimeBased/TimeBasedSampler.h"
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// What the measurement of one form gave.
struct MeasuredForm {
  std::vector<BenchmarkMeasure> Measures;
  /// Its time-based sampling; null for values counted by hardware.
  const TimeBasedSamplingReport *Sampling = nullptr;
  /// The sampling carries a warning (getSamplingWarnings).
  bool SamplingWarned = false;
  /// twinsBeyondL1InstructionCache's warning for its twins, if any.
  std::string TwinsWarning;
};

class FormCombination {
public:
  explicit FormCombination(size_t NumForms)
      : Readings(NumForms, makeCountedReading(NAN)), TwinsWarnings(NumForms) {}

  /// Whether a form has given measures yet.
  bool hasMeasures() const { return Best.has_value(); }

  /// Adds form \p Index (0: straight-line code, 1: the loop) measured as
  /// \p Form; \p Tolerance is the settle tolerance. Returns its reading.
  const FormReading &add(size_t Index, MeasuredForm Form, double Tolerance);

  /// The form measured second failed with \p Failure while the first has
  /// measures: they are reported, and the note says why the other is not.
  void addSecondFormFailure(std::string Failure) {
    SecondFormFailure = std::move(Failure);
  }

  /// The combined measures (none before a form was added).
  std::vector<BenchmarkMeasure> takeMeasures() {
    return Best ? std::move(*Best) : std::vector<BenchmarkMeasure>();
  }
  /// The sampling of the form that won the first key.
  const TimeBasedSamplingReport &getWinnerSampling() const {
    return WinnerSampling;
  }
  /// The twins warning of the form that won the first key.
  const std::string &getWinnerTwinsWarning() const {
    return TwinsWarnings[Winner];
  }

  /// Best-of's note: the loop's and the straight-line form's readings and
  /// which was reported, with why when it is not plain.
  std::string describeBestOf(const AssembledFunction &Straight,
                             const AssembledFunction &Loop) const;

private:
  std::optional<std::vector<BenchmarkMeasure>> Best;
  size_t Winner = 0;
  TimeBasedSamplingReport WinnerSampling;
  std::vector<FormReading> Readings;
  std::vector<std::string> TwinsWarnings;
  /// The straight-line form's sampling ended as outclassed by the loop's.
  bool StraightOutclassed = false;
  std::string SecondFormFailure;
};

} // namespace exegesis
} // namespace llvm

#endif
