//===-- PowerPC/TargetTest.cpp - PowerPC register setup, frame and loop ---===//
//
// Register setup on powerpc64le (direct moves) and powerpc64 big-endian
// (through memory on a POWER7), read back with the disassembler and, for the
// GPR sequences, run by a small interpreter of the instructions they use so
// that the value they compute is checked, not only their text; the ELFv2
// save slots of the prologue; the CTR and GPR loops and their far forms;
// and a whole looped function.
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "../Disassembly.h"
#include "Assembly/Assembler.h"
#include "Core/LLVMState.h"
#include "TimeBased/CycleEstimator.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/Support/MathExtras.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <random>

using namespace llvm;
using namespace llvm::exegesis;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class PowerPCTargetTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    LE = cantFail(LLVMState::create("powerpc64le-unknown-linux-gnu", "pwr9"))
             .release();
    LE8 = cantFail(LLVMState::create("powerpc64le-unknown-linux-gnu", "pwr8"))
              .release();
    BE7 = cantFail(LLVMState::create("powerpc64-unknown-linux-gnu", "pwr7"))
              .release();
    BEG5 = cantFail(LLVMState::create("powerpc64-unknown-linux-gnu", "g5"))
               .release();
  }
  static void TearDownTestSuite() {
    for (LLVMState **S : {&LE, &LE8, &BE7, &BEG5}) {
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

  static Expected<std::vector<MCInst>>
  setRegInsts(const LLVMState &State, StringRef Name, const APInt &Value) {
    return State.getExegesisTarget().setRegTo(State.getSubtargetInfo(),
                                              reg(State, Name), Value);
  }

  static std::vector<std::string> setReg(const LLVMState &State, StringRef Name,
                                         const APInt &Value) {
    return text(State, setRegInsts(State, Name, Value));
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

  /// The instructions \p Code decodes to.
  static std::vector<MCInst> decode(const LLVMState &State, StringRef Code) {
    MCContext Ctx(State.getTriple(), &State.getAsmInfo(), &State.getRegInfo(),
                  &State.getSubtargetInfo());
    std::unique_ptr<MCDisassembler> Disassembler(
        State.getTarget().createMCDisassembler(State.getSubtargetInfo(), Ctx));
    std::vector<MCInst> Insts;
    ArrayRef<uint8_t> Bytes(Code.bytes_begin(), Code.bytes_end());
    for (uint64_t Offset = 0; Offset < Bytes.size();) {
      MCInst Inst;
      uint64_t Size = 0;
      if (Disassembler->getInstruction(Inst, Size, Bytes.slice(Offset), Offset,
                                       nulls()) != MCDisassembler::Success ||
          Size == 0)
        break;
      Insts.push_back(Inst);
      Offset += Size;
    }
    return Insts;
  }

  /// What the interpreter models: the GPRs and the two doublewords of the
  /// 64 VSX registers (dword 0 first).
  struct Machine {
    std::array<uint64_t, 32> GPR;
    std::array<std::array<uint64_t, 2>, 64> VSR;
  };

  /// The VSX number of an FPR or VSL register (VSX 0-31) or of a vector
  /// register or its scalar half (VSX 32-63).
  static unsigned vsxNumber(const LLVMState &State, MCRegister Reg) {
    StringRef Name = State.getRegisterName(Reg);
    for (auto [Prefix, Base] : {std::pair<StringRef, unsigned>("VSL", 0),
                                {"VF", 32},
                                {"V", 32},
                                {"F", 0}}) {
      unsigned N;
      if (Name.consume_front(Prefix) && !Name.getAsInteger(10, N) && N < 32)
        return Base + N;
    }
    ADD_FAILURE() << "not a VSX register: " << State.getRegisterName(Reg).str();
    return 0;
  }

  /// Runs the instructions of a register setup, as the ISA defines them, on
  /// registers that start at a garbage value; nullopt for an instruction
  /// the interpreter does not know.
  static std::optional<Machine> run(const LLVMState &State,
                                    ArrayRef<MCInst> Insts) {
    const MCRegisterInfo &RI = State.getRegInfo();
    Machine M;
    std::array<uint64_t, 32> &GPR = M.GPR;
    GPR.fill(0xdeadbeefdeadbeef);
    for (auto &Dwords : M.VSR)
      Dwords = {0xbadbadbadbadbad0, 0xbadbadbadbadbad1};
    auto Num = [&](const MCInst &I, unsigned Op) {
      return RI.getEncodingValue(I.getOperand(Op).getReg());
    };
    // RA = 0 reads as zero in addi and addis.
    auto BaseOrZero = [&](const MCInst &I, unsigned Op) -> uint64_t {
      unsigned RA = Num(I, Op);
      return RA == 0 ? 0 : GPR[RA];
    };
    for (const MCInst &I : Insts) {
      StringRef Name = State.getOpcodeName(I.getOpcode());
      int64_t Imm = I.getOperand(I.getNumOperands() - 1).isImm()
                        ? I.getOperand(I.getNumOperands() - 1).getImm()
                        : 0;
      if (Name == "LI" || Name == "LI8") {
        GPR[Num(I, 0)] = uint64_t(SignExtend64<16>(I.getOperand(1).getImm()));
      } else if (Name == "LIS" || Name == "LIS8") {
        GPR[Num(I, 0)] = uint64_t(SignExtend64<16>(I.getOperand(1).getImm()))
                         << 16;
      } else if (Name == "ADDI" || Name == "ADDI8") {
        GPR[Num(I, 0)] = BaseOrZero(I, 1) + uint64_t(SignExtend64<16>(Imm));
      } else if (Name == "ADDIS" || Name == "ADDIS8") {
        GPR[Num(I, 0)] =
            BaseOrZero(I, 1) + (uint64_t(SignExtend64<16>(Imm)) << 16);
      } else if (Name == "ORI" || Name == "ORI8") {
        GPR[Num(I, 0)] = GPR[Num(I, 1)] | uint64_t(Imm & 0xffff);
      } else if (Name == "ORIS" || Name == "ORIS8") {
        GPR[Num(I, 0)] = GPR[Num(I, 1)] | (uint64_t(Imm & 0xffff) << 16);
      } else if (Name == "RLDICR") {
        // Rotate left by SH, keep bits 0..ME (counted from the top).
        unsigned SH = I.getOperand(2).getImm(), ME = I.getOperand(3).getImm();
        uint64_t Rotated = rotl(GPR[Num(I, 1)], SH);
        GPR[Num(I, 0)] = Rotated & (~uint64_t(0) << (63 - ME));
      } else if (Name == "MTVSRD") {
        // Dword 1 is left undefined by the ISA.
        M.VSR[vsxNumber(State, I.getOperand(0).getReg())][0] = GPR[Num(I, 1)];
      } else if (Name == "MTVSRDD") {
        unsigned XT = vsxNumber(State, I.getOperand(0).getReg());
        M.VSR[XT] = {BaseOrZero(I, 1), GPR[Num(I, 2)]};
      } else {
        return std::nullopt;
      }
    }
    return M;
  }

  static LLVMState *LE, *LE8, *BE7, *BEG5;
};

LLVMState *PowerPCTargetTest::LE = nullptr;
LLVMState *PowerPCTargetTest::LE8 = nullptr;
LLVMState *PowerPCTargetTest::BE7 = nullptr;
LLVMState *PowerPCTargetTest::BEG5 = nullptr;

TEST_F(PowerPCTargetTest, AllNamesResolve) {
  EXPECT_EQ(LE->getExegesisTarget().getUnresolvedNames(), "");
}

TEST_F(PowerPCTargetTest, GPRSequences) {
  EXPECT_THAT(setReg(*LE, "X3", APInt(64, 0)), ElementsAre("li 3, 0"));
  EXPECT_THAT(setReg(*LE, "X3", APInt(64, 0x7fff)), ElementsAre("li 3, 32767"));
  // Bit 15 set: no longer a signed 16-bit value.
  EXPECT_THAT(setReg(*LE, "X3", APInt(64, 0x8000)),
              ElementsAre("lis 3, 0", "ori 3, 3, 32768"));
  EXPECT_THAT(setReg(*LE, "X4", APInt(64, 0x12345678)),
              ElementsAre("lis 4, 4660", "ori 4, 4, 22136"));
  EXPECT_THAT(setReg(*LE, "X4", APInt(64, 0x12340000)),
              ElementsAre("lis 4, 4660"));
  // An unsigned 32-bit value is not the sign-extended one.
  EXPECT_THAT(setReg(*LE, "X5", APInt(64, 0xffffffff)),
              ElementsAre("li 5, 0", "oris 5, 5, 65535", "ori 5, 5, 65535"));
  EXPECT_THAT(setReg(*LE, "X5", APInt(64, 0x123456789abcdef0)),
              ElementsAre("lis 5, 4660", "ori 5, 5, 22136", "sldi 5, 5, 32",
                          "oris 5, 5, 39612", "ori 5, 5, 57072"));
  EXPECT_THAT(setReg(*LE, "X0", APInt(64, 0x8000000000000000)),
              ElementsAre("lis 0, -32768", "sldi 0, 0, 32"));
  // A 32-bit register is the lower word of its X register.
  EXPECT_THAT(setReg(*LE, "R6", APInt(32, 0xffffffff)),
              ElementsAre("li 6, -1"));
  EXPECT_THAT(setReg(*LE, "R6", APInt(64, 0x100000000)),
              ElementsAre("error: cannot set register R6: value 0x100000000 "
                          "is wider than 32 bits"));
}

TEST_F(PowerPCTargetTest, GPRSequencesComputeTheirValue) {
  std::vector<uint64_t> Values = {0,
                                  1,
                                  0x7fff,
                                  0x8000,
                                  0xffff,
                                  0x10000,
                                  0x7fffffff,
                                  0x80000000,
                                  0xffffffff,
                                  0x100000000,
                                  0xffff0000ffff0000,
                                  0x00000000ffff8000,
                                  0xffffffff80000000,
                                  0xffffffff7fffffff,
                                  0x8000000000000000,
                                  0x7fffffffffffffff,
                                  ~uint64_t(0),
                                  0x123456789abcdef0};
  std::mt19937_64 Random(14);
  for (unsigned I = 0; I < 200; ++I)
    Values.push_back(Random());
  for (StringRef Name : {"X0", "X9", "X31"})
    for (uint64_t Value : Values) {
      Expected<std::vector<MCInst>> Insts =
          setRegInsts(*LE, Name, APInt(64, Value));
      ASSERT_TRUE(static_cast<bool>(Insts)) << toString(Insts.takeError());
      EXPECT_LE(Insts->size(), 5u);
      std::vector<MCInst> Decoded = decode(*LE, disasm::encode(*LE, *Insts));
      ASSERT_EQ(Decoded.size(), Insts->size());
      std::optional<Machine> M = run(*LE, Decoded);
      ASSERT_TRUE(M.has_value());
      unsigned Num = LE->getRegInfo().getEncodingValue(reg(*LE, Name));
      EXPECT_EQ(M->GPR[Num], Value)
          << Name.str() << " = 0x" << utohexstr(Value);
    }
}

TEST_F(PowerPCTargetTest, VectorSequencesComputeTheirValue) {
  std::mt19937_64 Random(22);
  for (unsigned I = 0; I < 100; ++I) {
    uint64_t High = Random(), Low = I % 10 == 0 ? High : Random();
    // Doublewords: F and VF registers through mtvsrd (dword 0).
    for (StringRef Name : {"F5", "VF3"}) {
      Expected<std::vector<MCInst>> Insts =
          setRegInsts(*LE8, Name, APInt(64, High));
      ASSERT_TRUE(static_cast<bool>(Insts)) << toString(Insts.takeError());
      std::optional<Machine> M =
          run(*LE8, decode(*LE8, disasm::encode(*LE8, *Insts)));
      ASSERT_TRUE(M.has_value()) << Name.str();
      EXPECT_EQ(M->VSR[vsxNumber(*LE8, reg(*LE8, Name))][0], High)
          << Name.str();
    }
    // Quadwords through mtvsrdd: the upper half is dword 0.
    APInt Value = APInt(128, High).shl(64) | APInt(128, Low);
    for (StringRef Name : {"VSL7", "V9"}) {
      Expected<std::vector<MCInst>> Insts = setRegInsts(*LE, Name, Value);
      ASSERT_TRUE(static_cast<bool>(Insts)) << toString(Insts.takeError());
      std::optional<Machine> M =
          run(*LE, decode(*LE, disasm::encode(*LE, *Insts)));
      ASSERT_TRUE(M.has_value()) << Name.str();
      unsigned XT = vsxNumber(*LE, reg(*LE, Name));
      EXPECT_EQ(M->VSR[XT][0], High) << Name.str();
      EXPECT_EQ(M->VSR[XT][1], Low) << Name.str();
    }
  }
}

TEST_F(PowerPCTargetTest, RegistersThatCannotBeSet) {
  EXPECT_THAT(setReg(*LE, "X1", APInt(64, 1)),
              ElementsAre("error: cannot set register X1: the stack pointer"));
  EXPECT_THAT(setReg(*LE, "R2", APInt(32, 1)),
              ElementsAre(HasSubstr("cannot set register R2: the TOC")));
  EXPECT_THAT(setReg(*LE, "X13", APInt(64, 1)),
              ElementsAre(HasSubstr("cannot set register X13")));
  EXPECT_THAT(setReg(*LE, "RM", APInt(2, 1)),
              ElementsAre(HasSubstr("cannot set register RM: only to 0")));
  EXPECT_THAT(setReg(*BEG5, "VSL1", APInt(64, 1)),
              ElementsAre("error: cannot set register VSL1: needs VSX "
                          "(-mattr=+vsx)"));
}

TEST_F(PowerPCTargetTest, FloatingPointThroughR11) {
  // As upstream: r11, then a direct move.
  EXPECT_THAT(setReg(*LE, "F1", APInt(64, 0)),
              ElementsAre("li 11, 0", "mtfprd 1, 11"));
  EXPECT_THAT(setReg(*LE, "F14", APInt(64, 0x3ff0000000000000)),
              ElementsAre("lis 11, 16368", "sldi 11, 11, 32", "mtfprd 14, 11"));
  // VF registers are the scalar halves of VSX 32-63.
  EXPECT_THAT(setReg(*LE8, "VF2", APInt(64, 1)),
              ElementsAre("li 11, 1", "mtvsrd 34, 11"));
  // A narrow value sign-extends into a floating-point register.
  EXPECT_THAT(setReg(*LE, "F3", APInt(8, 0xff)),
              ElementsAre("li 11, -1", "mtfprd 3, 11"));
}

TEST_F(PowerPCTargetTest, WithoutDirectMovesThroughAStackFrame) {
  EXPECT_THAT(setReg(*BE7, "F1", APInt(64, 0x3ff0000000000000)),
              ElementsAre("lis 11, 16368", "sldi 11, 11, 32", "stdu 1, -352(1)",
                          "std 11, 32(1)", "lfd 1, 32(1)", "addi 1, 1, 352"));
  // lxvd2x takes dword 0 (the upper half) from the lower address.
  EXPECT_THAT(setReg(*BE7, "V2", APInt(128, 5).shl(64) | APInt(128, 6)),
              ElementsAre("stdu 1, -352(1)", "li 11, 5", "std 11, 32(1)",
                          "li 11, 6", "std 11, 40(1)", "addi 12, 1, 32",
                          "lxvd2x 34, 0, 12", "addi 1, 1, 352"));
  // Altivec only: lvx, in the process's byte order.
  EXPECT_THAT(setReg(*BEG5, "V2", APInt(128, 5).shl(64) | APInt(128, 6)),
              ElementsAre("stdu 1, -352(1)", "li 11, 5", "std 11, 32(1)",
                          "li 11, 6", "std 11, 40(1)", "addi 12, 1, 32",
                          "lvx 2, 0, 12", "addi 1, 1, 352"));
}

TEST_F(PowerPCTargetTest, VectorRegistersWithMtvsrdd) {
  // Equal halves take one GPR, as upstream's zero does.
  EXPECT_THAT(setReg(*LE, "VSL1", APInt(128, 0)),
              ElementsAre("li 11, 0", "mtvsrdd 1, 11, 11"));
  EXPECT_THAT(setReg(*LE, "V20", APInt(128, 0x1234).shl(64) | APInt(128, 7)),
              ElementsAre("li 11, 4660", "li 12, 7", "mtvsrdd 52, 11, 12"));
  EXPECT_THAT(setReg(*LE, "V0", APInt(8, 0xff)),
              ElementsAre("li 11, -1", "mtvsrdd 32, 11, 11"));
}

TEST_F(PowerPCTargetTest, RegisterPairsHalfByHalf) {
  // The upper half goes to the lower-numbered register.
  EXPECT_THAT(
      setReg(*LE, "Fpair2", APInt(128, 1).shl(64) | APInt(128, 2)),
      ElementsAre("li 11, 1", "mtfprd 2, 11", "li 11, 2", "mtfprd 3, 11"));
  EXPECT_THAT(setReg(*LE, "G8p2", APInt(128, 3).shl(64) | APInt(128, 4)),
              ElementsAre("li 4, 3", "li 5, 4"));
  EXPECT_THAT(setReg(*LE, "VSRp17", APInt(256, 0)),
              ElementsAre("li 11, 0", "mtvsrdd 34, 11, 11", "li 11, 0",
                          "mtvsrdd 35, 11, 11"));
}

TEST_F(PowerPCTargetTest, ConditionAndSpecialRegisters) {
  // Field n is bits 4n..4n+3 counted from the top of the lower word.
  EXPECT_THAT(setReg(*LE, "CR2", APInt(4, 8)),
              ElementsAre("lis 11, 128", "mtocrf 32, 11"));
  EXPECT_THAT(setReg(*LE, "CR7", APInt(4, 3)),
              ElementsAre("li 11, 3", "mtocrf 1, 11"));
  EXPECT_THAT(setReg(*LE, "CR0", APInt(4, 15)),
              ElementsAre("lis 11, -4096", "mtocrf 128, 11"));
  EXPECT_THAT(setReg(*LE, "CR4GT", APInt(1, 0)), ElementsAre("crclr 17"));
  EXPECT_THAT(setReg(*LE, "CR4GT", APInt(1, 1)), ElementsAre("crset 17"));
  EXPECT_THAT(setReg(*LE, "CTR8", APInt(64, 100)),
              ElementsAre("li 11, 100", "mtctr 11"));
  EXPECT_THAT(setReg(*LE, "CARRY", APInt(1, 1)),
              ElementsAre("lis 11, 8192", "mtxer 11"));
  EXPECT_THAT(setReg(*LE, "RM", APInt(2, 0)), ElementsAre("mtfsfi 7, 0"));
  EXPECT_THAT(setReg(*LE, "LR8", APInt(64, 8)),
              ElementsAre("li 11, 8", "mtlr 11"));
}

TEST_F(PowerPCTargetTest, R11ValuesAreSetAfterWhatPassesThroughIt) {
  std::vector<RegisterValue> Values = {{reg(*LE, "X11"), APInt(64, 9)},
                                       {reg(*LE, "F0"), APInt(64, 1)}};
  EXPECT_THAT(text(*LE, LE->getExegesisTarget().setRegistersTo(
                            LE->getSubtargetInfo(), Values)),
              ElementsAre("li 11, 1", "mtfprd 0, 11", "li 11, 9"));
}

TEST_F(PowerPCTargetTest, PrologueUsesTheProtectedZone) {
  EXPECT_THAT(frame(*LE, {"X3", "X11", "F0", "V0", "CR0"}, false),
              ElementsAre());
  EXPECT_THAT(frame(*LE, {"X3", "X11", "F0", "V0", "CR0"}, true),
              ElementsAre("blr"));
  // The slots upstream's code generator gives them: fN at -8*(32-N), the
  // GPRs below the FPR area.
  EXPECT_THAT(frame(*LE, {"X25"}, false), ElementsAre("std 25, -56(1)"));
  EXPECT_THAT(
      frame(*LE, {"X14", "R25", "F14"}, false),
      ElementsAre("std 14, -288(1)", "std 25, -200(1)", "stfd 14, -144(1)"));
  EXPECT_THAT(frame(*LE, {"X14", "R25", "F14"}, true),
              ElementsAre("lfd 14, -144(1)", "ld 25, -200(1)", "ld 14, -288(1)",
                          "blr"));
  EXPECT_THAT(frame(*LE, {"V31"}, false), ElementsAre("stxv 63, -16(1)"));
  // Writing one bit of a non-volatile CR field saves the field.
  EXPECT_THAT(frame(*LE, {"CR2LT"}, false),
              ElementsAre("mfocrf 12, 32", "stw 12, 8(1)"));
  EXPECT_THAT(frame(*LE, {"CR2LT"}, true),
              ElementsAre("lwz 12, 8(1)", "mtocrf 32, 12", "blr"));
  EXPECT_THAT(frame(*LE, {"CR2", "CR4"}, true),
              ElementsAre("lwz 12, 8(1)", "mtcrf 40, 12", "blr"));
  // The return address goes to the LR save word of the caller's frame.
  EXPECT_THAT(frame(*LE, {"LR8"}, false),
              ElementsAre("mflr 0", "std 0, 16(1)"));
  EXPECT_THAT(frame(*LE, {"LR8"}, true),
              ElementsAre("ld 0, 16(1)", "mtlr 0", "blr"));
}

TEST_F(PowerPCTargetTest, PrologueBeyondTheProtectedZoneMakesAFrame) {
  // F14 and X14 fill the 288 bytes; V20 needs a frame. Upstream's code
  // generator makes the same 512-byte one.
  std::vector<std::string> Prologue =
      frame(*LE, {"X14", "F14", "V20", "CR3"}, false);
  EXPECT_THAT(Prologue, ElementsAre("mfocrf 12, 16", "stw 12, 8(1)",
                                    "stdu 1, -512(1)", "std 14, 224(1)",
                                    "stfd 14, 368(1)", "stxv 52, 32(1)"));
  EXPECT_THAT(frame(*LE, {"X14", "F14", "V20", "CR3"}, true),
              ElementsAre("lxv 52, 32(1)", "lfd 14, 368(1)", "ld 14, 224(1)",
                          "addi 1, 1, 512", "lwz 12, 8(1)", "mtocrf 16, 12",
                          "blr"));
  // Before ISA 3.0, vector registers are stored with stvx and an index.
  EXPECT_THAT(frame(*LE8, {"V31"}, false),
              ElementsAre("li 12, -16", "stvx 31, 1, 12"));
  EXPECT_THAT(frame(*LE8, {"V31"}, true),
              ElementsAre("li 12, -16", "lvx 31, 1, 12", "blr"));
}

TEST_F(PowerPCTargetTest, LoopEnds) {
  const ExegesisTarget &ET = LE->getExegesisTarget();
  EXPECT_EQ(ET.getDefaultLoopCounterRegister(LE->getTriple()),
            reg(*LE, "CTR8"));
  EXPECT_EQ(ET.getScratchMemoryRegister(LE->getTriple()), reg(*LE, "X3"));
  MCContext Ctx(LE->getTriple(), &LE->getAsmInfo(), &LE->getRegInfo(),
                &LE->getSubtargetInfo());
  const MCExpr *Target = MCSymbolRefExpr::create(Ctx.createTempSymbol(), Ctx);
  auto Names = [&](Expected<std::vector<MCInst>> Insts) {
    std::vector<std::string> Result;
    if (!Insts)
      return std::vector<std::string>{toString(Insts.takeError())};
    for (const MCInst &I : *Insts)
      Result.push_back(LE->getOpcodeName(I.getOpcode()).str());
    return Result;
  };
  EXPECT_THAT(Names(ET.decrementLoopCounterAndBranch(reg(*LE, "CTR8"), Target)),
              ElementsAre("BDNZ8"));
  EXPECT_THAT(
      Names(ET.decrementLoopCounterAndBranchFar(reg(*LE, "CTR8"), Target)),
      ElementsAre("BDZ8", "B"));
  EXPECT_THAT(Names(ET.decrementLoopCounterAndBranch(reg(*LE, "X20"), Target)),
              ElementsAre("ADDI8", "CMPLDI", "BCC"));
  Expected<std::vector<MCInst>> Far =
      ET.decrementLoopCounterAndBranchFar(reg(*LE, "X20"), Target);
  ASSERT_TRUE(static_cast<bool>(Far));
  // The far form skips the unconditional branch when the count is done.
  EXPECT_THAT(disasm::disassemble(
                  *LE, disasm::encode(*LE, {(*Far)[0], (*Far)[1], (*Far)[2]})),
              ElementsAre("addi 20, 20, -1", "cmpldi 20, 0", "bt 2, .+8"));
  EXPECT_THAT(Names(ET.decrementLoopCounterAndBranch(reg(*LE, "X0"), Target)),
              ElementsAre(HasSubstr("loop register X0")));
}

static BenchmarkCode addSnippet(const LLVMState &State) {
  BenchmarkCode Code;
  MCInst Add;
  Add.setOpcode(State.getOpcodeByName("ADD8").value());
  for (StringRef R : {"X4", "X4", "X11"})
    Add.addOperand(MCOperand::createReg(State.getRegisterByName(R).value()));
  Code.Key.Instructions = {Add};
  Code.Key.RegisterInitialValues = {
      {State.getRegisterByName("X11").value(), APInt(64, 1)}};
  return Code;
}

TEST_F(PowerPCTargetTest, LoopedFunction) {
  AssemblyRequest Request;
  Request.Repetition = SnippetRepetition::Loop;
  Request.MinInstructions = 100;
  Request.LoopBodySize = 2;
  Expected<AssembledFunction> F =
      assembleMeasuredFunction(*LE, addSnippet(*LE), Request);
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  std::vector<std::string> Lines = disasm::disassemble(*LE, F->getCode());
  // CTR is set through r11 before r11 takes the snippet's value.
  ASSERT_GE(Lines.size(), 3u);
  EXPECT_EQ(Lines[0], "li 11, 50");
  EXPECT_EQ(Lines[1], "mtctr 11");
  EXPECT_EQ(Lines[2], "li 11, 1");
  ASSERT_EQ(F->SnippetLocations.size(), 2u);
  uint64_t LoopStart = F->SnippetLocations[0].Offset;
  EXPECT_EQ(LoopStart % 16, 0u);
  // Every instruction is 4 bytes: the branch is back to the loop start.
  auto BDNZ =
      std::find_if(Lines.begin(), Lines.end(), [](const std::string &L) {
        return StringRef(L).starts_with("bdnz ");
      });
  ASSERT_NE(BDNZ, Lines.end());
  uint64_t BranchOffset = 4 * (BDNZ - Lines.begin());
  EXPECT_EQ(*BDNZ, "bdnz .-" + std::to_string(BranchOffset - LoopStart));
  EXPECT_EQ(*(BDNZ + 1), "blr");
  EXPECT_EQ(F->NumExecutedInstructions, 100u);
  // The traceback table's 12 zero bytes end the section.
  StringRef Code = F->getCode();
  EXPECT_EQ(Code.take_back(12), StringRef("\0\0\0\0\0\0\0\0\0\0\0\0", 12));
  EXPECT_EQ(Code.drop_back(12).take_back(4), StringRef("\x20\x00\x80\x4e", 4));
}

TEST_F(PowerPCTargetTest, LoopBodiesBeyondBdnzReachBranchFar) {
  AssemblyRequest Request;
  Request.Repetition = SnippetRepetition::Loop;
  Request.MinInstructions = 20000;
  Request.LoopBodySize = 10000;
  Expected<AssembledFunction> F =
      assembleMeasuredFunction(*LE, addSnippet(*LE), Request);
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  std::vector<std::string> Lines = disasm::disassemble(*LE, F->getCode());
  uint64_t LoopStart = F->SnippetLocations[0].Offset;
  auto BDZ = std::find_if(Lines.begin(), Lines.end(), [](const std::string &L) {
    return StringRef(L).starts_with("bdz ");
  });
  ASSERT_NE(BDZ, Lines.end());
  uint64_t BOffset = 4 * (BDZ + 1 - Lines.begin());
  EXPECT_EQ(*BDZ, "bdz .+8");
  EXPECT_EQ(*(BDZ + 1), "b .-" + std::to_string(BOffset - LoopStart));
  EXPECT_EQ(*(BDZ + 2), "blr");
}

TEST_F(PowerPCTargetTest, OnlySixtyFourBitPowerPCAssembles) {
  std::unique_ptr<LLVMState> PPC32 =
      cantFail(LLVMState::create("powerpc-unknown-linux-gnu", "generic"));
  Expected<AssembledFunction> F =
      assembleMeasuredFunction(*PPC32, BenchmarkCode(), AssemblyRequest());
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_THAT(toString(F.takeError()),
              HasSubstr("only 64-bit PowerPC (powerpc64le, powerpc64) is"));
}

TEST_F(PowerPCTargetTest, CycleCalibrationChain) {
  // Not run here: what a powerpc64le host would time without a PMU.
  Expected<std::string> Code =
      CycleEstimator::encodeAddChain(LE->getTriple(), 82);
  ASSERT_TRUE(static_cast<bool>(Code));
  std::vector<std::string> Lines = disasm::disassemble(*LE, *Code);
  ASSERT_EQ(Lines.size(), 47u);
  EXPECT_EQ(Lines[0], "lis 4, 0");
  EXPECT_EQ(Lines[1], "ori 4, 4, 2");
  EXPECT_EQ(Lines[2], "mtctr 4");
  for (unsigned I = 3; I < 43; ++I)
    EXPECT_EQ(Lines[I], "add 3, 3, 3");
  EXPECT_EQ(Lines[43], "bdnz .-160");
  EXPECT_EQ(Lines[44], "add 3, 3, 3");
  EXPECT_EQ(Lines[45], "add 3, 3, 3");
  EXPECT_EQ(Lines[46], "blr");
}

TEST_F(PowerPCTargetTest, CoreSharingProbe) {
  // Not run here either: 11 groups of four independent adds, 10 in the loop.
  Expected<std::string> Code =
      CycleEstimator::encodeIndependentAdds(LE->getTriple(), 11);
  ASSERT_TRUE(static_cast<bool>(Code));
  std::vector<std::string> Lines = disasm::disassemble(*LE, *Code);
  ASSERT_EQ(Lines.size(), 49u);
  EXPECT_EQ(Lines[1], "ori 4, 4, 1");
  EXPECT_EQ(Lines[3], "add 3, 3, 3");
  EXPECT_EQ(Lines[4], "add 5, 5, 5");
  EXPECT_EQ(Lines[5], "add 6, 6, 6");
  EXPECT_EQ(Lines[6], "add 7, 7, 7");
  EXPECT_EQ(Lines[43], "bdnz .-160");
  EXPECT_EQ(Lines[47], "add 7, 7, 7");
  EXPECT_EQ(Lines[48], "blr");
}

TEST_F(PowerPCTargetTest, VectorCalibrationChain) {
  // Not run here either: 50 dependent vector adds, 24 in the loop.
  Expected<std::string> Code =
      CycleEstimator::encodeVectorChain(LE->getTriple(), 50);
  ASSERT_TRUE(static_cast<bool>(Code));
  std::vector<std::string> Lines = disasm::disassemble(*LE, *Code);
  ASSERT_EQ(Lines.size(), 31u);
  EXPECT_EQ(Lines[1], "ori 4, 4, 2");
  for (unsigned I = 3; I < 27; ++I)
    EXPECT_EQ(Lines[I], "vaddudm 2, 2, 2");
  EXPECT_EQ(Lines[27], "bdnz .-96");
  EXPECT_EQ(Lines[28], "vaddudm 2, 2, 2");
  EXPECT_EQ(Lines[30], "blr");
}

} // namespace
