//===-- ResultsFileWriter.h - Results written as they complete -*- C++ -*-===//
//
// A run of thousands of benchmarks may be interrupted, or the machine may
// lose power, at any moment: what completed must survive, and no file may
// ever hold half a document. The results file is therefore written one whole
// YAML document at a time, each with a single write(2), as the benchmark
// completes.
//
// Where the documents go:
//  - "-" (stdout), a terminal, a pipe, a device: straight into it.
//  - a regular file that does not exist: created with the first document.
//  - an existing regular file FILE: the documents go to a new file
//    `FILE.partial-XXXXXX` beside it (its name is printed before it holds a
//    document that FILE does not), which is renamed over FILE as soon as it
//    holds as many documents as FILE did; from then on the documents go on into
//    FILE. So the previous results are never lost to a run that has written
//    fewer, and a run that was killed outright (SIGKILL) left its completed
//    documents in FILE or in the file it named.
//
// Durability: a document is synced to disk (fdatasync) after it is written
// when the run measures, where a benchmark takes far longer than the ~2 ms a
// sync costs; runs that only generate or assemble (thousands of documents a
// second) sync at most every MinSyncInterval. Renaming comes after a sync,
// and the directory is synced after it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_RESULTSFILEWRITER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_RESULTSFILEWRITER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

/// The number of YAML documents in \p Text: lines that start one (`---`).
unsigned countYamlDocuments(StringRef Text);

struct ResultsFileOptions {
  /// The shortest time between two syncs to disk; 0 syncs every document.
  std::chrono::milliseconds MinSyncInterval{0};
};

class ResultsFileWriter {
public:
  /// Prepares to write to \p Path ("-" is stdout); nothing is created or
  /// replaced before the first document. \p Diagnostics receives the name of
  /// a partial file when one is created.
  static Expected<std::unique_ptr<ResultsFileWriter>>
  create(StringRef Path, ResultsFileOptions Options, raw_ostream &Diagnostics);

  ~ResultsFileWriter();
  ResultsFileWriter(const ResultsFileWriter &) = delete;
  ResultsFileWriter &operator=(const ResultsFileWriter &) = delete;

  /// True when the target is a regular file (where comments for -resume are
  /// kept; stdout must stay upstream's bytes).
  bool writesRegularFile() const { return Kind == TargetKind::RegularFile; }

  /// Appends \p Document, one or more whole YAML documents, with a single
  /// write; on failure nothing of it stays in the file.
  Error write(StringRef Document);

  /// The run completed: what it wrote becomes the results file, whatever
  /// the previous one held (an empty results file when nothing was written).
  Error finish();

  /// The run was interrupted: syncs what was written and returns the file
  /// that holds it (the results file, or the partial file while the
  /// previous results file holds more documents).
  Expected<std::string> finishInterrupted();

  /// The run failed: a partial file that did not replace the results file
  /// yet is removed, leaving the previous results as they were.
  void abandon();

  unsigned getNumDocuments() const { return NumDocuments; }

private:
  enum class TargetKind { Stdout, InPlace, RegularFile };

  ResultsFileWriter(std::string Path, TargetKind Kind,
                    ResultsFileOptions Options, raw_ostream &Diagnostics)
      : Path(std::move(Path)), Kind(Kind), Options(Options),
        Diagnostics(Diagnostics) {}

  Error openTarget();
  Error sync();
  Error replaceIfNoLoss();
  Error makeError(const Twine &Reason) const;

  std::string Path;
  TargetKind Kind;
  ResultsFileOptions Options;
  raw_ostream &Diagnostics;
  int FD = -1;
  bool Opened = false;
  bool Done = false;
  /// Set while documents go to a partial file beside Path.
  std::optional<std::string> PartialPath;
  bool PartialAnnounced = false;
  /// Documents in the previous results file, when there was one.
  unsigned PreviousDocuments = 0;
  unsigned NumDocuments = 0;
  uint64_t Size = 0;
  bool NeedsDirectorySync = false;
  std::chrono::steady_clock::time_point LastSync;
};

} // namespace exegesis
} // namespace llvm

#endif
