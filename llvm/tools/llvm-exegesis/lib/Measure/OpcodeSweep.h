//===-- OpcodeSweep.h - Benchmarks a list of opcodes ------------*- C++ -*-===//
//
// -opcode-name and -opcode-index (-1: every opcode of the target) turn each
// opcode into generated snippets and run them. A sweep over twenty thousand
// opcodes must not stop at the first problem: an opcode that cannot be
// benchmarked is skipped with its reason, one the host CPU cannot execute is
// skipped before it is measured (measure phase only, found by probing it:
// earlier phases generate for every opcode, as for a cross target), and a
// failure that belongs to one benchmark is counted and the sweep goes on.
// Results are handed on as soon as they exist, so memory does not grow with
// the number of opcodes. The sweep can report progress and ends with a
// one-line summary.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_OPCODESWEEP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_OPCODESWEEP_H

#include "Core/Benchmark.h"
#include "Snippets/SnippetGenerator.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class BenchmarkRunner;
class HostSupportCheck;
class LLVMState;
class OperandPairGenerator;

struct OpcodeSweepOptions {
  /// The run measures: results are measurements, and instructions the host
  /// cannot execute are skipped.
  bool Measures = false;
  /// Print progress (count, rate, ETA) to the diagnostics stream. Rate and
  /// ETA count benchmarks run, not opcodes looked at: most opcodes that are
  /// skipped (pseudo-opcodes come first) cost next to nothing.
  bool PrintProgress = false;
  /// The most configurations the generator gives an opcode; bounds how many
  /// benchmarks the opcodes not looked at yet may give.
  unsigned MaxConfigsPerOpcode = 1;
  /// Skip, before generating anything, the opcodes without a scheduling
  /// class and those the CPU's scheduling model marks invalid (unsupported
  /// on that CPU): what a sweep that checks the model has nothing to compare
  /// against (-ignore-invalid-sched-class).
  bool IgnoreInvalidSchedClass = false;
  /// When set, the benchmarks it accepts are not run (-resume: they are in
  /// the results file already).
  std::function<bool(const BenchmarkCode &)> IsAlreadyDone;
  /// When set (-latency-operand-pairs), the first benchmark of each opcode
  /// also gets the latency of each of its operand pairs
  /// (OperandPairLatencies.h).
  OperandPairGenerator *OperandPairs = nullptr;
};

/// Seconds a sweep still needs: the \p Total - \p Done opcodes left are
/// expected to give benchmarks as often as those since \p FirstRunIndex (the
/// opcode of the first benchmark run) did, each taking as long as the
/// \p BenchmarksRun did in \p SecondsRunning. std::nullopt before there is
/// anything to go by.
std::optional<double> estimateSweepSecondsLeft(size_t Done, size_t Total,
                                               size_t FirstRunIndex,
                                               unsigned BenchmarksRun,
                                               double SecondsRunning);

class OpcodeSweep {
public:
  /// \p HostCheck, when set, decides which benchmarks the host can run
  /// (used when Options.Measures). \p Diagnostics receives skip messages,
  /// progress and the summary.
  OpcodeSweep(const LLVMState &State, SnippetGenerator &Generator,
              BenchmarkRunner &Runner, HostSupportCheck *HostCheck,
              OpcodeSweepOptions Options, raw_ostream &Diagnostics);

  /// Benchmarks \p Opcodes in order, handing each result to \p Consumer. An
  /// error from \p Consumer stops the sweep and is returned. An interruption
  /// (Interruption.h) stops it too, the benchmark in flight unreported.
  Error run(ArrayRef<unsigned> Opcodes,
            function_ref<Error(const Benchmark &)> Consumer);

  /// One line: benchmarks produced, opcodes skipped by reason, benchmarks
  /// failed by kind of error.
  void printSummary(raw_ostream &OS) const;

  unsigned getNumBenchmarks() const { return NumBenchmarks; }
  /// Benchmarks not run because IsAlreadyDone accepted them.
  unsigned getNumAlreadyDone() const { return NumAlreadyDone; }
  /// An upper bound of the benchmarks the sweep gives (already done ones
  /// included): exact once it has ended, shrinking while it runs as opcodes
  /// give fewer than MaxConfigsPerOpcode or fail.
  size_t getMaxBenchmarks() const { return MaxBenchmarks; }
  unsigned getNumSkipped() const;
  unsigned getNumFailed() const;
  /// Benchmarks that ended in an error of the run rather than a result (a
  /// snippet that exited its subprocess by itself, a refused system call):
  /// what ends a run of one benchmark with exit status 1. The sweep goes on
  /// past them; the tool's exit status says they happened.
  unsigned getNumRunErrors() const { return NumRunErrors; }

private:
  void skip(unsigned Opcode, StringRef Message, StringRef Reason);
  /// Why \p Opcode's scheduling class is unusable, if it is.
  std::optional<std::string> findInvalidSchedClass(unsigned Opcode) const;
  void fail(StringRef Kind);
  void reportProgress(size_t Done, size_t Total, bool Final);

  const LLVMState &State;
  SnippetGenerator &Generator;
  BenchmarkRunner &Runner;
  HostSupportCheck *HostCheck;
  OpcodeSweepOptions Options;
  raw_ostream &Diagnostics;
  unsigned NumBenchmarks = 0;
  unsigned NumAlreadyDone = 0;
  unsigned NumRunErrors = 0;
  size_t MaxBenchmarks = 0;
  /// Where and when the first benchmark was run: the base of rate and ETA.
  std::optional<size_t> FirstRunIndex;
  std::chrono::steady_clock::time_point FirstRun;
  std::map<std::string, unsigned> SkippedByReason;
  std::map<std::string, unsigned> FailedByKind;
  std::chrono::steady_clock::time_point Start, LastProgress;
};

} // namespace exegesis
} // namespace llvm

#endif
