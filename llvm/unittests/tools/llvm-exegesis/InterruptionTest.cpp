//===-- InterruptionTest.cpp - SIGINT, SIGTERM, SIGHUP end a run ----------===//
//
// The handler records the first signal and kills the registered
// benchmarking subprocess at once, wherever the signal lands; a second
// signal ends the process. Each test runs in a forked process of its own, so
// that the test runner keeps its own signal handling.
//
//===----------------------------------------------------------------------===//

#include "lib/Interruption.h"
#include "gtest/gtest.h"
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

TEST(InterruptionTest, ASecondSignalEndsTheProcess) {
  int Status = runInChild([] {
    installInterruptionHandler();
    kill(getpid(), SIGINT);
    if (!isInterrupted())
      return 1;
    kill(getpid(), SIGINT);
    return 2;
  });
  ASSERT_TRUE(WIFSIGNALED(Status));
  EXPECT_EQ(WTERMSIG(Status), SIGINT);
}

} // namespace
