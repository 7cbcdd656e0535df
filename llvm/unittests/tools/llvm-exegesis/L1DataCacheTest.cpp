//===-- L1DataCacheTest.cpp - The size of the host's L1 data cache --------===//

#include "lib/L1DataCache.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TEST(L1DataCacheTest, ParsesSysfsSizes) {
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

TEST(L1DataCacheTest, FindsTheLevelOneDataCache) {
  SysfsCacheDir Cpu;
  Cpu.add("index0", "1", "Instruction", "32K");
  Cpu.add("index1", "1", "Data", "48K");
  Cpu.add("index2", "2", "Unified", "1M");
  EXPECT_EQ(readSysfsL1DataCacheSize(Cpu.Dir), 49152u);

  SysfsCacheDir Unified;
  Unified.add("index0", "1", "Unified", "64K");
  EXPECT_EQ(readSysfsL1DataCacheSize(Unified.Dir), 65536u);

  SysfsCacheDir NoL1;
  NoL1.add("index0", "2", "Unified", "1M");
  NoL1.add("index1", "1", "Instruction", "32K");
  EXPECT_EQ(readSysfsL1DataCacheSize(NoL1.Dir), std::nullopt);
  EXPECT_EQ(readSysfsL1DataCacheSize("/nonexistent/cache"), std::nullopt);
}

TEST(L1DataCacheTest, TheHostSaysWhereItsSizeComesFrom) {
  const L1DataCacheSize &Host = getHostL1DataCacheSize();
  EXPECT_GT(Host.Bytes, 0u);
  if (Host.Source.empty())
    EXPECT_EQ(Host.Bytes, AssumedL1DataCacheBytes);
  else
    EXPECT_TRUE(Host.Source == "sysfs" || Host.Source == "sysconf")
        << Host.Source;
}

} // namespace
