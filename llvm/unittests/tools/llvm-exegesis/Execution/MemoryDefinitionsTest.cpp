//===-- MemoryDefinitionsTest.cpp - MEM-DEF values in shared memory -*- C++
//-*-//

#include "Execution/MemoryDefinitions.h"
#include "gtest/gtest.h"
#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

MemoryValue value(StringRef Hex, size_t Size) {
  MemoryValue V;
  V.Value = APInt(Hex.size() * 4, Hex, 16);
  V.SizeBytes = Size;
  return V;
}

std::string filled(const MemoryValue &V) {
  std::string Bytes(V.SizeBytes, '\0');
  fillMemoryValue(V, MutableArrayRef<char>(Bytes.data(), Bytes.size()));
  return Bytes;
}

/// The names in /dev/shm that this process's objects would have.
unsigned countOwnObjects() {
  std::string Prefix = SharedMemoryDefinitions::getObjectNamePrefix().substr(1);
  unsigned Count = 0;
  if (DIR *Dir = opendir("/dev/shm")) {
    while (dirent *Entry = readdir(Dir))
      Count += StringRef(Entry->d_name).starts_with(Prefix);
    closedir(Dir);
  }
  return Count;
}

TEST(MemoryDefinitionsTest, ValueRepeatsInLittleEndianOrder) {
  EXPECT_EQ(filled(value("0102", 5)), std::string("\x02\x01\x02\x01\x02", 5));
  EXPECT_EQ(filled(value("aabbccdd", 4)), "\xdd\xcc\xbb\xaa");
  EXPECT_EQ(filled(value("7f", 3)), "\x7f\x7f\x7f");
  // A value narrower than a byte's worth of digits cannot come from the
  // parser; an empty one fills with zeros.
  MemoryValue Empty;
  Empty.SizeBytes = 2;
  EXPECT_EQ(filled(Empty), std::string("\0\0", 2));
}

TEST(MemoryDefinitionsTest, LargeValuesAreFilledCompletely) {
  std::string Bytes = filled(value("0123456789", 1 << 20));
  ASSERT_EQ(Bytes.size(), size_t(1) << 20);
  for (size_t I = 0; I < Bytes.size(); I += 4099)
    ASSERT_EQ(static_cast<unsigned char>(Bytes[I]),
              static_cast<unsigned char>("\x89\x67\x45\x23\x01"[I % 5]))
        << "at " << I;
}

TEST(MemoryDefinitionsTest, ObjectsHoldTheValueAndLeaveNoName) {
  std::map<std::string, MemoryValue> Values;
  Values["a"] = value("11223344", 10);
  Values["b"] = value("ff", 5000);
  unsigned Before = countOwnObjects();
  Expected<SharedMemoryDefinitions> Defs =
      SharedMemoryDefinitions::create(Values);
  ASSERT_TRUE(static_cast<bool>(Defs)) << toString(Defs.takeError());
  // The names are gone as soon as the objects exist.
  EXPECT_EQ(countOwnObjects(), Before);
  EXPECT_EQ(Before, 0u);

  int A = Defs->getFileDescriptor("a");
  int B = Defs->getFileDescriptor("b");
  ASSERT_GE(A, 0);
  ASSERT_GE(B, 0);
  EXPECT_EQ(Defs->getFileDescriptor("c"), -1);
  struct stat Stat;
  ASSERT_EQ(fstat(B, &Stat), 0);
  // Whole pages, so that a mapping may cover them.
  EXPECT_EQ(Stat.st_size % sysconf(_SC_PAGESIZE), 0);
  EXPECT_GE(Stat.st_size, 5000);

  char Bytes[12];
  ASSERT_EQ(pread(A, Bytes, 12, 0), 12);
  EXPECT_EQ(std::string(Bytes, 12),
            std::string("\x44\x33\x22\x11\x44\x33\x22\x11\x44\x33\0\0", 12));
}

