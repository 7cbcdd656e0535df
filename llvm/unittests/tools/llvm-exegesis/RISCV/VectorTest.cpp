//===-- RISCV/VectorTest.cpp - PseudoV* opcodes and their vtype -----------===//
//
// What a vector pseudo stands for (RISCVVectorPseudo), the configurations
// it is benchmarked under and their text (RISCVVectorConfiguration), the
// --riscv-filter-config filter, and the code that sets the configuration
// before a lowered snippet, read back with the disassembler.
//
//===----------------------------------------------------------------------===//

#include "../Disassembly.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "RISCV/RISCVVectorConfiguration.h"
#include "RISCV/RISCVVectorPseudo.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class RISCVVectorTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    X280 =
        cantFail(LLVMState::create("riscv64-unknown-linux-gnu", "sifive-x280"))
            .release();
    P670 =
        cantFail(LLVMState::create("riscv64-unknown-linux-gnu", "sifive-p670"))
            .release();
    P470 =
        cantFail(LLVMState::create("riscv64-unknown-linux-gnu", "sifive-p470"))
            .release();
    Zve32x = cantFail(LLVMState::create("riscv64-unknown-linux-gnu", "generic",
                                        "+zve32x"))
                 .release();
  }
  static void TearDownTestSuite() {
    for (LLVMState **S : {&X280, &P670, &P470, &Zve32x}) {
      delete *S;
      *S = nullptr;
    }
  }

  static RISCVVectorPseudo pseudo(StringRef Name) {
    const LLVMState &State = *X280;
    return cantFail(analyzeRISCVVectorPseudo(
        State.getInstrInfo(), State.getOpcodeByName(Name).value()));
  }

  static std::string whyNot(StringRef Name) {
    const LLVMState &State = *X280;
    Expected<RISCVVectorPseudo> P = analyzeRISCVVectorPseudo(
        State.getInstrInfo(), State.getOpcodeByName(Name).value());
    return P ? std::string("lowerable") : toString(P.takeError());
  }

  static MCRegister reg(StringRef Name) {
    return X280->getRegisterByName(Name).value();
  }

  /// The SEWs of \p Name's configurations on \p State, in order, once each.
  static std::vector<unsigned> sews(const LLVMState &State, StringRef Name) {
    RISCVVectorPseudo P = cantFail(analyzeRISCVVectorPseudo(
        State.getInstrInfo(), State.getOpcodeByName(Name).value()));
    std::vector<unsigned> SEWs;
    for (const RISCVVectorChoice &C :
         enumerateRISCVVectorChoices(P, State.getSubtargetInfo(), {}))
      if (!is_contained(SEWs, C.SEW))
        SEWs.push_back(C.SEW);
    return SEWs;
  }

  static std::vector<std::string> text(const LLVMState &State,
                                       ArrayRef<MCInst> Insts) {
    return disasm::disassemble(State, disasm::encode(State, Insts));
  }

  static LLVMState *X280, *P670, *P470, *Zve32x;
};

LLVMState *RISCVVectorTest::X280 = nullptr;
LLVMState *RISCVVectorTest::P670 = nullptr;
LLVMState *RISCVVectorTest::P470 = nullptr;
LLVMState *RISCVVectorTest::Zve32x = nullptr;

MCInst make(unsigned Opcode, ArrayRef<MCOperand> Ops) {
  MCInst Inst;
  Inst.setOpcode(Opcode);
  for (const MCOperand &Op : Ops)
    Inst.addOperand(Op);
  return Inst;
}
MCOperand R(MCRegister Reg) { return MCOperand::createReg(Reg); }
MCOperand I(int64_t Imm) { return MCOperand::createImm(Imm); }

