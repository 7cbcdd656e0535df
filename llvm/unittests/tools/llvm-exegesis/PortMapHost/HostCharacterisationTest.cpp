//===-- HostCharacterisationTest.cpp - Resuming a characterisation --------===//

#include "PortMapHost/HostCharacterisation.h"
#include "Core/LLVMState.h"
#include "PortMap/SyntheticMachine.h"
#include "PortMapHost/SchedModelMatch.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using namespace llvm::exegesis::portmap;

namespace {

template <typename T> std::string errorOf(Expected<T> E) {
  return E ? std::string() : toString(E.takeError());
}

TEST(HostCharacterisationTest, MixtureKeysDoNotDependOnCandidateOrder) {
  std::vector<std::string> Names = {"VPADDDrr", "ANDN64rr", "LEA64r"};
  std::vector<std::string> Reordered = {"LEA64r", "VPADDDrr", "ANDN64rr"};
  EXPECT_EQ(getMixtureKey({{0, 2}, {1, 1}}, Names), "1*ANDN64rr + 2*VPADDDrr");
  EXPECT_EQ(getMixtureKey({{1, 2}, {2, 1}}, Reordered),
            getMixtureKey({{0, 2}, {1, 1}}, Names));
  EXPECT_EQ(getMixtureKey({{2, 3}}, Names), "3*LEA64r");
}

TEST(HostCharacterisationTest, ResumeKeepsTheMeasurementsOfTheSameHost) {
  PortMapModelFile Previous;
  Previous.CpuName = "znver5";
  Previous.Triple = "x86_64-unknown-linux-gnu";
  Previous.Settings = "s";
  Previous.Complete = true;
  Previous.Measurements["1*A"] = 0.25;
  Expected<PortMapModelFile> F =
      startOrResume(Previous, "m.yaml", "znver5", "x86_64-unknown-linux-gnu",
                    "s", {"A", "B"});
  ASSERT_TRUE(bool(F)) << toString(F.takeError());
  EXPECT_FALSE(F->Complete);
  EXPECT_EQ(F->Candidates, (std::vector<std::string>{"A", "B"}));
  EXPECT_DOUBLE_EQ(F->Measurements["1*A"], 0.25);

  std::string OtherCpu = errorOf(startOrResume(
      Previous, "m.yaml", "znver4", "x86_64-unknown-linux-gnu", "s", {"A"}));
  EXPECT_NE(OtherCpu.find("m.yaml"), std::string::npos) << OtherCpu;
  EXPECT_NE(OtherCpu.find("znver5"), std::string::npos) << OtherCpu;
  EXPECT_NE(errorOf(startOrResume(Previous, "m.yaml", "znver5",
                                  "x86_64-unknown-linux-gnu", "t", {"A"})),
            "");
  Expected<PortMapModelFile> Fresh =
      startOrResume(std::nullopt, "m.yaml", "znver4", "t", "s", {"A"});
  ASSERT_TRUE(bool(Fresh));
  EXPECT_TRUE(Fresh->Measurements.empty());
}

/// A characterisation of a synthetic machine stopped after some kernels,
/// then resumed from what the file kept: the second run measures only what
/// the first did not, and the model is the one an uninterrupted run infers.
TEST(HostCharacterisationTest, InterruptedRunResumesWhereItStopped) {
  SyntheticMachine M = makeZenLikeMachine();
  std::vector<std::string> Names;
  for (const SyntheticInstr &I : M.Candidates)
    Names.push_back(I.Name);
  unsigned Measured = 0;
  unsigned Limit = 0;
  auto Measure = [&](ArrayRef<KernelTerm> K) -> Expected<double> {
    if (Limit && Measured == Limit)
      return createStringError(inconvertibleErrorCode(), "interrupted");
    ++Measured;
    SmallVector<const SyntheticInstr *, 4> Instrs;
    SmallVector<unsigned, 4> Counts;
    for (const KernelTerm &T : K) {
      Instrs.push_back(&M.Candidates[T.Instr]);
      Counts.push_back(T.Count);
    }
    return M.cycles(Instrs, Counts);
  };
  unsigned Saves = 0;
  auto Save = [&]() {
    ++Saves;
    return Error::success();
  };

  // Uninterrupted.
  PortMapModelFile Whole;
  Whole.Candidates = Names;
  MeasurementLog WholeLog(Whole, Measure, Save, nullptr,
                          getNumSinglesAndPairs(Names.size()));
  ASSERT_FALSE(bool(inferIntoFile(Whole, WholeLog, InferenceOptions())));
  unsigned Total = Measured;
  EXPECT_EQ(WholeLog.getNumMeasured(), Total);
  EXPECT_EQ(Saves, Total);
  ASSERT_GT(Total, 20u);

  // Stopped after 20 kernels: the file holds those.
  Measured = 0;
  Limit = 20;
  PortMapModelFile First;
  First.Candidates = Names;
  MeasurementLog FirstLog(First, Measure, Save, nullptr, 0);
  Error E = inferIntoFile(First, FirstLog, InferenceOptions());
  ASSERT_TRUE(bool(E));
  consumeError(std::move(E));
  EXPECT_FALSE(First.Complete);
  EXPECT_EQ(First.Measurements.size(), 20u);

  // Resumed.
  Measured = 0;
  Limit = 0;
  Expected<PortMapModelFile> Second = startOrResume(
      First, "m.yaml", First.CpuName, First.Triple, First.Settings, Names);
  ASSERT_TRUE(bool(Second));
  MeasurementLog SecondLog(*Second, Measure, Save, nullptr, 0);
  ASSERT_FALSE(bool(inferIntoFile(*Second, SecondLog, InferenceOptions())));
  EXPECT_EQ(SecondLog.getNumFromFile(), 20u);
  EXPECT_EQ(SecondLog.getNumMeasured(), Total - 20);
  EXPECT_TRUE(Second->Complete);
  EXPECT_EQ(Second->Measurements, Whole.Measurements);
  EXPECT_EQ(Second->Basic, Whole.Basic);
  ASSERT_EQ(Second->Resources.size(), Whole.Resources.size());
  for (size_t R = 0; R < Whole.Resources.size(); ++R)
    EXPECT_EQ(Second->Resources[R].Instructions,
              Whole.Resources[R].Instructions);
}

/// A resource of exactly the instructions LLVM's model puts on one
/// ProcResource, with its units, takes that ProcResource's name; one that
/// mixes instructions of different units keeps none.
TEST(HostCharacterisationTest, ResourcesTakeTheSchedModelsNames) {
  std::unique_ptr<LLVMState> State =
      cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver5"));
  PortMapModelFile F;
  F.CpuName = "znver5";
  F.Complete = true;
  F.Basic = {"VORPDrr", "IMUL32rri"};
  PortMapModelFile::ResourceEntry Vector, Mixed;
  Vector.Name = "R0";
  Vector.Instructions = {"VORPDrr"};
  Vector.Saturating = {4, 0};
  Vector.Throughput = 4;
  Vector.Units = 4;
  Mixed.Name = "R1";
  Mixed.Instructions = {"VORPDrr", "IMUL32rri"};
  Mixed.Saturating = {4, 3};
  Mixed.Throughput = 7;
  Mixed.Units = 7;
  F.Resources = {Vector, Mixed};
  ASSERT_FALSE(bool(nameResourcesAfterSchedModel(*State, F)));
  Expected<SchedResources> Sched = getSchedResources(*State);
  ASSERT_TRUE(bool(Sched));
  bool Known = false;
  for (const SchedResource &P : Sched->Resources)
    Known |= P.Name == F.Resources[0].SchedModelName;
  EXPECT_TRUE(Known) << "'" << F.Resources[0].SchedModelName << "'";
  EXPECT_EQ(F.Resources[1].SchedModelName, "");
}

} // namespace
