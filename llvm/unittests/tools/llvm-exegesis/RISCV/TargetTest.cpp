//===-- RISCV/TargetTest.cpp - RISC-V register setup, frame and loop ------===//
//
// Register setup (LUI/ADDI(W)/SLLI for X registers, X30 and FMV or the
// stack for F registers) on riscv64 and riscv32, the registers the prologue
// saves, the loop, a whole looped function read back with the
// disassembler, where a function that writes sp keeps the caller's, and the
// load widths the chained loads are chosen by.
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "../Disassembly.h"
#include "Assembly/Assembler.h"
#include "Core/LLVMState.h"
#include "RISCV/RISCVLoadSnippets.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class RISCVTargetTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    RV64 = cantFail(LLVMState::create("riscv64-unknown-linux-gnu", "generic",
                                      "+m,+a,+f,+d,+zfh"))
               .release();
    RV32 = cantFail(LLVMState::create("riscv32-unknown-linux-gnu", "generic",
                                      "+f,+d"))
               .release();
    RV64NoFP =
        cantFail(LLVMState::create("riscv64-unknown-linux-gnu", "generic"))
            .release();
    X280 =
        cantFail(LLVMState::create("riscv64-unknown-linux-gnu", "sifive-x280"))
            .release();
  }
  static void TearDownTestSuite() {
    for (LLVMState **S : {&RV64, &RV32, &RV64NoFP, &X280}) {
      delete *S;
      *S = nullptr;
    }
  }

  static MCRegister reg(const LLVMState &State, StringRef Name) {
    return State.getRegisterByName(Name).value();
  }

  static std::vector<std::string> text(const LLVMState &State,
                                       Expected<std::vector<MCInst>> Insts) {
    return disasm::textOf(State, std::move(Insts));
  }

  static std::vector<std::string> setReg(const LLVMState &State, StringRef Name,
                                         const APInt &Value) {
    return text(State, State.getExegesisTarget().setRegTo(
                           State.getSubtargetInfo(), reg(State, Name), Value));
  }

  static std::vector<std::string>
  frame(const LLVMState &State, ArrayRef<StringRef> Names, bool Epilogue) {
    std::vector<MCRegister> Clobbered;
    for (StringRef Name : Names)
      Clobbered.push_back(reg(State, Name));
    const ExegesisTarget &ET = State.getExegesisTarget();
    return text(State, Epilogue ? ET.generateEpilogue(State, Clobbered)
                                : ET.generatePrologue(State, Clobbered));
  }

  static LLVMState *RV64, *RV32, *RV64NoFP, *X280;
};

LLVMState *RISCVTargetTest::RV64 = nullptr;
LLVMState *RISCVTargetTest::RV32 = nullptr;
LLVMState *RISCVTargetTest::RV64NoFP = nullptr;
LLVMState *RISCVTargetTest::X280 = nullptr;

TEST_F(RISCVTargetTest, AllNamesResolve) {
  EXPECT_EQ(RV64->getExegesisTarget().getUnresolvedNames(), "");
}

TEST_F(RISCVTargetTest, SmallAndThirtyTwoBitValues) {
  EXPECT_THAT(setReg(*RV64, "X11", APInt(64, 0)), ElementsAre("li a1, 0x0"));
  EXPECT_THAT(setReg(*RV64, "X11", APInt(64, 2047)),
              ElementsAre("li a1, 0x7ff"));
  // The low 12 bits are negative as a signed field: LUI takes one more.
  EXPECT_THAT(setReg(*RV64, "X11", APInt(64, 0x12345fff)),
              ElementsAre("lui a1, 0x12346", "addiw a1, a1, -0x1"));
  EXPECT_THAT(setReg(*RV32, "X11", APInt(32, 0x12345fff)),
              ElementsAre("lui a1, 0x12346", "addi a1, a1, -0x1"));
  EXPECT_THAT(setReg(*RV64, "X11", APInt(64, 0x7ffff000)),
              ElementsAre("lui a1, 0x7ffff"));
  // All 32 bits on riscv32 are a sign-extended value: -1.
  EXPECT_THAT(setReg(*RV32, "X11", APInt(32, 0xffffffff)),
              ElementsAre("li a1, -0x1"));
  EXPECT_THAT(setReg(*RV32, "X11", APInt(64, 0x100000000)),
              ElementsAre("error: cannot set register X11: value 0x100000000 "
                          "is wider than 32 bits"));
}

