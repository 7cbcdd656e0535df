//===-- PowerPC/PowerPCCalibrationLoop.cpp ----------------------*- C++ -*-===//

#include "PowerPC/PowerPCCalibrationLoop.h"

namespace llvm {
namespace exegesis {

static void appendWord(std::string &Code, uint32_t Value) {
  for (int Byte = 0; Byte < 4; ++Byte)
    Code += static_cast<char>((Value >> (8 * Byte)) & 0xff);
}

std::string encodePowerPCCalibrationLoop(const CalibrationLoop &Loop) {
  // lis 4, hi; ori 4, 4, lo; mtctr 4; 1: the adds; bdnz 1b; the remainder;
  // blr. The adds: add 3, 3, 3, then r5, r6, r7 (volatile under ELFv2; r4
  // holds the count); the vector chain: vaddudm 2, 2, 2 (POWER8, the
  // ppc64le baseline; v2 volatile).
  static const unsigned Registers[CalibrationLoop::ProbeGroupWidth] = {3, 5, 6,
                                                                       7};
  const bool Vector = Loop.isVector();
  const unsigned Width = Loop.getWidth();
  std::string Code;
  auto AppendUnits = [&](uint64_t Count) {
    for (uint64_t U = 0; U < Count; ++U)
      for (unsigned A = 0; A < Width; ++A) {
        uint32_t R = Registers[A];
        appendWord(Code, Vector
                             ? 0x104210c0
                             : 0x7c000214 | (R << 21) | (R << 16) | (R << 11));
      }
  };
  if (Loop.Iterations) {
    appendWord(Code, 0x3c800000 | uint32_t(Loop.Iterations >> 16));
    appendWord(Code, 0x60840000 | uint32_t(Loop.Iterations & 0xffff));
    appendWord(Code, 0x7c8903a6);
    AppendUnits(Loop.UnitsPerIteration);
    // bdnz back over the body: a byte displacement in bits 2-15.
    uint32_t BodyBytes = 4 * Loop.UnitsPerIteration * Width;
    uint32_t Back = (0u - BodyBytes) & 0xfffc;
    appendWord(Code, 0x42000000 | Back);
  }
  AppendUnits(Loop.Remainder);
  appendWord(Code, 0x4e800020);
  return Code;
}

} // namespace exegesis
} // namespace llvm
