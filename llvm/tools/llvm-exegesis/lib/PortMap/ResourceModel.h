//===-- ResourceModel.h - What throughput can tell of a core ----*- C++ -*-===//
//
// PALMED's resource model: abstract resources, each with a throughput in
// micro-ops per cycle, each used by a set of basic instructions; a kernel
// takes as many cycles as its most loaded resource needs. It is derived
// from a PortMapping and is the canonical form of what throughput observes:
// every port set that is a union of basic instructions' port sets is a
// candidate resource, and a candidate is kept only when some kernel makes it
// the only bottleneck (a small linear program says so, and gives that kernel,
// the resource's saturating kernel). Two mappings that no measurement can
// tell apart give the same resources, whatever ports they use; a resource is
// never two port sets merged, nor a port set as wide as the dispatch width,
// which bounds every kernel first.
//
// Instructions measured against the model (Characterisation.h) join it as
// usage vectors: micro-ops per instance that must issue within each
// resource, and cycles of a bottleneck of their own that no resource
// explains.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_RESOURCEMODEL_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_RESOURCEMODEL_H

#include "PortMap/Kernel.h"
#include "PortMap/PortMapping.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>

namespace llvm {
namespace exegesis {
namespace portmap {

struct Resource {
  /// R0, R1... in the model's order; "Dispatch" for the dispatch width.
  std::string Name;
  /// The basic instructions whose micro-op must issue within it.
  uint64_t Members = 0;
  /// The solver's ports behind it (an explanation; 0 for dispatch).
  uint32_t Ports = 0;
  /// Ports, or the dispatch width.
  unsigned Units = 0;
  /// Micro-ops per cycle: Units until fitted to the measurements.
  double Throughput = 0;
  bool IsDispatch = false;
  /// The kernel that saturates it, as copies per basic instruction, scaled
  /// so that it needs one cycle of this resource.
  SmallVector<double, 16> Saturating;
  /// How far below this resource's load every other resource stays in the
  /// saturating kernel (a fraction of it).
  double Margin = 0;
};

/// An instruction measured against the model.
struct Usage {
  /// Per resource (the model's order): micro-ops per instance confined to
  /// it.
  SmallVector<double, 16> MicroOps;
  /// Cycles per instance of a bottleneck no resource explains (a
  /// non-pipelined unit, a port no basic instruction uses).
  double OwnCycles = 0;
};

class ResourceModel {
public:
  /// The resources of \p Mapping over its basic instructions; an error when
  /// Z3 gives up on one of the linear programs.
  static Expected<ResourceModel> derive(const PortMapping &Mapping);
  /// A model as it was derived and fitted before (read back from a model
  /// file), over \p NumBasic basic instructions.
  static ResourceModel fromResources(unsigned NumBasic,
                                     ArrayRef<Resource> Resources);

  ArrayRef<Resource> resources() const { return Resources; }
  unsigned getNumBasic() const { return NumBasic; }

  double predictCycles(ArrayRef<KernelTerm> K) const;
  /// Cycles of \p Counts[I] copies of an instruction of usage \p Usages[I].
  double predictCycles(ArrayRef<const Usage *> Usages,
                       ArrayRef<unsigned> Counts) const;
  /// The usage of basic instruction \p B.
  Usage getBasicUsage(unsigned B) const;

  /// Fits each resource's throughput to \p Measured: a linear program of the
  /// least sum of relative deviations, each kernel keeping the bottleneck
  /// the structure gives it.
  Error fitThroughputs(ArrayRef<KernelMeasurement> Measured);

  /// The saturating kernel of resource \p R in whole copies, scaled so that
  /// it needs about \p Cycles cycles of R.
  Kernel getSaturatingKernel(unsigned R, double Cycles) const;

private:
  unsigned NumBasic = 0;
  SmallVector<Resource, 8> Resources;
};

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
