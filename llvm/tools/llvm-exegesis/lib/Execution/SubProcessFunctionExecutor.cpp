//===-- SubProcessFunctionExecutor.cpp --------------------------*- C++ -*-===//

#include "Execution/SubProcessFunctionExecutor.h"
#include "Counters/TimeStampCounter.h"
#include "Execution/ChildAddressSpace.h"
#include "Execution/ForkServer.h"
#include "Support/Interruption.h"
#include "Support/SystemRefusal.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <mutex>
#include <sched.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif
#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

namespace llvm {
namespace exegesis {

namespace {

/// What the parent tells the child once the counter is ready.
struct HandoffMessage {
  uint32_t Method = 0; // 0: no counter, 1: SCM_RIGHTS, 2: pidfd_getfd.
  int32_t ParentFd = -1;
};
enum : uint32_t { NoCounter = 0, ViaSocketRights = 1, ViaPidfdGetfd = 2 };

/// The child's verdict on its own setup, sent before the snippet starts.
enum class ChildSetupStatus : uint32_t {
  Ready = 0,
  CounterFdNotReceived,
  CounterFdNotTranslated,
  MemorySetupFailed,
  CodeSetupFailed,
  PidfdNotOpened,
};

/// What the child sends about its setup: a status and, for a failure, the
/// errno of the system call that failed (0 if none did).
struct SetupReport {
  uint32_t Status;
  int32_t Errno;
};

const char *describeSetupFailure(ChildSetupStatus Status) {
  switch (Status) {
  case ChildSetupStatus::Ready:
    return "no failure";
  case ChildSetupStatus::CounterFdNotReceived:
    return "Counter file descriptor read failed";
  case ChildSetupStatus::CounterFdNotTranslated:
    return "Counter file descriptor could not be translated";
  case ChildSetupStatus::MemorySetupFailed:
    return "Failed to setup auxiliary memory";
  case ChildSetupStatus::CodeSetupFailed:
    return "Failed to map memory for assembled snippet";
  case ChildSetupStatus::PidfdNotOpened:
    return "Counter file descriptor could not be translated";
  }
  return "unknown setup failure";
}

/// The failure and, when a system call refused, its cause and remedy.
std::string describeSetupReport(const SetupReport &Report) {
  auto Status = static_cast<ChildSetupStatus>(Report.Status);
  std::string Text = describeSetupFailure(Status);
  if (Report.Errno == 0)
    return Text;
  if (Status == ChildSetupStatus::CounterFdNotTranslated ||
      Status == ChildSetupStatus::PidfdNotOpened) {
    Text += Status == ChildSetupStatus::PidfdNotOpened ? ": pidfd_open: "
                                                       : ": pidfd_getfd: ";
    Text += describeSystemError(Report.Errno);
    Text += Report.Errno == ENOSYS ? "; kernel older than 5.6?" : "";
    // Out of descriptors, the socket would fare no better.
    if (Report.Errno == EMFILE || Report.Errno == ENFILE)
      return Text;
    return Text + "; -counter-handoff=scm-rights passes the counter over a "
                  "socket instead";
  }
  return Text + ": " + describeSystemError(Report.Errno);
}

/// Exit codes of the child's own making; only meaningful together with the
/// setup status message, since a snippet can exit with any code.
constexpr int SetupFailureExitCode = 111;
constexpr int CounterFailureExitCode = 112;

/// The head of the memory shared between parent and child; the child's
/// readings follow it.
struct SharedResults {
  uint64_t NumCompleted;
  /// The rounds the child took, written once it has taken all it will (fewer
  /// than asked when a SamplingStopRule ended the sampling).
  uint64_t NumRounds;
  int32_t CounterErrno;
  uint32_t Padding;
  /// Samplings a procedure has finished (the watchdog's sign of progress).
  uint64_t NumSamplings;
};

/// The head of the area a procedure's result is written to; the bytes
/// follow it.
struct ProcedureResultHeader {
  /// Set last: the procedure returned (a snippet that ends the process
  /// mid-way leaves it 0).
  uint32_t Finished;
  /// The procedure failed (FailedInTool, FailedInSnippet); the bytes are
  /// its message.
  uint32_t Failed;
  uint64_t Size;
};

enum : uint32_t { FailedInTool = 1, FailedInSnippet = 2 };

/// Room for a procedure's result: pages are only backed once written, and a
/// measurement's readings are a few hundred kilobytes at most.
constexpr size_t ProcedureResultCapacity = size_t(64) << 20;

/// A function a fork server's child copies to the address the tool has it
/// at; its pages follow the request, at BytesOffset from its start.
struct RequestedFunction {
  uintptr_t MappingAddress;
  uint64_t MappingSize;
  uint64_t EntryOffset;
  uint64_t CodeSize;
  uint64_t TimedCallsOffset;
  uint64_t BytesOffset;
};

/// What a fork server's child needs to run a PortableProcedure, written by
/// the tool into the server's shared area: this head, NumFunctions
/// RequestedFunction, the procedure's inputs, then the functions' pages.
/// Pointers are the tool's, which the server's memory shares (Scratch and
/// Owner existed before the server).
struct ServerRequest {
  pid_t Tool;
  uint32_t NumFunctions;
  uint32_t Dummy;
  uint32_t ReadsTimeStampCounter;
  uint64_t NumEvents;
  char *Scratch;
  PortableProcedure::EntryPoint Run;
  const void *Owner;
  uint64_t InputsOffset;
  uint64_t InputsSize;