TEST_F(RISCVVectorTest, PseudoNamesGiveInstructionLMulAndSEW) {
  RISCVVectorPseudo Add = pseudo("PseudoVADD_VV_M1");
  EXPECT_EQ(Add.RealName, "VADD_VV");
  EXPECT_EQ(Add.LMulEighths, 8u);
  EXPECT_EQ(Add.FixedSEW, 0u);
  EXPECT_EQ(Add.AVLOperand, 4);
  EXPECT_EQ(Add.SEWOperand, 5);
  EXPECT_EQ(Add.PolicyOperand, 6);
  EXPECT_EQ(Add.RoundingOperand, -1);
  // vd, vs2, vs1, and no mask register.
  EXPECT_THAT(Add.RealOperands, ElementsAre(0, 2, 3, -1));

  RISCVVectorPseudo Red = pseudo("PseudoVFWREDUSUM_VS_M1_E32");
  EXPECT_EQ(Red.RealName, "VFWREDUSUM_VS");
  EXPECT_EQ(Red.FixedSEW, 32u);
  EXPECT_EQ(Red.Rounding, RISCVRoundingKind::FloatingPoint);
  EXPECT_EQ(pseudo("PseudoVAADDU_VV_M1").Rounding,
            RISCVRoundingKind::FixedPoint);
  // The first LMUL is the result's; the second, the index operand's.
  RISCVVectorPseudo Gather = pseudo("PseudoVRGATHEREI16_VV_M2_E32_M1");
  EXPECT_EQ(Gather.RealName, "VRGATHEREI16_VV");
  EXPECT_EQ(Gather.LMulEighths, 16u);
  EXPECT_EQ(Gather.FixedSEW, 32u);
  // A mask operation's ratio 32 is e8 at mf4.
  RISCVVectorPseudo Popcount = pseudo("PseudoVCPOP_M_B32");
  EXPECT_TRUE(Popcount.IsMaskOperation);
  EXPECT_EQ(Popcount.LMulEighths, 2u);
  EXPECT_EQ(pseudo("PseudoVFADD_VFPR16_M1_E16").RealName, "VFADD_VF");
  EXPECT_EQ(pseudo("PseudoVFMERGE_VFPR16M_M1").RealName, "VFMERGE_VFM");
  EXPECT_TRUE(pseudo("PseudoVMUL_VV_MF4_MASK").IsMasked);
  // Indexed accesses name the index LMUL first; it and the index width fix
  // the SEW (index EMUL 2 = 8 / SEW x 8).
  RISCVVectorPseudo Indexed = pseudo("PseudoVLUXEI8_V_M2_M8");
  EXPECT_EQ(Indexed.LMulEighths, 64u);
  EXPECT_EQ(Indexed.FixedSEW, 32u);
  // Unit-stride and strided accesses run at their element width.
  EXPECT_EQ(pseudo("PseudoVLSEG8E16FF_V_MF2").FixedSEW, 16u);
  EXPECT_EQ(pseudo("PseudoVSSE32_V_M1").FixedSEW, 32u);
  // The tied wide source of a _TIED form is kept; a fault-only-first load's
  // new vl is not an operand of the instruction.
  EXPECT_THAT(pseudo("PseudoVWADD_WV_M1_TIED").RealOperands,
              ElementsAre(0, 1, 2, -1));
  EXPECT_THAT(pseudo("PseudoVLE8FF_V_M1").RealOperands, ElementsAre(0, 3, -1));
  EXPECT_THAT(whyNot("PseudoVSETVLI"),
              HasSubstr("without a vector configuration"));
}

TEST_F(RISCVVectorTest, LoweringNamesTheInstructionsRegisters) {
  const LLVMState &S = *X280;
  RISCVVectorPseudo P = pseudo("PseudoVADD_VV_M2_MASK");
  MCInst Masked =
      make(P.Opcode, {R(reg("V8M2")), R(reg("V8M2")), R(reg("V10M2")),
                      R(reg("V12M2")), R(reg("V0")), I(-1), I(5), I(3)});
  MCInst Real = cantFail(
      lowerRISCVVectorPseudo(P, S.getInstrInfo(), S.getRegInfo(), Masked));
  EXPECT_THAT(text(S, {Real}), ElementsAre("vadd.vv v8, v10, v12, v0.t"));
  RISCVVectorPseudo F = pseudo("PseudoVFADD_VFPR16_M1_E16");
  MCInst Half = make(F.Opcode, {R(reg("V1")), R(reg("V1")), R(reg("V2")),
                                R(reg("F10_H")), I(0), I(-1), I(4), I(0)});
  Real = cantFail(
      lowerRISCVVectorPseudo(F, S.getInstrInfo(), S.getRegInfo(), Half));
  EXPECT_THAT(text(S, {Real}), ElementsAre("vfadd.vf v1, v2, fa0"));
}

