//===-- Mips/TargetTest.cpp - Mips register setup, frame and loop ---------===//
//
// Register setup on mips/mipsel (O32) and mips64el (N64): each sequence is
// encoded, decoded back with LLVM's Mips disassembler, and run on a small
// model of the few instructions it may hold, which says what value the
// register ends up with. Then the frame the prologue builds, the return,
// and the loop.
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "../Disassembly.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/Support/MathExtras.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

/// The registers the setup sequences write, as the hardware numbers them.
struct Machine {
  uint64_t GPR[32] = {};
  uint64_t FPR[32] = {};
  uint64_t HI = 0, LO = 0;
  uint64_t FCR31 = 0;
  /// FCCR (control register 25): the condition codes.
  uint64_t FCCR = 0;
};

class MipsTargetTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    Mips32 = cantFail(LLVMState::create("mipsel-unknown-linux-gnu", "generic"))
                 .release();
    Mips32BE = cantFail(LLVMState::create("mips-unknown-linux-gnu", "mips32r2"))
                   .release();
    Mips32FP64 = cantFail(LLVMState::create("mipsel-unknown-linux-gnu",
                                            "mips32r2", "+fp64"))
                     .release();
    Mips64 =
        cantFail(LLVMState::create("mips64el-unknown-linux-gnu", "generic"))
            .release();
    Mips64R6 =
        cantFail(LLVMState::create("mips64el-unknown-linux-gnu", "mips64r6"))
            .release();
  }
  static void TearDownTestSuite() {
    for (LLVMState **S :
         {&Mips32, &Mips32BE, &Mips32FP64, &Mips64, &Mips64R6}) {
      delete *S;
      *S = nullptr;
    }
  }

  static MCRegister reg(const LLVMState &State, StringRef Name) {
    return State.getRegisterByName(Name).value();
  }

  static Expected<std::vector<MCInst>>
  setRegTo(const LLVMState &State, StringRef Name, const APInt &Value) {
    return State.getExegesisTarget().setRegTo(State.getSubtargetInfo(),
                                              reg(State, Name), Value);
  }

  static std::vector<std::string> text(const LLVMState &State,
                                       Expected<std::vector<MCInst>> Insts) {
    return disasm::textOf(State, std::move(Insts));
  }

  /// Encodes \p Insts, decodes them with the disassembler and runs what it
  /// decoded on \p M; false (with a failure) on an instruction the model
  /// does not know.
  static void run(const LLVMState &State, ArrayRef<MCInst> Insts, Machine &M) {
    std::string Code = disasm::encode(State, Insts);
    MCContext Ctx(State.getTriple(), &State.getAsmInfo(), &State.getRegInfo(),
                  &State.getSubtargetInfo());
    std::unique_ptr<MCDisassembler> Disassembler(
        State.getTarget().createMCDisassembler(State.getSubtargetInfo(), Ctx));
    const MCRegisterInfo &RI = State.getRegInfo();
    bool Is64Bit = State.getTriple().isMIPS64();
    ArrayRef<uint8_t> Bytes(StringRef(Code).bytes_begin(),
                            StringRef(Code).bytes_end());
    auto Num = [&](const MCInst &I, unsigned Op) {
      return RI.getEncodingValue(I.getOperand(Op).getReg());
    };
    // 32-bit results are sign-extended on mips64 and the whole register on
    // mips32.
    auto Word = [&](uint64_t V) {
      return Is64Bit ? uint64_t(SignExtend64<32>(V)) : V & 0xffffffff;
    };
    for (uint64_t Offset = 0; Offset < Bytes.size();) {
      MCInst I;
      uint64_t Size = 0;
      ASSERT_EQ(Disassembler->getInstruction(I, Size, Bytes.slice(Offset),
                                             Offset, nulls()),
                MCDisassembler::Success);
      Offset += Size;
      StringRef Name = State.getOpcodeName(I.getOpcode());
      auto Imm = [&](unsigned Op) { return I.getOperand(Op).getImm(); };
      uint64_t *G = M.GPR;
      if (Name == "ORi" || Name == "ORi64")
        G[Num(I, 0)] = G[Num(I, 1)] | uint64_t(Imm(2) & 0xffff);
      else if (Name == "LUi" || Name == "LUi64")
        G[Num(I, 0)] = Word(uint64_t(Imm(1) & 0xffff) << 16);
      else if (Name == "ADDiu")
        G[Num(I, 0)] = Word(G[Num(I, 1)] + uint64_t(SignExtend64<16>(Imm(2))));
      else if (Name == "DADDiu")
        G[Num(I, 0)] = G[Num(I, 1)] + uint64_t(SignExtend64<16>(Imm(2)));
      else if (Name == "DSLL")
        G[Num(I, 0)] = G[Num(I, 1)] << Imm(2);
      else if (Name == "DSLL32")
        G[Num(I, 0)] = G[Num(I, 1)] << (Imm(2) + 32);
      else if (Name == "MTC1" || Name == "MTC1_D64")
        M.FPR[Num(I, 0)] = (M.FPR[Num(I, 0)] & ~uint64_t(0xffffffff)) |
                           (G[Num(I, 1)] & 0xffffffff);
      else if (Name == "MTHC1_D64")
        M.FPR[Num(I, 0)] =
            (M.FPR[Num(I, 0)] & 0xffffffff) | (G[Num(I, 2)] << 32);
      else if (Name == "DMTC1")
        M.FPR[Num(I, 0)] = G[Num(I, 1)];
      else if (Name == "CTC1")
        (Num(I, 0) == 25 ? M.FCCR : M.FCR31) = G[Num(I, 1)] & 0xffffffff;
      else if (Name == "MTHI" || Name == "MTHI64")
        M.HI = G[Num(I, 0)];
      else if (Name == "MTLO" || Name == "MTLO64")
        M.LO = G[Num(I, 0)];
      else
        FAIL() << "the model does not know " << Name.str();
      G[0] = 0;
    }
  }

  /// The value \p Name (a GPR) has after its setup to \p Value.
  static uint64_t gprAfterSetup(const LLVMState &State, StringRef Name,
                                const APInt &Value) {
    Machine M;
    std::fill(std::begin(M.GPR), std::end(M.GPR), 0x5555555555555555);
    M.GPR[0] = 0;
    run(State, cantFail(setRegTo(State, Name, Value)), M);
    return M.GPR[State.getRegInfo().getEncodingValue(reg(State, Name))];
  }

  static LLVMState *Mips32, *Mips32BE, *Mips32FP64, *Mips64, *Mips64R6;
};

