//===-- ScratchMemoryTest.cpp -----------------------------------*- C++ -*-===//

#include "Execution/ScratchMemory.h"
#include "gtest/gtest.h"
#include <cstring>

using namespace llvm::exegesis;

namespace {

constexpr size_t Size = 1 << 20;

TEST(ScratchMemoryTest, TheBufferAndTheBytesBelowItAreZeroedAndWritable) {
  ScratchMemory Scratch(Size);
  ASSERT_TRUE(Scratch.isGuarded());
  char *Low = Scratch.get() - ScratchMemory::BytesBelow;
  for (size_t I = 0; I < ScratchMemory::BytesBelow + Size; I += 4096)
    EXPECT_EQ(Low[I], 0);
  std::memset(Low, 0x5a, ScratchMemory::BytesBelow + Size);
  EXPECT_EQ(Scratch.get()[Size - 1], 0x5a);
}

// What a snippet walking out of the buffer does: it faults, where a heap
// buffer let it overwrite the allocator's own data.
TEST(ScratchMemoryTest, WritesPastEitherEndFault) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  ScratchMemory Scratch(Size);
  ASSERT_TRUE(Scratch.isGuarded());
  volatile char *Below = Scratch.get() - ScratchMemory::BytesBelow - 1;
  volatile char *Above = Scratch.get() + Size;
  EXPECT_DEATH(*Below = 1, "");
  EXPECT_DEATH(*Above = 1, "");
  EXPECT_DEATH(Below[-int(ScratchMemory::GuardBytes) + 1] = 1, "");
}

} // namespace