  const RequestedFunction *functions() const {
    return reinterpret_cast<const RequestedFunction *>(this + 1);
  }
  const char *at(uint64_t Offset) const {
    return reinterpret_cast<const char *>(this) + Offset;
  }
};

/// Everything the child needs, prepared before fork: the child allocates
/// nothing before the snippet has run (only a SamplingStopRule's check may,
/// see FunctionExecutor.h), unless a fork server forked it (a process of
/// one thread).
struct ChildContext {
  pid_t ParentPid;
  /// A fork server forked the child, not ParentPid.
  bool ForkedByServer;
  int Socket;
  const uintptr_t *Entries;
  /// Each function's timed-calls loop, 0 where it has none.
  const uintptr_t *TimedCalls;
  size_t NumFunctions;
  unsigned NumSamples;
  unsigned CallsPerSample;
  bool Dummy;
  /// The child reads the TSC itself (no counter descriptor).
  bool ReadsTimeStampCounter;
  char *Scratch;
  const FixedMemoryRegion *Memory;
  size_t NumMemory;
  /// Where the first function's code is copied to, 0 for nowhere.
  uintptr_t CodeAddress;
  const char *CodeSource;
  size_t CodeSize;
  size_t PageSize;
  SharedResults *Results;
  RawGroupReading *Readings;
  size_t NumEvents;
  const SamplingStopRule *Stop;
  /// When set, the child runs this instead of sampling Entries, and writes
  /// what it returns to ProcedureResult.
  const SamplingProcedure *Procedure;
  ProcedureResultHeader *ProcedureResult;
  /// When set (a fork server's child), the child copies these functions
  /// and runs this procedure instead.
  const ServerRequest *Request;
};

/// One sampling in the child: NumSamples rounds of the functions at
/// Entries, read into Readings (round by round).
struct ChildSampling {
  const uintptr_t *Entries;
  const uintptr_t *TimedCalls;
  size_t NumFunctions;
  unsigned NumSamples;
  unsigned CallsPerSample;
  RawGroupReading *Readings;
  const SamplingStopRule *Stop;
};

/// The readings of the first \p Rounds rounds, for a SamplingStopRule.
SampleTable readingsSoFar(const ChildContext &C, const ChildSampling &Sampling,
                          unsigned Rounds) {
  SampleTable Table(Sampling.NumFunctions);
  for (unsigned S = 0; S < Rounds; ++S)
    for (size_t F = 0; F < Sampling.NumFunctions; ++F) {
      if (C.Dummy) {
        Table[F].emplace_back();
        continue;
      }
      Expected<CounterValues> Values = CounterGroup::decode(
          Sampling.Readings[S * Sampling.NumFunctions + F], C.NumEvents);
      if (!Values) {
        consumeError(Values.takeError());
        Table[F].emplace_back();
        continue;
      }
      Table[F].push_back(std::move(*Values));
    }
  return Table;
}

[[noreturn]] void childExit(int Code) {
  // No atexit handlers, no stdio flush: the parent owns those.
  syscall(SYS_exit_group, Code);
  __builtin_unreachable();
}

/// Reports \p Status with the current errno (\p Errno if given).
[[noreturn]] void childFail(const ChildContext &C, ChildSetupStatus Status,
                            int Errno = -1) {
  SetupReport Report = {static_cast<uint32_t>(Status),
                        Errno >= 0 ? Errno : errno};
  (void)send(C.Socket, &Report, sizeof(Report), MSG_NOSIGNAL);
  childExit(SetupFailureExitCode);
}

/// Takes \p Sampling's rounds (fewer when its stop rule says they are
/// enough) and returns how many it took; *NumCompleted counts the readings
/// taken so far, so that a snippet that ends the process mid-way is found
/// out. A counter that fails ends the child.
unsigned sampleInChild(const ChildContext &C, int CounterFd,
                       const ChildSampling &Sampling, uint64_t *NumCompleted) {
  for (unsigned S = 0; S < Sampling.NumSamples; ++S) {
    for (size_t Position = 0; Position < Sampling.NumFunctions; ++Position) {
      size_t F = functionInRound(S, Position, Sampling.NumFunctions);
      auto Function = reinterpret_cast<void (*)(char *)>(Sampling.Entries[F]);
      RawGroupReading &Reading =
          Sampling.Readings[S * Sampling.NumFunctions + F];
      if (C.Dummy) {
        for (unsigned Call = 0; Call < Sampling.CallsPerSample; ++Call)
          Function(C.Scratch);
      } else if (C.ReadsTimeStampCounter) {
        uint64_t Ticks;
        if (uintptr_t Loop = Sampling.TimedCalls[F]) {
          Ticks = reinterpret_cast<TimedCallsFunction>(Loop)(
              C.Scratch, Sampling.CallsPerSample);
        } else {
          uint64_t Start = readTimeStampCounter();
          for (unsigned Call = 0; Call < Sampling.CallsPerSample; ++Call)
            Function(C.Scratch);
          Ticks = readTimeStampCounter() - Start;
        }
        // The layout of a one-event group's reading, which ran all along.
        Reading.Words[0] = 1;
        Reading.Words[1] = Reading.Words[2] = Reading.Words[3] = Ticks;
      } else {
        if (!CounterGroup::startGroup(CounterFd)) {
          C.Results->CounterErrno = errno;
          childExit(CounterFailureExitCode);
        }
        for (unsigned Call = 0; Call < Sampling.CallsPerSample; ++Call)
          Function(C.Scratch);
        if (!CounterGroup::stopGroup(CounterFd) ||
            !CounterGroup::readGroup(CounterFd, Reading)) {
          C.Results->CounterErrno = errno;
          childExit(CounterFailureExitCode);
        }
      }
      *NumCompleted = S * Sampling.NumFunctions + Position + 1;
    }
    if (Sampling.Stop && Sampling.Stop->isCheckedAfter(S + 1) &&
        Sampling.Stop->Enough(readingsSoFar(C, Sampling, S + 1)))
      return S + 1;
  }
  return Sampling.NumSamples;
}

/// Appends each of \p Functions' entry point to \p Entries and its
/// timed-calls loop (0: none) to \p TimedCalls, the arrays a child samples
/// them by.
void collectAddresses(ArrayRef<const ExecutableFunction *> Functions,
                      std::vector<uintptr_t> &Entries,
                      std::vector<uintptr_t> &TimedCalls) {
  for (const ExecutableFunction *F : Functions) {
    Entries.push_back(F->getAddress());
    TimedCalls.push_back(reinterpret_cast<uintptr_t>(F->getTimedCalls()));
  }
}

/// Runs the context's procedure, each of its samplings taken here, and
/// writes what it returns (or its error) where the parent reads it.
[[noreturn]] void runProcedureInChild(const ChildContext &C, int CounterFd,
                                      SamplingProcedure Procedure) {
  auto Sample = [&](ArrayRef<const ExecutableFunction *> Functions,
                    unsigned NumSamples, unsigned CallsPerSample,
                    const SamplingStopRule *Stop) -> Expected<SampleTable> {
    std::vector<uintptr_t> Entries, TimedCalls;
    collectAddresses(Functions, Entries, TimedCalls);
    std::vector<RawGroupReading> Readings(Functions.size() * NumSamples);
    ChildSampling Sampling = {Entries.data(),
                              TimedCalls.data(),
                              Entries.size(),
                              NumSamples,
                              CallsPerSample,
                              Readings.data(),
                              Stop && Stop->Enough ? Stop : nullptr};
    uint64_t NumCompleted = 0;
    unsigned Rounds = sampleInChild(C, CounterFd, Sampling, &NumCompleted);
    __atomic_add_fetch(&C.Results->NumSamplings, 1, __ATOMIC_RELAXED);
    return readingsSoFar(C, Sampling, Rounds);
  };
  Expected<std::string> Result = Procedure(Sample);
  std::string Bytes;
  uint32_t Failed = 0;
  if (Result) {
    Bytes = std::move(*Result);
  } else {
    Failed = FailedInTool;
    handleAllErrors(
        Result.takeError(),
        [&](const SnippetFailure &F) {
          Failed = FailedInSnippet;
          Bytes = F.getMessage();
        },
        [&](const ErrorInfoBase &E) { Bytes = E.message(); });
  }
  size_t Room = ProcedureResultCapacity - sizeof(ProcedureResultHeader);
  if (Bytes.size() > Room) {
    Failed = FailedInTool;
    Bytes = "the measurement's result is larger than the " +
            std::to_string(Room) + " bytes the subprocess can return";
  }
  std::memcpy(C.ProcedureResult + 1, Bytes.data(), Bytes.size());
  C.ProcedureResult->Failed = Failed;
  C.ProcedureResult->Size = Bytes.size();
  __atomic_store_n(&C.ProcedureResult->Finished, 1, __ATOMIC_RELEASE);
  childExit(0);
}

/// Copies the request's functions to where the tool has them; false when
/// one cannot be.
bool copyRequestedFunctions(const ServerRequest &Request,
                            std::vector<ExecutableFunction> &Copies) {
  Copies.reserve(Request.NumFunctions);
  for (uint32_t I = 0; I < Request.NumFunctions; ++I) {
    const RequestedFunction &F = Request.functions()[I];
    Expected<ExecutableFunction> Copy = ExecutableFunction::copyAt(
        F.MappingAddress, StringRef(Request.at(F.BytesOffset), F.MappingSize),
        F.EntryOffset, F.CodeSize, F.TimedCallsOffset);
    if (!Copy) {
      consumeError(Copy.takeError());
      return false;
    }
    Copies.push_back(std::move(*Copy));
  }
  return true;
}

/// Runs the request's procedure on \p Copies, its functions.
[[noreturn]] void
runRequestedProcedure(const ChildContext &C, int CounterFd,
                      const std::vector<ExecutableFunction> &Copies) {
  const ServerRequest &Request = *C.Request;
  std::vector<const ExecutableFunction *> Functions;
  for (const ExecutableFunction &F : Copies)
    Functions.push_back(&F);
  StringRef Inputs(Request.at(Request.InputsOffset), Request.InputsSize);
  auto Procedure = [&](SamplingRunner Sample) {
    return Request.Run(Request.Owner, Inputs, Functions, Sample);
  };
  runProcedureInChild(C, CounterFd, Procedure);
}

[[noreturn]] void childMain(const ChildContext &C) {
  // Die with the parent; if it is already gone, the signal will never come.
  // (A fork server has seen to that for its children.)
  if (!C.ForkedByServer) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != C.ParentPid)
      childExit(SetupFailureExitCode);
  }

