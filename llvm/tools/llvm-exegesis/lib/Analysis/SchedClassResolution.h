//===-- SchedClassResolution.h - Model data for one MCInst ------*- C++ -*-===//
//
// What LLVM's scheduling model predicts for one instruction on one CPU: its
// scheduling class (variant classes resolved with the instruction's actual
// operands, since e.g. `sub %rax, %rax` is a zero idiom and `sub %rax, %rbx`
// is not), latency, micro-ops, reciprocal throughput, the processor
// resources it uses, and how that usage would spread over individual ports
// in the ideal case. Analysis compares measurements against these values;
// everything comes from the public MC API (MCSchedModel, MCSubtargetInfo).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_SCHEDCLASSRESOLUTION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_SCHEDCLASSRESOLUTION_H

#include "Core/Benchmark.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include <optional>
#include <utility>

namespace llvm {
namespace exegesis {

/// Cycles a processor resource is busy for one execution of an instruction.
struct ProcResourceUse {
  unsigned ProcResIdx = 0;
  double Cycles = 0;
};

/// The processor resource of \p SM that a uops measurement key stands for:
/// the resource of that name, or (older files) of that index in decimal.
std::optional<unsigned> findProcResourceOfKey(const MCSchedModel &SM,
                                              StringRef Key);

class ResolvedSchedClass {
public:
  /// No class: for a benchmark without instructions.
  ResolvedSchedClass() = default;

  /// Resolves the scheduling class of \p MI, following variant classes with
  /// the instruction's operands until a concrete class is reached.
  /// \p RegInfo, when given, names the implicit registers of operand-pair
  /// keys (getModelValue).
  static ResolvedSchedClass resolve(const MCSubtargetInfo &STI,
                                    const MCInstrInfo &InstrInfo,
                                    const MCInst &MI,
                                    const MCRegisterInfo *RegInfo = nullptr);

  /// True when the CPU has a per-instruction model and the class resolved
  /// to a valid, non-variant description.
  bool isValid() const { return SCDesc && SCDesc->isValid(); }
  /// True when the instruction's class was a variant class that had to be
  /// resolved with the operands.
  bool wasVariant() const { return WasVariant; }
  unsigned getSchedClassId() const { return SchedClassId; }
  const MCSchedClassDesc *getSchedClassDesc() const { return SCDesc; }
  StringRef getName() const { return Name; }

  int getLatency() const { return Latency; }
  unsigned getNumMicroOps() const { return NumMicroOps; }
  double getReciprocalThroughput() const { return ReciprocalThroughput; }

  /// The resources the model says the instruction uses, without the entries
  /// tablegen adds for every group or super-resource that contains an
  /// already-listed resource (they describe the same cycles again).
  ArrayRef<ProcResourceUse> getWriteProcResources() const {
    return WriteProcResources;
  }
  /// Per-port pressure when every group usage is spread over the group's
  /// ports so that the busiest port is as little busy as possible.
  ArrayRef<ProcResourceUse> getIdealizedPortPressure() const {
    return IdealizedPortPressure;
  }
  StringRef getProcResourceName(unsigned ProcResIdx) const;

  /// The model's value for the measurement \p Key of a benchmark in \p Mode:
  /// `latency`, `inverse_throughput`, `NumMicroOps`, for latency an operand
  /// pair `latency[IN->OUT]` (getOperandPairLatency), or for uops a
  /// processor resource (its idealized pressure; see findProcResourceOfKey).
  /// None when the model has no equivalent.
  std::optional<double> getModelValue(BenchmarkMode Mode, StringRef Key) const;

  /// For a latency benchmark whose snippet is \p MI repeated: the model's
  /// latency of the chains its registers carry from one copy to the next
  /// (the longest of getOperandPairLatency over the inputs that read a
  /// register an output writes) becomes the model's `latency`. A memory
  /// form measured through its register operand waits for the operation
  /// alone, one measured through its address for the load too; the class's
  /// latency, the longest write, counts the load either way. Nothing
  /// changes when no chain is found (or without the RegInfo of resolve).
  void useChainsOf(const MCInst &MI);

  /// The model's latency from input \p In to output \p Out (named as in
  /// Results/OperandPairKey.h): the latency of the write of \p Out, less
  /// the read advance of \p In for that write, as LLVM's MCA computes a
  /// dependency (a load-op form's register operand is read after the load,
  /// its memory operand, the address, at once). None for a name the
  /// instruction does not have, or a stored value (`mem` as output).
  std::optional<double> getOperandPairLatency(StringRef In,
                                              StringRef Out) const;

private:
  void computeWriteProcResources(const MCSubtargetInfo &STI);
  void computeIdealizedPortPressure();

  const MCSubtargetInfo *STI = nullptr;
  const MCInstrDesc *InstrDesc = nullptr;
  const MCRegisterInfo *RegInfo = nullptr;
  const MCSchedModel *SchedModel = nullptr;
  const MCSchedClassDesc *SCDesc = nullptr;
  unsigned SchedClassId = 0;
  bool WasVariant = false;
  std::string Name;
  int Latency = 0;
  /// See useChainsOf.
  std::optional<double> ChainLatency;
  unsigned NumMicroOps = 0;
  double ReciprocalThroughput = 0;
  SmallVector<ProcResourceUse, 8> WriteProcResources;
  SmallVector<ProcResourceUse, 8> IdealizedPortPressure;
};

} // namespace exegesis
} // namespace llvm

#endif
