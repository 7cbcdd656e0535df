//===-- StructureSolverTest.cpp - Port sets that explain measurements -----===//

#include "PortMap/StructureSolver.h"
#include "gtest/gtest.h"
#include <vector>

using namespace llvm;
using namespace llvm::exegesis::portmap;

namespace {

/// Exact measurements of \p Kernels on \p Truth.
std::vector<KernelMeasurement> measureOn(const PortMapping &Truth,
                                         ArrayRef<Kernel> Kernels) {
  std::vector<KernelMeasurement> M;
  for (const Kernel &K : Kernels)
    M.push_back({K, Truth.predictCycles(K)});
  return M;
}

/// a{0}, b{1}, c{0,1}.
PortMapping makeTruth() {
  PortMapping PM;
  PM.NumPorts = 2;
  PM.PortSets = {0b01, 0b10, 0b11};
  return PM;
}

StructureOptions fastOptions() {
  StructureOptions O;
  O.MaxPorts = 6;
  O.MaxDispatchWidth = 6;
  return O;
}

TEST(StructureSolverTest, SolvesSinglesAndPairsBack) {
  PortMapping Truth = makeTruth();
  std::vector<Kernel> Kernels = {{{0, 1}},         {{1, 1}},
                                 {{2, 2}},         {{0, 1}, {1, 1}},
                                 {{0, 1}, {2, 2}}, {{1, 1}, {2, 2}}};
  Expected<StructureSolution> S =
      solveStructure(3, measureOn(Truth, Kernels), fastOptions());
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  EXPECT_TRUE(S->Unexplained.empty());
  EXPECT_EQ(S->Mapping.NumPorts, 2u);
  EXPECT_TRUE(isSameUpToPortRenaming(S->Mapping, Truth));
}

TEST(StructureSolverTest, FindsTheDispatchWidth) {
  // Four instructions on ports of their own, three micro-ops a cycle.
  PortMapping Truth;
  Truth.NumPorts = 4;
  Truth.PortSets = {0b0001, 0b0010, 0b0100, 0b1000};
  Truth.DispatchWidth = 3;
  std::vector<Kernel> Kernels;
  for (unsigned A = 0; A < 4; ++A) {
    Kernels.push_back({{A, 1}});
    for (unsigned B = A + 1; B < 4; ++B)
      Kernels.push_back({{A, 1}, {B, 1}});
  }
  Kernels.push_back({{0, 1}, {1, 1}, {2, 1}, {3, 1}});
  Expected<StructureSolution> S =
      solveStructure(4, measureOn(Truth, Kernels), fastOptions());
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  EXPECT_TRUE(S->Unexplained.empty());
  EXPECT_EQ(S->Mapping.DispatchWidth, 3u);
  EXPECT_TRUE(isSameUpToPortRenaming(S->Mapping, Truth));
}

TEST(StructureSolverTest, ReportsWhatNoMappingExplains) {
  PortMapping Truth = makeTruth();
  std::vector<Kernel> Kernels = {
      {{0, 1}}, {{1, 1}}, {{2, 2}}, {{0, 1}, {1, 1}}};
  std::vector<KernelMeasurement> M = measureOn(Truth, Kernels);
  // a + b at 1.5 cycles: one port gives 2, two ports give 1, and no whole
  // dispatch width gives 1.5.
  M[3].Cycles = 1.5;
  Expected<StructureSolution> S = solveStructure(3, M, fastOptions());
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  ASSERT_EQ(S->Unexplained.size(), 1u);
  EXPECT_EQ(S->Unexplained[0], 3u);
}

TEST(StructureSolverTest, AsksForTheKernelThatTellsMappingsApart) {
  // Singles alone: a and b may share their port (the fewest ports), or
  // not; a + b tells.
  PortMapping Truth = makeTruth();
  std::vector<KernelMeasurement> M =
      measureOn(Truth, {{{0, 1}}, {{1, 1}}, {{2, 2}}});
  Expected<StructureSolution> Best = solveStructure(3, M, fastOptions());
  ASSERT_TRUE(static_cast<bool>(Best)) << toString(Best.takeError());
  std::vector<Kernel> Candidates = {{{0, 1}, {1, 1}}};
  Expected<std::optional<Distinction>> D =
      findDistinguishing(3, M, *Best, Candidates, fastOptions());
  ASSERT_TRUE(static_cast<bool>(D)) << toString(D.takeError());
  ASSERT_TRUE(D->has_value());
  EXPECT_EQ((*D)->CandidateIndex, 0u);
  double BestSays = Best->Mapping.predictCycles(Candidates[0]);
  double OtherSays = (*D)->Alternative.predictCycles(Candidates[0]);
  EXPECT_NE(BestSays, OtherSays);

  // Measured, the pair leaves one mapping, the true one.
  M.push_back({Candidates[0], Truth.predictCycles(Candidates[0])});
  Expected<StructureSolution> Again = solveStructure(3, M, fastOptions());
  ASSERT_TRUE(static_cast<bool>(Again)) << toString(Again.takeError());
  EXPECT_TRUE(isSameUpToPortRenaming(Again->Mapping, Truth));
  Expected<std::optional<Distinction>> None =
      findDistinguishing(3, M, *Again, Candidates, fastOptions());
  ASSERT_TRUE(static_cast<bool>(None)) << toString(None.takeError());
  EXPECT_FALSE(None->has_value());
}

TEST(StructureSolverTest, RefusesTooManyInstructions) {
  Expected<StructureSolution> S =
      solveStructure(MaxInstructions + 1, {}, fastOptions());
  ASSERT_FALSE(static_cast<bool>(S));
  EXPECT_NE(toString(S.takeError()).find("at most"), std::string::npos);
}

} // namespace
