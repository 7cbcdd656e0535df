//===-- CycleEstimator.cpp --------------------------------------*- C++ -*-===//

#include "CycleEstimator.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {

/// Adds per iteration of the calibration loop: small enough for the loop
/// to sit in the micro-op cache and for a short backward branch.
static constexpr unsigned ChainLoopBody = 40;

// The chains are loops so that a chain of any length is a few hundred bytes
// of code, run from the micro-op cache. An unrolled chain is fed from L2
// through the decoders; on our KVM guests it read up to 2.5% slower than the
// loop for seconds at a time (bench/accuracy/README.md), skewing every
// calibration made in those stretches.
Expected<std::string> CycleEstimator::encodeAddChain(const Triple &TT,
                                                     unsigned Length) {
  std::string Code;
  unsigned Iterations = Length / ChainLoopBody;
  unsigned Remainder = Length % ChainLoopBody;
  auto AppendLittleEndian = [&Code](uint32_t Value, int Bytes) {
    for (int Byte = 0; Byte < Bytes; ++Byte)
      Code += static_cast<char>((Value >> (8 * Byte)) & 0xff);
  };
  switch (TT.getArch()) {
  case Triple::x86_64: {
    // mov $Iterations, %ecx; 1: add %rax, %rax (ChainLoopBody times);
    // dec %ecx; jnz 1b; add %rax, %rax (Remainder times); ret
    const char *Add = "\x48\x01\xc0";
    if (Iterations) {
      Code += "\xb9";
      AppendLittleEndian(Iterations, 4);
      size_t LoopStart = Code.size();
      for (unsigned I = 0; I < ChainLoopBody; ++I)
        Code += Add;
      Code += "\xff\xc9\x75";
      Code += static_cast<char>(int(LoopStart) - int(Code.size() + 1));
    }
    for (unsigned I = 0; I < Remainder; ++I)
      Code += Add;
    Code += "\xc3";
    return Code;
  }
  case Triple::aarch64: {
    // mov w1, #lo; movk w1, #hi, lsl #16; 1: add x0, x0, x0 (ChainLoopBody
    // times); subs w1, w1, #1; b.ne 1b; add x0, x0, x0 (Remainder times);
    // ret
    const uint32_t Add = 0x8b000000;
    if (Iterations) {
      AppendLittleEndian(0x52800001 | ((Iterations & 0xffff) << 5), 4);
      AppendLittleEndian(0x72a00001 | ((Iterations >> 16) << 5), 4);
      for (unsigned I = 0; I < ChainLoopBody; ++I)
        AppendLittleEndian(Add, 4);
      AppendLittleEndian(0x71000421, 4);
      // b.ne back over the body and the subs: -(ChainLoopBody + 1) words.
      uint32_t Back = (0u - (ChainLoopBody + 1)) & 0x7ffff;
      AppendLittleEndian(0x54000001 | (Back << 5), 4);
    }
    for (unsigned I = 0; I < Remainder; ++I)
      AppendLittleEndian(Add, 4);
    AppendLittleEndian(0xd65f03c0, 4);
    return Code;
  }
  case Triple::ppc64le: {
    // Not yet run on PowerPC hardware. lis 4, hi; ori 4, 4, lo; mtctr 4;
    // 1: add 3, 3, 3 (ChainLoopBody times); bdnz 1b; add 3, 3, 3
    // (Remainder times); blr
    const uint32_t Add = 0x7c631a14;
    if (Iterations) {
      AppendLittleEndian(0x3c800000 | (Iterations >> 16), 4);
      AppendLittleEndian(0x60840000 | (Iterations & 0xffff), 4);
      AppendLittleEndian(0x7c8903a6, 4);
      for (unsigned I = 0; I < ChainLoopBody; ++I)
        AppendLittleEndian(Add, 4);
      // bdnz back over the body: a byte displacement in bits 2-15.
      uint32_t Back = (0u - 4 * ChainLoopBody) & 0xfffc;
      AppendLittleEndian(0x42000000 | Back, 4);
    }
    for (unsigned I = 0; I < Remainder; ++I)
      AppendLittleEndian(Add, 4);
    AppendLittleEndian(0x4e800020, 4);
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
