//===-- InstructionModelTest.cpp - Operand model of x86 opcodes -----------===//

#include "Core/InstructionModel.h"
#include "Core/LLVMState.h"
#include "Core/RegisterPool.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class InstructionModelTest : public ::testing::Test {
protected:
  void SetUp() override {
    State = cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver4"));
    Pool = std::make_unique<RegisterPool>(State->getRegInfo(),
                                          ArrayRef<MCRegister>{reg("RSP")});
  }

  MCRegister reg(StringRef Name) { return *State->getRegisterByName(Name); }

  InstructionModel model(StringRef Name) {
    return InstructionModel(State->getInstrInfo(), State->getSubtargetInfo(),
                            *Pool, *State->getOpcodeByName(Name));
  }

  std::unique_ptr<LLVMState> State;
  std::unique_ptr<RegisterPool> Pool;
};

TEST_F(InstructionModelTest, TiedOperandsShareOneSlot) {
  InstructionModel Add = model("ADD64rr");
  ASSERT_EQ(Add.operands().size(), 3u);
  ASSERT_EQ(Add.slots().size(), 2u);
  EXPECT_EQ(Add.operands()[0].Slot, Add.operands()[1].Slot);
  EXPECT_TRUE(Add.slots()[0].isTiedRegister());
  EXPECT_FALSE(Add.slots()[1].IsDef);
  EXPECT_TRUE(Add.hasTiedRegisters());

  InstructionModel Sqrt = model("VSQRTSSr");
  EXPECT_FALSE(Sqrt.hasTiedRegisters());
  EXPECT_EQ(Sqrt.slots().size(), Sqrt.operands().size());
}

TEST_F(InstructionModelTest, ImplicitRegistersAndSelfDependency) {
  InstructionModel Adc = model("ADC64rr");
  EXPECT_TRUE(Adc.implicitUseUnits().anyCommon(Pool->unitsOf(reg("EFLAGS"))));
  EXPECT_TRUE(Adc.hasImplicitSelfDependency());

  // ADD writes EFLAGS but does not read it.
  InstructionModel Add = model("ADD64rr");
  EXPECT_TRUE(Add.implicitDefUnits().anyCommon(Pool->unitsOf(reg("EFLAGS"))));
  EXPECT_FALSE(Add.hasImplicitSelfDependency());

  // CMP writes only EFLAGS and reads only GPRs: it cannot feed itself.
  InstructionModel Cmp = model("CMP64rr");
  EXPECT_FALSE(Cmp.canDependOnItself());
  EXPECT_TRUE(model("MULX64rr").canDependOnItself());
}

TEST_F(InstructionModelTest, RegisterAliasingGoesThroughUnits) {
  EXPECT_TRUE(Pool->aliases(reg("RAX"), reg("EAX")));
  EXPECT_TRUE(Pool->aliases(reg("RAX"), reg("AH")));
  EXPECT_FALSE(Pool->aliases(reg("AL"), reg("AH")));
  EXPECT_FALSE(Pool->aliases(reg("RAX"), reg("RCX")));
  EXPECT_TRUE(Pool->aliases(reg("XMM3"), reg("ZMM3")));
  // Forbidding RSP forbids everything overlapping it, nothing else.
  EXPECT_TRUE(Pool->isForbidden(reg("SPL")));
  EXPECT_FALSE(Pool->isForbidden(reg("RBP")));
  InstructionModel Add = model("ADD64rr");
  ArrayRef<MCRegister> GR64 = Pool->allowedRegisters(Add.slots()[0].RegClassID);
  EXPECT_FALSE(is_contained(GR64, reg("RSP")));
  EXPECT_TRUE(is_contained(GR64, reg("RBP")));
  // A write to EAX is a possible def overlapping a read of RAX.
  EXPECT_TRUE(
      model("MOV32rr").possibleDefUnits().anyCommon(Pool->unitsOf(reg("RAX"))));
}

TEST_F(InstructionModelTest, UnnamedRegistersStayAliasable) {
  RegisterPool NoHighBytes(State->getRegInfo(), {}, {reg("AH")});
  InstructionModel Add8 = model("ADD8rr");
  ArrayRef<MCRegister> GR8 =
      NoHighBytes.allowedRegisters(Add8.slots()[0].RegClassID);
  EXPECT_FALSE(is_contained(GR8, reg("AH")));
  EXPECT_TRUE(is_contained(GR8, reg("AL")));
  EXPECT_FALSE(NoHighBytes.isForbidden(reg("RAX")));
}

TEST_F(InstructionModelTest, MemoryReferences) {
  InstructionModel AddRM = model("ADD64rm");
  ASSERT_EQ(AddRM.memoryReferences().size(), 1u);
  EXPECT_EQ(AddRM.memoryReferences()[0].FirstOperand, 2u);
  EXPECT_EQ(AddRM.memoryReferences()[0].NumOperands, 5u);
  EXPECT_TRUE(AddRM.accessesMemory());
  // The address registers point at scratch memory: they are not among the
  // registers the opcode may read as data.
  for (const OperandSlot &Slot : AddRM.slots()) {
    if (Slot.IsMemory) {
      EXPECT_TRUE(AddRM.isScratchAddressSlot(Slot));
    }
  }
  EXPECT_FALSE(model("ADD64rr").hasMemoryReference());
}

TEST_F(InstructionModelTest, EarlyClobber) {
  InstructionModel Gather = model("VPGATHERDDrm");
  ASSERT_FALSE(Gather.operands().empty());
  EXPECT_TRUE(Gather.operands()[0].IsEarlyClobber);
  EXPECT_FALSE(model("ADD64rr").operands()[0].IsEarlyClobber);
}

TEST_F(InstructionModelTest, OperandsWeCannotFill) {
  // A branch target is PC-relative.
  EXPECT_TRUE(model("JMP_1").getOperandProblem().has_value());
  EXPECT_FALSE(model("ADD64rr").getOperandProblem().has_value());
}

TEST_F(InstructionModelTest, BuildsAndListsRegisters) {
  InstructionModel Add = model("ADD64rr");
  SlotValues Values(Add.slots().size());
  Values[0] = MCOperand::createReg(reg("RBX"));
  Values[1] = MCOperand::createReg(reg("RCX"));
  MCInst Inst = Add.build(Values);
  ASSERT_EQ(Inst.getNumOperands(), 3u);
  EXPECT_EQ(Inst.getOperand(1).getReg(), reg("RBX"));
  SmallVector<MCRegister, 4> Read, Written;
  Add.getReadRegisters(Inst, Read);
  Add.getWrittenRegisters(Inst, Written);
  EXPECT_EQ(Read, (SmallVector<MCRegister, 4>{reg("RBX"), reg("RCX")}));
  EXPECT_EQ(Written, (SmallVector<MCRegister, 4>{reg("RBX"), reg("EFLAGS")}));
}

} // namespace
