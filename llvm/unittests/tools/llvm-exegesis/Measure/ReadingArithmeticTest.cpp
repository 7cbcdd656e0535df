//===-- ReadingArithmeticTest.cpp - Readings to measurements --------------===//
//
// The arithmetic of hardware-counter modes, uops first: per-port and
// NumMicroOps values from counter readings as the executors record them
// (raw group readings decoded by CounterGroup), without running anything.
//
//===----------------------------------------------------------------------===//

#include "Measure/ReadingArithmetic.h"
#include "Counters/Counter.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

/// A raw reading as read(2) returns it for a group of \p Values.size()
/// events that ran \p Running of the \p Enabled nanoseconds.
RawGroupReading rawReading(ArrayRef<uint64_t> Values, uint64_t Enabled = 1000,
                           uint64_t Running = 1000) {
  RawGroupReading Reading;
  Reading.Words[0] = Values.size();
  Reading.Words[1] = Enabled;
  Reading.Words[2] = Running;
  for (size_t I = 0; I < Values.size(); ++I)
    Reading.Words[3 + I] = Values[I];
  return Reading;
}

/// The samples of one function, each a one-event group reading.
std::vector<CounterValues> samples(ArrayRef<uint64_t> Counts) {
  std::vector<CounterValues> Result;
  for (uint64_t Count : Counts) {
    Expected<CounterValues> Values =
        CounterGroup::decode(rawReading({Count}), 1);
    EXPECT_TRUE(static_cast<bool>(Values));
    if (!Values) {
      consumeError(Values.takeError());
      continue;
    }
    Result.push_back(*Values);
  }
  return Result;
}

// A one-instruction snippet, 10000 instructions, and its 20000-instruction
// twin (middle-half repetition): the twin's minimum minus the short
// function's minimum, per instruction of the difference.
constexpr RunLength Short = {10000, 10000};
constexpr RunLength Long = {20000, 20000};

TEST(ReadingArithmeticTest, PortValueIsTheDifferenceOfMinimaPerInstruction) {
  std::vector<std::vector<CounterValues>> Port0 = {
      samples({5040, 5010, 5100}), samples({10050, 10030, 10090})};
  BenchmarkMeasure M = measureFromReadings("HWPort0", Port0, Short, Long, {},
                                           ResultAggregationMode::Min);
  EXPECT_EQ(M.Key, "HWPort0");
  EXPECT_DOUBLE_EQ(M.PerInstructionValue, (10030.0 - 5010.0) / 10000);
  EXPECT_DOUBLE_EQ(M.PerSnippetValue, (10030.0 - 5010.0) / 10000);
  EXPECT_TRUE(M.ValidationCounters.empty());
}

TEST(ReadingArithmeticTest, MicroOpsOfATwoInstructionSnippet) {
  // Two instructions per snippet: 5000 repetitions make 10000 instructions.
  // Three micro-ops per repetition (one fused pair and a single) show as 1.5
  // per instruction and 3 per snippet, the fixed 412 of the counter's own
  // start and stop cancelled.
  RunLength TwoShort = {10000, 5000}, TwoLong = {20000, 10000};
  std::vector<std::vector<CounterValues>> Uops = {
      samples({15412, 15420, 15413}), samples({30412, 30500, 30440})};
  BenchmarkMeasure M = measureFromReadings(
      "NumMicroOps", Uops, TwoShort, TwoLong, {}, ResultAggregationMode::Min);
  EXPECT_DOUBLE_EQ(M.PerInstructionValue, 1.5);
  EXPECT_DOUBLE_EQ(M.PerSnippetValue, 3.0);
}

TEST(ReadingArithmeticTest, WithoutATwinTheSamplesThemselvesAreAggregated) {
  std::vector<std::vector<CounterValues>> Port = {samples({2500, 2400, 2600})};
  BenchmarkMeasure Min = measureFromReadings("P", Port, Short, std::nullopt, {},
                                             ResultAggregationMode::Min);
  EXPECT_DOUBLE_EQ(Min.PerInstructionValue, 0.24);
  BenchmarkMeasure Max = measureFromReadings("P", Port, Short, std::nullopt, {},
                                             ResultAggregationMode::Max);
  EXPECT_DOUBLE_EQ(Max.PerInstructionValue, 0.26);
  BenchmarkMeasure Mean = measureFromReadings("P", Port, Short, std::nullopt,
                                              {}, ResultAggregationMode::Mean);
  EXPECT_DOUBLE_EQ(Mean.PerInstructionValue, 0.25);
}

