//===-- CharacterisationTest.cpp - One instruction against the model ------===//

#include "PortMap/Characterisation.h"
#include "PortMap/SyntheticMachine.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis::portmap;

namespace {

/// X's usage of each resource of the toy machine's true model (dispatch
/// width 3), measured exactly.
class CharacterisationTest : public ::testing::Test {
protected:
  void SetUp() override {
    M = makeToyMachine(3);
    for (unsigned C = 0; C < M.Candidates.size(); ++C)
      Basic.push_back(C);
    Expected<ResourceModel> RM = ResourceModel::derive(M.truthOver(Basic));
    ASSERT_TRUE(static_cast<bool>(RM)) << toString(RM.takeError());
    Model = std::move(*RM);
  }

  CharacterisationResult characteriseOther(StringRef Name,
                                           double NoiseSigma = 0) {
    MeasurementNoise Noise(NoiseSigma, 1);
    const SyntheticInstr *X = nullptr;
    for (const SyntheticInstr &I : M.Others)
      if (I.Name == Name)
        X = &I;
    EXPECT_NE(X, nullptr);
    auto Measure = [&](unsigned Copies,
                       ArrayRef<KernelTerm> K) -> Expected<double> {
      SmallVector<const SyntheticInstr *, 8> Instrs = {X};
      SmallVector<unsigned, 8> Counts = {Copies};
      for (const KernelTerm &T : K) {
        Instrs.push_back(&M.Candidates[Basic[T.Instr]]);
        Counts.push_back(T.Count);
      }
      return Noise.apply(M.cycles(Instrs, Counts));
    };
    Expected<CharacterisationResult> C = characterise(Model, Measure, 0.06);
    EXPECT_TRUE(static_cast<bool>(C)) << toString(C.takeError());
    return C ? std::move(*C) : CharacterisationResult();
  }

  /// The resource whose ports are \p Ports (the dispatch width for 0).
  unsigned resourceOf(uint32_t Ports) {
    for (unsigned R = 0; R < Model.resources().size(); ++R)
      if (Model.resources()[R].Ports == Ports)
        return R;
    ADD_FAILURE() << "no resource on ports " << formatPorts(Ports);
    return 0;
  }

  SyntheticMachine M;
  SmallVector<unsigned, 8> Basic;
  ResourceModel Model;
};

TEST_F(CharacterisationTest, TwoMicroOpsOnTwoResources) {
  // a+cd: one micro-op on A, one on C or D.
  CharacterisationResult C = characteriseOther("a+cd");
  ASSERT_EQ(C.U.MicroOps.size(), Model.resources().size());
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b0001)], 1.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b1100)], 1.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b0011)], 1.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b1000)], 0.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0)], 2.0);
  EXPECT_EQ(C.U.OwnCycles, 0.0);
  EXPECT_EQ(C.AloneCycles, 1.0);
  EXPECT_EQ(C.NumMeasurements, 1 + 2 * Model.resources().size());
}

TEST_F(CharacterisationTest, NoisyEstimatesRoundToWholeMicroOps) {
  // 0.3% noise moves the direct estimates by a few hundredths of a
  // micro-op; the fit rounds them back to the truth.
  CharacterisationResult C = characteriseOther("a+cd", 0.003);
  ASSERT_EQ(C.U.MicroOps.size(), Model.resources().size());
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b0001)], 1.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b1100)], 1.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b0011)], 1.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b0010)], 0.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b1000)], 0.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b0110)], 0.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0)], 2.0);
  EXPECT_EQ(C.U.OwnCycles, 0.0);
}

TEST_F(CharacterisationTest, ABottleneckOfItsOwn) {
  // slow-b: one micro-op on B, 3 cycles on a unit no resource models.
  CharacterisationResult C = characteriseOther("slow-b");
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b0010)], 1.0);
  EXPECT_EQ(C.U.MicroOps[resourceOf(0b0001)], 0.0);
  EXPECT_EQ(C.U.OwnCycles, 3.0);
  EXPECT_DOUBLE_EQ(Model.predictCycles({&C.U}, {2}), 6.0);
}

TEST_F(CharacterisationTest, MeasurementFailuresPropagate) {
  auto Failing = [](unsigned, ArrayRef<KernelTerm>) -> Expected<double> {
    return createStringError(inconvertibleErrorCode(), "the host said no");
  };
  Expected<CharacterisationResult> C = characterise(Model, Failing, 0.06);
  ASSERT_FALSE(static_cast<bool>(C));
  EXPECT_EQ(toString(C.takeError()), "the host said no");
}

} // namespace
