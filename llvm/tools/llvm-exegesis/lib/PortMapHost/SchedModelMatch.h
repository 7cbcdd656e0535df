//===-- SchedModelMatch.h - The inferred model beside LLVM's ----*- C++ -*-===//
//
// The resources inferred from throughput (PortMap/ResourceModel.h) are
// anonymous; LLVM's scheduling model of the same CPU names its own
// (ProcResources: units such as Zn4ALU0 and groups such as Zn4ALU0123).
// Where the two describe the same thing, uops results should use LLVM's
// name, so that they read like upstream's; where they do not, the
// difference is the finding, and it is said, never papered over.
//
// The comparison is made in the one currency both share: which basic
// instructions use a resource, and how many units it has. An inferred
// resource matches a ProcResource when the basic instructions confined to
// it are exactly those whose scheduling class holds that ProcResource and
// the unit counts agree. TableGen lists, for an instruction that writes a
// unit, every group holding that unit too (with the same cycles), so
// "whose class holds P" is already "whose micro-ops are confined to P", the
// inferred model's sense of membership.
//
// For one instruction, its inferred usage of each resource (micro-ops per
// instance confined to it) is then set beside the cycles its scheduling
// class holds the counterpart ProcResource (the one with the same basic
// instructions, whether or not its unit count agrees), and the dispatch
// resource beside the class's micro-op count: the two agree, differ (and
// how), or cannot be compared.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_SCHEDMODELMATCH_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_SCHEDMODELMATCH_H

#include "PortMap/ResourceModel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

namespace portmap {

/// One ProcResource of a scheduling model.
struct SchedResource {
  std::string Name;
  /// Units of the resource, or of a group's sub-units together.
  unsigned Units = 0;
  bool IsGroup = false;
  /// A group's sub-units (ProcResource indices); a unit holds itself.
  SmallVector<unsigned, 4> SubUnits;
};

/// A CPU's scheduling model, reduced to its resources.
struct SchedResources {
  /// "znver5".
  std::string CpuName;
  /// By ProcResource index; index 0 is LLVM's invalid resource, unnamed.
  std::vector<SchedResource> Resources;
  /// Micro-ops the model dispatches per cycle.
  unsigned IssueWidth = 0;
};

/// What the scheduling model says one instruction holds.
struct SchedUsage {
  /// False when the model has no valid class for it (it then holds
  /// nothing): LLVM cannot describe it.
  bool Known = false;
  std::string ClassName;
  unsigned NumMicroOps = 0;
  /// Cycles each ProcResource is held, by ProcResource index (0 when not).
  SmallVector<double, 32> Cycles;
};

/// The resources of \p State's CPU; an error when it has no scheduling
/// model.
Expected<SchedResources> getSchedResources(const LLVMState &State);

/// The scheduling class of \p Inst (variants resolved on \p Inst) and what
/// it holds.
SchedUsage getSchedUsage(const LLVMState &State, const MCInst &Inst);

/// One inferred resource beside the scheduling model.
struct ResourceMatch {
  /// The ProcResource's name when one matches; otherwise the inferred
  /// resource's own.
  std::string Name;
  /// The ProcResource index that matches: same basic instructions, same
  /// units; 0 when none does.
  unsigned ProcResource = 0;
  /// The ProcResource used by exactly the same basic instructions, whether
  /// or not its units agree (the one usages are compared on); 0 when none.
  unsigned Counterpart = 0;
  /// Further ProcResources that match as well as ProcResource (the model
  /// has several names for one thing); the first by index is chosen.
  SmallVector<unsigned, 2> Alternatives;
  /// One line: why it matches, or how the closest ProcResource differs.
  std::string Explanation;
};

/// Matches every resource of \p Model (in its order) to \p Sched, with
/// \p BasicUsages[B] and \p BasicNames[B] the scheduling model's view and
/// the name of the model's basic instruction B. The dispatch resource
/// matches no ProcResource; its explanation gives the model's issue width.
std::vector<ResourceMatch> matchResources(const ResourceModel &Model,
                                          const SchedResources &Sched,
                                          ArrayRef<SchedUsage> BasicUsages,
                                          ArrayRef<std::string> BasicNames);

/// One instruction's inferred usage beside its scheduling class.
struct UsageAgreement {
  enum class Verdict { Agrees, Differs, NotComparable };
  Verdict V = Verdict::NotComparable;
  /// Per resource of the model: the inferred micro-ops, and the cycles the
  /// class holds the counterpart (the micro-op count for the dispatch
  /// resource); NaN where the resource has no counterpart.
  SmallVector<double, 8> Inferred;
  SmallVector<double, 8> Modelled;
  /// Where they differ ("Zn4ALU0123: inferred 2, model 1"), where they
  /// agree on a use ("Zn4ALU1: 1 in both"), then what cannot be compared:
  /// resources it uses that have no counterpart, ProcResources its class
  /// holds that no inferred resource covers (one name for groups of the
  /// same units, none for a group held only because a unit inside it is),
  /// a bottleneck of its own; "; " between items.
  std::string Text;
};

/// \p Inferred (X's usage of \p Model's resources) beside \p Modelled
/// (X's scheduling class): they differ when, on a resource with a
/// counterpart (or on the micro-op count, for the dispatch resource), the
/// two are \p Tolerance micro-ops apart or more; they agree when they do
/// not differ and both use at least one such resource; otherwise (the model
/// does not know X, or nothing used has a counterpart) they cannot be
/// compared.
UsageAgreement compareUsage(const ResourceModel &Model,
                            ArrayRef<ResourceMatch> Matches,
                            const SchedResources &Sched, const Usage &Inferred,
                            const SchedUsage &Modelled, double Tolerance = 0.5);

/// "agrees", "differs", "not comparable".
StringRef getVerdictName(UsageAgreement::Verdict V);

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
