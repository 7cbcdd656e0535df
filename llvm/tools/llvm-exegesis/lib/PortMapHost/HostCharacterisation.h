//===-- HostCharacterisation.h - The host's port-map model ------*- C++ -*-===//
//
// -mode=port-map: the candidate basic instructions are measured alone and in
// mixtures as the solver asks (PortMap/PortMapInference.h), and the model it
// infers is written to the model file (PortMapModelFile.h). The run takes
// minutes, so it shows its progress and survives interruption: every
// measurement is saved in the file as it is taken (the whole file, renamed
// into place), and a run that finds the file of an earlier one takes the
// kernels measured there from it instead of measuring them again. The
// inference asks for kernels in an order fixed by the answers it got, so the
// resumed run asks the same ones and carries on where the first stopped.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_HOSTCHARACTERISATION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_HOSTCHARACTERISATION_H

#include "PortMap/PortMapInference.h"
#include "PortMapHost/PortMapModelFile.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The file a run continues: \p Previous (the file found, if any) when it was
/// measured on the same CPU and triple with the same settings, its
/// measurements kept and its model marked unfinished; a new file otherwise.
/// An error when \p Previous was measured elsewhere or otherwise, naming
/// \p Path.
Expected<PortMapModelFile>
startOrResume(std::optional<PortMapModelFile> Previous, StringRef Path,
              StringRef CpuName, StringRef Triple, StringRef Settings,
              ArrayRef<std::string> Candidates);

/// The solver's measuring callback over a model file: a kernel found in the
/// file is answered from it, any other one is measured, added and saved.
class MeasurementLog {
public:
  using Measure = function_ref<Expected<double>(ArrayRef<portmap::KernelTerm>)>;
  using Save = function_ref<Error()>;
  /// \p Progress gets a line now and then; nullptr for none.
  MeasurementLog(PortMapModelFile &File, Measure M, Save S,
                 raw_ostream *Progress, unsigned ExpectedKernels);

  Expected<double> operator()(ArrayRef<portmap::KernelTerm> K);

  unsigned getNumFromFile() const { return NumFromFile; }
  unsigned getNumMeasured() const { return NumMeasured; }

private:
  void printProgress(bool Last);

  PortMapModelFile &File;
  Measure M;
  Save S;
  raw_ostream *Progress;
  unsigned ExpectedKernels;
  unsigned NumFromFile = 0;
  unsigned NumMeasured = 0;
  std::chrono::steady_clock::time_point Start;
};

/// The key of \p K in a model file's measurements: "2*A + 1*B", the
/// names of \p Names in alphabetical order, so that a resumed run finds a
/// kernel whatever order its candidates come in.
std::string getMixtureKey(ArrayRef<portmap::KernelTerm> K,
                          ArrayRef<std::string> Names);

/// Kernels of singles and pairs the inference of \p NumCandidates takes
/// before its distinguishing triples.
unsigned getNumSinglesAndPairs(unsigned NumCandidates);

/// Runs the inference over \p File's candidates with \p Log, and puts the
/// model into \p File (not saved).
Error inferIntoFile(PortMapModelFile &File, MeasurementLog &Log,
                    const portmap::InferenceOptions &Options);

/// Names each resource of \p File's model after the scheduling model's
/// ProcResource that matches it (SchedModelMatch.h), where one does: its key
/// in uops results. Nothing changes for a CPU without a scheduling model.
Error nameResourcesAfterSchedModel(const LLVMState &State,
                                   PortMapModelFile &File);

/// "exegesis 1.2 (LLVM 22.1.8)" and the UTC time now, ISO 8601.
std::string getToolVersion();
std::string getDateNow();

} // namespace exegesis
} // namespace llvm

#endif
