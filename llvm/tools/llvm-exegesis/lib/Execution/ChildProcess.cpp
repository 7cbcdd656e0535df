//===-- ChildProcess.cpp ----------------------------------------*- C++ -*-===//

#include "Execution/ChildProcess.h"
#include "Support/Interruption.h"
#include "Support/SystemRefusal.h"
#include <cerrno>
#include <chrono>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <utility>

namespace llvm {
namespace exegesis {

Error makeSystemError(const Twine &What, int Errno) {
  return createStringError(inconvertibleErrorCode(),
                           What + ": " + describeSystemError(Errno));
}

ChildProcess::ChildProcess(pid_t Pid) : Pid(Pid) { setInterruptionVictim(Pid); }

ChildProcess::~ChildProcess() {
  if (Reaped)
    return;
  prepareToReap();
  kill(Pid, SIGKILL);
  int Status;
  while (waitpid(Pid, &Status, __WALL) < 0 && errno == EINTR) {
  }
}

void ChildProcess::prepareToReap() { withdrawInterruptionVictim(); }

Watchdog::Watchdog(pid_t Pid, double Seconds, const uint64_t *Progress)
    : Thread(
          [this, Pid, Seconds, Progress] { watch(Pid, Seconds, Progress); }) {}

void Watchdog::watch(pid_t Pid, double Seconds, const uint64_t *Progress) {
  std::unique_lock<std::mutex> Lock(Mutex);
  uint64_t Seen = 0;
  while (!Done.wait_for(Lock, std::chrono::duration<double>(Seconds),
                        [this] { return Finished; })) {
    if (Progress) {
      uint64_t Now = __atomic_load_n(Progress, __ATOMIC_RELAXED);
      if (Now != Seen) {
        Seen = Now;
        continue;
      }
    }
    Fired = true;
    kill(Pid, SIGKILL);
    return;
  }
}

void Watchdog::finish() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Finished = true;
  }
  Done.notify_all();
  if (Thread.joinable())
    Thread.join();
}

bool Watchdog::fired() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Fired;
}

static Error makeWaitError(int Errno) {
  return makeSystemError("Waiting for the child process to complete failed",
                         Errno);
}

/// Reaps \p Child, which has ended, into \p Outcome; the watchdog is stopped
/// first, before the pid can be recycled.
static Error reapEndedChild(ChildProcess &Child, Watchdog &Dog,
                            ChildOutcome &Outcome) {
  Dog.finish();
  Child.prepareToReap();
  Outcome.TimedOut = Dog.fired();
  int Status;
  while (waitpid(Child.getPid(), &Status, __WALL) < 0)
    if (errno != EINTR)
      return makeWaitError(errno);
  Child.markReaped();
  if (WIFEXITED(Status)) {
    Outcome.Exited = true;
    Outcome.ExitCode = WEXITSTATUS(Status);
  } else if (WIFSIGNALED(Status) && Outcome.Signal == 0 && !Outcome.TimedOut) {
    // Killed without a signal-delivery-stop: SIGKILL from elsewhere.
    Outcome.Signal = WTERMSIG(Status);
  }
  return Error::success();
}

/// Signals a process group gets from outside: an interruption (Ctrl-C, a
/// hangup, `timeout`), job control (Ctrl-Z, `fg`, and the SIGCONT `timeout`
/// sends after its signal) and a terminal resize.
static bool isProcessGroupSignal(int Signal) {
  switch (Signal) {
  case SIGCONT:
  case SIGTSTP:
  case SIGTTIN:
  case SIGTTOU:
  case SIGWINCH:
    return true;
  default:
    return isInterruptionSignal(Signal);
  }
}

/// Whether the child \p Pid stopped for \p Signal that the terminal, the
/// shell or a supervisor sent the tool's process group: it reaches the child
/// too, but is not the snippet's doing (an interruption of the tool ends the
/// child from the tool's handler).
static bool isSentToTheGroup(pid_t Pid, int Signal) {
  siginfo_t Info = {};
  return isProcessGroupSignal(Signal) &&
         ptrace(PTRACE_GETSIGINFO, Pid, nullptr, &Info) == 0 &&
         (Info.si_code == SI_KERNEL ||
          (Info.si_code <= 0 && Info.si_pid != Pid));
}

/// Records \p Signal, about to be delivered to the child \p Pid, and the
/// instruction it stopped at, unless a signal was recorded already.
static void recordSignal(pid_t Pid, int Signal, ChildOutcome &Outcome) {
  if (Outcome.Signal != 0)
    return;
  Outcome.Signal = Signal;
  ptrace(PTRACE_GETSIGINFO, Pid, nullptr, &Outcome.SignalInfo);
#if defined(__x86_64__)
  user_regs_struct Regs;
  if (ptrace(PTRACE_GETREGS, Pid, nullptr, &Regs) == 0) {
    Outcome.HaveInstructionPointer = true;
    Outcome.InstructionPointer = Regs.rip;
  }
#endif
}

Expected<ChildOutcome> waitForChild(ChildProcess &Child, Watchdog &Dog) {
  pid_t Pid = Child.getPid();
  ChildOutcome Outcome;
  while (true) {
    siginfo_t Info = {};
    if (waitid(P_PID, Pid, &Info, WEXITED | WSTOPPED | WNOWAIT | __WALL) != 0) {
      if (errno == EINTR)
        continue;
      return makeWaitError(errno);
    }
    if (Info.si_code == CLD_EXITED || Info.si_code == CLD_KILLED ||
        Info.si_code == CLD_DUMPED) {
      if (Error E = reapEndedChild(Child, Dog, Outcome))
        return E;
      return Outcome;
    }
    int Status;
    if (waitpid(Pid, &Status, __WALL) < 0) {
      if (errno == EINTR)
        continue;
      return makeWaitError(errno);
    }
    if (!WIFSTOPPED(Status))
      continue;
    // A group-stop or similar is not a fault, nor is a signal sent to the
    // tool's process group: the child goes on.
    if ((Status >> 16) == PTRACE_EVENT_STOP ||
        isSentToTheGroup(Pid, WSTOPSIG(Status))) {
      ptrace(PTRACE_CONT, Pid, nullptr, nullptr);
      continue;
    }
    // A signal is about to be delivered: learn what and where, then kill
    // the child rather than let it dump core.
    recordSignal(Pid, WSTOPSIG(Status), Outcome);
    kill(Pid, SIGKILL);
  }
}

Expected<SharedMapping> SharedMapping::create(size_t Size, size_t PageSize) {
  Size = (Size + PageSize - 1) / PageSize * PageSize;
  void *Address = mmap(nullptr, Size, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Address == MAP_FAILED)
    return makeSystemError("Failed to map memory shared with the "
                           "benchmarking subprocess",
                           errno);
  return SharedMapping(Address, Size);
}

SharedMapping::SharedMapping(SharedMapping &&Other)
    : Address(std::exchange(Other.Address, MAP_FAILED)), Size(Other.Size) {}

SharedMapping::~SharedMapping() {
  if (Address != MAP_FAILED)
    munmap(Address, Size);
}

} // namespace exegesis
} // namespace llvm
