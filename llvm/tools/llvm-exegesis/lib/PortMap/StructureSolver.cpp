//===-- StructureSolver.cpp - Port sets that explain measurements ---------===//

#include "PortMap/StructureSolver.h"
#include "llvm/ADT/bit.h"
#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>
#include <string>
#include <vector>
#include <z3++.h>

namespace llvm {
namespace exegesis {
namespace portmap {

namespace {

/// The boolean encoding both queries share: the x[b][p] literals, the
/// unary dispatch width, the union literals of the subsets the kernels
/// name, and the hard constraints that define them.
class Encoding {
public:
  Encoding(z3::context &C, unsigned NumBasic, const StructureOptions &Options)
      : C(C), NumBasic(NumBasic), NumPorts(Options.MaxPorts),
        Tolerance(Options.Tolerance), X(C), WidthAtLeastLits(C), Used(C) {
    for (unsigned B = 0; B < NumBasic; ++B)
      for (unsigned P = 0; P < NumPorts; ++P)
        X.push_back(C.bool_const(
            ("x_" + std::to_string(B) + "_" + std::to_string(P)).c_str()));
    // WidthAtLeastLits[V] <=> W >= V, for V = 0 .. MaxDispatchWidth + 1,
    // the last one meaning "unbounded".
    for (unsigned V = 0; V <= Options.MaxDispatchWidth + 1; ++V)
      WidthAtLeastLits.push_back(
          V <= 1 ? C.bool_val(true)
                 : C.bool_const(("w_" + std::to_string(V)).c_str()));
    for (unsigned P = 0; P < NumPorts; ++P) {
      z3::expr_vector Column(C);
      for (unsigned B = 0; B < NumBasic; ++B)
        Column.push_back(x(B, P));
      z3::expr U = C.bool_const(("used_" + std::to_string(P)).c_str());
      Used.push_back(U);
      Hard.push_back(U == z3::mk_or(Column));
    }
    for (unsigned V = 2; V + 1 < WidthAtLeastLits.size(); ++V)
      Hard.push_back(z3::implies(WidthAtLeastLits[V + 1], WidthAtLeastLits[V]));
    for (unsigned B = 0; B < NumBasic; ++B)
      Hard.push_back(z3::atleast(unionOf(uint64_t(1) << B), 1));
    addLexOrder();
  }

  /// Measurement \p M is predicted within the tolerance.
  z3::expr explains(const KernelMeasurement &M) {
    return predictedAtMost(M.K, M.Cycles * (1 + Tolerance)) &&
           predictedAtLeast(M.K, M.Cycles * (1 - Tolerance));
  }

  /// Kernel \p K is predicted more than the tolerance away from \p V.
  z3::expr predictedAwayFrom(const Kernel &K, double V) {
    return predictedAbove(K, V * (1 + Tolerance)) ||
           predictedBelow(K, V * (1 - Tolerance));
  }

  PortMapping decode(const z3::model &Model) {
    PortMapping PM;
    PM.PortSets.assign(NumBasic, 0);
    for (unsigned P = 0; P < NumPorts; ++P) {
      bool Any = false;
      for (unsigned B = 0; B < NumBasic; ++B)
        if (Model.eval(x(B, P), true).is_true()) {
          PM.PortSets[B] |= uint32_t(1) << P;
          Any = true;
        }
      if (Any)
        PM.NumPorts = P + 1;
    }
    if (!Model.eval(unbounded(), true).is_true())
      for (unsigned V = WidthAtLeastLits.size() - 1; V-- > 1;)
        if (Model.eval(WidthAtLeastLits[V], true).is_true()) {
          PM.DispatchWidth = V;
          break;
        }
    return PM;
  }

  /// The constraints that define the literals: add them after every
  /// constraint built from the encoding, which may define new ones.
  ArrayRef<z3::expr> hard() const { return Hard; }
  const z3::expr_vector &used() const { return Used; }
  z3::expr unbounded() const { return WidthAtLeastLits.back(); }

private:
  z3::expr x(unsigned B, unsigned P) const { return X[B * NumPorts + P]; }

  /// One literal per port: "port P is in the union of the port sets of the
  /// instructions in Members".
  const z3::expr_vector &unionOf(uint64_t Members) {
    auto It = Unions.find(Members);
    if (It != Unions.end())
      return It->second;
    z3::expr_vector Lits(C);
    if (llvm::popcount(Members) == 1) {
      unsigned B = llvm::countr_zero(Members);
      for (unsigned P = 0; P < NumPorts; ++P)
        Lits.push_back(x(B, P));
    } else {
      for (unsigned P = 0; P < NumPorts; ++P) {
        z3::expr_vector Any(C);
        for (unsigned B = 0; B < NumBasic; ++B)
          if (Members >> B & 1)
            Any.push_back(x(B, P));
        z3::expr O = C.bool_const(
            ("u_" + std::to_string(Members) + "_" + std::to_string(P)).c_str());
        Hard.push_back(O == z3::mk_or(Any));
        Lits.push_back(O);
      }
    }
    return Unions.emplace(Members, Lits).first->second;
  }

