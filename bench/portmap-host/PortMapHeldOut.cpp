//===-- PortMapHeldOut.cpp - The host's port map against LLVM's model -----===//
//
// The proof of issue 54 on the host: a port-map model made by -mode=port-map
// (-model) against LLVM's scheduling model of the same CPU, side by side.
//
// 1. The resources of the model beside the scheduling model's ProcResources
//    (PortMapHost/SchedModelMatch.h): matched, same instructions with other
//    units, or no counterpart.
// 2. A pool of instructions from the sweep (-opcodes, one name a line),
//    taken in an order shuffled with -seed: register-only, no control flow,
//    executable here (the host check), described by LLVM's model, not one of
//    the model's basic instructions, characterised against the model without
//    a dependency the snippet could not avoid.
// 3. Per instruction of the pool and basic instruction, its inferred usage
//    beside its scheduling class: agrees, differs, not comparable. Where it
//    differs, the mixture that tells who is right is measured: two copies of
//    the instruction with the saturating kernel of the first resource they
//    differ on.
// 4. -mixtures held-out mixtures of 2 to 5 distinct pool instructions, 1 to
//    3 copies each (none is a kernel measured in fitting: the fit measured
//    only basic instructions, which the pool leaves out), each measured on
//    the host as the model's kernels are (HostKernelMeasurer), predicted by
//    the model from the usages (ResourceModel::predictCycles) and by LLVM's
//    model through MCA (on the very instructions measured); the mean
//    absolute percentage error and Kendall's tau of both.
//
// -markdown writes the tables for bench/RESULTS.md. Exit status 1 when the
// model cannot be read or nothing can be measured.
//
//===----------------------------------------------------------------------===//

#include "Analysis/ModelAccuracy.h"
#include "Availability/EncodingValidityCheck.h"
#include "Availability/HostSupportCheck.h"
#include "Core/LLVMState.h"
#include "Core/MCAThroughputModel.h"
#include "PortMapHost/HostKernelMeasurer.h"
#include "PortMapHost/KernelSnippet.h"
#include "PortMapHost/PortMapModelFile.h"
#include "PortMapHost/SchedModelMatch.h"
#include "PortMapHost/UopsFromModel.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <cmath>
#include <random>
#include <set>

using namespace llvm;
using namespace llvm::exegesis;
using namespace llvm::exegesis::portmap;

static cl::opt<std::string> ModelPath("model", cl::Required,
                                      cl::desc("the port-map model file"));
static cl::opt<std::string>
    OpcodesPath("opcodes", cl::Required,
                cl::desc("the sweep's opcodes, one name a line"));
static cl::opt<unsigned> NumMixtures("mixtures",
                                     cl::desc("held-out mixtures to measure"),
                                     cl::init(200));
static cl::opt<unsigned>
    PoolSize("pool", cl::desc("instructions the mixtures use"), cl::init(40));
static cl::opt<unsigned> Seed("seed", cl::desc("the shuffle's seed"),
                              cl::init(54));
static cl::opt<double> SettleTimeLimit(
    "settle-time-limit",
    cl::desc("seconds a measurement may sample to settle (as the tool's "
             "option)"),
    cl::init(1.0));
static cl::opt<std::string>
    MarkdownPath("markdown", cl::desc("write the tables here, as markdown"));
static cl::opt<bool> Verbose("v", cl::desc("print every mixture"));

static ExitOnError ExitOnErr("portmap-heldout: ");

/// A uniform integer in [Lo, Hi] from the generator's raw output, so that a
/// seed gives the same draws with any standard library.
static unsigned draw(std::mt19937 &Gen, unsigned Lo, unsigned Hi) {
  return Lo + Gen() % (Hi - Lo + 1);
}

namespace {

struct PoolEntry {
  std::string Name;
  unsigned Opcode = 0;
  bool IsBasic = false;
  Usage U;
  SchedUsage Sched;
};

struct MixtureResult {
  std::vector<MixtureTerm> Terms;
  std::string Text;
  double Measured = 0, Ours = 0, Mca = 0;
  bool HasDependencies = false;
};

struct AgreementRow {
  std::string Name;
  bool IsBasic = false;
  UsageAgreement A;
  /// Where it differs: the deciding mixture, measured and predicted.
  std::string Mixture;
  double Measured = 0, Ours = 0, Mca = 0;
  std::string Right;
};

} // namespace

