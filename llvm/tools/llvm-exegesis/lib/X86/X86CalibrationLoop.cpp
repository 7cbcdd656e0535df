//===-- X86/X86CalibrationLoop.cpp ------------------------------*- C++ -*-===//

#include "X86/X86CalibrationLoop.h"

namespace llvm {
namespace exegesis {

static void appendLittleEndian(std::string &Code, uint32_t Value, int Bytes) {
  for (int Byte = 0; Byte < Bytes; ++Byte)
    Code += static_cast<char>((Value >> (8 * Byte)) & 0xff);
}

std::string encodeX86CalibrationLoop(const CalibrationLoop &Loop) {
  // mov $Iterations, %ecx; 1: the adds; dec %ecx; jnz 1b; the remainder;
  // ret. The adds: add %rax, %rax, then %rdx, %r8, %r9 (caller-saved
  // under both the System V and the Windows conventions); the vector
  // chain: paddq %xmm0, %xmm0 (SSE2, on every x86-64; caller-saved too).
  // The wide chain: vfmadd231pd %zmm0, %zmm0, %zmm0 after vpxorq %zmm0,
  // %zmm0, %zmm0 (zeros: no denormal ever slows it), then vzeroupper, so
  // that legacy SSE code after it runs without dirty upper halves.
  static const char *const Adds[CalibrationLoop::ProbeGroupWidth] = {
      "\x48\x01\xc0", "\x48\x01\xd2", "\x4d\x01\xc0", "\x4d\x01\xc9"};
  const bool Wide = Loop.What == CalibrationLoop::Kind::WideVectorChain;
  const bool Vector = Loop.isVector();
  const unsigned Width = Loop.getWidth();
  const char *VectorUnit =
      Wide ? "\x62\xf2\xfd\x48\xb8\xc0" : "\x66\x0f\xd4\xc0";
  std::string Code;
  auto AppendUnits = [&](uint64_t Count) {
    for (uint64_t U = 0; U < Count; ++U)
      for (unsigned A = 0; A < Width; ++A)
        Code += Vector ? VectorUnit : Adds[A];
  };
  if (Wide)
    Code += "\x62\xf1\xfd\x48\xef\xc0";
  if (Loop.Iterations) {
    Code += "\xb9";
    appendLittleEndian(Code, Loop.Iterations, 4);
    size_t LoopStart = Code.size();
    AppendUnits(Loop.UnitsPerIteration);
    Code += "\xff\xc9\x75";
    Code += static_cast<char>(int(LoopStart) - int(Code.size() + 1));
  }
  AppendUnits(Loop.Remainder);
  if (Wide)
    Code += "\xc5\xf8\x77";
  Code += "\xc3";
  return Code;
}

} // namespace exegesis
} // namespace llvm