TEST_F(RISCVVectorTest, ConfigurationIsSetBeforeTheBodyAndRoundingRestored) {
  const LLVMState &S = *X280;
  const ExegesisTarget &ET = S.getExegesisTarget();
  RISCVVectorPseudo P = pseudo("PseudoVAADDU_VV_M1");
  auto Make = [&](MCOperand AVL, int64_t Policy, int64_t Mode) {
    return make(P.Opcode, {R(reg("V8")), R(reg("V8")), R(reg("V9")),
                           R(reg("V10")), I(Mode), AVL, I(4), I(Policy)});
  };
  LoweredSnippet VLMax = cantFail(ET.lowerSnippet(S, {Make(I(-1), 0, 3)}));
  EXPECT_THAT(text(S, VLMax.Instructions),
              ElementsAre("vaaddu.vv v8, v9, v10"));
  // Unmasked: the mask policy is agnostic whatever the operand says.
  EXPECT_THAT(text(S, VLMax.Configure),
              ElementsAre("vsetvli t0, zero, e16, m1, tu, ma", "csrr t1, vxrm",
                          "csrwi vxrm, 0x3"));
  EXPECT_THAT(text(S, VLMax.Restore), ElementsAre("csrw vxrm, t1"));
  LoweredSnippet InRegister =
      cantFail(ET.lowerSnippet(S, {Make(R(reg("X5")), 1, 0)}));
  EXPECT_EQ(text(S, InRegister.Configure).front(),
            "vsetvli zero, t0, e16, m1, ta, ma");
  LoweredSnippet Immediate = cantFail(ET.lowerSnippet(S, {Make(I(16), 1, 0)}));
  EXPECT_EQ(text(S, Immediate.Configure).front(),
            "vsetivli zero, 0x10, e16, m1, ta, ma");

  RISCVVectorPseudo F = pseudo("PseudoVFWREDUSUM_VS_M1_E32");
  MCInst Red = make(F.Opcode, {R(reg("V8")), R(reg("V8")), R(reg("V8")),
                               R(reg("V8")), I(2), I(-1), I(5), I(0)});
  LoweredSnippet Float = cantFail(ET.lowerSnippet(S, {Red}));
  EXPECT_THAT(
      text(S, Float.Configure),
      ElementsAre("vsetvli t0, zero, e32, m1, tu, ma", "fsrmi t1, 0x2"));
  EXPECT_THAT(text(S, Float.Restore), ElementsAre("fsrm t1"));

  Expected<LoweredSnippet> Mixed =
      ET.lowerSnippet(S, {Make(I(-1), 0, 0), Make(I(-1), 0, 1)});
  ASSERT_FALSE(static_cast<bool>(Mixed));
  EXPECT_THAT(toString(Mixed.takeError()),
              HasSubstr("different vector configurations"));
}

TEST_F(RISCVVectorTest, ConfigurationsComeInUpstreamsOrder) {
  const MCSubtargetInfo &STI = X280->getSubtargetInfo();
  RISCVVectorPseudo P = pseudo("PseudoVAADDU_VV_M1");
  std::vector<RISCVVectorChoice> All = enumerateRISCVVectorChoices(P, STI, {});
  // 4 vxrm x 3 AVL forms x 4 SEWs x 4 policies.
  ASSERT_EQ(All.size(), 192u);
  EXPECT_EQ(All[1].Policy, 1u);
  EXPECT_EQ(All[4].SEW, 16u);
  EXPECT_EQ(All[16].AVL, RISCVAVLForm::Register);
  EXPECT_EQ(All[48].RoundingMode, 1u);
  RISCVEnumerationOptions Fewer;
  Fewer.EnumerateRoundingModes = false;
  Fewer.VLMaxOnly = true;
  EXPECT_EQ(enumerateRISCVVectorChoices(P, STI, Fewer).size(), 16u);
}

TEST_F(RISCVVectorTest, OnlyValidSEWsAreEnumerated) {
  EXPECT_THAT(sews(*X280, "PseudoVADD_VV_M1"), ElementsAre(8, 16, 32, 64));
  // SEW <= ELEN x LMUL.
  EXPECT_THAT(sews(*X280, "PseudoVMUL_VV_MF4_MASK"), ElementsAre(8, 16));
  EXPECT_THAT(sews(*Zve32x, "PseudoVADD_VV_M1"), ElementsAre(8, 16, 32));
  EXPECT_THAT(sews(*X280, "PseudoVFWREDUSUM_VS_M1_E32"), ElementsAre(32));
  // Floating point: the widths the vector unit has, doubled when widening.
  EXPECT_THAT(sews(*X280, "PseudoVFCLASS_V_MF2"), ElementsAre(16, 32));
  EXPECT_THAT(sews(*X280, "PseudoVFWADD_VV_M1_E16"), ElementsAre(16));
  EXPECT_THAT(sews(*P470, "PseudoVFREDUSUM_VS_M1_E16"), ElementsAre());
  EXPECT_THAT(sews(*X280, "PseudoVWADD_VV_M1"), ElementsAre(8, 16, 32));
  // The source of vsext.vf8 must still be 8 bits wide.
  EXPECT_THAT(sews(*X280, "PseudoVSEXT_VF8_M2"), ElementsAre(64));
  EXPECT_THAT(sews(*X280, "PseudoVZEXT_VF2_M1"), ElementsAre(16, 32, 64));
  // Vector crypto: SEW 32 (SHA-512 also 64), and VLEN x LMUL at least the
  // element group (256 bits for SM3; p670 has VLEN 128).
  EXPECT_THAT(sews(*P670, "PseudoVAESDF_VS_M1_M1"), ElementsAre(32));
  EXPECT_THAT(sews(*P670, "PseudoVSM3C_VI_M1"), ElementsAre());
  EXPECT_THAT(sews(*P670, "PseudoVSM3C_VI_M2"), ElementsAre(32));
  EXPECT_THAT(sews(*P670, "PseudoVSHA2MS_VV_M2_E64"), ElementsAre(64));
  EXPECT_THAT(sews(*P670, "PseudoVSHA2MS_VV_M1_E64"), ElementsAre());
  EXPECT_THAT(sews(*P670, "PseudoVCLMUL_VV_M1"), ElementsAre(64));
}

