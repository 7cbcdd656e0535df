//===-- X86StatusFlagsTest.cpp - x86's flags followed one by one ----------===//
//
// What x86 instructions read and write of the arithmetic flags, where LLVM
// has one register for them all, and which flags a snippet carries from one
// copy to the next.
//
//===----------------------------------------------------------------------===//

#include "X86/X86StatusFlags.h"
#include "../X86StateTest.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "gtest/gtest.h"
#include <optional>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class StatusFlagsTest : public X86StateTest {
protected:
  /// `Opcode Regs... [Imm]`.
  static MCInst inst(StringRef Opcode, ArrayRef<StringRef> Regs = {},
                     std::optional<int64_t> Imm = std::nullopt) {
    MCInst I;
    I.setOpcode(State->getOpcodeByName(Opcode).value());
    for (StringRef R : Regs)
      I.addOperand(MCOperand::createReg(State->getRegisterByName(R).value()));
    if (Imm)
      I.addOperand(MCOperand::createImm(*Imm));
    return I;
  }

  static StatusFlagEffects effects(const MCInst &Inst) {
    return X86StatusFlags(*State).getEffects(Inst);
  }

  static StatusFlagSet carried(ArrayRef<MCInst> Snippet) {
    return X86StatusFlags(*State).getCarriedFlags(Snippet);
  }

  static MCInst clc() { return inst("CLC"); }
  static MCInst adc() { return inst("ADC64rr", {"RAX", "RAX", "R14"}); }
  static MCInst inc() { return inst("INC64r", {"RCX", "RCX"}); }
};

TEST_F(StatusFlagsTest, TheTargetFollowsEFLAGSPartByPartAndNothingElse) {
  const ExegesisTarget &ET = State->getExegesisTarget();
  MCRegister EFLAGS = State->getRegisterByName("EFLAGS").value();
  MCRegister RAX = State->getRegisterByName("RAX").value();
  EXPECT_EQ(ET.carriesPartsOf(*State, EFLAGS, {clc(), adc()}), false);
  EXPECT_EQ(ET.carriesPartsOf(*State, EFLAGS, {inc(), adc()}), true);
  EXPECT_EQ(ET.carriesPartsOf(*State, RAX, {inc(), adc()}), std::nullopt);
}

TEST_F(StatusFlagsTest, ClcWritesTheCarryAndReadsNoFlag) {
  // LLVM has CLC read EFLAGS: it keeps the other flags.
  StatusFlagEffects Clc = effects(clc());
  EXPECT_EQ(Clc.Reads, 0u);
  EXPECT_EQ(Clc.SurelyWrites, StatusFlagSet(CarryFlag));
  EXPECT_EQ(Clc.MayWrite, StatusFlagSet(AllStatusFlags));
  EXPECT_EQ(effects(inst("CMC")).Reads, StatusFlagSet(CarryFlag));
}

TEST_F(StatusFlagsTest, AdcReadsTheCarryAndWritesEveryFlag) {
  StatusFlagEffects Adc = effects(adc());
  EXPECT_EQ(Adc.Reads, StatusFlagSet(CarryFlag));
  EXPECT_EQ(Adc.SurelyWrites, StatusFlagSet(AllStatusFlags));
}

TEST_F(StatusFlagsTest, IncKeepsTheCarry) {
  // LLVM has INC write all of EFLAGS.
  StatusFlagEffects Inc = effects(inc());
  EXPECT_EQ(Inc.Reads, 0u);
  EXPECT_EQ(Inc.SurelyWrites, StatusFlagSet(AllStatusFlags & ~CarryFlag));
  EXPECT_EQ(Inc.MayWrite, StatusFlagSet(AllStatusFlags));
}

TEST_F(StatusFlagsTest, LogicalOperationsLeaveTheAdjustFlagUndefined) {
  EXPECT_EQ(effects(inst("XOR32rr", {"ECX", "ECX", "ECX"})).SurelyWrites,
            StatusFlagSet(AllStatusFlags & ~AdjustFlag));
}

TEST_F(StatusFlagsTest, ConditionsReadTheFlagsTheyTest) {
  // LLVM's condition codes: 2 B, 4 E, 10 P, 15 G.
  EXPECT_EQ(effects(inst("CMOV64rr", {"RAX", "RAX", "RDX"}, 2)).Reads,
            StatusFlagSet(CarryFlag));
  EXPECT_EQ(effects(inst("CMOV64rr", {"RAX", "RAX", "RDX"}, 4)).Reads,
            StatusFlagSet(ZeroFlag));
  EXPECT_EQ(effects(inst("CMOV64rr", {"RAX", "RAX", "RDX"}, 15)).Reads,
            StatusFlagSet(ZeroFlag | SignFlag | OverflowFlag));
  EXPECT_EQ(effects(inst("SETCCr", {"AL"}, 10)).Reads,
            StatusFlagSet(ParityFlag));
}

TEST_F(StatusFlagsTest, UnknownInstructionsReadEveryFlagAndSurelyWriteNone) {
  // LAHF does not read OF, SHL by an immediate keeps the flags for a zero
  // count: neither is in the table, and both are taken at their worst.
  EXPECT_EQ(effects(inst("LAHF")).Reads, StatusFlagSet(AllStatusFlags));
  StatusFlagEffects Shl = effects(inst("SHL64ri", {"RAX", "RAX"}, 1));
  EXPECT_EQ(Shl.SurelyWrites, 0u);
  EXPECT_EQ(Shl.MayWrite, StatusFlagSet(AllStatusFlags));
  EXPECT_EQ(effects(inst("ADD64rr_NF", {"RAX", "RAX", "RCX"})).MayWrite, 0u);
}

TEST_F(StatusFlagsTest, CarriedFlags) {
  EXPECT_EQ(carried({clc(), adc()}), 0u);
  EXPECT_EQ(carried({clc(), adc(), clc(), adc()}), 0u);
  EXPECT_EQ(carried({inst("XOR32rr", {"ECX", "ECX", "ECX"}), adc()}), 0u);
  EXPECT_EQ(carried({adc()}), StatusFlagSet(CarryFlag));
  EXPECT_EQ(carried({inc(), adc()}), StatusFlagSet(CarryFlag));
  EXPECT_EQ(carried({inst("CMC"), adc()}), StatusFlagSet(CarryFlag));
  // Read before written, but never written: nothing to carry.
  EXPECT_EQ(carried({inst("CMOV64rr", {"RAX", "RAX", "RDX"}, 2)}), 0u);
  // SETB reads the carry the add of the copy before wrote; SETE the zero
  // flag inc wrote.
  MCInst Add = inst("ADD64rr", {"RBX", "RBX", "R14"});
  EXPECT_EQ(carried({inc(), inst("SETCCr", {"AL"}, 2), Add}),
            StatusFlagSet(CarryFlag));
  EXPECT_EQ(carried({inc(), inst("SETCCr", {"AL"}, 4), Add}), 0u);
}

TEST(StatusFlagsTargetsTest, OtherTargetsKeepTheirFlagsWhole) {
  std::unique_ptr<LLVMState> AArch64 =
      cantFail(LLVMState::create("aarch64-linux-gnu", "cortex-a55"));
  MCRegister NZCV = AArch64->getRegisterByName("NZCV").value();
  EXPECT_EQ(AArch64->getExegesisTarget().carriesPartsOf(*AArch64, NZCV, {}),
            std::nullopt);
}

} // namespace
