//===-- KernelSnippetTest.cpp - Mixtures of independent copies ------------===//

#include "PortMapHost/KernelSnippet.h"
#include "Core/LLVMState.h"
#include "Snippets/GeneratorForMode.h"
#include "llvm/ADT/BitVector.h"
#include "gtest/gtest.h"
#include <map>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class KernelSnippetTest : public testing::Test {
protected:
  static void SetUpTestSuite() {
    State = cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver5"));
  }
  static void TearDownTestSuite() { State.reset(); }

  static unsigned opcode(StringRef Name) {
    std::optional<unsigned> Op = State->getOpcodeByName(Name);
    EXPECT_TRUE(Op) << Name.str();
    return Op.value_or(0);
  }

  /// No copy reads a register another copy writes, unless it is the same
  /// copy again (a tied register's own chain, one link per pass).
  static void expectIndependent(const KernelSnippet &S) {
    SnippetGeneratorOptions Options;
    std::unique_ptr<SnippetGenerator> G =
        createSnippetGenerator(*State, Options);
    const RegisterPool &Pool = G->getRegisterPool();
    const std::vector<MCInst> &Insts = S.Code.Key.Instructions;
    for (size_t A = 0; A < Insts.size(); ++A)
      for (size_t B = 0; B < Insts.size(); ++B) {
        if (A == B || isSameCopy(Insts[A], Insts[B]))
          continue;
        const InstructionModel &MA = G->getModel(Insts[A].getOpcode());
        const InstructionModel &MB = G->getModel(Insts[B].getOpcode());
        SmallVector<MCRegister, 8> Written, Read;
        // Explicit operands only: implicit ones are reported, not avoided.
        MA.getWrittenRegisters(Insts[A], Written);
        MB.getReadRegisters(Insts[B], Read);
        for (MCRegister W : Written)
          for (MCRegister R : Read) {
            if (MA.implicitDefUnits().anyCommon(Pool.unitsOf(W)))
              continue;
            EXPECT_FALSE(Pool.aliases(W, R))
                << State->getOpcodeName(Insts[B].getOpcode()).str() << " #" << B
                << " reads " << State->getRegInfo().getName(R) << ", which "
                << State->getOpcodeName(Insts[A].getOpcode()).str() << " #" << A
                << " writes";
          }
      }
  }

  static bool isSameCopy(const MCInst &A, const MCInst &B) {
    std::string TA, TB;
    raw_string_ostream OA(TA), OB(TB);
    A.print(OA);
    B.print(OB);
    return TA == TB;
  }

  static std::unique_ptr<LLVMState> State;
};

std::unique_ptr<LLVMState> KernelSnippetTest::State;

TEST_F(KernelSnippetTest, CopiesInProportionAndIndependent) {
  KernelSnippetOptions Options;
  Options.MinBodyInstructions = 12;
  Expected<KernelSnippet> S = buildKernelSnippet(
      *State, {{opcode("VPADDDrr"), 2}, {opcode("ANDN64rr"), 1}}, Options);
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  EXPECT_EQ(S->Passes, 4u);
  std::map<unsigned, unsigned> Count;
  for (const MCInst &I : S->Code.Key.Instructions)
    ++Count[I.getOpcode()];
  EXPECT_EQ(Count[opcode("VPADDDrr")], 8u);
  EXPECT_EQ(Count[opcode("ANDN64rr")], 4u);
  // Interleaved: never more than two of one opcode in a row.
  const std::vector<MCInst> &Insts = S->Code.Key.Instructions;
  for (size_t I = 2; I < Insts.size(); ++I)
    EXPECT_FALSE(Insts[I].getOpcode() == Insts[I - 1].getOpcode() &&
                 Insts[I].getOpcode() == Insts[I - 2].getOpcode());
  expectIndependent(*S);
  EXPECT_TRUE(S->Dependencies.empty());
  EXPECT_EQ(S->Code.Key.Config, "2*VPADDDrr + 1*ANDN64rr");
}

TEST_F(KernelSnippetTest, TiedOpcodesKeepTheirOwnRegisters) {
  // ADD64rr writes the register it reads: its copies need registers of
  // their own, which the other opcodes must neither read nor write.
  Expected<KernelSnippet> S = buildKernelSnippet(
      *State,
      {{opcode("ADD64rr"), 4}, {opcode("SHLX64rr"), 2}, {opcode("LEA64r"), 2}},
      KernelSnippetOptions());
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  expectIndependent(*S);
  // Eight distinct copies of ADD64rr (MaxDistinctCopies), taken in turn.
  std::vector<MCInst> Adds;
  for (const MCInst &I : S->Code.Key.Instructions)
    if (I.getOpcode() == opcode("ADD64rr") &&
        none_of(Adds, [&](const MCInst &J) { return isSameCopy(I, J); }))
      Adds.push_back(I);
  EXPECT_EQ(Adds.size(), 8u);
}

TEST_F(KernelSnippetTest, ImplicitDependenciesAreReported) {
  // ADC64rr reads the flags ANDN64rr writes: no register choice avoids it.
  Expected<KernelSnippet> S = buildKernelSnippet(
      *State, {{opcode("ADC64rr"), 1}, {opcode("ANDN64rr"), 1}},
      KernelSnippetOptions());
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  ASSERT_FALSE(S->Dependencies.empty());
  EXPECT_NE(S->Dependencies.front().find("ADC64rr reads"), std::string::npos)
      << S->Dependencies.front();
}

TEST_F(KernelSnippetTest, EmptyMixtureIsAnError) {
  Expected<KernelSnippet> S =
      buildKernelSnippet(*State, {{opcode("ADD64rr"), 0}}, {});
  ASSERT_FALSE(bool(S));
  consumeError(S.takeError());
}

} // namespace
