//===-- CycleEstimatorTest.cpp - Cycles from a time counter -----*- C++ -*-===//

#include "lib/CycleEstimator.h"
#include "lib/CpuEventTable.h"
#include "lib/CycleCounter.h"
#include "lib/InProcessFunctionExecutor.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TEST(CycleEstimatorTest, TicksPerCycleFromMinimaDifference) {
  // Fixed overhead 300 ticks, 0.7 ticks per cycle, noise on some samples.
  Expected<double> Ratio = CycleEstimator::computeTicksPerCycle(
      {7300, 7500, 9000}, {14300, 16000, 14400}, 10000);
  ASSERT_TRUE(static_cast<bool>(Ratio)) << toString(Ratio.takeError());
  EXPECT_DOUBLE_EQ(*Ratio, 0.7);
}

TEST(CycleEstimatorTest, CounterThatDoesNotAdvanceIsAnError) {
  Expected<double> Ratio =
      CycleEstimator::computeTicksPerCycle({100}, {100}, 10000);
  ASSERT_FALSE(static_cast<bool>(Ratio));
  EXPECT_NE(toString(Ratio.takeError()).find("did not advance"),
            std::string::npos);
  Expected<double> Empty = CycleEstimator::computeTicksPerCycle({}, {1}, 1);
  ASSERT_FALSE(static_cast<bool>(Empty));
  consumeError(Empty.takeError());
}

TEST(CycleEstimatorTest, ChainEncodings) {
  Expected<std::string> X86 =
      CycleEstimator::encodeAddChain(Triple("x86_64-unknown-linux-gnu"), 4);
  ASSERT_TRUE(static_cast<bool>(X86));
  EXPECT_EQ(*X86, std::string("\x48\x01\xc0\x48\x01\xc0\x48\x01\xc0\x48\x01"
                              "\xc0\xc3"));
  Expected<std::string> A64 =
      CycleEstimator::encodeAddChain(Triple("aarch64-unknown-linux-gnu"), 2);
  ASSERT_TRUE(static_cast<bool>(A64));
  EXPECT_EQ(A64->size(), 12u);
  Expected<std::string> Other =
      CycleEstimator::encodeAddChain(Triple("mips-unknown-linux-gnu"), 2);
  ASSERT_FALSE(static_cast<bool>(Other));
  consumeError(Other.takeError());
}

#if defined(__x86_64__) && defined(__linux__)
TEST(CycleEstimatorTest, CalibratesOnThisMachine) {
  Expected<CycleEstimator> Estimator =
      CycleEstimator::create(Triple("x86_64-unknown-linux-gnu"));
  ASSERT_TRUE(static_cast<bool>(Estimator)) << toString(Estimator.takeError());
  Expected<CycleCounter> Counter =
      CycleCounter::select(CycleCounterKind::TimeBased, "");
  ASSERT_TRUE(static_cast<bool>(Counter)) << toString(Counter.takeError());
  EXPECT_TRUE(Counter->IsTimeBased);
  InProcessFunctionExecutor Executor(CounterSpec{{Counter->Event}});
  auto Functions = Estimator->getCalibrationFunctions();
  Expected<SampleTable> Samples =
      Executor.runAndSample({Functions[0], Functions[1]}, 10);
  ASSERT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  std::vector<int64_t> Short, Long;
  for (const CounterValues &V : (*Samples)[0])
    Short.push_back(V[0]);
  for (const CounterValues &V : (*Samples)[1])
    Long.push_back(V[0]);
  Expected<double> Ratio = CycleEstimator::computeTicksPerCycle(
      Short, Long, Estimator->getChainLength());
  ASSERT_TRUE(static_cast<bool>(Ratio)) << toString(Ratio.takeError());
  EXPECT_GT(*Ratio, 0.0);
}
#endif

TEST(CycleCounterTest, AutoAlwaysFindsACounterOnLinux) {
  Expected<CycleCounter> Counter =
      CycleCounter::select(CycleCounterKind::Auto, "znver3");
  ASSERT_TRUE(static_cast<bool>(Counter)) << toString(Counter.takeError());
}

TEST(CpuEventTableTest, KnownAndUnknownCpus) {
  const CpuEventTable *Zen3 = findCpuEventTable("znver3");
  ASSERT_NE(Zen3, nullptr);
  EXPECT_EQ(Zen3->CyclesEvent, "CYCLES_NOT_IN_HALT");
  const CpuEventTable *Skylake = findCpuEventTable("skylake");
  ASSERT_NE(Skylake, nullptr);
  EXPECT_EQ(Skylake->Ports.size(), 8u);
  EXPECT_EQ(findCpuEventTable("generic"), nullptr);
}

} // namespace
