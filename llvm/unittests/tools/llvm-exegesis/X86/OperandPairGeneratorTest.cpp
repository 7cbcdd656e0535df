//===-- OperandPairGeneratorTest.cpp - Chains per operand pair on x86 -----===//

#include "Snippets/OperandPairGenerator.h"
#include "Core/LLVMState.h"
#include "Results/BenchmarkKeyText.h"
#include "gtest/gtest.h"
#include <map>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class OperandPairGeneratorTest : public ::testing::Test {
protected:
  void SetUp() override {
    State = cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver4"));
    SnippetGeneratorOptions Options;
    // Whatever the mode asked, the pairs are latency chains.
    Options.Mode = BenchmarkMode::InverseThroughput;
    Options.MaxConfigs = 4;
    Generator = std::make_unique<OperandPairGenerator>(*State, Options);
  }

  /// Each pair's name -> its snippet's instruction text, or `why: REASON`.
  std::map<std::string, std::string> pairs(StringRef Opcode) {
    std::map<std::string, std::string> Result;
    for (const OperandPairCode &Pair :
         Generator->generatePairs(*State->getOpcodeByName(Opcode))) {
      if (!Pair.Code) {
        Result[Pair.Name] = "why: " + Pair.Reason;
        continue;
      }
      EXPECT_EQ(Pair.Code->Key.Instructions.size(), 1u) << Pair.Name;
      Result[Pair.Name] =
          instructionToText(*State, Pair.Code->Key.Instructions.front());
    }
    return Result;
  }

  std::unique_ptr<LLVMState> State;
  std::unique_ptr<OperandPairGenerator> Generator;
};

TEST_F(OperandPairGeneratorTest, EachInputOfAThreeOperandFormAlone) {
  std::map<std::string, std::string> P = pairs("SHLX64rr");
  EXPECT_EQ(P, (std::map<std::string, std::string>{
                   {"op1->op0", "SHLX64rr RAX RAX RCX"},
                   {"op2->op0", "SHLX64rr RAX RCX RAX"}}));
}

TEST_F(OperandPairGeneratorTest, TwoOutputsAndAnImplicitInput) {
  std::map<std::string, std::string> P = pairs("MULX64rr");
  EXPECT_EQ(P, (std::map<std::string, std::string>{
                   {"op2->op0", "MULX64rr RAX RCX RAX"},
                   {"op2->op1", "MULX64rr RCX RAX RAX"},
                   {"RDX->op0", "MULX64rr RDX RAX RCX"},
                   {"RDX->op1", "MULX64rr RAX RDX RCX"}}));
}

TEST_F(OperandPairGeneratorTest, TiedOperandCarriesEveryOtherChain) {
  std::map<std::string, std::string> P = pairs("ADD64rr");
  EXPECT_EQ(P["op1->op0"], "ADD64rr RAX RAX RCX");
  EXPECT_EQ(P["op2->op0"], "why: op1->op0 is carried from copy to copy too");
  EXPECT_EQ(P["op1->EFLAGS"], "why: no register is both op1 and EFLAGS (a "
                              "helper between their classes would be needed)");
  EXPECT_EQ(P.size(), 4u);
}

TEST_F(OperandPairGeneratorTest, ImplicitRegisterReadAndWritten) {
  std::map<std::string, std::string> P = pairs("MUL64r");
  // op0 must not be RAX or RDX, or it would be a second chain.
  EXPECT_EQ(P["RAX->RAX"], "MUL64r RCX");
  EXPECT_EQ(P["op0->RAX"], "why: RAX->RAX is carried from copy to copy too");
  EXPECT_EQ(P.count("RSP->RAX"), 0u);
}

TEST_F(OperandPairGeneratorTest, OverlappingRegistersOfDifferentWidths) {
  EXPECT_EQ(pairs("MOVZX32rr8"), (std::map<std::string, std::string>{
                                     {"op1->op0", "MOVZX32rr8 EAX AL"}}));
}

TEST_F(OperandPairGeneratorTest, MemoryOperandThroughTheAddress) {
  std::map<std::string, std::string> P = pairs("ADD64rm");
  EXPECT_EQ(P["op1->op0"], "ADD64rm RAX RAX RDI i_0x1 %noreg i_0x0 %noreg");
  EXPECT_EQ(P["mem->op0"], "ADD64rm RDI RDI RDI i_0x1 %noreg i_0x0 %noreg");
  std::map<std::string, std::string> Store = pairs("ADD64mr");
  EXPECT_EQ(Store["mem->mem"], "why: a stored value comes back only through a "
                               "reload, not measured per pair");
}

TEST_F(OperandPairGeneratorTest, AbsentOperandIsNoInput) {
  // LEA's segment register is %noreg in every configuration; its base and
  // index get registers of their own although the latency snippet's first
  // configuration makes them one.
  EXPECT_EQ(pairs("LEA64r"),
            (std::map<std::string, std::string>{
                {"op1->op0", "LEA64r RAX RAX i_0x1 RCX i_0x0 %noreg"},
                {"op3->op0", "LEA64r RAX RCX i_0x1 RAX i_0x0 %noreg"}}));
}

} // namespace
