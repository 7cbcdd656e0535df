//===-- AutoMemoryMap.h - Memory for a basic block, found by running it -*-===//
//
// -auto-map-memory measures a basic block taken from a running program
// without the user working out which pages it touches (the BHive method):
//   - every general-purpose register the block reads starts at
//     AutoMapRegisterValue, an address in the middle of a mapped page, so
//     that (%rax) and small displacements are valid; the stack pointer too
//     (a block that stores below its caller's frame must not overwrite the
//     measured function's own), which the function saves and restores;
//     vector registers it reads hold 1.0 in every double lane;
//   - every page holds the same data (MEM-DEF auto-page, every 8-byte word
//     AutoMapRegisterValue, so that pointers loaded from it point back into
//     mapped memory), on as many physical pages as fit in the host's L1
//     data cache and no more (AutoMappedPages.h says which backs which), so
//     that all the data stays in L1 and no two of its pages alias there;
//   - when the block faults on an unmapped user address, that page is mapped
//     (and, for a block that walks memory, the pages ahead of the walk) and
//     the block runs again, up to a number of pages.
// A fault that a mapping cannot cure (address 0 as the kernel reports for
// non-canonical and misaligned vector accesses, kernel addresses, pages
// already mapped, the tool's own memory, other signals) stays the block's
// error, with the reason in `info`. The annotations that reproduce the run
// are given in `info` too.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_BLOCKS_AUTOMEMORYMAP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_BLOCKS_AUTOMEMORYMAP_H

#include "Blocks/AutoMappedPages.h"
#include "Core/BenchmarkCode.h"
#include "Core/L1CacheSize.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Where the first automatically mapped page is, and what every register the
/// block reads and every word of every mapped page hold.
inline constexpr uintptr_t AutoMapFirstPage = 0x10000000;
inline constexpr uintptr_t AutoMapRegisterValue = AutoMapFirstPage + 0x800;
/// The name of the one memory value behind every mapped page.
inline constexpr const char AutoMapValueName[] = "auto-page";

/// Whether this target's blocks can be set up for -auto-map-memory (x86-64);
/// the reason when not.
std::optional<std::string> whyAutoMapUnsupported(const LLVMState &State);

/// Gives \p Code the register defaults above (registers the file already
/// defines keep their values), the first page and, when the block uses the
/// target's default loop counter and the file chose none, a loop counter the
/// block does not use.
void prepareAutoMappedBlock(const LLVMState &State, BenchmarkCode &Code);

/// How many physical pages may back a block's pages: the L1 data cache's
/// worth, at least one.
unsigned getAutoMapPhysicalPageLimit(const L1CacheSize &Cache);

/// The pages of a block prepared by prepareAutoMappedBlock.
AutoMappedPages getInitialAutoMappedPages(const L1CacheSize &Cache);

/// Makes \p Code map \p Pages: the memory value auto-page as large as
/// their physical pages, mapped once per run of pages (replacing the
/// mappings of auto-page that \p Code had).
void applyAutoMappedPages(const AutoMappedPages &Pages, BenchmarkCode &Code);

/// Maps what a fault at \p FaultAddress needs into \p Pages and \p Code
/// when that can cure it within \p MaxPages pages; otherwise the reason.
std::optional<std::string> mapFaultingPage(BenchmarkCode &Code,
                                           AutoMappedPages &Pages,
                                           uintptr_t FaultAddress,
                                           uint64_t MaxPages);

/// The pages mapped, how they are backed and the loop counter, with the
/// annotations that reproduce the run ("LLVM-EXEGESIS-MEM-DEF ...;
/// LLVM-EXEGESIS-MEM-MAP ...; LLVM-EXEGESIS-LOOP-REGISTER ...").
std::string describeAutoMappedMemory(const LLVMState &State,
                                     const BenchmarkCode &Code,
                                     const AutoMappedPages &Pages,
                                     const L1CacheSize &Cache);

} // namespace exegesis
} // namespace llvm

#endif
