//===-- CpuRotationTest.cpp - Moving the measuring thread -------*- C++ -*-===//

#include "TimeBased/CpuRotation.h"
#include "gtest/gtest.h"

#ifdef __linux__
#include <sched.h>
#endif

using namespace llvm::exegesis;

namespace {

#ifdef __linux__
static cpu_set_t currentMask() {
  cpu_set_t Set;
  CPU_ZERO(&Set);
  EXPECT_EQ(sched_getaffinity(0, sizeof(Set), &Set), 0);
  return Set;
}

TEST(CpuRotationTest, MovesToTheNextAllowedCpuAndRestoresTheMask) {
  cpu_set_t Original = currentMask();
  if (CPU_COUNT(&Original) < 2)
    GTEST_SKIP() << "needs two CPUs";
  {
    CpuRotation Rotation;
    ASSERT_TRUE(Rotation.moveToNextCpu());
    cpu_set_t Pinned = currentMask();
    EXPECT_EQ(CPU_COUNT(&Pinned), 1);
    int First = sched_getcpu();
    EXPECT_TRUE(CPU_ISSET(First, &Pinned));
    ASSERT_TRUE(Rotation.moveToNextCpu());
    EXPECT_NE(sched_getcpu(), First);
  }
  cpu_set_t Restored = currentMask();
  EXPECT_TRUE(CPU_EQUAL(&Restored, &Original));
}

TEST(CpuRotationTest, AThreadAllowedOnOneCpuStaysThere) {
  cpu_set_t Original = currentMask();
  cpu_set_t One;
  CPU_ZERO(&One);
  CPU_SET(sched_getcpu(), &One);
  ASSERT_EQ(sched_setaffinity(0, sizeof(One), &One), 0);
  {
    CpuRotation Rotation;
    EXPECT_FALSE(Rotation.moveToNextCpu());
  }
  cpu_set_t After = currentMask();
  EXPECT_TRUE(CPU_EQUAL(&After, &One));
  ASSERT_EQ(sched_setaffinity(0, sizeof(Original), &Original), 0);
}
TEST(CpuRotationTest, FollowsToTheCpuItIsToldAndRestoresTheMask) {
  cpu_set_t Original = currentMask();
  if (CPU_COUNT(&Original) < 2)
    GTEST_SKIP() << "needs two CPUs";
  int Last = -1;
  for (int Cpu = 0; Cpu < CPU_SETSIZE; ++Cpu)
    if (CPU_ISSET(Cpu, &Original))
      Last = Cpu;
  {
    CpuRotation Rotation;
    EXPECT_FALSE(Rotation.moveTo(CPU_SETSIZE + 1));
    EXPECT_FALSE(Rotation.moveTo(-1));
    ASSERT_TRUE(Rotation.moveTo(Last));
    cpu_set_t Pinned = currentMask();
    EXPECT_EQ(CPU_COUNT(&Pinned), 1);
    EXPECT_TRUE(CPU_ISSET(Last, &Pinned));
    EXPECT_EQ(CpuRotation::getCurrentCpu(), Last);
  }
  cpu_set_t Restored = currentMask();
  EXPECT_TRUE(CPU_EQUAL(&Restored, &Original));
}
#endif

} // namespace
