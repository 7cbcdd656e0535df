/* Whether a throughput-bound loop runs at one speed on the host at hand
 * (x86-64 Linux), or in states that last longer than a measurement: what
 * the accuracy benchmark's spread target needs, and what no calibration
 * chain of the time-based sampler sees.
 *
 * Each sample times, interleaved, at N and 2N iterations (each the best of
 * a few repetitions): a chain of dependent `add` (the clock), a chain of
 * dependent `paddq` (the sampler's vector check, a whole number of add
 * cycles while no neighbour slows one of them), four independent add chains
 * (the sampler's core-sharing probe), and 2 KiB loops (the size of the
 * tool's loop bodies) of twelve independent `sub`s (all the integer ALUs,
 * like the benchmark's ALU throughput bodies) and of twelve independent
 * `paddd` (the vector pipes), 42 times over. The last four are
 * read in add-chain cycles. Samples are grouped in windows of 100 ms; the
 * program prints, for the windows whose paddq ratio lies within 0.5% of its
 * whole number, the levels the two throughput loops' window medians fall
 * in (0.5% wide), how many windows each holds and its longest run of
 * consecutive windows, and the probe's median in each.
 *
 *   cc -O2 -o /tmp/throughput-states bench/throughput-states.c -lm
 *   /tmp/throughput-states [SECONDS [-windows]]   (default 20)
 *
 * -windows also prints every window: seconds, CPU, ticks per add cycle,
 * paddq, probe, sub loop and paddd loop.
 *
 * On our Zen 5 guest (2026-12-05) the tool's loops of the benchmark's ALU
 * bodies read 0.1847, 0.1878 or 0.1913 cycles per instruction, a state
 * lasting from tens of milliseconds to over a second, with the vector chain
 * at its whole 2.00 and the probe at the same level in all three. This
 * program's sub loop read 0.1866-0.1875 in 373 of 403 quiet windows of a
 * minute at 18:40 (the harness's 0.1874): the states come and go. With 48
 * subs an iteration instead, it read 0.1905-0.1914 (bench/RESULTS.md).
 */

#define _GNU_SOURCE
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

enum { Repetitions = 5, WindowMilliseconds = 100 };

static inline uint64_t fencedTicks(void) {
  _mm_lfence();
  uint64_t T = __rdtsc();
  _mm_lfence();
  return T;
}

#define LOOP(Name, Body, ...)                                                  \
  static void Name(uint64_t Iterations) {                                      \
    __asm__ volatile("1:\n\t" Body "\n\tdecq %%rcx\n\tjnz 1b"                  \
                     : "+c"(Iterations)                                        \
                     :                                                         \
                     : __VA_ARGS__);                                           \
  }
/* 40 links, 40 links, 10 groups of four, then 504 subs and 504 paddds an
 * iteration: 2 KiB, the size of the tool's loop bodies. */
LOOP(addChain, ".rept 40\n\taddq %%rax, %%rax\n\t.endr", "rax", "cc")
LOOP(paddqChain, ".rept 40\n\tpaddq %%xmm0, %%xmm0\n\t.endr", "xmm0", "cc")
LOOP(probeGroups,
     ".rept 10\n\taddq %%rax, %%rax\n\taddq %%rbx, %%rbx\n\t"
     "addq %%rdx, %%rdx\n\taddq %%rsi, %%rsi\n\t.endr",
     "rax", "rbx", "rdx", "rsi", "cc")
LOOP(subLoop,
     ".rept 42\n\t.irp r, rax, rbx, rdx, rsi, rdi, r8, r9, r10, r11, r12, "
     "r13, r14\n\tsubq $1, %%\\r\n\t.endr\n\t.endr",
     "rax", "rbx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13",
     "r14", "cc")
LOOP(padddLoop,
     ".rept 42\n\t.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12\n\t"
     "paddd %%xmm0, %%xmm\\r\n\t.endr\n\t.endr",
     "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
     "xmm10", "xmm11", "xmm12", "cc")