TEST_F(RISCVTargetTest, SixtyFourBitValuesShiftIntoPlace) {
  // On riscv64 0xffffffff is not the sign-extended -1: 1 << 32, minus 1.
  EXPECT_THAT(
      setReg(*RV64, "X11", APInt(32, 0xffffffff)),
      ElementsAre("li a1, 0x1", "slli a1, a1, 0x20", "addi a1, a1, -0x1"));
  EXPECT_THAT(setReg(*RV64, "X12", APInt(64, 0x80000000)),
              ElementsAre("li a2, 0x1", "slli a2, a2, 0x1f"));
  // Each step drops the low 12 bits and the trailing zeros below them.
  EXPECT_THAT(setReg(*RV64, "X5", APInt(64, 0x123456789abcdef0)),
              ElementsAre("lui t0, 0x247", "addiw t0, t0, -0x753",
                          "slli t0, t0, 0xe", "addi t0, t0, -0x3b3",
                          "slli t0, t0, 0xc", "addi t0, t0, 0x5e7",
                          "slli t0, t0, 0xd", "addi t0, t0, -0x110"));
  EXPECT_THAT(setReg(*RV64, "X5", APInt(64, 0x8000000000000000)),
              ElementsAre("li t0, -0x1", "slli t0, t0, 0x3f"));
}

TEST_F(RISCVTargetTest, RegistersThatCannotBeSet) {
  EXPECT_THAT(setReg(*RV64, "X0", APInt(64, 1)),
              ElementsAre("error: cannot set register X0: hard-wired to zero"));
  EXPECT_THAT(setReg(*RV64, "X2", APInt(64, 1)),
              ElementsAre(HasSubstr("cannot set register X2")));
  EXPECT_THAT(setReg(*RV64, "X4", APInt(64, 1)),
              ElementsAre(HasSubstr("cannot set register X4")));
  EXPECT_THAT(setReg(*RV64NoFP, "F1_D", APInt(64, 1)),
              ElementsAre("error: cannot set register F1_D: needs the D "
                          "extension (-mattr=+d)"));
}

TEST_F(RISCVTargetTest, FloatingPointRegistersGoThroughX30) {
  EXPECT_THAT(
      setReg(*RV64, "F1_D", APInt(64, 0x3ff0000000000000)),
      ElementsAre("li t5, 0x3ff", "slli t5, t5, 0x34", "fmv.d.x ft1, t5"));
  EXPECT_THAT(setReg(*RV64, "F1_D", APInt(64, 0)),
              ElementsAre("fmv.d.x ft1, zero"));
  EXPECT_THAT(setReg(*RV64, "F2_F", APInt(32, 0x3f800000)),
              ElementsAre("lui t5, 0x3f800", "fmv.w.x ft2, t5"));
  EXPECT_THAT(
      setReg(*RV64, "F3_H", APInt(16, 0x3c00)),
      ElementsAre("lui t5, 0x4", "addiw t5, t5, -0x400", "fmv.h.x ft3, t5"));
  // As upstream, narrow values sign-extend into F registers: all ones.
  EXPECT_THAT(setReg(*RV64, "F4_D", APInt(8, 0xff)),
              ElementsAre("li t5, -0x1", "fmv.d.x ft4, t5"));
}

TEST_F(RISCVTargetTest, DoublesOnRV32GoThroughTheStack) {
  EXPECT_THAT(setReg(*RV32, "F1_D", APInt(64, 0)),
              ElementsAre("li t5, 0x0", "fcvt.d.w ft1, t5"));
  EXPECT_THAT(setReg(*RV32, "F1_D", APInt(64, 0x3ff0000000000001)),
              ElementsAre("addi sp, sp, -0x10", "li t5, 0x1", "sw t5, 0x0(sp)",
                          "lui t5, 0x3ff00", "sw t5, 0x4(sp)",
                          "fld ft1, 0x0(sp)", "addi sp, sp, 0x10"));
}

