//===-- PortMapSynthetic.cpp - The port-map solver on known machines ------===//
//
// Runs the synthetic sweep of the port-map inference (lib/PortMap): the toy
// 4-port machine (without and with a dispatch width of 3), the Skylake-like
// and the Zen-like machine, each exact and at 0.3%, 1% and 2% measurement
// noise (1, 2, 3 and 3 seeds: 36 scenarios). Per scenario: whether the true
// resource model (and the true mapping, ports renamed) was solved back, the
// measurements it took, the solving time, the usages of the characterised
// instructions that came out right, the measurements reported as
// unexplained (noise beyond the tolerance), and the held-out mixtures' mean
// absolute percentage error and Kendall's tau against the inferred model.
// These are synthetic figures, not host measurements. -v prints each
// scenario's resources, notes and usages. Exit status 1 when a scenario's
// model is not recovered.
//
//===----------------------------------------------------------------------===//

#include "Analysis/ModelAccuracy.h"
#include "PortMap/SyntheticCheck.h"
#include "PortMap/SyntheticMachine.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>

using namespace llvm;
using namespace llvm::exegesis;
using namespace llvm::exegesis::portmap;

static cl::opt<bool> Verbose("v", cl::desc("print resources, notes, usages"));
static cl::opt<unsigned> HeldOut("held-out",
                                 cl::desc("held-out mixtures per scenario"),
                                 cl::init(200));

static std::string memberNames(uint64_t Members, const SyntheticMachine &M,
                               const InferenceResult &R) {
  std::string S;
  for (unsigned B = 0; B < R.Basic.size(); ++B)
    if (Members >> B & 1)
      S += (S.empty() ? "" : " ") + M.Candidates[R.Basic[B]].Name;
  return S;
}

static void printDetails(const SyntheticMachine &M, const ScenarioOutcome &O) {
  const InferenceResult &R = O.Inference;
  outs() << format("  %-9s %5s %7s %-26s %s\n", "resource", "units", "thrpt",
                   "true ports", "members");
  for (const Resource &Res : R.Model.resources()) {
    uint32_t TruePorts = 0;
    for (unsigned B = 0; B < R.Basic.size(); ++B)
      if (Res.Members >> B & 1)
        TruePorts |= O.Truth.PortSets[B];
    std::string Ports =
        Res.IsDispatch ? "(dispatch)" : M.formatPorts(TruePorts);
    outs() << format("  %-9s %5u %7.3f %-26s ", Res.Name.c_str(), Res.Units,
                     Res.Throughput, Ports.c_str())
           << memberNames(Res.Members, M, R) << "\n";
  }
  for (const InferenceNote &N : R.Notes)
    outs() << "  note: " << N.Text << "\n";
  if (O.Characterised.empty())
    return;
  outs() << "  characterised (micro-ops confined to each resource, "
            "inferred/true; own cycles):\n";
  for (const CharacterisedInstr &C : O.Characterised) {
    outs() << format("    %-13s", C.Name.c_str());
    for (unsigned I = 0; I < C.TrueMicroOps.size(); ++I)
      if (C.U.MicroOps[I] > 0.05 || C.TrueMicroOps[I] > 0)
        outs() << format(" %s=%.2f/%.0f", R.Model.resources()[I].Name.c_str(),
                         C.U.MicroOps[I], C.TrueMicroOps[I]);
    if (C.U.OwnCycles > 0)
      outs() << format(" own=%.2f", C.U.OwnCycles);
    outs() << "\n";
  }
}

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  cl::ParseCommandLineOptions(
      Argc, Argv, "solves known port mappings back from their throughput\n");
  SyntheticMachine Machines[] = {makeToyMachine(0), makeToyMachine(3),
                                 makeSkylakeLikeMachine(),
                                 makeZenLikeMachine()};
  struct Level {
    double Sigma;
    unsigned Seeds;
  };
  const Level Levels[] = {{0.0, 1}, {0.003, 2}, {0.01, 3}, {0.02, 3}};
  unsigned Total = 0, Models = 0, Mappings = 0, WithUnexplained = 0;
  std::vector<double> Mapes, Taus;
  for (const SyntheticMachine &M : Machines)
    for (const Level &L : Levels)
      for (unsigned Seed = 1; Seed <= L.Seeds; ++Seed) {
        ScenarioOptions Options;
        Options.NoiseSigma = L.Sigma;
        Options.Seed = Seed;
        Options.NumHeldOutMixtures = HeldOut;
        auto Start = std::chrono::steady_clock::now();
        Expected<ScenarioOutcome> O = runSyntheticScenario(M, Options);
        double Seconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - Start)
                             .count();
        ++Total;
        outs() << "\n== " << M.Name
               << format(", noise %.1f%% (seed %u)\n", L.Sigma * 100, Seed);
        if (!O) {
          WithColor::error() << toString(O.takeError()) << "\n";
          continue;
        }
        ModelAccuracy A =
            getModelAccuracy(O->HeldOutMeasured, O->HeldOutPredicted);
        Models += O->ModelRecovered;
        Mappings += O->MappingRecovered;
        Mapes.push_back(A.MeanAbsolutePercentageError);
        Taus.push_back(A.KendallTau);
        const InferenceResult &R = O->Inference;
        outs() << format("measurements %u (%u distinguishing triples), "
                         "%.2f s, identified: %s, model recovered: %s, "
                         "mapping recovered: %s, unexplained: %u\n",
                         R.NumMeasurements, R.NumDistinguishing, Seconds,
                         R.Identified ? "yes" : "no",
                         O->ModelRecovered ? "YES" : "NO",
                         O->MappingRecovered ? "yes" : "no", O->NumUnexplained);
        outs() << format("  usages right %u/%u; held-out %zu mixtures: MAPE "
                         "%.2f%%, Kendall tau %.3f\n",
                         O->UsagesRight, O->UsagesTotal, A.NumBlocks,
                         A.MeanAbsolutePercentageError * 100, A.KendallTau);
        if (O->NumUnexplained)
          ++WithUnexplained;
        if (Verbose || !O->ModelRecovered || O->NumUnexplained)
          printDetails(M, *O);
      }
  auto Mean = [](const std::vector<double> &V) {
    double S = 0;
    for (double X : V)
      S += X;
    return V.empty() ? 0 : S / V.size();
  };
  outs() << format("\n%u of %u scenarios recovered the true resource model "
                   "(%u the true mapping, ports renamed; %u reported "
                   "unexplained measurements); mean held-out MAPE %.2f%%, "
                   "mean Kendall tau %.3f\n",
                   Models, Total, Mappings, WithUnexplained, Mean(Mapes) * 100,
                   Mean(Taus));
  return Models == Total ? 0 : 1;
}
