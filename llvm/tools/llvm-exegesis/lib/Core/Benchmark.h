//===-- Benchmark.h - One benchmark's result --------------------*- C++ -*-===//
//
// A Benchmark is what the tool reports for one BenchmarkCode: the key, the
// mode, the target, the measurements (or the error that prevented them) and
// an excerpt of the generated code. Results/BenchmarkResult.h writes and
// reads it as YAML.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_BENCHMARK_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_BENCHMARK_H

#include "Core/BenchmarkCode.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

enum class BenchmarkMode { Unknown, Latency, Uops, InverseThroughput };

/// How far a run goes; each phase includes the ones before it.
enum class BenchmarkPhase {
  PrepareSnippet,
  PrepareAndAssembleSnippet,
  AssembleMeasuredCode,
  /// Everything the measure phase does but executing the measured code:
  /// counters opened, executor set up, functions and memory prepared; the
  /// result has no measurements and no error.
  DryRunMeasurement,
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

/// A document of a results file that Benchmark::readYamls left out because
/// it names what this LLVM's target does not have (an opcode or register
/// renamed or removed since the file was written, see UnknownToTargetError),
/// with where and why.
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
  /// Not written to the results: the address a failed run's snippet code
  /// faulted on with SIGSEGV or SIGBUS, for -auto-map-memory.
  std::optional<uintptr_t> MemoryFaultAddress;
};

/// The name used by -mode and in the results' `mode` field; empty for
/// Unknown.
StringRef getBenchmarkModeName(BenchmarkMode Mode);
/// The inverse of getBenchmarkModeName (the empty name gives Unknown);
/// std::nullopt for any other string.
std::optional<BenchmarkMode> parseBenchmarkMode(StringRef Name);

} // namespace exegesis
} // namespace llvm

#endif
