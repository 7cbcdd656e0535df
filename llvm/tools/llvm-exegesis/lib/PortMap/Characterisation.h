//===-- Characterisation.h - One instruction against the model --*- C++ -*-===//
//
// What -mode=uops will do on a host without per-port counters: an
// instruction X is measured alone, then with each resource's saturating
// kernel, scaled so that the kernel keeps every other resource below the
// saturated one by more than X alone could add (its margin against X's
// cycles). With R the bottleneck, cycles = (the kernel's load on R + X's
// micro-ops confined to R) / throughput(R): X's usage of R is the kernel's
// load times the relative growth of its cycles when X joins it. The usages
// are then fitted together (a small integer program: the least deviation
// from these direct estimates, weighted by how noisy each is, subject to a
// resource inside another never holding more of X's micro-ops, and X alone
// being no faster than its usage allows; a usage is a whole number of
// micro-ops), and what X alone takes beyond every resource is a
// bottleneck of its own.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_CHARACTERISATION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_CHARACTERISATION_H

#include "PortMap/Kernel.h"
#include "PortMap/ResourceModel.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace llvm {
namespace exegesis {
namespace portmap {

/// Cycles per pass through \p XCopies copies of X together with \p Basic (a
/// kernel of the model's basic instructions).
using MeasureWithX = function_ref<Expected<double>(unsigned XCopies,
                                                   ArrayRef<KernelTerm> Basic)>;

struct CharacterisationResult {
  Usage U;
  /// X alone, cycles per instance.
  double AloneCycles = 0;
  /// Per resource: the kernel measured with X, the kernel's load on the
  /// resource and the direct estimate of X's usage.
  SmallVector<Kernel, 8> Kernels;
  SmallVector<double, 8> Loads;
  SmallVector<double, 8> DirectEstimates;
  unsigned NumMeasurements = 0;
  /// The fit's weighted deviation from the direct estimates: large when the
  /// measurements are noisier than the kernels' loads allow to round.
  double Deviation = 0;
};

/// X's usage of each resource of \p Model; an error when a measurement
/// fails or Z3 gives up.
Expected<CharacterisationResult> characterise(const ResourceModel &Model,
                                              MeasureWithX Measure,
                                              double Tolerance);

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