LLVMState *MipsTargetTest::Mips32 = nullptr;
LLVMState *MipsTargetTest::Mips32BE = nullptr;
LLVMState *MipsTargetTest::Mips32FP64 = nullptr;
LLVMState *MipsTargetTest::Mips64 = nullptr;
LLVMState *MipsTargetTest::Mips64R6 = nullptr;

TEST_F(MipsTargetTest, AllNamesResolve) {
  EXPECT_EQ(Mips32->getExegesisTarget().getUnresolvedNames(), "");
}

TEST_F(MipsTargetTest, ThirtyTwoBitValuesComputeTheValue) {
  for (const LLVMState *State : {Mips32, Mips32BE, Mips64})
    for (uint32_t Value :
         {0u, 1u, 0x7fffu, 0x8000u, 0xffffu, 0x10000u, 0x12345678u, 0x80000000u,
          0xffff8000u, 0xfffffffeu, 0xdead0000u}) {
      uint64_t Expected = State->getTriple().isMIPS64()
                              ? uint64_t(int64_t(int32_t(Value)))
                              : Value;
      EXPECT_EQ(gprAfterSetup(*State, "A1", APInt(32, Value)), Expected)
          << State->getTriple().str() << " 0x" << utohexstr(Value);
    }
}

TEST_F(MipsTargetTest, SixtyFourBitValuesComputeTheValue) {
  for (uint64_t Value :
       {0x0ull, 0x7fffull, 0xffffffffull, 0x80000000ull, 0x123456789abcdef0ull,
        0xffffffffffff8000ull, 0x8000000000000000ull, 0x3ff0000000000000ull,
        0x0000ffff00000000ull, 0x0001000000000001ull, 0xfedcba9876543210ull})
    EXPECT_EQ(gprAfterSetup(*Mips64, "S3_64", APInt(64, Value)), Value)
        << "0x" << utohexstr(Value);
}

TEST_F(MipsTargetTest, SmallValuesAreOneInstructionAsUpstream) {
  EXPECT_THAT(text(*Mips32, setRegTo(*Mips32, "A0", APInt(32, 0))),
              ElementsAre("ori $4, $zero, 0x0"));
  EXPECT_THAT(text(*Mips32, setRegTo(*Mips32, "A0", APInt(32, 0xffff))),
              ElementsAre("ori $4, $zero, 0xffff"));
  EXPECT_THAT(text(*Mips32, setRegTo(*Mips32, "A0", APInt(32, 0xfffffff0))),
              ElementsAre("addiu $4, $zero, -0x10"));
  EXPECT_THAT(text(*Mips32, setRegTo(*Mips32, "A0", APInt(32, 0x12340000))),
              ElementsAre("lui $4, 0x1234"));
  EXPECT_THAT(
      text(*Mips64, setRegTo(*Mips64, "A0_64", APInt(64, 0x3ff0000000000000))),
      ElementsAre("lui $4, 0x3ff0", "dsll32 $4, $4, 0x0"));
}

