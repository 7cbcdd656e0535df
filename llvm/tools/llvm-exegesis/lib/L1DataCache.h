//===-- L1DataCache.h - The size of the host's L1 data cache ----*- C++ -*-===//
//
// -auto-map-memory backs the pages a basic block touches with as many
// distinct physical pages as fit in the level-1 data cache and no more: on a
// cache tagged by virtual address (AMD Zen) two virtual pages on one physical
// page miss each other's lines, and beyond the cache's size distinct pages
// would miss for want of room. This says how large that cache is on the
// host, from the kernel's description of the CPU's caches (sysfs) or else
// from the C library (sysconf), and which of the two said so.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_L1DATACACHE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_L1DATACACHE_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

struct L1DataCacheSize {
  uint64_t Bytes = 0;
  /// Where the size comes from ("sysfs", "sysconf"); empty when neither
  /// knows, and Bytes is AssumedL1DataCacheBytes.
  std::string Source;
};

/// The size taken when the system does not say: the L1 data cache of most
/// x86-64 and AArch64 cores of the last decade.
inline constexpr uint64_t AssumedL1DataCacheBytes = 32 * 1024;

/// A cache size as sysfs writes it ("32K", "48K", "1M", "512"); std::nullopt
/// for anything else.
std::optional<uint64_t> parseSysfsCacheSize(StringRef Text);

/// The level-1 data (or unified) cache described under \p CacheDir, a
/// /sys/devices/system/cpu/cpuN/cache directory whose index*/ entries hold
/// `level`, `type` and `size`; std::nullopt when none is found.
std::optional<uint64_t> readSysfsL1DataCacheSize(StringRef CacheDir);

/// The host's L1 data cache: sysfs for the CPU the tool runs on (cpu0 when
/// that is not known), else sysconf(_SC_LEVEL1_DCACHE_SIZE), else the
/// assumed size. Read once.
const L1DataCacheSize &getHostL1DataCacheSize();

} // namespace exegesis
} // namespace llvm

#endif
