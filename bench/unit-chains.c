/* Whether a neighbour slows the calibration's add chain and not the other
 * execution units, on the host at hand (x86-64 Linux): the premise of the
 * time-based sampler's vector calibration chain (docs/TimeBasedCycles.rst).
 *
 * Each sample times, interleaved, chains of dependent `add`, `paddq`,
 * `imul` and `addsd` at L and 2L links, each the best of a few repetitions,
 * and reads the last three in add-chain cycles. On a quiet core each ratio
 * is the link's latency, a whole number. The program prints, for the samples
 * whose paddq ratio lies within 0.5% of its whole number and for those more
 * than 1% from it, how far imul and addsd lie from theirs: where the add
 * chain itself was slowed, every other unit's chain reads low by as much,
 * and the paddq ratio tells those samples.
 *
 *   cc -O2 -o /tmp/unit-chains bench/unit-chains.c -lm
 *   /tmp/unit-chains [SECONDS]     (default 20)
 *
 * On our Zen 5 guest in a busy stretch of its host (2026-12-05), 37% of
 * the samples had paddq/add more than 1% from 2, and in those imul and a
 * vfmadd chain read 1.9% low (bench/RESULTS.md). */

#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <x86intrin.h>

enum { LinksPerIteration = 40, Repetitions = 15 };

static inline uint64_t fencedTicks(void) {
  _mm_lfence();
  uint64_t T = __rdtsc();
  _mm_lfence();
  return T;
}

#define CHAIN(Name, Link, ...)                                                 \
  static void Name(uint64_t Iterations) {                                      \
    __asm__ volatile("1:\n\t.rept 40\n\t" Link "\n\t.endr\n\t"                 \
                     "decq %%rcx\n\tjnz 1b"                                    \
                     : "+c"(Iterations)                                        \
                     :                                                         \
                     : __VA_ARGS__);                                           \
  }
CHAIN(addChain, "addq %%rax, %%rax", "rax", "cc")
CHAIN(paddqChain, "paddq %%xmm0, %%xmm0", "xmm0", "cc")
CHAIN(imulChain, "imulq %%rdx, %%rdx", "rdx", "cc")
CHAIN(addsdChain, "addsd %%xmm1, %%xmm1", "xmm1", "cc")

/* Whether the upper halves of the vector registers can be dirty (AVX). */
static int HasAVX;

/* Ticks per link of Chain: the best difference of 2N and N iterations. */
static double ticksPerLink(void (*Chain)(uint64_t), uint64_t N) {
  int64_t Best = INT64_MAX;
  for (int R = 0; R < Repetitions; ++R) {
    /* Legacy-SSE code run while the upper halves are dirty pays for it on
     * Intel cores: on an Emerald Rapids guest a paddq chain read 1.5 add
     * cycles a link after a 256-bit write, 1.0 after vzeroupper. */
    if (HasAVX)
      __asm__ volatile("vzeroupper");
    uint64_t A = fencedTicks();
    Chain(N);
    uint64_t B = fencedTicks();
    Chain(2 * N);
    uint64_t C = fencedTicks();
    int64_t Difference = (int64_t)(C - B) - (int64_t)(B - A);
    if (Difference > 0 && Difference < Best)
      Best = Difference;
  }
  return Best == INT64_MAX ? NAN
                           : (double)Best / (double)(N * LinksPerIteration);
}

static int compareDoubles(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return X < Y ? -1 : X > Y;
}

static double median(double *Values, size_t Count) {
  if (!Count)
    return NAN;
  qsort(Values, Count, sizeof(double), compareDoubles);
  return Count % 2 ? Values[Count / 2]
                   : (Values[Count / 2 - 1] + Values[Count / 2]) / 2;
}

/* How far Ratio lies from Whole, signed, relative to it. */
static double offWhole(double Ratio, double Whole) { return Ratio / Whole - 1; }

int main(int Argc, char **Argv) {
  double Seconds = Argc > 1 ? atof(Argv[1]) : 20;
  if (!(Seconds > 0)) {
    fprintf(stderr, "usage: %s [SECONDS]\n", Argv[0]);
    return 2;
  }
  HasAVX = __builtin_cpu_supports("avx");
  size_t Capacity = 1 << 20, Count = 0;
  double(*Ratios)[3] = malloc(Capacity * sizeof *Ratios);
  if (!Ratios)
    return 1;
  struct timespec Start, Now;
  clock_gettime(CLOCK_MONOTONIC, &Start);
  do {
    double Add = ticksPerLink(addChain, 250);
    double Links[3] = {ticksPerLink(paddqChain, 125),
                       ticksPerLink(imulChain, 80),
                       ticksPerLink(addsdChain, 60)};
    if (Add > 0 && Count < Capacity) {
      for (int K = 0; K < 3; ++K)
        Ratios[Count][K] = Links[K] / Add;
      ++Count;
    }
    clock_gettime(CLOCK_MONOTONIC, &Now);
  } while ((double)(Now.tv_sec - Start.tv_sec) +
               1e-9 * (double)(Now.tv_nsec - Start.tv_nsec) <
           Seconds);

  /* Each chain's whole number: nearest the median of its ratios. */
  const char *Names[3] = {"paddq", "imul", "addsd"};
  double Whole[3];
  double *Column = malloc(Count * sizeof(double));
  for (int K = 0; K < 3; ++K) {
    for (size_t S = 0; S < Count; ++S)
      Column[S] = Ratios[S][K];
    double Median = median(Column, Count);
    Whole[K] = round(Median);
    printf("%-5s: median %.4f add cycles a link, taken for %.0f\n", Names[K],
           Median, Whole[K]);
  }
  /* imul and addsd in samples with paddq near and far from its number. */
  double *Near[2] = {malloc(Count * sizeof(double)),
                     malloc(Count * sizeof(double))};
  double *Far[2] = {malloc(Count * sizeof(double)),
                    malloc(Count * sizeof(double))};
  size_t NearCount = 0, FarCount = 0;
  for (size_t S = 0; S < Count && Whole[0] >= 1; ++S) {
    double Off = fabs(offWhole(Ratios[S][0], Whole[0]));
    if (Off <= 0.005) {
      for (int K = 0; K < 2; ++K)
        Near[K][NearCount] = offWhole(Ratios[S][K + 1], Whole[K + 1]);
      ++NearCount;
    } else if (Off > 0.01) {
      for (int K = 0; K < 2; ++K)
        Far[K][FarCount] = offWhole(Ratios[S][K + 1], Whole[K + 1]);
      ++FarCount;
    }
  }
  printf("%zu samples; paddq within 0.5%% of %.0f in %zu, more than 1%% off "
         "in %zu (%.0f%%)\n",
         Count, Whole[0], NearCount, FarCount,
         Count ? 100.0 * (double)FarCount / (double)Count : 0.0);
  for (int K = 0; K < 2; ++K)
    printf("%-5s off its %.0f: median %+.2f%% where paddq is near, %+.2f%% "
           "where it is off\n",
           Names[K + 1], Whole[K + 1], 100 * median(Near[K], NearCount),
           100 * median(Far[K], FarCount));
  return 0;
}