TEST(MemoryDefinitionsTest, MappingsOfOneValueShareItsObject) {
  std::map<std::string, MemoryValue> Values;
  Values["v"] = value("01", 4096);
  Expected<SharedMemoryDefinitions> Defs =
      SharedMemoryDefinitions::create(Values);
  ASSERT_TRUE(static_cast<bool>(Defs)) << toString(Defs.takeError());
  std::vector<MemoryMapping> Mappings = {{0x100000, "v"}, {0x200000, "v"}};
  Expected<std::vector<FixedMemoryRegion>> Regions = Defs->getRegions(Mappings);
  ASSERT_TRUE(static_cast<bool>(Regions)) << toString(Regions.takeError());
  ASSERT_EQ(Regions->size(), 2u);
  EXPECT_EQ((*Regions)[0].Address, 0x100000u);
  EXPECT_EQ((*Regions)[1].Address, 0x200000u);
  EXPECT_EQ((*Regions)[0].SharedFd, Defs->getFileDescriptor("v"));
  EXPECT_EQ((*Regions)[1].SharedFd, Defs->getFileDescriptor("v"));
  EXPECT_EQ((*Regions)[0].getSize(), 4096u);
  EXPECT_EQ((*Regions)[0].Name, "LLVM-EXEGESIS-MEM-MAP 'v'");

  std::vector<MemoryMapping> Undefined = {{0x100000, "w"}};
  Expected<std::vector<FixedMemoryRegion>> Bad = Defs->getRegions(Undefined);
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_EQ(toString(Bad.takeError()),
            "LLVM-EXEGESIS-MEM-MAP of undefined value 'w'");
}

TEST(MemoryDefinitionsTest, MappingsWithALengthGoRoundTheValue) {
  std::map<std::string, MemoryValue> Values;
  Values["v"] = value("01", 8192);
  Expected<SharedMemoryDefinitions> Defs =
      SharedMemoryDefinitions::create(Values);
  ASSERT_TRUE(static_cast<bool>(Defs)) << toString(Defs.takeError());
  std::vector<MemoryMapping> Mappings = {{0x100000, "v", 5 * 4096, 4096}};
  Expected<std::vector<FixedMemoryRegion>> Regions = Defs->getRegions(Mappings);
  ASSERT_TRUE(static_cast<bool>(Regions)) << toString(Regions.takeError());
  ASSERT_EQ(Regions->size(), 1u);
  EXPECT_EQ((*Regions)[0].getSize(), 5u * 4096);
  EXPECT_EQ((*Regions)[0].SharedSize, 8192u);
  EXPECT_EQ((*Regions)[0].SharedOffset, 4096u);

  for (MemoryMapping Bad : {MemoryMapping{0x100000, "v", 100, 0},
                            MemoryMapping{0x100000, "v", 4096, 8192},
                            MemoryMapping{0x100000, "v", 4096, 10}}) {
    Expected<std::vector<FixedMemoryRegion>> Refused = Defs->getRegions({Bad});
    ASSERT_FALSE(static_cast<bool>(Refused));
    EXPECT_NE(toString(Refused.takeError()).find("must be whole pages"),
              std::string::npos);
  }
}

TEST(MemoryDefinitionsTest, DescriptorsAreClosedWithTheDefinitions) {
  std::map<std::string, MemoryValue> Values;
  Values["v"] = value("01", 1);
  int Fd;
  {
    Expected<SharedMemoryDefinitions> Defs =
        SharedMemoryDefinitions::create(Values);
    ASSERT_TRUE(static_cast<bool>(Defs)) << toString(Defs.takeError());
    SharedMemoryDefinitions Moved = std::move(*Defs);
    Fd = Moved.getFileDescriptor("v");
    ASSERT_GE(Fd, 0);
    EXPECT_EQ(Defs->getFileDescriptor("v"), -1);
  }
  EXPECT_EQ(fcntl(Fd, F_GETFD), -1);
}

} // namespace
