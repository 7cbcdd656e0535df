//===-- CycleEstimator.cpp --------------------------------------*- C++ -*-===//

#include "TimeBased/CycleEstimator.h"
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
/// Independent adds per group of the core-sharing probe: as many as the
/// integer ALUs of the cores we meet (Zen 3/4, Ice Lake: four), so that a
/// group takes one cycle while the core runs this thread alone.
static constexpr unsigned ProbeGroupWidth = 4;

/// What a calibration loop runs.
enum class LoopKind {
  /// A chain of dependent one-cycle adds.
  AddChain,
  /// Groups of ProbeGroupWidth independent adds.
  IndependentAdds,
  /// A chain of dependent vector integer adds, on the vector units.
  VectorChain,
  /// A chain of dependent 512-bit FMAs (x86-64 only).
  WideVectorChain,
};

/// Machine code of a loop of \p Units units of \p Kind, ChainLoopBody
/// (VectorLoopBody) instructions per iteration and the remainder unrolled; then
/// a return.
static Expected<std::string>
encodeCalibrationLoop(const Triple &TT, uint64_t Units, LoopKind Kind) {
  unsigned Width = Kind == LoopKind::IndependentAdds ? ProbeGroupWidth : 1;
  bool Wide = Kind == LoopKind::WideVectorChain;
  bool Vector = Kind == LoopKind::VectorChain || Wide;
  unsigned LoopBody = Wide     ? WideVectorLoopBody
                      : Vector ? VectorLoopBody
                               : ChainLoopBody;
  std::string Code;
  unsigned UnitsPerIteration = LoopBody / Width;
  uint64_t Iterations = Units / UnitsPerIteration;
  uint64_t Remainder = Units % UnitsPerIteration;
  if (Iterations > UINT32_MAX)
    return createStringError(inconvertibleErrorCode(),
                             "calibration loop of " + Twine(Units) +
                                 " units is too long");
  if (Wide && TT.getArch() != Triple::x86_64)
    return createStringError(inconvertibleErrorCode(),
                             "no wide vector calibration chain for " +
                                 TT.getArchName());
  auto AppendLittleEndian = [&Code](uint32_t Value, int Bytes) {
    for (int Byte = 0; Byte < Bytes; ++Byte)
      Code += static_cast<char>((Value >> (8 * Byte)) & 0xff);
  };
  switch (TT.getArch()) {
  case Triple::x86_64: {
    // mov $Iterations, %ecx; 1: the adds; dec %ecx; jnz 1b; the remainder;
    // ret. The adds: add %rax, %rax, then %rdx, %r8, %r9 (caller-saved
    // under both the System V and the Windows conventions); the vector
    // chain: paddq %xmm0, %xmm0 (SSE2, on every x86-64; caller-saved too).
    // The wide chain: vfmadd231pd %zmm0, %zmm0, %zmm0 after vpxorq %zmm0,
    // %zmm0, %zmm0 (zeros: no denormal ever slows it), then vzeroupper, so
    // that legacy SSE code after it runs without dirty upper halves.
    static const char *const Adds[ProbeGroupWidth] = {
        "\x48\x01\xc0", "\x48\x01\xd2", "\x4d\x01\xc0", "\x4d\x01\xc9"};
    const char *VectorUnit =
        Wide ? "\x62\xf2\xfd\x48\xb8\xc0" : "\x66\x0f\xd4\xc0";
    auto AppendUnits = [&](uint64_t Count) {
      for (uint64_t U = 0; U < Count; ++U)
        for (unsigned A = 0; A < Width; ++A)
          Code += Vector ? VectorUnit : Adds[A];
    };
    if (Wide)
      Code += "\x62\xf1\xfd\x48\xef\xc0";
    if (Iterations) {
      Code += "\xb9";
      AppendLittleEndian(uint32_t(Iterations), 4);
      size_t LoopStart = Code.size();
      AppendUnits(UnitsPerIteration);
      Code += "\xff\xc9\x75";
      Code += static_cast<char>(int(LoopStart) - int(Code.size() + 1));
    }
    AppendUnits(Remainder);
    if (Wide)
      Code += "\xc5\xf8\x77";
    Code += "\xc3";
    return Code;
  }
  case Triple::aarch64: {
    // mov w1, #lo; movk w1, #hi, lsl #16; 1: the adds; subs w1, w1, #1;
    // b.ne 1b; the remainder; ret. The adds: add x0, x0, x0, then x2, x3,
    // x4 (x1 counts); the vector chain: add v0.2d, v0.2d, v0.2d.
    static const unsigned Registers[ProbeGroupWidth] = {0, 2, 3, 4};
    auto AppendUnits = [&](uint64_t Count) {
      for (uint64_t U = 0; U < Count; ++U)
        for (unsigned A = 0; A < Width; ++A) {
          uint32_t R = Registers[A];
          AppendLittleEndian(
              Vector ? 0x4ee08400 : 0x8b000000 | (R << 16) | (R << 5) | R, 4);
        }
    };
    if (Iterations) {
      AppendLittleEndian(0x52800001 | ((Iterations & 0xffff) << 5), 4);
      AppendLittleEndian(0x72a00001 | ((Iterations >> 16) << 5), 4);
      AppendUnits(UnitsPerIteration);
      AppendLittleEndian(0x71000421, 4);
      // b.ne back over the body and the subs: -(LoopBody + 1) words.
      uint32_t Back = (0u - (LoopBody + 1)) & 0x7ffff;
      AppendLittleEndian(0x54000001 | (Back << 5), 4);
    }
    AppendUnits(Remainder);
    AppendLittleEndian(0xd65f03c0, 4);
    return Code;
  }
  case Triple::ppc64le: {
    // Not yet run on PowerPC hardware. lis 4, hi; ori 4, 4, lo; mtctr 4;
    // 1: the adds; bdnz 1b; the remainder; blr. The adds: add 3, 3, 3, then
    // r5, r6, r7 (volatile under ELFv2; r4 holds the count); the vector
    // chain: vaddudm 2, 2, 2 (POWER8, the ppc64le baseline; v2 volatile).
    static const unsigned Registers[ProbeGroupWidth] = {3, 5, 6, 7};
    auto AppendUnits = [&](uint64_t Count) {
      for (uint64_t U = 0; U < Count; ++U)
        for (unsigned A = 0; A < Width; ++A) {
          uint32_t R = Registers[A];
          AppendLittleEndian(Vector ? 0x104210c0
                                    : 0x7c000214 | (R << 21) | (R << 16) |
                                          (R << 11),
                             4);
        }
    };
    if (Iterations) {
      AppendLittleEndian(0x3c800000 | uint32_t(Iterations >> 16), 4);
      AppendLittleEndian(0x60840000 | uint32_t(Iterations & 0xffff), 4);
      AppendLittleEndian(0x7c8903a6, 4);
      AppendUnits(UnitsPerIteration);
      // bdnz back over the body: a byte displacement in bits 2-15.
      uint32_t Back = (0u - 4 * LoopBody) & 0xfffc;
      AppendLittleEndian(0x42000000 | Back, 4);
    }
    AppendUnits(Remainder);
    AppendLittleEndian(0x4e800020, 4);
    return Code;
  }
  default:
    return createStringError(inconvertibleErrorCode(),
                             "no cycle calibration code for " +
                                 TT.getArchName());
  }
}

// The chains are loops so that a chain of any length is a few hundred bytes
// of code, run from the micro-op cache. An unrolled chain is fed from L2
// through the decoders; on our KVM guests it read up to 2.5% slower than the
// loop for seconds at a time (bench/accuracy/README.md), skewing every
// calibration made in those stretches.
Expected<std::string> CycleEstimator::encodeAddChain(const Triple &TT,
                                                     unsigned Length) {
  return encodeCalibrationLoop(TT, Length, LoopKind::AddChain);
}

Expected<std::string> CycleEstimator::encodeVectorChain(const Triple &TT,
                                                        uint64_t Length,
                                                        bool Wide) {
  return encodeCalibrationLoop(
      TT, Length, Wide ? LoopKind::WideVectorChain : LoopKind::VectorChain);
}

Expected<std::string> CycleEstimator::encodeIndependentAdds(const Triple &TT,
                                                            uint64_t Groups) {
  return encodeCalibrationLoop(TT, Groups, LoopKind::IndependentAdds);
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
