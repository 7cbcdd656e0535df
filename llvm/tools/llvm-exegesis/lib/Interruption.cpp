//===-- Interruption.cpp ----------------------------------------*- C++ -*-===//

#include "Interruption.h"
#include <atomic>
#include <cerrno>
#include <csignal>
#include <sys/syscall.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

namespace {

constexpr int InterruptionSignals[] = {SIGINT, SIGTERM, SIGHUP};

std::atomic<int> ReceivedSignal{0};
std::atomic<pid_t> Victim{0};
std::atomic<void (*)()> Hook{nullptr};
/// The thread that runs benchmarks (and installed the handler).
std::atomic<pid_t> BenchmarkingThread{0};

static_assert(std::atomic<int>::is_always_lock_free &&
                  std::atomic<pid_t>::is_always_lock_free &&
                  std::atomic<void (*)()>::is_always_lock_free,
              "the handler may only use lock-free atomics");

pid_t currentThreadId() { return static_cast<pid_t>(syscall(SYS_gettid)); }

void onInterruption(int Signal) {
  int SavedErrno = errno;
  pid_t Target = BenchmarkingThread.load();
  if (Target != 0 && currentThreadId() != Target) {
    // A process-directed signal may land on any thread; only the
    // benchmarking thread can jump out of a snippet or races nothing when it
    // kills the child.
    syscall(SYS_tgkill, getpid(), Target, Signal);
    errno = SavedErrno;
    return;
  }
  int Expected = 0;
  if (!ReceivedSignal.compare_exchange_strong(Expected, Signal)) {
    // Asked twice: stop now.
    signal(Signal, SIG_DFL);
    raise(Signal);
    errno = SavedErrno;
    return;
  }
  if (pid_t Pid = Victim.load())
    kill(Pid, SIGKILL);
  if (void (*Callback)() = Hook.load())
    Callback();
  errno = SavedErrno;
}

} // namespace

void installInterruptionHandler() {
  BenchmarkingThread = currentThreadId();
  struct sigaction Action = {};
  Action.sa_handler = onInterruption;
  // The in-process hook may jump out of the handler (through crash
  // recovery), never returning to unblock the signal.
  Action.sa_flags = SA_RESTART | SA_NODEFER;
  sigemptyset(&Action.sa_mask);
  for (int Signal : InterruptionSignals)
    sigaction(Signal, &Action, nullptr);
}

int getInterruptionSignal() { return ReceivedSignal.load(); }

bool isInterruptionSignal(int Signal) {
  for (int S : InterruptionSignals)
    if (S == Signal)
      return true;
  return false;
}

void setInterruptionVictim(pid_t Pid) {
  Victim = Pid;
  // The signal may have come before the child existed.
  if (isInterrupted())
    kill(Pid, SIGKILL);
}

void withdrawInterruptionVictim() { Victim = 0; }

void setInterruptionHook(void (*NewHook)()) { Hook = NewHook; }

void resetInterruptionForTesting() { ReceivedSignal = 0; }

} // namespace exegesis
} // namespace llvm
