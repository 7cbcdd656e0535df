//===-- ChildRun.cpp --------------------------------------------*- C++ -*-===//

#include "Execution/ChildRun.h"
#include "Execution/BenchmarkExecution.h"
#include "Execution/ChildProcess.h"
#include "Execution/ChildProtocol.h"
#include "Execution/ExecutableFunction.h"
#include "Execution/FdPassing.h"
#include "Execution/ForkServer.h"
#include "Execution/SubProcessChild.h"
#include "Support/SystemRefusal.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

static std::atomic<uint64_t> NumForked{0};

uint64_t getNumForkedSubprocesses() {
  return NumForked.load(std::memory_order_relaxed);
}

bool ChildFunctions::contains(size_t F, uintptr_t Address) const {
  if (F == 0 && CodeAddress)
    return Address >= CodeAddress &&
           Address < CodeAddress + Functions[0]->getCode().size();
  return Functions[F]->contains(Address);
}

char ServerUnavailable::ID;

namespace {

/// Forks the child for \p Context, or has \p Server fork it; the child talks
/// over \p ChildSocket.
Expected<pid_t> startChild(ChildContext &Context, int ChildSocket,
                           ForkServer *Server) {
  Context.ParentPid = getpid();
  Context.ForkedByServer = Server != nullptr;
  Context.Socket = ChildSocket;
  pid_t Pid;
  if (Server) {
    Expected<pid_t> Forked = Server->forkChild(ChildSocket);
    if (!Forked)
      return make_error<ServerUnavailable>(toString(Forked.takeError()));
    Pid = *Forked;
  } else {
    Pid = fork();
    if (Pid < 0)
      return makeSystemError("Failed to create child process", errno);
    if (Pid == 0)
      childMain(Context);
  }
  NumForked.fetch_add(1, std::memory_order_relaxed);
  return Pid;
}

/// Attaches to the child before it has anything to run: whatever it does
/// from now on, we see it.
Error attachToChild(pid_t Pid) {
  if (ptrace(PTRACE_SEIZE, Pid, nullptr,
             reinterpret_cast<void *>(PTRACE_O_EXITKILL)) == 0)
    return Error::success();
  int Errno = errno;
  return createStringError(inconvertibleErrorCode(),
                           "Failed to attach to the child process: " +
                               describePtraceRefusal(Pid, Errno));
}

/// Pins the child to the CPU \p Options names, if any.
Error placeChild(pid_t Pid, const SubProcessOptions &Options,
                 bool ForkedByServer) {
  if (Options.Cpu) {
    if (std::optional<std::string> Unusable = describeUnusableCpu(*Options.Cpu))
      return createStringError(inconvertibleErrorCode(),
                               "Failed to set CPU affinity of the "
                               "benchmarking process: " +
                                   *Unusable);
    cpu_set_t Set;
    CPU_ZERO(&Set);
    CPU_SET(*Options.Cpu, &Set);
    if (sched_setaffinity(Pid, sizeof(Set), &Set) != 0)
      return makeSystemError("Failed to set CPU affinity of the benchmarking "
                             "process to CPU " +
                                 Twine(*Options.Cpu),
                             errno);
  } else if (ForkedByServer) {
    // A forked child would run where the tool may run now (the tool follows
    // a measurement to a quieter CPU); the server's child inherited where
    // the tool could run when the server was forked.
    cpu_set_t Set;
    if (sched_getaffinity(0, sizeof(Set), &Set) != 0 ||
        sched_setaffinity(Pid, sizeof(Set), &Set) != 0)
      return makeSystemError("Failed to set CPU affinity of the benchmarking "
                             "process",
                             errno);
  }
  return Error::success();
}

/// Tells the child \p Pid over \p Socket how to get \p Group's descriptor
/// (sending it along for SCM_RIGHTS), or that there is no group.
Error handOverCounter(int Socket, pid_t Pid, const CounterGroup *Group,
                      CounterHandoffMethod Handoff) {
  HandoffMessage Message;
  int SentFd = -1;
  if (Group) {
    bool UsePidfd =
        Handoff == CounterHandoffMethod::PidfdGetfd ||
        (Handoff == CounterHandoffMethod::Auto && isPidfdGetfdAvailable());
    Message.ParentFd = Group->getLeaderFd();
    if (UsePidfd) {
      Message.Method = HandoffMethod::PidfdGetfd;
      // Under Yama's ptrace_scope=1 a child may not inspect its parent
      // unless named; without Yama this fails harmlessly.
      prctl(PR_SET_PTRACER, Pid, 0, 0, 0);
    } else {
      Message.Method = HandoffMethod::SocketRights;
      SentFd = Group->getLeaderFd();
    }
  }
  if (sendWithFd(Socket, &Message, sizeof(Message), SentFd) !=
      static_cast<ssize_t>(sizeof(Message)))
    return makeSystemError("Failed to send the counter to the benchmarking "
                           "subprocess",
                           errno);
  return Error::success();
}

/// The benchmark's error for a child that \p Signal stopped, in LLVM 22's
/// words: a segmentation fault names the address (hex digits without 0x),
/// any other signal is named as the in-process executor names it. What we
/// add comes after those words.
std::string describeSnippetSignal(int Signal, const siginfo_t &Info) {
  if (Signal == SIGSEGV) {
    // A fault's code is positive; a signal another process sent carries its
    // sender where a fault's address would be.
    bool Sent = Info.si_code <= 0;
    std::string Text =
        "The snippet encountered a segmentation fault at address " +
        utohexstr(Sent ? 0 : reinterpret_cast<uintptr_t>(Info.si_addr));
    // A general-protection fault (a non-canonical address, a misaligned
    // SSE access) comes with no address at all.
    if (Info.si_code == SI_KERNEL)
      Text += " (a general-protection fault, for which the kernel reports "
              "no address)";
    else if (Sent)
      Text += " (sent by process " + std::to_string(Info.si_pid) +
              ", not raised by the snippet)";
    return Text;
  }
  const char *Name = strsignal(Signal);
  return std::string("snippet crashed while running: ") +
         (Name ? Name : "unknown signal");
}

/// Which function the child was running when \p Outcome's signal stopped
/// it, and where; std::nullopt when it was elsewhere or cannot be told.
std::optional<FaultLocation> locateFault(const ChildOutcome &Outcome,
                                         const ChildFunctions &Where) {
  if (!Outcome.HaveInstructionPointer)
    return std::nullopt;
  uintptr_t Ip = Outcome.InstructionPointer;
  // A breakpoint trap reports the address after the int3.
  if (Outcome.Signal == SIGTRAP && Ip > 0)
    --Ip;
  for (size_t F = 0; F < Where.Functions.size(); ++F)
    if (Where.contains(F, Ip))
      return FaultLocation{
          static_cast<unsigned>(F), Ip - Where.Entries[F],
          reinterpret_cast<uintptr_t>(Outcome.SignalInfo.si_addr),
          Outcome.Signal};
  return std::nullopt;
}

std::string formatSeconds(double Seconds) {
  std::string Text;
  raw_string_ostream(Text) << format("%g", Seconds);
  return Text;
}

/// The run's verdict, from how the child ended and the setup report it
/// left on \p Socket (if it got that far).
Error judgeRun(const ChildOutcome &Outcome, int Socket,
               const ChildContext &Context, const ChildFunctions &Where,
               const SubProcessOptions &Options) {
  SetupReport Report = {};
  bool HaveStatus =
      recv(Socket, &Report, sizeof(Report), MSG_DONTWAIT) == sizeof(Report);
  auto Status = static_cast<ChildSetupStatus>(Report.Status);

  if (Outcome.TimedOut)
    return make_error<SnippetFailure>(
        "The benchmarking subprocess timed out after " +
        formatSeconds(Options.TimeoutSeconds) + " s");
  if (Outcome.Signal != 0)
    return make_error<SnippetFailure>(
        describeSnippetSignal(Outcome.Signal, Outcome.SignalInfo),
        locateFault(Outcome, Where));
  if (HaveStatus && Status != ChildSetupStatus::Ready)
    return make_error<SnippetFailure>(
        "Child benchmarking process exited with non-zero exit code: " +
        describeSetupReport(Report));
  if (!HaveStatus)
    return createStringError(inconvertibleErrorCode(),
                             "the benchmarking subprocess ended before "
                             "reporting its setup (exit code " +
                                 Twine(Outcome.ExitCode) + ")");
  if (Outcome.Exited && Outcome.ExitCode == CounterFailureExitCode &&
      Context.Results->CounterErrno != 0)
    return makeSystemError("the benchmarking subprocess could not use its "
                           "perf counters",
                           Context.Results->CounterErrno);
  if (Outcome.Exited && Outcome.ExitCode != 0)
    return make_error<SnippetExitError>(Outcome.ExitCode);
  return Error::success();
}

} // namespace

