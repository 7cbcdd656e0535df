//===-- AutoMappedPages.h - The pages -auto-map-memory maps -----*- C++ -*-===//
//
// The pages a basic block is given by -auto-map-memory, kept as runs of
// consecutive pages, with the two rules that make them:
//
// Which pages a fault maps. A fault at an unmapped page maps that page. A
// block that walks memory (pushes, a stack frame per copy, a stride through
// an array) faults again and again in one direction, and one rerun per page
// would cost a rerun per page walked. So when a fault lies beyond every
// mapped page, in the same direction as the previous such fault (and no
// more than three times as far from it, plus two pages: a block that reads
// at +4 KiB and then at +512 KiB is not walking), the block is taken to
// walk: the run the walk comes from is extended over the gap to the
// faulting page and then as far again ahead of it, doubling the run each
// time, so that the reruns grow with the logarithm of the pages walked.
// (Faults between mapped pages, such as the far end of a stack frame that a
// walk has passed, map their page and leave the walk as it was.) What lies
// ahead is mapped only as far as the page limit, the address space, other
// runs and the tool's own mappings allow.
//
// Which physical page backs each. Every page holds the same data (see
// AutoMemoryMap.h), so which physical page backs it matters only to the
// caches: pages that share one physical page alias in a cache tagged by
// virtual address (AMD's L1 reads `movq (%rax),%rcx; movq 4096(%rax),%rdx`
// at 0.588 cycles per instruction on one physical page, 0.333 on two), and
// distinct pages beyond the L1's size would no longer all hit it. So the
// mapped pages are backed by as many physical pages as there are mapped
// pages, at most PhysicalPageLimit (the L1's size in pages): the n-th
// mapped page in address order by physical page n mod that number. A block
// that touches no more pages than fit in L1 thus has them all distinct,
// and a walk never puts two neighbouring pages on one physical page.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AUTOMAPPEDPAGES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AUTOMAPPEDPAGES_H

#include "ChildAddressSpace.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class AutoMappedPages {
public:
  static constexpr uint64_t PageSize = 4096;

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
  /// Adds pages [First, End) (page numbers), merging with neighbours.
  void insertPages(uint64_t First, uint64_t End);
  /// The pages ahead of a walk that may be mapped, clipped to \p Budget
  /// pages, the address space, the other runs and what is reserved: for a
  /// walk up, [From, To) shrinks its To; for a walk down its From.
  void clipAhead(uint64_t &From, uint64_t &To, bool Up, uint64_t Budget,
                 const AddressSpaceConstraints &Constraints) const;

  unsigned PhysicalPageLimit;
  /// First page number -> one past the last, disjoint and not adjacent.
  std::map<uint64_t, uint64_t> Runs;
  uint64_t NumPages = 0;
  /// The page of the latest fault beyond every mapped page (or of the
  /// first page) and the step that led to it, in pages.
  std::optional<uint64_t> LastPage;
  std::optional<int64_t> LastStep;
};

} // namespace exegesis
} // namespace llvm

#endif
