//===-- Clustering.cpp ------------------------------------------*- C++ -*-===//

#include "Analysis/Clustering.h"
#include "Results/OperandPairKey.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace llvm {
namespace exegesis {

static std::string joinKeys(ArrayRef<BenchmarkMeasure> Measures) {
  std::string Result;
  for (const BenchmarkMeasure &M : Measures) {
    if (!Result.empty())
      Result += ", ";
    Result += M.Key;
  }
  return Result;
}

/// The opcode a benchmark stands for: its first instruction's, as snippets
/// generated for an opcode start with it. ~0u for an empty snippet.
static unsigned getOpcode(const Benchmark &B) {
  return B.Key.Instructions.empty() ? ~0u
                                    : B.Key.Instructions.front().getOpcode();
}

bool BenchmarkClustering::isNeighbour(ArrayRef<BenchmarkMeasure> A,
                                      ArrayRef<BenchmarkMeasure> B,
                                      double EpsilonSquared) {
  double DistanceSquared = 0;
  for (size_t I = 0, E = std::min(A.size(), B.size()); I < E; ++I) {
    double D = A[I].PerInstructionValue - B[I].PerInstructionValue;
    DistanceSquared += D * D;
  }
  return DistanceSquared <= EpsilonSquared;
}

Expected<BenchmarkClustering>
BenchmarkClustering::create(ArrayRef<Benchmark> Points,
                            const ClusteringOptions &Options,
                            ArrayRef<unsigned> SchedClassIds) {
  BenchmarkClustering Result(Points, Options);
  if (Error E = Result.validateAndSetup())
    return E;
  if (Options.Mode == ClusteringMode::Naive) {
    if (SchedClassIds.size() != Points.size())
      return createStringError(inconvertibleErrorCode(),
                               "naive clustering needs the scheduling class "
                               "of every benchmark");
    Result.clusterNaive(SchedClassIds);
  } else {
    Result.clusterDbscan();
    Result.stabilize();
  }
  return Result;
}

// A benchmark that failed, or that ran with dummy counters, has nothing to
// cluster on: it goes to the error cluster. All others must measure the
// same keys in the same order, or distances would compare apples to pears.
Error BenchmarkClustering::validateAndSetup() {
  ClusterIds.assign(Points.size(), ClusterId());
  std::optional<size_t> First;
  for (size_t P = 0; P < Points.size(); ++P) {
    const Benchmark &B = Points[P];
    if (!B.Error.empty() || B.Measurements.empty()) {
      ClusterIds[P] = ClusterId::error();
      ErrorCluster.PointIndices.push_back(P);
      continue;
    }
    // Operand-pair latencies differ in number from opcode to opcode: the
    // clusters are made on what comes before them, which every benchmark
    // of the mode has.
    ArrayRef<BenchmarkMeasure> Measured = withoutOperandPairs(B.Measurements);
    if (!First) {
      First = P;
      for (const BenchmarkMeasure &M : Measured)
        Keys.push_back(M.Key);
      continue;
    }
    ArrayRef<BenchmarkMeasure> Ref =
        withoutOperandPairs(Points[*First].Measurements);
    bool Same = Ref.size() == Measured.size();
    for (size_t I = 0; Same && I < Ref.size(); ++I)
      Same = Ref[I].Key == Measured[I].Key;
    if (!Same)
      return createStringError(
          inconvertibleErrorCode(),
          "benchmark #%zu measures '%s' but benchmark #%zu measures '%s': all "
          "benchmarks must measure the same keys",
          P + 1, joinKeys(Measured).c_str(), *First + 1,
          joinKeys(Ref).c_str());
  }
  return Error::success();
}

void BenchmarkClustering::rangeQuery(size_t Q,
                                     std::vector<size_t> &Neighbours) const {
  Neighbours.clear();
  const double EpsilonSquared = Options.Epsilon * Options.Epsilon;
  ArrayRef<BenchmarkMeasure> QM = withoutOperandPairs(Points[Q].Measurements);
  for (size_t P = 0; P < Points.size(); ++P) {
    if (P == Q || ClusterIds[P].isError())
      continue;
    if (isNeighbour(withoutOperandPairs(Points[P].Measurements), QM,
                    EpsilonSquared))
      Neighbours.push_back(P);
  }
}

// Points are added to a cluster in the order DBSCAN reaches them (first the
// seed, then breadth-first through the dense neighbourhoods): upstream lists
// them in that order, and so do we, so that the CSVs match line for line.
void BenchmarkClustering::clusterDbscan() {
  std::vector<size_t> Neighbours;
  std::deque<size_t> ToVisit;
  std::vector<bool> Queued(Points.size());
  for (size_t P = 0; P < Points.size(); ++P) {
    if (!ClusterIds[P].isUndefined())
      continue;
    rangeQuery(P, Neighbours);
    if (Neighbours.size() + 1 < Options.MinPoints) {
      ClusterIds[P] = ClusterId::noise();
      continue;
    }
    ClusterId Id = ClusterId::makeValid(ValidClusters.size());
    ValidClusters.push_back({Id, {P}});
    std::vector<size_t> &Members = ValidClusters.back().PointIndices;
    ClusterIds[P] = Id;
    Queued.assign(Points.size(), false);
    Queued[P] = true;
    auto Enqueue = [&](ArrayRef<size_t> Ns) {
      for (size_t N : Ns)
        if (!Queued[N]) {
          Queued[N] = true;
          ToVisit.push_back(N);
        }
    };
    Enqueue(Neighbours);
    while (!ToVisit.empty()) {
      size_t Q = ToVisit.front();
      ToVisit.pop_front();
      // A noise point reachable from a core point is a border point of
      // this cluster; it has too few neighbours to extend it.
      if (ClusterIds[Q].isNoise()) {
        ClusterIds[Q] = Id;
        Members.push_back(Q);
        continue;
      }
      if (!ClusterIds[Q].isUndefined())
        continue;
      ClusterIds[Q] = Id;
      Members.push_back(Q);
      rangeQuery(Q, Neighbours);
      if (Neighbours.size() + 1 >= Options.MinPoints)
        Enqueue(Neighbours);
    }
  }
  for (size_t P = 0; P < Points.size(); ++P)
    if (ClusterIds[P].isNoise())
      NoiseCluster.PointIndices.push_back(P);
}

void BenchmarkClustering::stabilize() {
  // (opcode, config) -> clusters holding its benchmarks; ordered so that the
  // unstable clusters are numbered by opcode, then config.
  std::map<std::pair<unsigned, std::string>, std::set<size_t>> ClustersOf;
  for (size_t P = 0; P < Points.size(); ++P)
    if (ClusterIds[P].isValid())
      ClustersOf[{getOpcode(Points[P]), Points[P].Key.Config}].insert(
          ClusterIds[P].getId());
  for (const auto &[OpcodeAndConfig, Clusters] : ClustersOf) {
    if (Clusters.size() < 2)
      continue;
    ClusterId Unstable =
        ClusterId::makeValid(ValidClusters.size(), /*Unstable=*/true);
    Cluster Moved{Unstable, {}};
    const unsigned Opcode = OpcodeAndConfig.first;
    const std::string &Config = OpcodeAndConfig.second;
    for (size_t C : Clusters) {
      std::vector<size_t> &Members = ValidClusters[C].PointIndices;
      llvm::erase_if(Members, [&](size_t P) {
        if (getOpcode(Points[P]) != Opcode || Points[P].Key.Config != Config)
          return false;
        Moved.PointIndices.push_back(P);
        return true;
      });
    }
    for (size_t P : Moved.PointIndices)
      ClusterIds[P] = Unstable;
    ValidClusters.push_back(std::move(Moved));
  }
}

void BenchmarkClustering::clusterNaive(ArrayRef<unsigned> SchedClassIds) {
  // opcode -> sched classes of its benchmarks, in order of appearance.
  // Failed benchmarks count here, though they join no cluster: a group of
  // failed benchmarks only is an empty cluster, which keeps the cluster ids
  // those of upstream (which puts failed benchmarks in naive clusters).
  std::map<unsigned, std::vector<unsigned>> ClassesOfOpcode;
  for (size_t P = 0; P < Points.size(); ++P) {
    std::vector<unsigned> &Classes = ClassesOfOpcode[getOpcode(Points[P])];
    if (!is_contained(Classes, SchedClassIds[P]))
      Classes.push_back(SchedClassIds[P]);
  }
  std::map<std::pair<unsigned, unsigned>, size_t> ClusterOf;
  for (const auto &[Opcode, Classes] : ClassesOfOpcode)
    for (unsigned Class : Classes) {
      ClusterOf[{Opcode, Class}] = ValidClusters.size();
      ValidClusters.push_back({ClusterId::makeValid(ValidClusters.size()), {}});
    }
  for (size_t P = 0; P < Points.size(); ++P)
    if (!ClusterIds[P].isError())
      ValidClusters[ClusterOf[{getOpcode(Points[P]), SchedClassIds[P]}]]
          .PointIndices.push_back(P);

  const double HalfEpsilon = Options.Epsilon / 2;
  for (Cluster &C : ValidClusters) {
    if (C.PointIndices.empty())
      continue;
    std::vector<BenchmarkMeasure> Centroid =
        withoutOperandPairs(Points[C.PointIndices.front()].Measurements);
    for (size_t K = 0; K < Centroid.size(); ++K) {
      double Sum = 0;
      for (size_t P : C.PointIndices)
        Sum += Points[P].Measurements[K].PerInstructionValue;
      Centroid[K].PerInstructionValue = Sum / C.PointIndices.size();
    }
    bool Stable = all_of(C.PointIndices, [&](size_t P) {
      return isNeighbour(withoutOperandPairs(Points[P].Measurements), Centroid,
                         HalfEpsilon * HalfEpsilon);
    });
    C.Id = ClusterId::makeValid(C.Id.getId(), !Stable);
    for (size_t P : C.PointIndices)
      ClusterIds[P] = C.Id;
  }
}

} // namespace exegesis
} // namespace llvm
