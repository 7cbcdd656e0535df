//===-- TimedCalls.cpp ------------------------------------------*- C++ -*-===//

#include "Counters/TimedCalls.h"

namespace llvm {
namespace exegesis {

bool hostHasTimedCalls() {
#if defined(__x86_64__)
  return true;
#else
  return true;
#endif
}

uint64_t getTimedCallsOffsetAfter(uint64_t CodeEnd) {
  constexpr uint64_t Alignment = 64;
  return (CodeEnd + Alignment - 1) / Alignment * Alignment;
}

std::string encodeTimedCalls(uint64_t LoopOffset, uint64_t EntryOffset) {
  if (!hostHasTimedCalls())
    return {};
  // System V: Scratch in %rdi, Calls in %rsi, the ticks returned in %rax.
  // The three pushes leave the stack 16-byte aligned at each call, as the
  // ABI wants; %rbx, %r12 and %r13 survive the calls (callee-saved).
  //   push %rbx; push %r12; push %r13
  //   mov %rdi, %r12; mov %rsi, %r13
  //   lfence; rdtsc; lfence; shl $32, %rdx; or %rdx, %rax; mov %rax, %rbx
  //   test %r13, %r13; jz 2f
  // 1: mov %r12, %rdi; call Entry; dec %r13; jnz 1b
  // 2: lfence; rdtsc; lfence; shl $32, %rdx; or %rdx, %rax; sub %rbx, %rax
  //   pop %r13; pop %r12; pop %rbx; ret
  static const char Prologue[] = "\x53\x41\x54\x41\x55\x49\x89\xfc\x49\x89\xf5";
  static const char ReadCounter[] =
      "\x0f\xae\xe8\x0f\x31\x0f\xae\xe8\x48\xc1\xe2\x20\x48\x09\xd0";
  std::string Code(Prologue, sizeof(Prologue) - 1);
  Code.append(ReadCounter, sizeof(ReadCounter) - 1);
  Code += "\x48\x89\xc3\x4d\x85\xed\x74";
  // Over the loop's body: mov (3), call (5), dec (3), jnz (2).
  constexpr int BodySize = 13;
  Code += static_cast<char>(BodySize);
  uint64_t CallEnd = LoopOffset + Code.size() + 3 + 5;
  int64_t Displacement = static_cast<int64_t>(EntryOffset - CallEnd);
  Code += "\x4c\x89\xe7\xe8";
  for (int Byte = 0; Byte < 4; ++Byte)
    Code += static_cast<char>(
        (static_cast<uint64_t>(Displacement) >> (8 * Byte)) & 0xff);
  Code += "\x49\xff\xcd\x75";
  Code += static_cast<char>(-BodySize);
  Code.append(ReadCounter, sizeof(ReadCounter) - 1);
  Code += "\x48\x29\xd8\x41\x5d\x41\x5c\x5b\xc3";
  return Code;
}

} // namespace exegesis
} // namespace llvm
