//===-- L1CacheSize.h - The sizes of the host's L1 caches -------*- C++ -*-===//
//
// Two features size what they run by the host's level-1 caches:
//   - -auto-map-memory backs the pages a basic block touches with as many
//     distinct physical pages as fit in the L1 data cache and no more: on a
//     cache tagged by virtual address (AMD Zen) two virtual pages on one
//     physical page miss each other's lines, and beyond the cache's size
//     distinct pages would miss for want of room;
//   - the throughput default's straight-line form, timed, keeps both of its
//     functions within the L1 instruction cache (see
//     getStraightLineMaxBytes), so that they run alike per copy.
// This says how large each cache is on the host, from the kernel's
// description of the CPU's caches (sysfs) or else from the C library
// (sysconf), and which of the two said so.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_L1CACHESIZE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_L1CACHESIZE_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

enum class L1Cache { Data, Instruction };

struct L1CacheSize {
  uint64_t Bytes = 0;
  /// Where the size comes from ("sysfs", "sysconf"); empty when neither
  /// knows, and Bytes is the assumed size.
  std::string Source;
};

/// The sizes taken when the system does not say: the L1 caches of most
/// x86-64 and AArch64 cores of the last decade.
inline constexpr uint64_t AssumedL1DataCacheBytes = 32 * 1024;
inline constexpr uint64_t AssumedL1InstructionCacheBytes = 32 * 1024;

/// A cache size as sysfs writes it ("32K", "48K", "1M", "512"); std::nullopt
/// for anything else.
std::optional<uint64_t> parseSysfsCacheSize(StringRef Text);

/// The level-1 cache of kind \p Kind (or a unified one) described under
/// \p CacheDir, a /sys/devices/system/cpu/cpuN/cache directory whose index*/
/// entries hold `level`, `type` and `size`; std::nullopt when none is found.
std::optional<uint64_t> readSysfsL1CacheSize(StringRef CacheDir, L1Cache Kind);

/// The host's L1 cache of kind \p Kind: sysfs for the CPU the tool runs on
/// (cpu0 when that is not known), else sysconf, else the assumed size. Read
/// once.
const L1CacheSize &getHostL1CacheSize(L1Cache Kind);

} // namespace exegesis
} // namespace llvm

#endif
