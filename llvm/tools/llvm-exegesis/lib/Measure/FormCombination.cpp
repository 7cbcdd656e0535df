//===-- FormCombination.cpp -------------------------------------*- C++ -*-===//

#include "Measure/FormCombination.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cmath>
#include <limits>

namespace llvm {
namespace exegesis {

/// Forms further apart than this, the lower one warned, make the reported
/// value a doubtful one.
static constexpr double FormsApartWarning = 0.02;

/// The reading of \p Form's first key.
static FormReading readingOf(const MeasuredForm &Form) {
  double Value =
      Form.Measures.empty() ? NAN : Form.Measures[0].PerInstructionValue;
  if (!Form.Sampling)
    return makeCountedReading(Value);
  FormReading Reading =
      makeFormReading(Value, Form.SamplingWarned || !Form.TwinsWarning.empty(),
                      Form.Sampling->Judgement);
  // Nothing in the sampling bounds how far off such twins read.
  if (!Form.TwinsWarning.empty())
    Reading.PlausibleHigh = std::numeric_limits<double>::infinity();
  return Reading;
}

const FormReading &FormCombination::add(size_t Index, MeasuredForm Form,
                                        double Tolerance) {
  if (Form.Sampling && Index == 0)
    StraightOutclassed =
        Form.Sampling->Judgement.Verdict == SamplingVerdict::Outclassed;
  Readings[Index] = readingOf(Form);
  TwinsWarnings[Index] = std::move(Form.TwinsWarning);
  TimeBasedSamplingReport Sampling =
      Form.Sampling ? *Form.Sampling : TimeBasedSamplingReport();
  if (!Best) {
    Best = std::move(Form.Measures);
    WinnerSampling = std::move(Sampling);
    Winner = Index;
    return Readings[Index];
  }
  const FormReading &Candidate = Readings[Index];
  bool Wins = !Form.Measures.empty() &&
              reportsInstead(Candidate, Readings[Winner], Tolerance);
  // Of forms trusted alike each key keeps its smaller value; otherwise the
  // form that won the first key gives them all.
  bool Alike = trustedAlike(Candidate, Readings[Winner]);
  for (size_t I = 0; I < Best->size(); ++I)
    if (!Alike ? Wins
               : Form.Measures[I].PerInstructionValue <
                     (*Best)[I].PerInstructionValue)
      (*Best)[I] = Form.Measures[I];
  if (Wins) {
    Winner = Index;
    WinnerSampling = std::move(Sampling);
  }
  return Readings[Index];
}

std::string
FormCombination::describeBestOf(const AssembledFunction &Straight,
                                const AssembledFunction &Loop) const {
  std::string Note;
  raw_string_ostream OS(Note);
  OS << "repetition: " << Loop.describeLoop() << " ";
  auto Form = [&](size_t Index) {
    if (!SecondFormFailure.empty() && std::isnan(Readings[Index].Value))
      OS << "failed (" << SecondFormFailure << ")";
    else
      OS << format("%.4f", Readings[Index].Value);
  };
  Form(1);
  OS << ", straight-line (" << Straight.describeRepeatedSize() << ") ";
  Form(0);
  OS << ": " << (Winner == 1 ? "loop" : "straight-line") << " reported";
  double Ratio = Readings[0].Value / Readings[1].Value;
  if (Readings[1 - Winner].Doubtful &&
      !trustedAlike(Readings[0], Readings[1]) &&
      Readings[1 - Winner].Value < Readings[Winner].Value) {
    OS << " (the other carried a warning)";
    // Which form is right is then unknown: the warned one may have read low
    // through a disturbance, or the reported one high through the front
    // end (a straight-line VPADDQYrr read 0.2874 beside a warned loop's
    // 0.2500, the truth, on Zen 5). Far apart, the value is no clean one.
    double Apart = std::max(Ratio, 1 / Ratio) - 1;
    if (Apart > FormsApartWarning)
      OS << "; warning: the forms read " << format("%.1f", 100 * Apart)
         << "% apart and the one that read less carried a warning, the "
            "value may be off";
  } else if (Winner == 1 && Ratio > 1.01)
    OS << " (straight-line code is front-end bound"
       << (StraightOutclassed ? ", sampled until that was clear)" : ")");
  else if (Winner == 0 && Ratio < 0.99)
    OS << " (" << format("%.1f", 100 * (1 - Ratio)) << "% below the loop)";
  return Note;
}

} // namespace exegesis
} // namespace llvm
