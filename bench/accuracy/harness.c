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
 * one. */

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
};

/* One sample: cycles per instruction of the body, from the minima of a
 * block of interleaved repetitions, and in *GroupCycles the cycles per
 * group of the wide adds (-1 when unusable). */
static double sample(const struct AccuracyBody *Body, uint64_t N, uint64_t M,
                     uint64_t W, const struct Settings *S,
                     double *GroupCycles) {
  uint64_t Best[6];
  for (int J = 0; J < 6; ++J)
    Best[J] = UINT64_MAX;
  for (int I = 0; I < S->RepetitionsPerSample; ++I) {
    uint64_t Ticks[6] = {timeOnce(Body->Short, N), timeOnce(Body->Long, N),
                         timeOnce(runAddChain, M),
                         timeOnce(runAddChain, 2 * M),
                         timeOnce(runWideAdds, W),
                         timeOnce(runWideAdds, 2 * W)};
    for (int J = 0; J < 6; ++J)
      if (Ticks[J] < Best[J])
        Best[J] = Ticks[J];
  }
  double BodyTicks = (double)Best[1] - (double)Best[0];
  double AddTicks = (double)Best[3] - (double)Best[2];
  double WideTicks = (double)Best[5] - (double)Best[4];
  *GroupCycles = -1;
  if (BodyTicks <= 0 || AddTicks <= 0)
    return -1;
  double TicksPerCycle = AddTicks / (double)(M * AddsPerCalibrationIteration);
  if (WideTicks > 0)
    *GroupCycles =
        WideTicks / TicksPerCycle / (double)(W * GroupsPerWideIteration);
  return BodyTicks / TicksPerCycle /
         (double)(N * Body->ExtraInstructionsPerIteration);
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

static double medianOf(double *Values, int Count) {
  qsort(Values, (size_t)Count, sizeof(double), compareDoubles);
  return Count % 2 ? Values[Count / 2]
                   : (Values[Count / 2 - 1] + Values[Count / 2]) / 2;
}

static double measureRun(const struct AccuracyBody *Body,
                         const struct Settings *S) {
  /* The long loop minus the short one takes about as long as the short
   * one, so chains of m and 2m add loops differ by as long as they do; the
   * wide adds take a quarter of that. */
  uint64_t N = iterationsFor(Body->Short, S->TargetTicks);
  uint64_t M = iterationsFor(runAddChain, S->TargetTicks);
  uint64_t W = iterationsFor(runWideAdds, S->TargetTicks / 4);
  double *Samples = calloc((size_t)S->SamplesPerRun, sizeof(double));
  double *Groups = calloc((size_t)S->SamplesPerRun, sizeof(double));
  double *Sorted = calloc((size_t)S->SamplesPerRun, sizeof(double));
  int Count = 0, Probed = 0;
  for (int I = 0; I < S->SamplesPerRun; ++I) {
    double GroupCycles;
    double Value = sample(Body, N, M, W, S, &GroupCycles);
    if (Value > 0) {
      Samples[Count] = Value;
      Groups[Count++] = GroupCycles;
      if (GroupCycles > 0)
        Sorted[Probed++] = GroupCycles;
    }
  }
  double Median = -1;
  if (Count > 0) {
    qsort(Sorted, (size_t)Probed, sizeof(double), compareDoubles);
    double Level = quietLevel(Sorted, Probed);
    int Kept = 0;
    for (int I = 0; I < Count; ++I)
      if (Level < 0 || (Groups[I] > 0 && Groups[I] <= Level * 1.02 &&
                        Groups[I] >= Level * 0.98))
        Samples[Kept++] = Samples[I];
    Median = medianOf(Samples, Kept ? Kept : Count);
  }
  free(Samples);
  free(Groups);
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
  struct Settings S = {5, 30, 10, 100000};
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
    else {
      fprintf(stderr,
              "usage: %s [--runs R] [--samples S] [--repetitions P] "
              "[--ticks T] [--only NAME]\n",
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
