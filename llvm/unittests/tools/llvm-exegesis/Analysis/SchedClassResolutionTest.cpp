//===-- SchedClassResolutionTest.cpp - The model's view of instructions ---===//

#include "Analysis/SchedClassResolution.h"
#include "Core/LLVMState.h"
#include "llvm/MC/MCInstBuilder.h"
#include "gtest/gtest.h"
#include <map>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class SchedClassResolutionTest : public testing::Test {
protected:
  void SetUp() override {
    Haswell = cantFail(LLVMState::create("x86_64-unknown-linux", "haswell"));
    Znver4 = cantFail(LLVMState::create("x86_64-unknown-linux", "znver4"));
  }

  MCRegister reg(StringRef Name) { return *Haswell->getRegisterByName(Name); }
  unsigned opcode(StringRef Name) { return *Haswell->getOpcodeByName(Name); }

  ResolvedSchedClass resolve(const LLVMState &State, const MCInst &MI) {
    return ResolvedSchedClass::resolve(State.getSubtargetInfo(),
                                       State.getInstrInfo(), MI);
  }

  static std::map<std::string, double> byName(const ResolvedSchedClass &SC,
                                              ArrayRef<ProcResourceUse> Uses) {
    std::map<std::string, double> Result;
    for (const ProcResourceUse &Use : Uses)
      Result[SC.getProcResourceName(Use.ProcResIdx).str()] = Use.Cycles;
    return Result;
  }

  std::unique_ptr<LLVMState> Haswell, Znver4;
};

TEST_F(SchedClassResolutionTest, GroupUsageIsSpreadEvenlyOverItsPorts) {
  MCInst Add = MCInstBuilder(opcode("ADD64rr"))
                   .addReg(reg("RCX"))
                   .addReg(reg("RCX"))
                   .addReg(reg("RAX"));
  ResolvedSchedClass SC = resolve(*Haswell, Add);
  ASSERT_TRUE(SC.isValid());
  EXPECT_FALSE(SC.wasVariant());
  EXPECT_EQ(SC.getName(), "WriteALU");
  EXPECT_EQ(SC.getLatency(), 1);
  EXPECT_EQ(SC.getNumMicroOps(), 1u);
  EXPECT_DOUBLE_EQ(SC.getReciprocalThroughput(), 0.25);
  EXPECT_EQ(byName(SC, SC.getWriteProcResources()),
            (std::map<std::string, double>{{"HWPort0156", 1}}));
  EXPECT_EQ(byName(SC, SC.getIdealizedPortPressure()),
            (std::map<std::string, double>{{"HWPort0", 0.25},
                                           {"HWPort1", 0.25},
                                           {"HWPort5", 0.25},
                                           {"HWPort6", 0.25}}));
}

TEST_F(SchedClassResolutionTest, GroupsRepeatingTheirMembersAreDropped) {
  // Tablegen lists HWPort4's cycles again for every group containing it.
  MCInst Push = MCInstBuilder(opcode("PUSH64r")).addReg(reg("RCX"));
  ResolvedSchedClass SC = resolve(*Haswell, Push);
  EXPECT_EQ(byName(SC, SC.getWriteProcResources()),
            (std::map<std::string, double>{
                {"HWPort4", 1}, {"HWPort237", 1}, {"HWPort0156", 1}}));
  std::map<std::string, double> Pressure =
      byName(SC, SC.getIdealizedPortPressure());
  EXPECT_DOUBLE_EQ(Pressure["HWPort4"], 1.0);
  EXPECT_DOUBLE_EQ(Pressure["HWPort2"], 1.0 / 3);
  EXPECT_DOUBLE_EQ(Pressure["HWPort7"], 1.0 / 3);
  EXPECT_DOUBLE_EQ(Pressure["HWPort6"], 0.25);
}

