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
// It also owns the core-sharing probe: loops of G and 2G groups of four
// independent adds. A group takes one cycle while the core runs this thread
// alone; a busy SMT sibling (on a VM, another guest's vCPU) takes issue
// slots and ALUs, and the probe then reads slower than that. Throughput-bound
// snippets slow with it while the latency-bound chain does not, so such
// samples are not to be trusted (see CoreSharing.h).
//
// And a second calibration chain, of V and 2V dependent vector integer adds,
// on other execution units than the adds: a neighbour busy on the integer
// ALUs slows the add chain by a few percent and the probe with it (so the
// probe, read in the chain's cycles, looks quiet), while chains on the
// vector, FP and multiply units run on unslowed. Every snippet not made of
// integer ALU work then reads low by as much. The vector chain's latency is
// a whole number of add cycles, learned on the host; a sample whose chains
// disagree with it is left out (SamplingJudge.h).
//
// For a snippet with 512-bit registers the vector chain is one of 512-bit
// FMAs instead, where the target has one
// (ExegesisTarget::hasWideVectorCalibrationChain). Some cores run heavy
// 512-bit code (FP arithmetic, integer multiplies) a clock step or two below
// the scalar clock at times, and the add chain cannot see it. The FMA chain
// runs at the heavy clock, so it then reads off its whole number of add
// cycles: samples so taken are left out, and where all were the value
// carries a warning. Which 512-bit instructions are heavy is no property the
// tool can read, so light ones get the same warning then. The readings
// behind these rules are in docs/TimeBasedCycles.rst and bench/RESULTS.md.
//
// The calibration functions' machine code is the target's
// (ExegesisTarget::encodeCalibrationLoop): hand-encoded loops for x86-64,
// AArch64 and ppc64le.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CYCLEESTIMATOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CYCLEESTIMATOR_H

#include "Execution/ExecutableFunction.h"
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
  /// `add %rax, %rax`; AArch64: `add x0, x0, x0`), with the wide vector
  /// chain when \p WideVectorChain (x86-64 only).
  static Expected<CycleEstimator>
  create(const Triple &TT, unsigned ChainLength = DefaultChainLength,
         bool WideVectorChain = false);

  /// Machine code of a function running \p Length dependent one-cycle adds
  /// (a loop, plus the remainder unrolled), or an error for an architecture
  /// we have no encoding for.
  static Expected<std::string> encodeAddChain(const Triple &TT,
                                              unsigned Length);

  /// Machine code of a function running \p Length dependent vector integer
  /// adds (x86-64: `paddq %xmm0, %xmm0`; AArch64: `add v0.2d, v0.2d,
  /// v0.2d`; ppc64le: `vaddudm 2, 2, 2`), or with \p Wide dependent
  /// 512-bit FMAs (x86-64: `vfmadd231pd %zmm0, %zmm0, %zmm0`).
  static Expected<std::string>
  encodeVectorChain(const Triple &TT, uint64_t Length, bool Wide = false);

  /// Machine code of a function running \p Groups groups of four
  /// independent one-cycle adds (a loop, plus the remainder unrolled).
  static Expected<std::string> encodeIndependentAdds(const Triple &TT,
                                                     uint64_t Groups);

  /// The core-sharing probe's length G in groups for chains of
  /// \p ChainLength adds: a quarter of the chain (the probe then adds an
  /// eighth to a round's cost), at least MinSharingProbeGroups.
  static uint64_t getSharingProbeGroups(uint64_t ChainLength);
  static constexpr uint64_t MinSharingProbeGroups = 500;

  /// The vector chain's length V for chains of \p ChainLength adds: an
  /// eighth of the chain (at two cycles an op, the vector chains add a
  /// fifth to a round's calibration), at least MinVectorChainLength.
  static uint64_t getVectorChainLength(uint64_t ChainLength);
  static constexpr uint64_t MinVectorChainLength = 250;

  /// The chains of L and 2L adds, the core-sharing probes of G and 2G
  /// groups, then the vector chains of V and 2V ops, in that order.
  static constexpr size_t NumCalibrationFunctions = 6;
  std::array<const ExecutableFunction *, NumCalibrationFunctions>
  getCalibrationFunctions() const {
    return {&Functions[0], &Functions[1], &Functions[2],
            &Functions[3], &Functions[4], &Functions[5]};
  }
  unsigned getChainLength() const { return ChainLength; }
  uint64_t getSharingProbeGroups() const { return ProbeGroups; }

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
  /// out by the statistics), as are all when ExtraAdds is 0.
  static std::vector<double>
  computeBlockTicksPerCycle(ArrayRef<int64_t> ShortTicks,
                            ArrayRef<int64_t> LongTicks, double ExtraAdds,
                            unsigned BlockSize);
  /// The same from blocks' minima already taken (blockMinima).
  static std::vector<double>
  computeTicksPerCycleOfMinima(ArrayRef<int64_t> ShortMinima,
                               ArrayRef<int64_t> LongMinima, double ExtraAdds);

private:
  CycleEstimator(std::vector<ExecutableFunction> Functions,
                 unsigned ChainLength, uint64_t ProbeGroups)
      : Functions(std::move(Functions)), ChainLength(ChainLength),
        ProbeGroups(ProbeGroups) {}

  std::vector<ExecutableFunction> Functions;
  unsigned ChainLength;
  uint64_t ProbeGroups;
};

} // namespace exegesis
} // namespace llvm

#endif
