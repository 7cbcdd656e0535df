//===-- TargetHooksTest.cpp - What generic code asks the targets ----------===//
//
// The questions generic files once answered with an architecture switch,
// asked through ExegesisTarget: each target answers for its own triples,
// and an architecture without code of ours gets the generic answers.
//
//===----------------------------------------------------------------------===//

#include "Core/LLVMState.h"
#include "Core/RegisterWidth.h"
#include "Core/Target.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

std::unique_ptr<LLVMState> state(StringRef Triple, StringRef Cpu = "generic") {
  return cantFail(LLVMState::create(Triple, Cpu));
}

bool canCountLoop(const LLVMState &S, StringRef RegName) {
  return S.getExegesisTarget().canCountLoop(
      S.getRegInfo(), S.getSubtargetInfo(), *S.getRegisterByName(RegName));
}

TEST(TargetHooksTest, LoopCountersArePointerWideGeneralPurposeRegisters) {
  auto X64 = state("x86_64-unknown-linux-gnu");
  EXPECT_TRUE(canCountLoop(*X64, "R8"));
  EXPECT_FALSE(canCountLoop(*X64, "RSP"));
  EXPECT_FALSE(canCountLoop(*X64, "EAX"));
  auto X86 = state("i686-unknown-linux-gnu");
  EXPECT_TRUE(canCountLoop(*X86, "EAX"));
  EXPECT_FALSE(canCountLoop(*X86, "ESP"));
  auto A64 = state("aarch64-unknown-linux-gnu");
  EXPECT_TRUE(canCountLoop(*A64, "X19"));
  EXPECT_FALSE(canCountLoop(*A64, "SP"));
  EXPECT_FALSE(canCountLoop(*A64, "W19"));
  // The generic answer: a register of the pointer's width.
  auto RV64 = state("riscv64-unknown-linux-gnu");
  EXPECT_TRUE(canCountLoop(*RV64, "X31"));
}

TEST(TargetHooksTest, WidthsTheRegisterClassesDoNotSay) {
  auto X64 = state("x86_64-unknown-linux-gnu");
  auto Width = [](const LLVMState &S, StringRef Name) {
    return getRegisterBitWidth(S, *S.getRegisterByName(Name));
  };
  EXPECT_EQ(Width(*X64, "FS"), 64u);
  EXPECT_EQ(Width(*X64, "DS"), 16u);
  EXPECT_EQ(Width(*X64, "MXCSR"), 32u);
  EXPECT_EQ(Width(*X64, "FPCW"), 16u);
  EXPECT_TRUE(isSegmentBaseRegister(*X64, *X64->getRegisterByName("GS")));
  auto X86 = state("i686-unknown-linux-gnu");
  EXPECT_EQ(Width(*X86, "FS"), 16u);
  EXPECT_FALSE(isSegmentBaseRegister(*X86, *X86->getRegisterByName("GS")));
  auto A64 = state("aarch64-unknown-linux-gnu");
  EXPECT_EQ(Width(*A64, "FPCR"), 32u);
  EXPECT_EQ(Width(*A64, "X0"), 64u);
  auto X280 = state("riscv64-unknown-linux-gnu", "sifive-x280");
  EXPECT_EQ(Width(*X280, "V1"), 512u);
}

TEST(TargetHooksTest, EncodingPrefixesAreX86_64s) {
  auto X64 = state("x86_64-unknown-linux-gnu");
  const ExegesisTarget &T = X64->getExegesisTarget();
  const Triple &TT = X64->getTriple();
  EXPECT_EQ(T.getEncodingPrefix(TT, {0x62, 0xf1}).str(), "{evex} ");
  EXPECT_EQ(T.getEncodingPrefix(TT, {0x66, 0xc5, 0xf8}).str(), "{vex} ");
  EXPECT_EQ(T.getEncodingPrefix(TT, {0xd5, 0x00}).str(), "{rex2} ");
  EXPECT_EQ(T.getEncodingPrefix(TT, {0x48, 0x01, 0xc0}).str(), "");
  auto X86 = state("i686-unknown-linux-gnu");
  EXPECT_EQ(X86->getExegesisTarget()
                .getEncodingPrefix(X86->getTriple(), {0x62})
                .str(),
            "");
}

TEST(TargetHooksTest, OnlyX86_64MapsMemoryAndHasAWideChain) {
  for (const char *Name :
       {"x86_64-unknown-linux-gnu", "i686-unknown-linux-gnu",
        "aarch64-unknown-linux-gnu", "powerpc64le-unknown-linux-gnu"}) {
    Triple TT(Name);
    const ExegesisTarget &T = ExegesisTarget::lookup(TT);
    bool X64 = TT.getArch() == Triple::x86_64;
    EXPECT_EQ(T.canAutoMapMemory(TT), X64) << Name;
    EXPECT_EQ(T.hasWideVectorCalibrationChain(TT), X64) << Name;
    EXPECT_EQ(T.featureChangesSwitchProcessorMode(), TT.isX86()) << Name;
  }
}

TEST(TargetHooksTest, CalibrationCodeIsTheTargetsOwn) {
  CalibrationLoop Loop;
  Loop.UnitsPerIteration = 40;
  EXPECT_FALSE(errorToBool(
      ExegesisTarget::lookup(Triple("aarch64-unknown-linux-gnu"))
          .encodeCalibrationLoop(Triple("aarch64-unknown-linux-gnu"), Loop)
          .takeError()));
  Expected<std::string> Mips =
      ExegesisTarget::lookup(Triple("mips-unknown-linux-gnu"))
          .encodeCalibrationLoop(Triple("mips-unknown-linux-gnu"), Loop);
  ASSERT_FALSE(static_cast<bool>(Mips));
  EXPECT_EQ(toString(Mips.takeError()), "no cycle calibration code for mips");
}

} // namespace
