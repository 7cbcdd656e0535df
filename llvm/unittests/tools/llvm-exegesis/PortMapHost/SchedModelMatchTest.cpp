//===-- SchedModelMatchTest.cpp - The inferred model beside LLVM's --------===//

#include "PortMapHost/SchedModelMatch.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCInstBuilder.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using namespace llvm::exegesis::portmap;

namespace {

class SchedModelMatchTest : public testing::Test {
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
  static MCRegister reg(StringRef Name) {
    std::optional<MCRegister> R = State->getRegisterByName(Name);
    EXPECT_TRUE(R) << Name.str();
    return R.value_or(MCRegister());
  }
  /// Opcode with register operands, in the order MCInst takes them.
  static MCInst inst(StringRef Name, ArrayRef<StringRef> Regs) {
    MCInstBuilder B(opcode(Name));
    for (StringRef R : Regs)
      B.addReg(reg(R));
    return B;
  }

  static std::unique_ptr<LLVMState> State;
};

std::unique_ptr<LLVMState> SchedModelMatchTest::State;

/// The basic instructions of the hand-made models, in their order.
const std::string BasicNames[] = {"ADD64rr",   "IMUL64rr",  "SHL64ri",
                                  "VMULPSYrr", "VADDPSYrr", "VPADDDYrr"};
enum : unsigned { Add, Imul, Shl, Vmul, Vadd, Vpadd };
constexpr uint64_t bit(unsigned B) { return uint64_t(1) << B; }

class SchedModelMatchZen5Test : public SchedModelMatchTest {
protected:
  void SetUp() override {
    Sched = cantFail(getSchedResources(*State));
    Basic = {inst("ADD64rr", {"RAX", "RAX", "RBX"}),
             inst("IMUL64rr", {"RAX", "RAX", "RBX"}),
             MCInstBuilder(opcode("SHL64ri"))
                 .addReg(reg("RAX"))
                 .addReg(reg("RAX"))
                 .addImm(3),
             inst("VMULPSYrr", {"YMM0", "YMM1", "YMM2"}),
             inst("VADDPSYrr", {"YMM0", "YMM1", "YMM2"}),
             inst("VPADDDYrr", {"YMM0", "YMM1", "YMM2"})};
    for (const MCInst &I : Basic)
      BasicUsages.push_back(getSchedUsage(*State, I));
  }

  /// A model over BasicNames from the ports of each (ALUs from bit 0, the
  /// FP pipes above them).
  static ResourceModel model(ArrayRef<uint32_t> PortSets, unsigned Ports) {
    PortMapping PM;
    PM.NumPorts = Ports;
    PM.PortSets.assign(PortSets.begin(), PortSets.end());
    Expected<ResourceModel> RM = ResourceModel::derive(PM);
    EXPECT_TRUE(static_cast<bool>(RM)) << toString(RM.takeError());
    return RM ? std::move(*RM) : ResourceModel();
  }

  /// The index of the resource whose members are \p Members.
  static unsigned find(const ResourceModel &RM, uint64_t Members) {
    for (auto [I, R] : enumerate(RM.resources()))
      if (R.Members == Members && !R.IsDispatch)
        return I;
    ADD_FAILURE() << "no resource of members " << Members;
    return 0;
  }

