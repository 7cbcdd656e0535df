//===-- MeasurementCountersTest.cpp - What a measurement counts with ------===//

#include "Measure/MeasurementCounters.h"
#include "Core/LLVMState.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class MeasurementCountersTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    X86 = cantFail(LLVMState::create("x86_64-pc-linux-gnu", "x86-64"));
  }
  static void TearDownTestSuite() { X86.reset(); }
  static std::unique_ptr<LLVMState> X86;
};

std::unique_ptr<LLVMState> MeasurementCountersTest::X86;

TEST_F(MeasurementCountersTest, DummyCountersAreOneKeylessGroupOfNoEvent) {
  BenchmarkRunOptions Options;
  Options.UseDummyPerfCounters = true;
  Options.ValidationCounters = {"no-such-event"};
  Expected<MeasurementCounters> Counters =
      chooseMeasurementCounters(*X86, Options);
  ASSERT_TRUE(static_cast<bool>(Counters)) << toString(Counters.takeError());
  ASSERT_EQ(Counters->Counters.size(), 1u);
  EXPECT_EQ(Counters->Counters[0].Key, "");
  EXPECT_TRUE(Counters->Counters[0].Spec.isDummy());
  EXPECT_FALSE(Counters->TimeBased);
  EXPECT_TRUE(Counters->ValidationNames.empty());
  EXPECT_EQ(Counters->Description, "");
}

TEST_F(MeasurementCountersTest, AnUnknownValidationCounterIsNamed) {
  BenchmarkRunOptions Options;
  Options.ValidationCounters = {"no-such-event-anywhere"};
  Expected<MeasurementCounters> Counters =
      chooseMeasurementCounters(*X86, Options);
  ASSERT_FALSE(static_cast<bool>(Counters));
  EXPECT_EQ(
      toString(Counters.takeError())
          .rfind("invalid -validation-counter 'no-such-event-anywhere'", 0),
      0u);
}

TEST_F(MeasurementCountersTest, UopsModeNeedsTheCpusPortCounters) {
  BenchmarkRunOptions Options;
  Options.Mode = BenchmarkMode::Uops;
  Expected<MeasurementCounters> Counters =
      chooseMeasurementCounters(*X86, Options);
  ASSERT_FALSE(static_cast<bool>(Counters));
  EXPECT_EQ(toString(Counters.takeError()),
            "uops mode needs per-port micro-op counters, and none are known "
            "for CPU 'x86-64'");
}

} // namespace
