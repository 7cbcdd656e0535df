//===-- PortMapModelFile.h - The inferred model as a YAML file --*- C++ -*-===//
//
// A host characterisation (-mode=port-map) takes minutes of measurements and
// is made once per host; -mode=uops reads its result many times after. The
// model file holds what both need: the CPU and triple it was measured on,
// the tool and date, the candidate instructions and the basic ones among
// them, the port mapping the solver found (an explanation), the resources
// with their throughputs, members and saturating kernels (what uops mode
// measures against), the notes of what throughput could not tell apart, and
// every measurement taken, so that an interrupted run resumes where it
// stopped (a measured kernel is not measured again). It is written whole
// each time, to a temporary renamed into place (Support/OutputFile.h), so
// an interruption leaves the last complete file.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_PORTMAPMODELFILE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_PORTMAPMODELFILE_H

#include "PortMap/PortMapInference.h"
#include "PortMap/ResourceModel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// The first line's format name; a file of another format is refused.
inline constexpr const char *PortMapModelFormat = "exegesis-port-map-1";

struct PortMapModelFile {
  struct ResourceEntry {
    std::string Name;
    double Throughput = 0;
    unsigned Units = 0;
    /// The solver's ports behind it ("p0,p2"), an explanation.
    std::string Ports;
    bool IsDispatch = false;
    /// The basic instructions confined to it.
    std::vector<std::string> Instructions;
    /// Per basic instruction (the order of Basic), copies in the kernel
    /// that saturates it with one cycle of load.
    std::vector<double> Saturating;
    double Margin = 0;
    /// The scheduling model's ProcResource that matches it, when one does
    /// (SchedModelMatch.h): its key in uops results.
    std::string SchedModelName;
  };
  struct NoteEntry {
    /// not-basic, same-class, unexplained, inseparable-ports,
    /// no-dispatch-bound, unobservable-ports, solver-gave-up, budget-spent.
    std::string Kind;
    std::vector<std::string> Instructions;
    std::string Text;
  };

  std::string Format = PortMapModelFormat;
  std::string Tool;
  /// When the file was written, UTC, ISO 8601.
  std::string Date;
  std::string CpuName;
  std::string Triple;
  /// The inference finished: the model below is its result. Until then
  /// only the measurements are meaningful (a run to resume).
  bool Complete = false;
  /// How the measurements were taken, so that a resumed run can refuse to
  /// mix settings.
  std::string Settings;
  std::vector<std::string> Candidates;
  /// The basic instructions, in the model's order (a resource's members
  /// and a saturating kernel index them).
  std::vector<std::string> Basic;
  /// Per basic instruction, the representative of its class.
  std::vector<std::string> ClassOf;
  unsigned NumPorts = 0;
  /// 0 when no kernel reached it.
  unsigned DispatchWidth = 0;
  /// Per basic instruction, its ports in the solver's mapping.
  std::vector<std::string> PortSets;
  std::vector<ResourceEntry> Resources;
  std::vector<NoteEntry> Notes;
  /// Every kernel measured, as getMixtureKey writes it
  /// (HostCharacterisation.h: "2*A + 1*B"), and its cycles per pass.
  std::map<std::string, double> Measurements;
  unsigned NumDistinguishing = 0;
  bool Identified = false;

  /// The YAML text.
  std::string toYaml() const;
  /// Parses \p Text; errors name \p Where.
  static Expected<PortMapModelFile> fromYaml(StringRef Text, StringRef Where);

  static Expected<PortMapModelFile> read(StringRef Path);
  /// Writes the whole file to a temporary renamed into place.
  Error write(StringRef Path) const;

  /// Fills the model part from an inference over Candidates.
  void setInference(const portmap::InferenceResult &Result);

  /// The resource model to measure against; an error when the file holds
  /// no complete model or its parts disagree.
  Expected<portmap::ResourceModel> getResourceModel() const;

  /// The notes in one line each, for a result's `info`.
  std::string summariseNotes() const;
};

/// The name of a note's kind in the file.
StringRef getNoteKindName(portmap::InferenceNote::Kind K);

} // namespace exegesis
} // namespace llvm

#endif
