//===-- AnalysisRunner.h - -mode=analysis from file to reports --*- C++ -*-===//
//
// The whole of -mode=analysis, as one call the driver makes with the option
// values: read a results file (ours or upstream's), pick the target it was
// measured on, keep the benchmarks the filter asks for, cluster them, and
// write the clusters CSV and the inconsistencies HTML. Kept out of the
// driver so that it can be tested and so that the driver only wires options.
// Inverse-throughput results are also compared with LLVM's scheduling model
// (ModelComparison.h), in a summary of their own and in the HTML report.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_ANALYSISRUNNER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_ANALYSISRUNNER_H

#include "Analysis/Analysis.h"
#include "Analysis/Clustering.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Which benchmarks to analyse, by whether their snippet touches memory.
enum class BenchmarkFilter { All, RegOnly, MemOnly };

struct AnalysisRunOptions {
  /// Results file to read; "-" is stdin.
  std::string BenchmarksFile;
  /// Outputs; "-" is stdout, empty is not written. At least one is needed.
  std::string ClustersFile;
  std::string InconsistenciesFile;
  /// The comparison of inverse_throughput measurements with LLVM's model
  /// (ModelComparison.h), as text.
  std::string ModelSummaryFile;
  ClusteringOptions Clustering;
  AnalysisReportOptions Report;
  BenchmarkFilter Filter = BenchmarkFilter::All;
  /// Analyse for TripleName / CpuName instead of the file's target.
  bool OverrideTripleAndCpu = false;
  std::string TripleName;
  std::string CpuName;
};

/// The target one results file was measured on.
struct BenchmarksTarget {
  std::string Triple;
  std::string CpuName;
};

/// Reads llvm_triple and cpu_name from every document of \p Buffer, before
/// the target is known. Fails on malformed YAML (with line:column), on an
/// empty file, and on a file that mixes triples or CPUs.
Expected<BenchmarksTarget> readBenchmarksTarget(MemoryBufferRef Buffer);

/// True when some instruction of \p B has a memory operand.
bool hasMemoryOperand(const LLVMState &State, const Benchmark &B);

/// The two reports of -mode=analysis, built in memory.
struct AnalysisReports {
  std::string ClustersCsv;
  std::string InconsistenciesHtml;
  std::string ModelSummary;
};

/// Everything runAnalysis does between reading the file and writing the
/// reports: reads the results of \p Buffer with \p State, filters,
/// clusters and builds the reports that \p Options asks for (a report whose
/// file name is empty stays empty; BenchmarksFile names the input in
/// errors that are not the YAML reader's). Entries that name an opcode or
/// register \p State does not know are left out, with upstream's warnings
/// on \p Warnings (see printSkippedEntries), and the rest is analysed.
Expected<AnalysisReports> analyseBenchmarks(const LLVMState &State,
                                            MemoryBufferRef Buffer,
                                            const AnalysisRunOptions &Options,
                                            raw_ostream &Warnings);

/// Warnings (skipped entries) go to stderr.
Error runAnalysis(const AnalysisRunOptions &Options);

} // namespace exegesis
} // namespace llvm

#endif
