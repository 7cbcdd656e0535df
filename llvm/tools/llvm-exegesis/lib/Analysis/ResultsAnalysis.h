//===-- ResultsAnalysis.h - Results against the scheduling model ---*- C++ -*-//
//
// -mode=analysis (docs/Layout.rst): measured results, ours or upstream's,
// set against what LLVM's scheduling model says of the same instructions,
// for the people who maintain the models. The top of the library: it reads
// results files and uses the model, and nothing below it knows of it.
//
// - AnalysisRunner.h: the whole mode as one call, from the results file to
//   the reports;
// - Clustering.h: benchmarks that behave the same grouped (DBSCAN, or one
//   group per opcode and scheduling class);
// - SchedClassResolution.h: what the model predicts for one instruction;
// - Analysis.h: the clusters CSV and the inconsistencies HTML report, both
//   written in ReportText.h's quoting, escaping and number formats;
// - ModelComparison.h: inverse-throughput results beside LLVM's MCA
//   predictions, per dataset; ModelAccuracy.h: the figures that compare
//   them (mean absolute percentage error, Kendall's tau);
//   ModelComparisonHtml.h: that comparison as a section of the HTML report,
//   its charts on LogAxis.h's logarithmic axes.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_RESULTSANALYSIS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_RESULTSANALYSIS_H

#include "Analysis/AnalysisRunner.h"

#endif