/// The one instance of \p Opcode a mixture snippet holds first.
static std::optional<MCInst> getInstance(const LLVMState &State,
                                         unsigned Opcode) {
  Expected<KernelSnippet> S = buildKernelSnippet(State, {{Opcode, 1}}, {});
  if (!S) {
    consumeError(S.takeError());
    return std::nullopt;
  }
  if (S->Code.Key.Instructions.empty())
    return std::nullopt;
  return S->Code.Key.Instructions.front();
}

static std::string formatTerms(ArrayRef<MixtureTerm> Terms,
                               const LLVMState &State) {
  std::string S;
  for (const MixtureTerm &T : Terms)
    S += (S.empty() ? "" : " + ") + std::to_string(T.Copies) + "*" +
         State.getOpcodeName(T.Opcode).str();
  return S;
}

/// MCA's cycles for one pass of \p Terms, on the snippet the measurer runs.
static Expected<double> predictWithMca(const LLVMState &State,
                                       MCAThroughputModel &Mca,
                                       ArrayRef<MixtureTerm> Terms,
                                       bool &HasDependencies) {
  Expected<KernelSnippet> S = buildKernelSnippet(State, Terms, {});
  if (!S)
    return S.takeError();
  HasDependencies = !S->Dependencies.empty();
  Expected<double> Cycles =
      Mca.predictCyclesPerIteration(S->Code.Key.Instructions);
  if (!Cycles)
    return Cycles.takeError();
  return *Cycles / S->Passes;
}

