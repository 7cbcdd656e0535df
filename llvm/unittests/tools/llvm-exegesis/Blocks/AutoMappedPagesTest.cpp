//===-- AutoMappedPagesTest.cpp - Which pages a fault maps, and how -------===//

#include "Blocks/AutoMappedPages.h"
#include "gtest/gtest.h"
#include <set>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

constexpr uint64_t Page = AutoMappedPages::PageSize;
constexpr uintptr_t First = 0x10000000;

AddressSpaceConstraints freeSpace(std::vector<AddressRange> Reserved = {}) {
  AddressSpaceConstraints C;
  C.MinAddress = 0x10000;
  C.EndAddress = 0x7ffffffff000;
  C.Reserved = std::move(Reserved);
  return C;
}

/// A block that touches \p Touches in order, run against \p Pages as the
/// tool runs it: each run stops at the first unmapped address, which is
/// mapped before the next run. The number of runs that faulted, or the
/// reason the last fault could not be cured.
struct Outcome {
  unsigned Faults = 0;
  std::optional<std::string> Failure;
};
Outcome run(AutoMappedPages &Pages, const std::vector<uintptr_t> &Touches,
            uint64_t MaxPages,
            const AddressSpaceConstraints &Constraints = freeSpace()) {
  Outcome Result;
  size_t Next = 0;
  while (true) {
    // Earlier touches stay mapped: carry on from the fault.
    while (Next < Touches.size() && Pages.contains(Touches[Next]))
      ++Next;
    if (Next == Touches.size())
      return Result;
    ++Result.Faults;
    Result.Failure = Pages.mapFault(Touches[Next], MaxPages, Constraints);
    if (Result.Failure)
      return Result;
  }
}

std::set<uint64_t> pagesOf(const std::vector<uintptr_t> &Touches) {
  std::set<uint64_t> Set;
  for (uintptr_t A : Touches)
    Set.insert(A / Page);
  return Set;
}

TEST(AutoMappedPagesTest, AStackWalkDoublesInsteadOfOneRunPerPage) {
  // 20,480 pushes from the middle of the first page: what the loop of 2,048
  // copies of `push %rbx` runs in its 2 x 10,000-instruction form, 41 pages.
  std::vector<uintptr_t> Touches;
  for (unsigned I = 1; I <= 20480; ++I)
    Touches.push_back(First + 0x800 - 8 * I);
  AutoMappedPages Pages(8);
  Pages.addPage(First);
  Outcome Result = run(Pages, Touches, 262144);
  EXPECT_EQ(Result.Failure, std::nullopt);
  EXPECT_EQ(pagesOf(Touches).size(), 41u);
  // One page each, the old way, would have been 40 faults.
  EXPECT_LE(Result.Faults, 7u);
  EXPECT_GE(Pages.size(), 41u);
  EXPECT_LE(Pages.size(), 2 * 41u);
  // All in one run below the first page, which is on physical page 0 of
  // none but its own run: the walk is one run.
  EXPECT_EQ(Pages.getRuns().size(), 1u);
}

TEST(AutoMappedPagesTest, AWideStrideIsFollowedWithoutMappingWhatItSkips) {
  // An epilogue freeing a 297 KiB frame per copy (`add $0x4a358, %rsp`, six
  // pops), 2,500 copies: 186,000 pages walked upwards, 2,500 of them (and
  // some next pages, where the pops cross one) touched.
  std::vector<uintptr_t> Touches;
  uintptr_t Sp = First + 0x800;
  for (unsigned Copy = 0; Copy < 2500; ++Copy) {
    Sp += 0x4a358;
    for (unsigned Pop = 0; Pop < 6; ++Pop, Sp += 8)
      Touches.push_back(Sp);
  }
  AutoMappedPages Pages(8);
  Pages.addPage(First);
  Outcome Result = run(Pages, Touches, 262144);
  EXPECT_EQ(Result.Failure, std::nullopt);
  // The stride's doublings, and the pages a crossing pop adds.
  EXPECT_LE(Result.Faults, 40u);
  EXPECT_GE(Pages.size(), pagesOf(Touches).size());
  EXPECT_LE(Pages.size(), 2 * pagesOf(Touches).size());
  // What the walk skips stays unmapped: a run per step, about.
  EXPECT_GT(Pages.getRuns().size(), 2000u);
  EXPECT_FALSE(Pages.contains(First + 0x800 + 0x4a358 / 2));
  // The same walk stops at a lower limit, with the limit as the reason.
  AutoMappedPages Limited(8);
  Limited.addPage(First);
  Outcome Stopped = run(Limited, Touches, 1024);
  ASSERT_TRUE(Stopped.Failure.has_value());
  EXPECT_NE(Stopped.Failure->find("beyond the limit of 1024"),
            std::string::npos);
  EXPECT_EQ(Limited.size(), 1024u);
}

