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

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_OPCODESWEEP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_OPCODESWEEP_H

#include "BenchmarkResult.h"
#include "SnippetGenerator.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class BenchmarkRunner;
class HostSupportCheck;
class LLVMState;

struct OpcodeSweepOptions {
  /// The run measures: results are measurements, and instructions the host
  /// cannot execute are skipped.
  bool Measures = false;
  /// Print progress (count, rate, ETA) to the diagnostics stream.
  bool PrintProgress = false;
};

class OpcodeSweep {
public:
  /// \p HostCheck, when set, decides which benchmarks the host can run
  /// (used when Options.Measures). \p Diagnostics receives skip messages,
  /// progress and the summary.
  OpcodeSweep(const LLVMState &State, SnippetGenerator &Generator,
              BenchmarkRunner &Runner, HostSupportCheck *HostCheck,
              OpcodeSweepOptions Options, raw_ostream &Diagnostics);

  /// Benchmarks \p Opcodes in order, handing each result to \p Consumer. An
  /// error from \p Consumer stops the sweep and is returned.
  Error run(ArrayRef<unsigned> Opcodes,
            function_ref<Error(const Benchmark &)> Consumer);

  /// One line: benchmarks produced, opcodes skipped by reason, benchmarks
  /// failed by kind of error.
  void printSummary(raw_ostream &OS) const;

  unsigned getNumBenchmarks() const { return NumBenchmarks; }
  unsigned getNumSkipped() const;
  unsigned getNumFailed() const;

private:
  void skip(unsigned Opcode, StringRef Message, StringRef Reason);
  void fail(StringRef Kind);
  void reportProgress(size_t Done, size_t Total, bool Final);

  const LLVMState &State;
  SnippetGenerator &Generator;
  BenchmarkRunner &Runner;
  HostSupportCheck *HostCheck;
  OpcodeSweepOptions Options;
  raw_ostream &Diagnostics;
  unsigned NumBenchmarks = 0;
  std::map<std::string, unsigned> SkippedByReason;
  std::map<std::string, unsigned> FailedByKind;
  std::chrono::steady_clock::time_point Start, LastProgress;
};

} // namespace exegesis
} // namespace llvm

#endif
