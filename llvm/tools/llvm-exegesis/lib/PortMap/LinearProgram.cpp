//===-- LinearProgram.cpp - A small linear program, solved exactly --------===//

#include "PortMap/LinearProgram.h"
#include "PortMap/Z3Numbers.h"
#include <z3++.h>

namespace llvm {
namespace exegesis {
namespace portmap {

struct LinearProgram::Impl {
  z3::context C;
  z3::optimize Opt{C};
  SmallVector<z3::expr, 16> Vars;
  std::optional<z3::expr> Objective;
  Goal ObjectiveGoal = Goal::Minimize;

  z3::expr sum(ArrayRef<Term> Row) {
    z3::expr E = C.real_val(0);
    for (const Term &T : Row)
      E = E + toZ3Real(C, T.Coefficient) * Vars[T.Var];
    return E;
  }
};

LinearProgram::LinearProgram() : P(std::make_unique<Impl>()) {}
LinearProgram::~LinearProgram() = default;

unsigned LinearProgram::addVariable(double Lower, std::optional<double> Upper) {
  unsigned Id = P->Vars.size();
  z3::expr V = P->C.real_const(("v" + std::to_string(Id)).c_str());
  P->Vars.push_back(V);
  P->Opt.add(V >= toZ3Real(P->C, Lower));
  if (Upper)
    P->Opt.add(V <= toZ3Real(P->C, *Upper));
  return Id;
}

unsigned LinearProgram::addIntegerVariable(int64_t Lower, int64_t Upper) {
  unsigned Id = P->Vars.size();
  z3::expr V = P->C.int_const(("i" + std::to_string(Id)).c_str());
  P->Opt.add(V >= P->C.int_val(Lower));
  P->Opt.add(V <= P->C.int_val(Upper));
  P->Vars.push_back(z3::to_real(V));
  return Id;
}

void LinearProgram::addConstraint(ArrayRef<Term> Row, Sense S, double Rhs) {
  z3::expr L = P->sum(Row);
  z3::expr R = toZ3Real(P->C, Rhs);
  switch (S) {
  case Sense::LessEqual:
    P->Opt.add(L <= R);
    return;
  case Sense::GreaterEqual:
    P->Opt.add(L >= R);
    return;
  case Sense::Equal:
    P->Opt.add(L == R);
    return;
  }
}

void LinearProgram::setObjective(ArrayRef<Term> Row, Goal G) {
  P->Objective = P->sum(Row);
  P->ObjectiveGoal = G;
}

Expected<LinearProgram::Solution> LinearProgram::solve(unsigned TimeoutMs) {
  z3::params Params(P->C);
  if (TimeoutMs)
    Params.set("timeout", TimeoutMs);
  P->Opt.set(Params);
  std::optional<z3::optimize::handle> Handle;
  const bool Maximize = P->ObjectiveGoal == Goal::Maximize;
  if (P->Objective)
    Handle = Maximize ? P->Opt.maximize(*P->Objective)
                      : P->Opt.minimize(*P->Objective);
  Solution S;
  switch (P->Opt.check()) {
  case z3::unsat:
    S.State = Solution::Status::Infeasible;
    return S;
  case z3::unknown:
    return createStringError(
        inconvertibleErrorCode(),
        "the linear program was not solved: Z3 gave up (" +
            std::string(Z3_optimize_get_reason_unknown(P->C, P->Opt)) + ")");
  case z3::sat:
    break;
  }
  // An unbounded objective has an infinite optimum.
  if (Handle && !fromZ3Numeral(Maximize ? P->Opt.upper(*Handle)
                                        : P->Opt.lower(*Handle))) {
    S.State = Solution::Status::Unbounded;
    return S;
  }
  z3::model M = P->Opt.get_model();
  for (const z3::expr &V : P->Vars) {
    std::optional<double> Value = fromZ3Numeral(M.eval(V, true));
    if (!Value)
      return createStringError(inconvertibleErrorCode(),
                               "Z3's optimum of a linear program has a value "
                               "that is not a number: " +
                                   M.eval(V, true).to_string());
    S.Values.push_back(*Value);
  }
  S.State = Solution::Status::Optimal;
  return S;
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