  z3::expr unionAtLeast(uint64_t Members, long N) {
    if (N <= 0)
      return C.bool_val(true);
    if (N > long(NumPorts))
      return C.bool_val(false);
    return z3::atleast(unionOf(Members), unsigned(N));
  }
  z3::expr unionAtMost(uint64_t Members, long N) {
    if (N <= 0)
      return C.bool_val(false);
    if (N >= long(NumPorts))
      return C.bool_val(true);
    return z3::atmost(unionOf(Members), unsigned(N));
  }
  /// W >= N (an unbounded width is larger than any N).
  z3::expr widthAtLeast(long N) const {
    if (N <= 1)
      return C.bool_val(true);
    return WidthAtLeastLits[unsigned(
        std::min<long>(N, long(WidthAtLeastLits.size()) - 1))];
  }
  z3::expr widthAtMost(long N) const {
    if (N + 1 >= long(WidthAtLeastLits.size()))
      return !unbounded();
    return !widthAtLeast(N + 1);
  }

  /// Calls Fn(members, copies) for every non-empty subset of K's terms.
  template <typename F> void forEachSubset(const Kernel &K, F Fn) {
    const size_t N = K.size();
    assert(N < 32 && "a kernel of too many instructions to enumerate");
    for (uint32_t Mask = 1; Mask < (uint32_t(1) << N); ++Mask) {
      uint64_t Members = 0;
      unsigned Load = 0;
      for (size_t I = 0; I < N; ++I)
        if (Mask >> I & 1) {
          Members |= uint64_t(1) << K[I].Instr;
          Load += K[I].Count;
        }
      Fn(Members, Load);
    }
  }

  // The bounds below round Load / V to the whole union sizes that keep a
  // term on the right side of V; the epsilon keeps an exact quotient from
  // rounding the wrong way.
  z3::expr predictedAtMost(const Kernel &K, double Hi) {
    z3::expr_vector All(C);
    forEachSubset(K, [&](uint64_t Members, unsigned Load) {
      All.push_back(unionAtLeast(Members, long(std::ceil(Load / Hi - 1e-9))));
    });
    All.push_back(widthAtLeast(long(std::ceil(getTotalCount(K) / Hi - 1e-9))));
    return z3::mk_and(All);
  }
  z3::expr predictedAtLeast(const Kernel &K, double Lo) {
    z3::expr_vector Any(C);
    forEachSubset(K, [&](uint64_t Members, unsigned Load) {
      Any.push_back(unionAtMost(Members, long(std::floor(Load / Lo + 1e-9))));
    });
    Any.push_back(widthAtMost(long(std::floor(getTotalCount(K) / Lo + 1e-9))));
    return z3::mk_or(Any);
  }
  z3::expr predictedAbove(const Kernel &K, double V) {
    z3::expr_vector Any(C);
    forEachSubset(K, [&](uint64_t Members, unsigned Load) {
      Any.push_back(unionAtMost(Members, long(std::ceil(Load / V - 1e-9)) - 1));
    });
    Any.push_back(
        widthAtMost(long(std::ceil(getTotalCount(K) / V - 1e-9)) - 1));
    return z3::mk_or(Any);
  }
  z3::expr predictedBelow(const Kernel &K, double V) {
    z3::expr_vector All(C);
    forEachSubset(K, [&](uint64_t Members, unsigned Load) {
      All.push_back(
          unionAtLeast(Members, long(std::floor(Load / V + 1e-9)) + 1));
    });
    All.push_back(
        widthAtLeast(long(std::floor(getTotalCount(K) / V + 1e-9)) + 1));
    return z3::mk_and(All);
  }

  /// Column P >= column P + 1, rows compared from the first instruction.
  void addLexOrder() {
    for (unsigned P = 0; P + 1 < NumPorts; ++P) {
      z3::expr EqualSoFar = C.bool_val(true);
      for (unsigned B = 0; B < NumBasic; ++B) {
        Hard.push_back(z3::implies(EqualSoFar, x(B, P) || !x(B, P + 1)));
        z3::expr Next = C.bool_const(
            ("eq_" + std::to_string(P) + "_" + std::to_string(B)).c_str());
        Hard.push_back(Next == (EqualSoFar && (x(B, P) == x(B, P + 1))));
        EqualSoFar = Next;
      }
    }
  }

