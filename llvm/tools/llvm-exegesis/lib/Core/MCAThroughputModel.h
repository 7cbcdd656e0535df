//===-- MCAThroughputModel.h - What LLVM's model says a block costs -*-C++-*-=//
//
// The people who measure basic blocks (BHive, Ithemal, uiCA, llvm-mca's own
// developers) do it to judge a performance model: the measured throughput
// of each block next to what the model predicts. This is the prediction of
// LLVM's own model: the block's instructions run through LLVM's MCA library
// (the pipeline simulation llvm-mca is built on) for the CPU of an
// LLVMState, with llvm-mca's defaults (100 iterations, the scheduling
// model's dispatch width and queues, no aliasing between memory accesses,
// the target's custom behaviour where it registers one). The result is in
// the unit of an inverse_throughput measurement's per_snippet_value:
// core cycles per iteration of the block (total simulated cycles over the
// iterations).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_MCATHROUGHPUTMODEL_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_MCATHROUGHPUTMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MCA/CustomBehaviour.h"
#include "llvm/MCA/InstrBuilder.h"
#include "llvm/Support/Error.h"
#include <memory>

namespace llvm {
namespace exegesis {

class LLVMState;

class MCAThroughputModel {
public:
  /// llvm-mca's default number of iterations.
  static constexpr unsigned DefaultIterations = 100;

  /// Fails when the CPU of \p State has no scheduling model to simulate.
  /// \p State must outlive the model.
  static Expected<std::unique_ptr<MCAThroughputModel>>
  create(const LLVMState &State);
  ~MCAThroughputModel();

  /// Core cycles per iteration of \p Instructions in a loop, as MCA
  /// simulates \p Iterations of them. Fails on an empty block and on an
  /// instruction the model cannot describe, naming it.
  Expected<double>
  predictCyclesPerIteration(ArrayRef<MCInst> Instructions,
                            unsigned Iterations = DefaultIterations);

private:
  explicit MCAThroughputModel(const LLVMState &State);

  const LLVMState &State;
  std::unique_ptr<MCInstrAnalysis> InstrAnalysis;
  std::unique_ptr<mca::InstrumentManager> Instruments;
  std::unique_ptr<mca::InstrPostProcess> PostProcess;
  /// Caches what it learnt of each opcode from one block to the next.
  std::unique_ptr<mca::InstrBuilder> Builder;
};

} // namespace exegesis
} // namespace llvm

#endif
