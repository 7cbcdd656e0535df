//===-- CycleEstimator.cpp --------------------------------------*- C++ -*-===//

#include "CycleEstimator.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {

Expected<std::string> CycleEstimator::encodeAddChain(const Triple &TT,
                                                     unsigned Length) {
  std::string Code;
  switch (TT.getArch()) {
  case Triple::x86_64:
    // add %rax, %rax ... ret
    for (unsigned I = 0; I < Length; ++I)
      Code += "\x48\x01\xc0";
    Code += "\xc3";
    return Code;
  case Triple::aarch64: {
    // add x0, x0, x0 ... ret (little-endian words)
    auto AppendWord = [&Code](uint32_t Word) {
      for (int Byte = 0; Byte < 4; ++Byte)
        Code += static_cast<char>((Word >> (8 * Byte)) & 0xff);
    };
    for (unsigned I = 0; I < Length; ++I)
      AppendWord(0x8b000000);
    AppendWord(0xd65f03c0);
    return Code;
  }
  default:
    return createStringError(inconvertibleErrorCode(),
                             "no cycle calibration code for " +
                                 TT.getArchName());
  }
}

Expected<CycleEstimator> CycleEstimator::create(const Triple &TT,
                                                unsigned ChainLength) {
  Expected<std::string> ShortCode = encodeAddChain(TT, ChainLength);
  if (!ShortCode)
    return ShortCode.takeError();
  Expected<std::string> LongCode = encodeAddChain(TT, 2 * ChainLength);
  if (!LongCode)
    return LongCode.takeError();
  Expected<ExecutableFunction> Short = ExecutableFunction::fromCode(*ShortCode);
  if (!Short)
    return Short.takeError();
  Expected<ExecutableFunction> Long = ExecutableFunction::fromCode(*LongCode);
  if (!Long)
    return Long.takeError();
  return CycleEstimator(std::move(*Short), std::move(*Long), ChainLength);
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

Expected<std::vector<double>> CycleEstimator::computeBlockTicksPerCycle(
    ArrayRef<int64_t> ShortTicks, ArrayRef<int64_t> LongTicks,
    uint64_t ExtraAdds, unsigned BlockSize) {
  std::vector<int64_t> Short = blockMinima(ShortTicks, BlockSize);
  std::vector<int64_t> Long = blockMinima(LongTicks, BlockSize);
  if (Short.empty() || Short.size() != Long.size() || ExtraAdds == 0)
    return createStringError(inconvertibleErrorCode(),
                             "cycle calibration has no samples");
  std::vector<double> Ratios;
  bool AnyUsable = false;
  for (size_t B = 0; B < Short.size(); ++B) {
    if (Long[B] <= Short[B]) {
      Ratios.push_back(NAN);
      continue;
    }
    AnyUsable = true;
    Ratios.push_back(static_cast<double>(Long[B] - Short[B]) / ExtraAdds);
  }
  if (!AnyUsable)
    return createStringError(
        inconvertibleErrorCode(),
        "cycle calibration failed: the time counter did not advance with the "
        "length of the calibration chain in any of " +
            Twine(Short.size()) + " samples");
  return Ratios;
}

} // namespace exegesis
} // namespace llvm
