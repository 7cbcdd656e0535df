//===-- HexSnippetFileTest.cpp - Basic blocks given as machine code -------===//

#include "Blocks/HexSnippetFile.h"
#include "Core/LLVMState.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class HexSnippetFileTest : public testing::Test {
protected:
  static void SetUpTestSuite() {
    State = cantFail(LLVMState::create("x86_64-unknown-linux", "znver3"));
  }
  static void TearDownTestSuite() { State.reset(); }

  static std::vector<BenchmarkCode> read(StringRef Text) {
    return readHexSnippets(*State,
                           MemoryBuffer::getMemBufferCopy(Text, "blocks.csv"));
  }
  static std::vector<std::string> opcodes(const BenchmarkCode &Code) {
    std::vector<std::string> Names;
    for (const MCInst &Inst : Code.Key.Instructions)
      Names.push_back(State->getOpcodeName(Inst.getOpcode()).str());
    return Names;
  }

  static std::unique_ptr<LLVMState> State;
};

std::unique_ptr<LLVMState> HexSnippetFileTest::State;

TEST_F(HexSnippetFileTest, OneBenchmarkPerBlockInInputOrder) {
  std::vector<BenchmarkCode> Codes =
      read("# gzip\n\n4883c2014883fa40,0.00001339\r\n4889c7  # mov\n");
  ASSERT_EQ(Codes.size(), 2u);
  EXPECT_EQ(opcodes(Codes[0]),
            (std::vector<std::string>{"ADD64ri8", "CMP64ri8"}));
  EXPECT_EQ(Codes[0].InstructionTexts,
            (std::vector<std::string>{"addq $1, %rdx", "cmpq $64, %rdx"}));
  EXPECT_EQ(Codes[0].Info, "basic block from blocks.csv:3: 8 bytes, 2 "
                           "instructions");
  EXPECT_TRUE(Codes[0].InputError.empty());
  EXPECT_EQ(opcodes(Codes[1]), (std::vector<std::string>{"MOV64rr"}));
}

TEST_F(HexSnippetFileTest, FinalBranchIsDropped) {
  std::vector<BenchmarkCode> Codes = read("4883fa4075f0\n4883fa40ffe0\n");
  ASSERT_EQ(Codes.size(), 2u);
  EXPECT_EQ(opcodes(Codes[0]), (std::vector<std::string>{"CMP64ri8"}));
  EXPECT_NE(Codes[0].Info.find("final branch 'jne -16' dropped"),
            std::string::npos)
      << Codes[0].Info;
  // An indirect jump ends a block too.
  EXPECT_EQ(opcodes(Codes[1]), (std::vector<std::string>{"CMP64ri8"}));
  EXPECT_TRUE(Codes[1].InputError.empty());
}

TEST_F(HexSnippetFileTest, BadBlocksCarryTheirErrorAndTheRestIsRead) {
  std::vector<BenchmarkCode> Codes =
      read("48zz\n4883c\n4889c70fff\n4801c0c34801c0\n4889c7\n");
  ASSERT_EQ(Codes.size(), 5u);
  EXPECT_EQ(Codes[0].InputError,
            "blocks.csv:1: 'zz' at column 3 is not a hex byte");
  EXPECT_EQ(Codes[1].InputError,
            "blocks.csv:2: an odd number of hex digits (5)");
  EXPECT_EQ(Codes[2].InputError, "blocks.csv:3: byte offset 3: 0f ff does "
                                 "not decode as an instruction");
  EXPECT_EQ(Codes[3].InputError,
            "blocks.csv:4: byte offset 3: 'retq' is control flow inside the "
            "block (only a final branch is allowed, and it is dropped)");
  EXPECT_EQ(Codes[3].Info, "basic block from blocks.csv:4: 4801c0c34801c0 "
                           "(not run)");
  EXPECT_TRUE(Codes[4].InputError.empty());
}

TEST_F(HexSnippetFileTest, EmptyBlockIsABadBlock) {
  std::vector<BenchmarkCode> Codes = read("   \n,0.02999906\n");
  ASSERT_EQ(Codes.size(), 1u);
  EXPECT_EQ(Codes[0].InputError, "blocks.csv:2: no bytes before the ','");
}

TEST_F(HexSnippetFileTest, FinalReturnIsNotABranch) {
  std::vector<BenchmarkCode> Codes = read("4801c0c3\n");
  ASSERT_EQ(Codes.size(), 1u);
  EXPECT_EQ(Codes[0].InputError, "blocks.csv:1: byte offset 3: 'retq' ends "
                                 "the block, and only a branch may (it is "
                                 "dropped)");
}

TEST_F(HexSnippetFileTest, InfoNamesTheBlocksOrigin) {
  std::vector<BenchmarkCode> Codes = read("4889c7\nzz\n");
  ASSERT_EQ(Codes.size(), 2u);
  for (unsigned I = 0; I < 2; ++I) {
    std::optional<BasicBlockOrigin> Origin =
        parseBasicBlockOrigin(Codes[I].Info);
    ASSERT_TRUE(Origin.has_value()) << Codes[I].Info;
    EXPECT_EQ(Origin->File, "blocks.csv");
    EXPECT_EQ(Origin->Line, I + 1);
  }
  std::optional<BasicBlockOrigin> Colons =
      parseBasicBlockOrigin("basic block from C:/data/x:y.csv:12: 3 bytes");
  ASSERT_TRUE(Colons.has_value());
  EXPECT_EQ(Colons->File, "C:/data/x:y.csv");
  EXPECT_EQ(Colons->Line, 12u);
  EXPECT_EQ(parseBasicBlockOrigin("Repeating a single instruction"),
            std::nullopt);
  EXPECT_EQ(parseBasicBlockOrigin("basic block from nowhere"), std::nullopt);
}

} // namespace
