//===-- ReplayTraces.cpp - The sampler's verdict on recorded traces -*- C++
//-*-//
//
// Replays every measurement of the given -time-samples-file files, plain or
// compressed with zstd (the corpus under
// llvm/unittests/tools/llvm-exegesis/TimeBased/traces and bench/traces/open,
// or traces just recorded) through the sampler's decisions, without running
// anything, and prints per measurement the value per instruction, the
// verdict and warnings, and, where the file gives one, the truth and the
// error against it. With -runs first, also per run the samples' cycles and
// the probe's readings against the measurement's quiet level (what a sample
// left out as core-shared read), and the run's CPU, clock (median ticks per
// cycle), vector chain, probe and median sample, which show whether runs that
// read the snippet at different speeds differ in anything else. Exit status 1
// when a file cannot be read.
//
//===----------------------------------------------------------------------===//

#include "Measure/RepetitionFormChoice.h"
#include "TimeBased/CoreSharing.h"
#include "TimeBased/SampleStatistics.h"
#include "TimeBased/SamplingAccount.h"
#include "TimeBased/TimeBasedReplay.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>

using namespace llvm;
using namespace llvm::exegesis;

/// What \p M's cycles per call are divided by for cycles per instruction.
static double instructionsPerCall(const RecordedMeasurement &M) {
  return double(M.Instructions ? M.Instructions : 1);
}

/// The median of the finite \p Values (NaN when none is).
static double finiteMedian(ArrayRef<double> Values) {
  std::vector<double> Finite;
  for (double V : Values)
    if (std::isfinite(V))
      Finite.push_back(V);
  return Finite.empty() ? NAN : medianOf(std::move(Finite));
}

/// Per run of \p M: its samples' cycles per call and each probe reading
/// relative to the quiet level \p Level ('*': left out as core-shared; '^':
/// its vector chain lies apart from \p VectorLatency), and the run's least
/// disturbed windows' difference.
static void printRuns(const RecordedMeasurement &M, double Level,
                      double VectorLatency) {
  double PerCall = instructionsPerCall(M);
  for (size_t R = 0; R < M.Trace.Runs.size(); ++R) {
    const TraceRun &Run = M.Trace.Runs[R];
    RunSamples S = samplesOfRun(M.Trace, Run);
    std::vector<double> Costs = costsOfRun(M.Trace, Run);
    double Minima = M.Trace.Differencing && Costs.size() > 1
                        ? Costs[1] - Costs[0]
                    : Costs.empty() ? NAN
                                    : Costs[0];
    // What may tell a run's state apart: its CPU, its clock (ticks per
    // cycle), its vector chain and its probe, each the run's median.
    std::vector<double> Vector;
    for (size_t I = 0; I < S.VectorLow.size(); ++I)
      Vector.push_back((S.VectorLow[I] + S.VectorHigh[I]) / 2);
    std::vector<double> PerInstruction;
    for (double C : S.Cycles)
      PerInstruction.push_back(C / PerCall);
    outs() << "    run " << R + 1 << format(" (%.3f s", Run.EndSeconds)
           << format(", minima %.4g", Minima / PerCall) << ", cpu "
           << (Run.Calls.empty() ? -1 : Run.Calls.front().Cpu)
           << format(", ticks/cycle %.4f",
                     aggregateTimeBasedSamples(S.TicksPerCycle,
                                               ResultAggregationMode::Min))
           << format(", vector %.4f", finiteMedian(Vector))
           << format(", probe %.4f", finiteMedian(S.ProbeCycles))
           << format(", median %.4g)", finiteMedian(PerInstruction))
           << (Run.Contradicted ? " contradicted its plan" : "") << ":";
    for (size_t I = 0; I < S.Cycles.size(); ++I) {
      double Probe = S.ProbeCycles[I] / Level;
      bool Shared =
          std::isfinite(Probe) && (Probe > 1 + CoreSharingTolerance ||
                                   Probe < 1 - CoreSharingLowTolerance);
      outs() << format(" %.4g", S.Cycles[I] / PerCall) << "/"
             << format("%.3f", Probe) << (Shared ? "*" : "")
             << (chainsApart(S, I, VectorLatency) ? "^" : "");
    }
    outs() << "\n";
  }
}