TEST_F(SchedClassResolutionTest, GroupUsageFillsTheLeastBusyPortsFirst) {
  // DIV64r: ports 0 and 1 busy 7 cycles, 5 and 6 busy 3, HWPort01 one more
  // cycle and HWPort0156 11 more: the 32 micro-ops spread to 8 per port.
  MCInst Div = MCInstBuilder(opcode("DIV64r")).addReg(reg("RCX"));
  ResolvedSchedClass SC = resolve(*Haswell, Div);
  EXPECT_EQ(SC.getNumMicroOps(), 32u);
  std::map<std::string, double> Pressure =
      byName(SC, SC.getIdealizedPortPressure());
  for (const char *Port : {"HWPort0", "HWPort1", "HWPort5", "HWPort6"})
    EXPECT_DOUBLE_EQ(Pressure[Port], 8.0) << Port;
}

TEST_F(SchedClassResolutionTest, VariantClassesAreResolvedWithTheOperands) {
  unsigned Sub = *Znver4->getOpcodeByName("SUB64rr");
  MCRegister Rcx = *Znver4->getRegisterByName("RCX");
  MCRegister Rax = *Znver4->getRegisterByName("RAX");
  ResolvedSchedClass ZeroIdiom =
      resolve(*Znver4, MCInstBuilder(Sub).addReg(Rcx).addReg(Rcx).addReg(Rcx));
  EXPECT_TRUE(ZeroIdiom.wasVariant());
  EXPECT_EQ(ZeroIdiom.getName(), "Zn4WriteZeroLatency");
  EXPECT_EQ(ZeroIdiom.getLatency(), 0);
  ResolvedSchedClass Plain =
      resolve(*Znver4, MCInstBuilder(Sub).addReg(Rcx).addReg(Rcx).addReg(Rax));
  EXPECT_TRUE(Plain.wasVariant());
  EXPECT_EQ(Plain.getName(), "WriteALU");
  EXPECT_EQ(Plain.getLatency(), 1);
}

TEST_F(SchedClassResolutionTest, ModelValuesByMeasurementKey) {
  MCInst Imul = MCInstBuilder(opcode("IMUL64rr"))
                    .addReg(reg("RCX"))
                    .addReg(reg("RCX"))
                    .addReg(reg("RAX"));
  ResolvedSchedClass SC = resolve(*Haswell, Imul);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Latency, "latency"), 3.0);
  EXPECT_EQ(
      SC.getModelValue(BenchmarkMode::InverseThroughput, "inverse_throughput"),
      1.0);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Uops, "NumMicroOps"), 1.0);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Uops, "HWPort1"), 1.0);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Uops, "HWPort0"), 0.0);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Uops, "NotAPort"), std::nullopt);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Latency, "HWPort1"), std::nullopt);
}

// Older uops files key measurements by the resource's index in the model:
// on Haswell, 3 is HWPort0 and 4 HWPort1; 0 (no resource) and indices past
// the model's resources name nothing.
TEST_F(SchedClassResolutionTest, NumericUopsKeysAreResourceIndices) {
  const MCSchedModel &SM = Haswell->getSubtargetInfo().getSchedModel();
  EXPECT_EQ(findProcResourceOfKey(SM, "3"), 3u);
  EXPECT_STREQ(SM.getProcResource(3)->Name, "HWPort0");
  EXPECT_EQ(findProcResourceOfKey(SM, "HWPort0"), 3u);
  EXPECT_EQ(findProcResourceOfKey(SM, "0"), std::nullopt);
  EXPECT_EQ(
      findProcResourceOfKey(SM, std::to_string(SM.getNumProcResourceKinds())),
      std::nullopt);
  EXPECT_EQ(findProcResourceOfKey(SM, "99999999999999999999"), std::nullopt);
  MCInst Imul = MCInstBuilder(opcode("IMUL64rr"))
                    .addReg(reg("RCX"))
                    .addReg(reg("RCX"))
                    .addReg(reg("RAX"));
  ResolvedSchedClass SC = resolve(*Haswell, Imul);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Uops, "4"), 1.0);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Uops, "3"), 0.0);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Latency, "4"), std::nullopt);
}