  HandoffMessage Message;
  iovec Vec = {&Message, sizeof(Message)};
  alignas(cmsghdr) char Control[CMSG_SPACE(sizeof(int))];
  msghdr Header = {};
  Header.msg_iov = &Vec;
  Header.msg_iovlen = 1;
  Header.msg_control = Control;
  Header.msg_controllen = sizeof(Control);
  ssize_t Received;
  do
    Received = recvmsg(C.Socket, &Header, MSG_CMSG_CLOEXEC);
  while (Received < 0 && errno == EINTR);
  if (Received != static_cast<ssize_t>(sizeof(Message)))
    childFail(C, ChildSetupStatus::CounterFdNotReceived,
              Received < 0 ? errno : 0);

  int CounterFd = -1;
  if (Message.Method == ViaSocketRights) {
    // The kernel drops a passed descriptor the receiver has no room for
    // (RLIMIT_NOFILE) and says so with MSG_CTRUNC.
    if (Header.msg_flags & MSG_CTRUNC)
      childFail(C, ChildSetupStatus::CounterFdNotReceived, EMFILE);
    cmsghdr *Cmsg = CMSG_FIRSTHDR(&Header);
    if (!Cmsg || Cmsg->cmsg_level != SOL_SOCKET ||
        Cmsg->cmsg_type != SCM_RIGHTS)
      childFail(C, ChildSetupStatus::CounterFdNotReceived, 0);
    std::memcpy(&CounterFd, CMSG_DATA(Cmsg), sizeof(int));
  } else if (Message.Method == ViaPidfdGetfd) {
    long Pidfd = syscall(SYS_pidfd_open, C.ParentPid, 0);
    if (Pidfd < 0)
      childFail(C, ChildSetupStatus::PidfdNotOpened);
    long Fd = syscall(SYS_pidfd_getfd, Pidfd, Message.ParentFd, 0);
    int GetfdErrno = errno;
    close(static_cast<int>(Pidfd));
    if (Fd < 0)
      childFail(C, ChildSetupStatus::CounterFdNotTranslated, GetfdErrno);
    CounterFd = static_cast<int>(Fd);
  } else if (!C.Dummy && !C.ReadsTimeStampCounter) {
    childFail(C, ChildSetupStatus::CounterFdNotReceived, 0);
  }

  if (!mapFixedMemoryRegions(C.Memory, C.NumMemory, C.PageSize))
    childFail(C, ChildSetupStatus::MemorySetupFailed);

