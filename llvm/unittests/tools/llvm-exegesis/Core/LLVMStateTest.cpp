//===-- LLVMStateTest.cpp - Target selection and name lookups -------------===//

#include "Core/LLVMState.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

TEST(LLVMStateTest, ResolvesOpcodeAndRegisterNames) {
  auto State = cantFail(LLVMState::create("x86_64-unknown-linux", "znver4"));
  std::optional<unsigned> Add = State->getOpcodeByName("ADD64rr");
  ASSERT_TRUE(Add.has_value());
  EXPECT_EQ(State->getOpcodeName(*Add), "ADD64rr");
  std::optional<MCRegister> Rax = State->getRegisterByName("RAX");
  ASSERT_TRUE(Rax.has_value());
  EXPECT_EQ(State->getRegisterName(*Rax), "RAX");
  EXPECT_FALSE(State->getOpcodeByName("NOT_AN_OPCODE").has_value());
  EXPECT_FALSE(State->getRegisterByName("NOTAREG").has_value());
}

TEST(LLVMStateTest, RejectsUnknownCpu) {
  auto State = LLVMState::create("x86_64-unknown-linux", "not-a-cpu");
  ASSERT_FALSE(static_cast<bool>(State));
  EXPECT_EQ(toString(State.takeError()),
            "unknown CPU 'not-a-cpu' for target 'x86_64-unknown-linux'");
}

TEST(LLVMStateTest, RejectsUnknownTriple) {
  auto State = LLVMState::create("nonsense-unknown-none", "");
  ASSERT_FALSE(static_cast<bool>(State));
  EXPECT_NE(toString(State.takeError()).find("unknown target triple"),
            std::string::npos);
}

} // namespace

namespace {

// The index relies on LLVM numbering a target's opcodes in name order; every
// name must come back as its own opcode, generic opcodes included.
TEST(OpcodeNameIndexTest, FindsEveryOpcodeOfEveryTargetWeSupport) {
  for (const char *TripleName : {"x86_64-unknown-linux", "aarch64-linux-gnu"}) {
    auto State = cantFail(LLVMState::create(TripleName, ""));
    const MCInstrInfo &II = State->getInstrInfo();
    for (unsigned Opcode = 0, E = II.getNumOpcodes(); Opcode < E; ++Opcode) {
      std::optional<unsigned> Found =
          State->getOpcodeByName(II.getName(Opcode));
      ASSERT_TRUE(Found.has_value())
          << TripleName << " " << II.getName(Opcode).str();
      ASSERT_EQ(*Found, Opcode)
          << TripleName << " " << II.getName(Opcode).str();
    }
  }
}

} // namespace
