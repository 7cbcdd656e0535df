//===-- Characterisation.cpp - One instruction against the model ----------===//

#include "PortMap/Characterisation.h"
#include "PortMap/LinearProgram.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {
namespace portmap {

/// Whether resource A lies inside resource B (its members are some of B's).
static bool isInside(const Resource &A, const Resource &B) {
  return (A.Members & ~B.Members) == 0 && A.Members != B.Members;
}

Expected<CharacterisationResult> characterise(const ResourceModel &Model,
                                              MeasureWithX Measure,
                                              double Tolerance) {
  CharacterisationResult Result;
  ArrayRef<Resource> Res = Model.resources();
  Expected<double> Alone = Measure(1, {});
  if (!Alone)
    return Alone.takeError();
  Result.AloneCycles = *Alone;
  ++Result.NumMeasurements;
  const double TX = Result.AloneCycles;
  for (size_t R = 0; R < Res.size(); ++R) {
    // Other resources stay below (1 - Margin) of the kernel's cycles and X
    // adds at most TX to any of them. A small kernel keeps the noise of the
    // difference small: it scales with the kernel's load.
    double Cycles = std::max(2.0, std::ceil(1.5 * TX / Res[R].Margin));
    Kernel K = Model.getSaturatingKernel(R, Cycles);
    Expected<double> Without = Measure(0, K);
    if (!Without)
      return Without.takeError();
    Expected<double> With = Measure(1, K);
    if (!With)
      return With.takeError();
    Result.NumMeasurements += 2;
    // X's micro-ops confined to R add to R's load: the cycles grow by
    // usage / throughput, and the throughput is the kernel's load over its
    // cycles.
    double Load = getLoad(K, Res[R].Members);
    Result.Kernels.push_back(K);
    Result.Loads.push_back(Load);
    Result.DirectEstimates.push_back(Load * (*With / *Without - 1));
  }

  using Term = LinearProgram::Term;
  LinearProgram LP;
  SmallVector<unsigned, 8> U, Dev;
  SmallVector<Term, 8> Objective;
  for (size_t R = 0; R < Res.size(); ++R) {
    // A micro-op is confined to a resource or it is not: whole numbers, no
    // more than X alone leaves time for (X is no faster than its usage of
    // a resource allows, within the tolerance), nor more than one above
    // the direct estimate (a narrow range keeps the integer program small).
    double AloneBound =
        std::floor(TX * (1 + Tolerance) * Res[R].Throughput + 1e-9);
    double EstimateBound =
        std::max(0.0, std::ceil(Result.DirectEstimates[R]) + 1);
    U.push_back(
        LP.addIntegerVariable(0, int64_t(std::min(AloneBound, EstimateBound))));
    Dev.push_back(LP.addVariable());
    // An estimate's noise grows with the load it is a difference of.
    Objective.push_back({Dev[R], 1.0 / Result.Loads[R]});
    LP.addConstraint({{U[R], 1}, {Dev[R], -1}}, LinearProgram::Sense::LessEqual,
                     Result.DirectEstimates[R]);
    LP.addConstraint({{U[R], 1}, {Dev[R], 1}},
                     LinearProgram::Sense::GreaterEqual,
                     Result.DirectEstimates[R]);
  }
  for (size_t A = 0; A < Res.size(); ++A)
    for (size_t B = 0; B < Res.size(); ++B)
      if (isInside(Res[A], Res[B]))
        LP.addConstraint({{U[A], 1}, {U[B], -1}},
                         LinearProgram::Sense::LessEqual, 0);
  LP.setObjective(Objective, LinearProgram::Goal::Minimize);
  Expected<LinearProgram::Solution> Sol = LP.solve();
  if (!Sol)
    return Sol.takeError();
  // Infeasible only when X alone is faster than any whole usage allows
  // (noise beyond the tolerance): the direct estimates stand then.
  const bool Fitted = Sol->isOptimal();
  double Explained = 0;
  for (size_t R = 0; R < Res.size(); ++R) {
    double V =
        Fitted ? Sol->Values[U[R]] : std::max(0.0, Result.DirectEstimates[R]);
    if (Fitted)
      Result.Deviation += Sol->Values[Dev[R]] / Result.Loads[R];
    Result.U.MicroOps.push_back(V);
    Explained = std::max(Explained, V / Res[R].Throughput);
  }
  Result.U.OwnCycles = TX > Explained * (1 + Tolerance) ? TX : 0;
  return Result;
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