TEST_F(MipsTargetTest, FloatingPointRegistersComputeTheValue) {
  struct Case {
    const LLVMState *State;
    StringRef Reg;
    unsigned Bits;
    uint64_t Value;
    /// The FPRs (hardware numbers) and the bits each must hold.
    SmallVector<std::pair<unsigned, uint64_t>, 2> Expected;
  };
  Case Cases[] = {
      // FP32 mode: a double is the even/odd pair, low word first.
      {Mips32,
       "D3",
       64,
       0x400921fb54442d18,
       {{6, 0x54442d18}, {7, 0x400921fb}}},
      {Mips32, "D3", 64, 0, {{6, 0}, {7, 0}}},
      {Mips32, "F5", 32, 0x3f800000, {{5, 0x3f800000}}},
      {Mips32BE, "D1", 64, 0xbff0000000000001, {{2, 1}, {3, 0xbff00000}}},
      {Mips32FP64, "D5_64", 64, 0x400921fb54442d18, {{5, 0x400921fb54442d18}}},
      {Mips32FP64, "D5_64", 64, 0x0000000100000000, {{5, 0x0000000100000000}}},
      {Mips64, "D7_64", 64, 0x400921fb54442d18, {{7, 0x400921fb54442d18}}},
      {Mips64, "D7_64", 64, 0, {{7, 0}}},
      {Mips64, "F9", 32, 0xc0490fdb, {{9, 0xc0490fdb}}},
  };
  for (const Case &C : Cases) {
    Machine M;
    std::fill(std::begin(M.FPR), std::end(M.FPR), 0x5555555555555555);
    run(*C.State, cantFail(setRegTo(*C.State, C.Reg, APInt(C.Bits, C.Value))),
        M);
    for (auto [Num, Bits] : C.Expected) {
      uint64_t Got = M.FPR[Num];
      // In FP32 mode each FPR is a word; a single leaves the upper half of
      // a 64-bit FPR unpredictable: only the word that was set counts.
      if (C.Bits == 32 || C.State == Mips32 || C.State == Mips32BE)
        Got &= 0xffffffff;
      EXPECT_EQ(Got, Bits) << C.State->getTriple().str() << " " << C.Reg.str()
                           << " $f" << Num;
    }
  }
}

TEST_F(MipsTargetTest, ControlAndAccumulatorRegisters) {
  Machine M;
  M.FCR31 = 0x5555;
  run(*Mips32, cantFail(setRegTo(*Mips32, "FCR31", APInt(32, 0x3))), M);
  EXPECT_EQ(M.FCR31, 0x3u);
  run(*Mips32,
      cantFail(setRegTo(*Mips32, "AC0", APInt(64, 0x1234567800000009))), M);
  EXPECT_EQ(M.HI, 0x12345678u);
  EXPECT_EQ(M.LO, 0x9u);
  run(*Mips64, cantFail(setRegTo(*Mips64, "AC0_64", APInt(128, 0x80000000))),
      M);
  EXPECT_EQ(M.HI, 0u);
  EXPECT_EQ(M.LO, 0x80000000u);
}

TEST_F(MipsTargetTest, ConditionCodesAreSetTogether) {
  std::vector<RegisterValue> Values = {{reg(*Mips32, "FCC1"), APInt(1, 1)},
                                       {reg(*Mips32, "A0"), APInt(32, 3)},
                                       {reg(*Mips32, "FCC3"), APInt(1, 1)},
                                       {reg(*Mips32, "FCC4"), APInt(1, 0)}};
  Machine M;
  M.FCCR = 0xff;
  run(*Mips32,
      cantFail(Mips32->getExegesisTarget().setRegistersTo(
          Mips32->getSubtargetInfo(), Values)),
      M);
  EXPECT_EQ(M.FCCR, 0xau);
  EXPECT_EQ(M.GPR[4], 3u);
  EXPECT_THAT(text(*Mips64R6, setRegTo(*Mips64R6, "FCC0", APInt(1, 1))),
              ElementsAre(HasSubstr("release 6 has no FP condition codes")));
}

TEST_F(MipsTargetTest, ValuesThroughATAreSetBeforeAT) {
  std::vector<RegisterValue> Values = {
      {reg(*Mips32, "AT"), APInt(32, 7)},
      {reg(*Mips32, "F2"), APInt(32, 0x10000)}};
  EXPECT_THAT(text(*Mips32, Mips32->getExegesisTarget().setRegistersTo(
                                Mips32->getSubtargetInfo(), Values)),
              ElementsAre("lui $1, 0x1", "mtc1 $1, $f2", "ori $1, $zero, 0x7"));
}

