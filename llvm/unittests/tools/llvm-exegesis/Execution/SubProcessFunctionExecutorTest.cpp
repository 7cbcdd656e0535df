//===-- SubProcessFunctionExecutorTest.cpp - Running in a child -*- C++ -*-===//

#include "Execution/SubProcessFunctionExecutor.h"
#include "../MachineCode.h"
#include "Counters/TimeStampCounter.h"
#include "Execution/BenchmarkExecution.h"
#include "Execution/FdPassing.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace llvm::exegesis;
using namespace llvm::exegesis::x86code;

namespace {

#if defined(__x86_64__) && defined(__linux__)

ExecutableFunction function(const std::string &Code) {
  return cantFail(ExecutableFunction::fromCode(Code));
}

CounterSpec taskClock() {
  return CounterSpec{{cantFail(PerfEvent::create("task-clock")),
                      cantFail(PerfEvent::create("context-switches"))}};
}

struct Outcome {
  bool Ok = false;
  bool IsSnippetFailure = false;
  std::string Message;
  std::optional<FaultLocation> Fault;
  SampleTable Samples;
};

/// How a request failed: a snippet failure or the tool's own error.
Outcome failureOf(Error E) {
  Outcome Result;
  handleAllErrors(
      std::move(E),
      [&](const SnippetFailure &Failure) {
        Result.IsSnippetFailure = true;
        Result.Message = Failure.getMessage();
        Result.Fault = Failure.getFault();
      },
      [&](const ErrorInfoBase &Other) { Result.Message = Other.message(); });
  return Result;
}

Outcome run(ArrayRef<const ExecutableFunction *> Functions,
            SubProcessOptions Options = {}, CounterSpec Counters = taskClock(),
            const FixedLayout &Layout = FixedLayout(),
            unsigned NumSamples = 3) {
  SubProcessFunctionExecutor Executor(std::move(Counters), Options);
  Expected<SampleTable> Samples =
      Executor.runAndSample(Functions, NumSamples, Layout);
  if (!Samples)
    return failureOf(Samples.takeError());
  Outcome Result;
  Result.Ok = true;
  Result.Samples = std::move(*Samples);
  return Result;
}

bool haveChildren() {
  int Status;
  return !(waitpid(-1, &Status, WNOHANG | __WALL) < 0 && errno == ECHILD);
}

void expectMeasures(CounterHandoffMethod Handoff) {
  ExecutableFunction Short = function(repeat(AddRaxRax, 1000) + Ret);
  ExecutableFunction Long = function(repeat(AddRaxRax, 2000) + Ret);
  SubProcessOptions Options;
  Options.Handoff = Handoff;
  Outcome R = run({&Short, &Long}, Options);
  ASSERT_TRUE(R.Ok) << R.Message;
  ASSERT_EQ(R.Samples.size(), 2u);
  for (const auto &PerFunction : R.Samples) {
    ASSERT_EQ(PerFunction.size(), 3u);
    for (const CounterValues &Values : PerFunction) {
      ASSERT_EQ(Values.size(), 2u);
      EXPECT_GT(Values[0], 0);
    }
  }
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, MeasuresWithSocketRightsHandoff) {
  expectMeasures(CounterHandoffMethod::SocketRights);
}

TEST(SubProcessFunctionExecutorTest, MeasuresWithPidfdHandoff) {
  if (!isPidfdGetfdAvailable())
    GTEST_SKIP() << "kernel without pidfd_getfd";
  expectMeasures(CounterHandoffMethod::PidfdGetfd);
}

TEST(SubProcessFunctionExecutorTest, TheChildReadsTheTimeStampCounter) {
  if (Error E = checkTimeStampCounterUsable())
    GTEST_SKIP() << toString(std::move(E));
  // No counter descriptor is handed over; the child's readings are TSC
  // ticks, about ten times as many for ten times the adds.
  ExecutableFunction Short = function(repeat(AddRaxRax, 2000) + Ret);
  ExecutableFunction Long = function(repeat(AddRaxRax, 20000) + Ret);
  CounterSpec Tsc;
  Tsc.ReadsTimeStampCounter = true;
  Outcome R = run({&Short, &Long}, {}, Tsc, FixedLayout(), 20);
  ASSERT_TRUE(R.Ok) << R.Message;
  ASSERT_EQ(R.Samples.size(), 2u);
  int64_t Minima[2];
  for (size_t F = 0; F < 2; ++F) {
    ASSERT_EQ(R.Samples[F].size(), 20u);
    Minima[F] = INT64_MAX;
    for (const CounterValues &Values : R.Samples[F]) {
      ASSERT_EQ(Values.size(), 1u);
      EXPECT_GT(Values[0], 1000);
      Minima[F] = std::min(Minima[F], Values[0]);
    }
  }
  EXPECT_GT(Minima[1], 5 * Minima[0]);
  EXPECT_LT(Minima[1], 20 * Minima[0]);
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, TheChildCallsThroughTheLoopBesideIt) {
  if (Error E = checkTimeStampCounterUsable())
    GTEST_SKIP() << toString(std::move(E));
  // As in process: the child times the function with the loop in its
  // mapping, so both modes run the same caller.
  ExecutableFunction F = function(TrapUnlessCalledFromBeside);
  CounterSpec Tsc;
  Tsc.ReadsTimeStampCounter = true;
  Outcome R = run({&F}, {}, Tsc);
  ASSERT_TRUE(R.Ok) << R.Message;
  EXPECT_EQ(R.Samples[0].size(), 3u);
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, StopRuleEndsTheSamplingInTheChild) {
  // Rounds of 4 calls; the 13th call would trap. The rule, checked in the
  // child after rounds 2, 3, ..., ends the sampling once it has read three
  // rounds of non-zero counts, so the trap is never reached; with dummy
  // counters it sees empty readings.
  ExecutableFunction F = function(trapOnCall(13));
  SamplingStopRule Stop;
  Stop.FirstCheck = 2;
  Stop.Every = 1;
  bool Dummy = false;
  auto ThreeRounds = [&](const SampleTable &SoFar) {
    if (SoFar.size() != 1 || SoFar[0].size() < 3)
      return false;
    for (const CounterValues &Values : SoFar[0])
      if (Dummy ? !Values.empty() : Values.empty() || Values[0] <= 0)
        return false;
    return true;
  };
  Stop.Enough = ThreeRounds;
  for (bool UseDummy : {false, true}) {
    Dummy = UseDummy;
    SubProcessFunctionExecutor Executor(Dummy ? CounterSpec{} : taskClock(),
                                        {});
    Expected<SampleTable> Samples =
        Executor.runAndSample({&F}, 10, {}, 4, &Stop);
    ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
    EXPECT_EQ((*Samples)[0].size(), 3u);
  }
  // A rule that is never satisfied lets the trap come.
  SamplingStopRule Never;
  Never.Enough = [](const SampleTable &) { return false; };
  SubProcessFunctionExecutor Executor(taskClock(), {});
  Expected<SampleTable> Samples =
      Executor.runAndSample({&F}, 10, {}, 4, &Never);
  ASSERT_FALSE(static_cast<bool>(Samples));
  consumeError(Samples.takeError());
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, OddRoundsRunTheFunctionsInReverse) {
  // As in the in-process test: A traps if it makes call 3, B call 4, which
  // only the order A B | A B does; the readings land in their own columns,
  // told apart by B's page faults (a count: times were disturbed).
  ExecutableFunction A = function(trapOnCall(3));
  ExecutableFunction B = function(pageFaults(32) + trapOnCall(4));
  SubProcessFunctionExecutor Executor(
      CounterSpec{{cantFail(PerfEvent::create("page-faults"))}}, {});
  Expected<SampleTable> Samples = Executor.runAndSample({&A, &B}, 4);
  ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  for (size_t Round = 0; Round < 4; ++Round) {
    EXPECT_GE((*Samples)[1][Round][0], 32);
    EXPECT_GT((*Samples)[1][Round][0], (*Samples)[0][Round][0]);
  }
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, CallsEachFunctionCallsPerSampleTimes) {
  // 3 samples of 4 calls: 12 calls, the 13th would trap; with and without
  // counters.
  ExecutableFunction F = function(trapOnCall(13));
  for (bool Dummy : {false, true}) {
    SubProcessFunctionExecutor Enough(Dummy ? CounterSpec{} : taskClock(), {});
    Expected<SampleTable> Samples = Enough.runAndSample({&F}, 3, {}, 4);
    ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
    ASSERT_EQ((*Samples)[0].size(), 3u);
    SubProcessFunctionExecutor TooMany(Dummy ? CounterSpec{} : taskClock(), {});
    Samples = TooMany.runAndSample({&F}, 3, {}, 5);
    ASSERT_FALSE(static_cast<bool>(Samples));
    EXPECT_EQ(toString(Samples.takeError()),
              "snippet crashed while running: Illegal instruction");
  }
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, DummyCountersRunTheCode) {
  ExecutableFunction F = function(StoreToScratch + Ret);
  Outcome R = run({&F}, {}, CounterSpec{});
  ASSERT_TRUE(R.Ok) << R.Message;
  EXPECT_TRUE(R.Samples[0][0].empty());
}

/// The second function's load from address 0, two adds into it, faulted.
/// The failure of a load from address 0, 6 bytes into the second function.
void expectNullLoadFault(const Outcome &R) {
  ASSERT_TRUE(R.IsSnippetFailure) << R.Message;
  EXPECT_EQ(R.Message,
            "The snippet encountered a segmentation fault at address 0");
  ASSERT_TRUE(R.Fault.has_value());
  EXPECT_EQ(R.Fault->FunctionIndex, 1u);
  EXPECT_EQ(R.Fault->InstructionOffset, 6u);
  EXPECT_EQ(R.Fault->FaultAddress, 0u);
}

void expectNullLoadInTheSecondFunction(const Outcome &R) {
  expectNullLoadFault(R);
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, SegfaultNamesSignalAndInstruction) {
  ExecutableFunction Good = function(AddRaxRax + Ret);
  ExecutableFunction Bad = function(repeat(AddRaxRax, 2) + LoadFromNull + Ret);
  expectNullLoadInTheSecondFunction(run({&Good, &Bad}));
}

TEST(SubProcessFunctionExecutorTest, OtherSignals) {
  ExecutableFunction Ill = function(AddRaxRax + Ud2 + Ret);
  Outcome R = run({&Ill});
  EXPECT_EQ(R.Message, "snippet crashed while running: Illegal instruction");
  ASSERT_TRUE(R.Fault.has_value());
  EXPECT_EQ(R.Fault->InstructionOffset, 3u);

  ExecutableFunction Fpe = function(DivideByZero + Ret);
  R = run({&Fpe});
  EXPECT_EQ(R.Message,
            "snippet crashed while running: Floating point exception");
  ASSERT_TRUE(R.Fault.has_value());
  EXPECT_EQ(R.Fault->InstructionOffset, 2u);

  ExecutableFunction Trap = function(AddRaxRax + Int3 + Ret);
  R = run({&Trap});
  EXPECT_EQ(R.Message, "snippet crashed while running: Trace/breakpoint trap");
  ASSERT_TRUE(R.Fault.has_value());
  EXPECT_EQ(R.Fault->InstructionOffset, 3u);
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, KillWithoutStopIsStillASignal) {
  ExecutableFunction F = function(KillSelf + Ret);
  Outcome R = run({&F});
  EXPECT_TRUE(R.IsSnippetFailure);
  EXPECT_EQ(R.Message, "snippet crashed while running: Killed");
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, SegfaultNamesTheAddressInUpperCaseHex) {
  // LLVM 22's words: hex digits without 0x.
  ExecutableFunction F = function(AddRaxRax + LoadFrom0xABC000 + Ret);
  Outcome R = run({&F});
  ASSERT_TRUE(R.IsSnippetFailure) << R.Message;
  EXPECT_EQ(R.Message,
            "The snippet encountered a segmentation fault at address ABC000");
  ASSERT_TRUE(R.Fault.has_value());
  EXPECT_EQ(R.Fault->FaultAddress, 0xabc000u);
  EXPECT_EQ(R.Fault->InstructionOffset, 3u);
  // A general-protection fault has no address; the message says why it
  // reads 0.
  ExecutableFunction G = function(LoadFromNonCanonical + Ret);
  R = run({&G});
  EXPECT_EQ(R.Message,
            "The snippet encountered a segmentation fault at address 0 (a "
            "general-protection fault, for which the kernel reports no "
            "address)");
  EXPECT_FALSE(haveChildren());
}

/// The exit code of a run that failed with a SnippetExitError, or -1.
int exitCodeOf(Error E) {
  int Code = -1;
  handleAllErrors(
      std::move(E),
      [&](const SnippetExitError &Exit) { Code = Exit.getExitCode(); },
      [](const ErrorInfoBase &) {});
  return Code;
}

TEST(SubProcessFunctionExecutorTest, SnippetExitCodesEndTheRun) {
  // Not a result but an error of the run, in LLVM 22's words with the code
  // after them; 111 is the child's own setup-failure exit code, and still
  // the snippet's here.
  for (uint8_t Code : {127, 111, 112, 1}) {
    ExecutableFunction F = function(exitWith(Code) + Ret);
    SubProcessFunctionExecutor Executor(taskClock(), {});
    Expected<SampleTable> Samples = Executor.runAndSample({&F}, 3);
    ASSERT_FALSE(static_cast<bool>(Samples));
    EXPECT_EQ(exitCodeOf(Samples.takeError()), Code);
    Outcome R = run({&F});
    EXPECT_FALSE(R.IsSnippetFailure);
    EXPECT_EQ(R.Message, "Child benchmarking process exited with non-zero "
                         "exit code: Child process returned with unknown exit "
                         "code (" +
                             std::to_string(Code) + ")");
  }
  // Exiting with 0 before the end is a result: the measurement is
  // incomplete.
  ExecutableFunction ExitZero = function(exitWith(0) + Ret);
  Outcome R = run({&ExitZero});
  EXPECT_TRUE(R.IsSnippetFailure);
  EXPECT_NE(R.Message.find("before the measurement was complete"),
            std::string::npos);
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, HangTimesOut) {
  ExecutableFunction F = function(Hang);
  SubProcessOptions Options;
  Options.TimeoutSeconds = 0.2;
  Outcome R = run({&F}, Options);
  EXPECT_TRUE(R.IsSnippetFailure);
  EXPECT_EQ(R.Message, "The benchmarking subprocess timed out after 0.2 s");
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, BadCpuIsAToolErrorAndLeavesNoChild) {
  ExecutableFunction F = function(Ret);
  SubProcessOptions Options;
  Options.Cpu = 1000; // No machine we run on has that many.
  Outcome R = run({&F}, Options);
  EXPECT_FALSE(R.Ok);
  EXPECT_FALSE(R.IsSnippetFailure);
  EXPECT_NE(R.Message.find("Failed to set CPU affinity"), std::string::npos)
      << R.Message;
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, PinningToAnExistingCpuWorks) {
  ExecutableFunction F = function(Ret);
  SubProcessOptions Options;
  Options.Cpu = 0;
  Outcome R = run({&F}, Options);
  EXPECT_TRUE(R.Ok) << R.Message;
}

TEST(SubProcessFunctionExecutorTest, FixedMemoryIsMappedInTheChild) {
  ExecutableFunction F = function(LoadFrom0x10000000 + Ret);
  Outcome Without = run({&F});
  EXPECT_EQ(Without.Message,
            "The snippet encountered a segmentation fault at address 10000000");
  FixedLayout Layout;
  Layout.Memory.push_back({0x10000000, std::string(8, '\x7f')});
  Outcome With = run({&F}, {}, taskClock(), Layout);
  EXPECT_TRUE(With.Ok) << With.Message;
  // Addresses the tool occupies are refused, naming the collision.
  ExecutableFunction G = function(Ret);
  FixedLayout Clash;
  Clash.Memory.push_back({G.getAddress() & ~uintptr_t(4095), "x"});
  Outcome Clashing = run({&G}, {}, taskClock(), Clash);
  EXPECT_FALSE(Clashing.Ok);
  EXPECT_NE(Clashing.Message.find("overlaps"), std::string::npos)
      << Clashing.Message;
}

TEST(SubProcessFunctionExecutorTest, FirstFunctionRunsAtFixedAddress) {
  // Reads its own first bytes at 0x10000000 (which is unmapped otherwise).
  ExecutableFunction F = function(LoadFrom0x10000000 + Ret);
  ExecutableFunction Other = function(AddRaxRax + Ret);
  FixedLayout Layout;
  Layout.FirstFunctionAddress = 0x10000000;
  Outcome R = run({&F, &Other}, {}, taskClock(), Layout);
  ASSERT_TRUE(R.Ok) << R.Message;
  EXPECT_EQ(R.Samples.size(), 2u);
  // A fault there is reported relative to the function's entry.
  ExecutableFunction Bad = function(AddRaxRax + Ud2 + Ret);
  R = run({&Bad}, {}, taskClock(), Layout);
  ASSERT_TRUE(R.Fault.has_value()) << R.Message;
  EXPECT_EQ(R.Fault->InstructionOffset, 3u);
  // A clash with other fixed memory is refused, naming it.
  Layout.Memory.push_back({0x10000000, "x"});
  R = run({&F}, {}, taskClock(), Layout);
  EXPECT_FALSE(R.Ok);
  EXPECT_NE(R.Message.find("overlaps the snippet's code"), std::string::npos)
      << R.Message;
}

size_t countOpenFds() {
  size_t Count = 0;
  DIR *Dir = opendir("/proc/self/fd");
  if (!Dir)
    return 0;
  while (readdir(Dir))
    ++Count;
  closedir(Dir);
  return Count;
}

TEST(SubProcessFunctionExecutorTest, NoFdOrChildAccumulates) {
  ExecutableFunction Good = function(AddRaxRax + Ret);
  ExecutableFunction Bad = function(LoadFromNull + Ret);
  size_t Before = countOpenFds();
  for (int I = 0; I < 100; ++I) {
    Outcome R = run({I % 2 ? &Bad : &Good}, {}, taskClock(), FixedLayout(), 1);
    EXPECT_EQ(R.Ok, I % 2 == 0) << R.Message;
  }
  EXPECT_EQ(countOpenFds(), Before);
  EXPECT_FALSE(haveChildren());
}

/// How a procedure ended: its bytes in \p Bytes, or its failure.
Outcome outcomeOf(Expected<std::string> Returned, std::string &Bytes) {
  if (!Returned)
    return failureOf(Returned.takeError());
  Outcome Result;
  Result.Ok = true;
  Bytes = std::move(*Returned);
  return Result;
}

/// What a procedure run by the executor returned, or how it failed.
Outcome runProcedure(ArrayRef<const ExecutableFunction *> Functions,
                     SamplingProcedure Procedure, std::string &Bytes,
                     SubProcessOptions Options = {}) {
  SubProcessFunctionExecutor Executor(taskClock(), Options);
  return outcomeOf(Executor.runProcedure(Functions, FixedLayout(), Procedure),
                   Bytes);
}

TEST(SubProcessFunctionExecutorTest, AProcedureSamplesSeveralTimesInOneChild) {
  // The second sampling is planned from the first one's readings, and both
  // run in one child, not in the tool.
  ExecutableFunction Short = function(repeat(AddRaxRax, 1000) + Ret);
  ExecutableFunction Long = function(repeat(AddRaxRax, 2000) + Ret);
  pid_t Tool = getpid();
  std::string Bytes;
  Outcome R = runProcedure(
      {&Short, &Long},
      [&](SamplingRunner Sample) -> Expected<std::string> {
        Expected<SampleTable> First = Sample({&Short, &Long}, 2, 1, nullptr);
        if (!First)
          return First.takeError();
        unsigned Calls = (*First)[1][0][0] > 0 ? 3 : 1;
        Expected<SampleTable> Second = Sample({&Long}, 4, Calls, nullptr);
        if (!Second)
          return Second.takeError();
        return std::to_string(getpid() != Tool) + " " +
               std::to_string((*Second)[0].size()) + " " +
               std::to_string(Calls);
      },
      Bytes);
  ASSERT_TRUE(R.Ok) << R.Message;
  EXPECT_EQ(Bytes, "1 4 3");
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, AProcedureReturnsItsErrorAsAToolError) {
  ExecutableFunction F = function(AddRaxRax + Ret);
  std::string Bytes;
  Outcome R = runProcedure(
      {&F},
      [](SamplingRunner) -> Expected<std::string> {
        return createStringError(inconvertibleErrorCode(),
                                 "calibration failed in every sample");
      },
      Bytes);
  EXPECT_FALSE(R.Ok);
  EXPECT_FALSE(R.IsSnippetFailure);
  EXPECT_EQ(R.Message, "calibration failed in every sample");
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, AProcedureCanFailAsTheSnippet) {
  ExecutableFunction F = function(AddRaxRax + Ret);
  std::string Bytes;
  Outcome R = runProcedure(
      {&F},
      [](SamplingRunner) -> Expected<std::string> {
        return make_error<SnippetFailure>("no usable sample");
      },
      Bytes);
  EXPECT_TRUE(R.IsSnippetFailure);
  EXPECT_EQ(R.Message, "no usable sample");
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, AFaultInALaterSamplingIsLocated) {
  // The second function faults; the fault indexes the executor's functions
  // whatever sampling ran it.
  ExecutableFunction Good = function(AddRaxRax + Ret);
  ExecutableFunction Bad = function(repeat(AddRaxRax, 2) + LoadFromNull + Ret);
  std::string Bytes;
  Outcome R = runProcedure(
      {&Good, &Bad},
      [&](SamplingRunner Sample) -> Expected<std::string> {
        if (Expected<SampleTable> First = Sample({&Good}, 2, 1, nullptr);
            !First)
          return First.takeError();
        if (Expected<SampleTable> Second = Sample({&Bad}, 2, 1, nullptr);
            !Second)
          return Second.takeError();
        return std::string("not reached");
      },
      Bytes);
  expectNullLoadInTheSecondFunction(R);
}

TEST(SubProcessFunctionExecutorTest, AProcedureEndedByTheSnippetIsIncomplete) {
  ExecutableFunction ExitZero = function(exitWith(0) + Ret);
  std::string Bytes;
  Outcome R = runProcedure(
      {&ExitZero},
      [&](SamplingRunner Sample) -> Expected<std::string> {
        if (Expected<SampleTable> First = Sample({&ExitZero}, 1, 1, nullptr);
            !First)
          return First.takeError();
        return std::string("not reached");
      },
      Bytes);
  EXPECT_TRUE(R.IsSnippetFailure);
  EXPECT_NE(R.Message.find("before the measurement was complete"),
            std::string::npos)
      << R.Message;
}

TEST(SubProcessFunctionExecutorTest, TheTimeoutHoldsPerSamplingOfAProcedure) {
  // Three samplings 0.4 s apart outlast a 1 s timeout together, but each
  // finishes well within it: the child lives. A hanging one is killed.
  ExecutableFunction Quick = function(AddRaxRax + Ret);
  ExecutableFunction Spin = function(Hang);
  SubProcessOptions Options;
  Options.TimeoutSeconds = 1;
  std::string Bytes;
  Outcome R = runProcedure(
      {&Quick},
      [&](SamplingRunner Sample) -> Expected<std::string> {
        for (int I = 0; I < 4; ++I) {
          if (Expected<SampleTable> Taken = Sample({&Quick}, 1, 1, nullptr);
              !Taken)
            return Taken.takeError();
          if (I < 3)
            usleep(400000);
        }
        return std::string("lived");
      },
      Bytes, Options);
  ASSERT_TRUE(R.Ok) << R.Message;
  EXPECT_EQ(Bytes, "lived");

  Options.TimeoutSeconds = 0.2;
  R = runProcedure(
      {&Spin},
      [&](SamplingRunner Sample) -> Expected<std::string> {
        if (Expected<SampleTable> Taken = Sample({&Spin}, 1, 1, nullptr);
            !Taken)
          return Taken.takeError();
        return std::string("not reached");
      },
      Bytes, Options);
  EXPECT_TRUE(R.IsSnippetFailure);
  EXPECT_EQ(R.Message, "The benchmarking subprocess timed out after 0.2 s");
  EXPECT_FALSE(haveChildren());
}

/// What a portable procedure reads of the tool: it must exist before the
/// executor's first procedure, as a measurer does.
struct PortableOwner {
  pid_t Tool;
  std::string Greeting;
};

/// Samples every function twice and returns the owner's greeting, its
/// inputs, whether it ran in a child of the tool's child (the fork server),
/// the functions' entry points, and what the first function stored.
Expected<std::string> samplePortably(const void *OwnerPointer, StringRef Inputs,
                                     ArrayRef<const ExecutableFunction *> Run,
                                     SamplingRunner Sample) {
  const auto &Owner = *static_cast<const PortableOwner *>(OwnerPointer);
  Expected<SampleTable> Taken = Sample(Run, 2, 1, nullptr);
  if (!Taken)
    return Taken.takeError();
  alignas(8) char Scratch[64] = {};
  Run[0]->getFunction()(Scratch);
  uint64_t Stored;
  std::memcpy(&Stored, Scratch, sizeof(Stored));
  std::string Text = Owner.Greeting + " " + Inputs.str() + " " +
                     std::to_string(getppid() != Owner.Tool) + " " +
                     std::to_string((*Taken)[0].size());
  for (const ExecutableFunction *F : Run)
    Text += " " + std::to_string(F->getAddress());
  return Text + " " + std::to_string(Stored);
}

/// samplePortably run by \p Executor, given in both forms: portable, and
/// as a procedure of the tool's (for when the executor cannot use its fork
/// server).
Outcome runPortably(const SubProcessFunctionExecutor &Executor,
                    ArrayRef<const ExecutableFunction *> Functions,
                    const PortableOwner &Owner, std::string &Bytes) {
  PortableProcedure Portable;
  Portable.Run = samplePortably;
  Portable.Owner = &Owner;
  Portable.Inputs = "inputs";
  return outcomeOf(Executor.runProcedure(
                       Functions, FixedLayout(),
                       [&](SamplingRunner Sample) {
                         return samplePortably(&Owner, Portable.Inputs,
                                               Functions, Sample);
                       },
                       &Portable),
                   Bytes);
}

std::string expectedPortably(ArrayRef<const ExecutableFunction *> Functions,
                             uint64_t Stored) {
  std::string Text = "hello inputs 1 2";
  for (const ExecutableFunction *F : Functions)
    Text += " " + std::to_string(F->getAddress());
  return Text + " " + std::to_string(Stored);
}

TEST(SubProcessFunctionExecutorTest, APortableProcedureRunsInTheForkServer) {
  // Its child sees the owner as it was before the server, and copies of the
  // functions at their addresses in the tool, made after the server.
  PortableOwner Owner = {getpid(), "hello"};
  SubProcessFunctionExecutor Executor(taskClock(), SubProcessOptions());
  for (uint64_t Round = 0; Round < 3; ++Round) {
    // A function mapped where an earlier one was, which the server still
    // has there, is copied over it.
    ExecutableFunction Store =
        function(AddRaxRax + StoreToScratch + AddRaxRax + Ret);
    ExecutableFunction Other = function(repeat(AddRaxRax, 100 * Round) + Ret);
    std::string Bytes;
    Outcome R = runPortably(Executor, {&Store, &Other}, Owner, Bytes);
    ASSERT_TRUE(R.Ok) << R.Message;
    EXPECT_EQ(Bytes, expectedPortably({&Store, &Other}, 42));
  }
  EXPECT_EQ(getNumForkedSubprocesses() > 0, true);
}

TEST(SubProcessFunctionExecutorTest, AFaultInAPortableProcedureIsLocated) {
  PortableOwner Owner = {getpid(), "hello"};
  SubProcessFunctionExecutor Executor(taskClock(), SubProcessOptions());
  ExecutableFunction Good = function(AddRaxRax + Ret);
  ExecutableFunction Bad = function(repeat(AddRaxRax, 2) + LoadFromNull + Ret);
  std::string Bytes;
  // The fork server is a child of the tool, alive with the executor.
  expectNullLoadFault(runPortably(Executor, {&Good, &Bad}, Owner, Bytes));
}

TEST(SubProcessFunctionExecutorTest, AForkServersCopyKeepsTheLoopBesideIt) {
  if (Error E = checkTimeStampCounterUsable())
    GTEST_SKIP() << toString(std::move(E));
  // The server's child copies each function's whole mapping, its timed-calls
  // loop too, and samples through it.
  PortableOwner Owner = {getpid(), "hello"};
  CounterSpec Tsc;
  Tsc.ReadsTimeStampCounter = true;
  SubProcessFunctionExecutor Executor(Tsc, SubProcessOptions());
  ExecutableFunction Store = function(StoreToScratch + Ret);
  ExecutableFunction Beside = function(TrapUnlessCalledFromBeside);
  std::string Bytes;
  Outcome R = runPortably(Executor, {&Store, &Beside}, Owner, Bytes);
  ASSERT_TRUE(R.Ok) << R.Message;
  EXPECT_EQ(Bytes, expectedPortably({&Store, &Beside}, 42));
}

TEST(SubProcessFunctionExecutorTest, TheForkServerEndsWithItsExecutor) {
  PortableOwner Owner = {getpid(), "hello"};
  ExecutableFunction Store = function(StoreToScratch + Ret);
  {
    SubProcessFunctionExecutor Executor(taskClock(), SubProcessOptions());
    std::string Bytes;
    ASSERT_TRUE(runPortably(Executor, {&Store}, Owner, Bytes).Ok);
    EXPECT_TRUE(haveChildren());
  }
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, UnderATightFileLimitTheToolForksItself) {
  // The server would hold a descriptor of the few there are: the tool
  // forks the child itself and runs the procedure as given.
  rlimit Saved;
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &Saved), 0);
  rlimit Tight = Saved;
  Tight.rlim_cur = 32;
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &Tight), 0);
  PortableOwner Owner = {getpid(), "hello"};
  std::string Bytes;
  Outcome R;
  ExecutableFunction Store = function(StoreToScratch + Ret);
  {
    SubProcessFunctionExecutor Executor(taskClock(), SubProcessOptions());
    R = runPortably(Executor, {&Store}, Owner, Bytes);
  }
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &Saved), 0);
  ASSERT_TRUE(R.Ok) << R.Message;
  EXPECT_EQ(Bytes.rfind("hello inputs 0 2 ", 0), 0u) << Bytes;
  EXPECT_FALSE(haveChildren());
}

TEST(SubProcessFunctionExecutorTest, AHangInAPortableProcedureTimesOut) {
  PortableOwner Owner = {getpid(), "hello"};
  SubProcessOptions Options;
  Options.TimeoutSeconds = 0.2;
  SubProcessFunctionExecutor Executor(taskClock(), Options);
  ExecutableFunction Spin = function(Hang);
  std::string Bytes;
  Outcome R = runPortably(Executor, {&Spin}, Owner, Bytes);
  EXPECT_TRUE(R.IsSnippetFailure);
  EXPECT_EQ(R.Message, "The benchmarking subprocess timed out after 0.2 s");
  // The server goes on forking children afterwards.
  ExecutableFunction Store = function(StoreToScratch + Ret);
  R = runPortably(Executor, {&Store}, Owner, Bytes);
  ASSERT_TRUE(R.Ok) << R.Message;
  EXPECT_EQ(Bytes, expectedPortably({&Store}, 42));
}

#endif

} // namespace
