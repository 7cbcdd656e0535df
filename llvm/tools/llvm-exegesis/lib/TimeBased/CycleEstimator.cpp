//===-- CycleEstimator.cpp --------------------------------------*- C++ -*-===//

#include "TimeBased/CycleEstimator.h"
#include "Core/Target.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {

/// Adds per iteration of the calibration loops: small enough for a loop to
/// sit in the micro-op cache and for a short backward branch.
static constexpr unsigned ChainLoopBody = 40;
/// The same for the vector chain, whose x86 instructions are four bytes:
/// the loop's body stays within a short branch's reach.
static constexpr unsigned VectorLoopBody = 24;
/// And for the wide vector chain, whose instructions are six bytes.
static constexpr unsigned WideVectorLoopBody = 16;

/// Machine code of a loop of \p Units units of \p Kind, ChainLoopBody
/// (VectorLoopBody) instructions per iteration and the remainder unrolled; then
/// a return. The target of \p TT encodes it.
static Expected<std::string> encodeCalibrationLoop(const Triple &TT,
                                                   uint64_t Units,
                                                   CalibrationLoop::Kind Kind) {
  CalibrationLoop Loop;
  Loop.What = Kind;
  unsigned LoopBody = Kind == CalibrationLoop::Kind::WideVectorChain
                          ? WideVectorLoopBody
                      : Loop.isVector() ? VectorLoopBody
                                        : ChainLoopBody;
  Loop.UnitsPerIteration = LoopBody / Loop.getWidth();
  uint64_t Iterations = Units / Loop.UnitsPerIteration;
  Loop.Remainder = Units % Loop.UnitsPerIteration;
  if (Iterations > UINT32_MAX)
    return createStringError(inconvertibleErrorCode(),
                             "calibration loop of " + Twine(Units) +
                                 " units is too long");
  Loop.Iterations = uint32_t(Iterations);
  const ExegesisTarget &Target = ExegesisTarget::lookup(TT);
  if (Kind == CalibrationLoop::Kind::WideVectorChain &&
      !Target.hasWideVectorCalibrationChain(TT))
    return createStringError(inconvertibleErrorCode(),
                             "no wide vector calibration chain for " +
                                 TT.getArchName());
  return Target.encodeCalibrationLoop(TT, Loop);
}

// The chains are loops so that a chain of any length is a few hundred bytes
// of code, run from the micro-op cache. An unrolled chain is fed from L2
// through the decoders; on our KVM guests it read up to 2.5% slower than the
// loop for seconds at a time (bench/accuracy/README.md), skewing every
// calibration made in those stretches.
Expected<std::string> CycleEstimator::encodeAddChain(const Triple &TT,
                                                     unsigned Length) {
  return encodeCalibrationLoop(TT, Length, CalibrationLoop::Kind::AddChain);
}

Expected<std::string> CycleEstimator::encodeVectorChain(const Triple &TT,
                                                        uint64_t Length,
                                                        bool Wide) {
  return encodeCalibrationLoop(TT, Length,
                               Wide ? CalibrationLoop::Kind::WideVectorChain
                                    : CalibrationLoop::Kind::VectorChain);
}

Expected<std::string> CycleEstimator::encodeIndependentAdds(const Triple &TT,
                                                            uint64_t Groups) {
  return encodeCalibrationLoop(TT, Groups,
                               CalibrationLoop::Kind::IndependentAdds);
}

uint64_t CycleEstimator::getSharingProbeGroups(uint64_t ChainLength) {
  return std::max<uint64_t>(ChainLength / 4, MinSharingProbeGroups);
}

uint64_t CycleEstimator::getVectorChainLength(uint64_t ChainLength) {
  return std::max<uint64_t>(ChainLength / 8, MinVectorChainLength);
}

Expected<CycleEstimator> CycleEstimator::create(const Triple &TT,
                                                unsigned ChainLength,
                                                bool WideVectorChain) {
  uint64_t Groups = getSharingProbeGroups(ChainLength);
  std::vector<ExecutableFunction> Functions;
  auto Add = [&](Expected<std::string> Code) -> Error {
    if (!Code)
      return Code.takeError();
    Expected<ExecutableFunction> F = ExecutableFunction::fromCode(*Code);
    if (!F)
      return F.takeError();
    Functions.push_back(std::move(*F));
    return Error::success();
  };
  if (Error E = Add(encodeAddChain(TT, ChainLength)))
    return E;
  if (Error E = Add(encodeAddChain(TT, 2 * ChainLength)))
    return E;
  if (Error E = Add(encodeIndependentAdds(TT, Groups)))
    return E;
  if (Error E = Add(encodeIndependentAdds(TT, 2 * Groups)))
    return E;
  uint64_t VectorLength = getVectorChainLength(ChainLength);
  if (Error E = Add(encodeVectorChain(TT, VectorLength, WideVectorChain)))
    return E;
  if (Error E = Add(encodeVectorChain(TT, 2 * VectorLength, WideVectorChain)))
    return E;
  return CycleEstimator(std::move(Functions), ChainLength, Groups);
}

std::vector<int64_t> CycleEstimator::blockMinima(ArrayRef<int64_t> Values,
                                                 unsigned BlockSize) {
  std::vector<int64_t> Minima;
  if (BlockSize == 0)
    return Minima;
  for (size_t Start = 0; Start + BlockSize <= Values.size(); Start += BlockSize)
    Minima.push_back(*std::min_element(Values.begin() + Start,
                                       Values.begin() + Start + BlockSize));
  return Minima;
}

std::vector<double> CycleEstimator::computeBlockTicksPerCycle(
    ArrayRef<int64_t> ShortTicks, ArrayRef<int64_t> LongTicks, double ExtraAdds,
    unsigned BlockSize) {
  return computeTicksPerCycleOfMinima(blockMinima(ShortTicks, BlockSize),
                                      blockMinima(LongTicks, BlockSize),
                                      ExtraAdds);
}

std::vector<double>
CycleEstimator::computeTicksPerCycleOfMinima(ArrayRef<int64_t> ShortMinima,
                                             ArrayRef<int64_t> LongMinima,
                                             double ExtraAdds) {
  std::vector<double> Ratios;
  for (size_t B = 0; B < std::min(ShortMinima.size(), LongMinima.size()); ++B)
    Ratios.push_back(LongMinima[B] > ShortMinima[B] && ExtraAdds > 0
                         ? double(LongMinima[B] - ShortMinima[B]) / ExtraAdds
                         : NAN);
  return Ratios;
}

} // namespace exegesis
} // namespace llvm
