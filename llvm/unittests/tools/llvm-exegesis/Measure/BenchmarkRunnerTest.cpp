//===-- BenchmarkRunnerTest.cpp - What each repetition mode assembles -----===//

#include "Measure/BenchmarkRunner.h"
#include "gtest/gtest.h"

namespace llvm {
namespace exegesis {
namespace {

std::vector<AssemblyRequest> requestsFor(RepetitionMode Mode,
                                         unsigned LoopBodySize = 0) {
  BenchmarkRunOptions Options;
  Options.Repetition = Mode;
  Options.MinInstructions = 10000;
  Options.LoopBodySize = LoopBodySize;
  return BenchmarkRunner::getAssemblyRequests(Options);
}

TEST(BenchmarkRunnerTest, TheLatencyDefaultAsksForOneLoopInTheMicroOpCache) {
  std::vector<AssemblyRequest> Requests =
      requestsFor(RepetitionMode::LoopWhereTimeBased);
  ASSERT_EQ(Requests.size(), 1u);
  EXPECT_EQ(Requests[0].Repetition, SnippetRepetition::Loop);
  EXPECT_EQ(Requests[0].MinInstructions, 10000u);
  // The same body as the throughput default's loop.
  std::vector<AssemblyRequest> BestOf =
      requestsFor(RepetitionMode::BestOfDuplicateAndLoop);
  ASSERT_EQ(BestOf.size(), 2u);
  EXPECT_EQ(BestOf[1].Repetition, SnippetRepetition::Loop);
  EXPECT_EQ(Requests[0].LoopBodyBytes, BestOf[1].LoopBodyBytes);
  EXPECT_GT(Requests[0].LoopBodyBytes, 0u);
}

TEST(BenchmarkRunnerTest, LoopBodySizeReplacesTheDefaultsBodyInBytes) {
  std::vector<AssemblyRequest> Requests =
      requestsFor(RepetitionMode::LoopWhereTimeBased, 5);
  ASSERT_EQ(Requests.size(), 1u);
  EXPECT_EQ(Requests[0].LoopBodyBytes, 0u);
  EXPECT_EQ(Requests[0].LoopBodySize, 5u);
}

TEST(BenchmarkRunnerTest, UpstreamsModesAskForWhatTheyName) {
  std::vector<AssemblyRequest> Duplicate =
      requestsFor(RepetitionMode::Duplicate);
  ASSERT_EQ(Duplicate.size(), 1u);
  EXPECT_EQ(Duplicate[0].Repetition, SnippetRepetition::Duplicate);
  std::vector<AssemblyRequest> Loop = requestsFor(RepetitionMode::Loop);
  ASSERT_EQ(Loop.size(), 1u);
  EXPECT_EQ(Loop[0].Repetition, SnippetRepetition::Loop);
  EXPECT_EQ(Loop[0].LoopBodyBytes, 0u);
}

} // namespace
} // namespace exegesis
} // namespace llvm
