//===-- X86StateTest.h - A fixture holding one x86-64 LLVMState -*- C++ -*-===//
//
// Tests of x86-64 code generation share one LLVMState (creating one builds
// the target's MC objects, which takes longer than most tests), made once
// per test suite for a fixed triple and CPU so that the bytes they check do
// not depend on the host.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_UNITTESTS_TOOLS_LLVM_EXEGESIS_X86STATETEST_H
#define LLVM_UNITTESTS_TOOLS_LLVM_EXEGESIS_X86STATETEST_H

#include "Core/LLVMState.h"
#include "gtest/gtest.h"

namespace llvm {
namespace exegesis {

class X86StateTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    State = cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver3"))
                .release();
  }
  static void TearDownTestSuite() {
    delete State;
    State = nullptr;
  }

  static inline LLVMState *State = nullptr;
};

} // namespace exegesis
} // namespace llvm

#endif
