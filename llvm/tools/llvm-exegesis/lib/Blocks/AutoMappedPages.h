//===-- AutoMappedPages.h - The pages -auto-map-memory maps -----*- C++ -*-===//
//
// The pages a basic block is given by -auto-map-memory, kept as runs of
// consecutive pages, with the two rules that make them:
//
// Which pages a fault maps. A fault at an unmapped page maps that page. A
// block that walks memory (pushes, a stack frame per copy, a stride through
// an array, a pointer that grows by another pointer on each copy) faults
// again and again in one direction, and one rerun per page would cost a
// rerun per page walked. Two kinds of walk are followed, so that the reruns
// grow with the logarithm of the pages walked:
//   - Near walks (steps of up to NearPages pages). A fault within NearPages
//     of a run on one side only grows that run towards it; when the run grew
//     the same way the time before, the block is taken to walk: the run is
//     extended over the gap to the faulting page and then as far again ahead
//     of it, doubling each time. A fault near runs on both sides fills the
//     hole between them (the other end of a stack frame a walk went past).
//   - Far walks (longer steps). A fault far from every run maps its page
//     alone, and the steps from the last few such faults are remembered;
//     a fault that lands where one of those steps, taken again, predicted
//     confirms a stride: the page of every next step is mapped too, as many
//     steps as the stride has been confirmed for so far times two, and
//     nothing in between.
// What lies ahead is mapped only as far as the page limit, the address
// space and the tool's own mappings allow.
//
// Which physical page backs each. Every page holds the same data (see
// AutoMemoryMap.h), so which physical page backs it matters only to the
// caches: pages that share one physical page alias in a cache tagged by
// virtual address (AMD Zen's L1 data cache; bench/RESULTS.md has what that
// costs a block), and distinct pages beyond the L1's size would no longer
// all hit it. So the mapped pages are backed by as many physical pages as
// there are mapped pages, at most PhysicalPageLimit (the L1's size in
// pages): the n-th mapped page in address order by physical page n mod that
// number. A block that touches no more pages than fit in L1 thus has them
// all distinct, and a walk never puts two neighbouring pages on one
// physical page.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_BLOCKS_AUTOMAPPEDPAGES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_BLOCKS_AUTOMAPPEDPAGES_H

#include "Execution/ChildAddressSpace.h"
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class AutoMappedPages {
public:
  static constexpr uint64_t PageSize = 4096;
  /// Walks with steps up to this many pages are followed page by page;
  /// longer ones by their stride.
  static constexpr uint64_t NearPages = 4;

  /// \p PhysicalPageLimit: how many distinct physical pages may back the
  /// mapped ones (at least 1).
  explicit AutoMappedPages(unsigned PhysicalPageLimit);

  /// Maps the page holding \p Address, with no walk implied (the first page).
  void addPage(uintptr_t Address);

  /// Maps what a fault at \p Address needs (see above), keeping to
  /// \p MaxPages pages and out of what \p Constraints reserves; the reason
  /// when the fault cannot be cured by mapping.
  std::optional<std::string>
  mapFault(uintptr_t Address, uint64_t MaxPages,
           const AddressSpaceConstraints &Constraints);

  bool contains(uintptr_t Address) const;
  /// The number of pages mapped.
  uint64_t size() const { return NumPages; }
  unsigned getPhysicalPageLimit() const { return PhysicalPageLimit; }
  /// The number of physical pages behind the mapped ones.
  unsigned getNumPhysicalPages() const;

  /// A run of consecutive pages, and the physical page behind its first
  /// (the next pages take the next physical pages, going round).
  struct Run {
    uintptr_t Address = 0;
    uint64_t Pages = 0;
    unsigned FirstPhysicalPage = 0;
  };
  /// The runs in address order.
  std::vector<Run> getRuns() const;
  /// The physical page behind the mapped page holding \p Address.
  std::optional<unsigned> getPhysicalPage(uintptr_t Address) const;

private:
  enum class Growth { None, Up, Down };
  struct RunInfo {
    /// One past the last page number.
    uint64_t End = 0;
    /// Which way the run grew by its latest near fault.
    Growth Grew = Growth::None;
  };
  /// A stride that far faults may be walking.
  struct Stride {
    /// Where the next step would fault (an address) and the step.
    uintptr_t Next = 0;
    int64_t Step = 0;
    /// Steps mapped ahead when it is next confirmed.
    uint64_t Ahead = 2;
  };

  /// Adds pages [First, End) (page numbers), merging with the runs they
  /// overlap or touch; the run that results grew \p Grew (None: as the
  /// runs merged into it said).
  void insertPages(uint64_t First, uint64_t End, Growth Grew);
  /// Whether page \p Page is free to map: in the address space, not mapped,
  /// not reserved.
  bool canMap(uint64_t Page, const AddressSpaceConstraints &Constraints) const;
  /// The near-walk rule for a fault at \p Page; false when no run is near.
  bool mapNear(uint64_t Page, uint64_t MaxPages,
               const AddressSpaceConstraints &Constraints);
  /// The far-walk rule for a fault at \p Address.
  void mapFar(uintptr_t Address, uint64_t MaxPages,
              const AddressSpaceConstraints &Constraints);

  unsigned PhysicalPageLimit;
  /// First page number -> the run, disjoint and not adjacent.
  std::map<uint64_t, RunInfo> Runs;
  uint64_t NumPages = 0;
  /// The latest far faults, newest last, and the strides they suggest.
  std::deque<uintptr_t> FarFaults;
  std::deque<Stride> Strides;
};

} // namespace exegesis
} // namespace llvm

#endif