static std::string formatPercent(double F) {
  return std::isnan(F) ? "n/a" : formatv("{0:F1}%", 100 * F).str();
}
static std::string formatTau(double T) {
  return std::isnan(T) ? "n/a" : formatv("{0:F3}", T).str();
}

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  cl::ParseCommandLineOptions(
      Argc, Argv,
      "held-out mixtures on the host: the port-map model against LLVM's\n");
  auto Start = std::chrono::steady_clock::now();
  std::unique_ptr<LLVMState> State = ExitOnErr(LLVMState::create("", ""));
  PortMapModelFile File = ExitOnErr(PortMapModelFile::read(ModelPath));
  ResourceModel Model = ExitOnErr(File.getResourceModel());
  ArrayRef<Resource> Resources = Model.resources();

  BenchmarkRunOptions RunOptions;
  RunOptions.SettleTimeLimitSeconds = SettleTimeLimit;
  std::unique_ptr<ModelUopsMeasurer> Uops =
      ExitOnErr(ModelUopsMeasurer::create(*State, RunOptions, ModelPath));
  ExitOnErr(Uops->prepare());
  HostKernelMeasurer Measurer(*State, RunOptions);
  ExitOnErr(Measurer.prepare());
  std::unique_ptr<MCAThroughputModel> Mca =
      ExitOnErr(MCAThroughputModel::create(*State));
  SchedResources Sched = ExitOnErr(getSchedResources(*State));

  // 1. The resources beside LLVM's.
  std::vector<unsigned> BasicOpcodes;
  std::vector<SchedUsage> BasicSched;
  for (const std::string &Name : File.Basic) {
    std::optional<unsigned> Op = State->getOpcodeByName(Name);
    if (!Op)
      ExitOnErr(
          createStringError(inconvertibleErrorCode(),
                            ModelPath + ": unknown basic instruction " + Name));
    BasicOpcodes.push_back(*Op);
    std::optional<MCInst> I = getInstance(*State, *Op);
    BasicSched.push_back(I ? getSchedUsage(*State, *I) : SchedUsage());
  }
  std::vector<ResourceMatch> Matches =
      matchResources(Model, Sched, BasicSched, File.Basic);
  outs() << "model " << ModelPath << ": " << File.Basic.size()
         << " basic instructions, " << Resources.size() << " resources, CPU "
         << State->getCpuName() << "\n\nresources\n";
  for (auto [I, R] : enumerate(Resources))
    outs() << format("  %-6s %-16s %2u units, %.2f/cycle: ", R.Name.c_str(),
                     Matches[I].Name.c_str(), R.Units, R.Throughput)
           << Matches[I].Explanation << "\n";

  // 2. The pool.
  std::vector<std::string> Sweep;
  {
    auto Buffer =
        ExitOnErr(errorOrToExpected(MemoryBuffer::getFile(OpcodesPath)));
    SmallVector<StringRef, 0> Lines;
    Buffer->getBuffer().split(Lines, '\n');
    for (StringRef L : Lines) {
      L = L.trim();
      if (!L.empty() && !L.starts_with("#"))
        Sweep.push_back(L.str());
    }
  }
  std::mt19937 Gen(Seed);
  for (size_t I = Sweep.size(); I > 1; --I)
    std::swap(Sweep[I - 1], Sweep[draw(Gen, 0, I - 1)]);
  std::unique_ptr<EncodingValidityCheck> Validity =
      ExitOnErr(EncodingValidityCheck::create(*State));
  HostSupportCheck Host(*State, *Validity, 10);
  std::set<std::string> Basic(File.Basic.begin(), File.Basic.end());
  std::vector<PoolEntry> Pool;
  std::map<std::string, unsigned> Skipped;
  const MCInstrInfo &MCII = State->getInstrInfo();
  for (const std::string &Name : Sweep) {
    if (Pool.size() == PoolSize)
      break;
    std::optional<unsigned> Op = State->getOpcodeByName(Name);
    if (!Op) {
      ++Skipped["unknown to this LLVM"];
      continue;
    }
    if (Basic.count(Name)) {
      ++Skipped["a basic instruction of the model"];
      continue;
    }
    const MCInstrDesc &Desc = MCII.get(*Op);
    if (Desc.mayLoad() || Desc.mayStore() || Desc.isBranch() || Desc.isCall() ||
        Desc.isReturn() || Desc.hasUnmodeledSideEffects()) {
      ++Skipped["memory, control flow or side effects"];
      continue;
    }
    std::optional<MCInst> Inst = getInstance(*State, *Op);
    if (!Inst) {
      ++Skipped["no snippet"];
      continue;
    }
    if (std::optional<std::string> Why = Host.whyUnavailable(*Inst)) {
      ++Skipped["not executable here"];
      continue;
    }
    PoolEntry E;
    E.Name = Name;
    E.Opcode = *Op;
    E.Sched = getSchedUsage(*State, *Inst);
    if (!E.Sched.Known) {
      ++Skipped["no class in LLVM's model"];
      continue;
    }
    Expected<OpcodeUsage> U = Uops->characterise(*Op);
    if (!U) {
      ++Skipped["characterisation failed"];
      if (Verbose)
        errs() << Name << ": " << toString(U.takeError()) << "\n";
      else
        consumeError(U.takeError());
      continue;
    }
    if (!U->Dependencies.empty()) {
      ++Skipped["a dependency on the basic instructions"];
      continue;
    }
    E.U = U->Result.U;
    Pool.push_back(std::move(E));
    errs() << "pool: " << Pool.size() << "/" << PoolSize << " " << Name << "\n";
  }
  outs() << "\npool: " << Pool.size() << " instructions from " << OpcodesPath
         << " (seed " << Seed << ")";
  for (const auto &[Why, N] : Skipped)
    outs() << "; " << N << " skipped, " << Why;
  outs() << "\n";
  if (Pool.size() < 5)
    ExitOnErr(createStringError(inconvertibleErrorCode(),
                                "too few instructions for mixtures"));

  // 3. Agreement per instruction: the basic ones, then the pool.
  std::vector<AgreementRow> Rows;
  for (auto [B, Name] : enumerate(File.Basic)) {
    AgreementRow Row;
    Row.Name = Name;
    Row.IsBasic = true;
    Row.A = compareUsage(Model, Matches, Sched, Model.getBasicUsage(B),
                         BasicSched[B]);
    Rows.push_back(std::move(Row));
  }
  std::vector<Usage> BasicUsages;
  for (unsigned B = 0; B < File.Basic.size(); ++B)
    BasicUsages.push_back(Model.getBasicUsage(B));
  for (const PoolEntry &E : Pool) {
    AgreementRow Row;
    Row.Name = E.Name;
    Row.A = compareUsage(Model, Matches, Sched, E.U, E.Sched);
    if (Row.A.V == UsageAgreement::Verdict::Differs) {
      // The first non-dispatch resource they differ on decides.
      unsigned R = 0;
      bool Found = false;
      for (unsigned I = 0; I < Resources.size() && !Found; ++I)
        if (!Resources[I].IsDispatch && !std::isnan(Row.A.Modelled[I]) &&
            std::fabs(Row.A.Inferred[I] - Row.A.Modelled[I]) >= 0.5) {
          R = I;
          Found = true;
        }
      if (Found) {
        Kernel K = Model.getSaturatingKernel(R, 4);
        std::vector<MixtureTerm> Terms = {{E.Opcode, 2}};
        std::vector<const Usage *> Usages = {&E.U};
        std::vector<unsigned> Counts = {2};
        for (const KernelTerm &T : K) {
          Terms.push_back({BasicOpcodes[T.Instr], T.Count});
          Usages.push_back(&BasicUsages[T.Instr]);
          Counts.push_back(T.Count);
        }
        bool Deps = false;
        Expected<double> M = Measurer.measure(Terms);
        Expected<double> P = predictWithMca(*State, *Mca, Terms, Deps);
        if (!M) {
          Row.Right = "mixture not measured: " + toString(M.takeError());
          if (!P)
            consumeError(P.takeError());
        } else if (!P) {
          Row.Right = "no MCA prediction: " + toString(P.takeError());
        } else {
          Row.Mixture = formatTerms(Terms, *State);
          Row.Measured = *M;
          Row.Mca = *P;
          Row.Ours = Model.predictCycles(Usages, Counts);
          double EO = getAbsolutePercentageError(*M, Row.Ours);
          double EM = getAbsolutePercentageError(*M, Row.Mca);
          // Closer by more than the measurements' noise, or no verdict.
          Row.Right = std::fabs(EO - EM) < 0.03 ? "neither clearly"
                      : EO < EM                 ? "ours"
                                                : "LLVM's";
        }
      }
    }
    Rows.push_back(std::move(Row));
  }
  unsigned Counts[3] = {0, 0, 0};
  outs() << "\nagreement with LLVM's model (usage per resource, inferred / "
            "model)\n";
  for (const AgreementRow &Row : Rows) {
    ++Counts[static_cast<unsigned>(Row.A.V)];
    outs() << format("  %-18s %-15s", Row.Name.c_str(),
                     getVerdictName(Row.A.V).str().c_str())
           << (Row.IsBasic ? " (basic) " : " ") << Row.A.Text << "\n";
    if (!Row.Mixture.empty())
      outs() << format("      %s: measured %.3f, ours %.3f, LLVM's %.3f: "
                       "%s\n",
                       Row.Mixture.c_str(), Row.Measured, Row.Ours, Row.Mca,
                       Row.Right.c_str());
    else if (!Row.Right.empty())
      outs() << "      " << Row.Right << "\n";
  }
  outs() << "  " << Counts[0] << " agree, " << Counts[1] << " differ, "
         << Counts[2] << " not comparable\n";

  // 4. The held-out mixtures.
  std::vector<MixtureResult> Mixtures;
  std::set<std::vector<std::pair<unsigned, unsigned>>> Seen;
  std::map<std::string, unsigned> Failed;
  unsigned Attempts = 0;
  while (Mixtures.size() < NumMixtures && Attempts < 3 * NumMixtures) {
    ++Attempts;
    unsigned K = draw(Gen, 2, 5);
    std::vector<unsigned> Chosen;
    while (Chosen.size() < K) {
      unsigned I = draw(Gen, 0, Pool.size() - 1);
      if (!is_contained(Chosen, I))
        Chosen.push_back(I);
    }
    std::vector<std::pair<unsigned, unsigned>> Key;
    for (unsigned I : Chosen)
      Key.push_back({I, draw(Gen, 1, 3)});
    llvm::sort(Key);
    if (!Seen.insert(Key).second)
      continue;
    MixtureResult R;
    std::vector<const Usage *> Usages;
    std::vector<unsigned> Copies;
    for (auto [I, C] : Key) {
      R.Terms.push_back({Pool[I].Opcode, C});
      Usages.push_back(&Pool[I].U);
      Copies.push_back(C);
    }
    R.Text = formatTerms(R.Terms, *State);
    Expected<double> P =
        predictWithMca(*State, *Mca, R.Terms, R.HasDependencies);
    if (!P) {
      ++Failed["no snippet or no MCA prediction"];
      if (Verbose)
        errs() << R.Text << ": " << toString(P.takeError()) << "\n";
      else
        consumeError(P.takeError());
      continue;
    }
    Expected<double> M = Measurer.measure(R.Terms);
    if (!M) {
      ++Failed["measurement failed"];
      if (Verbose)
        errs() << R.Text << ": " << toString(M.takeError()) << "\n";
      else
        consumeError(M.takeError());
      continue;
    }
    R.Measured = *M;
    R.Mca = *P;
    R.Ours = Model.predictCycles(Usages, Copies);
    if (Verbose)
      outs() << format("  %8.3f %8.3f %8.3f  ", R.Measured, R.Ours, R.Mca)
             << R.Text << (R.HasDependencies ? " (dependencies)" : "") << "\n";
    errs() << "\rmixtures: " << Mixtures.size() + 1 << "/" << NumMixtures;
    Mixtures.push_back(std::move(R));
  }
  errs() << "\n";
  std::vector<double> Measured, Ours, Llvm;
  unsigned WithDependencies = 0;
  for (const MixtureResult &R : Mixtures) {
    Measured.push_back(R.Measured);
    Ours.push_back(R.Ours);
    Llvm.push_back(R.Mca);
    WithDependencies += R.HasDependencies;
  }
  ModelAccuracy AO = getModelAccuracy(Measured, Ours);
  ModelAccuracy AM = getModelAccuracy(Measured, Llvm);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  outs() << "\nheld-out mixtures: " << Mixtures.size() << " measured ("
         << WithDependencies
         << " with a dependency the snippet could not avoid";
  for (const auto &[Why, N] : Failed)
    outs() << "; " << N << " dropped, " << Why;
  outs() << ")\n";
  outs() << format("  %-34s %8s %8s\n", "model", "MAPE", "tau");
  outs() << format("  %-34s %8s %8s\n", "inferred port map (ours)",
                   formatPercent(AO.MeanAbsolutePercentageError).c_str(),
                   formatTau(AO.KendallTau).c_str());
  std::string LlvmName = "LLVM " + Sched.CpuName + " through MCA";
  outs() << format("  %-34s %8s %8s\n", LlvmName.c_str(),
                   formatPercent(AM.MeanAbsolutePercentageError).c_str(),
                   formatTau(AM.KendallTau).c_str());
  outs() << format("measurements: %u, %.0f s\n", Measurer.getNumMeasurements(),
                   Seconds);

  if (!MarkdownPath.empty()) {
    std::error_code EC;
    raw_fd_ostream MD(MarkdownPath, EC, sys::fs::OF_Text);
    ExitOnErr(errorCodeToError(EC));
    MD << "| model | held-out mixtures | MAPE | Kendall's tau |\n"
       << "|---|---:|---:|---:|\n";
    MD << "| inferred port map (ours) | " << Mixtures.size() << " | "
       << formatPercent(AO.MeanAbsolutePercentageError) << " | "
       << formatTau(AO.KendallTau) << " |\n";
    MD << "| LLVM's " << Sched.CpuName << " model through MCA | "
       << Mixtures.size() << " | "
       << formatPercent(AM.MeanAbsolutePercentageError) << " | "
       << formatTau(AM.KendallTau) << " |\n\n";
    MD << "| resource | units | throughput | name | beside LLVM's model |\n"
       << "|---|---:|---:|---|---|\n";
    for (auto [I, R] : enumerate(Resources))
      MD << "| " << R.Name << " | " << R.Units << " | "
         << formatv("{0:F2}", R.Throughput) << " | " << Matches[I].Name << " | "
         << Matches[I].Explanation << " |\n";
    MD << "\n| instruction | verdict | how | deciding mixture: measured / "
          "ours / LLVM's | right |\n|---|---|---|---|---|\n";
    for (const AgreementRow &Row : Rows) {
      MD << "| " << Row.Name << (Row.IsBasic ? " (basic)" : "") << " | "
         << getVerdictName(Row.A.V) << " | " << Row.A.Text << " | ";
      if (!Row.Mixture.empty())
        MD << Row.Mixture
           << formatv(": {0:F3} / {1:F3} / {2:F3}", Row.Measured, Row.Ours,
                      Row.Mca);
      MD << " | " << Row.Right << " |\n";
    }
  }
  return Mixtures.empty() ? 1 : 0;
}
