//===-- ChildProcess.h - A benchmarking child, held by the tool -*- C++ -*-===//
//
// The plumbing of a child the tool runs code in, whoever forked it (the tool
// or its fork server):
//   - ChildProcess owns the child: every path out of a run, error or not,
//     kills and reaps it, so that no child or zombie is left behind, and an
//     interruption of the tool ends it;
//   - a Watchdog kills it when it runs past the timeout, or, with a count
//     the child advances, when the count stops moving;
//   - waitForChild waits for it under ptrace: a signal about to be delivered
//     is recorded with the instruction it stopped at, and the child is killed
//     rather than let die on its own; signals the terminal or the shell send
//     the tool's process group are not the snippet's doing, and the child
//     goes on without them;
//   - a SharedMapping is memory shared with it (its readings, its result).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_CHILDPROCESS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_CHILDPROCESS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include <condition_variable>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <sys/types.h>
#include <thread>

namespace llvm {
namespace exegesis {

/// "What: " and the cause of \p Errno (describeSystemError), as the tool's
/// error.
Error makeSystemError(const Twine &What, int Errno);

/// Owns a forked child: kills and reaps it unless it was reaped already.
class ChildProcess {
public:
  /// An interruption of the tool kills the child (see Interruption.h).
  explicit ChildProcess(pid_t Pid);
  ChildProcess(const ChildProcess &) = delete;
  ChildProcess &operator=(const ChildProcess &) = delete;
  ~ChildProcess();
  pid_t getPid() const { return Pid; }
  /// Must come before the child is reaped: from then on its pid may be
  /// another process's.
  void prepareToReap();
  void markReaped() { Reaped = true; }

private:
  pid_t Pid;
  bool Reaped = false;
};

/// Kills the child after a timeout; finish() must be called before the
/// child is reaped, so that the kill can never hit a recycled pid. With
/// \p Progress (a count the child advances), the timeout starts again
/// whenever the count has moved: the child is killed between one and two
/// timeouts after it last advanced it.
class Watchdog {
public:
  Watchdog(pid_t Pid, double Seconds, const uint64_t *Progress = nullptr);
  ~Watchdog() { finish(); }

  void finish();
  bool fired();

private:
  void watch(pid_t Pid, double Seconds, const uint64_t *Progress);

  std::mutex Mutex;
  std::condition_variable Done;
  bool Finished = false;
  bool Fired = false;
  std::thread Thread;
};

/// How the child ended, as seen through wait and ptrace.
struct ChildOutcome {
  bool Exited = false;
  int ExitCode = 0;
  /// The signal that stopped the child (then killed by us), if any.
  int Signal = 0;
  siginfo_t SignalInfo = {};
  bool HaveInstructionPointer = false;
  uintptr_t InstructionPointer = 0;
  bool TimedOut = false;
};

/// Waits for \p Child, which the caller has attached to with PTRACE_SEIZE,
/// to end, and reaps it; \p Dog is finished before.
Expected<ChildOutcome> waitForChild(ChildProcess &Child, Watchdog &Dog);

/// A shared anonymous mapping unmapped on scope exit.
class SharedMapping {
public:
  /// At least \p Size bytes, whole pages; only the pages written are ever
  /// backed.
  static Expected<SharedMapping> create(size_t Size, size_t PageSize);
  SharedMapping(SharedMapping &&Other);
  SharedMapping(const SharedMapping &) = delete;
  SharedMapping &operator=(const SharedMapping &) = delete;
  ~SharedMapping();
  void *get() const { return Address; }

private:
  SharedMapping(void *Address, size_t Size) : Address(Address), Size(Size) {}

  void *Address;
  size_t Size;
};

} // namespace exegesis
} // namespace llvm

#endif
