//===-- AutoMappedPages.cpp -------------------------------------*- C++ -*-===//

#include "Blocks/AutoMappedPages.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include <algorithm>
#include <cassert>
#include <cstdint>
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
  return Page < It->second.End;
}

unsigned AutoMappedPages::getNumPhysicalPages() const {
  return static_cast<unsigned>(std::min<uint64_t>(NumPages, PhysicalPageLimit));
}

void AutoMappedPages::insertPages(uint64_t First, uint64_t End, Growth Grew) {
  assert(First < End && "no pages to insert");
  // Absorb every run that overlaps or touches [First, End).
  auto It = Runs.upper_bound(First);
  if (It != Runs.begin() && std::prev(It)->second.End >= First)
    --It;
  Growth Merged = Grew;
  while (It != Runs.end() && It->first <= End) {
    First = std::min(First, It->first);
    End = std::max(End, It->second.End);
    if (Merged == Growth::None)
      Merged = It->second.Grew;
    NumPages -= It->second.End - It->first;
    It = Runs.erase(It);
  }
  Runs[First] = {End, Merged};
  NumPages += End - First;
}

void AutoMappedPages::addPage(uintptr_t Address) {
  uint64_t Page = Address / PageSize;
  if (!contains(Address))
    insertPages(Page, Page + 1, Growth::None);
}

bool AutoMappedPages::canMap(uint64_t Page,
                             const AddressSpaceConstraints &Constraints) const {
  uintptr_t Begin = Page * PageSize;
  return Begin >= Constraints.MinAddress && Page < UINTPTR_MAX / PageSize &&
         Begin + PageSize <= Constraints.EndAddress && !contains(Begin) &&
         !findReservedOverlap(Constraints, Begin, Begin + PageSize);
}

bool AutoMappedPages::mapNear(uint64_t Page, uint64_t MaxPages,
                              const AddressSpaceConstraints &Constraints) {
  auto Above = Runs.upper_bound(Page);
  auto Below = Above == Runs.begin() ? Runs.end() : std::prev(Above);
  bool NearBelow = Below != Runs.end() && Page - Below->second.End < NearPages;
  bool NearAbove = Above != Runs.end() && Above->first - Page - 1 < NearPages;
  if (!NearBelow && !NearAbove)
    return false;
  auto Fits = [&](uint64_t From, uint64_t To) {
    return NumPages + (To - From) <= MaxPages &&
           !findReservedOverlap(Constraints, From * PageSize, To * PageSize);
  };
  if (NearBelow && NearAbove) {
    // A hole between two runs: fill it, they become one.
    uint64_t From = Below->second.End, To = Above->first;
    if (Fits(From, To))
      insertPages(From, To, Growth::None);
    else
      insertPages(Page, Page + 1, Growth::None);
    return true;
  }
  Growth Way = NearBelow ? Growth::Up : Growth::Down;
  const RunInfo &Anchor = NearBelow ? Below->second : Above->second;
  if (Anchor.Grew != Way) {
    insertPages(Page, Page + 1, Way);
    return true;
  }
  // The run grew this way before: a walk. Over the gap, then as far again.
  if (Way == Growth::Up) {
    uint64_t From = Below->second.End, To = Page + 1;
    if (!Fits(From, To)) {
      insertPages(Page, Page + 1, Way);
      return true;
    }
    uint64_t Budget = MaxPages - NumPages - (To - From);
    uint64_t Ahead = std::min(To - Below->first, Budget);
    uint64_t End = To;
    while (End < To + Ahead && canMap(End, Constraints))
      ++End;
    insertPages(From, End, Way);
  } else {
    uint64_t From = Page, To = Above->first;
    if (!Fits(From, To)) {
      insertPages(Page, Page + 1, Way);
      return true;
    }
    uint64_t Budget = MaxPages - NumPages - (To - From);
    uint64_t Ahead = std::min(Above->second.End - Page, Budget);
    uint64_t First = From;
    while (First > 0 && From - First < Ahead && canMap(First - 1, Constraints))
      --First;
    insertPages(First, To, Way);
  }
  return true;
}