TEST_F(RISCVTargetTest, VectorRegistersTakeVLENBitsFromTheStack) {
  // sifive-x280: VLEN 512, 64 bytes; a narrow value sign-extends over all.
  std::vector<std::string> Ones = {"vsetvli t5, zero, e8, m1, ta, ma",
                                   "addi sp, sp, -0x40"};
  for (unsigned I = 0; I < 8; ++I) {
    Ones.push_back("li t5, -0x1");
    Ones.push_back("sd t5, 0x" + utohexstr(8 * I, /*LowerCase=*/true) + "(sp)");
  }
  Ones.push_back("vle8.v v1, (sp)");
  Ones.push_back("addi sp, sp, 0x40");
  EXPECT_EQ(setReg(*X280, "V1", APInt(8, 0xff)), Ones);
  EXPECT_THAT(
      setReg(*X280, "V2", APInt(8, 0)),
      ElementsAre("vsetvli t5, zero, e8, m1, ta, ma", "vmv.v.i v2, 0x0"));
  // Zero doublewords are stored from x0.
  std::vector<std::string> Two = setReg(*X280, "V3", APInt(128, 2));
  ASSERT_EQ(Two.size(), 13u);
  EXPECT_EQ(Two[2], "li t5, 0x2");
  EXPECT_EQ(Two[3], "sd t5, 0x0(sp)");
  EXPECT_EQ(Two[4], "sd zero, 0x8(sp)");
  EXPECT_EQ(Two[10], "sd zero, 0x38(sp)");
  EXPECT_EQ(Two[11], "vle8.v v3, (sp)");
  EXPECT_THAT(setReg(*X280, "V1", APInt(1024, 1).shl(600)),
              ElementsAre(HasSubstr("is wider than 512 bits")));
  EXPECT_THAT(setReg(*RV64, "V1", APInt(8, 1)),
              ElementsAre("error: cannot set register V1: needs the V "
                          "extension (-mattr=+v)"));
}

TEST_F(RISCVTargetTest, X30ValuesAreSetAfterWhatPassesThroughIt) {
  std::vector<RegisterValue> Values = {{reg(*RV64, "X30"), APInt(64, 9)},
                                       {reg(*RV64, "F0_D"), APInt(64, 1)}};
  EXPECT_THAT(text(*RV64, RV64->getExegesisTarget().setRegistersTo(
                              RV64->getSubtargetInfo(), Values)),
              ElementsAre("li t5, 0x1", "fmv.d.x ft0, t5", "li t5, 0x9"));
}

TEST_F(RISCVTargetTest, PrologueSavesCalleeSavedRegisters) {
  EXPECT_THAT(frame(*RV64, {"X10", "X5", "F0_D"}, false), ElementsAre());
  EXPECT_THAT(frame(*RV64, {"X10", "X5", "F0_D"}, true), ElementsAre("ret"));
  EXPECT_THAT(frame(*RV64, {"X8", "X27", "F8_F"}, false),
              ElementsAre("addi sp, sp, -0x20", "sd s0, 0x0(sp)",
                          "sd s11, 0x8(sp)", "fsd fs0, 0x10(sp)"));
  EXPECT_THAT(frame(*RV64, {"X8", "X27", "F8_F"}, true),
              ElementsAre("ld s0, 0x0(sp)", "ld s11, 0x8(sp)",
                          "fld fs0, 0x10(sp)", "addi sp, sp, 0x20", "ret"));
  // riscv32: 4-byte integer slots; the return address is saved when the
  // snippet writes it.
  EXPECT_THAT(
      frame(*RV32, {"X1", "X9"}, false),
      ElementsAre("addi sp, sp, -0x10", "sw ra, 0x0(sp)", "sw s1, 0x4(sp)"));
}

