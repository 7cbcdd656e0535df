//===-- ChainSubtraction.h - Helper chains' latency taken out ---*- C++ -*-===//
//
// A latency snippet that needs helper instructions to close its cycle (a
// vector load whose result is moved back into the address register) reads
// the instruction's latency plus the helpers'. The helpers are measured
// beside it, in the same run and the same way, as chains of their own
// (SubtractedChain in Core/BenchmarkCode.h), and their share subtracted
// here. A chain may be added back instead (a negative share, its bounds
// negated too): a subtracted chain that needs helpers of its own (the
// reload of a vector store, timed through its address with a move and an
// and) gives the instruction's latency only once those helpers, which
// the subtracted chain holds but the benchmark does not, are put back.
// Kept apart from running anything so that the arithmetic, the bounds and
// the refusals can be checked on readings alone.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_CHAINSUBTRACTION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_CHAINSUBTRACTION_H

#include "Core/BenchmarkCode.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// One subtracted chain as measured: its latency per repetition.
struct ChainReading {
  double Share = 1.0;
  std::optional<SubtractedBounds> Bounds;
  /// The chain's instructions and what it is, as `info` names it.
  std::string Name;
  double PerRepetition = 0;
};

/// The instruction's latency once the chains are subtracted.
struct ChainSubtraction {
  double Latency = 0;
  /// Where the latency truly lies, given the chains' bounds (Low == High ==
  /// Latency when every share is exact).
  double Low = 0;
  double High = 0;
  /// What was subtracted, each chain's value, and the bounds.
  std::string Info;
};

/// \p Measured, the benchmark's latency per repetition, less every reading's
/// Share x PerRepetition (a negative Share adds the chain back, and `info`
/// says so: "plus"). Fails (one line, with the values) when a reading
/// is not credible (not above 0, or bounds that cross) or the result is not
/// above 0.
Expected<ChainSubtraction> subtractChains(double Measured,
                                          ArrayRef<ChainReading> Readings);

/// How `info` names \p Chain: its instructions in the target's assembly
/// syntax, then what it is.
std::string describeSubtractedChain(const LLVMState &State,
                                    const SubtractedChain &Chain);

/// The note the phases before the measure phase leave in `info`: which
/// chains would be measured and subtracted, and which added back.
std::string describeChainsToSubtract(const LLVMState &State,
                                     ArrayRef<SubtractedChain> Chains);

} // namespace exegesis
} // namespace llvm

#endif
