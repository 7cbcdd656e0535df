//===-- ChildAddressSpaceTest.cpp - Fixed addresses in the child -*- C++
//-*-===//

#include "Execution/ChildAddressSpace.h"
#include "gtest/gtest.h"
#include <optional>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

constexpr size_t Page = 4096;

std::string errorText(Error E) {
  return E ? toString(std::move(E)) : std::string();
}

template <typename T> T take(Expected<T> Value) {
  if (!Value) {
    ADD_FAILURE() << toString(Value.takeError());
    return T();
  }
  return std::move(*Value);
}

AddressSpaceConstraints constraints(std::vector<AddressRange> Reserved) {
  AddressSpaceConstraints C;
  C.MinAddress = 0x10000;
  C.EndAddress = 0x7ffffffff000;
  C.Reserved = std::move(Reserved);
  return C;
}

FixedMemoryRegion region(uintptr_t Address, size_t Size, std::string Name) {
  FixedMemoryRegion R;
  R.Address = Address;
  R.Contents.assign(Size, '\x5a');
  R.Name = std::move(Name);
  return R;
}

TEST(ChildAddressSpaceTest, ParsesMapsAndNamesWhatItKnows) {
  std::optional<std::vector<AddressRange>> Ranges = take(parseProcessMaps(
      "555555554000-555555556000 r--p 00000000 fe:00 247134    /usr/bin/my "
      "tool\n"
      "7ffff7fc1000-7ffff7fc5000 r--p 00000000 00:00 0          [vvar]\n"
      "7ffff7fc5000-7ffff7fc7000 r-xp 00000000 00:00 0          [vdso]\n"
      "7ffff7fd0000-7ffff7fd2000 rw-p 00000000 00:00 0\n"
      "7ffffffde000-7ffffffff000 rw-p 00000000 00:00 0          [stack]\n"));
  ASSERT_EQ(Ranges->size(), 5u);
  EXPECT_EQ((*Ranges)[0].Begin, 0x555555554000u);
  EXPECT_EQ((*Ranges)[0].End, 0x555555556000u);
  EXPECT_EQ((*Ranges)[0].Description, "the tool's mapping of /usr/bin/my tool");
  EXPECT_EQ((*Ranges)[1].Description, "the vDSO's data ([vvar])");
  EXPECT_EQ((*Ranges)[2].Description, "the vDSO");
  EXPECT_EQ((*Ranges)[3].Description, "anonymous memory of the tool");
  EXPECT_EQ((*Ranges)[4].Description, "the main thread's stack");
}

TEST(ChildAddressSpaceTest, RejectsMalformedMaps) {
  Expected<std::vector<AddressRange>> Ranges =
      parseProcessMaps("zzzz-1000 r--p 0 0:0 0\n");
  ASSERT_FALSE(Ranges);
  EXPECT_EQ(toString(Ranges.takeError()),
            "cannot parse line 1 of the process's memory map: 'zzzz-1000 "
            "r--p 0 0:0 0'");
}

TEST(ChildAddressSpaceTest, AcceptsAFreeLayout) {
  FixedLayout Layout;
  Layout.FirstFunctionAddress = 0x20000000;
  Layout.Memory.push_back(region(0x10000000, 8192, "MEM-MAP 'a'"));
  Layout.Memory.push_back(region(0x10002000, 1, "MEM-MAP 'b'"));
  EXPECT_EQ(errorText(checkFixedLayout(
                Layout, 3 * Page,
                constraints({{0x30000000, 0x30001000, "the tool"}}), Page)),
            "");
}

TEST(ChildAddressSpaceTest, NamesTheReservedRangeAMappingHits) {
  FixedLayout Layout;
  Layout.Memory.push_back(region(0x555555555000, 100, "MEM-MAP 'v'"));
  EXPECT_EQ(errorText(checkFixedLayout(
                Layout, 0,
                constraints({{0x555555554000, 0x555555556000,
                              "the tool's mapping of /bin/x"}}),
                Page)),
            "MEM-MAP 'v' at 0x555555555000-0x555555556000 overlaps the "
            "tool's mapping of /bin/x at 0x555555554000-0x555555556000, "
            "which the benchmarking subprocess inherits from the tool; "
            "choose another address");
}

TEST(ChildAddressSpaceTest, TheMostSpecificReservationIsNamed) {
  // The rseq area lies inside an anonymous mapping: it is listed first.
  FixedLayout Layout;
  Layout.Memory.push_back(region(0x7000, 1, "MEM-MAP 'v'"));
  AddressSpaceConstraints C =
      constraints({{0x7010, 0x7030, "glibc's rseq area"},
                   {0x6000, 0x9000, "anonymous memory of the tool"}});
  C.MinAddress = Page;
  EXPECT_NE(errorText(checkFixedLayout(Layout, 0, C, Page))
                .find("overlaps glibc's rseq area at 0x7010-0x7030"),
            std::string::npos);
}

