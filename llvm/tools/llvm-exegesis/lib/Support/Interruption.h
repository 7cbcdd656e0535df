//===-- Interruption.h - SIGINT, SIGTERM, SIGHUP end a run ------*- C++ -*-===//
//
// A run that is interrupted (Ctrl-C, `timeout`, a closed terminal) must keep
// what it measured: the tool stops the benchmark in flight, writes nothing
// more, says how far it got and exits with 128 + the signal number. This is
// the signal side of that: an async-signal-safe handler that records the
// first signal, and the two hooks through which it stops a benchmark at once
// instead of after it ends by itself (which may be never, for a hung
// snippet):
//
//  - a benchmarking subprocess registered here is killed by the handler
//    itself, so a parent blocked waiting for it wakes up with no wakeup to
//    lose; the registration is withdrawn before the child is reaped, so the
//    kill never hits a recycled pid.
//  - an in-process hook (one plain function) is called by the handler, so
//    that snippet code running in the tool can be left the way a timeout
//    leaves it.
//
// The handler only does its work on the thread that installed it (the one
// that runs benchmarks): delivered to another thread (the subprocess
// watchdog's), it forwards the signal there; in a forked child, which
// inherits it, it does nothing (the child is the tool's to end).
//
// One request to stop often arrives as two signals: `timeout` and service
// managers signal the tool and then its process group, a few microseconds
// apart. So a signal that comes within SameRequestSeconds of the first is
// part of the same request; only a later one (the user asking again) ends
// the tool at once with the default action: a user can always get out.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_INTERRUPTION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_INTERRUPTION_H

#include <sys/types.h>

namespace llvm {
namespace exegesis {

/// Signals less than this long after the first are the same request.
constexpr double SameRequestSeconds = 1.0;

/// Installs the handler for SIGINT, SIGTERM and SIGHUP, replacing LLVM's
/// (which would remove files and end the tool), on the calling thread.
void installInterruptionHandler();

/// The first interrupting signal received, 0 if none.
int getInterruptionSignal();
inline bool isInterrupted() { return getInterruptionSignal() != 0; }

/// True for the signals that interrupt a run.
bool isInterruptionSignal(int Signal);

/// Registers \p Pid as the benchmarking subprocess to kill on interruption;
/// kills it at once when the run is already interrupted. Call
/// withdrawInterruptionVictim() before reaping it.
void setInterruptionVictim(pid_t Pid);
void withdrawInterruptionVictim();

/// \p Hook (or nullptr) is called by the handler, after the signal is
/// recorded; it must be async-signal-safe.
void setInterruptionHook(void (*Hook)());

/// Forgets the recorded signal (for unit tests that interrupt on purpose).
void resetInterruptionForTesting();

/// Replaces the handler's clock (monotonic nanoseconds; nullptr restores
/// CLOCK_MONOTONIC), so that tests can place a second signal in time
/// without waiting. \p Clock must be async-signal-safe.
void setInterruptionClockForTesting(long long (*Clock)());

} // namespace exegesis
} // namespace llvm

#endif
