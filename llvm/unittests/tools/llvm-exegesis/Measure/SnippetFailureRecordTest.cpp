//===-- SnippetFailureRecordTest.cpp - A failed snippet in its result -----===//

#include "Measure/SnippetFailureRecord.h"
#include "Core/LLVMState.h"
#include "gtest/gtest.h"
#include <csignal>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class SnippetFailureRecordTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    X86 = cantFail(LLVMState::create("x86_64-pc-linux-gnu", "znver4"));
  }
  static void TearDownTestSuite() { X86.reset(); }

  /// A function whose snippet instructions 0 and 1 sit at offsets 16 and 19.
  static AssembledFunction twoInstructions() {
    AssembledFunction F;
    F.SnippetLocations = SnippetLocationTable::listed({{16, 0}, {19, 1}});
    return F;
  }

  static std::unique_ptr<LLVMState> X86;
};

std::unique_ptr<LLVMState> SnippetFailureRecordTest::X86;

TEST_F(SnippetFailureRecordTest, AMemoryFaultKeepsItsAddressAndSaysWhere) {
  BenchmarkCode Code;
  Code.InstructionTexts = {"  movq (%rax), %rax", "addq $1, %rbx"};
  AssembledFunction F = twoInstructions();
  FaultLocation Fault;
  Fault.FunctionIndex = 0;
  Fault.InstructionOffset = 19;
  Fault.FaultAddress = 0x1000;
  Fault.Signal = SIGSEGV;
  Benchmark Result;
  Result.Info = "before";
  EXPECT_FALSE(static_cast<bool>(
      recordSnippetFailure(make_error<SnippetFailure>("snippet crashed", Fault),
                           *X86, Code, {&F}, Result)));
  EXPECT_EQ(Result.Error, "snippet crashed");
  EXPECT_EQ(Result.MemoryFaultAddress, std::optional<uintptr_t>(0x1000));
  EXPECT_EQ(Result.Info, "before; faulting address 0x1000, at snippet "
                         "instruction 1 'addq $1, %rbx'");
}

TEST_F(SnippetFailureRecordTest, FaultsOutsideTheSnippetAreSaidToBe) {
  BenchmarkCode Code;
  AssembledFunction F = twoInstructions();
  FaultLocation Fault;
  Fault.InstructionOffset = 3;
  Fault.FaultAddress = 0x20;
  EXPECT_EQ(describeFault(*X86, Code, {&F}, Fault),
            "faulting address 0x20, at offset 3 of the generated function, "
            "outside the snippet");
  // Past the assembled functions, or a null one: the calibration code.
  Fault.FunctionIndex = 1;
  EXPECT_EQ(describeFault(*X86, Code, {&F}, Fault),
            "faulting address 0x20, in the cycle calibration code");
}

TEST_F(SnippetFailureRecordTest, AFailureWithoutAFaultIsTheErrorAlone) {
  Benchmark Result;
  EXPECT_FALSE(static_cast<bool>(
      recordSnippetFailure(make_error<SnippetFailure>("timed out"), *X86,
                           BenchmarkCode(), {}, Result)));
  EXPECT_EQ(Result.Error, "timed out");
  EXPECT_FALSE(Result.MemoryFaultAddress.has_value());
  EXPECT_EQ(Result.Info, "");
}

TEST_F(SnippetFailureRecordTest, AnyOtherErrorIsTheTools) {
  Benchmark Result;
  Error E = recordSnippetFailure(
      createStringError(inconvertibleErrorCode(), "cannot fork"), *X86,
      BenchmarkCode(), {}, Result);
  EXPECT_EQ(toString(std::move(E)), "cannot fork");
  EXPECT_EQ(Result.Error, "");
}

} // namespace
