/* Ground-truth harness of the accuracy benchmark: measures, on the host
 * itself, the cycles per instruction of the bodies that run.py gives the
 * tool, with nothing in common with the tool's code. run.py writes the
 * bodies as functions into an assembly file (each one sets the registers
 * the tool's snippet file sets, then runs its body unrolled in a loop of
 * the iteration count it is passed) and builds it with this file.
 *
 * Method: one sample times, back to back, n iterations of a loop of u
 * copies of the body and n of a loop of 2u copies, and a chain of dependent
 * 1-cycle adds at m and 2m iterations, each between lfence-serialised
 * rdtsc/rdtscp, and keeps the minimum of each of the four over a block of
 * repetitions. The differences cancel the cost of calling and timing and
 * the loops' own counters and branches; the add chain turns TSC ticks into
 * core cycles. Each sample also times loops of g and 2g groups of four
 * independent adds: a group takes one cycle while this thread has the core
 * to itself, longer while an SMT sibling (another guest's vCPU, on a VM) is
 * busy. A run is the median of the samples whose groups took their quiet
 * time (the lowest that recurs, within 2%); the output holds every run's
 * value so that the caller can tell a stable reference from an unstable
 * one.
 *
 * The add chain is only a clock while nothing slows the integer adds
 * themselves. On a busy shared host (AMD EPYC family 26 model 2, Zen 5) a
 * neighbour on the integer ALUs slowed it by about 2% for stretches at a
 * time while chains on the other units (paddq, imul, vfmadd) kept their
 * speed, so every body outside the integer ALUs read about 2% low; the
 * groups of adds, counted in add-chain cycles themselves, do not see it.
 * So each sample also times a second chain, of dependent paddq on an xmm
 * register (SSE2, on every x86-64), at m' and 2m' iterations (a quarter of
 * the add chain's time), and reads its cycles per paddq against the add
 * chain. That ratio is the paddq latency in add cycles, a whole number (1
 * on Zen 1 to 4 and Ice Lake, 2 on Zen 5) that is not assumed but learned:
 * K is the whole number nearest the median ratio of the run's samples. A
 * sample whose ratio is more than 1% from K had one of the two chains
 * slowed, and is left out like a sample of a shared core. When the median
 * ratio is more than 3% from every whole number (a CPU where paddq does
 * not keep a whole number of add cycles), the check does not apply: the
 * run goes without it, and says so on stderr. A run left with fewer than
 * three samples by the two checks fell in a busy stretch and has no value:
 * it prints -1, which run.py counts as a run that agrees with none. */

#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Short and Long run the same loop, Long with twice as many copies of the
 * body per iteration: their difference cancels the loop's own branch and
 * counter as well as the cost of calling and timing. */
struct AccuracyBody {
  const char *Name;
  void (*Short)(uint64_t Iterations);
  void (*Long)(uint64_t Iterations);
  uint64_t ExtraInstructionsPerIteration;
};

/* Both defined by the generated assembly file. */
extern const struct AccuracyBody accuracy_bodies[];
extern const uint64_t accuracy_body_count;

enum { AddsPerCalibrationIteration = 100 };

static void runAddChain(uint64_t Iterations) {
  __asm__ volatile("1:\n\t"
                   ".rept 100\n\t"
                   "addq %%rax, %%rax\n\t"
                   ".endr\n\t"
                   "decq %0\n\t"
                   "jnz 1b"
                   : "+r"(Iterations)
                   :
                   : "rax", "cc");
}

/* The second clock: dependent paddq, on the vector units. */
enum { PaddsPerVectorIteration = 100 };

static void runVectorChain(uint64_t Iterations) {
  __asm__ volatile("pxor %%xmm0, %%xmm0\n\t"
                   "1:\n\t"
                   ".rept 100\n\t"
                   "paddq %%xmm0, %%xmm0\n\t"
                   ".endr\n\t"
                   "decq %0\n\t"
                   "jnz 1b"
                   : "+r"(Iterations)
                   :
                   : "xmm0", "cc");
}

/* Groups of four independent adds, 25 groups per iteration. */
enum { GroupsPerWideIteration = 25 };
static void runWideAdds(uint64_t Iterations) {
  __asm__ volatile("1:\n\t"
                   ".rept 25\n\t"
                   "addq %%rax, %%rax\n\t"
                   "addq %%rbx, %%rbx\n\t"
                   "addq %%rsi, %%rsi\n\t"
                   "addq %%rdi, %%rdi\n\t"
                   ".endr\n\t"
                   "decq %0\n\t"
                   "jnz 1b"
                   : "+r"(Iterations)
                   :
                   : "rax", "rbx", "rsi", "rdi", "cc");
}

