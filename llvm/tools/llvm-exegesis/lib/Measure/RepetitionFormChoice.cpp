//===-- RepetitionFormChoice.cpp --------------------------------*- C++ -*-===//

#include "Measure/RepetitionFormChoice.h"
#include "TimeBased/SamplingJudge.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cmath>
#include <limits>

namespace llvm {
namespace exegesis {

FormReading makeFormReading(double Value, bool Doubtful,
                            const SamplingJudgement &J) {
  constexpr double Unbounded = std::numeric_limits<double>::infinity();
  FormReading Reading{Value, Doubtful, Unbounded};
  if (!Doubtful || !std::isfinite(Value) || !std::isfinite(J.Cycles) ||
      J.Cycles <= 0)
    return Reading;
  // A neighbour throughout or a calibration that disagrees with itself
  // leave no evidence of how far off the value may be; nor do two functions
  // whose copies did not cost alike: their difference may lie anywhere (on
  // Zen 5 from 0.4 to 2.8 times the truth).
  if (J.SharedThroughout || J.calibrationDisagrees() ||
      J.differencingInconsistent())
    return Reading;
  double High = J.Cycles;
  // Runs without groups to compare: their samples themselves are the
  // evidence (a Zen 5 VPTERNLOGD loop whose samples scattered over
  // 0.29-0.31 never settled, and lost as unbounded to straight-line code
  // at 0.43, bound by the front end).
  if (J.Verdict == SamplingVerdict::Unsettled && J.GroupedRuns < 2) {
    if (!std::isfinite(J.SamplesHigh))
      return Reading;
    High = std::max(High, J.SamplesHigh);
  }
  if (std::isfinite(J.MinimaCycles))
    High = std::max(High, J.MinimaCycles);
  if (J.GroupedRuns && std::isfinite(J.RunsHigh))
    High = std::max(High, J.RunsHigh);
  Reading.PlausibleHigh = Value * (High / J.Cycles);
  return Reading;
}

FormReading makeCountedReading(double Value) {
  return FormReading{Value, false, Value};
}

/// \p Sound reads more than \p Doubtful's doubt can explain.
static bool beyondTheDoubt(const FormReading &Sound,
                           const FormReading &Doubtful, double Tolerance) {
  return Sound.Value > Doubtful.PlausibleHigh * (1 + Tolerance);
}

bool trustedAlike(const FormReading &A, const FormReading &B) {
  if (A.Doubtful != B.Doubtful)
    return false;
  return !A.Doubtful ||
         std::isinf(A.PlausibleHigh) == std::isinf(B.PlausibleHigh);
}

bool reportsInstead(const FormReading &Candidate, const FormReading &Current,
                    double Tolerance) {
  if (std::isnan(Candidate.Value))
    return false;
  if (std::isnan(Current.Value))
    return true;
  // Of two doubtful values, one whose doubt nothing bounds tells nothing,
  // and one whose evidence bounds it is reported (Zen 5, ADD64rr: straight-
  // line functions whose copies cost differently read 0.0924, a loop that
  // had not settled within 5 s 0.1879, the harness 0.1872).
  if (trustedAlike(Candidate, Current))
    return Candidate.Value < Current.Value;
  if (Candidate.Doubtful && Current.Doubtful)
    return std::isinf(Current.PlausibleHigh);
  if (Current.Doubtful)
    return !beyondTheDoubt(Candidate, Current, Tolerance);
  return beyondTheDoubt(Current, Candidate, Tolerance);
}

double getUnbeatenAbove(const FormReading &Reading) {
  if (!std::isfinite(Reading.Value))
    return NAN;
  if (!Reading.Doubtful)
    return Reading.Value;
  return std::isfinite(Reading.PlausibleHigh) ? Reading.PlausibleHigh : NAN;
}

bool isFrontEndBound(double Large, double Small, double Tolerance) {
  return std::isfinite(Large) && std::isfinite(Small) && Small > 0 &&
         Small < Large * (1 - Tolerance);
}

std::string describeFrontEndBound(double Large, uint64_t LargeBytes,
                                  double Small, uint64_t SmallBytes,
                                  uint64_t SmallInstructions) {
  return formatv("warning: bound by the front end: the straight-line copies "
                 "({0} bytes) read {1:F3} cycles per instruction, the same "
                 "copies in {2} bytes {3:F3}; -min-instructions={4} measures "
                 "that form (a loop would break the chain the snippet "
                 "carries)",
                 LargeBytes, Large, SmallBytes, Small, SmallInstructions)
      .str();
}

} // namespace exegesis
} // namespace llvm