TEST_F(RISCVTargetTest, LoopCounter) {
  const ExegesisTarget &ET = RV64->getExegesisTarget();
  EXPECT_EQ(ET.getDefaultLoopCounterRegister(RV64->getTriple()),
            reg(*RV64, "X31"));
  EXPECT_EQ(ET.getScratchMemoryRegister(RV64->getTriple()), reg(*RV64, "X10"));
  MCContext Ctx(RV64->getTriple(), &RV64->getAsmInfo(), &RV64->getRegInfo(),
                &RV64->getSubtargetInfo());
  const MCExpr *Target = MCSymbolRefExpr::create(Ctx.createTempSymbol(), Ctx);
  Expected<std::vector<MCInst>> Insts =
      ET.decrementLoopCounterAndBranch(reg(*RV64, "X31"), Target);
  ASSERT_TRUE(static_cast<bool>(Insts)) << toString(Insts.takeError());
  ASSERT_EQ(Insts->size(), 2u);
  EXPECT_THAT(disasm::disassemble(*RV64, disasm::encode(*RV64, {(*Insts)[0]})),
              ElementsAre("addi t6, t6, -0x1"));
  EXPECT_EQ(RV64->getOpcodeName((*Insts)[1].getOpcode()), "BNE");
  Expected<std::vector<MCInst>> Bad =
      ET.decrementLoopCounterAndBranch(reg(*RV64, "X0"), Target);
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_THAT(toString(Bad.takeError()), HasSubstr("loop register X0"));
}

TEST_F(RISCVTargetTest, LoopedFunction) {
  BenchmarkCode Code;
  MCInst Add;
  Add.setOpcode(RV64->getOpcodeByName("ADD").value());
  for (StringRef R : {"X11", "X11", "X20"})
    Add.addOperand(MCOperand::createReg(reg(*RV64, R)));
  Code.Key.Instructions = {Add};
  Code.Key.RegisterInitialValues = {{reg(*RV64, "X20"), APInt(64, 1)}};
  AssemblyRequest Request;
  Request.Repetition = SnippetRepetition::Loop;
  Request.MinInstructions = 100;
  Request.LoopBodySize = 2;
  Expected<AssembledFunction> F =
      assembleMeasuredFunction(*RV64, Code, Request);
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  std::vector<std::string> WithoutPadding;
  for (const std::string &L : disasm::disassemble(*RV64, F->getCode()))
    if (L != "nop")
      WithoutPadding.push_back(L);
  EXPECT_THAT(WithoutPadding,
              ElementsAre("addi sp, sp, -0x10", "sd s4, 0x0(sp)", "li s4, 0x1",
                          "li t6, 0x32", "add a1, a1, s4", "add a1, a1, s4",
                          "addi t6, t6, -0x1", HasSubstr("bnez t6"),
                          "ld s4, 0x0(sp)", "addi sp, sp, 0x10", "ret"));
  ASSERT_EQ(F->SnippetLocations.size(), 2u);
  uint64_t LoopStart = F->SnippetLocations[0].Offset;
  EXPECT_EQ(LoopStart % 16, 0u);
  // BNE: a 13-bit signed offset in bytes, scattered over the instruction.
  uint64_t BranchOffset = F->CodeSize - 16;
  uint32_t B;
  memcpy(&B, F->getCode().data() + BranchOffset, 4);
  uint32_t Imm = ((B >> 31) & 1) << 12 | ((B >> 7) & 1) << 11 |
                 ((B >> 25) & 0x3f) << 5 | ((B >> 8) & 0xf) << 1;
  EXPECT_EQ(int64_t(BranchOffset) + SignExtend64<13>(Imm), int64_t(LoopStart));
  EXPECT_EQ(F->NumExecutedInstructions, 100u);
}