  if (C.CodeAddress) {
    size_t Size = (C.CodeSize + C.PageSize - 1) / C.PageSize * C.PageSize;
    void *Address = reinterpret_cast<void *>(C.CodeAddress);
    void *Mapped =
        mmap(Address, Size, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (Mapped != Address)
      childFail(C, ChildSetupStatus::CodeSetupFailed);
    std::memcpy(Mapped, C.CodeSource, C.CodeSize);
    if (mprotect(Mapped, Size, PROT_READ | PROT_EXEC) != 0)
      childFail(C, ChildSetupStatus::CodeSetupFailed);
  }

  std::vector<ExecutableFunction> Copies;
  if (C.Request && !copyRequestedFunctions(*C.Request, Copies))
    childFail(C, ChildSetupStatus::CodeSetupFailed, 0);

  SetupReport Ready = {static_cast<uint32_t>(ChildSetupStatus::Ready), 0};
  if (send(C.Socket, &Ready, sizeof(Ready), MSG_NOSIGNAL) != sizeof(Ready))
    childExit(SetupFailureExitCode);

  if (C.Procedure)
    runProcedureInChild(C, CounterFd, *C.Procedure);
  if (C.Request)
    runRequestedProcedure(C, CounterFd, Copies);

  ChildSampling Sampling = {C.Entries,    C.TimedCalls,     C.NumFunctions,
                            C.NumSamples, C.CallsPerSample, C.Readings,
                            C.Stop};
  C.Results->NumRounds =
      sampleInChild(C, CounterFd, Sampling, &C.Results->NumCompleted);
  childExit(0);
}

/// Kills the child after a timeout; finish() must be called before the
/// child is reaped, so that the kill can never hit a recycled pid. With
/// \p Progress (a count the child advances), the timeout starts again
/// whenever the count has moved: the child is killed between one and two
/// timeouts after it last advanced it.
class Watchdog {
public:
  Watchdog(pid_t Pid, double Seconds, const uint64_t *Progress = nullptr)
      : Thread([this, Pid, Seconds, Progress] {
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
        }) {}
  ~Watchdog() { finish(); }

  void finish() {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Finished = true;
    }
    Done.notify_all();
    if (Thread.joinable())
      Thread.join();
  }
  bool fired() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Fired;
  }

private:
  std::mutex Mutex;
  std::condition_variable Done;
  bool Finished = false;
  bool Fired = false;
  std::thread Thread;
};

/// Owns a forked child: kills and reaps it unless it was reaped already, so
/// that no error path leaves a child or a zombie behind.
class ChildProcess {
public:
  /// An interruption of the tool kills the child (see Interruption.h).
  explicit ChildProcess(pid_t Pid) : Pid(Pid) { setInterruptionVictim(Pid); }
  ChildProcess(const ChildProcess &) = delete;
  ChildProcess &operator=(const ChildProcess &) = delete;
  ~ChildProcess() {
    if (Reaped)
      return;
    prepareToReap();
    kill(Pid, SIGKILL);
    int Status;
    while (waitpid(Pid, &Status, __WALL) < 0 && errno == EINTR) {
    }
  }
  pid_t getPid() const { return Pid; }
  /// Must come before the child is reaped: from then on its pid may be
  /// another process's.
  void prepareToReap() { withdrawInterruptionVictim(); }
  void markReaped() { Reaped = true; }

private:
  pid_t Pid;
  bool Reaped = false;
};

/// A file descriptor closed on scope exit.
class ScopedFd {
public:
  explicit ScopedFd(int Fd = -1) : Fd(Fd) {}
  ScopedFd(const ScopedFd &) = delete;
  ScopedFd &operator=(const ScopedFd &) = delete;
  ~ScopedFd() { reset(); }
  int get() const { return Fd; }
  void reset(int NewFd = -1) {
    if (Fd >= 0)
      close(Fd);
    Fd = NewFd;
  }

private:
  int Fd;
};

/// A shared anonymous mapping unmapped on scope exit.
class SharedMapping {
public:
  /// At least \p Size bytes, whole pages; only the pages written are ever
  /// backed.
  static Expected<SharedMapping> create(size_t Size, size_t PageSize);
  SharedMapping(SharedMapping &&Other)
      : Address(std::exchange(Other.Address, MAP_FAILED)), Size(Other.Size) {}
  SharedMapping(const SharedMapping &) = delete;
  SharedMapping &operator=(const SharedMapping &) = delete;
  ~SharedMapping() {
    if (Address != MAP_FAILED)
      munmap(Address, Size);
  }
  void *get() const { return Address; }

private:
  SharedMapping(void *Address, size_t Size) : Address(Address), Size(Size) {}

  void *Address;
  size_t Size;
};

Error toolError(const Twine &What, int Errno) {
  return createStringError(inconvertibleErrorCode(),
                           What + ": " + describeSystemError(Errno));
}

Expected<SharedMapping> SharedMapping::create(size_t Size, size_t PageSize) {
  Size = (Size + PageSize - 1) / PageSize * PageSize;
  void *Address = mmap(nullptr, Size, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Address == MAP_FAILED)
    return toolError("Failed to map memory shared with the benchmarking "
                     "subprocess",
                     errno);
  return SharedMapping(Address, Size);
}

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

