//===-- SystemRefusalTest.cpp - Explaining refused system calls -----------===//

#include "Support/SystemRefusal.h"
#include "gtest/gtest.h"
#include <cerrno>
#include <sched.h>
#include <sys/resource.h>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TEST(SystemRefusalTest, TooManyOpenFilesNamesTheLimitAndItsValue) {
  rlimit Limit = {};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &Limit), 0);
  std::string Text = describeSystemError(EMFILE);
  EXPECT_EQ(Text.rfind("Too many open files (RLIMIT_NOFILE, the open-file "
                       "limit, is " +
                           std::to_string(Limit.rlim_cur) + "; raise it",
                       0),
            0u)
      << Text;
}

TEST(SystemRefusalTest, OtherErrorsAreStrerrorAlone) {
  EXPECT_EQ(describeSystemError(ENOENT), "No such file or directory");
}

TEST(SystemRefusalTest, ReadsFieldsOfTheProcessStatus) {
  std::optional<std::string> Seccomp = readProcessStatusField(0, "Seccomp");
  ASSERT_TRUE(Seccomp.has_value());
  EXPECT_EQ(isSeccompFilterActive(), *Seccomp != "0");
  EXPECT_EQ(seccompNote().empty(), !isSeccompFilterActive());
  EXPECT_FALSE(readProcessStatusField(0, "NoSuchField").has_value());
}

TEST(SystemRefusalTest, CpusBeyondTheSetSizeDoNotExist) {
  std::optional<std::string> Why = describeUnusableCpu(CPU_SETSIZE + 5);
  ASSERT_TRUE(Why.has_value());
  EXPECT_NE(Why->find("does not exist"), std::string::npos) << *Why;
}

TEST(SystemRefusalTest, ACpuOfTheAffinityMaskIsUsable) {
  cpu_set_t Allowed;
  ASSERT_EQ(sched_getaffinity(0, sizeof(Allowed), &Allowed), 0);
  for (unsigned Cpu = 0; Cpu < CPU_SETSIZE; ++Cpu)
    if (CPU_ISSET(Cpu, &Allowed)) {
      EXPECT_EQ(describeUnusableCpu(Cpu), std::nullopt);
      return;
    }
  FAIL() << "empty affinity mask";
}

} // namespace