TEST_F(SchedClassResolutionTest, OperandPairLatencyIsWriteLessReadAdvance) {
  // Zen 4's ADD64rm: the result 5 cycles after the address (the load and
  // the addition), 1 after the register operand, which is read after the
  // load; the flags likewise. MULX's low half is ready before its high half.
  MCInst AddRm = MCInstBuilder(opcode("ADD64rm"))
                     .addReg(reg("RAX"))
                     .addReg(reg("RAX"))
                     .addReg(reg("RDI"))
                     .addImm(1)
                     .addReg(MCRegister())
                     .addImm(0)
                     .addReg(MCRegister());
  ResolvedSchedClass SC = ResolvedSchedClass::resolve(
      Znver4->getSubtargetInfo(), Znver4->getInstrInfo(), AddRm,
      &Znver4->getRegInfo());
  ASSERT_TRUE(SC.isValid());
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Latency, "latency"), 5.0);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Latency, "latency[mem->op0]"), 5.0);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Latency, "latency[op1->op0]"), 1.0);
  EXPECT_EQ(SC.getOperandPairLatency("op1", "EFLAGS"), 1.0);
  EXPECT_EQ(SC.getOperandPairLatency("op0", "op0"), std::nullopt);
  EXPECT_EQ(SC.getOperandPairLatency("mem", "mem"), std::nullopt);
  EXPECT_EQ(SC.getModelValue(BenchmarkMode::Uops, "latency[op1->op0]"),
            std::nullopt);

  MCInst Mulx = MCInstBuilder(opcode("MULX64rr"))
                    .addReg(reg("RAX"))
                    .addReg(reg("RCX"))
                    .addReg(reg("RAX"));
  ResolvedSchedClass M = ResolvedSchedClass::resolve(
      Znver4->getSubtargetInfo(), Znver4->getInstrInfo(), Mulx,
      &Znver4->getRegInfo());
  ASSERT_TRUE(M.isValid());
  EXPECT_EQ(M.getOperandPairLatency("op2", "op0"), 4.0);
  EXPECT_EQ(M.getOperandPairLatency("op2", "op1"), 3.0);
  EXPECT_EQ(M.getOperandPairLatency("RDX", "op1"), 3.0);
}

TEST_F(SchedClassResolutionTest, LatencyOfAMemoryFormIsThatOfItsChain) {
  // Zen 4's SHLX64rm: its class's latency counts the load (5), but a chain
  // through its count register waits for the shift alone (1); ADD64rm
  // chained through its base waits for the load and the addition (5),
  // through its register operand for the addition (1).
  auto Chained = [&](const MCInst &MI) {
    ResolvedSchedClass SC = ResolvedSchedClass::resolve(
        Znver4->getSubtargetInfo(), Znver4->getInstrInfo(), MI,
        &Znver4->getRegInfo());
    EXPECT_TRUE(SC.isValid());
    SC.useChainsOf(MI);
    return SC.getModelValue(BenchmarkMode::Latency, "latency");
  };
  auto Memory = [&](MCInstBuilder B, StringRef Base) {
    return B.addReg(reg(Base))
        .addImm(1)
        .addReg(MCRegister())
        .addImm(0)
        .addReg(MCRegister());
  };
  MCInst Shlx =
      Memory(MCInstBuilder(opcode("SHLX64rm")).addReg(reg("RAX")), "RDI")
          .addReg(reg("RAX"));
  EXPECT_EQ(Chained(Shlx), 1.0);
  ResolvedSchedClass Unchained = resolve(*Znver4, Shlx);
  EXPECT_EQ(Unchained.getModelValue(BenchmarkMode::Latency, "latency"), 5.0);
  EXPECT_EQ(Chained(Memory(MCInstBuilder(opcode("ADD64rm"))
                               .addReg(reg("RDI"))
                               .addReg(reg("RDI")),
                           "RDI")),
            5.0);
  EXPECT_EQ(Chained(Memory(MCInstBuilder(opcode("ADD64rm"))
                               .addReg(reg("RAX"))
                               .addReg(reg("RAX")),
                           "RDI")),
            1.0);
  // No chain in the registers: the class's latency.
  EXPECT_EQ(Chained(Memory(MCInstBuilder(opcode("MOV64rm")).addReg(reg("RAX")),
                           "RDI")),
            5.0);
}

} // namespace
