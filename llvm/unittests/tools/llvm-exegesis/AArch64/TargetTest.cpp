//===-- AArch64/TargetTest.cpp - AArch64 register setup, frame and loop ---===//
//
// Register setup with MOVZ/MOVK (and through X8 and X9 for FP/SIMD
// registers and NZCV), the registers the prologue saves, the loop, and a
// whole looped function read back with the disassembler.
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "../Disassembly.h"
#include "Assembly/Assembler.h"
#include "Core/LLVMState.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class AArch64TargetTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    State =
        cantFail(LLVMState::create("aarch64-unknown-linux-gnu", "neoverse-v2"))
            .release();
  }
  static void TearDownTestSuite() {
    delete State;
    State = nullptr;
  }

  static MCRegister reg(StringRef Name) {
    return State->getRegisterByName(Name).value();
  }

  static std::vector<std::string> text(Expected<std::vector<MCInst>> Insts) {
    return disasm::textOf(*State, std::move(Insts));
  }

  static std::vector<std::string> setReg(StringRef Name, const APInt &Value) {
    return text(State->getExegesisTarget().setRegTo(State->getSubtargetInfo(),
                                                    reg(Name), Value));
  }

  static std::vector<std::string> frame(ArrayRef<StringRef> Names,
                                        bool Epilogue) {
    std::vector<MCRegister> Clobbered;
    for (StringRef Name : Names)
      Clobbered.push_back(reg(Name));
    const ExegesisTarget &ET = State->getExegesisTarget();
    return text(Epilogue ? ET.generateEpilogue(*State, Clobbered)
                         : ET.generatePrologue(*State, Clobbered));
  }

  static LLVMState *State;
};

LLVMState *AArch64TargetTest::State = nullptr;

TEST_F(AArch64TargetTest, AllNamesResolve) {
  EXPECT_EQ(State->getExegesisTarget().getUnresolvedNames(), "");
}

TEST_F(AArch64TargetTest, GeneralPurposeRegistersUseMovzMovk) {
  EXPECT_THAT(setReg("X0", APInt(64, 0x123456789abcdef0)),
              ElementsAre("mov x0, #0xdef0", "movk x0, #0x9abc, lsl #16",
                          "movk x0, #0x5678, lsl #32",
                          "movk x0, #0x1234, lsl #48"));
  // Zero halfwords need no MOVK.
  EXPECT_THAT(setReg("X20", APInt(64, 0x0000ffff00000001)),
              ElementsAre("mov x20, #0x1", "movk x20, #0xffff, lsl #32"));
  EXPECT_THAT(setReg("W1", APInt(32, 0x12)), ElementsAre("mov w1, #0x12"));
  // The lowest non-zero halfword is the MOVZ, with its shift.
  EXPECT_THAT(setReg("W1", APInt(32, 0xabcd0000)),
              ElementsAre("mov w1, #-0x54330000"));
  EXPECT_THAT(setReg("X2", APInt(64, 0x1234000000000000)),
              ElementsAre("mov x2, #0x1234000000000000"));
  EXPECT_THAT(setReg("X3", APInt(64, 0xab0000ffff0000)),
              ElementsAre("mov x3, #0xffff0000", "movk x3, #0xab, lsl #48"));
  EXPECT_THAT(setReg("W1", APInt(64, 0x100000000)),
              ElementsAre("error: cannot set register W1: value 0x100000000 "
                          "is wider than 32 bits"));
  EXPECT_THAT(setReg("SP", APInt(64, 0)),
              ElementsAre(HasSubstr("cannot set register SP")));
}