/* Ticks per unit of Run: the best difference of 2N and N iterations. */
static double ticksPerUnit(void (*Run)(uint64_t), uint64_t N,
                           double UnitsPerIteration) {
  int64_t Best = INT64_MAX;
  for (int R = 0; R < Repetitions; ++R) {
    uint64_t A = fencedTicks();
    Run(N);
    uint64_t B = fencedTicks();
    Run(2 * N);
    uint64_t C = fencedTicks();
    int64_t Difference = (int64_t)(C - B) - (int64_t)(B - A);
    if (Difference > 0 && Difference < Best)
      Best = Difference;
  }
  return Best == INT64_MAX ? NAN
                           : (double)Best / ((double)N * UnitsPerIteration);
}

static int compareDoubles(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return X < Y ? -1 : X > Y;
}

/* The median of the finite Values (sorted in place; NaN when none). */
static double median(double *Values, size_t Count) {
  size_t Finite = 0;
  for (size_t I = 0; I < Count; ++I)
    if (isfinite(Values[I]))
      Values[Finite++] = Values[I];
  if (!Finite)
    return NAN;
  qsort(Values, Finite, sizeof(double), compareDoubles);
  return Finite % 2 ? Values[Finite / 2]
                    : (Values[Finite / 2 - 1] + Values[Finite / 2]) / 2;
}

enum { Clock, Paddq, Probe, Sub, Paddd, Fields };
static const char *FieldNames[Fields] = {"ticks", "paddq", "probe", "sub",
                                         "paddd"};

struct Window {
  double Seconds;
  int Cpu;
  double Median[Fields];
};

/* One window's samples, reduced to their medians. */
static struct Window closeWindow(double Seconds, double (*Samples)[Fields],
                                 size_t Count) {
  struct Window W = {Seconds, sched_getcpu(), {0}};
  double *Column = malloc((Count + 1) * sizeof(double));
  for (int F = 0; F < Fields; ++F) {
    for (size_t S = 0; S < Count; ++S)
      Column[S] = Samples[S][F];
    W.Median[F] = median(Column, Count);
  }
  free(Column);
  return W;
}

/* Prints the levels of field F among the quiet windows. */
static void printLevels(const struct Window *Windows, size_t Count,
                        const int *Quiet, int F) {
  double *Values = malloc((Count + 1) * sizeof(double));
  size_t N = 0;
  for (size_t W = 0; W < Count; ++W)
    if (Quiet[W] && isfinite(Windows[W].Median[F]))
      Values[N++] = Windows[W].Median[F];
  if (!N) {
    printf("%s loop: no quiet window\n", FieldNames[F]);
    free(Values);
    return;
  }
  qsort(Values, N, sizeof(double), compareDoubles);
  printf("%s loop, cycles per instruction over %zu quiet windows: %.4f to "
         "%.4f (%.2f%% apart)\n",
         FieldNames[F], N, Values[0], Values[N - 1],
         100 * (Values[N - 1] / Values[0] - 1));
  /* Levels 0.5% wide, greedily from the lowest window up. */
  for (size_t Begin = 0; Begin < N;) {
    double Low = Values[Begin];
    size_t End = Begin;
    while (End < N && Values[End] <= Low * 1.005)
      ++End;
    double High = Values[End - 1];
    size_t Longest = 0, Streak = 0;
    double *Probes = malloc((Count + 1) * sizeof(double));
    size_t ProbeCount = 0;
    for (size_t W = 0; W < Count; ++W) {
      double V = Windows[W].Median[F];
      int In = Quiet[W] && V >= Low && V <= High;
      Streak = In ? Streak + 1 : 0;
      if (Streak > Longest)
        Longest = Streak;
      if (In)
        Probes[ProbeCount++] = Windows[W].Median[Probe];
    }
    printf("  level %.4f-%.4f: %zu windows, longest run %zu (%.1f s), probe "
           "%.4f\n",
           Low, High, End - Begin, Longest,
           (double)Longest * WindowMilliseconds / 1000,
           median(Probes, ProbeCount));
    free(Probes);
    Begin = End;
  }
  free(Values);
}

