//===-- ResourceModel.cpp - What throughput can tell of a core ------------===//

#include "PortMap/ResourceModel.h"
#include "PortMap/LinearProgram.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/bit.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {
namespace portmap {

namespace {

struct Candidate {
  uint64_t Members;
  uint32_t Ports;
  unsigned Units;
  bool IsDispatch;
};

} // namespace

/// Whether the members' port sets fall apart into two groups that share no
/// port: such a union is never a bottleneck alone (its load is a weighted
/// mean of the two groups').
static bool fallsApart(const PortMapping &PM, uint64_t Members) {
  if (!Members)
    return true;
  unsigned First = llvm::countr_zero(Members);
  uint32_t Reached = PM.PortSets[First];
  uint64_t Done = uint64_t(1) << First;
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (unsigned B = 0; B < PM.PortSets.size(); ++B)
      if ((Members >> B & 1) && !(Done >> B & 1) &&
          (PM.PortSets[B] & Reached)) {
        Reached |= PM.PortSets[B];
        Done |= uint64_t(1) << B;
        Grew = true;
      }
  }
  return Done != Members;
}

/// Every union of the mapping's port sets narrower than the dispatch width
/// (any union when the width is unbounded).
static SmallVector<uint32_t, 32> getNarrowUnions(const PortMapping &PM) {
  const unsigned W = PM.DispatchWidth;
  auto IsNarrow = [W](uint32_t S) {
    return !W || unsigned(llvm::popcount(S)) < W;
  };
  SetVector<uint32_t> Closed;
  for (uint32_t S : PM.PortSets)
    if (IsNarrow(S))
      Closed.insert(S);
  // Closed grows while it is walked: every union is met once.
  for (size_t I = 0; I < Closed.size(); ++I)
    for (uint32_t T : PM.PortSets) {
      uint32_t U = Closed[I] | T;
      if (IsNarrow(U))
        Closed.insert(U);
    }
  return SmallVector<uint32_t, 32>(Closed.begin(), Closed.end());
}

ResourceModel ResourceModel::fromResources(unsigned NumBasic,
                                           ArrayRef<Resource> Resources) {
  ResourceModel RM;
  RM.NumBasic = NumBasic;
  RM.Resources.assign(Resources.begin(), Resources.end());
  return RM;
}

Expected<ResourceModel> ResourceModel::derive(const PortMapping &PM) {
  ResourceModel RM;
  RM.NumBasic = PM.PortSets.size();
  SmallVector<Candidate, 32> Candidates;
  for (uint32_t S : getNarrowUnions(PM)) {
    uint64_t Members = 0;
    for (unsigned B = 0; B < RM.NumBasic; ++B)
      if ((PM.PortSets[B] & ~S) == 0)
        Members |= uint64_t(1) << B;
    if (fallsApart(PM, Members))
      continue;
    Candidates.push_back({Members, S, unsigned(llvm::popcount(S)),
                          /*IsDispatch=*/false});
  }
  if (PM.DispatchWidth)
    Candidates.push_back({RM.NumBasic == MaxInstructions
                              ? ~uint64_t(0)
                              : (uint64_t(1) << RM.NumBasic) - 1,
                          0, PM.DispatchWidth, /*IsDispatch=*/true});

  // A candidate is kept when some kernel of its members loads it to one
  // cycle while every other candidate stays below 1 - Margin, Margin > 0.
  using Term = LinearProgram::Term;
  for (const Candidate &C : Candidates) {
    LinearProgram LP;
    SmallVector<int, 16> VarOf(RM.NumBasic, -1);
    SmallVector<Term, 16> Own;
    for (unsigned B = 0; B < RM.NumBasic; ++B)
      if (C.Members >> B & 1) {
        VarOf[B] = LP.addVariable();
        Own.push_back({unsigned(VarOf[B]), 1.0 / C.Units});
      }
    unsigned Margin = LP.addVariable(-1, 1);
    LP.addConstraint(Own, LinearProgram::Sense::Equal, 1);
    for (const Candidate &Other : Candidates) {
      if (&Other == &C)
        continue;
      SmallVector<Term, 16> Row;
      for (unsigned B = 0; B < RM.NumBasic; ++B)
        if (VarOf[B] >= 0 && (Other.Members >> B & 1))
          Row.push_back({unsigned(VarOf[B]), 1.0 / Other.Units});
      Row.push_back({Margin, 1});
      LP.addConstraint(Row, LinearProgram::Sense::LessEqual, 1);
    }
    LP.setObjective({{Margin, 1}}, LinearProgram::Goal::Maximize);
    Expected<LinearProgram::Solution> Sol = LP.solve();
    if (!Sol)
      return Sol.takeError();
    if (!Sol->isOptimal() || Sol->Values[Margin] <= 1e-9)
      continue;
    Resource R;
    R.Members = C.Members;
    R.Ports = C.Ports;
    R.Units = C.Units;
    R.Throughput = C.Units;
    R.IsDispatch = C.IsDispatch;
    R.Margin = Sol->Values[Margin];
    R.Saturating.assign(RM.NumBasic, 0);
    for (unsigned B = 0; B < RM.NumBasic; ++B)
      if (VarOf[B] >= 0)
        R.Saturating[B] = Sol->Values[VarOf[B]];
    RM.Resources.push_back(std::move(R));
  }
  // A canonical order: narrow resources first, dispatch last.
  llvm::stable_sort(RM.Resources, [](const Resource &A, const Resource &B) {
    if (A.IsDispatch != B.IsDispatch)
      return B.IsDispatch;
    if (A.Units != B.Units)
      return A.Units < B.Units;
    return A.Members < B.Members;
  });
  for (auto [I, R] : enumerate(RM.Resources))
    R.Name = R.IsDispatch ? "Dispatch" : "R" + std::to_string(I);
  return RM;
}