TEST_F(AArch64TargetTest, FloatingPointAndVectorRegistersGoThroughX8) {
  EXPECT_THAT(setReg("Q1", APInt(128, "00112233445566778899aabbccddeeff", 16)),
              ElementsAre("mov x8, #0xeeff", "movk x8, #0xccdd, lsl #16",
                          "movk x8, #0xaabb, lsl #32",
                          "movk x8, #0x8899, lsl #48", "fmov d1, x8",
                          "mov x8, #0x6677", "movk x8, #0x4455, lsl #16",
                          "movk x8, #0x2233, lsl #32",
                          "movk x8, #0x11, lsl #48", "mov v1.d[1], x8"));
  // The high half is zeroed by the FMOV.
  EXPECT_THAT(setReg("Q2", APInt(128, 3)),
              ElementsAre("mov x8, #0x3", "fmov d2, x8"));
  EXPECT_THAT(setReg("D3", APInt(64, 5)),
              ElementsAre("mov x8, #0x5", "fmov d3, x8"));
  EXPECT_THAT(setReg("S4", APInt(32, 7)),
              ElementsAre("mov w8, #0x7", "fmov s4, w8"));
}

TEST_F(AArch64TargetTest, FlagsAreClearedThenSetAsUpstream) {
  EXPECT_THAT(setReg("NZCV", APInt(32, 0)),
              ElementsAre("mrs x8, NZCV", "mov x9, #0xf0000000",
                          "bic x8, x8, x9", "msr NZCV, x8"));
  EXPECT_THAT(setReg("NZCV", APInt(32, 0x60000000)),
              ElementsAre("mrs x8, NZCV", "mov x9, #0xf0000000",
                          "bic x8, x8, x9", "mov x9, #0x60000000",
                          "orr x8, x8, x9", "msr NZCV, x8"));
  EXPECT_THAT(setReg("NZCV", APInt(32, 0x60000100)),
              ElementsAre("error: cannot set register NZCV: NZCV holds only "
                          "the flags N, Z, C and V (bits 31 to 28), not "
                          "0x100"));
}

TEST_F(AArch64TargetTest, NarrowValuesExtendAsUpstream) {
  // DEFREG Q0 ff and D0 ff are all ones, as upstream, and so a byte mask
  // MOVI sets them; X0 ff is 0xFF.
  EXPECT_THAT(setReg("Q0", APInt(8, 0xff)),
              ElementsAre("movi v0.2d, #0xffffffffffffffff"));
  EXPECT_THAT(setReg("D0", APInt(8, 0xff)),
              ElementsAre("movi d0, #0xffffffffffffffff"));
  EXPECT_THAT(setReg("S0", APInt(4, 0x8)),
              ElementsAre("mov w8, #0xfff8", "movk w8, #0xffff, lsl #16",
                          "fmov s0, w8"));
  EXPECT_THAT(setReg("X0", APInt(8, 0xff)), ElementsAre("mov x0, #0xff"));
  EXPECT_THAT(setReg("W0", APInt(8, 0xff)), ElementsAre("mov w0, #0xff"));
}

TEST_F(AArch64TargetTest, ZeroesAreMoviAsUpstream) {
  EXPECT_THAT(setReg("Q3", APInt(128, 0)),
              ElementsAre("movi v3.2d, #0000000000000000"));
  for (const char *Name : {"D3", "S3", "H3", "B3"})
    EXPECT_THAT(setReg(Name, APInt(64, 0)),
                ElementsAre("movi d3, #0000000000000000"))
        << Name;
  EXPECT_THAT(setReg("Z3", APInt(64, 0)), ElementsAre("mov z3.d, #0x0"));
  EXPECT_THAT(setReg("P3", APInt(16, 0xffff)), ElementsAre("ptrue p3.b"));
  EXPECT_THAT(setReg("P3", APInt(16, 0)), ElementsAre("pfalse p3.b"));
  EXPECT_THAT(setReg("FPCR", APInt(64, 0)),
              ElementsAre("mov x8, #0x0", "msr FPCR, x8"));
}

