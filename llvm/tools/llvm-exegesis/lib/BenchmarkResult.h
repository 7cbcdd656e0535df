//===-- BenchmarkResult.h - One benchmark's result and its YAML -*- C++ -*-===//
//
// A Benchmark is what the tool reports for one BenchmarkCode: the key, the
// mode, the target, the measurements (or the error that prevented them) and
// an excerpt of the generated code. It is written to and read from YAML in
// exactly upstream llvm-exegesis's format (see SPEC §3), so that results
// files move freely between the two tools.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_BENCHMARKRESULT_H
#define LLVM_TOOLS_LLVM_EXEGESIS_BENCHMARKRESULT_H

#include "BenchmarkCode.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

enum class BenchmarkMode { Unknown, Latency, Uops, InverseThroughput };

/// How far a run goes; each phase includes the ones before it.
enum class BenchmarkPhase {
  PrepareSnippet,
  PrepareAndAssembleSnippet,
  AssembleMeasuredCode,
  Measure
};

struct BenchmarkMeasure {
  std::string Key;
  /// Counter delta divided by the number of instructions.
  double PerInstructionValue = 0;
  /// Counter delta divided by the number of snippet repetitions.
  double PerSnippetValue = 0;
  /// Extra counters read with the main one (-validation-counter), by name.
  std::map<std::string, int64_t> ValidationCounters;
};

struct Benchmark {
  BenchmarkKey Key;
  BenchmarkMode Mode = BenchmarkMode::Unknown;
  std::string CpuName;
  std::string LLVMTriple;
  unsigned MinInstructions = 0;
  std::vector<BenchmarkMeasure> Measurements;
  std::string Error;
  std::string Info;
  std::vector<uint8_t> AssembledSnippet;

  /// Writes one YAML document (`---` ... `...`).
  llvm::Error writeYamlTo(const LLVMState &State, raw_ostream &OS) const;
  /// Reads every document of \p Buffer; names are resolved with \p State.
  /// Errors carry the buffer's identifier and the line:column.
  static Expected<std::vector<Benchmark>> readYamls(const LLVMState &State,
                                                    MemoryBufferRef Buffer);
};

StringRef getBenchmarkModeName(BenchmarkMode Mode);

} // namespace exegesis
} // namespace llvm

#endif