TEST(ReadingArithmeticTest, OtherModesAggregateTheDifferencesOfEachRound) {
  // Rounds: 10100-5000 = 5100, 10000-5050 = 4950, 10200-5150 = 5050.
  std::vector<std::vector<CounterValues>> Port = {
      samples({5000, 5050, 5150}), samples({10100, 10000, 10200})};
  BenchmarkMeasure Max = measureFromReadings("P", Port, Short, Long, {},
                                             ResultAggregationMode::Max);
  EXPECT_DOUBLE_EQ(Max.PerInstructionValue, 0.51);
  BenchmarkMeasure Mean = measureFromReadings("P", Port, Short, Long, {},
                                              ResultAggregationMode::Mean);
  EXPECT_NEAR(Mean.PerInstructionValue, 15100.0 / 3 / 10000, 1e-12);
  // Min is not the smallest difference (4950) but the difference of minima.
  BenchmarkMeasure Min = measureFromReadings("P", Port, Short, Long, {},
                                             ResultAggregationMode::Min);
  EXPECT_DOUBLE_EQ(Min.PerInstructionValue, 0.5);
}

TEST(ReadingArithmeticTest, ValidationCountersAreDifferencedAndRounded) {
  auto Group = [](uint64_t Main, uint64_t Validation) {
    Expected<CounterValues> Values =
        CounterGroup::decode(rawReading({Main, Validation}), 2);
    EXPECT_TRUE(static_cast<bool>(Values));
    return Values ? *Values : CounterValues{0, 0};
  };
  std::vector<std::vector<CounterValues>> Readings = {
      {Group(10100, 7), Group(10200, 8)}, {Group(20100, 10), Group(20150, 9)}};
  BenchmarkMeasure M = measureFromReadings("NumMicroOps", Readings, Short, Long,
                                           {"l1d-cache-load-misses"},
                                           ResultAggregationMode::Mean);
  // Main: differences 10000 and 9950, mean 9975. Validation: 3 and 1, mean 2.
  EXPECT_DOUBLE_EQ(M.PerInstructionValue, 0.9975);
  EXPECT_EQ(M.ValidationCounters.at("l1d-cache-load-misses"), 2);
}

TEST(ReadingArithmeticTest, CountsPerCallOfAWindow) {
  std::vector<std::vector<CounterValues>> Readings = {samples({800, 840})};
  EXPECT_DOUBLE_EQ(combineReadings(Readings, 0, ResultAggregationMode::Min, 4),
                   200.0);
}

TEST(ReadingArithmeticTest, NoInstructionsGiveZeroNotADivisionByZero) {
  BenchmarkMeasure M;
  setPerInstructionValues(M, 100, RunLength{0, 0}, std::nullopt);
  EXPECT_EQ(M.PerInstructionValue, 0);
  EXPECT_EQ(M.PerSnippetValue, 0);
}

TEST(ReadingArithmeticTest, AMultiplexedPortReadingIsRejected) {
  // The port counter ran 600 of the 1000 ns it was enabled (the kernel
  // multiplexed it with another perf user): scaling would make up 40% of
  // the count, so the reading is an error, not a value.
  Expected<CounterValues> Values =
      CounterGroup::decode(rawReading({3000}, 1000, 600), 1);
  ASSERT_FALSE(static_cast<bool>(Values));
  std::string Message = toString(Values.takeError());
  EXPECT_NE(Message.find("ran 600 ns of the 1000 ns"), std::string::npos)
      << Message;
  EXPECT_NE(Message.find("multiplexed"), std::string::npos) << Message;
  // A group that never ran at all is no reading either.
  Expected<CounterValues> Never =
      CounterGroup::decode(rawReading({0}, 1000, 0), 1);
  EXPECT_FALSE(static_cast<bool>(Never));
  consumeError(Never.takeError());
}

} // namespace
