//===-- HostInstructionProbeTest.cpp - Code run once in a child -*- C++ -*-===//

#include "Availability/HostInstructionProbe.h"
#include "../MachineCode.h"
#include "gtest/gtest.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <dirent.h>
#include <fstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace llvm::exegesis;
using namespace llvm::exegesis::x86code;

namespace {

#if defined(__x86_64__) && defined(__linux__)

using Outcome = ProbeResult::Outcome;

/// Generous: no probe here runs longer than microseconds, except the hang.
constexpr double Timeout = 10;

ProbeResult probe(HostInstructionProbe &Probe, const std::string &Code) {
  Expected<ProbeResult> Result = Probe.run(Code);
  if (!Result) {
    ADD_FAILURE() << toString(Result.takeError());
    return ProbeResult();
  }
  return *Result;
}

size_t countEntries(const std::string &Directory) {
  size_t Count = 0;
  DIR *Dir = opendir(Directory.c_str());
  if (!Dir)
    return 0;
  while (dirent *Entry = readdir(Dir))
    if (Entry->d_name[0] != '.')
      ++Count;
  closedir(Dir);
  return Count;
}

/// Whether \p Pid is our child that nobody reaped yet.
bool isUnreapedChild(pid_t Pid) {
  siginfo_t Info = {};
  return waitid(P_PID, Pid, &Info, WEXITED | WNOHANG | WNOWAIT) == 0;
}

TEST(HostInstructionProbeTest, ReturningCodeReturns) {
  HostInstructionProbe Probe(Timeout);
  EXPECT_EQ(probe(Probe, AddRaxRax + Ret).Kind, Outcome::Returned);
  // The first argument points at scratch memory, as for the measured code.
  EXPECT_EQ(probe(Probe, StoreToScratch + Ret).Kind, Outcome::Returned);
}

TEST(HostInstructionProbeTest,
     ScratchIsGuardedWithRoomBelowAsTheMeasuredFunctions) {
  HostInstructionProbe Probe(Timeout);
  // movq %rax, -0x8000(%rdi): 32 KiB below, where the measured function's
  // scratch buffer has room for BT*'s 16-bit offsets.
  EXPECT_EQ(
      probe(Probe, bytes({0x48, 0x89, 0x87, 0x00, 0x80, 0xff, 0xff}) + Ret)
          .Kind,
      Outcome::Returned);
  // movq %rax, 0x100000(%rdi): just past the end, in the guard.
  ProbeResult Past =
      probe(Probe, bytes({0x48, 0x89, 0x87, 0x00, 0x00, 0x10, 0x00}) + Ret);
  EXPECT_EQ(Past.Kind, Outcome::Signalled);
  EXPECT_EQ(Past.Signal, SIGSEGV);
}

TEST(HostInstructionProbeTest, IllegalInstructionIsCaughtAndLocated) {
  HostInstructionProbe Probe(Timeout);
  ProbeResult R = probe(Probe, AddRaxRax + Ud2 + Ret);
  EXPECT_EQ(R.Kind, Outcome::Signalled);
  EXPECT_EQ(R.Signal, SIGILL);
  ASSERT_TRUE(R.FaultOffset.has_value());
  EXPECT_EQ(*R.FaultOffset, AddRaxRax.size());
}

TEST(HostInstructionProbeTest, OneChildServesManyProbes) {
  HostInstructionProbe Probe(Timeout);
  std::pair<std::string, int> Cases[] = {{Ud2 + Ret, SIGILL},
                                         {LoadFromNull + Ret, SIGSEGV},
                                         {DivideByZero + Ret, SIGFPE},
                                         {Int3 + Ret, SIGTRAP},
                                         {AddRaxRax + Ret, 0}};
  pid_t Child = 0;
  for (int I = 0; I < 200; ++I) {
    const auto &[Code, Signal] = Cases[I % std::size(Cases)];
    ProbeResult R = probe(Probe, Code);
    EXPECT_EQ(R.Kind, Signal ? Outcome::Signalled : Outcome::Returned) << I;
    EXPECT_EQ(R.Signal, Signal) << I;
    if (I == 0)
      Child = Probe.getChildPid();
    EXPECT_EQ(Probe.getChildPid(), Child) << I;
  }
  EXPECT_EQ(Probe.getNumChildrenStarted(), 1u);
}

TEST(HostInstructionProbeTest, DirectionFlagIsResetAfterAProbe) {
  HostInstructionProbe Probe(Timeout);
  EXPECT_EQ(probe(Probe, bytes({0xfd}) + Ret).Kind, Outcome::Returned); // std
  // ud2 when the direction flag is still set.
  std::string TrapIfDirectionSet =
      bytes({0x9c,                            // pushfq
             0x58,                            // popq %rax
             0xa9, 0x00,                      // testl $0x400, %eax
             0x04, 0x00, 0x00, 0x74, 0x02}) + // je 1f
      Ud2 +
      Ret; // 1: ret
  EXPECT_EQ(probe(Probe, TrapIfDirectionSet).Kind, Outcome::Returned);
}

TEST(HostInstructionProbeTest, MxcsrIsResetAfterAProbe) {
  HostInstructionProbe Probe(Timeout);
  // Unmasks every SSE exception.
  std::string UnmaskAll =
      bytes({0xc7, 0x07, 0x00, 0x00, 0x00, 0x00, // movl $0, (%rdi)
             0x0f, 0xae, 0x17}) +                // ldmxcsr (%rdi)
      Ret;
  EXPECT_EQ(probe(Probe, UnmaskAll).Kind, Outcome::Returned);
  // 0/0: SIGFPE only if the invalid-operation exception is unmasked.
  std::string ZeroByZero =
      bytes({0x0f, 0x57, 0xc0,          // xorps %xmm0, %xmm0
             0xf3, 0x0f, 0x5e, 0xc0}) + // divss %xmm0, %xmm0
      Ret;
  EXPECT_EQ(probe(Probe, ZeroByZero).Kind, Outcome::Returned);
}

TEST(HostInstructionProbeTest, HangTimesOutAndTheChildIsReplaced) {
  HostInstructionProbe Probe(0.2);
  EXPECT_EQ(probe(Probe, Ret).Kind, Outcome::Returned);
  pid_t First = Probe.getChildPid();
  EXPECT_EQ(probe(Probe, Hang).Kind, Outcome::TimedOut);
  EXPECT_EQ(Probe.getChildPid(), 0);
  EXPECT_FALSE(isUnreapedChild(First));
  EXPECT_EQ(probe(Probe, Ud2).Signal, SIGILL);
  EXPECT_EQ(Probe.getNumChildrenStarted(), 2u);
}

TEST(HostInstructionProbeTest, ChildDeathIsReported) {
  HostInstructionProbe Probe(Timeout);
  ProbeResult Killed = probe(Probe, KillSelf + Ret);
  EXPECT_EQ(Killed.Kind, Outcome::ChildDied);
  EXPECT_EQ(Killed.Signal, SIGKILL);
  ProbeResult Exited = probe(Probe, exitWith(7));
  EXPECT_EQ(Exited.Kind, Outcome::ChildDied);
  EXPECT_EQ(Exited.Signal, 0);
  EXPECT_EQ(probe(Probe, Ret).Kind, Outcome::Returned);
  EXPECT_EQ(Probe.getNumChildrenStarted(), 3u);
}

TEST(HostInstructionProbeTest, TheChildLeavesAnInterruptionToTheTool) {
  // Ctrl-C and `timeout` reach the whole process group, the child too.
  HostInstructionProbe Probe(Timeout);
  EXPECT_EQ(probe(Probe, Ret).Kind, Outcome::Returned);
  pid_t Child = Probe.getChildPid();
  for (int Signal : {SIGINT, SIGTERM, SIGHUP}) {
    kill(Child, Signal);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(probe(Probe, Ret).Kind, Outcome::Returned) << Signal;
    EXPECT_EQ(Probe.getChildPid(), Child) << Signal;
  }
  EXPECT_EQ(Probe.getNumChildrenStarted(), 1u);
}

TEST(HostInstructionProbeTest, TooLargeCodeIsAnError) {
  HostInstructionProbe Probe(Timeout);
  Expected<ProbeResult> R =
      Probe.run(std::string(HostInstructionProbe::MaxCodeSize + 1, '\xc3'));
  ASSERT_FALSE(static_cast<bool>(R));
  EXPECT_NE(toString(R.takeError()).find("larger than"), std::string::npos);
}

TEST(HostInstructionProbeTest, ChildHoldsOnlyItsSocket) {
  HostInstructionProbe Probe(Timeout);
  EXPECT_EQ(probe(Probe, Ret).Kind, Outcome::Returned);
  EXPECT_EQ(
      countEntries("/proc/" + std::to_string(Probe.getChildPid()) + "/fd"), 1u);
}

TEST(HostInstructionProbeTest, NoZombieAndNoDescriptorAfterDestruction) {
  size_t Before = countEntries("/proc/self/fd");
  std::vector<pid_t> Children;
  {
    HostInstructionProbe Probe(Timeout);
    for (const std::string &Code : {Ret, Ud2, KillSelf, Ret}) {
      probe(Probe, Code);
      if (Probe.getChildPid())
        Children.push_back(Probe.getChildPid());
    }
    EXPECT_GT(countEntries("/proc/self/fd"), Before);
  }
  EXPECT_EQ(countEntries("/proc/self/fd"), Before);
  ASSERT_EQ(Children.size(), 3u);
  for (pid_t Child : Children)
    EXPECT_FALSE(isUnreapedChild(Child)) << Child;
}

/// The state of \p Pid from /proc (R, S, Z...), or 0 when it is gone.
char processState(pid_t Pid) {
  std::ifstream Stat("/proc/" + std::to_string(Pid) + "/stat");
  std::string Line;
  if (!std::getline(Stat, Line))
    return 0;
  size_t End = Line.rfind(')');
  return End == std::string::npos || End + 2 >= Line.size() ? 0 : Line[End + 2];
}

TEST(HostInstructionProbeTest, ChildDiesWithTheTool) {
  int Pipe[2];
  ASSERT_EQ(pipe(Pipe), 0);
  pid_t Tool = fork();
  ASSERT_GE(Tool, 0);
  if (Tool == 0) {
    // A tool that exits without destroying its probe, leaving behind a
    // process of its own that holds the probe's socket open (as a
    // benchmarking subprocess may): only the parent's death tells the
    // probe's child to go.
    close(Pipe[0]);
    auto *Probe = new HostInstructionProbe(Timeout);
    Expected<ProbeResult> R = Probe->run(Ret);
    pid_t Pids[2] = {R ? Probe->getChildPid() : 0, fork()};
    if (Pids[1] == 0) {
      alarm(30);
      pause();
      _exit(0);
    }
    if (!R)
      consumeError(R.takeError());
    (void)!write(Pipe[1], Pids, sizeof(Pids));
    _exit(0);
  }
  close(Pipe[1]);
  pid_t Pids[2] = {0, 0};
  ASSERT_EQ(read(Pipe[0], Pids, sizeof(Pids)),
            static_cast<ssize_t>(sizeof(Pids)));
  close(Pipe[0]);
  int Status;
  ASSERT_EQ(waitpid(Tool, &Status, 0), Tool);
  auto [Child, SocketHolder] = Pids;
  ASSERT_GT(Child, 0);
  ASSERT_GT(SocketHolder, 0);
  // Orphaned, the child gets SIGKILL; whoever adopts it reaps it (or, in
  // a container whose init does not reap, leaves a zombie).
  char State = processState(Child);
  for (int I = 0; I < 1000 && State != 0 && State != 'Z' && State != 'X'; ++I) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    State = processState(Child);
  }
  EXPECT_TRUE(State == 0 || State == 'Z' || State == 'X') << State;
  kill(SocketHolder, SIGKILL);
}

#endif

} // namespace
