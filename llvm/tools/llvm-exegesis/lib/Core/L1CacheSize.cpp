//===-- L1CacheSize.cpp -----------------------------------------*- C++ -*-===//

#include "Core/L1CacheSize.h"
#include "Support/SystemRefusal.h"
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

std::optional<uint64_t> readSysfsL1CacheSize(StringRef CacheDir, L1Cache Kind) {
  StringRef Wanted = Kind == L1Cache::Data ? "Data" : "Instruction";
  std::error_code EC;
  for (sys::fs::directory_iterator It(CacheDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Index = sys::path::filename(It->path());
    if (!Index.starts_with("index"))
      continue;
    std::optional<std::string> Level = readKernelFile(It->path() + "/level");
    std::optional<std::string> Type = readKernelFile(It->path() + "/type");
    if (!Level || *Level != "1" || !Type ||
        (*Type != Wanted && *Type != "Unified"))
      continue;
    if (std::optional<std::string> Size = readKernelFile(It->path() + "/size"))
      return parseSysfsCacheSize(*Size);
  }
  return std::nullopt;
}

static L1CacheSize findHostL1CacheSize(L1Cache Kind) {
  int Cpu = sched_getcpu();
  std::string Dir = "/sys/devices/system/cpu/cpu" +
                    std::to_string(Cpu >= 0 ? Cpu : 0) + "/cache";
  if (std::optional<uint64_t> Bytes = readSysfsL1CacheSize(Dir, Kind))
    return {*Bytes, "sysfs"};
  long Bytes = -1;
#if defined(_SC_LEVEL1_DCACHE_SIZE) && defined(_SC_LEVEL1_ICACHE_SIZE)
  Bytes = sysconf(Kind == L1Cache::Data ? _SC_LEVEL1_DCACHE_SIZE
                                        : _SC_LEVEL1_ICACHE_SIZE);
#endif
  if (Bytes > 0)
    return {static_cast<uint64_t>(Bytes), "sysconf"};
  return {Kind == L1Cache::Data ? AssumedL1DataCacheBytes
                                : AssumedL1InstructionCacheBytes,
          ""};
}

const L1CacheSize &getHostL1CacheSize(L1Cache Kind) {
  static const L1CacheSize Data = findHostL1CacheSize(L1Cache::Data);
  static const L1CacheSize Instruction =
      findHostL1CacheSize(L1Cache::Instruction);
  return Kind == L1Cache::Data ? Data : Instruction;
}

} // namespace exegesis
} // namespace llvm