int main(int Argc, char **Argv) {
  double Seconds = Argc > 1 ? atof(Argv[1]) : 20;
  int PrintWindows = Argc > 2 && strcmp(Argv[2], "-windows") == 0;
  if (!(Seconds > 0) || (Argc > 2 && !PrintWindows)) {
    fprintf(stderr, "usage: %s [SECONDS [-windows]]\n", Argv[0]);
    return 2;
  }
  size_t WindowCapacity = (size_t)(Seconds * 1000 / WindowMilliseconds) + 2;
  struct Window *Windows = malloc(WindowCapacity * sizeof *Windows);
  size_t SampleCapacity = 1 << 16, SampleCount = 0, WindowCount = 0;
  double(*Samples)[Fields] = malloc(SampleCapacity * sizeof *Samples);
  if (!Windows || !Samples)
    return 1;
  struct timespec Start, Now;
  clock_gettime(CLOCK_MONOTONIC, &Start);
  double WindowEnd = WindowMilliseconds / 1000.0, Elapsed = 0;
  while (Elapsed < Seconds) {
    /* About 40,000 links or instructions each, far above the counter's
     * step (27 ticks on our Zen 5 guest). */
    double Add = ticksPerUnit(addChain, 1000, 40);
    double *S = Samples[SampleCount];
    S[Clock] = Add;
    S[Paddq] = ticksPerUnit(paddqChain, 500, 40) / Add;
    S[Probe] = ticksPerUnit(probeGroups, 4000, 10) / Add;
    S[Sub] = ticksPerUnit(subLoop, 80, 504) / Add;
    S[Paddd] = ticksPerUnit(padddLoop, 80, 504) / Add;
    if (SampleCount + 1 < SampleCapacity)
      ++SampleCount;
    clock_gettime(CLOCK_MONOTONIC, &Now);
    Elapsed = (double)(Now.tv_sec - Start.tv_sec) +
              1e-9 * (double)(Now.tv_nsec - Start.tv_nsec);
    if (Elapsed >= WindowEnd && WindowCount < WindowCapacity) {
      Windows[WindowCount++] = closeWindow(WindowEnd, Samples, SampleCount);
      SampleCount = 0;
      WindowEnd += WindowMilliseconds / 1000.0;
    }
  }
  /* The paddq chain's whole number of add cycles, from all windows. */
  double *Column = malloc((WindowCount + 1) * sizeof(double));
  for (size_t W = 0; W < WindowCount; ++W)
    Column[W] = Windows[W].Median[Paddq];
  double Whole = round(median(Column, WindowCount));
  free(Column);
  int *Quiet = calloc(WindowCount + 1, sizeof(int));
  size_t QuietCount = 0;
  for (size_t W = 0; W < WindowCount; ++W) {
    const struct Window *Win = &Windows[W];
    Quiet[W] = Whole >= 1 && fabs(Win->Median[Paddq] / Whole - 1) <= 0.005;
    QuietCount += Quiet[W];
    if (PrintWindows)
      printf("%6.1f cpu %d ticks %.4f paddq %.4f probe %.4f sub %.4f paddd "
             "%.4f%s\n",
             Win->Seconds, Win->Cpu, Win->Median[Clock], Win->Median[Paddq],
             Win->Median[Probe], Win->Median[Sub], Win->Median[Paddd],
             Quiet[W] ? "" : " (paddq off)");
  }
  printf("%zu windows of %d ms; paddq at its %.0f add cycles (within 0.5%%) "
         "in %zu\n",
         WindowCount, WindowMilliseconds, Whole, QuietCount);
  printLevels(Windows, WindowCount, Quiet, Sub);
  printLevels(Windows, WindowCount, Quiet, Paddd);
  return 0;
}
