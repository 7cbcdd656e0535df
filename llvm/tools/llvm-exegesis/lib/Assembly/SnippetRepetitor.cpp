//===-- SnippetRepetitor.cpp ------------------------------------*- C++ -*-===//

#include "Assembly/SnippetRepetitor.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {

RepetitionPlan planRepetition(SnippetRepetition Repetition,
                              uint64_t NumSnippetInstructions,
                              uint64_t MinInstructions, uint64_t LoopBodySize,
                              uint64_t SnippetBytes, uint64_t LoopBodyBytes,
                              uint64_t StraightLineMaxBytes) {
  RepetitionPlan Plan;
  if (NumSnippetInstructions == 0)
    return Plan;
  // Whole snippets only: a partial copy would measure a different snippet.
  auto CopiesFor = [&](uint64_t Instructions) {
    return std::max<uint64_t>(1,
                              divideCeil(Instructions, NumSnippetInstructions));
  };
  if (Repetition == SnippetRepetition::Duplicate) {
    Plan.CopiesEmitted = CopiesFor(MinInstructions);
    if (StraightLineMaxBytes && SnippetBytes)
      Plan.CopiesEmitted = std::clamp<uint64_t>(
          StraightLineMaxBytes / SnippetBytes, 1, Plan.CopiesEmitted);
  } else {
    Plan.IsLoop = true;
    Plan.CopiesEmitted = CopiesFor(LoopBodySize);
    if (LoopBodyBytes && SnippetBytes) {
      uint64_t FittingCopies =
          std::min(LoopBodyBytes / SnippetBytes, CopiesFor(MinInstructions));
      Plan.CopiesEmitted = std::max(Plan.CopiesEmitted, FittingCopies);
    }
    uint64_t BodySize = Plan.CopiesEmitted * NumSnippetInstructions;
    Plan.LoopIterations =
        std::max<uint64_t>(1, divideCeil(MinInstructions, BodySize));
  }
  Plan.NumSnippetRepetitions = Plan.CopiesEmitted * Plan.LoopIterations;
  Plan.NumExecutedInstructions =
      Plan.NumSnippetRepetitions * NumSnippetInstructions;
  return Plan;
}

uint64_t getStraightLineMaxBytes(uint64_t L1InstructionCacheBytes) {
  return L1InstructionCacheBytes * 3 / 8;
}

uint64_t getTimeBasedLoopInstructions(uint64_t MinInstructions,
                                      double PredictedCyclesPerInstruction) {
  if (!(PredictedCyclesPerInstruction > 0))
    return MinInstructions;
  double Wanted = TimeBasedLoopCallCycles / PredictedCyclesPerInstruction;
  double Most = double(MinInstructions) * MaxTimeBasedLoopLengthening;
  return std::max(MinInstructions,
                  static_cast<uint64_t>(std::ceil(std::min(Wanted, Most))));
}

} // namespace exegesis
} // namespace llvm
