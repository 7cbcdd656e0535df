//===-- BenchmarkResult.h - One benchmark's result and its YAML -*- C++ -*-===//
//
// A Benchmark is what the tool reports for one BenchmarkCode: the key, the
// mode, the target, the measurements (or the error that prevented them) and
// an excerpt of the generated code. It is written to and read from YAML in
// exactly upstream llvm-exegesis's format (see SPEC §3), so that results
// files move freely between the two tools.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_BENCHMARKRESULT_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_BENCHMARKRESULT_H

#include "Core/BenchmarkCode.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <map>
#include <optional>
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
struct SkippedBenchmarkEntry {
  /// Which document of the file, counting from 0.
  unsigned Document = 0;
  std::string File;
  /// Of the first unknown name in the document, counting from 1.
  unsigned Line = 0;
  unsigned Column = 0;
  /// Upstream's words, with a hint when a close name exists: `No opcode
  /// with name 'VADDPDYrrr' - did you mean 'VADDPDYrr' ?`.
  std::string Message;
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
  /// Not written to the results: the address a failed run's snippet code
  /// faulted on with SIGSEGV or SIGBUS, for -auto-map-memory.
  std::optional<uintptr_t> MemoryFaultAddress;

  /// Writes one YAML document (`---` ... `...`) in upstream's layout. Fails,
  /// before writing anything, if an opcode or register is not the target's.
  llvm::Error writeYamlTo(const LLVMState &State, raw_ostream &OS) const;
  /// Reads every document of \p Buffer (none for an empty buffer); names are
  /// resolved with \p State. Also reads upstream's older files
  /// (`num_repetitions`, measurements named by a non-empty `debug_string`).
  /// Errors are one line: `<buffer identifier>:<line>:<column>: <message>`.
  /// With \p Skipped, a document that names an opcode or register \p State does
  /// not know is left out and described there (appended, in file order) instead
  /// of being an error; malformed YAML is an error either way.
  static Expected<std::vector<Benchmark>>
  readYamls(const LLVMState &State, MemoryBufferRef Buffer,
            std::vector<SkippedBenchmarkEntry> *Skipped = nullptr);
};

/// Prints upstream's warnings for the entries readYamls skipped, one per
/// entry (`FILE:LINE:COL: warning: skipping benchmark entry: MESSAGE`), then
/// their number (`warning: skipped N benchmark entries that could not be
/// parsed`); nothing when there are none.
void printSkippedEntries(ArrayRef<SkippedBenchmarkEntry> Skipped,
                         raw_ostream &OS);

/// Where a results document was measured: enough to build the LLVMState
/// that Benchmark::readYamls needs.
struct BenchmarkTarget {
  std::string LLVMTriple;
  std::string CpuName;
};

/// Reads `llvm_triple` and `cpu_name` of every document of \p Buffer, without
/// a target, ignoring the other fields; accepts whatever readYamls accepts
/// (e.g. upstream's validation counters). Errors as readYamls.
Expected<std::vector<BenchmarkTarget>>
readBenchmarkTargets(MemoryBufferRef Buffer);

/// The name used by -mode and in the results' `mode` field; empty for
/// Unknown.
StringRef getBenchmarkModeName(BenchmarkMode Mode);
/// The inverse of getBenchmarkModeName (the empty name gives Unknown);
/// std::nullopt for any other string.
std::optional<BenchmarkMode> parseBenchmarkMode(StringRef Name);

} // namespace exegesis
} // namespace llvm

#endif