/// Signals a process group gets from outside: an interruption (Ctrl-C, a
/// hangup, `timeout`), job control (Ctrl-Z, `fg`, and the SIGCONT `timeout`
/// sends after its signal) and a terminal resize.
bool isProcessGroupSignal(int Signal) {
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

Expected<ChildOutcome> waitForChild(ChildProcess &Child, Watchdog &Dog) {
  pid_t Pid = Child.getPid();
  ChildOutcome Outcome;
  while (true) {
    siginfo_t Info = {};
    if (waitid(P_PID, Pid, &Info, WEXITED | WSTOPPED | WNOWAIT | __WALL) != 0) {
      if (errno == EINTR)
        continue;
      return toolError("Waiting for the child process to complete failed",
                       errno);
    }
    if (Info.si_code == CLD_EXITED || Info.si_code == CLD_KILLED ||
        Info.si_code == CLD_DUMPED) {
      // Stop the watchdog before the pid can be recycled.
      Dog.finish();
      Child.prepareToReap();
      Outcome.TimedOut = Dog.fired();
      int Status;
      while (waitpid(Pid, &Status, __WALL) < 0)
        if (errno != EINTR)
          return toolError("Waiting for the child process to complete failed",
                           errno);
      Child.markReaped();
      if (WIFEXITED(Status)) {
        Outcome.Exited = true;
        Outcome.ExitCode = WEXITSTATUS(Status);
      } else if (WIFSIGNALED(Status) && Outcome.Signal == 0 &&
                 !Outcome.TimedOut) {
        // Killed without a signal-delivery-stop: SIGKILL from elsewhere.
        Outcome.Signal = WTERMSIG(Status);
      }
      return Outcome;
    }
    int Status;
    if (waitpid(Pid, &Status, __WALL) < 0) {
      if (errno == EINTR)
        continue;
      return toolError("Waiting for the child process to complete failed",
                       errno);
    }
    if (!WIFSTOPPED(Status))
      continue;
    if ((Status >> 16) == PTRACE_EVENT_STOP) {
      // A group-stop or similar: not a fault, let the child go on.
      ptrace(PTRACE_CONT, Pid, nullptr, nullptr);
      continue;
    }
    // What the terminal, the shell or a supervisor sends the tool's process
    // group reaches the child too. It is not the snippet's doing: the child
    // goes on without it (an interruption of the tool ends the child from
    // the tool's handler).
    siginfo_t StopInfo = {};
    if (isProcessGroupSignal(WSTOPSIG(Status)) &&
        ptrace(PTRACE_GETSIGINFO, Pid, nullptr, &StopInfo) == 0 &&
        (StopInfo.si_code == SI_KERNEL ||
         (StopInfo.si_code <= 0 && StopInfo.si_pid != Pid))) {
      ptrace(PTRACE_CONT, Pid, nullptr, nullptr);
      continue;
    }
    // A signal is about to be delivered: learn what and where, then kill
    // the child rather than let it dump core.
    if (Outcome.Signal == 0) {
      Outcome.Signal = WSTOPSIG(Status);
      ptrace(PTRACE_GETSIGINFO, Pid, nullptr, &Outcome.SignalInfo);
#if defined(__x86_64__)
      user_regs_struct Regs;
      if (ptrace(PTRACE_GETREGS, Pid, nullptr, &Regs) == 0) {
        Outcome.HaveInstructionPointer = true;
        Outcome.InstructionPointer = Regs.rip;
      }
#endif
    }
    kill(Pid, SIGKILL);
  }
}

bool probePidfdGetfd() {
  long Pidfd = syscall(SYS_pidfd_open, getpid(), 0);
  if (Pidfd < 0)
    return false;
  long Fd = syscall(SYS_pidfd_getfd, Pidfd, static_cast<int>(Pidfd), 0);
  close(static_cast<int>(Pidfd));
  if (Fd < 0)
    return false;
  close(static_cast<int>(Fd));
  return true;
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

std::string formatSeconds(double Seconds) {
  std::string Text;
  raw_string_ostream(Text) << format("%g", Seconds);
  return Text;
}

} // namespace

namespace {

std::atomic<uint64_t> NumForked{0};

/// A request's functions as the child sees them: entry points (the first
/// maybe copied to a fixed address), for fault reports.
struct ChildFunctions {
  ArrayRef<const ExecutableFunction *> Functions;
  ArrayRef<uintptr_t> Entries;
  uintptr_t CodeAddress = 0;

  bool contains(size_t F, uintptr_t Address) const {
    if (F == 0 && CodeAddress)
      return Address >= CodeAddress &&
             Address < CodeAddress + Functions[0]->getCode().size();
    return Functions[F]->contains(Address);
  }
};

/// The fork server could not fork the child: nothing was started, and the
/// caller may fork it itself.
class ServerUnavailable : public ErrorInfo<ServerUnavailable> {
public:
  static char ID;
  explicit ServerUnavailable(std::string Message)
      : Message(std::move(Message)) {}
  void log(raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }

private:
  std::string Message;
};
char ServerUnavailable::ID;

/// Forks the child for \p Context (or has \p Server fork it), attaches to
/// it, hands it the counter and waits for it. Success means that the child
/// reported its setup ready and exited with 0; what it wrote to shared
/// memory is then the caller's to check. \p Progress (may be null) is a
/// count the child advances, for the watchdog.
Error forkAndWait(ChildContext &Context, const ChildFunctions &Where,
                  const CounterSpec &Counters, const SubProcessOptions &Options,
                  const uint64_t *Progress, ForkServer *Server = nullptr) {
  int Sockets[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, Sockets) != 0)
    return toolError("Failed to create a socket pair for interprocess "
                     "communication between llvm-exegesis and the "
                     "benchmarking subprocess",
                     errno);
  ScopedFd ParentSocket(Sockets[0]);
  ScopedFd ChildSocket(Sockets[1]);
  Context.ParentPid = getpid();
  Context.ForkedByServer = Server != nullptr;
  Context.Socket = ChildSocket.get();

  pid_t Pid;
  if (Server) {
    Expected<pid_t> Forked = Server->forkChild(ChildSocket.get());
    if (!Forked)
      return make_error<ServerUnavailable>(toString(Forked.takeError()));
    Pid = *Forked;
  } else {
    Pid = fork();
    if (Pid < 0)
      return toolError("Failed to create child process", errno);
    if (Pid == 0)
      childMain(Context);
  }
  NumForked.fetch_add(1, std::memory_order_relaxed);

  ChildProcess Child(Pid);
  ChildSocket.reset();

  // Attach before the child has anything to run: whatever it does from now
  // on, we see it.
  if (ptrace(PTRACE_SEIZE, Pid, nullptr,
             reinterpret_cast<void *>(PTRACE_O_EXITKILL)) != 0) {
    int Errno = errno;
    return createStringError(inconvertibleErrorCode(),
                             "Failed to attach to the child process: " +
                                 describePtraceRefusal(Pid, Errno));
  }

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
      return toolError("Failed to set CPU affinity of the benchmarking "
                       "process to CPU " +
                           Twine(*Options.Cpu),
                       errno);
  } else if (Server) {
    // A forked child would run where the tool may run now (the tool follows
    // a measurement to a quieter CPU); the server's child inherited where
    // the tool could run when the server was forked.
    cpu_set_t Set;
    if (sched_getaffinity(0, sizeof(Set), &Set) != 0 ||
        sched_setaffinity(Pid, sizeof(Set), &Set) != 0)
      return toolError("Failed to set CPU affinity of the benchmarking "
                       "process",
                       errno);
  }

  std::optional<CounterGroup> Group;
  if (Counters.needsGroup()) {
    Expected<CounterGroup> Opened = CounterGroup::open(Counters.Events, Pid);
    if (!Opened)
      return Opened.takeError();
    Group.emplace(std::move(*Opened));
  }

  HandoffMessage Message;
  alignas(cmsghdr) char Control[CMSG_SPACE(sizeof(int))] = {};
  iovec Vec = {&Message, sizeof(Message)};
  msghdr Header = {};
  Header.msg_iov = &Vec;
  Header.msg_iovlen = 1;
  if (Group) {
    bool UsePidfd = Options.Handoff == CounterHandoffMethod::PidfdGetfd ||
                    (Options.Handoff == CounterHandoffMethod::Auto &&
                     SubProcessFunctionExecutor::isPidfdGetfdAvailable());
    Message.ParentFd = Group->getLeaderFd();
    if (UsePidfd) {
      Message.Method = ViaPidfdGetfd;
      // Under Yama's ptrace_scope=1 a child may not inspect its parent
      // unless named; without Yama this fails harmlessly.
      prctl(PR_SET_PTRACER, Pid, 0, 0, 0);
    } else {
      Message.Method = ViaSocketRights;
      Header.msg_control = Control;
      Header.msg_controllen = sizeof(Control);
      cmsghdr *Cmsg = CMSG_FIRSTHDR(&Header);
      Cmsg->cmsg_level = SOL_SOCKET;
      Cmsg->cmsg_type = SCM_RIGHTS;
      Cmsg->cmsg_len = CMSG_LEN(sizeof(int));
      int Fd = Group->getLeaderFd();
      std::memcpy(CMSG_DATA(Cmsg), &Fd, sizeof(int));
    }
  }

  Watchdog Dog(Pid, Options.TimeoutSeconds, Progress);
  ssize_t Sent;
  do
    Sent = sendmsg(ParentSocket.get(), &Header, MSG_NOSIGNAL);
  while (Sent < 0 && errno == EINTR);
  if (Sent != static_cast<ssize_t>(sizeof(Message)))
    return toolError("Failed to send the counter to the benchmarking "
                     "subprocess",
                     errno);

  Expected<ChildOutcome> Outcome = waitForChild(Child, Dog);
  if (!Outcome)
    return Outcome.takeError();

  // The child's verdict on its setup, if it got that far.
  SetupReport Report = {};
  bool HaveStatus = recv(ParentSocket.get(), &Report, sizeof(Report),
                         MSG_DONTWAIT) == sizeof(Report);
  auto Status = static_cast<ChildSetupStatus>(Report.Status);

  if (Outcome->TimedOut)
    return make_error<SnippetFailure>(
        "The benchmarking subprocess timed out after " +
        formatSeconds(Options.TimeoutSeconds) + " s");
  if (Outcome->Signal != 0) {
    std::optional<FaultLocation> Fault;
    if (Outcome->HaveInstructionPointer) {
      uintptr_t Ip = Outcome->InstructionPointer;
      // A breakpoint trap reports the address after the int3.
      if (Outcome->Signal == SIGTRAP && Ip > 0)
        --Ip;
      for (size_t F = 0; F < Where.Functions.size(); ++F)
        if (Where.contains(F, Ip)) {
          Fault = FaultLocation{
              static_cast<unsigned>(F), Ip - Where.Entries[F],
              reinterpret_cast<uintptr_t>(Outcome->SignalInfo.si_addr),
              Outcome->Signal};
          break;
        }
    }
    return make_error<SnippetFailure>(
        describeSnippetSignal(Outcome->Signal, Outcome->SignalInfo), Fault);
  }
  if (HaveStatus && Status != ChildSetupStatus::Ready)
    return make_error<SnippetFailure>(
        "Child benchmarking process exited with non-zero exit code: " +
        describeSetupReport(Report));
  if (!HaveStatus)
    return createStringError(inconvertibleErrorCode(),
                             "the benchmarking subprocess ended before "
                             "reporting its setup (exit code " +
                                 Twine(Outcome->ExitCode) + ")");
  if (Outcome->Exited && Outcome->ExitCode == CounterFailureExitCode &&
      Context.Results->CounterErrno != 0)
    return toolError("the benchmarking subprocess could not use its perf "
                     "counters",
                     Context.Results->CounterErrno);
  if (Outcome->Exited && Outcome->ExitCode != 0)
    return make_error<SnippetExitError>(Outcome->ExitCode);
  return Error::success();
}

