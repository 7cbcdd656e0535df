//===-- HostInstructionProbe.cpp --------------------------------*- C++ -*-===//

#include "Availability/HostInstructionProbe.h"
#include "Execution/FunctionExecutor.h"
#include "Execution/ScratchMemory.h"
#include "Support/ExitCleanup.h"
#include "Support/Interruption.h"
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csetjmp>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

namespace {

/// The head of the shared memory; the code follows at CodeOffset.
struct SharedHeader {
  /// The sequence number of the request whose code the child is about to
  /// call, written by the child: tells a child that died running the code
  /// from one that died before it got there.
  uint32_t Running;
};
constexpr size_t CodeOffset = 64;
static_assert(sizeof(SharedHeader) <= CodeOffset, "header overlaps the code");

struct Request {
  uint32_t Sequence;
  uint32_t CodeSize;
};

/// Sequence 0 is the child's first message: set up, waiting for requests.
struct Answer {
  uint32_t Sequence;
  int32_t Signal;
  uint64_t FaultOffset;
  uint32_t HaveFaultOffset;
  uint32_t Padding;
};

/// How long a new child may take to get ready: forking a large process on a
/// loaded machine is slow, and a child that is not ready is a tool error.
constexpr unsigned StartupTimeoutSeconds = 30;

/// Room for the signal frame, which holds the whole extended register state
/// (several kilobytes with AVX-512, more with AMX).
constexpr size_t AltStackSize = 256 << 10;

constexpr int FaultSignals[] = {SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP};

// The probe in flight, in the child (the only process that installs the
// handler; it has one thread).
sigjmp_buf ProbeReturn;
volatile sig_atomic_t Probing = 0;
volatile sig_atomic_t CaughtSignal = 0;
void *volatile CaughtAddress = nullptr;

void onFault(int Signal, siginfo_t *Info, void *) {
  if (!Probing) {
    // The child's own code faulted: die of it, as without a handler.
    signal(Signal, SIG_DFL);
    raise(Signal);
    return;
  }
  Probing = 0;
  CaughtSignal = Signal;
  CaughtAddress = Info->si_addr;
  siglongjmp(ProbeReturn, 1);
}

/// Everything the child needs, prepared before the fork: the child must not
/// allocate (the parent's allocator state is whatever it was at fork).
struct ChildSetup {
  pid_t ParentPid;
  int Socket;
  char *Shared;
  size_t PageSize;
};

[[noreturn]] void childExit(int Code) {
  // No atexit handlers, no stdio flush: those are the parent's.
  syscall(SYS_exit_group, Code);
  __builtin_unreachable();
}

void closeDescriptors(unsigned First, unsigned Last) {
  if (First > Last)
    return;
#ifdef SYS_close_range
  if (syscall(SYS_close_range, First, Last, 0) == 0)
    return;
#endif
  // Before Linux 5.9: one by one, up to the limit on descriptors.
  rlimit Limit;
  unsigned End = 1 << 16;
  if (getrlimit(RLIMIT_NOFILE, &Limit) == 0 && Limit.rlim_cur < End)
    End = Limit.rlim_cur;
  for (unsigned Fd = First; Fd <= Last && Fd < End; ++Fd)
    close(static_cast<int>(Fd));
}

/// Puts back the x87/SSE state (control words, MXCSR, registers) and the
/// direction flag, which the probed code may have changed and which the
/// child's own code relies on.
class FloatingPointState {
public:
  void save() {
#if defined(__x86_64__)
    asm volatile("fxsave64 %0" : "=m"(Image));
#endif
  }
  void restore() const {
#if defined(__x86_64__)
    asm volatile("fxrstor64 %0\n\tcld" : : "m"(Image));
#endif
  }

private:
  alignas(16) char Image[512];
};

/// The state the child starts with, put back after every probe.
FloatingPointState CleanFloatingPointState;

[[noreturn]] void childMain(const ChildSetup &S) {
  // Die with the parent; if it is already gone, the signal will never come.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != S.ParentPid)
    childExit(1);
  // The parent's handlers (interruption, crash reports) are not ours.
  struct sigaction Default = {};
  Default.sa_handler = SIG_DFL;
  for (int Signal = 1; Signal < NSIG; ++Signal)
    if (Signal != SIGKILL && Signal != SIGSTOP)
      sigaction(Signal, &Default, nullptr);
  // Ctrl-C and `timeout` signal the tool's whole process group: an
  // interruption is the tool's to handle (it kills us), and a probe that
  // died of it would be a probe lost, or a tool error when it happens twice.
  struct sigaction Ignore = {};
  Ignore.sa_handler = SIG_IGN;
  for (int Signal = 1; Signal < NSIG; ++Signal)
    if (isInterruptionSignal(Signal))
      sigaction(Signal, &Ignore, nullptr);
  // A blocked fault signal raised by the code would kill the child.
  sigset_t None;
  sigemptyset(&None);
  sigprocmask(SIG_SETMASK, &None, nullptr);
  // Holding the parent's pipes and files open would keep their readers
  // waiting after the parent is done with them.
  if (S.Socket > 0)
    closeDescriptors(0, S.Socket - 1);
  closeDescriptors(S.Socket + 1, ~0U);

  void *AltStack = mmap(nullptr, AltStackSize, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  void *Code = mmap(nullptr, HostInstructionProbe::MaxCodeSize,
                    PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  // Guarded and with room below, as the measured function's.
  ScratchMemory Scratch(ScratchMemorySize);
  if (AltStack == MAP_FAILED || Code == MAP_FAILED)
    childExit(2);
  // The probed code may leave the stack pointer anywhere.
  stack_t Stack = {};
  Stack.ss_sp = AltStack;
  Stack.ss_size = AltStackSize;
  if (sigaltstack(&Stack, nullptr) != 0)
    childExit(2);
  struct sigaction Catch = {};
  Catch.sa_sigaction = onFault;
  // SA_NODEFER: the handler leaves by siglongjmp without restoring a signal
  // mask, so the signal must not be blocked while it runs.
  Catch.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&Catch.sa_mask);
  for (int Signal : FaultSignals)
    if (sigaction(Signal, &Catch, nullptr) != 0)
      childExit(2);
  CleanFloatingPointState.save();

  Answer Ready = {};
  if (send(S.Socket, &Ready, sizeof(Ready), MSG_NOSIGNAL) != sizeof(Ready))
    childExit(3);
  auto *Header = reinterpret_cast<SharedHeader *>(S.Shared);
  char *CodeBytes = static_cast<char *>(Code);
  while (true) {
    Request R;
    ssize_t Received = recv(S.Socket, &R, sizeof(R), 0);
    if (Received == 0)
      childExit(0);
    if (Received < 0 && errno == EINTR)
      continue;
    if (Received != static_cast<ssize_t>(sizeof(R)))
      childExit(3);
    size_t Size =
        std::min<size_t>(R.CodeSize, HostInstructionProbe::MaxCodeSize);
    size_t Pages = (Size + S.PageSize - 1) / S.PageSize * S.PageSize;
    if (Pages == 0)
      Pages = S.PageSize;
    // A private copy made by this CPU: never code that another CPU writes.
    if (mprotect(Code, Pages, PROT_READ | PROT_WRITE) != 0)
      childExit(4);
    std::memcpy(Code, S.Shared + CodeOffset, Size);
    // x86 keeps instruction fetch coherent with stores; others need this.
    __builtin___clear_cache(CodeBytes, CodeBytes + Size);
    if (mprotect(Code, Pages, PROT_READ | PROT_EXEC) != 0)
      childExit(4);
    __atomic_store_n(&Header->Running, R.Sequence, __ATOMIC_SEQ_CST);
    CaughtSignal = 0;
    CaughtAddress = nullptr;
    if (sigsetjmp(ProbeReturn, /*savemask=*/0) == 0) {
      Probing = 1;
      reinterpret_cast<void (*)(char *)>(Code)(Scratch.get());
      Probing = 0;
    }
    CleanFloatingPointState.restore();
    Answer A = {};
    A.Sequence = R.Sequence;
    A.Signal = CaughtSignal;
    char *Address = static_cast<char *>(CaughtAddress);
    if (A.Signal && Address >= CodeBytes && Address < CodeBytes + Size) {
      A.HaveFaultOffset = 1;
      A.FaultOffset = Address - CodeBytes;
    }
    if (send(S.Socket, &A, sizeof(A), MSG_NOSIGNAL) != sizeof(A))
      childExit(3);
  }
}

Error toolError(const Twine &What, int Errno) {
  return createStringError(inconvertibleErrorCode(),
                           "host instruction probe: " + What + ": " +
                               std::strerror(Errno));
}

Error toolError(const Twine &What) {
  return createStringError(inconvertibleErrorCode(),
                           "host instruction probe: " + What);
}

enum class Receipt { Answered, TimedOut, Closed };

/// Waits up to \p TimeoutSeconds for one answer on \p Socket.
Expected<Receipt> receiveAnswer(int Socket, double TimeoutSeconds, Answer &A) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point Deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(TimeoutSeconds));
  while (true) {
    Clock::duration Left = Deadline - Clock::now();
    if (Left <= Clock::duration::zero())
      return Receipt::TimedOut;
    // Rounded up: poll's milliseconds must not end the wait early.
    auto Milliseconds =
        std::chrono::ceil<std::chrono::milliseconds>(Left).count();
    pollfd Poll = {Socket, POLLIN, 0};
    int Ready = poll(
        &Poll, 1, static_cast<int>(std::min<long long>(Milliseconds, INT_MAX)));
    if (Ready < 0) {
      if (errno == EINTR)
        continue;
      return toolError("waiting for the child failed", errno);
    }
    if (Ready == 0)
      continue;
    ssize_t Received = recv(Socket, &A, sizeof(A), MSG_DONTWAIT);
    if (Received == static_cast<ssize_t>(sizeof(A)))
      return Receipt::Answered;
    if (Received == 0 || (Received < 0 && errno == ECONNRESET))
      return Receipt::Closed;
    if (Received < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (Received < 0)
      return toolError("reading the child's answer failed", errno);
    return toolError("the child sent a truncated answer");
  }
}

} // namespace

