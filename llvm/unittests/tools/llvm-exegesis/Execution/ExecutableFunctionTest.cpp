//===-- ExecutableFunctionTest.cpp - Code made callable ---------*- C++ -*-===//

#include "Execution/ExecutableFunction.h"
#include "../MachineCode.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/ObjectYAML/yaml2obj.h"
#include "llvm/Support/YAMLTraits.h"
#include "gtest/gtest.h"
#include <cstring>
#include <unistd.h>

using namespace llvm;
using namespace llvm::exegesis;
using namespace llvm::exegesis::x86code;

namespace {

#if defined(__x86_64__)

TEST(ExecutableFunctionTest, RawCodeRunsAndSeesScratch) {
  Expected<ExecutableFunction> F =
      ExecutableFunction::fromCode(repeat(AddRaxRax, 3) + StoreToScratch + Ret);
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  alignas(8) char Scratch[64] = {};
  (*F)(Scratch);
  uint64_t Value;
  std::memcpy(&Value, Scratch, sizeof(Value));
  EXPECT_EQ(Value, 42u);
  EXPECT_EQ(F->getCode().size(), 3 * 3 + 7 + 1u);
  EXPECT_TRUE(F->contains(F->getAddress()));
  EXPECT_FALSE(F->contains(F->getAddress() + F->getCode().size()));
}

TEST(ExecutableFunctionTest, TheTimedCallsLoopCallsTheFunctionAsOftenAsAsked) {
  // incq (%rdi); ret: counts its calls in the scratch memory.
  Expected<ExecutableFunction> F =
      ExecutableFunction::fromCode(bytes({0x48, 0xff, 0x07}) + Ret);
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  ASSERT_NE(F->getTimedCalls(), nullptr);
  EXPECT_GE(F->getTimedCallsOffset(), F->getCode().size());
  EXPECT_EQ(F->getTimedCallsOffset() % 64, 0u);
  alignas(8) char Scratch[64] = {};
  uint64_t Ticks = F->getTimedCalls()(Scratch, 1000);
  uint64_t Calls;
  std::memcpy(&Calls, Scratch, sizeof(Calls));
  EXPECT_EQ(Calls, 1000u);
  EXPECT_GT(Ticks, 0u);
  // No calls at all: the count stays, and the loop still returns.
  F->getTimedCalls()(Scratch, 0);
  std::memcpy(&Calls, Scratch, sizeof(Calls));
  EXPECT_EQ(Calls, 1000u);
}

TEST(ExecutableFunctionTest, CodeFillingItsPageStillGetsItsLoop) {
  // A function ending near the page's end: the loop goes on a page of its
  // own.
  size_t PageSize = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  std::string Code(PageSize - 8, '\x90');
  Expected<ExecutableFunction> F = ExecutableFunction::fromCode(Code + Ret);
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  EXPECT_EQ(F->getMapping().size(), 2 * PageSize);
  ASSERT_NE(F->getTimedCalls(), nullptr);
  alignas(8) char Scratch[64] = {};
  EXPECT_GT(F->getTimedCalls()(Scratch, 3), 0u);
}

TEST(ExecutableFunctionTest, ACopyTakesTheOriginalsAddressAndBytes) {
  // As a fork server's child does: the tool's function, copied where the
  // tool has it, over what the child still had there.
  ExecutableFunction Original =
      cantFail(ExecutableFunction::fromCode(AddRaxRax + StoreToScratch + Ret));
  std::string Mapped = Original.getMapping().str();
  uintptr_t Address = reinterpret_cast<uintptr_t>(Original.getMapping().data());
  uintptr_t Entry = Original.getAddress();
  size_t CodeSize = Original.getCode().size();
  EXPECT_EQ(Mapped.size() % sysconf(_SC_PAGESIZE), 0u);

  Expected<ExecutableFunction> Copy =
      ExecutableFunction::copyAt(Address, Mapped, Original.getEntryOffset(),
                                 CodeSize, Original.getTimedCallsOffset());
  ASSERT_TRUE(static_cast<bool>(Copy)) << toString(Copy.takeError());
  EXPECT_EQ(Copy->getAddress(), Entry);
  EXPECT_EQ(Copy->getCode(), StringRef(AddRaxRax + StoreToScratch + Ret));
  alignas(8) char Scratch[64] = {};
  (*Copy)(Scratch);
  uint64_t Value;
  std::memcpy(&Value, Scratch, sizeof(Value));
  EXPECT_EQ(Value, 42u);
  // Its timed-calls loop came along, and calls the copy.
  ASSERT_NE(Copy->getTimedCalls(), nullptr);
  Scratch[0] = 0;
  Copy->getTimedCalls()(Scratch, 1);
  EXPECT_EQ(Scratch[0], 42);
  // The copy replaced the original's pages: both unmap them, the second
  // finding nothing there.
}

TEST(ExecutableFunctionTest, ACopyIsMadeOfWholePages) {
  Expected<ExecutableFunction> Copy = ExecutableFunction::copyAt(
      0x40000000, AddRaxRax + Ret, 0, AddRaxRax.size() + Ret.size(), 0);
  ASSERT_FALSE(static_cast<bool>(Copy));
  EXPECT_NE(toString(Copy.takeError()).find("whole pages"), std::string::npos);
}

std::string objectFromYaml(StringRef Yaml) {
  SmallVector<char, 0> Storage;
  std::unique_ptr<object::ObjectFile> Object =
      yaml::yaml2ObjectFile(Storage, Yaml, [](const Twine &Message) {
        ADD_FAILURE() << Message.str();
      });
  EXPECT_TRUE(Object != nullptr);
  return std::string(Storage.begin(), Storage.end());
}

const char ObjectHeader[] = R"(--- !ELF
FileHeader:
  Class: ELFCLASS64
  Data: ELFDATA2LSB
  Type: ET_REL
  Machine: EM_X86_64
Sections:
  - Name: .text
    Type: SHT_PROGBITS
    Flags: [ SHF_ALLOC, SHF_EXECINSTR ]
    Content: "90904801C048C7072A000000C3"
)";

