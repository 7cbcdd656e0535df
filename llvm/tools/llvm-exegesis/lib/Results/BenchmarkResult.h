//===-- BenchmarkResult.h - Benchmarks as YAML documents ------*- C++ -*-===//
//
// Benchmarks (Core/Benchmark.h) are written to and read from YAML in
// exactly upstream llvm-exegesis's format (see SPEC §3), so that results
// files move freely between the two tools.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_BENCHMARKRESULT_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_BENCHMARKRESULT_H

#include "Core/Benchmark.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

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

/// Writes one YAML document (`---` ... `...`) of \p B in upstream's
/// layout. Fails, before writing anything, if an opcode or register is not
/// the target's.
llvm::Error writeBenchmarkYaml(const Benchmark &B, const LLVMState &State,
                               raw_ostream &OS);

/// Reads every document of \p Buffer (none for an empty buffer); names are
/// resolved with \p State. Also reads upstream's older files
/// (`num_repetitions`, measurements named by a non-empty `debug_string`).
/// Errors are one line: `<buffer identifier>:<line>:<column>: <message>`.
/// With \p Skipped, a document that names an opcode or register \p State does
/// not know is left out and described there (appended, in file order) instead
/// of being an error; malformed YAML is an error either way.
Expected<std::vector<Benchmark>>
readBenchmarkYamls(const LLVMState &State, MemoryBufferRef Buffer,
                   std::vector<SkippedBenchmarkEntry> *Skipped = nullptr);

/// Prints upstream's warnings for the entries readBenchmarkYamls skipped, one
/// per entry (`FILE:LINE:COL: warning: skipping benchmark entry: MESSAGE`),
/// then their number (`warning: skipped N benchmark entries that could not be
/// parsed`); nothing when there are none.
void printSkippedEntries(ArrayRef<SkippedBenchmarkEntry> Skipped,
                         raw_ostream &OS);

/// Where a results document was measured: enough to build the LLVMState
/// that readBenchmarkYamls needs.
struct BenchmarkTarget {
  std::string LLVMTriple;
  std::string CpuName;
};

/// Reads `llvm_triple` and `cpu_name` of every document of \p Buffer, without
/// a target, ignoring the other fields; accepts whatever readBenchmarkYamls
/// accepts (e.g. upstream's validation counters). Errors as readBenchmarkYamls.
Expected<std::vector<BenchmarkTarget>>
readBenchmarkTargets(MemoryBufferRef Buffer);

} // namespace exegesis
} // namespace llvm

#endif
