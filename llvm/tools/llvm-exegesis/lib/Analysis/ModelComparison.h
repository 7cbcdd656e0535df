//===-- ModelComparison.h - Measured blocks next to LLVM's model -*- C++ -*-=//
//
// What -mode=analysis says about inverse_throughput results as a whole: for
// every measured benchmark (a basic block of a dataset, or any snippet),
// LLVM's prediction for the same instructions (MCAThroughputModel) beside
// the measurement, in the same unit (core cycles per iteration of the
// block: the measurement's per_snippet_value), and per dataset the figures
// the literature compares models by (ModelAccuracy) and the blocks the
// model gets most wrong.
//
// The prediction is recomputed from each benchmark's key, not stored in the
// results: a results file of upstream's, or one measured before, is
// compared just the same; -analysis-override-benchmark-triple-and-cpu
// compares the measurements with another CPU's model; and the figures are
// always those of the LLVM the tool is built with.
//
// A dataset is the file a block was read from, as its `info` names it
// ("basic block from FILE:LINE"); benchmarks that name none form one
// dataset named after the results file.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_MODELCOMPARISON_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_MODELCOMPARISON_H

#include "Analysis/ModelAccuracy.h"
#include "Core/Benchmark.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// One measured benchmark with the model's prediction.
struct ComparedBlock {
  /// Index of the benchmark among those analysed.
  size_t Point = 0;
  /// Its line in the dataset file; 0 when unknown.
  unsigned Line = 0;
  /// Cycles per iteration of the block.
  double Measured = 0;
  double Predicted = 0;
  /// getAbsolutePercentageError(Measured, Predicted).
  double Error = 0;
  /// The instructions, in the target's assembly syntax, "; "-separated.
  std::string Text;
};

struct DatasetComparison {
  std::string Name;
  /// inverse_throughput benchmarks of the dataset in the results.
  size_t NumBenchmarks = 0;
  /// Those with a value (no error).
  size_t NumMeasured = 0;
  /// Measured and predicted, worst prediction first.
  std::vector<ComparedBlock> Blocks;
  /// Measured but not predicted, by reason.
  std::map<std::string, size_t> Unpredicted;
  ModelAccuracy Accuracy;
};

struct ModelComparison {
  /// What predicted ("LLVM's scheduling model for znver3 (MCA library,
  /// 100 iterations)").
  std::string ModelName;
  /// In the order of their first benchmark.
  std::vector<DatasetComparison> Datasets;
  /// Over every dataset; meaningful when there are several.
  ModelAccuracy Overall;

  bool empty() const { return Datasets.empty(); }
};

/// Compares the inverse_throughput benchmarks of \p Points with the model
/// of \p State's CPU; \p ResultsName names the dataset of benchmarks that
/// come from no block file.
ModelComparison compareWithModel(const LLVMState &State,
                                 ArrayRef<Benchmark> Points,
                                 StringRef ResultsName);

/// The summary -mode=analysis prints: per dataset, the counts, the mean
/// absolute percentage error, Kendall's tau and the \p NumWorst blocks
/// predicted worst.
void printModelComparison(raw_ostream &OS, const ModelComparison &Comparison,
                          unsigned NumWorst = 10);

} // namespace exegesis
} // namespace llvm

#endif
