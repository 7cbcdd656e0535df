//===-- TimeBasedPlan.cpp ---------------------------------------*- C++ -*-===//

#include "TimeBased/TimeBasedPlan.h"
#include "TimeBased/CycleEstimator.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {

// The time-based sampling parameters were chosen by measurement on a Zen 3
// KVM guest (bench/accuracy/README.md).
/// The calibration chains are as long as the snippet's difference of N and
/// 2N instructions, within these bounds (in adds, one core cycle each).
static constexpr uint64_t MinChainLength = 1000;
static constexpr uint64_t MaxChainLength = 100000000;
/// What one time-based measurement may cost, in core cycles of the
/// calibration chain (about a second): slow instructions (CPUID traps to the
/// hypervisor in a VM) get fewer rounds per sample instead of running into
/// the subprocess timeout.
static constexpr double TimeBasedBudgetCycles = 3e9;

TimeBasedPlan planTimeBasedSampling(ArrayRef<double> FunctionCycles,
                                    bool Differencing, size_t NumBatches,
                                    unsigned RepeatCount,
                                    unsigned MaxRoundsPerSample,
                                    unsigned WindowCycles) {
  TimeBasedPlan Plan;
  // Calibration chains as long as the snippet's difference of N and 2N
  // instructions: both differences then last equally long, so a disturbance
  // that comes with the length of a window (a periodic interrupt, say)
  // biases both alike and cancels in their ratio.
  double SnippetCycles = 0;
  if (!FunctionCycles.empty())
    SnippetCycles = Differencing && FunctionCycles.size() > 1
                        ? FunctionCycles[1] - FunctionCycles[0]
                        : FunctionCycles[0];
  if (!std::isfinite(SnippetCycles))
    SnippetCycles = 0;
  Plan.ChainLength = static_cast<uint64_t>(std::clamp(
      SnippetCycles, double(MinChainLength), double(MaxChainLength)));

  // Calls per window: the longest window holds about WindowCycles.
  double LongestCall = 2.0 * Plan.ChainLength;
  // Each batch also runs the chains (L and 2L cycles), the core-sharing
  // probe (G and 2G groups of a cycle each) and the vector chains (V and 2V
  // ops; a vector add takes a cycle or two).
  double RoundCycles =
      NumBatches * 3.0 *
      double(Plan.ChainLength +
             CycleEstimator::getSharingProbeGroups(Plan.ChainLength) +
             2 * CycleEstimator::getVectorChainLength(Plan.ChainLength));
  for (double Cycles : FunctionCycles) {
    if (!std::isfinite(Cycles))
      continue;
    LongestCall = std::max(LongestCall, Cycles);
    RoundCycles += Cycles;
  }
  Plan.CallsPerWindow = static_cast<unsigned>(
      std::max(1.0, std::floor(std::max(1u, WindowCycles) / LongestCall)));
  RoundCycles *= Plan.CallsPerWindow;
  // Rounds per sample: as many as the budget allows, up to
  // MaxRoundsPerSample.
  Plan.RoundsPerSample = static_cast<unsigned>(
      std::clamp((TimeBasedBudgetCycles / RoundCycles - TimeBasedWarmupRounds) /
                     std::max(1u, RepeatCount),
                 1.0, double(std::max(1u, MaxRoundsPerSample))));
  return Plan;
}

bool isPlanContradicted(const TimeBasedPlan &Used, const TimeBasedPlan &Fresh) {
  auto OffBy = [](double A, double B, double Factor) {
    return std::max(A, B) > Factor * std::min(A, B);
  };
  // The probe's costs include starting and stopping the counter (one call
  // per window), a run's hardly: for a short snippet that alone moves the
  // calls per window by up to half, which is harmless. A busy SMT sibling
  // slows a throughput-bound snippet by up to half for a while, which is
  // harmless too (the chain need only be about as long as the snippet);
  // sampling over for it threw away the quiet runs before it.
  return OffBy(Used.ChainLength, Fresh.ChainLength, 2) ||
         OffBy(Used.CallsPerWindow, Fresh.CallsPerWindow, 2);
}

} // namespace exegesis
} // namespace llvm