TEST(ExecutableFunctionTest, ObjectSymbolIsTheEntryPoint) {
  std::string Object = objectFromYaml(std::string(ObjectHeader) + R"(Symbols:
  - Name: foo
    Type: STT_FUNC
    Section: .text
    Value: 2
    Size: 11
    Binding: STB_GLOBAL
)");
  Expected<ExecutableFunction> F =
      ExecutableFunction::fromObject(Object, "foo");
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  EXPECT_EQ(F->getCode().size(), 11u);
  EXPECT_EQ(F->getCode().front(), '\x48');
  alignas(8) char Scratch[64] = {};
  (*F)(Scratch);
  EXPECT_EQ(Scratch[0], 42);
}

TEST(ExecutableFunctionTest, MissingSymbolIsAnError) {
  std::string Object = objectFromYaml(std::string(ObjectHeader) + R"(Symbols:
  - Name: bar
    Section: .text
    Binding: STB_GLOBAL
)");
  Expected<ExecutableFunction> F =
      ExecutableFunction::fromObject(Object, "foo");
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_NE(toString(F.takeError()).find("no symbol 'foo'"), std::string::npos);
}

TEST(ExecutableFunctionTest, RelocationsAreAnError) {
  std::string Object =
      objectFromYaml(std::string(ObjectHeader) + R"(  - Name: .rela.text
    Type: SHT_RELA
    Info: .text
    Relocations:
      - Offset: 4
        Symbol: foo
        Type: R_X86_64_64
Symbols:
  - Name: foo
    Section: .text
    Binding: STB_GLOBAL
)");
  Expected<ExecutableFunction> F =
      ExecutableFunction::fromObject(Object, "foo");
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_NE(toString(F.takeError()).find("relocations"), std::string::npos);
}

#endif

TEST(ExecutableFunctionTest, GarbageObjectIsAnError) {
  Expected<ExecutableFunction> F =
      ExecutableFunction::fromObject("not an object", "foo");
  ASSERT_FALSE(static_cast<bool>(F));
  consumeError(F.takeError());
}

// A Mips function's final `jr $ra` leaves its delay slot to the word after
// the code: even code filling whole pages is followed by a zero word.
TEST(ExecutableFunctionTest, CodeIsFollowedByAZeroWord) {
  size_t PageSize = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  std::string Code(PageSize, '\xff');
  Expected<ExecutableFunction> F = ExecutableFunction::fromCode(Code);
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  uint32_t After = 1;
  std::memcpy(&After,
              reinterpret_cast<const char *>(F->getAddress()) + Code.size(),
              sizeof(After));
  EXPECT_EQ(After, 0u);
}

TEST(ExecutableFunctionTest, EmptyCodeIsAnError) {
  Expected<ExecutableFunction> F = ExecutableFunction::fromCode("");
  ASSERT_FALSE(static_cast<bool>(F));
  consumeError(F.takeError());
}

} // namespace
