//===-- PortMapInferenceTest.cpp - Known mappings solved back -------------===//
//
// Issue 54's synthetic check: throughputs computed from a known port mapping
// (a made-up 4-port machine, and one shaped like a Zen core) are solved back
// to that mapping, and what throughput cannot tell is reported, not guessed.
// A few representative scenarios with fixed seeds; bench/PortMapSynthetic
// runs the whole sweep.
//
//===----------------------------------------------------------------------===//

#include "PortMap/PortMapInference.h"
#include "PortMap/SyntheticCheck.h"
#include "PortMap/SyntheticMachine.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::exegesis::portmap;

namespace {

using Kind = InferenceNote::Kind;

ScenarioOutcome run(const SyntheticMachine &M, double Sigma, unsigned Seed,
                    bool Characterise = false) {
  ScenarioOptions O;
  O.NoiseSigma = Sigma;
  O.Seed = Seed;
  O.Characterise = Characterise;
  O.NumHeldOutMixtures = Characterise ? 50 : 0;
  Expected<ScenarioOutcome> R = runSyntheticScenario(M, O);
  EXPECT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  return R ? std::move(*R) : ScenarioOutcome();
}

/// The candidates' names of the notes of kind \p K, one string per note.
std::vector<std::string> noted(const SyntheticMachine &M,
                               const InferenceResult &R, Kind K) {
  std::vector<std::string> Out;
  for (const InferenceNote &N : R.Notes) {
    if (N.K != K)
      continue;
    std::string S;
    for (unsigned C : N.Candidates)
      S += (S.empty() ? "" : " ") + M.Candidates[C].Name;
    Out.push_back(S);
  }
  return Out;
}

bool contains(const std::vector<std::string> &V, const std::string &S) {
  return std::find(V.begin(), V.end(), S) != V.end();
}

TEST(PortMapInferenceTest, ToyMachineSolvedBack) {
  SyntheticMachine M = makeToyMachine(0);
  ScenarioOutcome O = run(M, 0, 1, /*Characterise=*/true);
  EXPECT_TRUE(O.ModelRecovered);
  EXPECT_TRUE(O.MappingRecovered);
  EXPECT_TRUE(O.Inference.Identified);
  EXPECT_EQ(O.Inference.Mapping.NumPorts, 4u);
  EXPECT_EQ(O.Inference.Basic.size(), M.Candidates.size());
  // Exact measurements: every usage right, every mixture predicted.
  EXPECT_EQ(O.UsagesRight, O.UsagesTotal);
  ASSERT_EQ(O.HeldOutMeasured.size(), 50u);
  for (size_t I = 0; I < O.HeldOutMeasured.size(); ++I)
    EXPECT_NEAR(O.HeldOutPredicted[I], O.HeldOutMeasured[I], 1e-9);
  EXPECT_EQ(O.Inference.countNotes(Kind::Unexplained), 0u);
}

TEST(PortMapInferenceTest, TwinsAreOneClass) {
  SyntheticMachine M = makeToyMachine(0);
  ScenarioOutcome O = run(M, 0, 1);
  EXPECT_EQ(noted(M, O.Inference, Kind::SameClass),
            std::vector<std::string>{"cd cd.twin"});
  // The twin shares its representative's ports.
  const InferenceResult &R = O.Inference;
  EXPECT_EQ(R.Mapping.PortSets[3], R.Mapping.PortSets[7]);
  EXPECT_EQ(R.ClassOf[7], 3u);
  // No kernel reached a dispatch width: none is guessed.
  EXPECT_EQ(R.Mapping.DispatchWidth, 0u);
  EXPECT_EQ(R.countNotes(Kind::NoDispatchBound), 1u);
}

TEST(PortMapInferenceTest, ToyMachineWithDispatchWidthAndNoise) {
  SyntheticMachine M = makeToyMachine(3);
  ScenarioOutcome O = run(M, 0.01, 1);
  EXPECT_TRUE(O.ModelRecovered);
  EXPECT_EQ(O.NumUnexplained, 0u);
  EXPECT_EQ(O.Inference.Mapping.DispatchWidth, 3u);
  EXPECT_EQ(O.Inference.countNotes(Kind::NoDispatchBound), 0u);
}

TEST(PortMapInferenceTest, UnobservablePortSetIsSaid) {
  // Three micro-ops a cycle bound abcd before its four ports do: how many
  // ports it has is not observable, and the notes say so.
  SyntheticMachine M = makeToyMachine(3);
  ScenarioOutcome O = run(M, 0, 1);
  EXPECT_TRUE(O.ModelRecovered);
  EXPECT_TRUE(contains(noted(M, O.Inference, Kind::UnobservablePorts), "abcd"));
  EXPECT_FALSE(contains(noted(M, O.Inference, Kind::UnobservablePorts), "a"));
}

TEST(PortMapInferenceTest, ZenLikeMachineSolvedBack) {
  SyntheticMachine M = makeZenLikeMachine();
  ScenarioOutcome O = run(M, 0, 1);
  EXPECT_TRUE(O.ModelRecovered);
  EXPECT_TRUE(O.MappingRecovered);
  EXPECT_EQ(O.NumUnexplained, 0u);
  EXPECT_EQ(O.Inference.Mapping.DispatchWidth, 6u);
  std::vector<std::string> Twins = noted(M, O.Inference, Kind::SameClass);
  EXPECT_EQ(Twins.size(), 3u);
  EXPECT_TRUE(contains(Twins, "ADD64rr BLSR64rr"));
  EXPECT_TRUE(contains(Twins, "MOV64rm VMOVUPSrm"));
  EXPECT_TRUE(contains(Twins, "VMULPSrr VFMADD231PSr"));
  // The three load ports, and ALU0 and ALU3, serve the same instructions.
  std::vector<std::string> Merged =
      noted(M, O.Inference, Kind::InseparablePorts);
  EXPECT_TRUE(contains(Merged, "MOV64rm"));
  EXPECT_TRUE(contains(Merged, "ADD64rr CMOV64rr"));
}

TEST(PortMapInferenceTest, NotPipelinedIsNoBasicInstruction) {
  SyntheticMachine M = makeToyMachine(0);
  M.Candidates.push_back(M.Others.back()); // slow-b
  ASSERT_EQ(M.Candidates.back().Name, "slow-b");
  ScenarioOutcome O = run(M, 0, 1);
  EXPECT_EQ(noted(M, O.Inference, Kind::NotBasic),
            std::vector<std::string>{"slow-b"});
  EXPECT_EQ(O.Inference.Basic.size(), M.Candidates.size() - 1);
  EXPECT_TRUE(O.ModelRecovered);
}

TEST(PortMapInferenceTest, UnexplainedMeasurementIsSaid) {
  // a and b on ports of their own take 1 cycle together; a measurement of
  // 1.5 fits no mapping, and is reported instead of bending the model.
  SyntheticMachine M = makeToyMachine(0);
  std::vector<std::string> Names;
  for (const SyntheticInstr &I : M.Candidates)
    Names.push_back(I.Name);
  auto Measure = [&](ArrayRef<KernelTerm> K) -> Expected<double> {
    if (K.size() == 2 && K[0].Instr == 0 && K[1].Instr == 1)
      return 1.5;
    SmallVector<const SyntheticInstr *, 8> Instrs;
    SmallVector<unsigned, 8> Counts;
    for (const KernelTerm &T : K) {
      Instrs.push_back(&M.Candidates[T.Instr]);
      Counts.push_back(T.Count);
    }
    return M.cycles(Instrs, Counts);
  };
  Expected<InferenceResult> R =
      inferResourceModel(Names, Measure, InferenceOptions());
  ASSERT_TRUE(static_cast<bool>(R)) << toString(R.takeError());
  EXPECT_EQ(noted(M, *R, Kind::Unexplained), std::vector<std::string>{"a b"});
  ASSERT_EQ(R->countNotes(Kind::Unexplained), 1u);
}

TEST(PortMapInferenceTest, MeasurementFailuresPropagate) {
  std::string Names[] = {"x", "y"};
  auto Failing = [](ArrayRef<KernelTerm>) -> Expected<double> {
    return createStringError(inconvertibleErrorCode(), "cannot run x");
  };
  Expected<InferenceResult> R =
      inferResourceModel(Names, Failing, InferenceOptions());
  ASSERT_FALSE(static_cast<bool>(R));
  EXPECT_EQ(toString(R.takeError()), "cannot run x");
}

} // namespace