static inline uint64_t startTicks(void) {
  uint32_t Low, High;
  __asm__ volatile("lfence\n\trdtsc\n\tlfence"
                   : "=a"(Low), "=d"(High)
                   :
                   : "memory");
  return ((uint64_t)High << 32) | Low;
}

static inline uint64_t stopTicks(void) {
  uint32_t Low, High;
  __asm__ volatile("rdtscp\n\tlfence"
                   : "=a"(Low), "=d"(High)
                   :
                   : "rcx", "memory");
  return ((uint64_t)High << 32) | Low;
}

static uint64_t timeOnce(void (*Run)(uint64_t), uint64_t Iterations) {
  uint64_t Start = startTicks();
  Run(Iterations);
  return stopTicks() - Start;
}

static uint64_t minTicks(void (*Run)(uint64_t), uint64_t Iterations,
                         int Repetitions) {
  uint64_t Best = UINT64_MAX;
  for (int I = 0; I < Repetitions; ++I) {
    uint64_t Ticks = timeOnce(Run, Iterations);
    if (Ticks < Best)
      Best = Ticks;
  }
  return Best;
}

/* Iterations whose run takes about TargetTicks (at least 1). A probe that
 * a disturbance made too slow or too fast is taken again. */
static uint64_t iterationsFor(void (*Run)(uint64_t), double TargetTicks) {
  uint64_t Iterations = 1;
  for (int Attempt = 0; Attempt < 4; ++Attempt) {
    uint64_t Small = minTicks(Run, 8, 9), Large = minTicks(Run, 16, 9);
    double PerIteration = Large > Small ? (double)(Large - Small) / 8 : 1;
    double Estimate = TargetTicks / PerIteration;
    Iterations = Estimate < 1 ? 1 : (uint64_t)Estimate;
    double Actual = (double)minTicks(Run, Iterations, 5);
    if (Actual > TargetTicks / 2 && Actual < TargetTicks * 2)
      break;
  }
  return Iterations;
}

static int compareDoubles(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return (X > Y) - (X < Y);
}

struct Settings {
  int Runs;
  int SamplesPerRun;
  int RepetitionsPerSample;
  double TargetTicks;
  int Verbose;
};

/* What one sample read: the body's cycles per instruction, the wide adds'
 * cycles per group and the vector chain's cycles per paddq, each in
 * add-chain cycles and -1 when unusable. */
struct Reading {
  double Value;
  double GroupCycles;
  double VectorRatio;
};

/* Iteration counts of the body's loops (N), the add chain (M), the wide
 * adds (W) and the vector chain (V). */
struct Plan {
  uint64_t N, M, W, V;
};

/* One sample, from the minima of a block of interleaved repetitions. */
static struct Reading sample(const struct AccuracyBody *Body,
                             const struct Plan *P, const struct Settings *S) {
  enum { Timed = 8 };
  uint64_t Best[Timed];
  for (int J = 0; J < Timed; ++J)
    Best[J] = UINT64_MAX;
  void (*Runs[Timed])(uint64_t) = {Body->Short, Body->Long,     runAddChain,
                                   runAddChain, runVectorChain, runVectorChain,
                                   runWideAdds, runWideAdds};
  uint64_t Iterations[Timed] = {P->N, P->N,     P->M, 2 * P->M,
                                P->V, 2 * P->V, P->W, 2 * P->W};
  /* Odd repetitions time the eight in reverse order. The first 256-bit
   * loop after a stretch of scalar code runs slowly while the wide units
   * wake up (about 3 us on Emerald Rapids); timed always first, Short alone
   * paid for it and Long - Short read up to 5% low. Reversed, Short follows
   * Long's loop half the time and its minimum is the warm one. */
  for (int I = 0; I < S->RepetitionsPerSample; ++I)
    for (int K = 0; K < Timed; ++K) {
      int J = I % 2 == 0 ? K : Timed - 1 - K;
      uint64_t Ticks = timeOnce(Runs[J], Iterations[J]);
      if (Ticks < Best[J])
        Best[J] = Ticks;
    }
  double BodyTicks = (double)Best[1] - (double)Best[0];
  double AddTicks = (double)Best[3] - (double)Best[2];
  double VectorTicks = (double)Best[5] - (double)Best[4];
  double WideTicks = (double)Best[7] - (double)Best[6];
  struct Reading R = {-1, -1, -1};
  if (BodyTicks <= 0 || AddTicks <= 0)
    return R;
  double TicksPerCycle =
      AddTicks / (double)(P->M * AddsPerCalibrationIteration);
  R.Value = BodyTicks / TicksPerCycle /
            (double)(P->N * Body->ExtraInstructionsPerIteration);
  if (WideTicks > 0)
    R.GroupCycles =
        WideTicks / TicksPerCycle / (double)(P->W * GroupsPerWideIteration);
  if (VectorTicks > 0)
    R.VectorRatio =
        VectorTicks / TicksPerCycle / (double)(P->V * PaddsPerVectorIteration);
  return R;
}