  SchedResources Sched;
  std::vector<MCInst> Basic;
  std::vector<SchedUsage> BasicUsages;
};

// Zen 5 runs znver5 on LLVM 22's Zen 4 model (Zn4 resources): the names
// below are those of that model.
TEST_F(SchedModelMatchZen5Test, ReadsTheSchedulingModel) {
  EXPECT_EQ(Sched.CpuName, "znver5");
  EXPECT_EQ(Sched.IssueWidth, 6u);
  unsigned Alu0123 = 0;
  for (unsigned P = 1; P < Sched.Resources.size(); ++P)
    if (Sched.Resources[P].Name == "Zn4ALU0123")
      Alu0123 = P;
  ASSERT_NE(Alu0123, 0u);
  EXPECT_TRUE(Sched.Resources[Alu0123].IsGroup);
  EXPECT_EQ(Sched.Resources[Alu0123].Units, 4u);
  // IMUL holds its own ALU and, as TableGen lists them, every group with it.
  const SchedUsage &ImulUsage = BasicUsages[Imul];
  EXPECT_TRUE(ImulUsage.Known);
  EXPECT_EQ(ImulUsage.NumMicroOps, 1u);
  EXPECT_EQ(ImulUsage.Cycles[Alu0123], 1.0);
  // xor %eax,%eax is a zero idiom: its variant class holds no ALU.
  SchedUsage Zero =
      getSchedUsage(*State, inst("XOR32rr", {"EAX", "EAX", "EAX"}));
  SchedUsage NotZero =
      getSchedUsage(*State, inst("XOR32rr", {"EAX", "EBX", "ECX"}));
  EXPECT_EQ(Zero.Cycles[Alu0123], 0.0);
  EXPECT_EQ(NotZero.Cycles[Alu0123], 1.0);
}

TEST_F(SchedModelMatchZen5Test, NamesResourcesShapedLikeTheModel) {
  // The model's own shape: IMUL on ALU1, shifts on ALU1-2, ADD on all four;
  // FP multiplies on FP0-1, adds on FP2-3, integer vector adds on all four.
  ResourceModel RM =
      model({0b1111, 0b0010, 0b0110, 0b0011'0000, 0b1100'0000, 0b1111'0000}, 8);
  std::vector<ResourceMatch> M =
      matchResources(RM, Sched, BasicUsages, BasicNames);
  ASSERT_EQ(M.size(), RM.resources().size());
  EXPECT_EQ(M[find(RM, bit(Imul))].Name, "Zn4ALU1");
  EXPECT_EQ(M[find(RM, bit(Imul) | bit(Shl))].Name, "Zn4ALU12");
  // Zn4Int is held by the same instructions, but has nine units.
  EXPECT_EQ(M[find(RM, bit(Add) | bit(Imul) | bit(Shl))].Name, "Zn4ALU0123");
  // The model has several names for FP0-1 and FP0-3: the first is taken,
  // the others are kept.
  const ResourceMatch &Fp0123 = M[find(RM, bit(Vmul) | bit(Vadd) | bit(Vpadd))];
  EXPECT_EQ(Fp0123.Name, "Zn4FPFMisc0123");
  EXPECT_FALSE(Fp0123.Alternatives.empty());
  EXPECT_EQ(M[find(RM, bit(Vadd))].Name, "Zn4FPFAdd01");
  for (const ResourceMatch &Match : M) {
    EXPECT_NE(Match.ProcResource, 0u) << Match.Explanation;
    EXPECT_EQ(Match.Counterpart, Match.ProcResource);
  }
}

TEST_F(SchedModelMatchZen5Test, KeepsItsOwnNameWhereTheUnitsDiffer) {
  // Zen 5 has six integer ALUs where the Zen 4 model has four: the same
  // instructions, another unit count.
  ResourceModel RM = model({0b111111, 0b000010, 0b000110, 0b000011'000000,
                            0b001100'000000, 0b001111'000000},
                           12);
  std::vector<ResourceMatch> M =
      matchResources(RM, Sched, BasicUsages, BasicNames);
  unsigned Alu = find(RM, bit(Add) | bit(Imul) | bit(Shl));
  EXPECT_EQ(M[Alu].ProcResource, 0u);
  EXPECT_EQ(M[Alu].Name, RM.resources()[Alu].Name);
  EXPECT_EQ(Sched.Resources[M[Alu].Counterpart].Name, "Zn4ALU0123");
  EXPECT_NE(M[Alu].Explanation.find("6 units where LLVM's model has 4"),
            std::string::npos)
      << M[Alu].Explanation;
  EXPECT_EQ(M[find(RM, bit(Imul))].Name, "Zn4ALU1");
}

TEST_F(SchedModelMatchZen5Test, SaysHowTheClosestResourceDiffers) {
  // Shifts sharing one port with the FP multiplies: nothing in LLVM's
  // model is held by exactly those two.
  ResourceModel RM = model({0b0001, 0b0010, 0b0100, 0b0100, 0b1000, 0b1000}, 4);
  std::vector<ResourceMatch> M =
      matchResources(RM, Sched, BasicUsages, BasicNames);
  const ResourceMatch &Odd = M[find(RM, bit(Shl) | bit(Vmul))];
  EXPECT_EQ(Odd.ProcResource, 0u);
  EXPECT_EQ(Odd.Counterpart, 0u);
  EXPECT_NE(Odd.Explanation.find("no ProcResource has its instructions"),
            std::string::npos)
      << Odd.Explanation;
  EXPECT_NE(Odd.Explanation.find("lacks"), std::string::npos)
      << Odd.Explanation;
}

TEST_F(SchedModelMatchZen5Test, ComparesUsagesOnTheCounterparts) {
  ResourceModel RM =
      model({0b1111, 0b0010, 0b0110, 0b0011'0000, 0b1100'0000, 0b1111'0000}, 8);
  std::vector<ResourceMatch> M =
      matchResources(RM, Sched, BasicUsages, BasicNames);
  // A basic instruction's own usage is the model's.
  UsageAgreement Own =
      compareUsage(RM, M, Sched, RM.getBasicUsage(Imul), BasicUsages[Imul]);
  EXPECT_EQ(Own.V, UsageAgreement::Verdict::Agrees) << Own.Text;
  EXPECT_NE(Own.Text.find("Zn4ALU1: 1 in both"), std::string::npos) << Own.Text;

  // xor %eax,%eax measured as one ALU micro-op: LLVM's model says it holds
  // no ALU at all.
  Usage OneAluOp = RM.getBasicUsage(Add);
  UsageAgreement Zero = compareUsage(
      RM, M, Sched, OneAluOp,
      getSchedUsage(*State, inst("XOR32rr", {"EAX", "EAX", "EAX"})));
  EXPECT_EQ(Zero.V, UsageAgreement::Verdict::Differs);
  EXPECT_NE(Zero.Text.find("Zn4ALU0123: inferred 1, model 0"),
            std::string::npos)
      << Zero.Text;

  // A divide: two ALU micro-ops and a unit of its own, where the model has
  // ALU0 held for 18 cycles. The divider's own cycles are said, not
  // compared.
  Usage Div;
  Div.MicroOps.assign(RM.resources().size(), 0);
  Div.MicroOps[find(RM, bit(Add) | bit(Imul) | bit(Shl))] = 2;
  Div.OwnCycles = 13;
  UsageAgreement D = compareUsage(
      RM, M, Sched, Div,
      getSchedUsage(*State,
                    MCInstBuilder(opcode("DIV64r")).addReg(reg("RBX"))));
  EXPECT_EQ(D.V, UsageAgreement::Verdict::Differs);
  EXPECT_NE(D.Text.find("Zn4ALU0123: inferred 2, model 18"), std::string::npos)
      << D.Text;
  // ALU0, which the model holds, is inside Zn4ALU0123; the groups around
  // ALU0 are held only because it is.
  EXPECT_EQ(D.Text.find("model, no inferred"), std::string::npos) << D.Text;
  EXPECT_NE(D.Text.find("of its own of 13 cycles"), std::string::npos)
      << D.Text;
}

TEST_F(SchedModelMatchZen5Test, NeedsAUseInCommonToAgree) {
  ResourceModel RM =
      model({0b1111, 0b0010, 0b0110, 0b0011'0000, 0b1100'0000, 0b1111'0000}, 8);
  std::vector<ResourceMatch> M =
      matchResources(RM, Sched, BasicUsages, BasicNames);
  // Neither model has xor %eax,%eax use a resource: nothing to agree on.
  Usage None;
  None.MicroOps.assign(RM.resources().size(), 0);
  UsageAgreement A = compareUsage(
      RM, M, Sched, None,
      getSchedUsage(*State, inst("XOR32rr", {"EAX", "EAX", "EAX"})));
  EXPECT_EQ(A.V, UsageAgreement::Verdict::NotComparable) << A.Text;
}

TEST_F(SchedModelMatchZen5Test, NamesGroupsOfTheSameUnitsOnce) {
  // Shifts and FP multiplies on one port: the FP multiply's groups have no
  // inferred counterpart. Zen 4's model has five groups of FP0 and FP1
  // (Zn4FPAES01, Zn4FPFMul01...), one thing said once, and the wider groups
  // around them are held only because they are.
  ResourceModel RM = model({0b0001, 0b0010, 0b0100, 0b0100, 0b1000, 0b1000}, 4);
  std::vector<ResourceMatch> M =
      matchResources(RM, Sched, BasicUsages, BasicNames);
  UsageAgreement A =
      compareUsage(RM, M, Sched, RM.getBasicUsage(Vmul), BasicUsages[Vmul]);
  EXPECT_NE(A.Text.find("model, no inferred resource to compare: "
                        "Zn4FPAES01 1"),
            std::string::npos)
      << A.Text;
  EXPECT_EQ(A.Text.find("Zn4FPFMul01"), std::string::npos) << A.Text;
  EXPECT_EQ(A.Text.find("Zn4FPU0123"), std::string::npos) << A.Text;
}

TEST_F(SchedModelMatchZen5Test, CannotCompareWhatTheModelDoesNotKnow) {
  ResourceModel RM =
      model({0b1111, 0b0010, 0b0110, 0b0011'0000, 0b1100'0000, 0b1111'0000}, 8);
  std::vector<ResourceMatch> M =
      matchResources(RM, Sched, BasicUsages, BasicNames);
  SchedUsage Unknown;
  UsageAgreement A = compareUsage(RM, M, Sched, RM.getBasicUsage(Add), Unknown);
  EXPECT_EQ(A.V, UsageAgreement::Verdict::NotComparable);
  EXPECT_EQ(getVerdictName(A.V), "not comparable");
  EXPECT_NE(A.Text.find("no valid scheduling class"), std::string::npos)
      << A.Text;
}

TEST(SchedModelMatchHandMadeTest, DispatchMatchesNoProcResource) {
  // A hand-made scheduling model of one 2-unit group and its units, and an
  // inferred model with a dispatch width: the dispatch resource keeps its
  // name and is compared with the micro-op count.
  SchedResources Sched;
  Sched.CpuName = "made-up";
  Sched.IssueWidth = 3;
  Sched.Resources.resize(4);
  Sched.Resources[1] = {"P0", 1, false, {1}};
  Sched.Resources[2] = {"P1", 1, false, {2}};
  Sched.Resources[3] = {"P01", 2, true, {1, 2}};
  PortMapping PM;
  PM.NumPorts = 2;
  PM.PortSets = {0b01, 0b10, 0b11};
  PM.DispatchWidth = 2;
  ResourceModel RM = cantFail(ResourceModel::derive(PM));
  auto usage = [](std::initializer_list<double> Cycles, unsigned MicroOps) {
    SchedUsage U;
    U.Known = true;
    U.NumMicroOps = MicroOps;
    U.Cycles.assign(Cycles);
    return U;
  };
  std::vector<SchedUsage> Basic = {
      usage({0, 1, 0, 1}, 1), usage({0, 0, 1, 1}, 1), usage({0, 0, 0, 1}, 1)};
  const std::string Names[] = {"a", "b", "ab"};
  std::vector<ResourceMatch> M = matchResources(RM, Sched, Basic, Names);
  bool SawDispatch = false;
  for (auto [I, R] : enumerate(RM.resources())) {
    if (R.IsDispatch) {
      SawDispatch = true;
      EXPECT_EQ(M[I].Name, R.Name);
      EXPECT_EQ(M[I].ProcResource, 0u);
      EXPECT_NE(M[I].Explanation.find("3 in LLVM's model"), std::string::npos)
          << M[I].Explanation;
    } else if (R.Members == 0b001) {
      EXPECT_EQ(M[I].Name, "P0");
    } else if (R.Members == 0b010) {
      EXPECT_EQ(M[I].Name, "P1");
    }
  }
  ASSERT_TRUE(SawDispatch);
  // Two micro-ops where the class says one: the dispatch resource differs.
  Usage Two = RM.getBasicUsage(2);
  for (auto [I, R] : enumerate(RM.resources()))
    if (R.IsDispatch)
      Two.MicroOps[I] = 2;
  UsageAgreement A = compareUsage(RM, M, Sched, Two, Basic[2]);
  EXPECT_EQ(A.V, UsageAgreement::Verdict::Differs);
  EXPECT_NE(A.Text.find("(micro-ops): inferred 2, model 1"), std::string::npos)
      << A.Text;
  // P01 is as wide as the dispatch width, so no resource of the inferred
  // model: what the class holds of it is said, not compared.
  EXPECT_NE(A.Text.find("model, no inferred resource to compare: P01 1"),
            std::string::npos)
      << A.Text;
}

} // namespace
