//===-- AnalysisFuzzer.cpp - libFuzzer target: -mode=analysis -------------===//
//
// Feeds arbitrary bytes, as a results file, to analyseBenchmarks: the part
// of -mode=analysis between reading the file and writing the reports
// (YAML reader, filter, scheduling-class resolution, clustering, clusters
// CSV and inconsistencies HTML). As the tool does, the file's own
// llvm_triple and cpu_name pick the target (states are kept, a few at a
// time, since building one costs far more than an input); the clustering
// and report options are chosen from a hash of the input so that one input
// always runs the same way and the corpus covers all of them.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AnalysisRunner.h"
#include "FuzzState.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/xxhash.h"
#include <cstddef>
#include <cstdint>

using namespace llvm;
using namespace llvm::exegesis;

/// The state of \p Target, or the fixed fuzz state when it has none.
static const LLVMState &getStateFor(const BenchmarksTarget &Target) {
  static StringMap<std::unique_ptr<LLVMState>> States;
  std::string Key = Target.Triple + "\n" + Target.CpuName;
  auto It = States.find(Key);
  if (It != States.end())
    return It->second ? *It->second : getFuzzState();
  // Bounded: fuzzed CPU names are endless, real ones are not.
  if (States.size() >= 32)
    States.clear();
  std::unique_ptr<LLVMState> &Slot = States[Key];
  Expected<std::unique_ptr<LLVMState>> State =
      Target.CpuName == "help"
          ? createStringError(inconvertibleErrorCode(), "lists CPUs, no state")
          : LLVMState::create(Target.Triple, Target.CpuName);
  if (State)
    Slot = std::move(*State);
  else
    consumeError(State.takeError());
  return Slot ? *Slot : getFuzzState();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Text(reinterpret_cast<const char *>(Data), Size);
  MemoryBufferRef Buffer(Text, "fuzz.yaml");
  Expected<BenchmarksTarget> Target = readBenchmarksTarget(Buffer);
  if (!Target) {
    consumeError(Target.takeError());
    return 0;
  }
  const LLVMState &State = getStateFor(*Target);

  uint64_t Hash = xxh3_64bits(Text);
  AnalysisRunOptions Options;
  Options.BenchmarksFile = "fuzz.yaml";
  Options.ClustersFile = "clusters.csv";
  Options.InconsistenciesFile = "inconsistencies.html";
  Options.Clustering.Mode =
      (Hash & 1) ? ClusteringMode::Naive : ClusteringMode::Dbscan;
  static const double Epsilons[] = {0.1, 0, 1, 1e12};
  Options.Clustering.Epsilon = Epsilons[(Hash >> 1) & 3];
  Options.Clustering.MinPoints = 1 + ((Hash >> 3) & 3);
  Options.Report.InconsistencyEpsilon = Epsilons[(Hash >> 5) & 3];
  Options.Report.DisplayUnstableClusters = (Hash >> 7) & 1;
  static const BenchmarkFilter Filters[] = {
      BenchmarkFilter::All, BenchmarkFilter::All, BenchmarkFilter::RegOnly,
      BenchmarkFilter::MemOnly};
  Options.Filter = Filters[(Hash >> 8) & 3];

  Expected<AnalysisReports> Reports =
      analyseBenchmarks(State, Buffer, Options, nulls());
  if (!Reports)
    consumeError(Reports.takeError());
  return 0;
}
