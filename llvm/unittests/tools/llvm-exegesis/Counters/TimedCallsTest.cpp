//===-- TimedCallsTest.cpp - The loop that times calls ----------*- C++ -*-===//

#include "Counters/TimedCalls.h"
#include "../Disassembly.h"
#include "../X86StateTest.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

using TimedCallsTest = X86StateTest;

TEST_F(TimedCallsTest, ReadsTheCounterAroundACountedLoopOfDirectCalls) {
  if (!hostHasTimedCalls())
    GTEST_SKIP() << "no timed-calls loop on this host";
  // The loop 128 bytes into its mapping, the function's entry 16 bytes in.
  std::string Loop = encodeTimedCalls(128, 16);
  EXPECT_THAT(
      disasm::disassemble(*State, Loop),
      ::testing::ElementsAre(
          "pushq %rbx", "pushq %r12", "pushq %r13", "movq %rdi, %r12",
          "movq %rsi, %r13", "lfence", "rdtsc", "lfence", "shlq $0x20, %rdx",
          "orq %rdx, %rax", "movq %rax, %rbx", "testq %r13, %r13", "je 0xd",
          "movq %r12, %rdi", "callq -0x9a", "decq %r13", "jne -0xd", "lfence",
          "rdtsc", "lfence", "shlq $0x20, %rdx", "orq %rdx, %rax",
          "subq %rbx, %rax", "popq %r13", "popq %r12", "popq %rbx", "retq"));
}

TEST(TimedCallsOffsetTest, StartsOnTheNextCacheLine) {
  EXPECT_EQ(getTimedCallsOffsetAfter(1), 64u);
  EXPECT_EQ(getTimedCallsOffsetAfter(64), 64u);
  EXPECT_EQ(getTimedCallsOffsetAfter(65), 128u);
}

} // namespace
