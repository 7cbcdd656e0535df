//===-- BasicCandidates.h - Candidate basic instructions --------*- C++ -*-===//
//
// The host characterisation measures candidate basic instructions alone and
// in pairs, so their number decides its time (n + n(n-1)/2 kernels) and
// their variety what it can see. A candidate is what the method can use as a
// basic instruction and what a mixture can hold without dependencies:
//   - one micro-op that holds no resource longer than a cycle, per LLVM's
//     scheduling model (the solver checks it again from the measurement);
//   - no memory, no control flow, no side effects the model does not know,
//     no implicit register read, no register move the renamer may
//     eliminate, and no def that depends on the register it writes (tied
//     or merging into a wider register), so that copies need no distinct
//     registers and any number of them share one snippet;
//   - executable here: the host's answer (the sweep's probe), not a list;
//   - one per scheduling class, the classes ordered so that every distinct
//     set of the model's resources comes first, before a second class of a
//     set already chosen: the few candidates spread over the core.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_BASICCANDIDATES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_BASICCANDIDATES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MCInst;
namespace exegesis {

class InstructionAvailability;
class LLVMState;
class SnippetGenerator;

/// An opcode that may be a basic instruction, before the host is asked.
struct BasicCandidate {
  unsigned Opcode = 0;
  unsigned SchedClass = 0;
  /// The scheduling model's resources it uses, as a sorted list of
  /// indices: candidates are spread over distinct sets first.
  std::vector<unsigned> Resources;
};

/// Every opcode of \p State's target that passes the static rules, in the
/// order of preference (see the file comment); an error when the CPU has no
/// scheduling model to tell micro-ops from.
Expected<std::vector<BasicCandidate>>
getBasicCandidates(const LLVMState &State, SnippetGenerator &Generator);

/// Why \p Opcode is no candidate, or nullopt when it is one (the static
/// rules only).
std::optional<std::string> whyNotBasicCandidate(const LLVMState &State,
                                                SnippetGenerator &Generator,
                                                unsigned Opcode);

/// At most \p Max of \p Eligible, one per scheduling class, the first of
/// each class whose instruction (\p Instance makes it) \p Host can run.
std::vector<unsigned> chooseBasicCandidates(
    ArrayRef<BasicCandidate> Eligible, InstructionAvailability &Host,
    function_ref<std::optional<MCInst>(unsigned)> Instance, unsigned Max);

} // namespace exegesis
} // namespace llvm

#endif