/// The snippet ended the process before the measurement was complete.
Error endedEarly() {
  return make_error<SnippetFailure>(
      "The benchmarking subprocess exited before the measurement was "
      "complete (the snippet ended the process)");
}

/// What a procedure returned in a child that exited normally.
Expected<std::string> readProcedureResult(const ProcedureResultHeader &Result) {
  if (!__atomic_load_n(&Result.Finished, __ATOMIC_ACQUIRE))
    return endedEarly();
  std::string Bytes(reinterpret_cast<const char *>(&Result + 1),
                    static_cast<size_t>(Result.Size));
  if (Result.Failed == FailedInSnippet)
    return make_error<SnippetFailure>(Bytes);
  if (Result.Failed)
    return createStringError(inconvertibleErrorCode(), Bytes);
  return Bytes;
}

/// Where things are in a fork server's shared area: the results head, a
/// procedure's result, then a request (only the pages written are backed).
struct ServerArea {
  /// Room for a request; larger ones fork the tool instead.
  static constexpr size_t RequestCapacity = size_t(256) << 20;

  explicit ServerArea(size_t PageSize)
      : HeadSize((sizeof(SharedResults) + PageSize - 1) / PageSize * PageSize) {
  }
  size_t HeadSize;
  size_t getResultOffset() const { return HeadSize; }
  size_t getRequestOffset() const { return HeadSize + ProcedureResultCapacity; }
  size_t getSize() const { return getRequestOffset() + RequestCapacity; }
};

size_t getPageSize() { return static_cast<size_t>(sysconf(_SC_PAGESIZE)); }

/// The open-file limit below which the tool forks its children itself.
constexpr rlim_t MinOpenFilesForServer = 64;