HostInstructionProbe::HostInstructionProbe(double TimeoutSeconds)
    : TimeoutSeconds(TimeoutSeconds) {}

HostInstructionProbe::~HostInstructionProbe() {
  if (ChildPid)
    stopChild();
  if (Shared)
    munmap(Shared, SharedSize);
}

int HostInstructionProbe::stopChild() {
  removeExitCleanup(this);
  kill(ChildPid, SIGKILL);
  int Status = 0;
  while (waitpid(ChildPid, &Status, 0) < 0 && errno == EINTR) {
  }
  close(Socket);
  Socket = -1;
  ChildPid = 0;
  return Status;
}

Error HostInstructionProbe::startChild() {
  if (!Shared) {
    size_t Size = CodeOffset + MaxCodeSize;
    void *Mapping = mmap(nullptr, Size, PROT_READ | PROT_WRITE,
                         MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (Mapping == MAP_FAILED)
      return toolError("cannot map memory to share with the child", errno);
    Shared = Mapping;
    SharedSize = Size;
  }
  int Pair[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, Pair) != 0)
    return toolError("cannot create a socket pair", errno);
  ChildSetup Setup = {getpid(), Pair[1], static_cast<char *>(Shared),
                      static_cast<size_t>(sysconf(_SC_PAGESIZE))};
  pid_t Pid = fork();
  if (Pid < 0) {
    int Errno = errno;
    close(Pair[0]);
    close(Pair[1]);
    return toolError("cannot fork the child", Errno);
  }
  if (Pid == 0)
    childMain(Setup);
  close(Pair[1]);
  Socket = Pair[0];
  ChildPid = Pid;
  ++NumChildrenStarted;
  addExitCleanup(
      [](void *Probe) {
        static_cast<HostInstructionProbe *>(Probe)->stopChild();
      },
      this);
  Answer Ready;
  Expected<Receipt> Got = receiveAnswer(Socket, StartupTimeoutSeconds, Ready);
  if (Got && *Got == Receipt::Answered && Ready.Sequence == 0)
    return Error::success();
  int Status = stopChild();
  if (!Got)
    return Got.takeError();
  if (*Got == Receipt::TimedOut)
    return toolError("the child was not ready after " +
                     Twine(StartupTimeoutSeconds) + " s");
  if (WIFEXITED(Status))
    return toolError("the child failed to set up (exit code " +
                     Twine(WEXITSTATUS(Status)) + ")");
  return toolError("the child failed to set up (" +
                   Twine(strsignal(WTERMSIG(Status))) + ")");
}

