//===-- AArch64/AArch64CalibrationLoop.cpp ----------------------*- C++ -*-===//

#include "AArch64/AArch64CalibrationLoop.h"

namespace llvm {
namespace exegesis {

static void appendWord(std::string &Code, uint32_t Value) {
  for (int Byte = 0; Byte < 4; ++Byte)
    Code += static_cast<char>((Value >> (8 * Byte)) & 0xff);
}

std::string encodeAArch64CalibrationLoop(const CalibrationLoop &Loop) {
  // mov w1, #lo; movk w1, #hi, lsl #16; 1: the adds; subs w1, w1, #1;
  // b.ne 1b; the remainder; ret. The adds: add x0, x0, x0, then x2, x3,
  // x4 (x1 counts); the vector chain: add v0.2d, v0.2d, v0.2d.
  static const unsigned Registers[CalibrationLoop::ProbeGroupWidth] = {0, 2, 3,
                                                                       4};
  const bool Vector = Loop.isVector();
  const unsigned Width = Loop.getWidth();
  std::string Code;
  auto AppendUnits = [&](uint64_t Count) {
    for (uint64_t U = 0; U < Count; ++U)
      for (unsigned A = 0; A < Width; ++A) {
        uint32_t R = Registers[A];
        appendWord(Code,
                   Vector ? 0x4ee08400 : 0x8b000000 | (R << 16) | (R << 5) | R);
      }
  };
  if (Loop.Iterations) {
    appendWord(Code, 0x52800001 | ((Loop.Iterations & 0xffff) << 5));
    appendWord(Code, 0x72a00001 | ((Loop.Iterations >> 16) << 5));
    AppendUnits(Loop.UnitsPerIteration);
    appendWord(Code, 0x71000421);
    // b.ne back over the body and the subs: -(instructions + 1) words.
    uint32_t BodyWords = Loop.UnitsPerIteration * Width;
    uint32_t Back = (0u - (BodyWords + 1)) & 0x7ffff;
    appendWord(Code, 0x54000001 | (Back << 5));
  }
  AppendUnits(Loop.Remainder);
  appendWord(Code, 0xd65f03c0);
  return Code;
}

} // namespace exegesis
} // namespace llvm
