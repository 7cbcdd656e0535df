//===-- Interruption.cpp ----------------------------------------*- C++ -*-===//

#include "Support/Interruption.h"
#include <atomic>
#include <cerrno>
#include <csignal>
#include <ctime>
#include <sys/syscall.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

namespace {

constexpr int InterruptionSignals[] = {SIGINT, SIGTERM, SIGHUP};

using ClockFunction = long long (*)();

constexpr long long NanosecondsPerSecond = 1000000000;

long long readMonotonicClock() {
  // clock_gettime is async-signal-safe (POSIX.1-2008).
  timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return Now.tv_sec * NanosecondsPerSecond + Now.tv_nsec;
}

std::atomic<int> ReceivedSignal{0};
/// When the first signal came, on Clock; 0 until it is stored (a signal
/// seen then is one that came at once).
std::atomic<long long> FirstSignalTime{0};
std::atomic<ClockFunction> Clock{readMonotonicClock};
std::atomic<pid_t> Victim{0};
std::atomic<void (*)()> Hook{nullptr};
/// The process and thread that run benchmarks (and installed the handler).
std::atomic<pid_t> BenchmarkingProcess{0};
std::atomic<pid_t> BenchmarkingThread{0};

static_assert(std::atomic<int>::is_always_lock_free &&
                  std::atomic<long long>::is_always_lock_free &&
                  std::atomic<pid_t>::is_always_lock_free &&
                  std::atomic<ClockFunction>::is_always_lock_free &&
                  std::atomic<void (*)()>::is_always_lock_free,
              "the handler may only use lock-free atomics");

pid_t currentThreadId() { return static_cast<pid_t>(syscall(SYS_gettid)); }

/// Ends the process with \p Signal's default action.
void dieOf(int Signal) {
  struct sigaction Default = {};
  Default.sa_handler = SIG_DFL;
  sigemptyset(&Default.sa_mask);
  sigaction(Signal, &Default, nullptr);
  raise(Signal);
}

/// A signal after the first: the same request delivered twice (to the tool
/// and to its process group), or the user asking again.
void onRepeatedSignal(int Signal) {
  long long First = FirstSignalTime.load();
  // First == 0: the first signal's handler, which this one interrupted, has
  // not stored its time yet.
  if (First == 0 ||
      Clock.load()() - First <
          static_cast<long long>(SameRequestSeconds * NanosecondsPerSecond))
    return;
  dieOf(Signal);
}

void onInterruption(int Signal) {
  int SavedErrno = errno;
  // A forked child (a benchmarking subprocess before it sets up its own
  // handlers) runs the tool's handler too; the signal is not its own to
  // act on: the tool kills it.
  if (getpid() != BenchmarkingProcess.load()) {
    errno = SavedErrno;
    return;
  }
  pid_t Target = BenchmarkingThread.load();
  if (currentThreadId() != Target) {
    // A process-directed signal may land on any thread; only the
    // benchmarking thread can jump out of a snippet or races nothing when it
    // kills the child.
    syscall(SYS_tgkill, getpid(), Target, Signal);
    errno = SavedErrno;
    return;
  }
  int Expected = 0;
  if (!ReceivedSignal.compare_exchange_strong(Expected, Signal)) {
    onRepeatedSignal(Signal);
    errno = SavedErrno;
    return;
  }
  // 0 is reserved for "not stored yet".
  long long Now = Clock.load()();
  FirstSignalTime = Now != 0 ? Now : 1;
  if (pid_t Pid = Victim.load())
    kill(Pid, SIGKILL);
  if (void (*Callback)() = Hook.load())
    Callback();
  errno = SavedErrno;
}

} // namespace

void installInterruptionHandler() {
  BenchmarkingProcess = getpid();
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

void resetInterruptionForTesting() {
  ReceivedSignal = 0;
  FirstSignalTime = 0;
}

void setInterruptionClockForTesting(long long (*NewClock)()) {
  Clock = NewClock ? NewClock : readMonotonicClock;
}

} // namespace exegesis
} // namespace llvm
