//===-- StructureSolver.h - Port sets that explain measurements -*- C++ -*-===//
//
// Finds a PortMapping (which ports each basic instruction may use, and the
// dispatch width) under which the predicted cycles of the measured kernels
// lie within a relative tolerance of the measured ones. The search is
// combinatorial; Z3 does it as a weighted MaxSAT problem over booleans
// x[b][p], "instruction b may use port p":
//
// - a kernel's prediction is the largest of the terms (copies of a subset A
//   of its instructions) / |union of A's port sets|, and sum / W. "Within
//   [lo, hi]" is: every term <= hi, which bounds each union's size from
//   below, and some term >= lo, which bounds one union's size from above:
//   cardinality constraints and one disjunction per kernel; the dispatch
//   width is a unary-coded integer.
// - each kernel's constraint is soft: a measurement no mapping explains
//   (noise, an effect outside the model) costs its weight instead of making
//   the problem infeasible, and is reported.
// - among the mappings that explain the most, the fewest ports win, and an
//   unbounded dispatch width is preferred to a guessed one.
// - port renaming is broken by keeping the ports' columns in decreasing
//   lexicographic order, which makes a solution canonical.
//
// findDistinguishing() asks whether a second mapping, as good on the
// measurements and with no more ports, predicts one of a set of unmeasured
// kernels differently: the kernel to measure next (counterexample-guided,
// as Ritter and Hack choose their experiments).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_STRUCTURESOLVER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_STRUCTURESOLVER_H

#include "PortMap/Kernel.h"
#include "PortMap/PortMapping.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <optional>

namespace llvm {
namespace exegesis {
namespace portmap {

struct StructureOptions {
  /// Relative tolerance of a measurement against a prediction.
  double Tolerance = 0.06;
  /// The most ports a mapping may use (at most MaxPorts).
  unsigned MaxPorts = 16;
  /// The largest finite dispatch width considered.
  unsigned MaxDispatchWidth = 16;
  /// Z3's time limit per query, in milliseconds.
  unsigned TimeoutMs = 120000;
};

struct StructureSolution {
  PortMapping Mapping;
  /// Indices of the measurements the mapping does not explain.
  SmallVector<unsigned, 4> Unexplained;
};

/// The best mapping of \p NumBasic instructions for \p Measured; an error
/// only when Z3 gives up (the time limit).
Expected<StructureSolution> solveStructure(unsigned NumBasic,
                                           ArrayRef<KernelMeasurement> Measured,
                                           const StructureOptions &Options);

struct Distinction {
  PortMapping Alternative;
  /// The candidate on which the two mappings differ most.
  unsigned CandidateIndex = 0;
};

/// A mapping that explains every measurement \p Best explains, with no more
/// ports than \p Best, and predicts some kernel of \p Candidates more than
/// the tolerance away from \p Best's prediction; none when there is no such
/// mapping; an error when Z3 gives up.
Expected<std::optional<Distinction>>
findDistinguishing(unsigned NumBasic, ArrayRef<KernelMeasurement> Measured,
                   const StructureSolution &Best, ArrayRef<Kernel> Candidates,
                   const StructureOptions &Options);

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
