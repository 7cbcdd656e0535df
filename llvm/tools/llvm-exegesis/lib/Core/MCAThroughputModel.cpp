//===-- MCAThroughputModel.cpp ----------------------------------*- C++ -*-===//

#include "Core/MCAThroughputModel.h"
#include "Core/LLVMState.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/MCA/Context.h"
#include "llvm/MCA/Pipeline.h"
#include "llvm/MCA/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include <vector>

namespace llvm {
namespace exegesis {

/// Latency MCA gives a call, as llvm-mca does by default (blocks from
/// -snippets-format=hex have none; asm snippets may).
static constexpr unsigned CallLatency = 100;

static Error modelError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

MCAThroughputModel::MCAThroughputModel(const LLVMState &State) : State(State) {}

MCAThroughputModel::~MCAThroughputModel() = default;

Expected<std::unique_ptr<MCAThroughputModel>>
MCAThroughputModel::create(const LLVMState &State) {
  // The targets' custom behaviour for MCA (x86: its instrument manager)
  // registers itself here.
  static bool Initialized = [] {
    InitializeAllTargetMCAs();
    return true;
  }();
  (void)Initialized;
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  if (!STI.getSchedModel().hasInstrSchedModel())
    return modelError("LLVM has no scheduling model for CPU '" +
                      State.getCpuName() + "' to predict with");
  std::unique_ptr<MCAThroughputModel> Model(new MCAThroughputModel(State));
  const Target &T = State.getTarget();
  const MCInstrInfo &MCII = State.getInstrInfo();
  Model->InstrAnalysis.reset(T.createMCInstrAnalysis(&MCII));
  Model->Instruments.reset(T.createInstrumentManager(STI, MCII));
  if (!Model->Instruments)
    Model->Instruments = std::make_unique<mca::InstrumentManager>(STI, MCII);
  Model->PostProcess.reset(T.createInstrPostProcess(STI, MCII));
  if (!Model->PostProcess)
    Model->PostProcess = std::make_unique<mca::InstrPostProcess>(STI, MCII);
  Model->Builder = std::make_unique<mca::InstrBuilder>(
      STI, MCII, State.getRegInfo(), Model->InstrAnalysis.get(),
      *Model->Instruments, CallLatency);
  return Model;
}

Expected<double>
MCAThroughputModel::predictCyclesPerIteration(ArrayRef<MCInst> Instructions,
                                              unsigned Iterations) {
  if (Instructions.empty())
    return modelError("an empty block has no throughput to predict");
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  const MCInstrInfo &MCII = State.getInstrInfo();
  std::vector<std::unique_ptr<mca::Instruction>> Sequence;
  PostProcess->resetState();
  for (const MCInst &Inst : Instructions) {
    SmallVector<std::unique_ptr<mca::Instrument>> Owned =
        Instruments->createInstruments(Inst);
    SmallVector<mca::Instrument *> Active;
    for (const std::unique_ptr<mca::Instrument> &I : Owned)
      Active.push_back(I.get());
    Expected<std::unique_ptr<mca::Instruction>> Lowered =
        Builder->createInstruction(Inst, Active);
    if (!Lowered) {
      std::string Why = toString(Lowered.takeError());
      return modelError("LLVM's scheduling model cannot describe " +
                        State.getOpcodeName(Inst.getOpcode()) + ": " +
                        StringRef(Why).trim());
    }
    PostProcess->postProcessInstruction(**Lowered, Inst);
    Sequence.push_back(std::move(*Lowered));
  }

  mca::CircularSourceMgr Source(Sequence, Iterations);
  std::unique_ptr<mca::CustomBehaviour> Behaviour(
      State.getTarget().createCustomBehaviour(STI, Source, MCII));
  if (!Behaviour)
    Behaviour = std::make_unique<mca::CustomBehaviour>(STI, Source, MCII);
  // llvm-mca's defaults: the scheduling model's widths and queue sizes, no
  // aliasing between loads and stores, no bottleneck analysis.
  mca::PipelineOptions Options(/*UOPQSize=*/0, /*DecThr=*/0, /*DW=*/0,
                               /*RFS=*/0, /*LQS=*/0, /*SQS=*/0,
                               /*NoAlias=*/true);
  mca::Context Context(State.getRegInfo(), STI);
  std::unique_ptr<mca::Pipeline> Pipeline =
      STI.getSchedModel().isOutOfOrder()
          ? Context.createDefaultPipeline(Options, Source, *Behaviour)
          : Context.createInOrderPipeline(Options, Source, *Behaviour);
  Expected<unsigned> Cycles = Pipeline->run();
  if (!Cycles)
    return modelError("LLVM's pipeline simulation failed: " +
                      toString(Cycles.takeError()));
  return static_cast<double>(*Cycles) / Source.getNumIterations();
}

} // namespace exegesis
} // namespace llvm