TEST_F(AArch64TargetTest, TemporariesAreNoneOfTheRegistersSet) {
  // In the snippet's order; X8 and X9 hold values the snippet reads, so the
  // FP value and the flags pass through X10 and X11.
  std::vector<RegisterValue> Values = {{reg("X8"), APInt(64, 9)},
                                       {reg("D0"), APInt(64, 1)},
                                       {reg("W9"), APInt(32, 2)},
                                       {reg("NZCV"), APInt(32, 0)}};
  EXPECT_THAT(
      text(State->getExegesisTarget().setRegistersTo(State->getSubtargetInfo(),
                                                     Values)),
      ElementsAre("mov x8, #0x9", "mov x10, #0x1", "fmov d0, x10",
                  "mov w9, #0x2", "mrs x10, NZCV", "mov x11, #0xf0000000",
                  "bic x10, x10, x11", "msr NZCV, x10"));
}

TEST_F(AArch64TargetTest, ListsAndPairsAreSetRegisterByRegister) {
  EXPECT_THAT(setReg("Q30_Q31_Q0", APInt(128, 0)),
              ElementsAre("movi v30.2d, #0000000000000000",
                          "movi v31.2d, #0000000000000000",
                          "movi v0.2d, #0000000000000000"));
  EXPECT_THAT(setReg("D4_D5", APInt(64, 5)),
              ElementsAre("mov x8, #0x5", "fmov d4, x8", "mov x8, #0x5",
                          "fmov d5, x8"));
  EXPECT_THAT(setReg("X2_X3", APInt(64, 1)),
              ElementsAre("mov x2, #0x1", "mov x3, #0x1"));
  EXPECT_THAT(setReg("W6_W7", APInt(32, 0)),
              ElementsAre("mov w6, #0x0", "mov w7, #0x0"));
  EXPECT_THAT(setReg("Z1_Z2", APInt(64, 0)),
              ElementsAre("mov z1.d, #0x0", "mov z2.d, #0x0"));
}

TEST_F(AArch64TargetTest, FirstFaultAndCounterPredicates) {
  EXPECT_THAT(setReg("FFR", APInt(16, 0xffff)), ElementsAre("setffr"));
  EXPECT_THAT(setReg("FFR", APInt(16, 0)),
              ElementsAre("pfalse p15.b", "wrffr p15.b"));
  // PTRUE's counter form is an SVE2.1 instruction.
  std::unique_ptr<LLVMState> SVE2p1 = cantFail(
      LLVMState::create("aarch64-unknown-linux-gnu", "neoverse-v2", "+sve2p1"));
  EXPECT_THAT(disasm::textOf(*SVE2p1, SVE2p1->getExegesisTarget().setRegTo(
                                          SVE2p1->getSubtargetInfo(),
                                          reg("PN9"), APInt(16, 0xffff))),
              ElementsAre("ptrue pn9.b"));
  EXPECT_THAT(setReg("PN9", APInt(16, 0)), ElementsAre("pfalse p9.b"));
  EXPECT_THAT(setReg("PN3", APInt(16, 0xffff)),
              ElementsAre("error: cannot set register PN3: only PN8-PN15 can "
                          "be set all true (PTRUE's counter form)"));
}

TEST_F(AArch64TargetTest, PrologueSavesCalleeSavedAndLinkRegisters) {
  EXPECT_THAT(frame({"X0", "X9", "Q0", "NZCV"}, false), ElementsAre());
  EXPECT_THAT(frame({"X0", "X9", "Q0", "NZCV"}, true), ElementsAre("ret"));
  // Upstream's order for X19 and X20.
  EXPECT_THAT(frame({"X19", "W20"}, false),
              ElementsAre("stp x20, x19, [sp, #-0x10]!"));
  EXPECT_THAT(frame({"X19", "W20"}, true),
              ElementsAre("ldp x20, x19, [sp], #0x10", "ret"));
  EXPECT_THAT(
      frame({"X21", "LR", "X28"}, false),
      ElementsAre("stp x30, x28, [sp, #-0x10]!", "str x21, [sp, #-0x10]!"));
  EXPECT_THAT(
      frame({"X21", "LR", "X28"}, true),
      ElementsAre("ldr x21, [sp], #0x10", "ldp x30, x28, [sp], #0x10", "ret"));
  // V8-V15 keep their low halves.
  EXPECT_THAT(
      frame({"Q8", "S9", "D15"}, false),
      ElementsAre("stp d15, d9, [sp, #-0x10]!", "str d8, [sp, #-0x10]!"));
  EXPECT_THAT(
      frame({"Q8", "S9", "D15"}, true),
      ElementsAre("ldr d8, [sp], #0x10", "ldp d15, d9, [sp], #0x10", "ret"));
}

