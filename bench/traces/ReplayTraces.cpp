//===-- ReplayTraces.cpp - The sampler's verdict on recorded traces -*- C++
//-*-//
//
// Replays every measurement of the given -time-samples-file files (the
// corpus under llvm/unittests/tools/llvm-exegesis/TimeBased/traces, or
// traces just recorded) through the sampler's decisions, without running
// anything, and prints per measurement the value per instruction, the
// verdict and warnings, and, where the file gives one, the truth and the
// error against it. Exit status 1 when a file cannot be read.
//
//===----------------------------------------------------------------------===//

#include "lib/TimeBased/SamplingAccount.h"
#include "lib/TimeBased/TimeBasedReplay.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>

using namespace llvm;
using namespace llvm::exegesis;

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    errs() << "usage: replay-traces FILE.jsonl...\n";
    return 2;
  }
  int Status = 0;
  for (int A = 1; A < Argc; ++A) {
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
      double PerInstruction =
          M.Instructions ? J.Cycles / double(M.Instructions) : J.Cycles;
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
    }
  }
  return Status;
}
