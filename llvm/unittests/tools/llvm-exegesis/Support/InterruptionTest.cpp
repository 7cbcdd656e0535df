//===-- InterruptionTest.cpp - SIGINT, SIGTERM, SIGHUP end a run ----------===//
//
// The handler records the first signal and kills the registered
// benchmarking subprocess at once, wherever the signal lands; a second
// signal ends the process when it comes a second or more after the first
// (the handler's clock is the tests' to set). Each test runs in a forked
// process of its own, so that the test runner keeps its own signal handling.
//
//===----------------------------------------------------------------------===//

#include "Support/Interruption.h"
#include "gtest/gtest.h"
#include <atomic>
#include <csignal>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace llvm::exegesis;

namespace {

/// Runs \p Body in a forked child; returns its wait status.
template <typename Function> int runInChild(Function Body) {
  pid_t Pid = fork();
  if (Pid == 0) {
    alarm(30); // Should the test hang.
    _exit(Body());
  }
  int Status = 0;
  waitpid(Pid, &Status, 0);
  return Status;
}

pid_t startSleeper() {
  pid_t Pid = fork();
  if (Pid == 0) {
    for (;;)
      pause();
  }
  return Pid;
}

TEST(InterruptionTest, KillsTheVictimWhereverTheSignalLands) {
  for (int Signal : {SIGINT, SIGTERM, SIGHUP}) {
    int Status = runInChild([Signal] {
      installInterruptionHandler();
      pid_t Sleeper = startSleeper();
      setInterruptionVictim(Sleeper);
      // Sent from another thread, as the subprocess watchdog's could get
      // it.
      std::thread([Signal] { kill(getpid(), Signal); }).join();
      int SleeperStatus = 0;
      while (waitpid(Sleeper, &SleeperStatus, 0) < 0 && errno == EINTR) {
      }
      withdrawInterruptionVictim();
      if (getInterruptionSignal() != Signal)
        return 1;
      return WIFSIGNALED(SleeperStatus) && WTERMSIG(SleeperStatus) == SIGKILL
                 ? 0
                 : 2;
    });
    ASSERT_TRUE(WIFEXITED(Status)) << "signal " << Signal;
    EXPECT_EQ(WEXITSTATUS(Status), 0) << "signal " << Signal;
  }
}

TEST(InterruptionTest, AVictimRegisteredAfterTheSignalIsKilledAtOnce) {
  int Status = runInChild([] {
    installInterruptionHandler();
    kill(getpid(), SIGTERM);
    pid_t Sleeper = startSleeper();
    setInterruptionVictim(Sleeper);
    int SleeperStatus = 0;
    waitpid(Sleeper, &SleeperStatus, 0);
    withdrawInterruptionVictim();
    return WIFSIGNALED(SleeperStatus) && WTERMSIG(SleeperStatus) == SIGKILL ? 0
                                                                            : 1;
  });
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 0);
}

TEST(InterruptionTest, TheSameSignalTwiceAtOnceIsOneRequest) {
  // As `timeout` sends it: to the tool, then to its process group.
  for (int Second : {SIGINT, SIGTERM}) {
    int Status = runInChild([Second] {
      // A group of its own, so that the test runner is not in it.
      if (setpgid(0, 0) != 0)
        return 2;
      installInterruptionHandler();
      kill(getpid(), SIGINT);
      kill(0, Second);
      return getInterruptionSignal() == SIGINT ? 0 : 1;
    });
    ASSERT_TRUE(WIFEXITED(Status)) << "second signal " << Second;
    EXPECT_EQ(WEXITSTATUS(Status), 0) << "second signal " << Second;
  }
}

/// The handler's clock in the tests below: the test sets the time.
std::atomic<long long> FakeNow{0};
long long readFakeClock() { return FakeNow.load(); }

constexpr long long FirstSignalAt = 5000000000;
constexpr long long OneSecond = 1000000000;

/// In a child: a first SIGINT at FirstSignalAt, then \p Second at
/// FirstSignalAt + \p Later nanoseconds. Returns 0 when the process lives on
/// and the first signal is the one recorded.
int signalTwice(int Second, long long Later) {
  setInterruptionClockForTesting(readFakeClock);
  installInterruptionHandler();
  FakeNow = FirstSignalAt;
  kill(getpid(), SIGINT);
  if (getInterruptionSignal() != SIGINT)
    return 1;
  FakeNow = FirstSignalAt + Later;
  kill(getpid(), Second);
  return getInterruptionSignal() == SIGINT ? 0 : 2;
}

TEST(InterruptionTest, ASignalWithinASecondOfTheFirstIsTheSameRequest) {
  for (long long Later : {0LL, OneSecond / 2, OneSecond - 1})
    for (int Second : {SIGINT, SIGTERM, SIGHUP}) {
      int Status =
          runInChild([Second, Later] { return signalTwice(Second, Later); });
      ASSERT_TRUE(WIFEXITED(Status))
          << "signal " << Second << " " << Later << " ns later";
      EXPECT_EQ(WEXITSTATUS(Status), 0)
          << "signal " << Second << " " << Later << " ns later";
    }
}

TEST(InterruptionTest, ASecondSignalASecondLaterEndsTheProcess) {
  for (long long Later : {OneSecond, 60 * OneSecond})
    for (int Second : {SIGINT, SIGTERM}) {
      int Status =
          runInChild([Second, Later] { return signalTwice(Second, Later); });
      ASSERT_TRUE(WIFSIGNALED(Status))
          << "signal " << Second << " " << Later << " ns later";
      EXPECT_EQ(WTERMSIG(Status), Second);
    }
}

TEST(InterruptionTest, TheWindowStartsAtTheFirstSignal) {
  // Signals within the window do not extend it: the user pressing Ctrl-C
  // again and again gets out a second after the first.
  int Status = runInChild([] {
    if (signalTwice(SIGINT, OneSecond / 2) != 0)
      return 1;
    FakeNow = FirstSignalAt + OneSecond;
    kill(getpid(), SIGINT);
    return 2;
  });
  ASSERT_TRUE(WIFSIGNALED(Status));
  EXPECT_EQ(WTERMSIG(Status), SIGINT);
}

TEST(InterruptionTest, AForkedChildLeavesTheSignalToTheTool) {
  // A benchmarking subprocess runs the tool's handler until it sets up its
  // own: Ctrl-C reaching it then neither kills it nor counts as its own
  // interruption.
  int Status = runInChild([] {
    installInterruptionHandler();
    pid_t Child = fork();
    if (Child == 0) {
      kill(getpid(), SIGINT);
      _exit(isInterrupted() ? 1 : 0);
    }
    int ChildStatus = 0;
    waitpid(Child, &ChildStatus, 0);
    if (isInterrupted())
      return 3;
    return WIFEXITED(ChildStatus) ? WEXITSTATUS(ChildStatus) : 2;
  });
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 0);
}

} // namespace