/* The lowest of the Count sorted values with at least a twentieth of them,
 * and three, within 2% above it; -1 when none. */
static double quietLevel(const double *Sorted, int Count) {
  int Needed = Count / 20 > 3 ? Count / 20 : 3;
  for (int Begin = 0, End = 0; Begin < Count; ++Begin) {
    if (End < Begin)
      End = Begin;
    while (End < Count && Sorted[End] <= Sorted[Begin] * 1.02)
      ++End;
    if (End - Begin >= Needed)
      return Sorted[Begin];
  }
  return -1;
}

/* How far X is from Y, relative to Y (positive). */
static double relativeDistance(double X, double Y) {
  return X > Y ? X / Y - 1 : 1 - X / Y;
}

static double medianOf(double *Values, int Count) {
  qsort(Values, (size_t)Count, sizeof(double), compareDoubles);
  return Count % 2 ? Values[Count / 2]
                   : (Values[Count / 2 - 1] + Values[Count / 2]) / 2;
}

/* The paddq latency in add-chain cycles that the run's samples agree on:
 * the whole number nearest the median of their ratios, or 0 (no check)
 * when that median is more than 3% from every whole number. *Median gets
 * the median ratio (-1 when no sample had one). */
static double vectorLatency(const struct Reading *Readings, int Count,
                            double *Median) {
  double *Ratios = calloc((size_t)Count + 1, sizeof(double));
  int Known = 0;
  for (int I = 0; I < Count; ++I)
    if (Readings[I].VectorRatio > 0)
      Ratios[Known++] = Readings[I].VectorRatio;
  *Median = Known ? medianOf(Ratios, Known) : -1;
  free(Ratios);
  if (*Median < 0.5)
    return 0;
  double Whole = (double)(uint64_t)(*Median + 0.5);
  return relativeDistance(*Median, Whole) <= 0.03 ? Whole : 0;
}

