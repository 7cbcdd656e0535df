//===-- Analysis/LogAxis.h - A logarithmic chart axis -----------*- C++ -*-===//
//
// The axis of the analysis page's charts. A sweep's values run from a
// fraction of a cycle to thousands, so the charts are on a log scale: from a
// power of ten to a power of ten that holds the positive values the axis is
// given, with lines at the powers of ten and at 2 and 5 times them.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_LOGAXIS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_LOGAXIS_H

#include <cmath>
#include <vector>

namespace llvm {
namespace exegesis {

/// A logarithmic axis from a power of ten to a power of ten that holds the
/// positive values it is given; values of zero or less sit at its start.
class LogAxis {
public:
  void include(double Value);
  /// Where \p Value lies, from 0 (start) to 1 (end).
  double position(double Value) const;
  /// The values to draw lines at, and whether each is labelled: powers of
  /// ten, and 2 and 5 times them (labelled when the axis spans three
  /// decades or fewer).
  struct Tick {
    double Value;
    bool Decade;
    bool Labelled;
  };
  std::vector<Tick> getTicks() const;

private:
  bool empty() const { return !(Min <= Max); }
  int lowExponent() const;
  int highExponent() const;
  double Min = INFINITY, Max = -INFINITY;
};

} // namespace exegesis
} // namespace llvm

#endif
