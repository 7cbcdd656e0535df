//===-- NoStrategyReasonTest.cpp --------------------------------*- C++ -*-===//
//
// The reasons read off an x86 opcode's operands when no latency strategy
// applies, asked of the opcode's model directly, so that they hold whatever
// strategies other opcodes gain.
//
//===----------------------------------------------------------------------===//

#include "Snippets/NoStrategyReason.h"
#include "Core/LLVMState.h"
#include "Snippets/GeneratorForMode.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class NoStrategyReasonTest : public ::testing::Test {
protected:
  void SetUp() override {
    State = cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver4"));
    SnippetGeneratorOptions Options;
    Options.Mode = BenchmarkMode::Latency;
    Generator = createSnippetGenerator(*State, Options);
  }

  /// The reason after "No strategy found to make the execution serial: ".
  std::string reason(StringRef Name) {
    const InstructionModel &Model =
        Generator->getModel(*State->getOpcodeByName(Name));
    std::string Message = explainNoSerialStrategy(
        *State, SnippetGenerationTarget::lookup(State->getTriple()), Model);
    StringRef Text(Message);
    EXPECT_TRUE(Text.consume_front(NoSerialStrategy));
    EXPECT_TRUE(Text.consume_front(": "));
    return Text.str();
  }

  std::unique_ptr<LLVMState> State;
  std::unique_ptr<SnippetGenerator> Generator;
};

TEST_F(NoStrategyReasonTest, MemoryHintReadsOnlyItsAddress) {
  EXPECT_EQ(reason("PREFETCHT0"), "a memory hint with no result: it reads "
                                  "only its address and gives no value back");
  EXPECT_EQ(reason("CLFLUSH"), reason("PREFETCHT0"));
}

TEST_F(NoStrategyReasonTest, StoresWithoutARegisterResult) {
  EXPECT_EQ(reason("MOV64mr"), "its only result is the memory it stores, "
                               "which nothing here reads back into its "
                               "inputs");
}

TEST_F(NoStrategyReasonTest, LoadsAndFlagOnlyProducers) {
  EXPECT_EQ(reason("POPCNT64rm"),
            "a load: no register operand of it is read, and its result (GR64, "
            "EFLAGS) makes no address without a helper instruction");
  EXPECT_EQ(reason("COMISSrr"), "no register it writes (EFLAGS) reaches what "
                                "it reads (FR32, MXCSR), directly or through "
                                "a helper instruction");
}

TEST_F(NoStrategyReasonTest, NeverRunComesFirst) {
  EXPECT_EQ(reason("HLT"), "never run here (system instruction)");
  EXPECT_EQ(reason("REX64_PREFIX"), "a prefix, not an instruction");
}

} // namespace
