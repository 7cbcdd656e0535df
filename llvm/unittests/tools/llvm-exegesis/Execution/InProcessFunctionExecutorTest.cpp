//===-- InProcessFunctionExecutorTest.cpp - Running in the tool -*- C++ -*-===//

#include "Execution/InProcessFunctionExecutor.h"
#include "../MachineCode.h"
#include "Counters/TimeStampCounter.h"
#include "gtest/gtest.h"
#include <ctime>

using namespace llvm;
using namespace llvm::exegesis;
using namespace llvm::exegesis::x86code;

namespace {

#if defined(__x86_64__) && defined(__linux__)

ExecutableFunction function(const std::string &Code) {
  return cantFail(ExecutableFunction::fromCode(Code));
}

CounterSpec taskClock() {
  return CounterSpec{{cantFail(PerfEvent::create("task-clock"))}};
}

CounterSpec pageFaultCounter() {
  return CounterSpec{{cantFail(PerfEvent::create("page-faults"))}};
}

TEST(InProcessFunctionExecutorTest, SamplesEveryFunctionRoundRobin) {
  ExecutableFunction Short = function(repeat(AddRaxRax, 1000) + Ret);
  ExecutableFunction Long = function(repeat(AddRaxRax, 2000) + Ret);
  InProcessFunctionExecutor Executor(taskClock());
  Expected<SampleTable> Samples = Executor.runAndSample({&Short, &Long}, 5);
  ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  ASSERT_EQ(Samples->size(), 2u);
  for (const auto &PerFunction : *Samples) {
    ASSERT_EQ(PerFunction.size(), 5u);
    for (const CounterValues &Values : PerFunction) {
      ASSERT_EQ(Values.size(), 1u);
      EXPECT_GT(Values[0], 0);
    }
  }
}

CounterSpec timeStampCounter() {
  CounterSpec Spec;
  Spec.ReadsTimeStampCounter = true;
  return Spec;
}

TEST(InProcessFunctionExecutorTest, ReadsTheTimeStampCounterAroundWindows) {
  if (Error E = checkTimeStampCounterUsable())
    GTEST_SKIP() << toString(std::move(E));
  // A window of 4 calls of 2000 dependent adds takes at least 8000 core
  // cycles, so thousands of ticks at any TSC rate we meet (0.3-3 ticks per
  // cycle); one of 20000 adds takes about ten times as long.
  ExecutableFunction Short = function(repeat(AddRaxRax, 2000) + Ret);
  ExecutableFunction Long = function(repeat(AddRaxRax, 20000) + Ret);
  InProcessFunctionExecutor Executor(timeStampCounter());
  Expected<SampleTable> Samples =
      Executor.runAndSample({&Short, &Long}, 20, {}, 4);
  ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  ASSERT_EQ(Samples->size(), 2u);
  int64_t Minima[2];
  for (size_t F = 0; F < 2; ++F) {
    ASSERT_EQ((*Samples)[F].size(), 20u);
    Minima[F] = INT64_MAX;
    for (const CounterValues &Values : (*Samples)[F]) {
      ASSERT_EQ(Values.size(), 1u);
      EXPECT_GT(Values[0], 1000);
      Minima[F] = std::min(Minima[F], Values[0]);
    }
  }
  EXPECT_GT(Minima[1], 5 * Minima[0]);
  EXPECT_LT(Minima[1], 20 * Minima[0]);
}

TEST(InProcessFunctionExecutorTest, TheLoopBesideTheFunctionCallsIt) {
  if (Error E = checkTimeStampCounterUsable())
    GTEST_SKIP() << toString(std::move(E));
  // The tool's own code, wherever the build and address-space randomisation
  // put it, does not call the function it times: the loop in the function's
  // mapping does, the same in every invocation.
  ExecutableFunction F = function(TrapUnlessCalledFromBeside);
  InProcessFunctionExecutor Executor(timeStampCounter());
  Expected<SampleTable> Samples = Executor.runAndSample({&F}, 3, {}, 2);
  ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  EXPECT_EQ((*Samples)[0].size(), 3u);
}

TEST(InProcessFunctionExecutorTest, OddRoundsRunTheFunctionsInReverse) {
  EXPECT_EQ(functionInRound(0, 0, 3), 0u);
  EXPECT_EQ(functionInRound(0, 2, 3), 2u);
  EXPECT_EQ(functionInRound(1, 0, 3), 2u);
  EXPECT_EQ(functionInRound(1, 2, 3), 0u);
  // Both count calls in one scratch word. In the order A B | B A | A B |
  // B A, A never makes call 3 and B never call 4; in A B | A B, A would
  // make call 3 and trap. B's 32 page faults a call, against A's first
  // touch of the scratch at most, show that each reading lands in its own
  // function's column whatever the order: counts, which no load on the
  // machine changes, where times (1,000 adds against 100,000) once read
  // the short function slower, preempted.
  ExecutableFunction A = function(trapOnCall(3));
  ExecutableFunction B = function(pageFaults(32) + trapOnCall(4));
  InProcessFunctionExecutor Executor(pageFaultCounter());
  Expected<SampleTable> Samples = Executor.runAndSample({&A, &B}, 4);
  ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  for (size_t Round = 0; Round < 4; ++Round) {
    EXPECT_GE((*Samples)[1][Round][0], 32);
    EXPECT_GT((*Samples)[1][Round][0], (*Samples)[0][Round][0]);
  }
}

TEST(InProcessFunctionExecutorTest, CallsEachFunctionCallsPerSampleTimes) {
  // 3 samples of 4 calls: 12 calls, the 13th would trap.
  ExecutableFunction F = function(trapOnCall(13));
  InProcessFunctionExecutor Enough(taskClock());
  Expected<SampleTable> Samples = Enough.runAndSample({&F}, 3, {}, 4);
  ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  ASSERT_EQ((*Samples)[0].size(), 3u);
  EXPECT_GT((*Samples)[0][0][0], 0);
  // 3 samples of 5 calls reach it.
  InProcessFunctionExecutor TooMany(taskClock());
  Samples = TooMany.runAndSample({&F}, 3, {}, 5);
  ASSERT_FALSE(static_cast<bool>(Samples));
  EXPECT_EQ(toString(Samples.takeError()),
            "snippet crashed while running: Illegal instruction");
}

TEST(InProcessFunctionExecutorTest, StopRuleEndsTheSampling) {
  // Rounds of 4 calls; the 13th call (in round 4) would trap. Checked after
  // rounds 2, 3, ..., a rule asking for three rounds ends the sampling in
  // time, having seen rounds 2 and 3.
  ExecutableFunction F = function(trapOnCall(13));
  std::vector<size_t> Seen;
  SamplingStopRule Stop;
  Stop.FirstCheck = 2;
  Stop.Every = 1;
  auto Record = [&](const SampleTable &SoFar) {
    Seen.push_back(SoFar[0].size());
    return SoFar[0].size() >= 3 && SoFar[0][2][0] > 0;
  };
  Stop.Enough = Record;
  InProcessFunctionExecutor Executor(taskClock());
  Expected<SampleTable> Samples = Executor.runAndSample({&F}, 10, {}, 4, &Stop);
  ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  EXPECT_EQ((*Samples)[0].size(), 3u);
  EXPECT_EQ(Seen, (std::vector<size_t>{2, 3}));

  // Checked every second round from round 2, the rule first sees three or
  // more rounds after round 4, too late.
  Seen.clear();
  Stop.Every = 2;
  InProcessFunctionExecutor Late(taskClock());
  Samples = Late.runAndSample({&F}, 10, {}, 4, &Stop);
  ASSERT_FALSE(static_cast<bool>(Samples));
  consumeError(Samples.takeError());
  EXPECT_EQ(Seen, (std::vector<size_t>{2}));
}

TEST(InProcessFunctionExecutorTest, DummyCountersRunTheCode) {
  ExecutableFunction F = function(StoreToScratch + Ret);
  InProcessFunctionExecutor Executor(CounterSpec{});
  Expected<SampleTable> Samples = Executor.runAndSample({&F}, 3);
  ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  ASSERT_EQ((*Samples)[0].size(), 3u);
  EXPECT_TRUE((*Samples)[0][0].empty());
}

std::string failureOf(const std::string &Code) {
  ExecutableFunction F = function(Code);
  InProcessFunctionExecutor Executor(taskClock());
  Expected<SampleTable> Samples = Executor.runAndSample({&F}, 1);
  if (Samples)
    return "no failure";
  std::string Message;
  handleAllErrors(
      Samples.takeError(),
      [&](const SnippetFailure &Failure) { Message = Failure.getMessage(); },
      [&](const ErrorInfoBase &Other) {
        Message = "tool: " + Other.message();
      });
  return Message;
}

TEST(InProcessFunctionExecutorTest, CrashesBecomeSnippetFailures) {
  EXPECT_EQ(failureOf(LoadFromNull + Ret),
            "snippet crashed while running: Segmentation fault");
  EXPECT_EQ(failureOf(Ud2 + Ret),
            "snippet crashed while running: Illegal instruction");
  EXPECT_EQ(failureOf(DivideByZero + Ret),
            "snippet crashed while running: Floating point exception");
  // The tool survives and can measure again.
  EXPECT_EQ(failureOf(AddRaxRax + Ret), "no failure");
}

TEST(InProcessFunctionExecutorTest, AHangIsInterruptedAfterTheTimeout) {
  ExecutableFunction Spin = function(Hang);
  InProcessFunctionExecutor Executor(taskClock(), 0.2);
  Expected<SampleTable> Samples = Executor.runAndSample({&Spin}, 1);
  ASSERT_FALSE(static_cast<bool>(Samples));
  EXPECT_EQ(toString(Samples.takeError()),
            "snippet timed out while running: interrupted after 0.2 s");
  // The tool survives, and the timer is gone: a run longer than the timeout
  // that does not hang completes.
  ExecutableFunction Quick = function(AddRaxRax + Ret);
  Samples = Executor.runAndSample({&Quick}, 3);
  ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  struct timespec Pause = {0, 300000000};
  nanosleep(&Pause, nullptr);
  EXPECT_EQ(failureOf(Ud2 + Ret),
            "snippet crashed while running: Illegal instruction");
}

TEST(InProcessFunctionExecutorTest, FixedMemoryIsRefused) {
  ExecutableFunction F = function(Ret);
  InProcessFunctionExecutor Executor(taskClock());
  FixedLayout Layout;
  Layout.Memory.push_back({0x10000000, "x"});
  Expected<SampleTable> Samples = Executor.runAndSample({&F}, 1, Layout);
  ASSERT_FALSE(static_cast<bool>(Samples));
  EXPECT_NE(toString(Samples.takeError()).find("subprocess"),
            std::string::npos);
}

#endif

} // namespace