TEST_F(AArch64TargetTest, LoopCounter) {
  const ExegesisTarget &ET = State->getExegesisTarget();
  EXPECT_EQ(ET.getDefaultLoopCounterRegister(State->getTriple()), reg("X19"));
  EXPECT_EQ(ET.getScratchMemoryRegister(State->getTriple()), reg("X0"));
  MCContext Ctx(State->getTriple(), &State->getAsmInfo(), &State->getRegInfo(),
                &State->getSubtargetInfo());
  const MCExpr *Target = MCSymbolRefExpr::create(Ctx.createTempSymbol(), Ctx);
  Expected<std::vector<MCInst>> Insts =
      ET.decrementLoopCounterAndBranch(reg("X19"), Target);
  ASSERT_TRUE(static_cast<bool>(Insts)) << toString(Insts.takeError());
  ASSERT_EQ(Insts->size(), 2u);
  EXPECT_THAT(
      disasm::disassemble(*State, disasm::encode(*State, {(*Insts)[0]})),
      ElementsAre("subs x19, x19, #0x1"));
  EXPECT_EQ(State->getOpcodeName((*Insts)[1].getOpcode()), "Bcc");
}

TEST_F(AArch64TargetTest, LoopedFunction) {
  BenchmarkCode Code;
  MCInst Add;
  Add.setOpcode(State->getOpcodeByName("ADDXrs").value());
  for (StringRef R : {"X0", "X0", "X20"})
    Add.addOperand(MCOperand::createReg(reg(R)));
  Add.addOperand(MCOperand::createImm(0)); // no shift
  Code.Key.Instructions = {Add};
  Code.Key.RegisterInitialValues = {{reg("X20"), APInt(64, 1)}};
  AssemblyRequest Request;
  Request.Repetition = SnippetRepetition::Loop;
  Request.MinInstructions = 100;
  Request.LoopBodySize = 2;
  Expected<AssembledFunction> F =
      assembleMeasuredFunction(*State, Code, Request);
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  std::vector<std::string> Lines = disasm::disassemble(*State, F->getCode());
  std::vector<std::string> WithoutPadding;
  for (const std::string &L : Lines)
    if (L != "nop")
      WithoutPadding.push_back(L);
  EXPECT_THAT(WithoutPadding,
              ElementsAre("stp x20, x19, [sp, #-0x10]!", "mov x20, #0x1",
                          "mov x19, #0x32", "add x0, x0, x20",
                          "add x0, x0, x20", "subs x19, x19, #0x1",
                          // The branch target is printed relative to the PC.
                          HasSubstr("b.ne"), "ldp x20, x19, [sp], #0x10",
                          "ret"));
  ASSERT_EQ(F->SnippetLocations.size(), 2u);
  uint64_t LoopStart = F->SnippetLocations[0].Offset;
  EXPECT_EQ(LoopStart % 16, 0u);
  // b.ne: imm19 at bits 5..23, in instructions, relative to the branch.
  uint64_t BranchOffset = F->CodeSize - 12;
  uint32_t Branch;
  memcpy(&Branch, F->getCode().data() + BranchOffset, 4);
  int64_t Imm19 = SignExtend64<19>((Branch >> 5) & 0x7ffff);
  EXPECT_EQ(int64_t(BranchOffset) + 4 * Imm19, int64_t(LoopStart));
  EXPECT_EQ(F->NumExecutedInstructions, 100u);
}

} // namespace
