//===-- LinearProgram.h - A small linear program, solved exactly -*- C++
//-*-===//
//
// The continuous steps of the port-map inference (whether a resource can
// ever be a kernel's only bottleneck and the kernel that saturates it, an
// instruction's usage of each resource, the resources' effective
// throughputs) are small linear programs, one with whole-number variables.
// Z3's optimizer solves them in exact rational arithmetic, so that
// "dominated" and "not dominated" are never a rounding question, and the
// tool needs no second solver beside the one the structure search uses.
// Variables are bounded below (by 0 unless told otherwise).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_LINEARPROGRAM_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_LINEARPROGRAM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <memory>
#include <optional>

namespace llvm {
namespace exegesis {
namespace portmap {

class LinearProgram {
public:
  enum class Sense { LessEqual, GreaterEqual, Equal };
  enum class Goal { Minimize, Maximize };
  /// Coefficient times variable Var.
  struct Term {
    unsigned Var;
    double Coefficient;
  };

  struct Solution {
    enum class Status { Optimal, Infeasible, Unbounded };
    Status State = Status::Infeasible;
    /// Per variable, its optimal value (when Optimal).
    SmallVector<double, 16> Values;
    bool isOptimal() const { return State == Status::Optimal; }
  };

  LinearProgram();
  ~LinearProgram();
  LinearProgram(const LinearProgram &) = delete;
  LinearProgram &operator=(const LinearProgram &) = delete;

  /// A real variable in [Lower, Upper] (no upper bound when none is given).
  unsigned addVariable(double Lower = 0,
                       std::optional<double> Upper = std::nullopt);
  /// A whole-number variable in [Lower, Upper] (the program becomes a small
  /// integer program). The upper bound is not optional: Z3 4.8.12's
  /// optimizer returns optima far from the true one for programs with
  /// unbounded whole-number variables (196 of 200 random roundings wrong,
  /// none once bounded; LinearProgramTest.WholeNumbersRoundMeasuredValues).
  unsigned addIntegerVariable(int64_t Lower, int64_t Upper);
  void addConstraint(ArrayRef<Term> Row, Sense S, double Rhs);
  void setObjective(ArrayRef<Term> Row, Goal G);

  /// The optimum, or that there is none. An error only when Z3 gives up
  /// (the time limit, 0 for none, or a resource limit of its own).
  Expected<Solution> solve(unsigned TimeoutMs = 0);

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
