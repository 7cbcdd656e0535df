//===-- ClusteringTest.cpp - DBSCAN and naive clustering ------------------===//

#include "Analysis/Clustering.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

using Ids = std::vector<size_t>;
using Clusters = std::vector<Ids>;

Benchmark makePoint(unsigned Opcode, std::vector<double> Values,
                    std::string Config = "", std::string Error = "") {
  static const char *const Keys[] = {"k0", "k1", "k2"};
  Benchmark B;
  MCInst MI;
  MI.setOpcode(Opcode);
  B.Key.Instructions.push_back(MI);
  B.Key.Config = Config;
  B.Mode = BenchmarkMode::Latency;
  for (size_t I = 0; I < Values.size(); ++I)
    B.Measurements.push_back({Keys[I], Values[I], Values[I], {}});
  B.Error = Error;
  return B;
}

ClusteringOptions dbscan(double Epsilon, unsigned MinPoints) {
  ClusteringOptions Options;
  Options.Epsilon = Epsilon;
  Options.MinPoints = MinPoints;
  return Options;
}

std::vector<std::vector<size_t>> membersOf(const BenchmarkClustering &C) {
  std::vector<std::vector<size_t>> Result;
  for (const Cluster &Cl : C.getValidClusters())
    Result.push_back(Cl.PointIndices);
  return Result;
}

TEST(ClusteringTest, DbscanGroupsNearbyPointsAndSetsNoiseAndErrorsApart) {
  std::vector<Benchmark> Points = {makePoint(1, {1.0, 2.0}),
                                   makePoint(2, {1.05, 2.0}),
                                   makePoint(3, {5.0, 5.0}),
                                   makePoint(4, {1.0, 2.05}),
                                   makePoint(5, {5.0, 5.05}),
                                   makePoint(6, {9.0, 9.0}),
                                   makePoint(7, {1.0, 2.0}, "", "crashed"),
                                   makePoint(8, {5.05, 5.0})};
  auto C = cantFail(BenchmarkClustering::create(Points, dbscan(0.1, 3)));
  EXPECT_EQ(membersOf(C), (Clusters{{0, 1, 3}, {2, 4, 7}}));
  EXPECT_EQ(C.getNoiseCluster().PointIndices, (Ids{5}));
  EXPECT_EQ(C.getErrorCluster().PointIndices, (Ids{6}));
  EXPECT_TRUE(C.getClusterIdForPoint(5).isNoise());
  EXPECT_TRUE(C.getClusterIdForPoint(6).isError());
  EXPECT_EQ(C.getClusterIdForPoint(7).getId(), 1u);
  EXPECT_EQ(C.getMeasurementKeys().vec(),
            (std::vector<std::string>{"k0", "k1"}));
}

TEST(ClusteringTest, EpsilonIsInclusiveAndMinPointsCountsThePointItself) {
  // 0.25 and 0.5 are exact in binary: the boundary is tested exactly.
  std::vector<Benchmark> Points = {makePoint(1, {1.0}), makePoint(2, {1.25})};
  EXPECT_EQ(
      membersOf(cantFail(BenchmarkClustering::create(Points, dbscan(0.25, 2)))),
      (Clusters{{0, 1}}));
  EXPECT_EQ(
      membersOf(cantFail(BenchmarkClustering::create(Points, dbscan(0.24, 2)))),
      Clusters{});
  EXPECT_EQ(
      membersOf(cantFail(BenchmarkClustering::create(Points, dbscan(0.25, 3)))),
      Clusters{});
}

TEST(ClusteringTest, DistanceIsEuclideanOverAllKeys) {
  // (0,0) and (3,4) are exactly 5 apart.
  std::vector<Benchmark> Points = {makePoint(1, {0, 0}), makePoint(2, {3, 4})};
  EXPECT_EQ(
      membersOf(cantFail(BenchmarkClustering::create(Points, dbscan(5, 2)))),
      (Clusters{{0, 1}}));
  EXPECT_EQ(
      membersOf(cantFail(BenchmarkClustering::create(Points, dbscan(4.99, 2)))),
      Clusters{});
}

TEST(ClusteringTest, NoiseReachableFromACorePointBecomesABorderPoint) {
  // 1.0 sees only 1.25 (2 points): noise when first visited. 1.25 sees
  // both neighbours (3 points): a core point that absorbs 1.0 and 1.5. 1.5
  // is a border point too: it does not extend the cluster to 1.75.
  std::vector<Benchmark> Points = {makePoint(1, {1.0}), makePoint(2, {1.25}),
                                   makePoint(3, {1.5}), makePoint(4, {2.0})};
  auto C = cantFail(BenchmarkClustering::create(Points, dbscan(0.25, 3)));
  // Members are listed in the order DBSCAN reached them: the core point,
  // then its neighbours.
  EXPECT_EQ(membersOf(C), (Clusters{{1, 0, 2}}));
  EXPECT_EQ(C.getNoiseCluster().PointIndices, (Ids{3}));
}

TEST(ClusteringTest, ChainsOfCorePointsFormOneCluster) {
  std::vector<Benchmark> Points;
  for (int I = 0; I < 10; ++I)
    Points.push_back(makePoint(I, {I * 0.25}));
  auto C = cantFail(BenchmarkClustering::create(Points, dbscan(0.25, 3)));
  ASSERT_EQ(C.getValidClusters().size(), 1u);
  EXPECT_EQ(C.getValidClusters()[0].PointIndices.size(), 10u);
}

