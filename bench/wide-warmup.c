/* Whether the first 256-bit loop after a stretch of scalar code runs slower
 * than the ones after it, on the host at hand (x86-64 Linux with AVX), and
 * what that does to a difference of N and 2N iterations: the reason the
 * executors run every other round in reverse order (functionInRound in
 * llvm/tools/llvm-exegesis/lib/Execution/FunctionExecutor.h).
 *
 * A block times, in turn, an add chain of S and 2S iterations (the scalar
 * stretch, which also calibrates ticks to cycles) and a loop of independent
 * `vaddpd %ymm0, %ymm1, %ymm2` at N and 2N iterations, and reads the
 * loop's cycles per vaddpd from the differences, each the minimum of three
 * repetitions. "fixed" always times N before 2N; "alternate" times 2N
 * first in every other repetition, as the tool does. For each scalar
 * stretch the program prints the median over blocks of both.
 *
 *   cc -O2 -o /tmp/wide-warmup bench/wide-warmup.c
 *   /tmp/wide-warmup [BLOCKS]     (default 200)
 *
 * On our Emerald Rapids guest (2026-12-06) the fixed order read 0.500
 * after scalar stretches of up to 150,000 adds and 0.44-0.49 after 374,000
 * or more (about 125 us), the alternate order 0.500 throughout
 * (bench/RESULTS.md). */

#define _GNU_SOURCE
#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <x86intrin.h>

static inline uint64_t fencedTicks(void) {
  _mm_lfence();
  uint64_t T = __rdtsc();
  _mm_lfence();
  return T;
}

/* 64 dependent adds an iteration. */
static void addChain(uint64_t Iterations) {
  __asm__ volatile("1:\n\t.rept 64\n\taddq %%rax, %%rax\n\t.endr\n\t"
                   "decq %0\n\tjnz 1b"
                   : "+r"(Iterations)
                   :
                   : "rax", "cc");
}

/* 64 independent vaddpd an iteration. No vzeroupper after: the tool's
 * functions end with one, and the effect shows either way, but with it
 * on our host after longer scalar stretches, and not in every run. */
static void wideAdds(uint64_t Iterations) {
  __asm__ volatile(
      "vxorpd %%ymm0, %%ymm0, %%ymm0\n\t"
      "vxorpd %%ymm1, %%ymm1, %%ymm1\n\t"
      "1:\n\t.rept 64\n\tvaddpd %%ymm0, %%ymm1, %%ymm2\n\t.endr\n\t"
      "decq %0\n\tjnz 1b"
      : "+r"(Iterations)
      :
      : "xmm0", "xmm1", "xmm2", "cc");
}

static uint64_t timeOnce(void (*Run)(uint64_t), uint64_t Iterations) {
  uint64_t Start = fencedTicks();
  Run(Iterations);
  return fencedTicks() - Start;
}

static int compareDoubles(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return (X > Y) - (X < Y);
}

/* Cycles per vaddpd of one block: scalar stretches of Scalar and 2 Scalar
 * add-chain iterations, wide loops of Wide and 2 Wide. */
static double block(uint64_t Scalar, uint64_t Wide, int Alternate) {
  uint64_t Best[4] = {UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX};
  for (int Repetition = 0; Repetition < 6; ++Repetition) {
    uint64_t T;
    if ((T = timeOnce(addChain, Scalar)) < Best[0])
      Best[0] = T;
    if ((T = timeOnce(addChain, 2 * Scalar)) < Best[1])
      Best[1] = T;
    int LongFirst = Alternate && Repetition % 2;
    for (int K = 0; K < 2; ++K) {
      int Long = LongFirst ? K == 0 : K == 1;
      T = timeOnce(wideAdds, Long ? 2 * Wide : Wide);
      if (T < Best[2 + Long])
        Best[2 + Long] = T;
    }
  }
  double TicksPerCycle = (double)(Best[1] - Best[0]) / (64.0 * Scalar);
  return (double)((int64_t)Best[3] - (int64_t)Best[2]) / TicksPerCycle /
         (64.0 * Wide);
}

int main(int Argc, char **Argv) {
  unsigned Eax, Ebx, Ecx, Edx;
  if (!__get_cpuid(1, &Eax, &Ebx, &Ecx, &Edx) || !(Ecx & bit_AVX)) {
    fprintf(stderr, "wide-warmup: this CPU has no AVX\n");
    return 2;
  }
  int Blocks = Argc > 1 ? atoi(Argv[1]) : 200;
  if (Blocks < 1 || Blocks > 100000) {
    fprintf(stderr, "wide-warmup: BLOCKS must be 1-100000\n");
    return 2;
  }
  double *Values = malloc(sizeof(double) * Blocks);
  const uint64_t Wide = 356;
  printf("scalar stretch (adds)  fixed order  alternate order  (cycles per "
         "vaddpd, median of %d blocks)\n",
         Blocks);
  for (uint64_t Scalar = 20; Scalar <= 13000; Scalar = Scalar * 5 / 2) {
    double Median[2];
    for (int Alternate = 0; Alternate < 2; ++Alternate) {
      for (int B = 0; B < Blocks; ++B)
        Values[B] = block(Scalar, Wide, Alternate);
      qsort(Values, Blocks, sizeof(double), compareDoubles);
      Median[Alternate] = Values[Blocks / 2];
    }
    printf("%21llu  %11.4f  %15.4f\n", (unsigned long long)(3 * 64 * Scalar),
           Median[0], Median[1]);
  }
  free(Values);
  return 0;
}
