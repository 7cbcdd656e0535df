//===-- PortMapInference.cpp - From measurements to a resource model ------===//

#include "PortMap/PortMapInference.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cmath>
#include <map>

namespace llvm {
namespace exegesis {
namespace portmap {

unsigned InferenceResult::countNotes(InferenceNote::Kind K) const {
  return count_if(Notes, [K](const InferenceNote &N) { return N.K == K; });
}

namespace {

bool isNear(double A, double B, double Tolerance) {
  return std::fabs(A / B - 1) <= Tolerance;
}

/// The steps of inferResourceModel, sharing what they measured.
class Inference {
public:
  Inference(ArrayRef<std::string> Names, MeasureKernel Measure,
            const InferenceOptions &Options)
      : CandidateNames(Names), Measure(Measure), Options(Options) {}

  Expected<InferenceResult> run();

private:
  Expected<double> measure(ArrayRef<KernelTerm> OverCandidates) {
    ++Result.NumMeasurements;
    return Measure(OverCandidates);
  }
  /// Measures \p OverBasic (over basic indices) and records it.
  Expected<double> measureBasic(const Kernel &OverBasic) {
    Expected<double> Cycles =
        measure(renameInstructions(OverBasic, Result.Basic));
    if (Cycles)
      Result.Measured.push_back({OverBasic, *Cycles});
    return Cycles;
  }
  void note(InferenceNote::Kind K, ArrayRef<unsigned> Basic, std::string Text) {
    InferenceNote N{K, {}, std::move(Text)};
    for (unsigned B : Basic)
      N.Candidates.push_back(Result.Basic[B]);
    Result.Notes.push_back(std::move(N));
  }
  /// A balanced kernel of representatives: each alone would take the same
  /// time.
  Kernel balanced(ArrayRef<unsigned> RepIndices) const {
    Kernel K;
    for (unsigned R : RepIndices)
      K.push_back({R, Ports[Reps[R]]});
    return K;
  }

  Error measureSingles();
  Error measurePairs();
  void groupClasses();
  Expected<StructureSolution> searchStructure();
  Error buildModel(const StructureSolution &Solution);
  void describeLimits(const StructureSolution &Solution);

