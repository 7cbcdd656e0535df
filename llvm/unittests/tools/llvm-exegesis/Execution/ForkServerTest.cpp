//===-- ForkServerTest.cpp - Children forked by a quiet process -*- C++ -*-===//

#include "Execution/ForkServer.h"
#include "gtest/gtest.h"
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

#if defined(__linux__)

/// What a child writes to the shared area: its own pid and its parent's.
struct ChildReport {
  pid_t Self;
  pid_t Parent;
};

/// Reports where it runs, then says so over its socket.
void reportAndExit(char *SharedArea, int Socket) {
  auto *Report = reinterpret_cast<ChildReport *>(SharedArea);
  Report->Self = getpid();
  Report->Parent = getppid();
  char Done = 'd';
  (void)!write(Socket, &Done, 1);
  syscall(SYS_exit_group, 0);
}

/// Runs one child of \p Server and returns what it reported.
ChildReport runChild(ForkServer &Server) {
  int Sockets[2];
  EXPECT_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Sockets), 0);
  Expected<pid_t> Child = Server.forkChild(Sockets[1]);
  close(Sockets[1]);
  EXPECT_TRUE(static_cast<bool>(Child)) << toString(Child.takeError());
  char Done = 0;
  EXPECT_EQ(read(Sockets[0], &Done, 1), 1);
  close(Sockets[0]);
  ChildReport Report;
  std::memcpy(&Report, Server.getSharedArea(), sizeof(Report));
  if (Child) {
    EXPECT_EQ(Report.Self, *Child);
  }
  return Report;
}

TEST(ForkServerTest, ChildrenAreTheServersAndShareItsArea) {
  Expected<std::unique_ptr<ForkServer>> Server =
      ForkServer::start(1 << 20, reportAndExit);
  ASSERT_TRUE(static_cast<bool>(Server)) << toString(Server.takeError());
  EXPECT_GE((*Server)->getSharedSize(), size_t(1) << 20);
  for (int I = 0; I < 3; ++I) {
    ChildReport Report = runChild(**Server);
    EXPECT_EQ(Report.Parent, (*Server)->getPid());
    EXPECT_NE(Report.Self, getpid());
  }
}

TEST(ForkServerTest, TheServerEndsWithItsOwner) {
  pid_t Pid;
  {
    Expected<std::unique_ptr<ForkServer>> Server =
        ForkServer::start(1 << 20, reportAndExit);
    ASSERT_TRUE(static_cast<bool>(Server)) << toString(Server.takeError());
    Pid = (*Server)->getPid();
    EXPECT_EQ(kill(Pid, 0), 0);
  }
  // Reaped: the pid names no process of ours any more.
  EXPECT_EQ(waitpid(Pid, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

/// Spends about 50 ms of CPU time, then does as reportAndExit.
void burnAndExit(char *SharedArea, int Socket) {
  timespec Start, Now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &Start);
  do
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &Now);
  while (double(Now.tv_sec - Start.tv_sec) +
             1e-9 * double(Now.tv_nsec - Start.tv_nsec) <
         0.05);
  reportAndExit(SharedArea, Socket);
}

double childrenCpuSeconds() {
  rusage Usage;
  getrusage(RUSAGE_CHILDREN, &Usage);
  return double(Usage.ru_utime.tv_sec + Usage.ru_stime.tv_sec) +
         1e-6 * double(Usage.ru_utime.tv_usec + Usage.ru_stime.tv_usec);
}

TEST(ForkServerTest, ItsChildrensCpuTimeIsItsOwners) {
  // The server reaps a child at its next request; the last one, at its
  // end, before the owner reaps the server. Killed first, it left that
  // child to init, with its CPU time (a subprocess run's last measurement
  // child: a fifth of the run's CPU time).
  double Before = childrenCpuSeconds();
  {
    Expected<std::unique_ptr<ForkServer>> Server =
        ForkServer::start(1 << 20, burnAndExit);
    ASSERT_TRUE(static_cast<bool>(Server)) << toString(Server.takeError());
    runChild(**Server);
  }
  EXPECT_GE(childrenCpuSeconds() - Before, 0.04);
}

/// Whether a process of ours other than those already reaped is left:
/// alive, or a zombie not yet reaped (the latter is reaped here).
bool anyChildLeft() {
  int Status;
  pid_t Pid = waitpid(-1, &Status, WNOHANG | __WALL);
  return !(Pid < 0 && errno == ECHILD);
}

/// The server the "tool" of the test below exits with.
ForkServer *ServerAtExit = nullptr;

TEST(ForkServerTest, ExitingWithoutUnwindingLeavesNoProcessBehind) {
  // An error or an interruption ends the tool with std::exit, the server's
  // owner still on the stack. As a subreaper this test inherits whatever
  // the exiting "tool" leaves: before ExitCleanup, the server and its
  // last child, which died by PR_SET_PDEATHSIG and stayed zombies of init.
  ASSERT_EQ(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
  pid_t Tool = fork();
  ASSERT_GE(Tool, 0);
  if (Tool == 0) {
    Expected<std::unique_ptr<ForkServer>> Server =
        ForkServer::start(1 << 20, reportAndExit);
    if (!Server)
      _exit(2);
    runChild(**Server);
    // Still owned, as on the tool's stack; reachable, so that a leak
    // checker at exit has nothing to report.
    ServerAtExit = Server->release();
    std::exit(0);
  }
  int Status = 0;
  ASSERT_EQ(waitpid(Tool, &Status, 0), Tool);
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0);
  bool Left = anyChildLeft();
  // Whatever was left dies by PR_SET_PDEATHSIG; it is reaped here, so that
  // no other test meets it.
  for (int Wait = 0; Wait < 2000 && anyChildLeft(); ++Wait) {
    timespec Pause = {0, 1000000};
    nanosleep(&Pause, nullptr);
  }
  prctl(PR_SET_CHILD_SUBREAPER, 0);
  EXPECT_FALSE(Left);
}

TEST(ForkServerTest, AServerThatDiedIsAnErrorNotAHang) {
  Expected<std::unique_ptr<ForkServer>> Server =
      ForkServer::start(1 << 20, reportAndExit);
  ASSERT_TRUE(static_cast<bool>(Server)) << toString(Server.takeError());
  kill((*Server)->getPid(), SIGKILL);
  int Sockets[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Sockets), 0);
  Expected<pid_t> Child = (*Server)->forkChild(Sockets[1]);
  close(Sockets[0]);
  close(Sockets[1]);
  ASSERT_FALSE(static_cast<bool>(Child));
  EXPECT_NE(toString(Child.takeError()).find("the fork server"),
            std::string::npos);
}

#endif

} // namespace
