//===-- FunctionTwins.h - A measured function and its 2N twin ---*- C++ -*-===//
//
// Fixed costs (starting and stopping the counter, the prologue) are
// cancelled by differencing a function of N instructions and its twin of 2N.
// The middle-half modes assemble both; a time-based cycle counter needs a
// twin for every function, because the cost of the ioctls that start and
// stop it is large next to the snippet, so the measurer assembles those
// itself. This pairs the functions a repetition mode asked for into the
// variants measured, says what one call of each runs, and warns when
// straight-line twins do not fit in the L1 instruction cache together: the
// two may then run their code from different levels, and their difference
// is not the snippet's cost.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_FUNCTIONTWINS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_FUNCTIONTWINS_H

#include "Assembly/Assembler.h"
#include "Core/BenchmarkCode.h"
#include "Core/BenchmarkRunOptions.h"
#include "Measure/ReadingArithmetic.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// A function and, when fixed costs are cancelled, its twice-as-long twin.
struct MeasuredVariant {
  const AssembledFunction *Short = nullptr;
  const AssembledFunction *Long = nullptr;
};

/// The variants that measure \p Functions (as
/// BenchmarkRunner::getAssemblyRequests orders them) under \p Repetition:
/// the middle-half modes' two functions are one variant; otherwise each
/// function is one, with a twin assembled into \p Twins (cleared first) when
/// \p AssembleTwins. The variants point into \p Functions and \p Twins.
Expected<std::vector<MeasuredVariant>>
pairWithTwins(const LLVMState &State, const BenchmarkCode &Code,
              ArrayRef<MeasuredFunction> Functions, RepetitionMode Repetition,
              bool AssembleTwins, std::vector<AssembledFunction> &Twins);

/// What one call of \p F executes (nothing for a missing twin).
RunLength runLengthOf(const AssembledFunction &F);
std::optional<RunLength> runLengthOf(const AssembledFunction *Twin);

/// The instructions \p V's value is divided by: the twin's less the short
/// function's, or the short function's alone.
uint64_t getDifferencedInstructions(const MeasuredVariant &V);

/// The warning for time-based straight-line twins whose 2N function does
/// not fit in the host's L1 instruction cache (empty when it fits, or for a
/// loop). The throughput default never lays such twins out;
/// -repetition-mode=duplicate or min at a large -min-instructions can.
std::string twinsBeyondL1InstructionCache(const AssembledFunction &Short,
                                          const AssembledFunction *Long);

} // namespace exegesis
} // namespace llvm

#endif
