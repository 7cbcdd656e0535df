//===-- SyntheticCheck.h - Solving a known mapping back ---------*- C++ -*-===//
//
// The proof of the solver that needs no host: a SyntheticMachine's
// candidates are measured as the host characterisation would measure them
// (noisy, if asked), the resource model is inferred, and it is compared with
// the model of the true mapping (resources as member sets and units: the
// ports renamed, and merged where throughput cannot tell them apart). Then
// the machine's other instructions are measured against the inferred model,
// and random held-out mixtures of 2 to 5 instructions, none used in the
// fitting, are predicted by it. The unit tests run a few scenarios; the
// bench program bench/PortMapSynthetic.cpp runs the whole sweep.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_SYNTHETICCHECK_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_SYNTHETICCHECK_H

#include "PortMap/PortMapInference.h"
#include "PortMap/PortMapping.h"
#include "PortMap/ResourceModel.h"
#include "PortMap/SyntheticMachine.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {
namespace portmap {

struct ScenarioOptions {
  /// The measurements' relative noise (a standard deviation).
  double NoiseSigma = 0;
  unsigned Seed = 1;
  /// The solver's tolerance of a measurement against a prediction.
  double Tolerance = 0.06;
  /// Measure the other instructions against the model.
  bool Characterise = true;
  unsigned NumHeldOutMixtures = 200;
};

struct CharacterisedInstr {
  std::string Name;
  Usage U;
  /// Per resource, the true micro-ops confined to it.
  SmallVector<double, 8> TrueMicroOps;
};

struct ScenarioOutcome {
  InferenceResult Inference;
  /// The truth over the basic instructions the inference kept.
  PortMapping Truth;
  ResourceModel TruthModel;
  /// The inferred model has the true resources (members and units).
  bool ModelRecovered = false;
  /// Measurements the inferred mapping does not explain within the
  /// tolerance (reported in the inference's notes).
  unsigned NumUnexplained = 0;
  /// The inferred mapping is the true one, ports renamed.
  bool MappingRecovered = false;
  /// Characterised instructions (the machine's others and one basic one).
  std::vector<CharacterisedInstr> Characterised;
  /// Usages within 0.1 + 5% of the truth, of all usages.
  unsigned UsagesRight = 0, UsagesTotal = 0;
  /// The held-out mixtures: measured and predicted cycles.
  std::vector<double> HeldOutMeasured, HeldOutPredicted;
};

/// Runs one scenario on \p M; an error when the solver gives up.
Expected<ScenarioOutcome> runSyntheticScenario(const SyntheticMachine &M,
                                               const ScenarioOptions &Options);

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