/// What a fork server's child runs: the request in \p Area.
[[noreturn]] void serverChildMain(char *Area, int Socket) {
  ServerArea Layout(getPageSize());
  const auto *Request =
      reinterpret_cast<const ServerRequest *>(Area + Layout.getRequestOffset());
  ChildContext C = {};
  C.ParentPid = Request->Tool;
  C.ForkedByServer = true;
  C.Socket = Socket;
  C.Dummy = Request->Dummy;
  C.ReadsTimeStampCounter = Request->ReadsTimeStampCounter;
  C.Scratch = Request->Scratch;
  C.PageSize = getPageSize();
  C.Results = reinterpret_cast<SharedResults *>(Area);
  C.NumEvents = Request->NumEvents;
  C.ProcedureResult = reinterpret_cast<ProcedureResultHeader *>(
      Area + Layout.getResultOffset());
  C.Request = Request;
  childMain(C);
}

} // namespace

/// The context fields every kind of child needs; \p Entries and \p TimedCalls
/// (each function's timed-calls loop, 0 for none) back its arrays.
static Expected<ChildContext>
makeContext(const CounterSpec &Counters, char *Scratch,
            ArrayRef<const ExecutableFunction *> Functions,
            const FixedLayout &Layout, size_t PageSize, SharedResults *Results,
            std::vector<uintptr_t> &Entries,
            std::vector<uintptr_t> &TimedCalls) {
  collectAddresses(Functions, Entries, TimedCalls);
  uintptr_t CodeAddress = Layout.FirstFunctionAddress;
  if (CodeAddress) {
    if (Functions.empty() || CodeAddress % PageSize != 0)
      return createStringError(inconvertibleErrorCode(),
                               "the snippet address must be page aligned");
    // The copy there has no loop beside it; the child's own loop calls it.
    Entries[0] = CodeAddress;
    TimedCalls[0] = 0;
  }
  // Collisions with what the child inherits are the snippet's fault, but
  // found here they get a message naming both sides.
  if (!Layout.empty()) {
    Expected<AddressSpaceConstraints> Constraints =
        getCurrentAddressSpaceConstraints();
    if (!Constraints)
      return Constraints.takeError();
    if (Error E = checkFixedLayout(
            Layout, CodeAddress ? Functions[0]->getCode().size() : 0,
            *Constraints, PageSize))
      return E;
  }
  ChildContext Context = {};
  Context.Entries = Entries.data();
  Context.TimedCalls = TimedCalls.data();
  Context.NumFunctions = Entries.size();
  Context.Dummy = Counters.isDummy();
  Context.ReadsTimeStampCounter = Counters.ReadsTimeStampCounter;
  Context.Scratch = Scratch;
  Context.Memory = Layout.Memory.data();
  Context.NumMemory = Layout.Memory.size();
  Context.CodeAddress = CodeAddress;
  Context.CodeSource = CodeAddress ? Functions[0]->getCode().data() : nullptr;
  Context.CodeSize = CodeAddress ? Functions[0]->getCode().size() : 0;
  Context.PageSize = PageSize;
  Context.Results = Results;
  Context.NumEvents =
      Counters.ReadsTimeStampCounter ? 1 : Counters.Events.size();
  return Context;
}

uint64_t SubProcessFunctionExecutor::getNumForked() {
  return NumForked.load(std::memory_order_relaxed);
}

bool SubProcessFunctionExecutor::isPidfdGetfdAvailable() {
  static const bool Available = probePidfdGetfd();
  return Available;
}

SubProcessFunctionExecutor::SubProcessFunctionExecutor(
    CounterSpec Counters, SubProcessOptions Options)
    : Counters(std::move(Counters)), Options(Options),
      Scratch(ScratchMemorySize) {}

SubProcessFunctionExecutor::~SubProcessFunctionExecutor() = default;

ForkServer *SubProcessFunctionExecutor::getForkServer() const {
  if (Server || ServerFailed)
    return Server.get();
  // The server holds a descriptor: under a tight open-file limit the tool
  // keeps every one it has for the measurement itself.
  rlimit Limit;
  if (getrlimit(RLIMIT_NOFILE, &Limit) != 0 ||
      Limit.rlim_cur < MinOpenFilesForServer) {
    ServerFailed = true;
    return nullptr;
  }
  Expected<std::unique_ptr<ForkServer>> Started =
      ForkServer::start(ServerArea(getPageSize()).getSize(), serverChildMain);
  if (!Started) {
    // Forking the tool itself measures the same, only slower.
    consumeError(Started.takeError());
    ServerFailed = true;
    return nullptr;
  }
  Server = std::move(*Started);
  return Server.get();
}

