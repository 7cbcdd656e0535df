//===-- ResultsFiles.h - Benchmarks in upstream's YAML ----------*- C++ -*-===//
//
// How benchmarks leave the tool and come back (docs/Layout.rst): results
// files in upstream llvm-exegesis's YAML, so that scripts and upstream's own
// reader keep working, written so that an interrupted run loses nothing it
// completed, and read again to resume a run or to analyse one.
//
// - BenchmarkResult.h: a Benchmark (Core/Benchmark.h) as a YAML document,
//   written and read;
// - BenchmarkKeyText.h: the text forms of a benchmark's key (instructions,
//   register values), upstream's format of its own;
// - ResultsFileWriter.h: the results file written one whole document at a
//   time, as each benchmark completes;
// - PreviousResults.h: what -resume finds already measured in the file;
// - OperandPairKey.h: the keys of -latency-operand-pairs' measurements.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_RESULTSFILES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_RESULTSFILES_H

#include "Results/BenchmarkKeyText.h"
#include "Results/BenchmarkResult.h"
#include "Results/OperandPairKey.h"
#include "Results/PreviousResults.h"
#include "Results/ResultsFileWriter.h"

#endif