double ResourceModel::predictCycles(ArrayRef<KernelTerm> K) const {
  double Cycles = 0;
  for (const Resource &R : Resources)
    Cycles = std::max(Cycles, getLoad(K, R.Members) / R.Throughput);
  return Cycles;
}

Usage ResourceModel::getBasicUsage(unsigned B) const {
  Usage U;
  for (const Resource &R : Resources)
    U.MicroOps.push_back(R.Members >> B & 1 ? 1.0 : 0.0);
  return U;
}

double ResourceModel::predictCycles(ArrayRef<const Usage *> Usages,
                                    ArrayRef<unsigned> Counts) const {
  double Cycles = 0;
  for (size_t R = 0; R < Resources.size(); ++R) {
    double Load = 0;
    for (size_t I = 0; I < Usages.size(); ++I)
      Load += Counts[I] * Usages[I]->MicroOps[R];
    Cycles = std::max(Cycles, Load / Resources[R].Throughput);
  }
  for (size_t I = 0; I < Usages.size(); ++I)
    Cycles = std::max(Cycles, Counts[I] * Usages[I]->OwnCycles);
  return Cycles;
}

Error ResourceModel::fitThroughputs(ArrayRef<KernelMeasurement> Measured) {
  using Term = LinearProgram::Term;
  LinearProgram LP;
  // The variables are inverse throughputs, within a factor of two of the
  // structure's: the program stays linear in them.
  SmallVector<unsigned, 8> Inverse;
  for (const Resource &R : Resources)
    Inverse.push_back(LP.addVariable(0.5 / R.Units, 2.0 / R.Units));
  SmallVector<Term, 64> Objective;
  for (const KernelMeasurement &M : Measured) {
    // The resource the structure makes the bottleneck keeps that role.
    std::optional<size_t> Bottleneck;
    double Worst = 0;
    for (size_t R = 0; R < Resources.size(); ++R) {
      double C =
          getLoad(M.K, Resources[R].Members) / double(Resources[R].Units);
      if (C > Worst + 1e-12) {
        Worst = C;
        Bottleneck = R;
      }
    }
    if (!Bottleneck)
      continue;
    // Over and Under are this measurement's relative deviations: every
    // resource needs at most (1 + Over) of the measured cycles, and the
    // bottleneck at least (1 - Under).
    unsigned Over = LP.addVariable(), Under = LP.addVariable();
    Objective.push_back({Over, 1});
    Objective.push_back({Under, 1});
    for (size_t R = 0; R < Resources.size(); ++R)
      if (unsigned Load = getLoad(M.K, Resources[R].Members))
        LP.addConstraint({{Inverse[R], Load / M.Cycles}, {Over, -1}},
                         LinearProgram::Sense::LessEqual, 1);
    LP.addConstraint({{Inverse[*Bottleneck],
                       getLoad(M.K, Resources[*Bottleneck].Members) / M.Cycles},
                      {Under, 1}},
                     LinearProgram::Sense::GreaterEqual, 1);
  }
  LP.setObjective(Objective, LinearProgram::Goal::Minimize);
  Expected<LinearProgram::Solution> Sol = LP.solve();
  if (!Sol)
    return Sol.takeError();
  if (!Sol->isOptimal())
    return createStringError(inconvertibleErrorCode(),
                             "the resources' throughputs could not be fitted "
                             "to the measurements");
  for (size_t R = 0; R < Resources.size(); ++R)
    Resources[R].Throughput = 1.0 / Sol->Values[Inverse[R]];
  return Error::success();
}

Kernel ResourceModel::getSaturatingKernel(unsigned R, double Cycles) const {
  const Resource &Res = Resources[R];
  Kernel K;
  for (unsigned B = 0; B < NumBasic; ++B)
    if (unsigned Count = unsigned(std::lround(Res.Saturating[B] * Cycles)))
      K.push_back({B, Count});
  if (!K.empty())
    return K;
  // Too few cycles to round the mixture: one member alone saturates.
  unsigned B = llvm::countr_zero(Res.Members);
  K.push_back({B, std::max(1u, unsigned(std::lround(Res.Units * Cycles)))});
  return K;
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