int main(int Argc, char **Argv) {
  bool PrintRuns = Argc > 1 && StringRef(Argv[1]) == "-runs";
  if (Argc < 2 + PrintRuns) {
    errs() << "usage: replay-traces [-runs] FILE.jsonl[.zst]...\n";
    return 2;
  }
  int Status = 0;
  for (int A = 1 + PrintRuns; A < Argc; ++A) {
    Expected<TimeSamplesFile> File = readTimeSamplesFile(Argv[A]);
    if (!File) {
      errs() << "replay-traces: " << toString(File.takeError()) << "\n";
      Status = 1;
      continue;
    }
    outs() << Argv[A] << " (" << File->Host.getString("llvm_cpu").value_or("?")
           << ")\n";
    for (const RecordedMeasurement &M : File->Measurements) {
      ReplayOutcome Outcome = replayTrace(M.Trace);
      const SamplingJudgement &J = Outcome.Judgement;
      double PerInstruction = J.Cycles / instructionsPerCall(M);
      TimeBasedSamplingReport Report;
      Report.Judgement = J;
      std::vector<std::string> Warnings =
          getSamplingWarnings(Report, M.Trace.Rules);
      outs() << "  " << StringRef(M.Benchmark).take_front(40) << " ["
             << M.Variant << "]: " << format("%.4f", PerInstruction) << " "
             << getVerdictName(J.Verdict)
             << (J.SharedThroughout ? " shared-throughout" : "")
             << (Outcome.Credible ? "" : " NOT-CREDIBLE") << ", " << J.Runs
             << " runs" << (Outcome.Exhausted ? " (trace exhausted)" : "");
      if (std::isfinite(M.TruePerInstruction))
        outs() << "; truth " << format("%.4f", M.TruePerInstruction)
               << ", error "
               << format("%+.2f%%",
                         100 * (PerInstruction / M.TruePerInstruction - 1))
               << ", expected " << M.ExpectedVerdict;
      // The recording tool's own decision, which the replay must repeat as
      // long as the rules are those it recorded under.
      if (std::isfinite(M.RecordedCycles)) {
        bool Same = M.RecordedVerdict == getVerdictName(J.Verdict) &&
                    std::fabs(J.Cycles - M.RecordedCycles) <=
                        1e-9 * std::fabs(M.RecordedCycles);
        outs() << (Same ? "; as recorded"
                        : "; recorded " + std::to_string(M.RecordedCycles) +
                              " " + M.RecordedVerdict);
      }
      for (const std::string &W : Warnings)
        outs() << "; " << W;
      outs() << "\n";
      if (PrintRuns) {
        outs() << "    per run: each sample's cycles per instruction / the "
                  "probe against its quiet level "
               << format("%.4f", J.ProbeLevel) << " (*: left out)\n"
               << "    host's reference level "
               << format("%.4f", J.ReferenceLevel) << " (invocation's "
               << format("%.4f", M.Trace.Reference.Level) << ", other CPUs'";
        for (const TraceCpuCheck &Check : M.Trace.CpuChecks)
          outs() << format(" %.4f", levelOfCpuCheck(M.Trace, Check));
        outs() << "); least disturbed windows' value "
               << format("%.4f", J.MinimaCycles / instructionsPerCall(M));
        // How far the form choice lets this reading's doubt reach.
        FormReading Reading =
            makeFormReading(PerInstruction, !Warnings.empty(), J);
        if (Reading.Doubtful)
          outs() << "; its doubt reaches "
                 << format("%.4f", Reading.PlausibleHigh);
        outs() << "\n";
        printRuns(M, J.ProbeLevel, J.VectorLatency);
      }
    }
  }
  return Status;
}
