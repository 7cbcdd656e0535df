//===-- Analysis.h - Clusters CSV and sched-model report --------*- C++ -*-===//
//
// Turns clustered benchmarks into the two outputs of -mode=analysis: a CSV
// of the clusters (for scripts; same format as upstream llvm-exegesis), and
// a self-contained HTML page showing where the measurements disagree with
// LLVM's scheduling model for the CPU, which is what a scheduling-model
// maintainer reads. The page lists what upstream's lists (the stable
// clusters, or on request the unstable ones only, and the noise). It also
// charts measured against predicted values for every scheduling class and
// cluster it looks at, sorted by disagreement, on a log scale (LogAxis.h),
// and, for inverse_throughput results, sets each block beside what LLVM's
// model predicts for it (ModelComparisonHtml.h). How the text is quoted,
// escaped and formatted: ReportText.h.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_ANALYSIS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_ANALYSIS_H

#include "Analysis/Clustering.h"
#include "Analysis/LogAxis.h"
#include "Analysis/ModelComparison.h"
#include "Analysis/SchedClassResolution.h"
#include "Core/Benchmark.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

struct AnalysisReportOptions {
  /// A cluster whose mean is further than this from the model's values is
  /// inconsistent with the model.
  double InconsistencyEpsilon = 0.1;
  /// Also report clusters marked unstable by the clustering.
  bool DisplayUnstableClusters = false;
};

/// The resolved scheduling class of each benchmark's first instruction
/// (snippets generated for an opcode start with it).
std::vector<ResolvedSchedClass> resolveSchedClasses(const LLVMState &State,
                                                    ArrayRef<Benchmark> Points);

class Analysis {
public:
  /// \p Points and \p Clustering must outlive the Analysis;
  /// \p SchedClasses holds the resolved class of each point.
  Analysis(const LLVMState &State, ArrayRef<Benchmark> Points,
           std::vector<ResolvedSchedClass> SchedClasses,
           const BenchmarkClustering &Clustering,
           const AnalysisReportOptions &Options);
  ~Analysis();

  /// One row per benchmark of each valid cluster, clusters separated by
  /// two empty lines; noise and failed benchmarks are left out.
  void printClustersCsv(raw_ostream &OS) const;
  /// With a model comparison that holds blocks, the page also shows it: a
  /// table per dataset, a scatter plot of measured against predicted
  /// cycles (log scales) and the blocks predicted worst.
  void printInconsistenciesHtml(raw_ostream &OS) const;
  /// \p Comparison (of the same points) must outlive the Analysis; null for
  /// none.
  void setModelComparison(const ModelComparison *Comparison) {
    this->Comparison = Comparison;
  }

  /// The scheduling class of each benchmark, by index.
  const ResolvedSchedClass &getSchedClass(size_t Point) const {
    return SchedClasses[Point];
  }
  /// The disassembly of a benchmark's assembled code, instructions joined
  /// by "; " (the key's opcode names when there is no code to disassemble).
  std::string getSnippetText(size_t Point) const;

  /// Mean, minimum and maximum of each measurement over a set of points.
  struct Statistics {
    std::vector<double> Mean, Min, Max;
  };
  Statistics getStatistics(ArrayRef<size_t> PointIndices) const;
  /// Euclidean distance between \p Values (one per measurement key) and the
  /// model's values for \p SC, over the keys the model has values for; None
  /// when it has none.
  std::optional<double> getDistanceToModel(const ResolvedSchedClass &SC,
                                           ArrayRef<double> Values) const;

private:
  struct SchedClassReport;
  /// Whether the report and the chart show the benchmarks of cluster \p Id:
  /// the stable clusters, or with DisplayUnstableClusters the unstable ones
  /// only (upstream's choice). Noise is reported apart.
  bool isReported(ClusterId Id) const;
  std::vector<SchedClassReport> getInconsistentSchedClasses() const;
  /// Whether the mean of \p Indices is within the inconsistency epsilon of
  /// the model of \p SC.
  bool agreesWithModel(const ResolvedSchedClass &SC,
                       ArrayRef<size_t> Indices) const;
  void printInstructionList(raw_ostream &OS, ArrayRef<size_t> Indices) const;
  /// One cell per measurement key: the mean of \p Indices, their
  /// [min;max] when \p WithRange, and the model's value.
  void printMeasurementCells(raw_ostream &OS, const ResolvedSchedClass &SC,
                             ArrayRef<size_t> Indices, bool WithRange) const;
  void printClusterTableHeader(raw_ostream &OS, bool WithSchedClass) const;
  /// With operand-pair latencies in the file: one more cell, each
  /// benchmark of \p Indices with its pairs' latencies and the model's.
  void printOperandPairCell(raw_ostream &OS, ArrayRef<size_t> Indices) const;
  void printNoiseReport(raw_ostream &OS) const;
  void printHtmlHeader(raw_ostream &OS) const;
  /// The chart of measured against modelled values, one row per class and
  /// cluster reported, largest disagreement first.
  void printChart(raw_ostream &OS) const;
  struct ChartRow;
  std::vector<ChartRow> getChartRows() const;
  /// Computes each row's statistics, model value and distance to the model
  /// for \p ChartKey, sorts the rows by disagreement and returns the axis
  /// that holds their values.
  LogAxis measureChartRows(std::vector<ChartRow> &Rows, size_t ChartKey) const;
  /// Row number \p I: its label, range, mean, model and distance.
  void printChartRow(raw_ostream &OS, const ChartRow &R, size_t I,
                     const LogAxis &Axis, size_t ChartKey) const;
  void printSchedClassReport(raw_ostream &OS,
                             const SchedClassReport &Report) const;
  void printModelTable(raw_ostream &OS, const ResolvedSchedClass &SC) const;
  /// How the report names a benchmark's snippet, as HTML.
  std::string getInstructionLabelHtml(size_t Point) const;
  BenchmarkMode getMode() const;

  const LLVMState &State;
  ArrayRef<Benchmark> Points;
  const BenchmarkClustering &Clustering;
  AnalysisReportOptions Options;
  std::vector<ResolvedSchedClass> SchedClasses;
  std::unique_ptr<MCContext> Context;
  std::unique_ptr<MCDisassembler> Disassembler;
  std::unique_ptr<MCInstPrinter> InstPrinter;
  const ModelComparison *Comparison = nullptr;
  /// Some benchmark has operand-pair latencies (-latency-operand-pairs):
  /// the cluster tables get a column for them.
  bool HasOperandPairs = false;
};

} // namespace exegesis
} // namespace llvm

#endif