static double measureRun(const struct AccuracyBody *Body,
                         const struct Settings *S) {
  /* The long loop minus the short one takes about as long as the short
   * one, so chains of m and 2m add loops differ by as long as they do; the
   * wide adds and the vector chain take a quarter of that. */
  struct Plan P;
  P.N = iterationsFor(Body->Short, S->TargetTicks);
  P.M = iterationsFor(runAddChain, S->TargetTicks);
  P.W = iterationsFor(runWideAdds, S->TargetTicks / 4);
  P.V = iterationsFor(runVectorChain, S->TargetTicks / 4);
  struct Reading *Readings =
      calloc((size_t)S->SamplesPerRun, sizeof(struct Reading));
  double *Sorted = calloc((size_t)S->SamplesPerRun, sizeof(double));
  int Count = 0, Probed = 0;
  for (int I = 0; I < S->SamplesPerRun; ++I) {
    struct Reading R = sample(Body, &P, S);
    if (R.Value > 0) {
      Readings[Count++] = R;
      if (R.GroupCycles > 0)
        Sorted[Probed++] = R.GroupCycles;
    }
  }
  double Median = -1;
  if (Count > 0) {
    qsort(Sorted, (size_t)Probed, sizeof(double), compareDoubles);
    double Level = quietLevel(Sorted, Probed);
    double MedianRatio;
    double K = vectorLatency(Readings, Count, &MedianRatio);
    if (K == 0 && MedianRatio > 0)
      fprintf(stderr,
              "harness: %s: paddq takes %.4f add-chain cycles, not a whole "
              "number: the vector-chain check is skipped\n",
              Body->Name, MedianRatio);
    else if (K == 0)
      fprintf(stderr,
              "harness: %s: no sample timed the vector chain: the "
              "vector-chain check is skipped\n",
              Body->Name);
    /* Sorted is done with: it now gathers the kept values. */
    int Kept = 0, Shared = 0, Slowed = 0;
    for (int I = 0; I < Count; ++I) {
      const struct Reading *R = &Readings[I];
      if (Level > 0 && (R->GroupCycles <= 0 || R->GroupCycles > Level * 1.02 ||
                        R->GroupCycles < Level * 0.98)) {
        ++Shared;
        continue;
      }
      if (K > 0 &&
          (R->VectorRatio <= 0 || relativeDistance(R->VectorRatio, K) > 0.01)) {
        ++Slowed;
        continue;
      }
      Sorted[Kept++] = R->Value;
    }
    /* Fewer than three (the fewest the quiet level of the groups rests
     * on) means the run fell in a busy stretch: it has no value. */
    if (Kept > 0 && Kept >= (Count < 3 ? Count : 3))
      Median = medianOf(Sorted, Kept);
    else
      fprintf(stderr,
              "harness: %s: %d of %d samples passed the checks (median "
              "paddq ratio %.4f): the run has no value\n",
              Body->Name, Kept, Count, MedianRatio);
    if (S->Verbose)
      fprintf(stderr,
              "harness: %s: %d samples, %d left out by the core-sharing "
              "probe, %d more by the vector chain (median ratio %.4f, K "
              "%.0f), %d kept\n",
              Body->Name, Count, Shared, Slowed, MedianRatio, K, Kept);
  }
  free(Readings);
  free(Sorted);
  return Median;
}

static int parsePositive(const char *Text, const char *What) {
  char *End;
  long Value = strtol(Text, &End, 10);
  if (*End || Value <= 0 || Value > 1000000) {
    fprintf(stderr, "harness: %s must be a positive integer, not '%s'\n", What,
            Text);
    exit(2);
  }
  return (int)Value;
}

int main(int Argc, char **Argv) {
  struct Settings S = {5, 30, 10, 100000, 0};
  const char *Only = NULL;
  for (int I = 1; I < Argc; ++I) {
    if (!strcmp(Argv[I], "--runs") && I + 1 < Argc)
      S.Runs = parsePositive(Argv[++I], "--runs");
    else if (!strcmp(Argv[I], "--samples") && I + 1 < Argc)
      S.SamplesPerRun = parsePositive(Argv[++I], "--samples");
    else if (!strcmp(Argv[I], "--repetitions") && I + 1 < Argc)
      S.RepetitionsPerSample = parsePositive(Argv[++I], "--repetitions");
    else if (!strcmp(Argv[I], "--ticks") && I + 1 < Argc)
      S.TargetTicks = parsePositive(Argv[++I], "--ticks");
    else if (!strcmp(Argv[I], "--only") && I + 1 < Argc)
      Only = Argv[++I];
    else if (!strcmp(Argv[I], "--verbose"))
      S.Verbose = 1;
    else {
      fprintf(stderr,
              "usage: %s [--runs R] [--samples S] [--repetitions P] "
              "[--ticks T] [--only NAME] [--verbose]\n",
              Argv[0]);
      return 2;
    }
  }
  /* Runs go round all bodies, so that a body's runs are seconds apart and
   * a disturbance that lasts a while shows as disagreement. */
  for (int Run = 0; Run < S.Runs; ++Run)
    for (uint64_t I = 0; I < accuracy_body_count; ++I) {
      if (Only && strcmp(Only, accuracy_bodies[I].Name))
        continue;
      /* A run stays on one CPU: a migration between the body and its
       * calibration would compare two clocks. */
      cpu_set_t Set;
      CPU_ZERO(&Set);
      CPU_SET(sched_getcpu(), &Set);
      sched_setaffinity(0, sizeof(Set), &Set);
      double Value = measureRun(&accuracy_bodies[I], &S);
      printf("%d %s %.5f\n", Run, accuracy_bodies[I].Name, Value);
      fflush(stdout);
      cpu_set_t All;
      CPU_ZERO(&All);
      for (int C = 0; C < CPU_SETSIZE; ++C)
        CPU_SET(C, &All);
      sched_setaffinity(0, sizeof(All), &All);
    }
  return 0;
}