  ArrayRef<std::string> CandidateNames;
  MeasureKernel Measure;
  const InferenceOptions &Options;
  InferenceResult Result;
  /// Per basic instruction: its name, its port count and cycles alone.
  SmallVector<std::string, 16> Names;
  SmallVector<unsigned, 16> Ports;
  SmallVector<double, 16> Alone;
  std::map<std::pair<unsigned, unsigned>, double> Pairs;
  /// Class representatives (basic indices), and each one's index in Reps.
  SmallVector<unsigned, 16> Reps;
  SmallVector<unsigned, 16> RepIndexOf;
  /// The measurements over representatives only, for the structure search.
  std::vector<KernelMeasurement> RepMeasured;
  DenseSet<uint64_t> MeasuredSupports;
};

Error Inference::measureSingles() {
  for (unsigned C = 0; C < CandidateNames.size(); ++C) {
    Expected<double> T = measure({{C, 1}});
    if (!T)
      return T.takeError();
    unsigned K = std::max(1u, unsigned(std::lround(1 / *T)));
    if (std::fabs(K * *T - 1) > Options.PipelinedTolerance) {
      std::string Text;
      raw_string_ostream(Text)
          << CandidateNames[C]
          << ": not one pipelined micro-op (inverse throughput " << *T
          << "), not a basic instruction";
      Result.Notes.push_back(
          {InferenceNote::Kind::NotBasic, {C}, std::move(Text)});
      continue;
    }
    Result.Basic.push_back(C);
    Names.push_back(CandidateNames[C]);
    Ports.push_back(K);
    Alone.push_back(*T);
    Result.Measured.push_back({{{unsigned(Result.Basic.size() - 1), 1}}, *T});
  }
  return Error::success();
}

Error Inference::measurePairs() {
  const unsigned NB = Result.Basic.size();
  for (unsigned A = 0; A < NB; ++A)
    for (unsigned B = A + 1; B < NB; ++B) {
      Expected<double> T = measureBasic({{A, Ports[A]}, {B, Ports[B]}});
      if (!T)
        return T.takeError();
      Pairs[{A, B}] = *T;
    }
  return Error::success();
}

void Inference::groupClasses() {
  const unsigned NB = Result.Basic.size();
  const double Tol = Options.Structure.Tolerance;
  auto PairOf = [&](unsigned A, unsigned B) {
    return Pairs.at({std::min(A, B), std::max(A, B)});
  };
  Result.ClassOf.assign(NB, 0);
  for (unsigned B = 0; B < NB; ++B) {
    // Twins: the same ports alone, twice the time together (they share all
    // of them), and the same time with every other instruction.
    auto IsTwin = [&](unsigned R) {
      if (Ports[R] != Ports[B] || !isNear(PairOf(R, B), 2.0, Tol))
        return false;
      for (unsigned D = 0; D < NB; ++D)
        if (D != R && D != B && !isNear(PairOf(R, D), PairOf(B, D), Tol))
          return false;
      return true;
    };
    auto Twin = find_if(Reps, IsTwin);
    if (Twin == Reps.end()) {
      Result.ClassOf[B] = B;
      Reps.push_back(B);
      continue;
    }
    Result.ClassOf[B] = *Twin;
    note(InferenceNote::Kind::SameClass, {*Twin, B},
         Names[B] + " behaves as " + Names[*Twin] +
             " alone, together and with every other basic instruction: "
             "one class");
  }
  RepIndexOf.assign(NB, ~0u);
  for (auto [I, R] : enumerate(Reps))
    RepIndexOf[R] = I;
  for (const KernelMeasurement &M : Result.Measured) {
    if (any_of(M.K,
               [&](const KernelTerm &T) { return RepIndexOf[T.Instr] == ~0u; }))
      continue;
    RepMeasured.push_back({renameInstructions(M.K, RepIndexOf), M.Cycles});
    MeasuredSupports.insert(getSupport(RepMeasured.back().K));
  }
}

Expected<StructureSolution> Inference::searchStructure() {
  const unsigned NR = Reps.size();
  for (;;) {
    Expected<StructureSolution> Solution =
        solveStructure(NR, RepMeasured, Options.Structure);
    if (!Solution)
      return Solution.takeError();
    if (Result.NumDistinguishing >= Options.MaxDistinguishingKernels) {
      note(InferenceNote::Kind::BudgetSpent, {},
           "the budget of distinguishing kernels is spent: another mapping "
           "may explain the measurements as well");
      return Solution;
    }
    std::vector<Kernel> Candidates;
    for (unsigned A = 0; A < NR; ++A)
      for (unsigned B = A + 1; B < NR; ++B)
        for (unsigned C = B + 1; C < NR; ++C) {
          Kernel K = balanced({A, B, C});
          if (!MeasuredSupports.contains(getSupport(K)))
            Candidates.push_back(K);
        }
    Expected<std::optional<Distinction>> D = findDistinguishing(
        NR, RepMeasured, *Solution, Candidates, Options.Structure);
    if (!D) {
      note(InferenceNote::Kind::SolverGaveUp, {}, toString(D.takeError()));
      return Solution;
    }
    if (!*D) {
      Result.Identified = true;
      return Solution;
    }
    const Kernel &K = Candidates[(*D)->CandidateIndex];
    Expected<double> T = measureBasic(renameInstructions(K, Reps));
    if (!T)
      return T.takeError();
    RepMeasured.push_back({K, *T});
    MeasuredSupports.insert(getSupport(K));
    ++Result.NumDistinguishing;
  }
}

Error Inference::buildModel(const StructureSolution &Solution) {
  const unsigned NB = Result.Basic.size();
  Result.Mapping.NumPorts = Solution.Mapping.NumPorts;
  Result.Mapping.DispatchWidth = Solution.Mapping.DispatchWidth;
  for (unsigned B = 0; B < NB; ++B)
    Result.Mapping.PortSets.push_back(
        Solution.Mapping.PortSets[RepIndexOf[Result.ClassOf[B]]]);
  Expected<ResourceModel> Model = ResourceModel::derive(Result.Mapping);
  if (!Model)
    return Model.takeError();
  Result.Model = std::move(*Model);
  return Result.Model.fitThroughputs(Result.Measured);
}

void Inference::describeLimits(const StructureSolution &Solution) {
  const unsigned NR = Reps.size();
  for (unsigned I : Solution.Unexplained) {
    const KernelMeasurement &M = RepMeasured[I];
    Kernel OverBasic = renameInstructions(M.K, Reps);
    std::string Text;
    raw_string_ostream(Text)
        << "unexplained: " << formatKernel(OverBasic, Names) << " measured "
        << M.Cycles << ", the mapping predicts "
        << Solution.Mapping.predictCycles(M.K);
    SmallVector<unsigned, 4> Instrs;
    for (const KernelTerm &T : OverBasic)
      Instrs.push_back(T.Instr);
    note(InferenceNote::Kind::Unexplained, Instrs, std::move(Text));
  }

  // Ports used by exactly the same representatives cannot be told apart.
  std::map<uint64_t, uint32_t> PortsByUsers;
  for (unsigned P = 0; P < Solution.Mapping.NumPorts; ++P) {
    uint64_t Users = 0;
    for (unsigned R = 0; R < NR; ++R)
      if (Solution.Mapping.PortSets[R] >> P & 1)
        Users |= uint64_t(1) << R;
    PortsByUsers[Users] |= uint32_t(1) << P;
  }
  for (const auto &[Users, Group] : PortsByUsers) {
    if (llvm::popcount(Group) < 2)
      continue;
    SmallVector<unsigned, 4> Instrs;
    SmallVector<std::string, 4> UserNames;
    for (unsigned R = 0; R < NR; ++R)
      if (Users >> R & 1) {
        Instrs.push_back(Reps[R]);
        UserNames.push_back(Names[Reps[R]]);
      }
    note(InferenceNote::Kind::InseparablePorts, Instrs,
         "ports " + formatPorts(Group) +
             " are used by the same basic instructions (" +
             join(UserNames, ", ") + "): they act as one resource of " +
             std::to_string(llvm::popcount(Group)) +
             " units that throughput cannot split");
  }
  if (!Result.Mapping.DispatchWidth)
    note(InferenceNote::Kind::NoDispatchBound, {},
         "no kernel was bounded by the dispatch width: it is not part of "
         "the model");
  for (unsigned R : Reps) {
    uint32_t Own = Result.Mapping.PortSets[R];
    if (any_of(Result.Model.resources(), [Own](const Resource &Res) {
          return !Res.IsDispatch && Res.Ports == Own;
        }))
      continue;
    note(InferenceNote::Kind::UnobservablePorts, {R},
         Names[R] + ": its " + std::to_string(llvm::popcount(Own)) +
             " ports are no resource of their own (another resource or the "
             "dispatch width bounds it first): which ports it uses is not "
             "observable");
  }
}

Expected<InferenceResult> Inference::run() {
  if (CandidateNames.size() > MaxInstructions)
    return createStringError(inconvertibleErrorCode(),
                             "%zu candidate instructions: at most %u",
                             CandidateNames.size(), MaxInstructions);
  if (Error Err = measureSingles())
    return Err;
  if (Result.Basic.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no candidate is one pipelined micro-op: no "
                             "basic instruction to build a model on");
  if (Error Err = measurePairs())
    return Err;
  groupClasses();
  Expected<StructureSolution> Solution = searchStructure();
  if (!Solution)
    return Solution.takeError();
  if (Error Err = buildModel(*Solution))
    return Err;
  describeLimits(*Solution);
  return std::move(Result);
}

} // namespace

Expected<InferenceResult>
inferResourceModel(ArrayRef<std::string> CandidateNames, MeasureKernel Measure,
                   const InferenceOptions &Options) {
  return Inference(CandidateNames, Measure, Options).run();
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
