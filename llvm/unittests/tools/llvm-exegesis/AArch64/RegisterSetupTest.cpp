//===-- AArch64/RegisterSetupTest.cpp - Set-up computes the value ---------===//
//
// The register set-up is assembled, the bytes are decoded again with LLVM's
// disassembler, and a small model of the few instructions the set-up uses
// (MOVZ/MOVK, FMOV, INS, MOVI, DUP, PTRUE/PFALSE, SETFFR/WRFFR, MRS, BIC,
// ORR, MSR) computes what the registers hold afterwards, which must be the
// value asked for. A set-up that used any other instruction fails the test,
// so the model cannot silently agree with code it does not understand.
//
//===----------------------------------------------------------------------===//

#include "../Disassembly.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "llvm/ADT/StringMap.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

/// What the set-up instructions leave in the registers. Z registers hold
/// one 64-bit element that DUP repeats over the whole vector; predicates are
/// all true or all false.
struct MachineModel {
  uint64_t X[32] = {};
  APInt V[32];
  uint64_t ZElement[32] = {};
  bool PTrue[16] = {};
  bool FFRTrue = false;
  std::map<int64_t, uint64_t> SystemRegisters;
  std::string Unknown;

  MachineModel() {
    for (APInt &R : V)
      R = APInt(128, 0);
  }
};

/// Each bit of \p Imm8 stands for a byte of all ones.
static uint64_t expandByteMask(int64_t Imm8) {
  uint64_t Value = 0;
  for (unsigned I = 0; I < 8; ++I)
    if (Imm8 & (1 << I))
      Value |= uint64_t(0xff) << (8 * I);
  return Value;
}

class AArch64RegisterSetupTest : public ::testing::Test {
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

  static unsigned number(const MCOperand &Op) {
    return State->getRegInfo().getEncodingValue(Op.getReg());
  }

  /// Runs \p Code, decoded instruction by instruction, on \p M.
  static void run(StringRef Code, MachineModel &M) {
    MCContext Ctx(State->getTriple(), &State->getAsmInfo(),
                  &State->getRegInfo(), &State->getSubtargetInfo());
    std::unique_ptr<MCDisassembler> Disassembler(
        State->getTarget().createMCDisassembler(State->getSubtargetInfo(),
                                                Ctx));
    ArrayRef<uint8_t> Bytes(Code.bytes_begin(), Code.bytes_end());
    for (uint64_t Offset = 0; Offset < Bytes.size(); Offset += 4) {
      MCInst I;
      uint64_t Size = 0;
      if (Disassembler->getInstruction(I, Size, Bytes.slice(Offset), Offset,
                                       nulls()) != MCDisassembler::Success) {
        M.Unknown = "undecodable bytes";
        return;
      }
      execute(I, M);
      if (!M.Unknown.empty())
        return;
    }
  }

  static void execute(const MCInst &I, MachineModel &M) {
    StringRef Name = State->getOpcodeName(I.getOpcode());
    auto Op = [&](unsigned N) -> const MCOperand & { return I.getOperand(N); };
    if (Name == "MOVZXi" || Name == "MOVZWi") {
      uint64_t Value = uint64_t(Op(1).getImm()) << Op(2).getImm();
      M.X[number(Op(0))] = Name == "MOVZWi" ? uint32_t(Value) : Value;
    } else if (Name == "MOVKXi" || Name == "MOVKWi") {
      uint64_t &R = M.X[number(Op(0))];
      int64_t Shift = Op(3).getImm();
      R = (R & ~(uint64_t(0xffff) << Shift)) |
          (uint64_t(Op(2).getImm()) << Shift);
      if (Name == "MOVKWi")
        R = uint32_t(R);
    } else if (Name == "FMOVXDr") {
      M.V[number(Op(0))] = APInt(128, M.X[number(Op(1))]);
    } else if (Name == "FMOVWSr") {
      M.V[number(Op(0))] = APInt(128, uint32_t(M.X[number(Op(1))]));
    } else if (Name == "INSvi64gpr") {
      M.V[number(Op(0))].insertBits(APInt(64, M.X[number(Op(3))]),
                                    64 * Op(2).getImm());
    } else if (Name == "MOVID") {
      M.V[number(Op(0))] = APInt(128, expandByteMask(Op(1).getImm()));
    } else if (Name == "MOVIv2d_ns") {
      uint64_t Half = expandByteMask(Op(1).getImm());
      M.V[number(Op(0))] = APInt(128, {Half, Half});
    } else if (Name == "DUP_ZI_D") {
      // The 8-bit immediate is signed, whichever way the decoder spells it.
      M.ZElement[number(Op(0))] = uint64_t(SignExtend64<8>(Op(1).getImm()))
                                  << Op(2).getImm();
    } else if (Name == "DUP_ZR_D") {
      M.ZElement[number(Op(0))] = M.X[number(Op(1))];
    } else if (Name == "PTRUE_B" && Op(1).getImm() == 31) {
      M.PTrue[number(Op(0))] = true;
    } else if (Name == "PFALSE") {
      M.PTrue[number(Op(0))] = false;
    } else if (Name == "SETFFR") {
      M.FFRTrue = true;
    } else if (Name == "WRFFR") {
      M.FFRTrue = M.PTrue[number(Op(0))];
    } else if (Name == "MRS") {
      M.X[number(Op(0))] = M.SystemRegisters[Op(1).getImm()];
    } else if (Name == "BICXrs" && Op(3).getImm() == 0) {
      M.X[number(Op(0))] = M.X[number(Op(1))] & ~M.X[number(Op(2))];
    } else if (Name == "ORRXrs" && Op(3).getImm() == 0) {
      M.X[number(Op(0))] = M.X[number(Op(1))] | M.X[number(Op(2))];
    } else if (Name == "MSR") {
      M.SystemRegisters[Op(0).getImm()] = M.X[number(Op(1))];
    } else {
      M.Unknown = Name.str();
    }
  }