Expected<ProbeResult> HostInstructionProbe::run(StringRef Code) {
  if (Code.size() > MaxCodeSize)
    return toolError("a function of " + Twine(Code.size()) +
                     " bytes is larger than the " + Twine(MaxCodeSize) +
                     " bytes a probe takes");
  // A child killed from outside while it waited gets one successor.
  for (int Attempt = 0; Attempt < 2; ++Attempt) {
    if (!ChildPid)
      if (Error E = startChild())
        return E;
    if (++LastSequence == 0)
      ++LastSequence;
    uint32_t Sequence = LastSequence;
    std::memcpy(static_cast<char *>(Shared) + CodeOffset, Code.data(),
                Code.size());
    Request R = {Sequence, static_cast<uint32_t>(Code.size())};
    ssize_t Sent = send(Socket, &R, sizeof(R), MSG_NOSIGNAL);
    if (Sent < 0 && errno != EPIPE && errno != ECONNRESET)
      return toolError("cannot send the code to the child", errno);
    if (Sent == static_cast<ssize_t>(sizeof(R))) {
      Answer A;
      Expected<Receipt> Got = receiveAnswer(Socket, TimeoutSeconds, A);
      if (!Got)
        return Got.takeError();
      if (*Got == Receipt::TimedOut) {
        stopChild();
        ProbeResult Result;
        Result.Kind = ProbeResult::Outcome::TimedOut;
        return Result;
      }
      if (*Got == Receipt::Answered) {
        if (A.Sequence != Sequence) {
          stopChild();
          return toolError("the child answered another request");
        }
        ProbeResult Result;
        Result.Kind = A.Signal ? ProbeResult::Outcome::Signalled
                               : ProbeResult::Outcome::Returned;
        Result.Signal = A.Signal;
        if (A.HaveFaultOffset)
          Result.FaultOffset = A.FaultOffset;
        return Result;
      }
    }
    // The child is gone.
    auto *Header = static_cast<SharedHeader *>(Shared);
    bool ReachedCode =
        __atomic_load_n(&Header->Running, __ATOMIC_SEQ_CST) == Sequence;
    int Status = stopChild();
    if (ReachedCode) {
      ProbeResult Result;
      Result.Kind = ProbeResult::Outcome::ChildDied;
      Result.Signal = WIFSIGNALED(Status) ? WTERMSIG(Status) : 0;
      return Result;
    }
  }
  return toolError("the child died twice before it could run the code");
}

} // namespace exegesis
} // namespace llvm