TEST_F(MipsTargetTest, RegistersThatCannotBeSet) {
  EXPECT_THAT(text(*Mips32, setRegTo(*Mips32, "ZERO", APInt(32, 1))),
              ElementsAre(HasSubstr("cannot set register ZERO: hard-wired")));
  EXPECT_THAT(text(*Mips32, setRegTo(*Mips32, "SP", APInt(32, 1))),
              ElementsAre(HasSubstr("the stack pointer")));
  EXPECT_THAT(text(*Mips32, setRegTo(*Mips32, "K0", APInt(32, 1))),
              ElementsAre(HasSubstr("to the kernel")));
  EXPECT_THAT(text(*Mips32, setRegTo(*Mips32, "A0_64", APInt(64, 1))),
              ElementsAre(HasSubstr("need a mips64 triple")));
  EXPECT_THAT(text(*Mips32, setRegTo(*Mips32, "D2_64", APInt(64, 1))),
              ElementsAre(HasSubstr("need -mattr=+fp64")));
  EXPECT_THAT(text(*Mips64R6, setRegTo(*Mips64R6, "AC0_64", APInt(64, 1))),
              ElementsAre(HasSubstr("release 6 has no HI/LO")));
  EXPECT_THAT(text(*Mips32, setRegTo(*Mips32, "A0", APInt(64, 1ull << 40))),
              ElementsAre(HasSubstr("is wider than 32 bits")));
}

TEST_F(MipsTargetTest, FrameFollowsUpstreamsSpillOrder) {
  auto Frame = [](const LLVMState &State, ArrayRef<StringRef> Names,
                  bool Epilogue) {
    std::vector<MCRegister> Clobbered;
    for (StringRef Name : Names)
      Clobbered.push_back(reg(State, Name));
    const ExegesisTarget &ET = State.getExegesisTarget();
    return text(State, Epilogue ? ET.generateEpilogue(State, Clobbered)
                                : ET.generatePrologue(State, Clobbered));
  };
  // Written: s0, ra, $f20 (half of D10); t0 is the caller's to lose.
  EXPECT_THAT(Frame(*Mips32, {"S0", "RA", "F20", "T0"}, false),
              ElementsAre("addiu $sp, $sp, -0x10", "sdc1 $f20, 0x8($sp)",
                          "sw $ra, 0x4($sp)", "sw $16, 0x0($sp)"));
  EXPECT_THAT(Frame(*Mips32, {"S0", "RA", "F20", "T0"}, true),
              ElementsAre("lw $16, 0x0($sp)", "lw $ra, 0x4($sp)",
                          "ldc1 $f20, 0x8($sp)", "addiu $sp, $sp, 0x10",
                          "jr $ra"));
  // N64: 64-bit slots, a 16-byte frame for one register.
  EXPECT_THAT(Frame(*Mips64, {"S1"}, false),
              ElementsAre("daddiu $sp, $sp, -0x10", "sd $17, 0x8($sp)"));
  EXPECT_THAT(Frame(*Mips64, {}, true), ElementsAre("jr $ra"));
  EXPECT_THAT(Frame(*Mips64R6, {}, true), ElementsAre("jr $ra"));
  // O32 with 64-bit FPRs preserves only the even ones.
  EXPECT_THAT(Frame(*Mips32FP64, {"D21_64", "D22_64"}, false),
              ElementsAre("addiu $sp, $sp, -0x8", "sdc1 $f22, 0x0($sp)"));
}

TEST_F(MipsTargetTest, LoopBranchHasANopInItsDelaySlot) {
  MCContext Ctx(Mips32->getTriple(), &Mips32->getAsmInfo(),
                &Mips32->getRegInfo(), &Mips32->getSubtargetInfo());
  const MCExpr *Start = MCConstantExpr::create(0, Ctx);
  Expected<std::vector<MCInst>> Insts =
      Mips32->getExegesisTarget().decrementLoopCounterAndBranch(
          reg(*Mips32, "T9"), Start);
  ASSERT_TRUE(static_cast<bool>(Insts)) << toString(Insts.takeError());
  ASSERT_EQ(Insts->size(), 3u);
  EXPECT_EQ(Mips32->getOpcodeName((*Insts)[0].getOpcode()), "ADDiu");
  EXPECT_EQ(Mips32->getOpcodeName((*Insts)[1].getOpcode()), "BNE");
  EXPECT_EQ(Mips32->getOpcodeName((*Insts)[2].getOpcode()), "SLL");
  Expected<std::vector<MCInst>> Bad =
      Mips32->getExegesisTarget().decrementLoopCounterAndBranch(
          reg(*Mips32, "SP"), Start);
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_THAT(toString(Bad.takeError()),
              HasSubstr("not a writable general-purpose register"));
}

} // namespace
