//===-- BenchmarkRunner.h - Turns a BenchmarkCode into a Benchmark -*- C++ -*-//
//
// The runner takes one BenchmarkCode through the phases the user asked for:
// prepare the snippet, assemble it with the chosen repetition, and measure the
// assembled function with the chosen executor and counters. Problems that
// belong to the benchmark (a crash, a timeout) end up in the result's error
// field; problems of the tool itself are returned as errors.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_BENCHMARKRUNNER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_BENCHMARKRUNNER_H

#include "BenchmarkCode.h"
#include "BenchmarkResult.h"
#include "BenchmarkRunOptions.h"
#include "llvm/Support/Error.h"

namespace llvm {
namespace exegesis {

class LLVMState;

class BenchmarkRunner {
public:
  BenchmarkRunner(const LLVMState &State, BenchmarkRunOptions Options);

  Expected<Benchmark> run(const BenchmarkCode &Code);

private:
  const LLVMState &State;
  BenchmarkRunOptions Options;
};

} // namespace exegesis
} // namespace llvm

#endif
