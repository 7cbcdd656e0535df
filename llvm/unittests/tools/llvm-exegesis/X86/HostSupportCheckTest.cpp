//===-- HostSupportCheckTest.cpp - Probing benchmarks on the host -*- C++ -*-//

#include "Availability/HostSupportCheck.h"
#include "Availability/EncodingValidityCheck.h"
#include "Core/LLVMState.h"
#include "Snippets/GeneratorForMode.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

#if defined(__x86_64__) && defined(__linux__)

/// Takes every instruction for valid, so that what the probe does with an
/// encoding that always raises #UD can be seen.
class EverythingValid : public InstructionAvailability {
public:
  std::optional<std::string> whyUnavailable(const MCInst &) override {
    return std::nullopt;
  }
  std::optional<std::string> whyInvalid(const MCInst &) override {
    return std::nullopt;
  }
};

class HostSupportCheckTest : public ::testing::Test {
protected:
  void SetUp() override {
    State = cantFail(LLVMState::create("", ""));
    Validity = cantFail(EncodingValidityCheck::create(*State));
  }

  unsigned opcode(StringRef Name) { return *State->getOpcodeByName(Name); }

  BenchmarkCode generate(StringRef Name) {
    auto G = createSnippetGenerator(*State, SnippetGeneratorOptions());
    return cantFail(G->generateConfigurations(opcode(Name)))[0];
  }

  static MCInst inst(unsigned Opcode, std::initializer_list<MCOperand> Ops) {
    MCInst Inst;
    Inst.setOpcode(Opcode);
    for (const MCOperand &Op : Ops)
      Inst.addOperand(Op);
    return Inst;
  }

  /// A lock prefix on a register-only instruction: #UD on every x86 CPU.
  BenchmarkCode lockedAdd() {
    MCRegister RAX = *State->getRegisterByName("RAX");
    BenchmarkCode Code;
    Code.Key.Instructions = {
        inst(opcode("LOCK_PREFIX"), {}),
        inst(opcode("ADD64rr"),
             {MCOperand::createReg(RAX), MCOperand::createReg(RAX),
              MCOperand::createReg(RAX)})};
    return Code;
  }

  std::optional<HostRefusal> check(HostSupportCheck &Check,
                                   const BenchmarkCode &Code, unsigned Opcode) {
    Expected<std::optional<HostRefusal>> Refusal = Check.check(Code, Opcode);
    if (!Refusal) {
      ADD_FAILURE() << toString(Refusal.takeError());
      return std::nullopt;
    }
    return *Refusal;
  }

  std::unique_ptr<LLVMState> State;
  std::unique_ptr<EncodingValidityCheck> Validity;
};

TEST_F(HostSupportCheckTest, WhatTheHostRunsIsMeasured) {
  HostSupportCheck Check(*State, *Validity, 30);
  for (StringRef Name : {"ADD64rr", "IMUL64rr", "ADD64rm", "MOVSDrr"})
    EXPECT_FALSE(check(Check, generate(Name), opcode(Name)).has_value())
        << Name.str();
  EXPECT_EQ(Check.getProbe().getNumChildrenStarted(), 1u);
}

TEST_F(HostSupportCheckTest, IllegalInstructionIsSkippedAndNamed) {
  EverythingValid Valid;
  HostSupportCheck Check(*State, Valid, 30);
  std::optional<HostRefusal> Own =
      check(Check, lockedAdd(), opcode("LOCK_PREFIX"));
  ASSERT_TRUE(Own.has_value());
  EXPECT_EQ(Own->Message,
            "skipped, the host cannot execute it (SIGILL when probed)");
  EXPECT_EQ(Own->Reason, "host cannot execute it (SIGILL when probed)");
  // The fault is at the prefix, which is not the opcode benchmarked.
  std::optional<HostRefusal> Other =
      check(Check, lockedAdd(), opcode("ADD64rr"));
  ASSERT_TRUE(Other.has_value());
  EXPECT_EQ(Other->Message, "skipped, the host cannot execute LOCK_PREFIX, "
                            "which its snippet needs (SIGILL when probed)");
}

TEST_F(HostSupportCheckTest, InvalidInstructionIsNotProbed) {
  HostSupportCheck Check(*State, *Validity, 30);
  std::optional<HostRefusal> Refusal =
      check(Check, generate("ADD8ri8"), opcode("ADD8ri8"));
  ASSERT_TRUE(Refusal.has_value());
  EXPECT_EQ(Refusal->Reason, "not valid in this mode");
  EXPECT_EQ(Refusal->Message.rfind("skipped, not valid in this mode: ", 0), 0u)
      << Refusal->Message;
  EXPECT_EQ(Check.getProbe().getNumChildrenStarted(), 0u);
}

TEST_F(HostSupportCheckTest, HelperInstructionIsProbedAlone) {
  EverythingValid Valid;
  HostSupportCheck Check(*State, Valid, 30);
  MCRegister RCX = *State->getRegisterByName("RCX");
  EXPECT_FALSE(
      Check
          .whyUnavailable(inst(opcode("MOV64rr"), {MCOperand::createReg(RCX),
                                                   MCOperand::createReg(RCX)}))
          .has_value());
  // Alone, the prefix applies to the function's return: #UD.
  std::optional<std::string> Why =
      Check.whyUnavailable(inst(opcode("LOCK_PREFIX"), {}));
  ASSERT_TRUE(Why.has_value());
  EXPECT_EQ(*Why, "the host cannot execute it (SIGILL when probed)");
}

TEST_F(HostSupportCheckTest, CodeThatCannotBeLoadedIsLeftToTheMeasurement) {
  EverythingValid Valid;
  HostSupportCheck Check(*State, Valid, 30);
  // A branch to an absolute address needs a relocation: the measurement
  // fails to load it and reports that; the sweep goes on.
  BenchmarkCode Code;
  Code.Key.Instructions = {inst(opcode("JMP_1"), {MCOperand::createImm(-2)})};
  EXPECT_FALSE(check(Check, Code, opcode("JMP_1")).has_value());
  std::optional<std::string> Why =
      Check.whyUnavailable(Code.Key.Instructions[0]);
  ASSERT_TRUE(Why.has_value());
  EXPECT_NE(Why->find("relocations"), std::string::npos) << *Why;
  EXPECT_EQ(Check.getProbe().getNumChildrenStarted(), 0u);
}

TEST_F(HostSupportCheckTest, StatisticsCountWhatWasProbed) {
  EverythingValid Valid;
  HostSupportCheck Check(*State, Valid, 30);
  check(Check, generate("ADD64rr"), opcode("ADD64rr"));
  check(Check, lockedAdd(), opcode("LOCK_PREFIX"));
  Check.whyUnavailable(inst(opcode("LOCK_PREFIX"), {}));
  std::string Text;
  raw_string_ostream OS(Text);
  Check.printStatistics(OS);
  EXPECT_EQ(Text.rfind("host probe: 2 snippets and 1 helper instructions "
                       "probed in ",
                       0),
            0u)
      << Text;
  EXPECT_NE(Text.find(" s by 1 child process (2 SIGILL, 0 other signals, 0 "
                      "timed out, 0 killed the child)\n"),
            std::string::npos)
      << Text;
}

#endif

} // namespace