TEST(AutoMappedPagesTest, APointerGrowingByAPointerIsAStride) {
  // `add %rcx, %r8; vmovsd %xmm3, (%r8)` with both registers at
  // 0x10000800: 256 MiB and a half page further on each copy, 2,500
  // copies, one page each.
  std::vector<uintptr_t> Touches;
  uintptr_t R8 = First + 0x800;
  for (unsigned Copy = 0; Copy < 2500; ++Copy, R8 += First + 0x800)
    Touches.push_back(R8);
  AutoMappedPages Pages(8);
  Pages.addPage(First);
  Outcome Result = run(Pages, Touches, 262144);
  EXPECT_EQ(Result.Failure, std::nullopt);
  // Two single pages, then the stride confirmed and doubled: 13 runs, the
  // last mapping ahead past the 2,500th copy.
  EXPECT_LE(Result.Faults, 13u);
  EXPECT_GE(Pages.size(), 2500u);
  EXPECT_LE(Pages.size(), 2 * 2500u);
  EXPECT_EQ(Pages.getRuns().size(), Pages.size());
}

TEST(AutoMappedPagesTest, AFrameWalkTouchingBothEndsIsAWalk) {
  // A prologue per copy: `sub $0x60, %rsp`, six stores at (%rsp) up,
  // `mov 0x68(%rsp), %r10`, then `sub $0x7080, %rsp; and $-4096, %rsp`:
  // each copy faults below everything mapped and then on the page above
  // it, 1,540 copies.
  std::vector<uintptr_t> Touches;
  uintptr_t Sp = First + 0x800;
  for (unsigned Copy = 0; Copy < 1540; ++Copy) {
    Sp -= 0x60;
    for (unsigned Store = 0; Store < 6; ++Store)
      Touches.push_back(Sp + 8 * Store);
    Touches.push_back(Sp + 0x68);
    Sp = (Sp - 0x7080) & ~uintptr_t(0xfff);
  }
  AutoMappedPages Pages(8);
  Pages.addPage(First);
  Outcome Result = run(Pages, Touches, 262144);
  EXPECT_EQ(Result.Failure, std::nullopt);
  EXPECT_LE(Result.Faults, 30u);
  EXPECT_LE(Pages.size(), 2 * (First + Page - Touches.back()) / Page);
}

TEST(AutoMappedPagesTest, FixedOffsetsMapTheirPagesOnly) {
  // (%rax), 4096(%rax) and 0x80000(%rax): no walk, three pages.
  std::vector<uintptr_t> Touches = {First + 0x800, First + 0x1800,
                                    First + 0x80800};
  AutoMappedPages Pages(8);
  Pages.addPage(First);
  Outcome Result = run(Pages, Touches, 262144);
  EXPECT_EQ(Result.Failure, std::nullopt);
  EXPECT_EQ(Result.Faults, 2u);
  EXPECT_EQ(Pages.size(), 3u);
  // Each on a physical page of its own: three fit in eight.
  EXPECT_EQ(Pages.getNumPhysicalPages(), 3u);
  EXPECT_EQ(Pages.getPhysicalPage(First), 0u);
  EXPECT_EQ(Pages.getPhysicalPage(First + 0x1000), 1u);
  EXPECT_EQ(Pages.getPhysicalPage(First + 0x80000), 2u);
  EXPECT_EQ(Pages.getPhysicalPage(First + 0x2000), std::nullopt);
}

