//===-- CycleEstimator.h - Core cycles from a time counter ------*- C++ -*-===//
//
// Where the kernel exposes no hardware cycle counter (most virtual machines),
// cycles are estimated from a time counter (the TSC or the task clock).
// The CycleEstimator owns two calibration functions, chains of L and 2L
// dependent one-cycle adds; measured alongside the snippet (same process,
// same CPU, interleaved samples, so that a change of clock frequency affects
// both), the difference of their times is the time of L core cycles, with
// the fixed cost of starting and stopping the counter cancelled out. The
// chains are loops of 40 adds, a few hundred bytes whatever L is: they run
// from the micro-op cache, so fetch and decode (shared with an SMT sibling,
// and slow for long unrolled code fed from L2) do not slow them.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CYCLEESTIMATOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CYCLEESTIMATOR_H

#include "ExecutableFunction.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class CycleEstimator {
public:
  static constexpr unsigned DefaultChainLength = 10000;

  /// Builds the calibration chains for \p TT's architecture (x86-64:
  /// `add %rax, %rax`; AArch64: `add x0, x0, x0`).
  static Expected<CycleEstimator>
  create(const Triple &TT, unsigned ChainLength = DefaultChainLength);

  /// Machine code of a function running \p Length dependent one-cycle adds
  /// (a loop, plus the remainder unrolled), or an error for an architecture
  /// we have no encoding for.
  static Expected<std::string> encodeAddChain(const Triple &TT,
                                              unsigned Length);

  /// The chains of L and 2L adds, in that order.
  std::array<const ExecutableFunction *, 2> getCalibrationFunctions() const {
    return {&Short, &Long};
  }
  unsigned getChainLength() const { return ChainLength; }

  /// The smallest value of each block of \p BlockSize consecutive values
  /// (a last, incomplete block is dropped).
  static std::vector<int64_t> blockMinima(ArrayRef<int64_t> Values,
                                          unsigned BlockSize);

  /// Time-counter ticks per core cycle of each block of \p BlockSize
  /// consecutive rounds, from the minima of the block: (min LongTicks - min
  /// ShortTicks) / ExtraAdds, where ExtraAdds is how many more adds a long
  /// sample runs than a short one. A block is short enough for the clock
  /// frequency not to change within it, and its minima are its least
  /// disturbed readings. A block whose counter did not advance is NaN (left
  /// out by the aggregation); an error when no block is usable.
  static Expected<std::vector<double>>
  computeBlockTicksPerCycle(ArrayRef<int64_t> ShortTicks,
                            ArrayRef<int64_t> LongTicks, uint64_t ExtraAdds,
                            unsigned BlockSize);

private:
  CycleEstimator(ExecutableFunction Short, ExecutableFunction Long,
                 unsigned ChainLength)
      : Short(std::move(Short)), Long(std::move(Long)),
        ChainLength(ChainLength) {}

  ExecutableFunction Short;
  ExecutableFunction Long;
  unsigned ChainLength;
};

} // namespace exegesis
} // namespace llvm

#endif
