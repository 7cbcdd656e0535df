//===-- ChildAddressSpace.h - Fixed addresses in the subprocess -*- C++ -*-===//
//
// The benchmarking subprocess is a fork of the tool: it starts with every
// mapping the tool has (the executable, libLLVM and libc, the heap, the
// stack and the room it may grow into, the vDSO, the thread's rseq area
// that the kernel writes on preemption) and must keep them, since the
// code that sets up and reads the counters runs there. Snippet memory
// (LLVM-EXEGESIS-MEM-MAP) and code (LLVM-EXEGESIS-SNIPPET-ADDRESS) at fixed
// addresses must therefore avoid all of them.
//
// This checks a FixedLayout against that address space before any child
// is forked, so that a collision is a clear error naming both sides rather
// than a child that dies mysteriously, and maps the layout in the child
// with MAP_FIXED_NOREPLACE, which refuses, instead of silently replacing,
// anything that appeared between the check and the fork.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_CHILDADDRESSSPACE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_CHILDADDRESSSPACE_H

#include "Execution/FunctionExecutor.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// A part of the address space, [Begin, End), and what it is.
struct AddressRange {
  uintptr_t Begin = 0;
  uintptr_t End = 0;
  std::string Description;
};

/// The parts of the address space a fixed mapping may not use.
struct AddressSpaceConstraints {
  /// Mappings below this address are refused (vm.mmap_min_addr).
  uintptr_t MinAddress = 0;
  /// One past the highest user address.
  uintptr_t EndAddress = 0;
  /// What the child inherits or needs, most specific first.
  std::vector<AddressRange> Reserved;
};

/// The ranges of a /proc/<pid>/maps text, described for error messages.
Expected<std::vector<AddressRange>> parseProcessMaps(StringRef Text);

/// The constraints of a child forked from this process now: its mappings
/// (/proc/self/maps), the calling thread's rseq area, and the room the main
/// stack may grow into.
Expected<AddressSpaceConstraints> getCurrentAddressSpaceConstraints();

/// The first of \p Constraints.Reserved (the most specific) that [Begin, End)
/// overlaps; null when none does.
const AddressRange *
findReservedOverlap(const AddressSpaceConstraints &Constraints, uintptr_t Begin,
                    uintptr_t End);

/// Checks that the regions of \p Layout and the code placed at
/// Layout.FirstFunctionAddress (\p CodeSize bytes) fit the address space
/// and overlap neither each other nor \p Constraints.Reserved. Each
/// problem names the region and what it collides with.
Error checkFixedLayout(const FixedLayout &Layout, uint64_t CodeSize,
                       const AddressSpaceConstraints &Constraints,
                       size_t PageSize);

/// Maps \p Regions at their addresses in the calling process (the child).
/// Async-signal-safe: it allocates nothing, so it may run after fork in a
/// multi-threaded parent. False when any region cannot be mapped there.
bool mapFixedMemoryRegions(const FixedMemoryRegion *Regions, size_t Count,
                           size_t PageSize);

} // namespace exegesis
} // namespace llvm

#endif
