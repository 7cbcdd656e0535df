//===-- AutoMappedPages.cpp -------------------------------------*- C++ -*-===//

#include "AutoMappedPages.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace llvm {
namespace exegesis {

AutoMappedPages::AutoMappedPages(unsigned PhysicalPageLimit)
    : PhysicalPageLimit(std::max(1u, PhysicalPageLimit)) {}

bool AutoMappedPages::contains(uintptr_t Address) const {
  uint64_t Page = Address / PageSize;
  auto It = Runs.upper_bound(Page);
  if (It == Runs.begin())
    return false;
  --It;
  return Page < It->second;
}

unsigned AutoMappedPages::getNumPhysicalPages() const {
  return static_cast<unsigned>(std::min<uint64_t>(NumPages, PhysicalPageLimit));
}

void AutoMappedPages::insertPages(uint64_t First, uint64_t End) {
  assert(First < End && "no pages to insert");
  // Absorb every run that overlaps or touches [First, End).
  auto It = Runs.upper_bound(First);
  if (It != Runs.begin() && std::prev(It)->second >= First)
    --It;
  while (It != Runs.end() && It->first <= End) {
    First = std::min(First, It->first);
    End = std::max(End, It->second);
    NumPages -= It->second - It->first;
    It = Runs.erase(It);
  }
  Runs[First] = End;
  NumPages += End - First;
}

void AutoMappedPages::addPage(uintptr_t Address) {
  uint64_t Page = Address / PageSize;
  if (!contains(Address))
    insertPages(Page, Page + 1);
  LastPage = Page;
  LastStep.reset();
}

void AutoMappedPages::clipAhead(
    uint64_t &From, uint64_t &To, bool Up, uint64_t Budget,
    const AddressSpaceConstraints &Constraints) const {
  if (Up) {
    To = std::min(To, From + Budget);
    To = std::min<uint64_t>(To, Constraints.EndAddress / PageSize);
    auto Next = Runs.lower_bound(From);
    if (Next != Runs.end())
      To = std::min(To, Next->first);
    for (const AddressRange &R : Constraints.Reserved)
      if (R.End > From * PageSize && R.Begin < To * PageSize)
        To = std::min<uint64_t>(To, R.Begin / PageSize);
  } else {
    From = std::max(From, To > Budget ? To - Budget : 0);
    From = std::max<uint64_t>(From, alignTo(Constraints.MinAddress, PageSize) /
                                        PageSize);
    auto Next = Runs.lower_bound(To);
    if (Next != Runs.begin())
      From = std::max(From, std::prev(Next)->second);
    for (const AddressRange &R : Constraints.Reserved)
      if (R.End > From * PageSize && R.Begin < To * PageSize)
        From = std::max<uint64_t>(From, alignTo(R.End, PageSize) / PageSize);
  }
  if (From > To)
    From = To;
}

std::optional<std::string>
AutoMappedPages::mapFault(uintptr_t Address, uint64_t MaxPages,
                          const AddressSpaceConstraints &Constraints) {
  std::string Hex = "0x" + utohexstr(Address, /*LowerCase=*/true);
  if (Address == 0)
    return std::string("the fault has no address (a non-canonical or "
                       "misaligned access, or a protection fault): mapping "
                       "memory cannot cure it");
  if (Address < Constraints.MinAddress)
    return "address " + Hex + " is below the lowest address a process may map";
  if (Address >= Constraints.EndAddress)
    return "address " + Hex + " is not a user address";
  if (contains(Address))
    return "address " + Hex +
           " is mapped already (the access itself is not allowed)";
  if (NumPages >= MaxPages)
    // The usual cause is a block that moves its pointers on each copy
    // (push, a stride, a pointer walk) further than the limit allows.
    return "address " + Hex + " would need page " + Twine(NumPages + 1).str() +
           ", beyond the limit of " + Twine(MaxPages).str() +
           " (-auto-map-max-pages raises it; a block that walks memory needs "
           "pages in proportion to -min-instructions)";
  uint64_t Page = Address / PageSize;
  FixedLayout Candidate;
  FixedMemoryRegion Region;
  Region.Address = Page * PageSize;
  Region.Contents.assign(PageSize, '\0');
  Region.Name = "the page of address " + Hex;
  Candidate.Memory.push_back(std::move(Region));
  if (Error E = checkFixedLayout(Candidate, 0, Constraints, PageSize))
    return "address " + Hex + " cannot be mapped: " + toString(std::move(E));

  // Only a fault beyond every mapped page can be a walk's next step; one
  // between them (the other end of a stack frame a walk went past) leaves
  // the walk as it was.
  bool Beyond = Runs.empty() || Page < Runs.begin()->first ||
                Page >= std::prev(Runs.end())->second;
  bool Walks = false;
  int64_t Step = 0;
  if (Beyond) {
    Step = LastPage ? static_cast<int64_t>(Page - *LastPage) : 0;
    Walks = LastStep && Step != 0 && (Step > 0) == (*LastStep > 0) &&
            std::llabs(Step) <= 3 * std::llabs(*LastStep) + 2;
    LastPage = Page;
    LastStep = Step;
  }

  uint64_t First = Page, End = Page + 1;
  auto Above = Runs.upper_bound(Page);
  auto GapIsFree = [&](uint64_t From, uint64_t To) {
    return NumPages + (To - From) <= MaxPages &&
           !findReservedOverlap(Constraints, From * PageSize, To * PageSize);
  };
  if (Walks && Step > 0 && Above != Runs.begin()) {
    // Up from the run below: over the gap, then as far again ahead.
    auto Below = std::prev(Above);
    if (GapIsFree(Below->second, Page + 1)) {
      uint64_t AheadFrom = Page + 1;
      uint64_t AheadTo = AheadFrom + (AheadFrom - Below->first);
      First = Below->second;
      clipAhead(AheadFrom, AheadTo, /*Up=*/true,
                MaxPages - NumPages - (AheadFrom - First), Constraints);
      End = AheadTo;
    }
  } else if (Walks && Step < 0 && Above != Runs.end()) {
    // Down from the run above, likewise.
    if (GapIsFree(Page, Above->first)) {
      uint64_t AheadTo = Page;
      uint64_t Length = Above->second - Page;
      uint64_t AheadFrom = AheadTo > Length ? AheadTo - Length : 0;
      End = Above->first;
      clipAhead(AheadFrom, AheadTo, /*Up=*/false,
                MaxPages - NumPages - (End - Page), Constraints);
      First = AheadFrom;
    }
  }
  insertPages(First, End);
  return std::nullopt;
}

std::vector<AutoMappedPages::Run> AutoMappedPages::getRuns() const {
  std::vector<Run> Result;
  unsigned Physical = getNumPhysicalPages();
  uint64_t Index = 0;
  for (const auto &[First, End] : Runs) {
    Result.push_back({static_cast<uintptr_t>(First * PageSize), End - First,
                      static_cast<unsigned>(Index % Physical)});
    Index += End - First;
  }
  return Result;
}

std::optional<unsigned>
AutoMappedPages::getPhysicalPage(uintptr_t Address) const {
  uint64_t Page = Address / PageSize;
  uint64_t Index = 0;
  for (const auto &[First, End] : Runs) {
    if (Page >= First && Page < End)
      return static_cast<unsigned>((Index + Page - First) %
                                   getNumPhysicalPages());
    Index += End - First;
  }
  return std::nullopt;
}

} // namespace exegesis
} // namespace llvm