TEST(ChildAddressSpaceTest, MappingOverTheCodeIsRefused) {
  FixedLayout Layout;
  Layout.FirstFunctionAddress = 0x20000000;
  Layout.Memory.push_back(region(0x20001000, 4096, "MEM-MAP 'v'"));
  // 4097 bytes of code take two pages.
  EXPECT_EQ(
      errorText(checkFixedLayout(Layout, Page + 1, constraints({}), Page)),
      "MEM-MAP 'v' at 0x20001000-0x20002000 overlaps the snippet's code "
      "(LLVM-EXEGESIS-SNIPPET-ADDRESS, 4097 bytes) at "
      "0x20000000-0x20002000");
  EXPECT_EQ(errorText(checkFixedLayout(Layout, Page, constraints({}), Page)),
            "");
}

TEST(ChildAddressSpaceTest, OverlappingMappingsAreRefused) {
  FixedLayout Layout;
  Layout.Memory.push_back(region(0x10000000, 8192, "MEM-MAP 'a'"));
  Layout.Memory.push_back(region(0x10001000, 1, "MEM-MAP 'b'"));
  EXPECT_EQ(errorText(checkFixedLayout(Layout, 0, constraints({}), Page)),
            "MEM-MAP 'b' at 0x10001000-0x10002000 overlaps MEM-MAP 'a' at "
            "0x10000000-0x10002000");
}

TEST(ChildAddressSpaceTest, OverlapsAreFoundAmongManyRegions) {
  // A thousand pages apart, then one in the middle of the layout that
  // lands on an earlier one; the later of the two is named first.
  FixedLayout Layout;
  for (unsigned I = 0; I < 1000; ++I)
    Layout.Memory.push_back(
        region(0x10000000 + 2 * I * Page, Page, "page " + std::to_string(I)));
  EXPECT_EQ(errorText(checkFixedLayout(Layout, 0, constraints({}), Page)), "");
  Layout.Memory.insert(Layout.Memory.begin() + 500,
                       region(0x10000000 + 2 * 700 * Page, 1, "late"));
  EXPECT_EQ(errorText(checkFixedLayout(Layout, 0, constraints({}), Page)),
            "page 700 at 0x10578000-0x10579000 overlaps late at "
            "0x10578000-0x10579000");
}

TEST(ChildAddressSpaceTest, AddressSpaceLimits) {
  FixedLayout Low;
  Low.Memory.push_back(region(0x1000, 1, "MEM-MAP 'low'"));
  EXPECT_EQ(errorText(checkFixedLayout(Low, 0, constraints({}), Page)),
            "MEM-MAP 'low' at 0x1000 lies below the lowest address a process "
            "may map (vm.mmap_min_addr = 0x10000)");
  FixedLayout High;
  High.Memory.push_back(region(0x7fffffffe000, 8192, "MEM-MAP 'high'"));
  EXPECT_EQ(errorText(checkFixedLayout(High, 0, constraints({}), Page)),
            "MEM-MAP 'high' at 0x7fffffffe000 (8192 bytes) extends past the "
            "end of the user address space (0x7ffffffff000)");
  FixedLayout Wrap;
  Wrap.FirstFunctionAddress = ~uintptr_t(0) & ~uintptr_t(Page - 1);
  EXPECT_NE(errorText(checkFixedLayout(Wrap, 2 * Page, constraints({}), Page))
                .find("extends past the end of the user address space"),
            std::string::npos);
  FixedLayout Unaligned;
  Unaligned.Memory.push_back(region(0x10000010, 1, "MEM-MAP 'odd'"));
  EXPECT_EQ(errorText(checkFixedLayout(Unaligned, 0, constraints({}), Page)),
            "MEM-MAP 'odd' at 0x10000010 is not aligned to the page size "
            "(4096)");
}

#if defined(__linux__)

TEST(ChildAddressSpaceTest, CurrentConstraintsCoverThisProcess) {
  Expected<AddressSpaceConstraints> C = getCurrentAddressSpaceConstraints();
  ASSERT_TRUE(static_cast<bool>(C)) << toString(C.takeError());
  int OnStack = 0;
  auto Covering = [&](const void *P) -> std::string {
    uintptr_t A = reinterpret_cast<uintptr_t>(P);
    for (const AddressRange &R : C->Reserved)
      if (A >= R.Begin && A < R.End)
        return R.Description;
    return "";
  };
  // Unit tests run on the main thread, whose stack is [stack].
  EXPECT_EQ(Covering(&OnStack), "the main thread's stack");
  EXPECT_NE(Covering(reinterpret_cast<const void *>(&errorText))
                .find("ExegesisUnitTests"),
            std::string::npos);
  EXPECT_NE(Covering(reinterpret_cast<const void *>(&getpid)).find("libc"),
            std::string::npos);

  // Mapping anything over this test's code is refused, naming the file.
  FixedLayout Layout;
  Layout.Memory.push_back(
      region(reinterpret_cast<uintptr_t>(&errorText) & ~uintptr_t(Page - 1), 1,
             "MEM-MAP 'here'"));
  EXPECT_NE(errorText(checkFixedLayout(Layout, 0, *C, Page))
                .find("overlaps the tool's mapping of "),
            std::string::npos);
}

