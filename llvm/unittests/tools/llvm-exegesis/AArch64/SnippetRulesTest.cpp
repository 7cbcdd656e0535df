//===-- AArch64/SnippetRulesTest.cpp - AArch64's snippet rules ------------===//
//
// AArch64's system and exception-generating instructions, pointer
// authentication and EL1 tag instructions are generated in every phase; the
// measure phase's host check refuses them before it probes anything. What
// predicates start with.
//
//===----------------------------------------------------------------------===//

#include "Availability/EncodingValidityCheck.h"
#include "Availability/HostSupportCheck.h"
#include "Core/LLVMState.h"
#include "Snippets/GeneratorForMode.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using ::testing::StartsWith;

namespace {

class AArch64SnippetRulesTest : public ::testing::Test {
protected:
  void SetUp() override {
    State = cantFail(
        LLVMState::create("aarch64-unknown-linux-gnu", "neoverse-v2", "+mte"));
  }

  unsigned opcode(StringRef Name) { return *State->getOpcodeByName(Name); }

  std::optional<std::string> whyNeverRun(StringRef Name) {
    return SnippetGenerationTarget::lookup(State->getTriple())
        .whyNeverRun(*State, opcode(Name));
  }

  std::unique_ptr<LLVMState> State;
};

TEST_F(AArch64SnippetRulesTest, WhatMustNeverRun) {
  for (StringRef Name : {"SVC", "HVC", "SMC", "HLT", "DCPS1", "MRS", "MSR",
                         "MSRpstateImm4", "SYSxt", "SYSLxt"})
    EXPECT_EQ(whyNeverRun(Name), "system instruction") << Name.str();
  for (StringRef Name : {"AUTIA", "AUTIASP", "AUTDZB", "LDRAAindexed"})
    EXPECT_THAT(whyNeverRun(Name).value_or(""),
                StartsWith("pointer authentication"))
        << Name.str();
  EXPECT_THAT(whyNeverRun("STGM").value_or(""), StartsWith("tag load/store"));
  // SVE's BRKA is no BRK; XPAC strips a code without checking it; CLREX
  // and loads and adds run in user mode.
  for (StringRef Name :
       {"BRKA_PPzP", "BRKPB_PPzPP", "XPACI", "CLREX", "LDRXui", "ADDXrs"})
    EXPECT_EQ(whyNeverRun(Name), std::nullopt) << Name.str();
}

TEST_F(AArch64SnippetRulesTest, GeneratedInEveryPhase) {
  SnippetGeneratorOptions Options;
  Options.Mode = BenchmarkMode::Uops;
  std::unique_ptr<SnippetGenerator> G = createSnippetGenerator(*State, Options);
  for (StringRef Name : {"SVC", "MRS", "AUTIA", "LDGM"}) {
    Expected<std::vector<BenchmarkCode>> Codes =
        G->generateConfigurations(opcode(Name));
    ASSERT_TRUE(static_cast<bool>(Codes))
        << Name.str() << ": " << toString(Codes.takeError());
    EXPECT_EQ(Codes->front().Key.Instructions.front().getOpcode(),
              opcode(Name));
  }
}

TEST_F(AArch64SnippetRulesTest, TheHostCheckRefusesWithoutProbing) {
  std::unique_ptr<EncodingValidityCheck> Validity =
      cantFail(EncodingValidityCheck::create(*State));
  HostSupportCheck Check(*State, *Validity, 1);
  SnippetGeneratorOptions Options;
  Options.Mode = BenchmarkMode::Uops;
  std::unique_ptr<SnippetGenerator> G = createSnippetGenerator(*State, Options);
  BenchmarkCode Code = cantFail(G->generateConfigurations(opcode("SVC")))[0];
  Expected<std::optional<HostRefusal>> Refusal =
      Check.check(Code, opcode("SVC"));
  ASSERT_TRUE(static_cast<bool>(Refusal)) << toString(Refusal.takeError());
  ASSERT_TRUE(Refusal->has_value());
  EXPECT_EQ((*Refusal)->Message, "skipped, never run: system instruction");
  EXPECT_EQ((*Refusal)->Reason, "never run: system instruction");
  // A snippet whose helper must never run names it.
  Code.Key.Instructions.insert(Code.Key.Instructions.begin(),
                               Code.Key.Instructions.front());
  Refusal = Check.check(Code, opcode("ADDXrs"));
  ASSERT_TRUE(static_cast<bool>(Refusal)) << toString(Refusal.takeError());
  ASSERT_TRUE(Refusal->has_value());
  EXPECT_EQ((*Refusal)->Message, "skipped, its snippet needs SVC, which is "
                                 "never run: system instruction");
  std::string Statistics;
  raw_string_ostream OS(Statistics);
  Check.printStatistics(OS);
  EXPECT_THAT(Statistics, StartsWith("host probe: 0 snippets and 0 helper "
                                     "instructions probed"));
}

TEST_F(AArch64SnippetRulesTest, PredicatesStartAllTrueWhereTheyCan) {
  const SnippetGenerationTarget &Rules =
      SnippetGenerationTarget::lookup(State->getTriple());
  auto Initial = [&](StringRef Name) {
    return Rules.getInitialValue(*State, *State->getRegisterByName(Name));
  };
  for (StringRef Name : {"P3", "P0_P1", "FFR", "PN8", "PN15"})
    EXPECT_TRUE(Initial(Name).isAllOnes()) << Name.str();
  // PTRUE's counter form sets only PN8-PN15; the others start all false.
  for (StringRef Name : {"PN0", "PN7", "Z1", "X2"})
    EXPECT_TRUE(Initial(Name).isZero()) << Name.str();
}

} // namespace