  /// The machine after the set-up of \p Name = \p Value, starting from
  /// registers full of ones so that zeroed bits show.
  static MachineModel setUp(StringRef Name, const APInt &Value,
                            std::map<int64_t, uint64_t> SystemRegisters = {}) {
    MachineModel M;
    M.SystemRegisters = std::move(SystemRegisters);
    for (unsigned I = 0; I < 32; ++I) {
      M.X[I] = ~uint64_t(0);
      M.V[I] = APInt::getAllOnes(128);
      M.ZElement[I] = ~uint64_t(0);
    }
    Expected<std::vector<MCInst>> Insts = State->getExegesisTarget().setRegTo(
        State->getSubtargetInfo(), reg(Name), Value);
    if (!Insts) {
      M.Unknown = "error: " + toString(Insts.takeError());
      return M;
    }
    run(disasm::encode(*State, *Insts), M);
    return M;
  }

  static unsigned number(StringRef Name) {
    return State->getRegInfo().getEncodingValue(reg(Name));
  }

  static LLVMState *State;
};

LLVMState *AArch64RegisterSetupTest::State = nullptr;

TEST_F(AArch64RegisterSetupTest, GeneralPurposeRegisters) {
  for (uint64_t Value : {uint64_t(0), uint64_t(1), uint64_t(0xffff0000),
                         uint64_t(0x123456789abcdef0), ~uint64_t(0),
                         uint64_t(0x0000ffff00000001)}) {
    MachineModel M = setUp("X7", APInt(64, Value));
    ASSERT_EQ(M.Unknown, "");
    EXPECT_EQ(M.X[7], Value);
  }
  for (uint32_t Value : {0u, 0x12u, 0xabcd0000u, 0xffffffffu}) {
    MachineModel M = setUp("W3", APInt(32, Value));
    ASSERT_EQ(M.Unknown, "");
    EXPECT_EQ(M.X[3], Value) << "a W write zeroes the upper half";
  }
}

TEST_F(AArch64RegisterSetupTest, QuadRegistersHoldAll128Bits) {
  for (const char *Hex :
       {"0", "00112233445566778899aabbccddeeff",
        "ff00ff00ff00ff00ff00ff00ff00ff00", "ffffffffffffffffffffffffffffffff",
        "1", "ffff0000000000000000", "00ff000000000000ff000000000000ff"}) {
    APInt Value(128, Hex, 16);
    MachineModel M = setUp("Q9", Value);
    ASSERT_EQ(M.Unknown, "") << Hex;
    EXPECT_EQ(M.V[9], Value) << Hex;
  }
}

TEST_F(AArch64RegisterSetupTest, NarrowFloatingPointRegistersZeroTheRest) {
  struct Case {
    const char *Reg;
    unsigned Bits;
    uint64_t Value;
  } Cases[] = {{"D2", 64, 0},          {"D2", 64, 5},
               {"D2", 64, 0xff00ff00}, {"D2", 64, 0x3ff0000000000000},
               {"S3", 32, 0},          {"S3", 32, 0x3f800000},
               {"H4", 16, 0},          {"H4", 16, 0x3c00},
               {"B5", 8, 0},           {"B5", 8, 0x7f}};
  for (const Case &C : Cases) {
    MachineModel M = setUp(C.Reg, APInt(C.Bits, C.Value));
    ASSERT_EQ(M.Unknown, "") << C.Reg;
    EXPECT_EQ(M.V[number(C.Reg)], APInt(128, C.Value))
        << C.Reg << " = " << C.Value;
  }
  // A narrow value sign-extends to the register, as upstream.
  MachineModel M = setUp("H4", APInt(8, 0x80));
  ASSERT_EQ(M.Unknown, "");
  EXPECT_EQ(M.V[4], APInt(128, 0xff80));
}