TEST(ChildAddressSpaceTest, TheRseqAreaIsReservedWhenRegistered) {
  Expected<AddressSpaceConstraints> C = getCurrentAddressSpaceConstraints();
  ASSERT_TRUE(static_cast<bool>(C)) << toString(C.takeError());
  const AddressRange *Rseq = nullptr;
  for (const AddressRange &R : C->Reserved)
    if (StringRef(R.Description).contains("rseq"))
      Rseq = &R;
  // glibc 2.35+ registers one unless told not to (glibc.pthread.rseq=0).
  if (!Rseq)
    GTEST_SKIP() << "this libc registered no rseq area";
  EXPECT_GE(Rseq->End - Rseq->Begin, 32u);
  // It is memory of this process: one of its mappings holds it.
  bool Inside = false;
  for (const AddressRange &R : C->Reserved)
    Inside |= &R != Rseq && R.Begin <= Rseq->Begin && Rseq->End <= R.End;
  EXPECT_TRUE(Inside);
}

/// \p Count free pages, found by mapping and unmapping them; 0 on failure.
uintptr_t findFreePages(size_t Count) {
  void *Probe = mmap(nullptr, Count * Page, PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Probe == MAP_FAILED)
    return 0;
  munmap(Probe, Count * Page);
  return reinterpret_cast<uintptr_t>(Probe);
}

/// A file of \p Size zero bytes with no name; -1 on failure.
int createFile(size_t Size) {
  char File[] = "/tmp/exegesis-child-address-space-XXXXXX";
  int Fd = mkstemp(File);
  if (Fd < 0)
    return -1;
  unlink(File);
  if (ftruncate(Fd, Size) != 0) {
    close(Fd);
    return -1;
  }
  return Fd;
}

TEST(ChildAddressSpaceTest, MapsSharedAndPrivateRegionsInAChild) {
  uintptr_t Base = findFreePages(2);
  int Fd = createFile(Page);
  ASSERT_NE(Base, 0u);
  ASSERT_GE(Fd, 0);
  ASSERT_EQ(pwrite(Fd, "shared", 6, 0), 6);

  FixedMemoryRegion Regions[2];
  Regions[0].Address = Base;
  Regions[0].SharedFd = Fd;
  Regions[0].SharedSize = 6;
  Regions[1] = region(Base + Page, 3, "private");

  pid_t Pid = fork();
  ASSERT_GE(Pid, 0);
  if (Pid == 0) {
    if (!mapFixedMemoryRegions(Regions, 2, Page))
      _exit(1);
    const char *Shared = reinterpret_cast<const char *>(Base);
    const char *Private = reinterpret_cast<const char *>(Base + Page);
    if (memcmp(Shared, "shared", 6) != 0 || memcmp(Private, "ZZZ", 3) != 0)
      _exit(2);
    // Writes to the shared region reach the parent.
    memcpy(reinterpret_cast<char *>(Base), "CHILD!", 6);
    // Mapping again over what is now there is refused, not replaced.
    if (mapFixedMemoryRegions(Regions, 1, Page))
      _exit(3);
    _exit(0);
  }
  int Status = 0;
  ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 0);
  char Back[6];
  ASSERT_EQ(pread(Fd, Back, 6, 0), 6);
  EXPECT_EQ(std::string(Back, 6), "CHILD!");
  close(Fd);
}

TEST(ChildAddressSpaceTest, ARegionWithALengthGoesRoundItsObject) {
  // Five pages backed by a two-page object from its second page on: the
  // child's pages 0, 2 and 4 are the object's page 1, pages 1 and 3 its
  // page 0.
  uintptr_t Base = findFreePages(5);
  int Fd = createFile(2 * Page);
  ASSERT_NE(Base, 0u);
  ASSERT_GE(Fd, 0);
  ASSERT_EQ(pwrite(Fd, "zero", 4, 0), 4);
  ASSERT_EQ(pwrite(Fd, "one!", 4, Page), 4);
  FixedMemoryRegion Region;
  Region.Address = Base;
  Region.SharedFd = Fd;
  Region.SharedSize = 2 * Page - 100;
  Region.SharedLength = 5 * Page;
  Region.SharedOffset = Page;
  pid_t Pid = fork();
  ASSERT_GE(Pid, 0);
  if (Pid == 0) {
    if (!mapFixedMemoryRegions(&Region, 1, Page))
      _exit(1);
    const char *Expected[] = {"one!", "zero", "one!", "zero", "one!"};
    for (unsigned I = 0; I < 5; ++I)
      if (memcmp(reinterpret_cast<const char *>(Base + I * Page), Expected[I],
                 4) != 0)
        _exit(2 + I);
    // One physical page: a write through page 4 is seen through page 0
    // (volatile: to the compiler the two addresses cannot alias).
    *reinterpret_cast<volatile char *>(Base + 4 * Page) = 'O';
    if (*reinterpret_cast<volatile char *>(Base) != 'O')
      _exit(8);
    _exit(0);
  }
  int Status = 0;
  ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 0);
  close(Fd);
}

#endif

} // namespace
