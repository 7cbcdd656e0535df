//===-- ExitCleanup.h - Helper processes end before the tool ----*- C++ -*-===//
//
// The tool ends its helper processes (the fork server, the instruction
// probe's child) in their owners' destructors, which a normal end runs. An
// error (ExitOnErr) or an interruption ends the tool with std::exit from
// wherever it is, and no destructor of the objects on the stack runs: the
// helpers then died by PR_SET_PDEATHSIG after the tool and stayed zombies
// of init, three after each interrupted subprocess sweep (in a container
// whose first process does not reap, for good). Their owners register here
// while they have a helper; std::exit runs the registered ends, newest
// first, in the process that registered them (never in a forked child that
// inherited the list).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_EXITCLEANUP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_EXITCLEANUP_H

namespace llvm {
namespace exegesis {

/// Ends \p Owner's helper process; called at most once, at exit.
using ExitCleanupAction = void (*)(void *Owner);

/// Has std::exit call \p Action with \p Owner until removeExitCleanup.
void addExitCleanup(ExitCleanupAction Action, void *Owner);
/// Withdraws \p Owner's registration (no effect when there is none).
void removeExitCleanup(void *Owner);

} // namespace exegesis
} // namespace llvm

#endif
