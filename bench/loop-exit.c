/* Whether a loop's N and 2N twins, differenced as the time-based sampler
 * does, read the same on the host at hand (x86-64 Linux) when their calls
 * are short, and when they are long.
 *
 * The tool measures a loop by the difference of two functions: the same
 * 2 KiB body run K and 2K times a call, each function in pages of its own.
 * The difference cancels everything but K iterations, except the loop's
 * exit: the branch predictor may learn where one twin's loop ends and not
 * the other's, and keeps what it learnt while the same code runs. This
 * program builds several such pairs of code copies (a body of 56 copies of
 * twelve independent `add %rax, REG`, ADD64rr's throughput snippet), and
 * reads each pair's cycles per instruction, in add-chain cycles, at a short
 * trip count (15: the tool's 10,000 instructions a call) and a long one
 * (450: 300,000). Each reading is the median of samples whose paddq chain
 * ran at its whole number of add cycles (a quiet core, see unit-chains.c).
 *
 *   cc -O2 -o /tmp/loop-exit bench/loop-exit.c -lm
 *   /tmp/loop-exit [PAIRS]   (default 8)
 *
 * On our Zen 5 guest (2026-12-05) the tool's ADD64rr loop read 0.1843,
 * 0.1877 or 0.1913 at 10,000 instructions a call, one level a measurement,
 * and 0.1875-0.1878 at 300,000. This program's eight pairs read 0.86-1.7%
 * apart at the short length and 0.30-0.73% at the long one, in three runs
 * (bench/RESULTS.md). It replaces bench/throughput-states.c, which looked
 * for states of the core in one copy of each loop and found one level.
 */

#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <x86intrin.h>

enum {
  Copies = 56,
  AddsPerCopy = 12,
  BodyInstructions = Copies * AddsPerCopy,
  Samples = 15,
  Repetitions = 5
};

typedef void (*Loop)(uint64_t TripCount);

static inline uint64_t fencedTicks(void) {
  _mm_lfence();
  uint64_t T = __rdtsc();
  _mm_lfence();
  return T;
}

/* The tool's loop, with the trip count in RDI instead of an immediate:
 * push the callee-saved registers, rax = 0, r8 = trip count, the body,
 * `add $-1, %r8; jne`, pop, ret. */
