//===-- AutoMemoryMapTest.cpp - Memory for a basic block ------------------===//

#include "Blocks/AutoMemoryMap.h"
#include "Blocks/HexSnippetFile.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/StringExtras.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class AutoMemoryMapTest : public testing::Test {
protected:
  static void SetUpTestSuite() {
    State = cantFail(LLVMState::create("x86_64-unknown-linux", "znver3"));
  }
  static void TearDownTestSuite() { State.reset(); }

  static BenchmarkCode block(StringRef Hex) {
    std::vector<BenchmarkCode> Codes = readHexSnippets(
        *State, MemoryBuffer::getMemBufferCopy(Hex, "block.csv"));
    EXPECT_EQ(Codes.size(), 1u);
    EXPECT_TRUE(Codes[0].InputError.empty()) << Codes[0].InputError;
    return Codes[0];
  }
  static std::vector<std::string> initialValues(const BenchmarkCode &Code) {
    std::vector<std::string> Values;
    for (const RegisterValue &V : Code.Key.RegisterInitialValues)
      Values.push_back(std::string(State->getRegInfo().getName(V.Register)) +
                       "=" + llvm::toString(V.Value, 16, false));
    return Values;
  }

  static std::unique_ptr<LLVMState> State;
  /// A Zen 3's L1 data cache: 8 pages.
  const L1CacheSize Cache{32768, "sysfs"};
};

std::unique_ptr<LLVMState> AutoMemoryMapTest::State;

TEST_F(AutoMemoryMapTest, RegistersReadStartInTheFirstPage) {
  // add %ecx, %eax; movdqu (%rsi), %xmm0; push %rbx; addpd %xmm2, %xmm1
  BenchmarkCode Code = block("01c8f30f6f0653660f58ca");
  prepareAutoMappedBlock(*State, Code);
  // Sub-registers give their 64-bit register; XMM0 is only written; push
  // reads RBX and RSP; vector registers read hold 1.0 in each double lane.
  EXPECT_EQ(initialValues(Code),
            (std::vector<std::string>{
                "RAX=10000800", "RCX=10000800", "RSI=10000800", "RBX=10000800",
                "RSP=10000800", "XMM1=3FF00000000000003FF0000000000000",
                "XMM2=3FF00000000000003FF0000000000000"}));
  ASSERT_EQ(Code.Key.MemoryMappings.size(), 1u);
  EXPECT_EQ(Code.Key.MemoryMappings[0].Address, AutoMapFirstPage);
  const MemoryValue &Page = Code.Key.MemoryValues.at(AutoMapValueName);
  EXPECT_EQ(Page.SizeBytes, 4096u);
  EXPECT_EQ(Page.Value.getZExtValue(), AutoMapRegisterValue);
}

TEST_F(AutoMemoryMapTest, RegistersTheFileDefinesKeepTheirValues) {
  BenchmarkCode Defined = block("01c8");
  // ECX defined as 5 by the user: RCX overlaps it and keeps that value.
  for (unsigned R = 1; R < State->getRegInfo().getNumRegs(); ++R)
    if (StringRef(State->getRegInfo().getName(R)) == "ECX")
      Defined.Key.RegisterInitialValues.push_back({R, APInt(32, 5)});
  prepareAutoMappedBlock(*State, Defined);
  EXPECT_EQ(initialValues(Defined),
            (std::vector<std::string>{"ECX=5", "RAX=10000800"}));
}

TEST_F(AutoMemoryMapTest, BlocksUsingTheDefaultLoopCounterGetAnother) {
  // mov %r8d, %edi reads R8, the default counter: without another the block
  // could only be measured as straight-line code.
  BenchmarkCode UsesR8 = block("4489c7");
  prepareAutoMappedBlock(*State, UsesR8);
  ASSERT_TRUE(UsesR8.LoopRegister.isValid());
  EXPECT_EQ(State->getRegisterName(UsesR8.LoopRegister), "RAX");
  EXPECT_EQ(describeAutoMappedMemory(*State, UsesR8,
                                     getInitialAutoMappedPages(Cache), Cache),
            "auto-mapped 1 page, as annotations: LLVM-EXEGESIS-MEM-DEF "
            "auto-page 4096 0000000010000800; LLVM-EXEGESIS-MEM-MAP auto-page "
            "268435456; LLVM-EXEGESIS-LOOP-REGISTER RAX");
  // xor %eax,%eax; mov %r8d,%ecx: RAX and RCX are used, the next is free.
  BenchmarkCode UsesRax = block("31c04489c1");
  prepareAutoMappedBlock(*State, UsesRax);
  EXPECT_EQ(State->getRegisterName(UsesRax.LoopRegister), "RDX");
  // With every legacy register taken the block stays straight-line: R16 and
  // up need APX (this host's blocks raised SIGILL with R16).
  BenchmarkCode AllTaken = block("4489c7");
  for (StringRef Name : {"RAX", "RBX", "RCX", "RDX", "RSI", "RBP", "R9", "R10",
                         "R11", "R12", "R13", "R14", "R15"})
    for (unsigned R = 1; R < State->getRegInfo().getNumRegs(); ++R)
      if (State->getRegInfo().getName(R) == Name)
        AllTaken.Key.RegisterInitialValues.push_back({R, APInt(64, 1)});
  prepareAutoMappedBlock(*State, AllTaken);
  EXPECT_FALSE(AllTaken.LoopRegister.isValid())
      << State->getRegisterName(AllTaken.LoopRegister).str();
  // A block that leaves R8 alone keeps the default.
  BenchmarkCode Other = block("01c8");
  prepareAutoMappedBlock(*State, Other);
  EXPECT_FALSE(Other.LoopRegister.isValid());
}

