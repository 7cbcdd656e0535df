//===-- CounterTest.cpp - Counter groups ------------------------*- C++ -*-===//

#include "Counters/Counter.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

PerfEvent event(StringRef Name) { return cantFail(PerfEvent::create(Name)); }

TEST(CounterTest, SoftwareGroupCountsTogether) {
  Expected<CounterGroup> Group =
      CounterGroup::open({event("task-clock"), event("context-switches")}, 0);
  ASSERT_TRUE(static_cast<bool>(Group)) << toString(Group.takeError());
  EXPECT_EQ(Group->getNumEvents(), 2u);
  ASSERT_FALSE(static_cast<bool>(Group->start()));
  volatile uint64_t Sink = 0;
  for (int I = 0; I < 100000; ++I)
    Sink = Sink + I;
  ASSERT_FALSE(static_cast<bool>(Group->stop()));
  Expected<CounterValues> Values = Group->read();
  ASSERT_TRUE(static_cast<bool>(Values)) << toString(Values.takeError());
  ASSERT_EQ(Values->size(), 2u);
  EXPECT_GT((*Values)[0], 0);
  EXPECT_GE((*Values)[1], 0);
}

TEST(CounterTest, DummyCannotBeOpened) {
  Expected<CounterGroup> Group = CounterGroup::open({PerfEvent::dummy()}, 0);
  ASSERT_FALSE(static_cast<bool>(Group));
  consumeError(Group.takeError());
}

TEST(CounterTest, OpenFailureNamesTheEvent) {
  // Hardware cycles: fails where there is no PMU; opens where there is one.
  Expected<CounterGroup> Group = CounterGroup::open({event("cycles")}, 0);
  if (Group)
    GTEST_SKIP() << "this machine has a hardware PMU";
  EXPECT_NE(toString(Group.takeError()).find("cannot open perf event 'cycles'"),
            std::string::npos);
}

TEST(CounterTest, DecodeRejectsMultiplexedReadings) {
  RawGroupReading Reading;
  Reading.Words[0] = 1;    // nr
  Reading.Words[1] = 1000; // enabled
  Reading.Words[2] = 500;  // running
  Reading.Words[3] = 1234;
  Expected<CounterValues> Values = CounterGroup::decode(Reading, 1);
  ASSERT_FALSE(static_cast<bool>(Values));
  EXPECT_NE(toString(Values.takeError()).find("multiplexed"),
            std::string::npos);
}

TEST(CounterTest, DecodeRejectsNeverEnabledAndWrongCounts) {
  RawGroupReading Reading;
  Reading.Words[0] = 1;
  Expected<CounterValues> NeverEnabled = CounterGroup::decode(Reading, 1);
  ASSERT_FALSE(static_cast<bool>(NeverEnabled));
  EXPECT_NE(toString(NeverEnabled.takeError()).find("never enabled"),
            std::string::npos);
  Reading.Words[1] = Reading.Words[2] = 10;
  Expected<CounterValues> Mismatch = CounterGroup::decode(Reading, 2);
  ASSERT_FALSE(static_cast<bool>(Mismatch));
  consumeError(Mismatch.takeError());
}

TEST(CounterTest, DecodeAcceptsFullyRunningGroup) {
  RawGroupReading Reading;
  Reading.Words[0] = 2;
  Reading.Words[1] = Reading.Words[2] = 77;
  Reading.Words[3] = 5;
  Reading.Words[4] = 9;
  Expected<CounterValues> Values = CounterGroup::decode(Reading, 2);
  ASSERT_TRUE(static_cast<bool>(Values)) << toString(Values.takeError());
  EXPECT_EQ((*Values)[0], 5);
  EXPECT_EQ((*Values)[1], 9);
}

} // namespace