std::optional<Expected<std::string>>
SubProcessFunctionExecutor::runInServerChild(
    ArrayRef<const ExecutableFunction *> Functions,
    const PortableProcedure &Portable) const {
  ForkServer *Server = getForkServer();
  if (!Server)
    return std::nullopt;
  size_t PageSize = getPageSize();
  ServerArea Layout(PageSize);
  char *Area = Server->getSharedArea();

  // The request: its head, the functions, the inputs, then each function's
  // pages (page-aligned, as the copy will be).
  uint64_t InputsOffset =
      sizeof(ServerRequest) + Functions.size() * sizeof(RequestedFunction);
  uint64_t End = InputsOffset + Portable.Inputs.size();
  std::vector<RequestedFunction> Requested;
  for (const ExecutableFunction *F : Functions) {
    End = (End + PageSize - 1) / PageSize * PageSize;
    StringRef Mapping = F->getMapping();
    Requested.push_back({reinterpret_cast<uintptr_t>(Mapping.data()),
                         Mapping.size(), F->getEntryOffset(),
                         F->getCode().size(), F->getTimedCallsOffset(), End});
    End += Mapping.size();
  }
  if (End > ServerArea::RequestCapacity)
    return std::nullopt;
  auto *Request =
      reinterpret_cast<ServerRequest *>(Area + Layout.getRequestOffset());
  *Request = {};
  Request->Tool = getpid();
  Request->NumFunctions = static_cast<uint32_t>(Functions.size());
  Request->Dummy = Counters.isDummy();
  Request->ReadsTimeStampCounter = Counters.ReadsTimeStampCounter;
  Request->NumEvents =
      Counters.ReadsTimeStampCounter ? 1 : Counters.Events.size();
  Request->Scratch = Scratch.get();
  Request->Run = Portable.Run;
  Request->Owner = Portable.Owner;
  Request->InputsOffset = InputsOffset;
  Request->InputsSize = Portable.Inputs.size();
  char *RequestBytes = reinterpret_cast<char *>(Request);
  std::memcpy(RequestBytes + sizeof(ServerRequest), Requested.data(),
              Requested.size() * sizeof(RequestedFunction));
  std::memcpy(RequestBytes + InputsOffset, Portable.Inputs.data(),
              Portable.Inputs.size());
  for (size_t I = 0; I < Functions.size(); ++I)
    std::memcpy(RequestBytes + Requested[I].BytesOffset,
                Functions[I]->getMapping().data(), Requested[I].MappingSize);

  auto *Results = reinterpret_cast<SharedResults *>(Area);
  *Results = {};
  auto *Result = reinterpret_cast<ProcedureResultHeader *>(
      Area + Layout.getResultOffset());
  *Result = {};
  std::vector<uintptr_t> Entries, TimedCalls;
  Expected<ChildContext> Context =
      makeContext(Counters, Scratch.get(), Functions, FixedLayout(), PageSize,
                  Results, Entries, TimedCalls);
  if (!Context)
    return std::optional<Expected<std::string>>(Context.takeError());
  Context->ProcedureResult = Result;
  Context->Request = Request;
  ChildFunctions Where = {Functions, Entries, 0};
  Error Waited = forkAndWait(*Context, Where, Counters, Options,
                             &Results->NumSamplings, Server);
  if (Waited.isA<ServerUnavailable>()) {
    // Gone or unable to fork: the tool forks its children from now on.
    consumeError(std::move(Waited));
    this->Server.reset();
    ServerFailed = true;
    return std::nullopt;
  }
  if (Waited)
    return std::optional<Expected<std::string>>(std::move(Waited));
  return std::optional<Expected<std::string>>(readProcedureResult(*Result));
}

Expected<SampleTable> SubProcessFunctionExecutor::runAndSample(
    ArrayRef<const ExecutableFunction *> Functions, unsigned NumSamples,
    const FixedLayout &Layout, unsigned CallsPerSample,
    const SamplingStopRule *Stop) const {
  // The caller checks isInterrupted() and discards the benchmark.
  if (isInterrupted())
    return createStringError(inconvertibleErrorCode(),
                             "the run was interrupted");
  size_t NumReadings = Functions.size() * NumSamples;
  size_t PageSize = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  Expected<SharedMapping> Shared = SharedMapping::create(
      sizeof(SharedResults) + NumReadings * sizeof(RawGroupReading), PageSize);
  if (!Shared)
    return Shared.takeError();
  auto *Results = static_cast<SharedResults *>(Shared->get());
  auto *Readings = reinterpret_cast<RawGroupReading *>(Results + 1);

  std::vector<uintptr_t> Entries, TimedCalls;
  Expected<ChildContext> Context =
      makeContext(Counters, Scratch.get(), Functions, Layout, PageSize, Results,
                  Entries, TimedCalls);
  if (!Context)
    return Context.takeError();
  Context->NumSamples = NumSamples;
  Context->CallsPerSample = CallsPerSample;
  Context->Readings = Readings;
  Context->Stop = Stop && Stop->Enough ? Stop : nullptr;

  ChildFunctions Where = {Functions, Entries, Context->CodeAddress};
  if (Error E = forkAndWait(*Context, Where, Counters, Options, nullptr))
    return E;
  unsigned NumRounds =
      static_cast<unsigned>(std::min<uint64_t>(Results->NumRounds, NumSamples));
  if ((NumSamples && NumRounds == 0) ||
      Results->NumCompleted != uint64_t(NumRounds) * Functions.size())
    return endedEarly();

  SampleTable Samples(Functions.size());
  for (unsigned S = 0; S < NumRounds; ++S)
    for (size_t F = 0; F < Functions.size(); ++F) {
      if (Counters.isDummy()) {
        Samples[F].emplace_back();
        continue;
      }
      Expected<CounterValues> Values = CounterGroup::decode(
          Readings[S * Functions.size() + F], Context->NumEvents);
      if (!Values)
        return Values.takeError();
      Samples[F].push_back(std::move(*Values));
    }
  return Samples;
}

Expected<std::string> SubProcessFunctionExecutor::runProcedure(
    ArrayRef<const ExecutableFunction *> Functions, const FixedLayout &Layout,
    SamplingProcedure Procedure, const PortableProcedure *Portable) const {
  // Code at a fixed address holds one function at a time: each sampling
  // then needs a child of its own.
  if (Layout.FirstFunctionAddress)
    return FunctionExecutor::runProcedure(Functions, Layout, Procedure);
  if (isInterrupted())
    return createStringError(inconvertibleErrorCode(),
                             "the run was interrupted");
  if (Portable && Layout.empty())
    if (std::optional<Expected<std::string>> Done =
            runInServerChild(Functions, *Portable))
      return std::move(*Done);
  size_t PageSize = getPageSize();
  size_t HeadSize = ServerArea(PageSize).HeadSize;
  Expected<SharedMapping> Shared =
      SharedMapping::create(HeadSize + ProcedureResultCapacity, PageSize);
  if (!Shared)
    return Shared.takeError();
  auto *Results = static_cast<SharedResults *>(Shared->get());
  auto *Result = reinterpret_cast<ProcedureResultHeader *>(
      static_cast<char *>(Shared->get()) + HeadSize);

  std::vector<uintptr_t> Entries, TimedCalls;
  Expected<ChildContext> Context =
      makeContext(Counters, Scratch.get(), Functions, Layout, PageSize, Results,
                  Entries, TimedCalls);
  if (!Context)
    return Context.takeError();
  Context->Procedure = &Procedure;
  Context->ProcedureResult = Result;

  ChildFunctions Where = {Functions, Entries, 0};
  if (Error E = forkAndWait(*Context, Where, Counters, Options,
                            &Results->NumSamplings))
    return E;
  return readProcedureResult(*Result);
}

} // namespace exegesis
} // namespace llvm
