//===-- MCAThroughputModelTest.cpp - LLVM's model of a block --------------===//

#include "Core/MCAThroughputModel.h"
#include "Blocks/HexSnippetFile.h"
#include "Core/LLVMState.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class MCAThroughputModelTest : public testing::Test {
protected:
  static void SetUpTestSuite() {
    State = cantFail(LLVMState::create("x86_64-unknown-linux", "znver3"));
  }
  static void TearDownTestSuite() { State.reset(); }

  static std::vector<MCInst> block(StringRef Hex) {
    std::vector<BenchmarkCode> Codes = readHexSnippets(
        *State, MemoryBuffer::getMemBufferCopy(Hex, "block.csv"));
    EXPECT_EQ(Codes.size(), 1u);
    return Codes.empty() ? std::vector<MCInst>() : Codes[0].Key.Instructions;
  }
  static double predict(StringRef Hex) {
    std::unique_ptr<MCAThroughputModel> Model =
        cantFail(MCAThroughputModel::create(*State));
    Expected<double> Cycles = Model->predictCyclesPerIteration(block(Hex));
    if (!Cycles) {
      ADD_FAILURE() << toString(Cycles.takeError());
      return -1;
    }
    return *Cycles;
  }

  static std::unique_ptr<LLVMState> State;
};

std::unique_ptr<LLVMState> MCAThroughputModelTest::State;

// Cycles per iteration over llvm-mca's 100 iterations: the steady state
// plus the pipeline's fill, spread over the iterations.
TEST_F(MCAThroughputModelTest, DependencyChainsTakeTheirLatency) {
  // add %rax,%rax: 1 cycle a link; imul %rax,%rax: 3 on Zen 3.
  EXPECT_DOUBLE_EQ(predict("4801c0"), 1.03);
  EXPECT_DOUBLE_EQ(predict("480fafc0"), 3.03);
}

TEST_F(MCAThroughputModelTest, IndependentInstructionsShareTheUnits) {
  // Four independent adds on Zen 3's four ALUs: one cycle for all four.
  EXPECT_DOUBLE_EQ(predict("4801c04801db4801c94801d2"), 1.03);
  // Two loads on its three load pipes.
  EXPECT_DOUBLE_EQ(predict("488b08488b9000100000"), 0.74);
}

TEST_F(MCAThroughputModelTest, ZeroIdiomsNeedNoExecutionUnit) {
  // xor %eax,%eax breaks its dependency (MCInstrAnalysis): only dispatch
  // limits it.
  EXPECT_LT(predict("31c0"), 0.5);
}

TEST_F(MCAThroughputModelTest, WhatCannotBePredictedSaysWhy) {
  std::unique_ptr<MCAThroughputModel> Model =
      cantFail(MCAThroughputModel::create(*State));
  Expected<double> Empty = Model->predictCyclesPerIteration({});
  ASSERT_FALSE(static_cast<bool>(Empty));
  EXPECT_EQ(toString(Empty.takeError()),
            "an empty block has no throughput to predict");
  // The model is reused from block to block.
  EXPECT_DOUBLE_EQ(cantFail(Model->predictCyclesPerIteration(block("4801c0"))),
                   1.03);
  std::unique_ptr<LLVMState> NoModel =
      cantFail(LLVMState::create("riscv64-unknown-linux", "generic-rv64"));
  Expected<std::unique_ptr<MCAThroughputModel>> None =
      MCAThroughputModel::create(*NoModel);
  ASSERT_FALSE(static_cast<bool>(None));
  EXPECT_EQ(toString(None.takeError()),
            "LLVM has no scheduling model for CPU 'generic-rv64' to predict "
            "with");
}

} // namespace