TEST_F(RISCVTargetTest, StackPointerKeptInASlotOfTheTool) {
  // Save: t5 goes below sp and comes back, the slot's address is built in
  // t5, and the slot gets sp minus those 16 bytes; restore adds them back.
  for (LLVMState *State : {RV64, RV32}) {
    const ExegesisTarget &ET = State->getExegesisTarget();
    std::vector<std::string> Save = text(*State, ET.saveStackPointer());
    std::vector<std::string> Restore = text(*State, ET.restoreStackPointer());
    bool Is64 = State == RV64;
    std::string Store = Is64 ? "sd" : "sw", Load = Is64 ? "ld" : "lw";
    ASSERT_GE(Save.size(), 6u);
    EXPECT_EQ(Save[0], "addi sp, sp, -0x10");
    EXPECT_EQ(Save[1], Store + " t5, 0x0(sp)");
    EXPECT_THAT(ArrayRef(Save).take_back(3),
                ElementsAre(Store + " sp, 0x0(t5)", Load + " t5, 0x0(sp)",
                            "addi sp, sp, 0x10"));
    ASSERT_GE(Restore.size(), 3u);
    EXPECT_THAT(ArrayRef(Restore).take_back(2),
                ElementsAre(Load + " sp, 0x0(t5)", "addi sp, sp, 0x10"));
    // The same address is built both times.
    EXPECT_EQ(ArrayRef(Save).slice(2, Save.size() - 5),
              ArrayRef(Restore).drop_back(2));
  }
}

TEST_F(RISCVTargetTest, SnippetWritingTheStackPointerAssembles) {
  BenchmarkCode Code;
  MCInst Addi;
  Addi.setOpcode(RV64->getOpcodeByName("ADDI").value());
  Addi.addOperand(MCOperand::createReg(reg(*RV64, "X2")));
  Addi.addOperand(MCOperand::createReg(reg(*RV64, "X2")));
  Addi.addOperand(MCOperand::createImm(-32));
  Code.Key.Instructions = {Addi};
  AssemblyRequest Request;
  Request.MinInstructions = 2;
  Expected<AssembledFunction> F =
      assembleMeasuredFunction(*RV64, Code, Request);
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  std::vector<std::string> Lines = disasm::disassemble(*RV64, F->getCode());
  ASSERT_GE(Lines.size(), 4u);
  // The stack scratch memory (the snippet reads sp), the saved sp, the two
  // copies, sp from the slot, then the epilogue.
  EXPECT_EQ(Lines.front(), "addi sp, sp, -0x40");
  EXPECT_THAT(ArrayRef(Lines).take_back(4),
              ElementsAre("ld sp, 0x0(t5)", "addi sp, sp, 0x10",
                          "addi sp, sp, 0x40", "ret"));
  EXPECT_EQ(count(Lines, "addi sp, sp, -0x20"), 2);
}

TEST_F(RISCVTargetTest, LoadWidthsFromOpcodeNames) {
  EXPECT_EQ(getRISCVLoadBytes("LB"), 1u);
  EXPECT_EQ(getRISCVLoadBytes("LBU"), 1u);
  EXPECT_EQ(getRISCVLoadBytes("C_LHU"), 2u);
  EXPECT_EQ(getRISCVLoadBytes("LWU"), 4u);
  EXPECT_EQ(getRISCVLoadBytes("LR_W_AQ_RL"), 4u);
  EXPECT_EQ(getRISCVLoadBytes("C_LWSP"), 4u);
  EXPECT_EQ(getRISCVLoadBytes("LD"), 8u);
  EXPECT_EQ(getRISCVLoadBytes("C_LDSP"), 8u);
  EXPECT_EQ(getRISCVLoadBytes("LR_D"), 8u);
  EXPECT_EQ(getRISCVLoadBytes("FLH"), 2u);
  EXPECT_EQ(getRISCVLoadBytes("C_FLD"), 8u);
  EXPECT_EQ(getRISCVLoadBytes("FLQ"), 16u);
  // Not loads, or not said by the name.
  EXPECT_EQ(getRISCVLoadBytes("LUI"), 0u);
  EXPECT_EQ(getRISCVLoadBytes("ADD"), 0u);
  EXPECT_EQ(getRISCVLoadBytes("LQ"), 0u);
  EXPECT_EQ(getRISCVLoadBytes("FLB"), 0u);
}

} // namespace