  z3::context &C;
  unsigned NumBasic;
  unsigned NumPorts;
  double Tolerance;
  z3::expr_vector X;
  z3::expr_vector WidthAtLeastLits;
  z3::expr_vector Used;
  std::vector<z3::expr> Hard;
  std::map<uint64_t, z3::expr_vector> Unions;
};

z3::params getTimeout(z3::context &C, const StructureOptions &Options) {
  z3::params P(C);
  P.set("timeout", Options.TimeoutMs);
  return P;
}

Error checkOptions(unsigned NumBasic, const StructureOptions &Options) {
  if (NumBasic > MaxInstructions || Options.MaxPorts > MaxPorts)
    return createStringError(inconvertibleErrorCode(),
                             "at most %u basic instructions on %u ports",
                             MaxInstructions, MaxPorts);
  return Error::success();
}

} // namespace

Expected<StructureSolution> solveStructure(unsigned NumBasic,
                                           ArrayRef<KernelMeasurement> Measured,
                                           const StructureOptions &Options) {
  if (Error Err = checkOptions(NumBasic, Options))
    return Err;
  z3::context C;
  Encoding E(C, NumBasic, Options);
  z3::optimize Opt(C);
  Opt.set(getTimeout(C, Options));
  SmallVector<z3::expr, 64> Explained;
  for (size_t I = 0; I < Measured.size(); ++I) {
    z3::expr Ok = C.bool_const(("ok_" + std::to_string(I)).c_str());
    Opt.add(z3::implies(Ok, E.explains(Measured[I])));
    Explained.push_back(Ok);
  }
  for (const z3::expr &H : E.hard())
    Opt.add(H);
  // Weights make the priorities lexicographic: a measurement explained
  // outweighs every port saved, a port saved outweighs the preference for
  // an unbounded dispatch width.
  const unsigned PortWeight = 2;
  const unsigned MeasurementWeight = PortWeight * (Options.MaxPorts + 1);
  for (const z3::expr &Ok : Explained)
    Opt.add_soft(Ok, MeasurementWeight);
  for (unsigned P = 0; P < Options.MaxPorts; ++P)
    Opt.add_soft(!E.used()[P], PortWeight);
  Opt.add_soft(E.unbounded(), 1);
  if (Opt.check() != z3::sat)
    return createStringError(
        inconvertibleErrorCode(),
        "the port-mapping search gave up (" +
            std::string(Z3_optimize_get_reason_unknown(C, Opt)) + ")");
  z3::model Model = Opt.get_model();
  StructureSolution S;
  S.Mapping = E.decode(Model);
  for (size_t I = 0; I < Explained.size(); ++I)
    if (!Model.eval(Explained[I], true).is_true())
      S.Unexplained.push_back(I);
  return S;
}

Expected<std::optional<Distinction>>
findDistinguishing(unsigned NumBasic, ArrayRef<KernelMeasurement> Measured,
                   const StructureSolution &Best, ArrayRef<Kernel> Candidates,
                   const StructureOptions &Options) {
  if (Error Err = checkOptions(NumBasic, Options))
    return Err;
  if (Candidates.empty())
    return std::nullopt;
  z3::context C;
  Encoding E(C, NumBasic, Options);
  SmallVector<bool, 64> IsUnexplained(Measured.size(), false);
  for (unsigned I : Best.Unexplained)
    IsUnexplained[I] = true;
  z3::expr_vector Constraints(C);
  for (size_t I = 0; I < Measured.size(); ++I)
    if (!IsUnexplained[I])
      Constraints.push_back(E.explains(Measured[I]));
  Constraints.push_back(z3::atmost(E.used(), Best.Mapping.NumPorts));
  z3::expr_vector Differs(C);
  for (const Kernel &K : Candidates)
    Differs.push_back(E.predictedAwayFrom(K, Best.Mapping.predictCycles(K)));
  Constraints.push_back(z3::mk_or(Differs));
  z3::solver Solver(C);
  Solver.set(getTimeout(C, Options));
  for (const z3::expr &H : E.hard())
    Solver.add(H);
  Solver.add(Constraints);
  switch (Solver.check()) {
  case z3::unknown:
    return createStringError(inconvertibleErrorCode(),
                             "the search for a second port mapping gave up (" +
                                 Solver.reason_unknown() + ")");
  case z3::unsat:
    return std::nullopt;
  case z3::sat:
    break;
  }
  Distinction D;
  D.Alternative = E.decode(Solver.get_model());
  double Widest = -1;
  for (size_t I = 0; I < Candidates.size(); ++I) {
    double A = Best.Mapping.predictCycles(Candidates[I]);
    double B = D.Alternative.predictCycles(Candidates[I]);
    double Gap = std::fabs(std::log(A / B));
    if (Gap > Widest) {
      Widest = Gap;
      D.CandidateIndex = I;
    }
  }
  return D;
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
