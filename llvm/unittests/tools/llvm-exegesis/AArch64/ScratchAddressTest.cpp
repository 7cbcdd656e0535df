//===-- AArch64/ScratchAddressTest.cpp - Loads and stores use X0 ----------===//
//
// The AArch64 backend describes the base register of a load or store as a
// plain register; the target names it as an address, so that generated
// snippets access the scratch memory that X0 points at on entry. Each
// generated function is assembled and decoded again: every access of the
// snippet is based on x0, the set-up and prologue before it never write x0,
// and an access that writes its base back does so with offset 0, leaving
// the pointer where it was.
//
//===----------------------------------------------------------------------===//

#include "../Disassembly.h"
#include "Assembly/Assembler.h"
#include "Core/LLVMState.h"
#include "Snippets/GeneratorForMode.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using ::testing::HasSubstr;

namespace {

class AArch64ScratchAddressTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    State = cantFail(LLVMState::create("aarch64-unknown-linux-gnu",
                                       "neoverse-v2", "+sve,+mte,+lse"))
                .release();
  }
  static void TearDownTestSuite() {
    delete State;
    State = nullptr;
  }

  /// The decoded function of \p Opcode's first snippet in \p Mode, split at
  /// the first snippet instruction: what runs before it and the snippet.
  struct DecodedFunction {
    std::vector<std::string> Before;
    std::vector<std::string> Snippet;
    std::string Key;
  };
  static DecodedFunction generate(StringRef Opcode, BenchmarkMode Mode) {
    SnippetGeneratorOptions Options;
    Options.Mode = Mode;
    std::unique_ptr<SnippetGenerator> Generator =
        createSnippetGenerator(*State, Options);
    Expected<std::vector<BenchmarkCode>> Codes =
        Generator->generateConfigurations(
            State->getOpcodeByName(Opcode).value());
    DecodedFunction Result;
    if (!Codes) {
      ADD_FAILURE() << Opcode.str() << ": " << toString(Codes.takeError());
      return Result;
    }
    const BenchmarkCode &Code = Codes->front();
    for (const MCInst &Inst : Code.Key.Instructions)
      Result.Key += State->getOpcodeName(Inst.getOpcode()).str() + " ";
    AssemblyRequest Request;
    Request.MinInstructions = Code.Key.Instructions.size();
    Expected<AssembledFunction> F =
        assembleMeasuredFunction(*State, Code, Request);
    if (!F) {
      ADD_FAILURE() << Opcode.str() << ": " << toString(F.takeError());
      return Result;
    }
    std::vector<std::string> Lines = disasm::disassemble(*State, F->getCode());
    EXPECT_FALSE(F->SnippetLocations.empty());
    size_t First = F->SnippetLocations[0].Offset / 4;
    size_t End = First + Code.Key.Instructions.size();
    EXPECT_LE(End, Lines.size());
    Result.Before.assign(Lines.begin(), Lines.begin() + First);
    Result.Snippet.assign(Lines.begin() + First, Lines.begin() + End);
    return Result;
  }

  static LLVMState *State;
};

LLVMState *AArch64ScratchAddressTest::State = nullptr;

/// Whether \p Line (a decoded instruction) writes x0 or w0: its first
/// operand, for every instruction the set-up and the prologue use.
bool writesX0(StringRef Line) {
  StringRef Operands = Line.split(' ').second.ltrim();
  return Operands.starts_with("x0,") || Operands.starts_with("w0,");
}

TEST_F(AArch64ScratchAddressTest, LoadsAndStoresAccessTheScratchMemory) {
  for (BenchmarkMode Mode :
       {BenchmarkMode::Latency, BenchmarkMode::InverseThroughput}) {
    // Register offsets, atomics, exclusives; for throughput also unsigned
    // offsets, pairs, SIMD structures, SVE and MTE's tag store (whose tag
    // register, before the base, is a GPR64sp too). Plain loads and stores
    // have no latency snippet: a store writes no register, and a load's only
    // register input is its address.
    std::vector<StringRef> Opcodes = {"LDRXroX", "LDADDX", "SWPX", "STXRX"};
    if (Mode == BenchmarkMode::InverseThroughput)
      for (StringRef Access :
           {"LDRXui", "STRXui", "STRWui", "LDPXi", "STPXi", "LDR_ZXI",
            "LD1D_IMM", "STR_ZXI", "ST1D_IMM", "STGi", "LD1Onev16b"})
        Opcodes.push_back(Access);
    for (StringRef Opcode : Opcodes) {
      DecodedFunction F = generate(Opcode, Mode);
      SCOPED_TRACE(Opcode.str() + " in mode " + std::to_string(int(Mode)) +
                   ": " + F.Key);
      for (const std::string &Line : F.Before)
        EXPECT_FALSE(writesX0(Line)) << Line;
      unsigned Accesses = 0;
      for (const std::string &Line : F.Snippet) {
        if (!StringRef(Line).contains('['))
          continue; // A helper instruction closing a latency chain.
        EXPECT_THAT(Line, HasSubstr("[x0")) << Line;
        ++Accesses;
      }
      EXPECT_GT(Accesses, 0u);
    }
  }
}

TEST_F(AArch64ScratchAddressTest, WrittenBackBasesStayWhereTheyAre) {
  for (BenchmarkMode Mode :
       {BenchmarkMode::Latency, BenchmarkMode::InverseThroughput})
    for (StringRef Opcode : {"LDRXpre", "STRXpost", "LDPXpost", "STPDpre"}) {
      DecodedFunction F = generate(Opcode, Mode);
      SCOPED_TRACE(Opcode.str() + ": " + F.Key);
      ASSERT_FALSE(F.Snippet.empty());
      for (const std::string &Line : F.Before)
        EXPECT_FALSE(writesX0(Line)) << Line;
      for (const std::string &Line : F.Snippet) {
        StringRef Text(Line);
        bool Pre = Text.ends_with("[x0, #0x0]!");
        bool Post = Text.ends_with("[x0], #0x0");
        EXPECT_TRUE(Pre || Post) << Line;
      }
    }
  // A register post-increment: the register starts at zero.
  DecodedFunction F =
      generate("LD1Onev16b_POST", BenchmarkMode::InverseThroughput);
  ASSERT_FALSE(F.Snippet.empty());
  StringRef Last(F.Snippet.front());
  std::string Increment = Last.rsplit(", ").second.str();
  EXPECT_THAT(F.Snippet.front(), HasSubstr("[x0], "));
  EXPECT_NE(std::find(F.Before.begin(), F.Before.end(),
                      "mov " + Increment + ", #0x0"),
            F.Before.end())
      << Increment;
}

} // namespace