TEST_F(AutoMemoryMapTest, FaultsMapTheirPageUntilTheLimit) {
  BenchmarkCode Code = block("488b8000100000");
  prepareAutoMappedBlock(*State, Code);
  AutoMappedPages Pages = getInitialAutoMappedPages(Cache);
  auto Map = [&](uintptr_t Address, uint64_t MaxPages) {
    return mapFaultingPage(Code, Pages, Address, MaxPages);
  };
  EXPECT_EQ(Map(AutoMapFirstPage + 0x1800, 3), std::nullopt);
  // Two consecutive pages: one mapping of a two-page value.
  ASSERT_EQ(Code.Key.MemoryMappings.size(), 1u);
  EXPECT_EQ(Code.Key.MemoryMappings[0].Address, AutoMapFirstPage);
  EXPECT_EQ(Code.Key.MemoryMappings[0].Length, 0u);
  EXPECT_EQ(Code.Key.MemoryValues.at(AutoMapValueName).SizeBytes, 8192u);
  EXPECT_EQ(Map(AutoMapFirstPage + 0x1008, 3),
            "address 0x10001008 is mapped already (the access itself is not "
            "allowed)");
  // The next page up looks like a walk, but the limit leaves no room ahead.
  EXPECT_EQ(Map(AutoMapFirstPage + 0x2000, 3), std::nullopt);
  EXPECT_EQ(Pages.size(), 3u);
  EXPECT_EQ(Map(AutoMapFirstPage + 0x3000, 3),
            "address 0x10003000 would need page 4, beyond the limit of 3 "
            "(-auto-map-max-pages raises it; a block that walks memory needs "
            "pages in proportion to -min-instructions)");
  EXPECT_EQ(Map(0, 64),
            "the fault has no address (a non-canonical or misaligned access, "
            "or a protection fault): mapping memory cannot cure it");
  EXPECT_EQ(Map(0x100, 64),
            "address 0x100 is below the lowest address a process may map");
  EXPECT_EQ(Map(0xffff800000000000, 64),
            "address 0xffff800000000000 is not a user address");
  // The tool's own memory (this very test's code) is refused with its name.
  std::optional<std::string> Own =
      Map(reinterpret_cast<uintptr_t>(&AutoMemoryMapTest::SetUpTestSuite), 64);
  ASSERT_TRUE(Own.has_value());
  EXPECT_NE(Own->find("cannot be mapped"), std::string::npos) << *Own;
  EXPECT_EQ(describeAutoMappedMemory(*State, Code, Pages, Cache),
            "auto-mapped 3 pages, each on a physical page of its own (up to 8 "
            "fit the host's L1 data cache of 32 KiB, from sysfs), as "
            "annotations: LLVM-EXEGESIS-MEM-DEF auto-page 12288 "
            "0000000010000800; LLVM-EXEGESIS-MEM-MAP auto-page 268435456");
}

TEST_F(AutoMemoryMapTest, RunsBeyondTheCacheShareItsPages) {
  // A run of 12 pages below the first page, and one page apart above it:
  // 14 pages on 8 physical pages, in address order.
  BenchmarkCode Code = block("50");
  prepareAutoMappedBlock(*State, Code);
  AutoMappedPages Pages = getInitialAutoMappedPages(Cache);
  for (unsigned I = 1; I <= 12; ++I)
    Pages.addPage(AutoMapFirstPage - I * 4096);
  Pages.addPage(AutoMapFirstPage + 2 * 4096);
  applyAutoMappedPages(Pages, Code);
  EXPECT_EQ(describeAutoMappedMemory(*State, Code, Pages, Cache),
            "auto-mapped 14 pages on 8 physical pages (as many as fit the "
            "host's L1 data cache of 32 KiB, from sysfs; the n-th page in "
            "address order is physical page n mod 8), as annotations: "
            "LLVM-EXEGESIS-MEM-DEF auto-page 32768 0000000010000800; "
            "LLVM-EXEGESIS-MEM-MAP auto-page 268386304 53248; "
            "LLVM-EXEGESIS-MEM-MAP auto-page 268443648 4096 20480");
  // Without a size from the system, the assumed one is named as such.
  L1CacheSize Unknown{AssumedL1DataCacheBytes, ""};
  AutoMappedPages Two = getInitialAutoMappedPages(Unknown);
  Two.addPage(AutoMapFirstPage + 4096);
  EXPECT_NE(describeAutoMappedMemory(*State, Code, Two, Unknown)
                .find("(up to 8 fit the host's L1 data cache of 32 KiB "
                      "(assumed: neither sysfs nor sysconf gives its size))"),
            std::string::npos);
}

} // namespace
