//===-- ChildProcessTest.cpp - A child, held by the tool --------*- C++ -*-===//

#include "Execution/ChildProcess.h"
#include "gtest/gtest.h"
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

#if defined(__linux__)

/// What a child does once the test lets it go.
enum class Then { Exit7, RaiseUsr1, ExitAtEndOfInput };

/// A forked child, traced, that waits for a byte on a pipe before it does
/// what it was made for, so that it is attached to before it does anything.
class TracedChild {
public:
  explicit TracedChild(Then What) {
    EXPECT_EQ(pipe2(Go, O_CLOEXEC), 0);
    Pid = fork();
    if (Pid == 0) {
      close(Go[1]);
      char Byte;
      ssize_t Read = read(Go[0], &Byte, 1);
      if (What == Then::RaiseUsr1)
        raise(SIGUSR1);
      if (What == Then::ExitAtEndOfInput) {
        // Only the end of the input ends it: a hang until then.
        while (Read > 0 || (Read < 0 && errno == EINTR))
          Read = read(Go[0], &Byte, 1);
        syscall(SYS_exit_group, 0);
      }
      syscall(SYS_exit_group, 7);
    }
    close(Go[0]);
    EXPECT_GT(Pid, 0);
    EXPECT_EQ(ptrace(PTRACE_SEIZE, Pid, nullptr,
                     reinterpret_cast<void *>(PTRACE_O_EXITKILL)),
              0);
  }
  ~TracedChild() {
    if (Go[1] >= 0)
      close(Go[1]);
  }
  pid_t getPid() const { return Pid; }
  void go() { EXPECT_EQ(write(Go[1], "g", 1), 1); }
  void endInput() {
    close(Go[1]);
    Go[1] = -1;
  }

private:
  int Go[2] = {-1, -1};
  pid_t Pid = -1;
};

bool isReaped(pid_t Pid) {
  int Status;
  return waitpid(Pid, &Status, WNOHANG | __WALL) < 0 && errno == ECHILD;
}

TEST(ChildProcessTest, AnExitIsSeenWithItsCode) {
  TracedChild Traced(Then::Exit7);
  ChildProcess Child(Traced.getPid());
  Watchdog Dog(Traced.getPid(), 60);
  Traced.go();
  Expected<ChildOutcome> Outcome = waitForChild(Child, Dog);
  ASSERT_TRUE(static_cast<bool>(Outcome)) << toString(Outcome.takeError());
  EXPECT_TRUE(Outcome->Exited);
  EXPECT_EQ(Outcome->ExitCode, 7);
  EXPECT_EQ(Outcome->Signal, 0);
  EXPECT_FALSE(Outcome->TimedOut);
  EXPECT_TRUE(isReaped(Traced.getPid()));
}

TEST(ChildProcessTest, ASignalIsRecordedAndTheChildKilled) {
  TracedChild Traced(Then::RaiseUsr1);
  ChildProcess Child(Traced.getPid());
  Watchdog Dog(Traced.getPid(), 60);
  Traced.go();
  Expected<ChildOutcome> Outcome = waitForChild(Child, Dog);
  ASSERT_TRUE(static_cast<bool>(Outcome)) << toString(Outcome.takeError());
  EXPECT_FALSE(Outcome->Exited);
  EXPECT_EQ(Outcome->Signal, SIGUSR1);
  EXPECT_EQ(Outcome->SignalInfo.si_signo, SIGUSR1);
  EXPECT_EQ(Outcome->SignalInfo.si_pid, Traced.getPid());
#if defined(__x86_64__)
  EXPECT_TRUE(Outcome->HaveInstructionPointer);
#endif
  EXPECT_TRUE(isReaped(Traced.getPid()));
}

TEST(ChildProcessTest, ASignalSentToTheGroupFromOutsideIsNotTheChilds) {
  // A terminal resize reaches every process of the group; the child goes
  // on without it.
  TracedChild Traced(Then::Exit7);
  ChildProcess Child(Traced.getPid());
  Watchdog Dog(Traced.getPid(), 60);
  ASSERT_EQ(kill(Traced.getPid(), SIGWINCH), 0);
  Traced.go();
  Expected<ChildOutcome> Outcome = waitForChild(Child, Dog);
  ASSERT_TRUE(static_cast<bool>(Outcome)) << toString(Outcome.takeError());
  EXPECT_TRUE(Outcome->Exited);
  EXPECT_EQ(Outcome->ExitCode, 7);
  EXPECT_EQ(Outcome->Signal, 0);
}

TEST(ChildProcessTest, TheWatchdogEndsAChildThatRunsTooLong) {
  TracedChild Traced(Then::ExitAtEndOfInput);
  ChildProcess Child(Traced.getPid());
  Watchdog Dog(Traced.getPid(), 0.05);
  Traced.go();
  Expected<ChildOutcome> Outcome = waitForChild(Child, Dog);
  ASSERT_TRUE(static_cast<bool>(Outcome)) << toString(Outcome.takeError());
  EXPECT_TRUE(Outcome->TimedOut);
  EXPECT_FALSE(Outcome->Exited);
  EXPECT_EQ(Outcome->Signal, 0);
  EXPECT_TRUE(isReaped(Traced.getPid()));
}

TEST(ChildProcessTest, AChildNotWaitedForIsKilledAndReaped) {
  TracedChild Traced(Then::ExitAtEndOfInput);
  pid_t Pid = Traced.getPid();
  { ChildProcess Child(Pid); }
  EXPECT_TRUE(isReaped(Pid));
}

TEST(ChildProcessTest, ASharedMappingIsSharedWithAChild) {
  Expected<SharedMapping> Shared = SharedMapping::create(100, getpagesize());
  ASSERT_TRUE(static_cast<bool>(Shared)) << toString(Shared.takeError());
  auto *Word = static_cast<uint64_t *>(Shared->get());
  *Word = 1;
  pid_t Pid = fork();
  if (Pid == 0) {
    *Word = 2;
    syscall(SYS_exit_group, 0);
  }
  ASSERT_GT(Pid, 0);
  int Status;
  ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
  EXPECT_EQ(*Word, 2u);
}

#endif

} // namespace
