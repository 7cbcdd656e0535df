//===-- BenchmarkRunner.h - Turns a BenchmarkCode into a Benchmark -*- C++ -*-//
//
// The runner takes one BenchmarkCode through the phases the user asked for:
// prepare the snippet, assemble it with the chosen repetition, and measure the
// assembled function with the chosen executor and counters. Problems that
// belong to the benchmark (a crash, a timeout) end up in the result's error
// field; problems of the tool itself are returned as errors.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_BENCHMARKRUNNER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_BENCHMARKRUNNER_H

#include "Assembly/Assembler.h"
#include "Core/Benchmark.h"
#include "Core/BenchmarkCode.h"
#include "Core/BenchmarkRunOptions.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class BenchmarkMeasurer;
class LLVMState;
class MCAThroughputModel;

class BenchmarkRunner {
public:
  BenchmarkRunner(const LLVMState &State, BenchmarkRunOptions Options);
  ~BenchmarkRunner();

  /// Runs the phases up to Options.Phase; with -auto-map-memory, again
  /// after each page mapped for a fault (see AutoMemoryMap.h).
  Expected<Benchmark> run(const BenchmarkCode &Code);

  /// In the phases that measure (dry run included), sets up what every
  /// measurement needs: the counters of the mode and the executor. An error
  /// means that nothing can be measured here at all (the uops mode without
  /// per-port counters): a run asks first, so that it fails once, with a
  /// non-zero exit, instead of skipping every benchmark. Nothing to do in
  /// the earlier phases.
  Error prepareMeasurement();

  /// The assemblies -repetition-mode asks for, in the order their results
  /// are combined (and their assembled_snippet excerpts concatenated).
  static std::vector<AssemblyRequest>
  getAssemblyRequests(const BenchmarkRunOptions &Options);

private:
  /// One run of the phases, \p Code as it is.
  Expected<Benchmark> runOnce(const BenchmarkCode &Code);

  /// The steps of runOnce. The functions to assemble for \p Code: what
  /// -repetition-mode asks for, adapted to the counter and to the snippet
  /// (notes on what changed go to \p Result's `info`).
  Expected<std::vector<AssemblyRequest>>
  chooseRequests(const BenchmarkCode &Code, Benchmark &Result);
  /// Drops the loop of a default's \p Requests when it cannot measure
  /// \p Code (it does not assemble, or its counter breaks the snippet's
  /// chain), saying why in \p Result's `info`.
  void dropLoopThatCannotMeasure(const BenchmarkCode &Code,
                                 std::vector<AssemblyRequest> &Requests,
                                 Benchmark &Result);
  /// Sizes the throughput default's forms \p Requests for time-based cycles.
  void fitTimedForms(const BenchmarkCode &Code,
                     std::vector<AssemblyRequest> &Requests);
  /// Adds the assembled_snippet excerpt of each of \p Requests to \p Result.
  Error addExcerpts(const BenchmarkCode &Code,
                    ArrayRef<AssemblyRequest> Requests, Benchmark &Result);
  /// The functions of \p Requests, dumped as -dump-object-to-disk asks.
  Expected<std::vector<MeasuredFunction>>
  assembleFunctions(const BenchmarkCode &Code,
                    ArrayRef<AssemblyRequest> Requests);

  /// For a basic block's inverse throughput: what LLVM's model predicts for
  /// it, beside the measured value, into Result's `info`.
  void notePrediction(Benchmark &Result);

  /// LLVM's model of the CPU, created the first time it is needed; null
  /// (NoModel says why) for a CPU without a scheduling model.
  MCAThroughputModel *getModel();
  /// Lengthens the calls of the throughput default's loop \p Loop, timed,
  /// by what the model predicts \p Code costs (see
  /// getTimeBasedLoopInstructions).
  void lengthenTimedLoop(const BenchmarkCode &Code, AssemblyRequest &Loop);

  /// Whether the measurement will convert a time counter to cycles (which
  /// decides what the latency default repeats). False before the measure
  /// phases; creates the measurer otherwise.
  Expected<bool> willMeasureTimeBased();
  Error createMeasurer();

  /// After a measurement in straight-line code that had to be used: the
  /// same copies in a smaller form, and a warning in \p Result's `info` when
  /// they read lower, the value being the front end's (isFrontEndBound).
  Error checkFrontEndBound(const BenchmarkCode &Code,
                           ArrayRef<MeasuredFunction> Functions,
                           Benchmark &Result);

  /// The measure phase: runs \p Functions and fills Result's measurements
  /// (or its error, for a snippet that crashes or times out).
  Error measure(const BenchmarkCode &Code,
                std::vector<MeasuredFunction> &Functions, Benchmark &Result);

  /// Whether \p Code's latency is taken less its SubtractedChains.
  bool subtractsChains(const BenchmarkCode &Code) const;
  /// Measures each of \p Code's SubtractedChains as a benchmark of its own,
  /// the same way, and subtracts its share from \p Result's latency
  /// (ChainSubtraction.h); a chain that fails or a result that is not
  /// credible becomes Result's error.
  Error subtractChainsOf(const BenchmarkCode &Code, Benchmark &Result);

  /// Writes \p Function's object for -dump-object-to-disk; \p Index tells
  /// apart the several functions of one benchmark.
  Error dumpObject(const AssembledFunction &Function, unsigned Index,
                   unsigned Count);

  const LLVMState &State;
  BenchmarkRunOptions Options;
  /// Created by the first measure phase (counters are only needed there).
  std::unique_ptr<BenchmarkMeasurer> Measurer;
  /// Created for the first basic block measured or timed loop lengthened.
  std::unique_ptr<MCAThroughputModel> Model;
  /// The loop of a default was dropped for the run being chosen: its chain
  /// needs straight-line code (checkFrontEndBound).
  bool StraightLineForced = false;
  std::string NoModel;
};

} // namespace exegesis
} // namespace llvm

#endif
