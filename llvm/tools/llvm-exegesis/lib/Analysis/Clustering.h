//===-- Clustering.h - Groups benchmarks that behave the same ---*- C++ -*-===//
//
// Analysis looks at groups of benchmarks with the same measured behaviour
// rather than at single points: a group whose members share a scheduling
// class but not the model's numbers is what a model maintainer must fix.
// Groups come from DBSCAN over the measurement vectors (points closer than
// epsilon are neighbours; a point with enough neighbours seeds a cluster),
// or, naively, from one group per opcode and scheduling class.
//
// A cluster is unstable when its points are not really alike: with DBSCAN,
// when the benchmarks of one (opcode, config) end up in different clusters
// (they are moved together into a cluster of their own, marked unstable);
// naively, when some point lies further than epsilon/2 from the centroid.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_CLUSTERING_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_CLUSTERING_H

#include "Core/Benchmark.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <cstddef>
#include <limits>
#include <vector>

namespace llvm {
namespace exegesis {

enum class ClusteringMode { Dbscan, Naive };

struct ClusteringOptions {
  ClusteringMode Mode = ClusteringMode::Dbscan;
  /// Largest distance between neighbours (DBSCAN), twice the largest
  /// distance to the centroid in a stable cluster (naive).
  double Epsilon = 0.1;
  /// DBSCAN: a point with at least this many points (itself included)
  /// within Epsilon starts or extends a cluster.
  unsigned MinPoints = 3;
};

/// Which cluster a point is in: a valid cluster (possibly unstable), noise
/// (too few neighbours), or error (the benchmark has no usable measurement).
class ClusterId {
public:
  static ClusterId noise() { return ClusterId(NoiseId, false); }
  static ClusterId error() { return ClusterId(ErrorId, false); }
  static ClusterId makeValid(size_t Id, bool Unstable = false) {
    return ClusterId(Id, Unstable);
  }
  ClusterId() : Id(UndefinedId), Unstable(false) {}

  bool isValid() const { return Id < MaxValidId; }
  bool isUnstable() const { return Unstable; }
  bool isNoise() const { return Id == NoiseId; }
  bool isError() const { return Id == ErrorId; }
  bool isUndefined() const { return Id == UndefinedId; }
  /// Only meaningful for valid clusters.
  size_t getId() const { return Id; }

  bool operator==(const ClusterId &O) const {
    return Id == O.Id && Unstable == O.Unstable;
  }
  bool operator!=(const ClusterId &O) const { return !(*this == O); }

private:
  static constexpr size_t UndefinedId = std::numeric_limits<size_t>::max();
  static constexpr size_t NoiseId = UndefinedId - 1;
  static constexpr size_t ErrorId = UndefinedId - 2;
  static constexpr size_t MaxValidId = UndefinedId - 3;
  ClusterId(size_t Id, bool Unstable) : Id(Id), Unstable(Unstable) {}

  size_t Id;
  bool Unstable;
};

struct Cluster {
  ClusterId Id;
  /// Indices into the benchmark list, in the order clustering added them
  /// (file order for naive clustering, DBSCAN reach order otherwise).
  std::vector<size_t> PointIndices;
};

class BenchmarkClustering {
public:
  /// Clusters \p Points. \p SchedClassIds gives each point's resolved
  /// scheduling class; only naive clustering uses it, and may be empty for
  /// DBSCAN. Fails when the benchmarks do not all measure the same keys.
  static Expected<BenchmarkClustering>
  create(ArrayRef<Benchmark> Points, const ClusteringOptions &Options,
         ArrayRef<unsigned> SchedClassIds = {});

  ClusterId getClusterIdForPoint(size_t P) const { return ClusterIds[P]; }
  /// Valid clusters by id; the clusters of unstable (opcode, config) groups
  /// come last. A cluster emptied by moving its points out stays, empty; so
  /// does a naive cluster whose benchmarks all failed.
  ArrayRef<Cluster> getValidClusters() const { return ValidClusters; }
  const Cluster &getNoiseCluster() const { return NoiseCluster; }
  const Cluster &getErrorCluster() const { return ErrorCluster; }
  /// The measurement keys shared by every clustered point, in file order.
  ArrayRef<std::string> getMeasurementKeys() const { return Keys; }

  /// True when \p A and \p B (per-instruction values, same keys) are within
  /// the square root of \p EpsilonSquared of each other.
  static bool isNeighbour(ArrayRef<BenchmarkMeasure> A,
                          ArrayRef<BenchmarkMeasure> B, double EpsilonSquared);

private:
  BenchmarkClustering(ArrayRef<Benchmark> Points, ClusteringOptions Options)
      : Points(Points), Options(Options) {}
  Error validateAndSetup();
  void clusterDbscan();
  void clusterNaive(ArrayRef<unsigned> SchedClassIds);
  void stabilize();
  void rangeQuery(size_t Q, std::vector<size_t> &Neighbours) const;

  ArrayRef<Benchmark> Points;
  ClusteringOptions Options;
  std::vector<std::string> Keys;
  std::vector<ClusterId> ClusterIds;
  std::vector<Cluster> ValidClusters;
  Cluster NoiseCluster{ClusterId::noise(), {}};
  Cluster ErrorCluster{ClusterId::error(), {}};
};

} // namespace exegesis
} // namespace llvm

#endif
