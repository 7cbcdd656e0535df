//===-- PreviousResults.h - What -resume does not run again ----*- C++ -*-===//
//
// -resume continues an interrupted run: the benchmarks already in the
// results file are not run again. A benchmark is the same when its mode,
// key (instructions, config, register initial values), repetition mode and
// min_instructions are.
//
// The YAML has no field for the repetition mode, and upstream's reader must
// keep reading our files, so a results file we write records it in a YAML
// comment line before each document (`# llvm-exegesis repetition-mode:
// loop`), which every YAML reader skips. A document without it (upstream's,
// or written to stdout) never matches: it is kept, and its benchmark is run
// again.
//
// The file must be a results file of this mode, target CPU and triple;
// anything else is refused. Text after the last complete document (a
// document cut short by a power cut or SIGKILL) is dropped. A document that
// names an opcode or register this LLVM does not know (the file was begun
// with another release) stays in the file but matches nothing; the caller
// warns about it (getSkipped).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_PREVIOUSRESULTS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_PREVIOUSRESULTS_H

#include "Core/BenchmarkCode.h"
#include "Core/BenchmarkRunOptions.h"
#include "Results/BenchmarkResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <set>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The comment line that records \p Mode before a document.
std::string formatRepetitionModeComment(RepetitionMode Mode);

class PreviousResults {
public:
  /// Reads \p Path (a missing file holds nothing to resume). Refuses, with
  /// one line naming the file, a file that is not a results file or holds a
  /// benchmark of another mode than \p Mode or another CPU or triple than
  /// \p State's; when \p Measures, also one that an earlier phase wrote
  /// (`actual measurements skipped.`): it would pass for done.
  static Expected<PreviousResults> read(const LLVMState &State, StringRef Path,
                                        BenchmarkMode Mode, bool Measures);

  /// Reads \p Text as the content of \p Path (for tests).
  static Expected<PreviousResults> parse(const LLVMState &State, StringRef Path,
                                         StringRef Text, BenchmarkMode Mode,
                                         bool Measures);

  /// The file's complete documents, byte for byte.
  StringRef getText() const { return Text; }
  unsigned getNumDocuments() const { return NumDocuments; }
  /// The documents that name what the target does not know, for warnings.
  ArrayRef<SkippedBenchmarkEntry> getSkipped() const { return Skipped; }

  /// True when the file holds this benchmark.
  bool contains(const BenchmarkKey &Key, RepetitionMode Repetition,
                unsigned MinInstructions) const;

private:
  PreviousResults(const LLVMState &State) : State(&State) {}

  std::string makeMatchKey(const BenchmarkKey &Key, StringRef Repetition,
                           unsigned MinInstructions) const;

  const LLVMState *State;
  std::string Text;
  unsigned NumDocuments = 0;
  std::set<std::string> Done;
  std::vector<SkippedBenchmarkEntry> Skipped;
};

} // namespace exegesis
} // namespace llvm

#endif
