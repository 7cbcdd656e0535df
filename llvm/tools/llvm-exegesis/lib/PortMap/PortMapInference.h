//===-- PortMapInference.h - From measurements to a resource model -*- C++ -*-//
//
// The host characterisation's solving, given a way to measure kernels of
// candidate basic instructions:
//   1. each candidate alone: its inverse throughput t must be 1/k for a
//      whole k (one pipelined micro-op on k ports) within a tolerance, or it
//      is no basic instruction;
//   2. every pair at the balanced ratio k_a : k_b (each alone would take
//      the same time), which shows how many ports the two share;
//   3. candidates that behave the same alone, together and with every other
//      one form a class, and one representative per class goes on;
//   4. the structure solver explains the singles and pairs; then, as long
//      as a second mapping explains them as well and predicts an unmeasured
//      balanced triple differently, that triple is measured and the solver
//      runs again (a bounded number of times);
//   5. the resource model is derived and its throughputs fitted.
// What throughput could not decide is said in notes, never guessed: twins
// (one class), ports that act as one resource, the dispatch width when no
// kernel reached it, port sets that no kernel can saturate, measurements
// the model does not explain.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_PORTMAPINFERENCE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_PORTMAPINFERENCE_H

#include "PortMap/Kernel.h"
#include "PortMap/PortMapping.h"
#include "PortMap/ResourceModel.h"
#include "PortMap/StructureSolver.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {
namespace portmap {

struct InferenceOptions {
  StructureOptions Structure;
  /// Triples measured to tell mappings apart, at most.
  unsigned MaxDistinguishingKernels = 60;
  /// Candidates whose k*t is further than this from 1 are not pipelined.
  double PipelinedTolerance = 0.08;
};

/// Something the inference could not decide, or decided to leave out.
struct InferenceNote {
  enum class Kind {
    /// A candidate is not one pipelined micro-op: no basic instruction.
    NotBasic,
    /// A candidate behaves as an earlier one in every measurement: one class.
    SameClass,
    /// A measurement that no mapping within the tolerance explains.
    Unexplained,
    /// Ports used by the same basic instructions: one resource of several
    /// units, which throughput cannot split.
    InseparablePorts,
    /// No kernel was bounded by the dispatch width: it is not in the model.
    NoDispatchBound,
    /// A basic instruction's port set is no resource of its own (another
    /// resource or the dispatch width bounds it first): which ports it uses
    /// is not observable.
    UnobservablePorts,
    /// Z3 gave up looking for a second mapping: the mapping may not be
    /// the only one that explains the measurements.
    SolverGaveUp,
    /// The budget of distinguishing triples was spent.
    BudgetSpent,
  };
  Kind K;
  /// The candidates it is about (indices into the candidate names).
  SmallVector<unsigned, 4> Candidates;
  std::string Text;
};

struct InferenceResult {
  /// Candidates kept as basic instructions (indices into the candidates).
  SmallVector<unsigned, 16> Basic;
  /// Per basic instruction, its class representative (an index into Basic).
  SmallVector<unsigned, 16> ClassOf;
  /// The mapping over the basic instructions (a class shares its ports).
  PortMapping Mapping;
  ResourceModel Model;
  /// Every measurement, over indices into Basic.
  std::vector<KernelMeasurement> Measured;
  unsigned NumMeasurements = 0;
  unsigned NumDistinguishing = 0;
  /// The last search found no second mapping that predicts differently.
  bool Identified = false;
  std::vector<InferenceNote> Notes;

  /// How many notes of kind \p K there are.
  unsigned countNotes(InferenceNote::Kind K) const;
};

/// Measures a kernel over candidate indices: cycles per pass.
using MeasureKernel = function_ref<Expected<double>(ArrayRef<KernelTerm>)>;

/// Infers the resource model of \p CandidateNames (at most MaxInstructions)
/// from \p Measure; an error when a measurement fails or the structure
/// search gives up.
Expected<InferenceResult>
inferResourceModel(ArrayRef<std::string> CandidateNames, MeasureKernel Measure,
                   const InferenceOptions &Options);

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