TEST(ClusteringTest, OpcodeSplitAcrossClustersMovesToAnUnstableCluster) {
  // Opcode 7 (config "b" and "a") and opcode 3 each measure 1 and 3.
  std::vector<Benchmark> Points = {
      makePoint(7, {1.0}, "b"), makePoint(3, {1.0}),     makePoint(9, {1.0}),
      makePoint(7, {3.0}, "b"), makePoint(3, {3.0}),     makePoint(10, {3.02}),
      makePoint(7, {1.0}, "a"), makePoint(7, {3.0}, "a")};
  auto C = cantFail(BenchmarkClustering::create(Points, dbscan(0.1, 1)));
  // Clusters 0 and 1 keep opcodes 9 and 10; the unstable clusters follow,
  // ordered by opcode then config.
  EXPECT_EQ(membersOf(C), (Clusters{{2}, {5}, {1, 4}, {6, 7}, {0, 3}}));
  EXPECT_FALSE(C.getValidClusters()[0].Id.isUnstable());
  EXPECT_TRUE(C.getValidClusters()[2].Id.isUnstable());
  EXPECT_TRUE(C.getClusterIdForPoint(0).isUnstable());
  EXPECT_EQ(C.getClusterIdForPoint(0).getId(), 4u);
}

TEST(ClusteringTest, NoiseDoesNotMakeAnOpcodeUnstable) {
  std::vector<Benchmark> Points = {makePoint(1, {1.0}), makePoint(1, {1.0}),
                                   makePoint(1, {1.0}), makePoint(1, {5.0})};
  auto C = cantFail(BenchmarkClustering::create(Points, dbscan(0.1, 3)));
  EXPECT_EQ(membersOf(C), (Clusters{{0, 1, 2}}));
  EXPECT_FALSE(C.getClusterIdForPoint(0).isUnstable());
}

TEST(ClusteringTest, RefusesDifferentMeasurementKeys) {
  std::vector<Benchmark> Points = {makePoint(1, {1.0}),
                                   makePoint(2, {1.0, 2.0})};
  auto C = BenchmarkClustering::create(Points, dbscan(0.1, 3));
  ASSERT_FALSE(static_cast<bool>(C));
  EXPECT_EQ(toString(C.takeError()),
            "benchmark #2 measures 'k0, k1' but benchmark #1 measures 'k0': "
            "all benchmarks must measure the same keys");
}

TEST(ClusteringTest, FailedBenchmarksNeedNotMeasureTheSameKeys) {
  std::vector<Benchmark> Points = {makePoint(1, {1.0}),
                                   makePoint(2, {}, "", "no counter")};
  auto C = cantFail(BenchmarkClustering::create(Points, dbscan(0.1, 1)));
  EXPECT_EQ(C.getErrorCluster().PointIndices, (Ids{1}));
}

TEST(ClusteringTest, NaiveMakesOneClusterPerOpcodeAndSchedClass) {
  ClusteringOptions Naive;
  Naive.Mode = ClusteringMode::Naive;
  Naive.Epsilon = 0.1;
  std::vector<Benchmark> Points = {
      makePoint(5, {1.0}), makePoint(5, {1.0}, "other config"),
      makePoint(2, {1.0}), makePoint(5, {3.0}), makePoint(2, {1.04})};
  // Opcode 5 has sched class 40 (first seen) and 30.
  std::vector<unsigned> SchedClasses = {40, 40, 10, 30, 10};
  auto C = cantFail(BenchmarkClustering::create(Points, Naive, SchedClasses));
  EXPECT_EQ(membersOf(C), (Clusters{{2, 4}, {0, 1}, {3}}));
  // 1.0 and 1.04 are within 0.05 of their mean 1.02.
  EXPECT_FALSE(C.getValidClusters()[0].Id.isUnstable());
}

TEST(ClusteringTest, NaiveKeepsAnEmptyClusterForFailedOnlyGroups) {
  ClusteringOptions Naive;
  Naive.Mode = ClusteringMode::Naive;
  // Opcode 3 only failed: its cluster exists, empty, so that opcode 4 gets
  // the id it would have had with the failure counted.
  std::vector<Benchmark> Points = {makePoint(4, {1.0}),
                                   makePoint(3, {}, "", "crashed"),
                                   makePoint(2, {1.0})};
  auto C = cantFail(BenchmarkClustering::create(Points, Naive, {7, 8, 9}));
  EXPECT_EQ(membersOf(C), (Clusters{{2}, {}, {0}}));
  EXPECT_TRUE(C.getClusterIdForPoint(1).isError());
}

TEST(ClusteringTest, NaiveClusterIsUnstableWhenAPointIsFarFromTheCentroid) {
  ClusteringOptions Naive;
  Naive.Mode = ClusteringMode::Naive;
  Naive.Epsilon = 0.1;
  // Mean 1.0625: 1.25 is 0.1875 away, beyond epsilon/2.
  std::vector<Benchmark> Points = {makePoint(5, {1.0}), makePoint(5, {1.0}),
                                   makePoint(5, {1.0}), makePoint(5, {1.25})};
  auto C = cantFail(BenchmarkClustering::create(Points, Naive, {1, 1, 1, 1}));
  ASSERT_EQ(C.getValidClusters().size(), 1u);
  EXPECT_TRUE(C.getValidClusters()[0].Id.isUnstable());
  EXPECT_TRUE(C.getClusterIdForPoint(3).isUnstable());
}

} // namespace
