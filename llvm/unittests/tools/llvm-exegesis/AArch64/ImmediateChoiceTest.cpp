//===-- AArch64/ImmediateChoiceTest.cpp - Immediates that encode ----------===//

#include "AArch64/AArch64ImmediateChoice.h"
#include "Core/LLVMState.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class AArch64ImmediateChoiceTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    // Creating a state registers the targets the choice encodes with.
    State =
        cantFail(LLVMState::create("aarch64-unknown-linux-gnu", "neoverse-v2"))
            .release();
  }
  static void TearDownTestSuite() {
    delete State;
    State = nullptr;
  }

  /// Operand \p Operand of \p Opcode when every immediate would be 1.
  static int64_t choose(StringRef Opcode, unsigned Operand) {
    return chooseAArch64Immediate(State->getOpcodeByName(Opcode).value(),
                                  Operand, [](unsigned) { return 1; });
  }

  static LLVMState *State;
};

LLVMState *AArch64ImmediateChoiceTest::State = nullptr;

TEST_F(AArch64ImmediateChoiceTest, ValuesThatEncodeAreKept) {
  EXPECT_EQ(choose("EXTRWrri", 3), 1);
  EXPECT_EQ(choose("ADDXrs", 3), 1); // lsl #1
  EXPECT_EQ(choose("UBFMXri", 2), 1);
  EXPECT_EQ(choose("UBFMXri", 3), 1);
}

TEST_F(AArch64ImmediateChoiceTest, InvalidFieldsAreReplaced) {
  // MOVZ/MOVK shift by multiples of 16; the value itself stays.
  EXPECT_EQ(choose("MOVZXi", 1), 1);
  EXPECT_EQ(choose("MOVZXi", 2), 0);
  EXPECT_EQ(choose("MOVKWi", 3), 0);
  // SVE immediates shift by 0 or 8.
  EXPECT_EQ(choose("DUP_ZI_D", 1), 1);
  EXPECT_EQ(choose("DUP_ZI_D", 2), 0);
  EXPECT_EQ(choose("ADD_ZI_S", 3), 0);
  // A 64-bit extended register is UXTX (3 << 3) or SXTX.
  EXPECT_EQ(choose("ADDXrx64", 3), 0x18);
  // TSB's only operand is CSYNC.
  EXPECT_EQ(choose("TSB", 0), 2);
}

} // namespace