static Loop buildLoop(void) {
  static const int Registers[AddsPerCopy] = {1, 2,  6,  9,  10, 11,
                                             3, 14, 15, 12, 13, 5};
  uint8_t *Base = mmap(NULL, 1 << 14, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  if (Base == MAP_FAILED) {
    perror("mmap");
    exit(1);
  }
  uint8_t *P = Base;
  static const uint8_t Entry[] = {0x41, 0x57, 0x41, 0x56, 0x41,
                                  0x55, 0x41, 0x54, 0x55, 0x53,
                                  0x49, 0x89, 0xF8, 0x31, 0xC0};
  memcpy(P, Entry, sizeof(Entry));
  P += sizeof(Entry);
  while ((P - Base) % 32)
    *P++ = 0x90;
  uint8_t *Start = P;
  for (int C = 0; C < Copies; ++C)
    for (int I = 0; I < AddsPerCopy; ++I) {
      int R = Registers[I];
      *P++ = R >= 8 ? 0x49 : 0x48;
      *P++ = 0x01;
      *P++ = 0xC0 | (R & 7);
    }
  static const uint8_t Decrement[] = {0x49, 0x83, 0xC0, 0xFF};
  memcpy(P, Decrement, sizeof(Decrement));
  P += sizeof(Decrement);
  int32_t Back = (int32_t)(Start - (P + 6));
  *P++ = 0x0F;
  *P++ = 0x85;
  memcpy(P, &Back, 4);
  P += 4;
  static const uint8_t Exit[] = {0x5B, 0x5D, 0x41, 0x5C, 0x41, 0x5D,
                                 0x41, 0x5E, 0x41, 0x5F, 0xC3};
  memcpy(P, Exit, sizeof(Exit));
  if (mprotect(Base, 1 << 14, PROT_READ | PROT_EXEC) != 0) {
    perror("mprotect");
    exit(1);
  }
  return (Loop)Base;
}

#define CHAIN(Name, Body, Clobber)                                             \
  static void Name(uint64_t Iterations) {                                      \
    __asm__ volatile("1:\n\t.rept 100\n\t" Body "\n\t.endr\n\t"                \
                     "decq %0\n\tjnz 1b"                                       \
                     : "+r"(Iterations)                                        \
                     :                                                         \
                     : Clobber, "cc");                                         \
  }
CHAIN(addChain, "addq %%rax, %%rax", "rax")
CHAIN(paddqChain, "paddq %%xmm0, %%xmm0", "xmm0")

static double leastTicks(Loop F, uint64_t TripCount) {
  uint64_t Least = UINT64_MAX;
  for (int R = 0; R < Repetitions; ++R) {
    uint64_t Begin = fencedTicks();
    F(TripCount);
    uint64_t Ticks = fencedTicks() - Begin;
    if (Ticks < Least)
      Least = Ticks;
  }
  return (double)Least;
}

static int byValue(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return X < Y ? -1 : X > Y;
}

/* Cycles per instruction of Long at 2K less Short at K, in add cycles: the
 * median of samples taken while paddq ran at its whole number of them. */
static double readPair(Loop Short, Loop Long, uint64_t K) {
  double Values[Samples];
  int Taken = 0, Tries = 0;
  double Whole = 0;
  while (Taken < Samples && Tries++ < 200 * Samples) {
    double Add = (leastTicks(addChain, 4000) - leastTicks(addChain, 2000)) /
                 (2000.0 * 100);
    double Paddq =
        (leastTicks(paddqChain, 2000) - leastTicks(paddqChain, 1000)) /
        (1000.0 * 100);
    double Ratio = Paddq / Add;
    if (Whole == 0)
      Whole = round(Ratio) > 0 ? round(Ratio) : 1;
    if (fabs(Ratio - Whole) > 0.005 * Whole)
      continue;
    double Difference = leastTicks(Long, 2 * K) - leastTicks(Short, K);
    Values[Taken++] = Difference / (double)(K * BodyInstructions) / Add;
  }
  if (Taken == 0)
    return NAN;
  qsort(Values, Taken, sizeof(double), byValue);
  return Values[Taken / 2];
}

int main(int Argc, char **Argv) {
  int Pairs = Argc > 1 ? atoi(Argv[1]) : 8;
  if (Pairs < 2 || Pairs > 64) {
    fprintf(stderr, "usage: %s [PAIRS (2-64)]\n", Argv[0]);
    return 1;
  }
  Loop Short[64], Long[64];
  for (int I = 0; I < Pairs; ++I) {
    Short[I] = buildLoop();
    Long[I] = buildLoop();
  }
  /* Once over every pair first: the first pairs read up to a third high
   * without it (code and data cold, the clock ramping up). */
  for (int I = 0; I < Pairs; ++I)
    readPair(Short[I], Long[I], 15);
  static const uint64_t TripCounts[] = {15, 450};
  for (int T = 0; T < 2; ++T) {
    uint64_t K = TripCounts[T];
    double Low = INFINITY, High = -INFINITY;
    printf("%llu iterations a call (%llu instructions):", (unsigned long long)K,
           (unsigned long long)(K * BodyInstructions));
    for (int I = 0; I < Pairs; ++I) {
      double Value = readPair(Short[I], Long[I], K);
      printf(" %.4f", Value);
      if (Value < Low)
        Low = Value;
      if (Value > High)
        High = Value;
    }
    printf("\n  pairs %.4f to %.4f, %.2f%% apart\n", Low, High,
           100 * (High - Low) / Low);
  }
  return 0;
}
