//===-- PerfEventTest.cpp - Resolving perf event names ----------*- C++ -*-===//

#include "Counters/PerfEvent.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

/// A fake /sys/bus/event_source/devices with one PMU.
class FakeSysfs : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("exegesis-sysfs", Root));
    write("fake/type", "42\n");
    write("fake/format/event", "config:0-7\n");
    write("fake/format/umask", "config:8-15\n");
    write("fake/format/split", "config1:0-3,8-11\n");
    write("fake/events/tsc", "event=0x00\n");
    write("fake/events/uops", "event=0x3c,umask=0x1\n");
    write("fake/events/splitted", "split=0xab\n");
    write("fake/events/toowide", "event=0x100\n");
    // A core PMU, as the kernel names it on x86.
    write("cpu/type", "4\n");
    write("cpu/format/event", "config:0-7\n");
    write("cpu/events/cycles", "event=0x76\n");
  }
  void TearDown() override { sys::fs::remove_directories(Root); }

  void write(StringRef Relative, StringRef Contents) {
    SmallString<128> Path(Root);
    sys::path::append(Path, Relative);
    ASSERT_FALSE(sys::fs::create_directories(sys::path::parent_path(Path)));
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Contents;
  }

  SmallString<128> Root;
};

TEST(PerfEventTest, GenericNamesResolveWithoutSysfs) {
  Expected<PerfEvent> Event = PerfEvent::create("task-clock");
  ASSERT_TRUE(static_cast<bool>(Event)) << toString(Event.takeError());
  EXPECT_EQ(Event->getAttributes().type, unsigned(PERF_TYPE_SOFTWARE));
  EXPECT_EQ(Event->getAttributes().config, uint64_t(PERF_COUNT_SW_TASK_CLOCK));
  EXPECT_FALSE(Event->isHardware());

  Expected<PerfEvent> Cycles = PerfEvent::create("cycles");
  ASSERT_TRUE(static_cast<bool>(Cycles)) << toString(Cycles.takeError());
  EXPECT_TRUE(Cycles->isHardware());
  // Only user-level counts belong to the snippet.
  EXPECT_EQ(Cycles->getAttributes().exclude_kernel, 1u);
}

TEST(PerfEventTest, ClocksCountUserOnlyForUnprivilegedUsers) {
  // At kernel.perf_event_paranoid 2 only events that exclude the kernel
  // open for an ordinary user; a clock counts the same either way.
  for (StringRef Name : {"task-clock", "cpu-clock"}) {
    Expected<PerfEvent> Event = PerfEvent::create(Name);
    ASSERT_TRUE(static_cast<bool>(Event)) << toString(Event.takeError());
    EXPECT_EQ(Event->getAttributes().exclude_kernel, 1u) << Name.str();
    EXPECT_EQ(Event->getAttributes().exclude_hv, 1u) << Name.str();
  }
  // Other software events count in the kernel: excluding it would make
  // them read zero, so they keep counting it.
  Expected<PerfEvent> Switches = PerfEvent::create("context-switches");
  ASSERT_TRUE(static_cast<bool>(Switches)) << toString(Switches.takeError());
  EXPECT_EQ(Switches->getAttributes().exclude_kernel, 0u);
}

TEST(PerfEventTest, UpstreamValidationNamesResolve) {
  for (StringRef Name : {"instructions-retired", "l1d-cache-load-misses",
                         "l1d-cache-store-misses", "l1i-cache-load-misses",
                         "data-tlb-load-misses", "data-tlb-store-misses",
                         "instruction-tlb-load-misses"}) {
    Expected<PerfEvent> Event = PerfEvent::create(Name);
    ASSERT_TRUE(static_cast<bool>(Event)) << toString(Event.takeError());
    EXPECT_TRUE(Event->isHardware()) << Name.str();
  }
}

TEST(PerfEventTest, DummyIsDummy) {
  EXPECT_TRUE(PerfEvent::dummy().isDummy());
  EXPECT_FALSE(PerfEvent::dummy().isHardware());
}