void AutoMappedPages::mapFar(uintptr_t Address, uint64_t MaxPages,
                             const AddressSpaceConstraints &Constraints) {
  insertPages(Address / PageSize, Address / PageSize + 1, Growth::None);
  for (Stride &S : Strides) {
    if (S.Next != Address)
      continue;
    // A confirmed stride: each step touches what the step before this one
    // did (by now its other pages have faulted too: the far end of a stack
    // frame, an access that crosses a page), so the pages mapped around
    // the previous step, up to halfway to its neighbours, are mapped around
    // this step and the next ones.
    int64_t StepPages = std::llabs(S.Step) / static_cast<int64_t>(PageSize);
    int64_t Reach =
        std::min<int64_t>(NearPages, std::max<int64_t>(StepPages / 2, 0));
    uint64_t Previous = (Address - S.Step) / PageSize;
    std::vector<int64_t> Pattern;
    for (int64_t D = -Reach; D <= Reach; ++D)
      if (D != 0 && Previous + D > 0 && contains((Previous + D) * PageSize))
        Pattern.push_back(D);
    auto MapAround = [&](uintptr_t At) {
      uint64_t Page = At / PageSize;
      if (!contains(At)) {
        if (!canMap(Page, Constraints))
          return false;
        insertPages(Page, Page + 1, Growth::None);
      }
      for (int64_t D : Pattern)
        if (NumPages < MaxPages && canMap(Page + D, Constraints))
          insertPages(Page + D, Page + D + 1, Growth::None);
      return true;
    };
    MapAround(Address);
    uint64_t Done = 0;
    uintptr_t Next = Address;
    while (Done < S.Ahead && NumPages < MaxPages) {
      if (S.Step < 0 ? Next < static_cast<uintptr_t>(-S.Step)
                     : Next > UINTPTR_MAX - static_cast<uintptr_t>(S.Step))
        break;
      Next += S.Step;
      if (!MapAround(Next))
        break;
      ++Done;
    }
    S.Next = Next + S.Step;
    S.Ahead *= 2;
    return;
  }
  // Each recent far fault suggests a stride that this one may continue.
  constexpr size_t MaxFarFaults = 8, MaxStrides = 32;
  for (uintptr_t Earlier : FarFaults) {
    int64_t Step = static_cast<int64_t>(Address - Earlier);
    if (Step == 0 || any_of(Strides, [&](const Stride &S) {
          return S.Step == Step && S.Next == Address + Step;
        }))
      continue;
    Strides.push_back({Address + Step, Step, 2});
  }
  while (Strides.size() > MaxStrides)
    Strides.pop_front();
  FarFaults.push_back(Address);
  if (FarFaults.size() > MaxFarFaults)
    FarFaults.pop_front();
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
  if (!mapNear(Page, MaxPages, Constraints))
    mapFar(Address, MaxPages, Constraints);
  return std::nullopt;
}

std::vector<AutoMappedPages::Run> AutoMappedPages::getRuns() const {
  std::vector<Run> Result;
  unsigned Physical = getNumPhysicalPages();
  uint64_t Index = 0;
  for (const auto &[First, Info] : Runs) {
    Result.push_back({static_cast<uintptr_t>(First * PageSize),
                      Info.End - First,
                      static_cast<unsigned>(Index % Physical)});
    Index += Info.End - First;
  }
  return Result;
}

std::optional<unsigned>
AutoMappedPages::getPhysicalPage(uintptr_t Address) const {
  uint64_t Page = Address / PageSize;
  uint64_t Index = 0;
  for (const auto &[First, Info] : Runs) {
    if (Page >= First && Page < Info.End)
      return static_cast<unsigned>((Index + Page - First) %
                                   getNumPhysicalPages());
    Index += Info.End - First;
  }
  return std::nullopt;
}

} // namespace exegesis
} // namespace llvm
