//===-- ControlStateChainsTest.cpp - Stores and loads of state --*- C++ -*-===//
//
// A load of control state (LDMXCSR, XRSTOR...) runs only in the round trip
// with its store that the latency generator builds: the target recognises
// exactly that snippet, with its register values, and nothing near it.
//
//===----------------------------------------------------------------------===//

#include "Core/LLVMState.h"
#include "Snippets/GeneratorForMode.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class ControlStateChainsTest : public ::testing::Test {
protected:
  void SetUp() override {
    State = cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver4"));
    SnippetGeneratorOptions Options;
    Options.Mode = BenchmarkMode::Latency;
    Generator = createSnippetGenerator(*State, Options);
  }

  const SnippetGenerationTarget &rules() {
    return SnippetGenerationTarget::lookup(State->getTriple());
  }

  BenchmarkCode latencySnippet(StringRef Name) {
    std::vector<BenchmarkCode> Codes = cantFail(
        Generator->generateConfigurations(*State->getOpcodeByName(Name)));
    EXPECT_EQ(Codes.size(), 1u);
    return Codes.front();
  }

  MCRegister reg(StringRef Name) { return *State->getRegisterByName(Name); }

  /// \p Name addressing \p Disp bytes past \p Base.
  MCInst at(StringRef Name, StringRef Base = "RDI", int64_t Disp = 0) {
    MCInst Inst;
    Inst.setOpcode(*State->getOpcodeByName(Name));
    Inst.addOperand(MCOperand::createReg(reg(Base)));
    Inst.addOperand(MCOperand::createImm(1));
    Inst.addOperand(MCOperand::createReg(MCRegister()));
    Inst.addOperand(MCOperand::createImm(Disp));
    Inst.addOperand(MCOperand::createReg(MCRegister()));
    return Inst;
  }

  bool runs(std::vector<MCInst> Instructions,
            std::vector<RegisterValue> Values = {}) {
    BenchmarkKey Key;
    Key.Instructions = std::move(Instructions);
    Key.RegisterInitialValues = std::move(Values);
    return rules().runsWholeSnippet(*State, Key);
  }

  std::unique_ptr<LLVMState> State;
  std::unique_ptr<SnippetGenerator> Generator;
};

TEST_F(ControlStateChainsTest, TheGeneratedRoundTripRuns) {
  for (StringRef Name : {"STMXCSR", "LDMXCSR", "FLDCW16m", "FXRSTOR64",
                         "XSAVEC", "XRSTOR64", "XSAVEOPT64"}) {
    SCOPED_TRACE(Name.str());
    BenchmarkCode Code = latencySnippet(Name);
    ASSERT_EQ(Code.Key.Instructions.size(), 2u);
    EXPECT_TRUE(rules().runsWholeSnippet(*State, Code.Key));
    // The round trip measured beside it is the same snippet, run the same
    // way.
    ASSERT_EQ(Code.SubtractedChains.size(), 1u);
    EXPECT_TRUE(rules().runsWholeSnippet(*State, Code.SubtractedChains[0].Key));
  }
}

TEST_F(ControlStateChainsTest, TheLoadOnItsOwnStaysNeverRun) {
  unsigned Load = *State->getOpcodeByName("LDMXCSR");
  EXPECT_EQ(rules().whyNeverRun(*State, Load).value_or(""),
            "loads floating-point control state from memory");
  EXPECT_FALSE(runs({at("LDMXCSR")}));
  EXPECT_FALSE(runs({at("XRSTOR64")}, {{reg("EAX"), APInt(32, 0x2FF)},
                                       {reg("EDX"), APInt(32, 0)}}));
}

TEST_F(ControlStateChainsTest, NothingNearTheRoundTripRuns) {
  // Load first: it would read what the memory held before.
  EXPECT_FALSE(runs({at("LDMXCSR"), at("STMXCSR")}));
  // Another word, another base, another store.
  EXPECT_FALSE(runs({at("STMXCSR"), at("LDMXCSR", "RDI", 4)}));
  EXPECT_FALSE(runs({at("STMXCSR", "RSI"), at("LDMXCSR", "RSI")}));
  EXPECT_FALSE(runs({at("FNSTCW16m"), at("LDMXCSR")}));
  // A third instruction between them.
  EXPECT_FALSE(runs({at("STMXCSR"), at("STMXCSR"), at("LDMXCSR")}));
  EXPECT_TRUE(runs({at("STMXCSR"), at("LDMXCSR")}));
}

TEST_F(ControlStateChainsTest, XRestoreRunsOnlyWithItsComponents) {
  std::vector<MCInst> Pair = {at("XSAVE64"), at("XRSTOR64")};
  RegisterValue Components{reg("EAX"), APInt(32, 0x2FF)};
  RegisterValue High{reg("EDX"), APInt(32, 0)};
  EXPECT_TRUE(runs(Pair, {Components, High}));
  // EDX:EAX unset, or naming the AMX tiles (bits 17 and 18).
  EXPECT_FALSE(runs(Pair));
  EXPECT_FALSE(runs(Pair, {Components}));
  EXPECT_FALSE(runs(Pair, {{reg("EAX"), APInt(32, 0x602FF)}, High}));
  // A value of RAX beside them, whichever comes last.
  EXPECT_FALSE(runs(Pair, {Components, High, {reg("RAX"), APInt(64, 0)}}));
}

} // namespace
