//===-- PortMapModelFileTest.cpp - The model file's round trip ------------===//

#include "PortMapHost/PortMapModelFile.h"
#include "PortMap/SyntheticMachine.h"
#include "PortMapHost/HostCharacterisation.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using namespace llvm::exegesis::portmap;

namespace {

/// The message of \p E's error; empty when it holds a value.
template <typename T> std::string errorOf(Expected<T> E) {
  return E ? std::string() : toString(E.takeError());
}

/// The toy machine's model, inferred from its exact throughputs.
PortMapModelFile makeToyFile(SyntheticMachine &M,
                             std::optional<ResourceModel> *Model = nullptr) {
  PortMapModelFile F;
  F.Tool = getToolVersion();
  F.Date = "2026-12-07T19:00:00Z";
  F.CpuName = "znver5";
  F.Triple = "x86_64-unknown-linux-gnu";
  for (const SyntheticInstr &I : M.Candidates)
    F.Candidates.push_back(I.Name);
  auto Measure = [&](ArrayRef<KernelTerm> K) -> Expected<double> {
    SmallVector<const SyntheticInstr *, 4> Instrs;
    SmallVector<unsigned, 4> Counts;
    for (const KernelTerm &T : K) {
      Instrs.push_back(&M.Candidates[T.Instr]);
      Counts.push_back(T.Count);
    }
    double Cycles = M.cycles(Instrs, Counts);
    F.Measurements[getMixtureKey(K, F.Candidates)] = Cycles;
    return Cycles;
  };
  Expected<InferenceResult> R =
      inferResourceModel(F.Candidates, Measure, InferenceOptions());
  EXPECT_TRUE(bool(R)) << errorOf(std::move(R));
  if (R) {
    F.setInference(*R);
    if (Model)
      *Model = R->Model;
  }
  return F;
}

TEST(PortMapModelFileTest, RoundTripKeepsEverything) {
  SyntheticMachine M = makeToyMachine(0);
  PortMapModelFile F = makeToyFile(M);
  ASSERT_TRUE(F.Complete);
  ASSERT_FALSE(F.Resources.empty());
  ASSERT_FALSE(F.Measurements.empty());
  F.Resources[0].SchedModelName = "Zn5ALU0";
  std::string Text = F.toYaml();
  Expected<PortMapModelFile> Back = PortMapModelFile::fromYaml(Text, "toy");
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  EXPECT_EQ(Back->Tool, F.Tool);
  EXPECT_EQ(Back->Date, F.Date);
  EXPECT_EQ(Back->CpuName, "znver5");
  EXPECT_EQ(Back->Triple, F.Triple);
  EXPECT_TRUE(Back->Complete);
  EXPECT_EQ(Back->Candidates, F.Candidates);
  EXPECT_EQ(Back->Basic, F.Basic);
  EXPECT_EQ(Back->ClassOf, F.ClassOf);
  EXPECT_EQ(Back->PortSets, F.PortSets);
  EXPECT_EQ(Back->NumPorts, F.NumPorts);
  ASSERT_EQ(Back->Resources.size(), F.Resources.size());
  for (size_t R = 0; R < F.Resources.size(); ++R) {
    EXPECT_EQ(Back->Resources[R].Name, F.Resources[R].Name);
    EXPECT_EQ(Back->Resources[R].Instructions, F.Resources[R].Instructions);
    EXPECT_EQ(Back->Resources[R].Units, F.Resources[R].Units);
    EXPECT_DOUBLE_EQ(Back->Resources[R].Throughput, F.Resources[R].Throughput);
    EXPECT_EQ(Back->Resources[R].Saturating, F.Resources[R].Saturating);
  }
  EXPECT_EQ(Back->Resources[0].SchedModelName, "Zn5ALU0");
  ASSERT_EQ(Back->Notes.size(), F.Notes.size());
  for (size_t N = 0; N < F.Notes.size(); ++N) {
    EXPECT_EQ(Back->Notes[N].Kind, F.Notes[N].Kind);
    EXPECT_EQ(Back->Notes[N].Text, F.Notes[N].Text);
  }
  EXPECT_EQ(Back->Measurements, F.Measurements);
  // Written again, the same text: nothing is lost or rounded twice.
  EXPECT_EQ(Back->toYaml(), Text);
}

TEST(PortMapModelFileTest, ModelReadBackPredictsAsTheInferredOne) {
  SyntheticMachine M = makeToyMachine(0);
  std::optional<ResourceModel> Inferred;
  PortMapModelFile F = makeToyFile(M, &Inferred);
  ASSERT_TRUE(Inferred);
  Expected<PortMapModelFile> Back =
      PortMapModelFile::fromYaml(F.toYaml(), "toy");
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  Expected<ResourceModel> Model = Back->getResourceModel();
  ASSERT_TRUE(bool(Model)) << toString(Model.takeError());
  ASSERT_EQ(Model->getNumBasic(), Inferred->getNumBasic());
  // Every mixture of up to three copies of each basic instruction.
  unsigned N = Model->getNumBasic();
  for (unsigned Code = 1; Code < (1u << (2 * N)); ++Code) {
    Kernel K;
    for (unsigned B = 0; B < N; ++B)
      if (unsigned C = Code >> (2 * B) & 3)
        K.push_back({B, C});
    EXPECT_NEAR(Model->predictCycles(K), Inferred->predictCycles(K), 1e-6)
        << getMixtureKey(K, Back->Basic);
  }
  for (unsigned R = 0; R < Model->resources().size(); ++R)
    EXPECT_EQ(getMixtureKey(Model->getSaturatingKernel(R, 4), Back->Basic),
              getMixtureKey(Inferred->getSaturatingKernel(R, 4), Back->Basic));
}

TEST(PortMapModelFileTest, UnfinishedModelIsRefused) {
  PortMapModelFile F;
  F.CpuName = "znver5";
  F.Candidates = {"A", "B"};
  F.Measurements["1*A"] = 0.25;
  Expected<PortMapModelFile> Back =
      PortMapModelFile::fromYaml(F.toYaml(), "half.yaml");
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  EXPECT_FALSE(Back->Complete);
  EXPECT_DOUBLE_EQ(Back->Measurements["1*A"], 0.25);
  EXPECT_NE(errorOf(Back->getResourceModel()).find("unfinished"),
            std::string::npos);
}

TEST(PortMapModelFileTest, OtherFilesAreRefusedWithTheirName) {
  EXPECT_EQ(
      errorOf(PortMapModelFile::fromYaml("format: something-else\n", "x.yaml"))
          .rfind("x.yaml:", 0),
      0u);
  EXPECT_EQ(errorOf(PortMapModelFile::fromYaml("- [ 1, 2\n", "y.yaml"))
                .rfind("y.yaml:", 0),
            0u);
  EXPECT_NE(errorOf(PortMapModelFile::read("/nonexistent/model.yaml"))
                .find("/nonexistent/model.yaml"),
            std::string::npos);
}

TEST(PortMapModelFileTest, ResourceNamingNoBasicInstructionIsRefused) {
  SyntheticMachine M = makeToyMachine(0);
  PortMapModelFile F = makeToyFile(M);
  F.Resources[0].Instructions.push_back("NOT_AN_INSTRUCTION");
  EXPECT_NE(errorOf(F.getResourceModel()).find("NOT_AN_INSTRUCTION"),
            std::string::npos);
}

TEST(PortMapModelFileTest, WriteReplacesTheFileWhole) {
  SmallString<128> Path;
  ASSERT_FALSE(sys::fs::createTemporaryFile("portmap", "yaml", Path));
  PortMapModelFile F;
  F.CpuName = "znver5";
  F.Candidates = {"A"};
  F.Measurements["1*A"] = 1;
  ASSERT_FALSE(bool(F.write(Path)));
  F.Measurements["2*A"] = 2;
  ASSERT_FALSE(bool(F.write(Path)));
  Expected<PortMapModelFile> Back = PortMapModelFile::read(Path);
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  EXPECT_EQ(Back->Measurements.size(), 2u);
  sys::fs::remove(Path);
}

} // namespace
