//===-- BasicCandidatesTest.cpp - Candidate basic instructions ------------===//

#include "PortMapHost/BasicCandidates.h"
#include "Core/LLVMState.h"
#include "Snippets/GeneratorForMode.h"
#include "llvm/MC/MCInstBuilder.h"
#include "gtest/gtest.h"
#include <set>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

/// The host's answer, as the sweep's probe gives it: here, every opcode
/// but those named runs.
class RefusingHost : public InstructionAvailability {
public:
  explicit RefusingHost(std::set<unsigned> Refused)
      : Refused(std::move(Refused)) {}
  std::optional<std::string> whyUnavailable(const MCInst &Inst) override {
    ++Asked;
    if (Refused.count(Inst.getOpcode()))
      return std::string("SIGILL when probed");
    return std::nullopt;
  }
  std::optional<std::string> whyInvalid(const MCInst &) override {
    return std::nullopt;
  }
  std::set<unsigned> Refused;
  unsigned Asked = 0;
};

class BasicCandidatesTest : public testing::Test {
protected:
  static void SetUpTestSuite() {
    State = cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver5"));
    SnippetGeneratorOptions Options;
    Options.Mode = BenchmarkMode::InverseThroughput;
    Options.ReserveLoopCounter = true;
    Generator = createSnippetGenerator(*State, Options);
  }
  static void TearDownTestSuite() {
    Generator.reset();
    State.reset();
  }
  static unsigned opcode(StringRef Name) {
    std::optional<unsigned> Op = State->getOpcodeByName(Name);
    EXPECT_TRUE(Op) << Name.str();
    return Op.value_or(0);
  }
  static std::optional<std::string> whyNot(StringRef Name) {
    return whyNotBasicCandidate(*State, *Generator, opcode(Name));
  }
  static std::optional<MCInst> instance(unsigned Opcode) {
    return MCInstBuilder(Opcode);
  }

  static std::unique_ptr<LLVMState> State;
  static std::unique_ptr<SnippetGenerator> Generator;
};

std::unique_ptr<LLVMState> BasicCandidatesTest::State;
std::unique_ptr<SnippetGenerator> BasicCandidatesTest::Generator;

TEST_F(BasicCandidatesTest, StaticRules) {
  EXPECT_EQ(whyNot("VPADDDrr"), std::nullopt);
  EXPECT_EQ(whyNot("ANDN64rr"), std::nullopt);
  EXPECT_EQ(whyNot("SHLX64rr"), std::nullopt);
  EXPECT_EQ(whyNot("VPADDDrm"), std::string("accesses memory"));
  EXPECT_EQ(whyNot("ADD64rr"), std::string("depends on itself"));
  EXPECT_EQ(whyNot("MOV64rr"),
            std::string("a register move the renamer may eliminate"));
  EXPECT_EQ(whyNot("MULX64rr"), std::string("reads a register implicitly"));
  EXPECT_EQ(whyNot("JMP_1"), std::string("control flow"));
  // Mixed with AVX code, a legacy SSE write waits for the YMM register.
  EXPECT_EQ(whyNot("RSQRTPSr"),
            std::string("a legacy SSE encoding, which AVX code beside it "
                        "waits for"));
  EXPECT_EQ(whyNot("MMX_PSHUFWri"),
            std::string("an MMX instruction, on the x87 registers"));
  EXPECT_EQ(whyNot("VORPDrr"), std::nullopt);
  // Several micro-ops in the scheduling model.
  EXPECT_TRUE(whyNot("DIV64r"));
}

TEST_F(BasicCandidatesTest, OnePerClassSpreadOverResources) {
  Expected<std::vector<BasicCandidate>> Eligible =
      getBasicCandidates(*State, *Generator);
  ASSERT_TRUE(bool(Eligible)) << toString(Eligible.takeError());
  ASSERT_GT(Eligible->size(), 16u);
  RefusingHost Host({});
  std::vector<unsigned> Chosen =
      chooseBasicCandidates(*Eligible, Host, instance, 16);
  ASSERT_EQ(Chosen.size(), 16u);
  std::set<unsigned> Classes;
  std::set<std::vector<unsigned>> ResourceSets;
  for (unsigned Opcode : Chosen) {
    unsigned Class = State->getInstrInfo().get(Opcode).getSchedClass();
    EXPECT_TRUE(Classes.insert(Class).second)
        << State->getOpcodeName(Opcode).str() << " repeats a class";
    EXPECT_EQ(whyNotBasicCandidate(*State, *Generator, Opcode), std::nullopt);
  }
  // The first candidates use distinct sets of the model's resources.
  std::set<std::vector<unsigned>> AllSets;
  for (const BasicCandidate &C : *Eligible)
    AllSets.insert(C.Resources);
  for (const BasicCandidate &C : *Eligible)
    if (C.Opcode == Chosen[0] || ResourceSets.size() < 16)
      for (unsigned Opcode : Chosen)
        if (C.Opcode == Opcode)
          ResourceSets.insert(C.Resources);
  EXPECT_EQ(ResourceSets.size(), std::min<size_t>(16, AllSets.size()));
}

TEST_F(BasicCandidatesTest, WhatTheHostRefusesIsReplacedInItsClass) {
  Expected<std::vector<BasicCandidate>> Eligible =
      getBasicCandidates(*State, *Generator);
  ASSERT_TRUE(bool(Eligible));
  RefusingHost Everything({});
  std::vector<unsigned> First =
      chooseBasicCandidates(*Eligible, Everything, instance, 8);
  ASSERT_EQ(First.size(), 8u);
  // The host refuses the first choice: another opcode of its class, if the
  // class has one, or none of that class, is chosen instead.
  unsigned Refused = First[0];
  unsigned Class = State->getInstrInfo().get(Refused).getSchedClass();
  RefusingHost Host({Refused});
  std::vector<unsigned> Second =
      chooseBasicCandidates(*Eligible, Host, instance, 8);
  ASSERT_EQ(Second.size(), 8u);
  EXPECT_EQ(std::count(Second.begin(), Second.end(), Refused), 0);
  std::vector<unsigned> SameClass;
  for (const BasicCandidate &C : *Eligible)
    if (C.SchedClass == Class && C.Opcode != Refused)
      SameClass.push_back(C.Opcode);
  if (!SameClass.empty()) {
    EXPECT_EQ(Second[0], SameClass.front());
  }
  EXPECT_GT(Host.Asked, 0u);
}

} // namespace