Error forkAndWait(ChildContext &Context, const ChildFunctions &Where,
                  const CounterSpec &Counters, const SubProcessOptions &Options,
                  const uint64_t *Progress, ForkServer *Server) {
  int Sockets[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, Sockets) != 0)
    return makeSystemError("Failed to create a socket pair for interprocess "
                           "communication between llvm-exegesis and the "
                           "benchmarking subprocess",
                           errno);
  ScopedFd ParentSocket(Sockets[0]);
  ScopedFd ChildSocket(Sockets[1]);
  Expected<pid_t> Pid = startChild(Context, ChildSocket.get(), Server);
  if (!Pid)
    return Pid.takeError();
  ChildProcess Child(*Pid);
  ChildSocket.reset();

  if (Error E = attachToChild(*Pid))
    return E;
  if (Error E = placeChild(*Pid, Options, Server != nullptr))
    return E;
  std::optional<CounterGroup> Group;
  if (Counters.needsGroup()) {
    Expected<CounterGroup> Opened = CounterGroup::open(Counters.Events, *Pid);
    if (!Opened)
      return Opened.takeError();
    Group.emplace(std::move(*Opened));
  }

  Watchdog Dog(*Pid, Options.TimeoutSeconds, Progress);
  if (Error E = handOverCounter(ParentSocket.get(), *Pid,
                                Group ? &*Group : nullptr, Options.Handoff))
    return E;
  Expected<ChildOutcome> Outcome = waitForChild(Child, Dog);
  if (!Outcome)
    return Outcome.takeError();
  return judgeRun(*Outcome, ParentSocket.get(), Context, Where, Options);
}

} // namespace exegesis
} // namespace llvm
