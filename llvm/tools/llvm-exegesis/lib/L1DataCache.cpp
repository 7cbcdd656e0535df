//===-- L1DataCache.cpp -----------------------------------------*- C++ -*-===//

#include "L1DataCache.h"
#include "SystemRefusal.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <sched.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

std::optional<uint64_t> parseSysfsCacheSize(StringRef Text) {
  Text = Text.trim();
  uint64_t Scale = 1;
  if (Text.consume_back("K"))
    Scale = 1024;
  else if (Text.consume_back("M"))
    Scale = 1024 * 1024;
  uint64_t Value;
  if (Text.empty() || Text.getAsInteger(10, Value) || Value == 0)
    return std::nullopt;
  return Value * Scale;
}

std::optional<uint64_t> readSysfsL1DataCacheSize(StringRef CacheDir) {
  std::error_code EC;
  for (sys::fs::directory_iterator It(CacheDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Index = sys::path::filename(It->path());
    if (!Index.starts_with("index"))
      continue;
    std::optional<std::string> Level = readKernelFile(It->path() + "/level");
    std::optional<std::string> Type = readKernelFile(It->path() + "/type");
    if (!Level || *Level != "1" || !Type ||
        (*Type != "Data" && *Type != "Unified"))
      continue;
    if (std::optional<std::string> Size = readKernelFile(It->path() + "/size"))
      return parseSysfsCacheSize(*Size);
  }
  return std::nullopt;
}

static L1DataCacheSize findHostL1DataCacheSize() {
  int Cpu = sched_getcpu();
  std::string Dir = "/sys/devices/system/cpu/cpu" +
                    std::to_string(Cpu >= 0 ? Cpu : 0) + "/cache";
  if (std::optional<uint64_t> Bytes = readSysfsL1DataCacheSize(Dir))
    return {*Bytes, "sysfs"};
#ifdef _SC_LEVEL1_DCACHE_SIZE
  long Bytes = sysconf(_SC_LEVEL1_DCACHE_SIZE);
  if (Bytes > 0)
    return {static_cast<uint64_t>(Bytes), "sysconf"};
#endif
  return {AssumedL1DataCacheBytes, ""};
}

const L1DataCacheSize &getHostL1DataCacheSize() {
  static const L1DataCacheSize Size = findHostL1DataCacheSize();
  return Size;
}

} // namespace exegesis
} // namespace llvm