TEST(AutoMappedPagesTest, PagesBeyondTheCacheGoRoundItsPhysicalPages) {
  // Three pages, then ten pages further up: 13 pages on 8 physical ones,
  // numbered in address order.
  AutoMappedPages Pages(8);
  for (unsigned I = 0; I < 3; ++I)
    Pages.addPage(First + I * Page);
  for (unsigned I = 0; I < 10; ++I)
    Pages.addPage(First + (100 + I) * Page);
  EXPECT_EQ(Pages.size(), 13u);
  EXPECT_EQ(Pages.getNumPhysicalPages(), 8u);
  std::vector<AutoMappedPages::Run> Runs = Pages.getRuns();
  ASSERT_EQ(Runs.size(), 2u);
  EXPECT_EQ(Runs[0].Address, First);
  EXPECT_EQ(Runs[0].Pages, 3u);
  EXPECT_EQ(Runs[0].FirstPhysicalPage, 0u);
  EXPECT_EQ(Runs[1].Address, First + 100 * Page);
  EXPECT_EQ(Runs[1].Pages, 10u);
  EXPECT_EQ(Runs[1].FirstPhysicalPage, 3u);
  std::vector<unsigned> Physical;
  for (unsigned I = 0; I < 10; ++I)
    Physical.push_back(*Pages.getPhysicalPage(First + (100 + I) * Page));
  EXPECT_EQ(Physical, (std::vector<unsigned>{3, 4, 5, 6, 7, 0, 1, 2, 3, 4}));
  // Neighbouring pages never share one: any eight in a row are distinct.
  for (unsigned I = 0; I + 1 < 10; ++I)
    EXPECT_NE(Physical[I], Physical[I + 1]);
}

TEST(AutoMappedPagesTest, WalksStopAtWhatCannotBeMapped) {
  // A walk down runs into the lowest address a process may map: the pages
  // ahead stop there, and the fault below it is the block's error.
  std::vector<uintptr_t> Down;
  for (uintptr_t A = 0x30000 + 0x800; A >= 0x8000; A -= 8)
    Down.push_back(A);
  AutoMappedPages Pages(8);
  Pages.addPage(0x30000);
  Outcome Result = run(Pages, Down, 262144);
  ASSERT_TRUE(Result.Failure.has_value());
  EXPECT_EQ(*Result.Failure,
            "address 0xfff8 is below the lowest address a process may map");
  EXPECT_EQ(Pages.getRuns()[0].Address, 0x10000u);

  // A walk up stops short of the tool's mappings; the fault on them is
  // refused with their name.
  std::vector<uintptr_t> Up;
  for (uintptr_t A = First; A < First + 64 * Page; A += 8)
    Up.push_back(A);
  AutoMappedPages Blocked(8);
  Blocked.addPage(First);
  Outcome Stopped = run(
      Blocked, Up, 262144,
      freeSpace({{First + 40 * Page, First + 41 * Page, "the tool's heap"}}));
  ASSERT_TRUE(Stopped.Failure.has_value());
  EXPECT_NE(Stopped.Failure->find("cannot be mapped"), std::string::npos)
      << *Stopped.Failure;
  EXPECT_NE(Stopped.Failure->find("the tool's heap"), std::string::npos);
  EXPECT_EQ(Blocked.size(), 40u);

  // A fault in a hole between two runs fills the hole.
  AutoMappedPages Between(8);
  Between.addPage(First + 4 * Page);
  Between.addPage(First);
  EXPECT_EQ(Between.mapFault(First + 2 * Page, 262144, freeSpace()),
            std::nullopt);
  EXPECT_EQ(Between.size(), 5u);
  EXPECT_EQ(Between.getRuns().size(), 1u);
}

} // namespace