TEST_F(AArch64RegisterSetupTest, SVEVectorsRepeatOneElement) {
  for (int64_t Element : {int64_t(0), int64_t(5), int64_t(-1), int64_t(-128),
                          int64_t(127), int64_t(256), int64_t(-32768),
                          int64_t(0x1234), int64_t(0x123456789abcdef0)}) {
    MachineModel M = setUp("Z6", APInt(64, Element, /*isSigned=*/true));
    ASSERT_EQ(M.Unknown, "") << Element;
    EXPECT_EQ(M.ZElement[6], uint64_t(Element)) << Element;
  }
  EXPECT_NE(setUp("Z6", APInt(128, "10000000000000000", 16))
                .Unknown.find("wider than the 64-bit element"),
            std::string::npos);
}

TEST_F(AArch64RegisterSetupTest, PredicatesAreAllTrueOrAllFalse) {
  MachineModel M = setUp("P7", APInt(16, 0xffff));
  ASSERT_EQ(M.Unknown, "");
  EXPECT_TRUE(M.PTrue[7]);
  M.PTrue[7] = true;
  run(disasm::encode(*State,
                     cantFail(State->getExegesisTarget().setRegTo(
                         State->getSubtargetInfo(), reg("P7"), APInt(16, 0)))),
      M);
  ASSERT_EQ(M.Unknown, "");
  EXPECT_FALSE(M.PTrue[7]);
  EXPECT_EQ(setUp("P7", APInt(16, 5)).Unknown,
            "error: cannot set register P7: a predicate can only be set all "
            "false (0) or all true (all ones, e.g. ffff), not 0x5");
}

TEST_F(AArch64RegisterSetupTest, FlagsAndFloatingPointControl) {
  // MSR's operand names the system register: NZCV, FPCR, FPSR. NZCV's
  // flags are cleared in what it held before, then set.
  for (uint64_t Before : {uint64_t(0), uint64_t(0xf0000000)})
    for (uint64_t Flags : {uint64_t(0), uint64_t(0x60000000),
                           uint64_t(0xf0000000), uint64_t(0x10000000)}) {
      MachineModel M = setUp("NZCV", APInt(32, Flags), {{0xda10, Before}});
      ASSERT_EQ(M.Unknown, "");
      EXPECT_EQ(M.SystemRegisters[0xda10], Flags) << Before << " " << Flags;
    }
  MachineModel M = setUp("FPCR", APInt(32, 0x00c00000));
  ASSERT_EQ(M.Unknown, "");
  EXPECT_EQ(M.SystemRegisters[0xda20], 0x00c00000u);
  M = setUp("FPSR", APInt(32, 0));
  ASSERT_EQ(M.Unknown, "");
  EXPECT_EQ(M.SystemRegisters[0xda21], 0u);
}

TEST_F(AArch64RegisterSetupTest, FirstFaultRegisterIsAllTrueOrAllFalse) {
  MachineModel M = setUp("FFR", APInt(16, 0xffff));
  ASSERT_EQ(M.Unknown, "");
  EXPECT_TRUE(M.FFRTrue);
  M = setUp("FFR", APInt(16, 0));
  ASSERT_EQ(M.Unknown, "");
  EXPECT_FALSE(M.FFRTrue);
}

TEST_F(AArch64RegisterSetupTest, ListsAndPairsHoldTheValueInEveryRegister) {
  APInt Value(128, "0123456789abcdef0011223344556677", 16);
  MachineModel M = setUp("Q31_Q0_Q1", Value);
  ASSERT_EQ(M.Unknown, "");
  for (unsigned Q : {31, 0, 1})
    EXPECT_EQ(M.V[Q], Value) << Q;
  M = setUp("X20_X21", APInt(64, 0x1234567));
  ASSERT_EQ(M.Unknown, "");
  EXPECT_EQ(M.X[20], 0x1234567u);
  EXPECT_EQ(M.X[21], 0x1234567u);
}

TEST_F(AArch64RegisterSetupTest, SVERegistersNeedSVE) {
  std::unique_ptr<LLVMState> NoSVE =
      cantFail(LLVMState::create("aarch64-unknown-linux-gnu", "cortex-a55"));
  Expected<std::vector<MCInst>> Insts = NoSVE->getExegesisTarget().setRegTo(
      NoSVE->getSubtargetInfo(), reg("Z0"), APInt(64, 0));
  ASSERT_FALSE(static_cast<bool>(Insts));
  EXPECT_EQ(toString(Insts.takeError()),
            "cannot set register Z0: SVE registers need a CPU with SVE (e.g. "
            "-mcpu=neoverse-v2 or -mattr=+sve)");
}

TEST_F(AArch64RegisterSetupTest, RegistersWithoutASetUpSayWhich) {
  MachineModel M = setUp("ZA", APInt(16, 0));
  EXPECT_EQ(M.Unknown,
            "error: cannot set register ZA: only X, W, B, H, S, D, Q, SVE Z, "
            "P and PN registers, lists and pairs of them, FFR, NZCV, FPCR and "
            "FPSR can be set on AArch64");
}

} // namespace