TEST_F(FakeSysfs, EventFromEventsDirectory) {
  Expected<PerfEvent> Event = PerfEvent::create("fake/uops/", Root);
  ASSERT_TRUE(static_cast<bool>(Event)) << toString(Event.takeError());
  EXPECT_EQ(Event->getAttributes().type, 42u);
  EXPECT_EQ(Event->getAttributes().config, 0x13cu);
  EXPECT_EQ(Event->getName(), "fake/uops/");
}

TEST_F(FakeSysfs, CorePmuEventsCountUserOnly) {
  Expected<PerfEvent> Core = PerfEvent::create("cpu/cycles/", Root);
  ASSERT_TRUE(static_cast<bool>(Core)) << toString(Core.takeError());
  EXPECT_EQ(Core->getAttributes().exclude_kernel, 1u);
  EXPECT_EQ(Core->getAttributes().exclude_hv, 1u);
  // Other PMUs (msr, power, uncore) refuse the exclude bits.
  Expected<PerfEvent> Other = PerfEvent::create("fake/tsc/", Root);
  ASSERT_TRUE(static_cast<bool>(Other)) << toString(Other.takeError());
  EXPECT_EQ(Other->getAttributes().exclude_kernel, 0u);
}

TEST_F(FakeSysfs, ExplicitTerms) {
  Expected<PerfEvent> Event =
      PerfEvent::create("fake/event=0x12,umask=3/", Root);
  ASSERT_TRUE(static_cast<bool>(Event)) << toString(Event.takeError());
  EXPECT_EQ(Event->getAttributes().config, 0x312u);
}

TEST_F(FakeSysfs, FormatWithSeveralRanges) {
  Expected<PerfEvent> Event = PerfEvent::create("fake/splitted/", Root);
  ASSERT_TRUE(static_cast<bool>(Event)) << toString(Event.takeError());
  // 0xab: low nibble to bits 0-3, high nibble to bits 8-11.
  EXPECT_EQ(Event->getAttributes().config1, 0xa0bu);
}

TEST_F(FakeSysfs, ErrorsNameTheProblem) {
  auto ErrorOf = [&](StringRef Name) {
    Expected<PerfEvent> Event = PerfEvent::create(Name, Root);
    EXPECT_FALSE(static_cast<bool>(Event));
    return Event ? std::string() : toString(Event.takeError());
  };
  EXPECT_NE(ErrorOf("nopmu/tsc/").find("no PMU named 'nopmu'"),
            std::string::npos);
  EXPECT_NE(ErrorOf("fake/nosuch/").find("PMU 'fake' has no event 'nosuch'"),
            std::string::npos);
  EXPECT_NE(ErrorOf("fake/toowide/").find("does not fit"), std::string::npos);
  EXPECT_NE(ErrorOf("fake/bogus=1/").find("cannot read"), std::string::npos);
  EXPECT_NE(ErrorOf("fake//").find("expected the form"), std::string::npos);
}

TEST(PerfEventTest, HostMsrTscIfPresent) {
  if (!sys::fs::exists("/sys/bus/event_source/devices/msr/events/tsc"))
    GTEST_SKIP() << "no msr PMU on this machine";
  Expected<PerfEvent> Event = PerfEvent::create("msr/tsc/");
  ASSERT_TRUE(static_cast<bool>(Event)) << toString(Event.takeError());
  EXPECT_GE(Event->getAttributes().type, unsigned(PERF_TYPE_MAX));
}

TEST(PerfEventTest, UnknownNameFails) {
  Expected<PerfEvent> Event = PerfEvent::create("NO_SUCH_EVENT_ANYWHERE");
  ASSERT_FALSE(static_cast<bool>(Event));
  EXPECT_NE(toString(Event.takeError()).find("NO_SUCH_EVENT_ANYWHERE"),
            std::string::npos);
}

} // namespace
