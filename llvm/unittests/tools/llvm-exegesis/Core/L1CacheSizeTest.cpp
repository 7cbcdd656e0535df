//===-- L1CacheSizeTest.cpp - The sizes of the host's L1 caches ----------===//

#include "Core/L1CacheSize.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TEST(L1CacheSizeTest, ParsesSysfsSizes) {
  EXPECT_EQ(parseSysfsCacheSize("32K"), 32768u);
  EXPECT_EQ(parseSysfsCacheSize("48K\n"), 49152u);
  EXPECT_EQ(parseSysfsCacheSize("1M"), 1048576u);
  EXPECT_EQ(parseSysfsCacheSize("512"), 512u);
  for (StringRef Bad : {"", "K", "0K", "12Q", "-4K", "3.5K"})
    EXPECT_EQ(parseSysfsCacheSize(Bad), std::nullopt) << Bad.str();
}

class SysfsCacheDir {
public:
  SysfsCacheDir() {
    EXPECT_FALSE(sys::fs::createUniqueDirectory("l1-cache-test", Dir));
  }
  ~SysfsCacheDir() { sys::fs::remove_directories(Dir); }
  void add(StringRef Index, StringRef Level, StringRef Type, StringRef Size) {
    SmallString<128> Path(Dir);
    sys::path::append(Path, Index);
    ASSERT_FALSE(sys::fs::create_directory(Path));
    for (auto [Name, Text] :
         {std::pair{"level", Level}, {"type", Type}, {"size", Size}}) {
      SmallString<128> File(Path);
      sys::path::append(File, Name);
      std::error_code EC;
      raw_fd_ostream OS(File, EC);
      ASSERT_FALSE(EC);
      OS << Text << "\n";
    }
  }
  SmallString<128> Dir;
};

TEST(L1CacheSizeTest, FindsEachLevelOneCache) {
  SysfsCacheDir Cpu;
  Cpu.add("index0", "1", "Instruction", "32K");
  Cpu.add("index1", "1", "Data", "48K");
  Cpu.add("index2", "2", "Unified", "1M");
  EXPECT_EQ(readSysfsL1CacheSize(Cpu.Dir, L1Cache::Data), 49152u);
  EXPECT_EQ(readSysfsL1CacheSize(Cpu.Dir, L1Cache::Instruction), 32768u);

  SysfsCacheDir Unified;
  Unified.add("index0", "1", "Unified", "64K");
  EXPECT_EQ(readSysfsL1CacheSize(Unified.Dir, L1Cache::Data), 65536u);
  EXPECT_EQ(readSysfsL1CacheSize(Unified.Dir, L1Cache::Instruction), 65536u);

  SysfsCacheDir NoL1Data;
  NoL1Data.add("index0", "2", "Unified", "1M");
  NoL1Data.add("index1", "1", "Instruction", "32K");
  EXPECT_EQ(readSysfsL1CacheSize(NoL1Data.Dir, L1Cache::Data), std::nullopt);
  EXPECT_EQ(readSysfsL1CacheSize(NoL1Data.Dir, L1Cache::Instruction), 32768u);
  EXPECT_EQ(readSysfsL1CacheSize("/nonexistent/cache", L1Cache::Instruction),
            std::nullopt);
}

TEST(L1CacheSizeTest, TheHostSaysWhereEachSizeComesFrom) {
  for (auto [Kind, Assumed] :
       {std::pair{L1Cache::Data, AssumedL1DataCacheBytes},
        {L1Cache::Instruction, AssumedL1InstructionCacheBytes}}) {
    const L1CacheSize &Host = getHostL1CacheSize(Kind);
    EXPECT_GT(Host.Bytes, 0u);
    if (Host.Source.empty())
      EXPECT_EQ(Host.Bytes, Assumed);
    else
      EXPECT_TRUE(Host.Source == "sysfs" || Host.Source == "sysconf")
          << Host.Source;
  }
}

} // namespace