TEST_F(RISCVVectorTest, ConfigurationTextIsUpstreams) {
  RISCVVectorPseudo P = pseudo("PseudoVNCLIPU_WX_M1_MASK");
  RISCVVectorState S;
  S.SEW = 8;
  S.TailAgnostic = true;
  S.MaskAgnostic = false;
  S.Rounding = RISCVRoundingKind::FixedPoint;
  S.RoundingMode = 3;
  EXPECT_EQ(describeRISCVVectorState(P, S, ""),
            "vtype = {VXRM: rod, AVL: VLMAX, SEW: e8, Policy: ta/mu}");
  S.AVLRegister = reg("X5");
  EXPECT_EQ(describeRISCVVectorState(P, S, "X5"),
            "vtype = {VXRM: rod, AVL: X5, SEW: e8, Policy: ta/mu}");
  RISCVVectorPseudo F = pseudo("PseudoVFADD_VFPR16_M1_E16");
  RISCVVectorState FS;
  FS.SEW = 16;
  FS.AVLImmediate = 5;
  FS.Rounding = RISCVRoundingKind::FloatingPoint;
  EXPECT_EQ(describeRISCVVectorState(F, FS, ""),
            "vtype = {FRM: rne, AVL: simm5, SEW: e16, Policy: ta/ma}");
  RISCVVectorPseudo Mv = pseudo("PseudoVMV_X_S");
  EXPECT_EQ(describeRISCVVectorState(Mv, RISCVVectorState(), ""),
            "vtype = {SEW: e8}");
}

TEST_F(RISCVVectorTest, FilterFieldsAreRegularExpressions) {
  RISCVVectorConfigFilter Filter =
      cantFail(RISCVVectorConfigFilter::parse("vtype = {SEW: e(8|16)}"));
  EXPECT_TRUE(Filter.matches("vtype = {AVL: VLMAX, SEW: e16, Policy: tu/mu}"));
  EXPECT_FALSE(Filter.matches("vtype = {AVL: VLMAX, SEW: e32}"));
  // The whole value must match, not a part of it.
  EXPECT_FALSE(cantFail(RISCVVectorConfigFilter::parse("vtype = {SEW: e1}"))
                   .matches("vtype = {SEW: e16}"));
  RISCVVectorConfigFilter Exact = cantFail(RISCVVectorConfigFilter::parse(
      "vtype = {VXRM: rod, AVL: VLMAX, SEW: e8, Policy: ta/mu}"));
  EXPECT_TRUE(
      Exact.matches("vtype = {VXRM: rod, AVL: VLMAX, SEW: e8, Policy: ta/mu}"));
  // A field the configuration lacks does not match.
  EXPECT_FALSE(Exact.matches("vtype = {AVL: VLMAX, SEW: e8, Policy: ta/mu}"));
  EXPECT_THAT(toString(RISCVVectorConfigFilter::parse("SEW: e8").takeError()),
              HasSubstr("is not of the form 'vtype = {Field: regex, ...}'"));
  EXPECT_THAT(
      toString(
          RISCVVectorConfigFilter::parse("vtype = {SEW: e(8}").takeError()),
      HasSubstr("field SEW: 'e(8' is not a regular expression"));
}

TEST_F(RISCVVectorTest, RegisterGroupsAreSetWhole) {
  const LLVMState &S = *X280;
  auto Set = [&](StringRef Name, const APInt &Value) {
    return text(S, cantFail(S.getExegesisTarget().setRegTo(S.getSubtargetInfo(),
                                                           reg(Name), Value)));
  };
  EXPECT_THAT(
      Set("V8M2", APInt(8, 0)),
      ElementsAre("vsetvli t5, zero, e8, m2, ta, ma", "vmv.v.i v8, 0x0"));
  // 8 x 512 bits: 512 bytes, 64 doublewords, below the stack pointer.
  std::vector<std::string> Ones = Set("V16M8", APInt(8, 0xff));
  ASSERT_EQ(Ones.size(), 2u + 2 * 64 + 2);
  EXPECT_EQ(Ones[0], "vsetvli t5, zero, e8, m8, ta, ma");
  EXPECT_EQ(Ones[1], "addi sp, sp, -0x200");
  EXPECT_EQ(Ones[Ones.size() - 2], "vle8.v v16, (sp)");
}

} // namespace
