//===-- ResultsFileWriter.cpp -----------------------------------*- C++ -*-===//

#include "Results/ResultsFileWriter.h"
#include "Support/SystemRefusal.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

unsigned countYamlDocuments(StringRef Text) {
  unsigned Count = 0;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    if (Line == "---" || Line.starts_with("--- "))
      ++Count;
    Text = Rest;
  }
  return Count;
}

Error ResultsFileWriter::makeError(const Twine &Reason) const {
  return createStringError(inconvertibleErrorCode(),
                           "cannot write '" + Path + "': " + Reason);
}

Expected<std::unique_ptr<ResultsFileWriter>>
ResultsFileWriter::create(StringRef Path, ResultsFileOptions Options,
                          raw_ostream &Diagnostics) {
  TargetKind Kind = TargetKind::RegularFile;
  sys::fs::file_status Status;
  if (Path == "-") {
    Kind = TargetKind::Stdout;
  } else if (!sys::fs::status(Path, Status) && sys::fs::exists(Status) &&
             !sys::fs::is_regular_file(Status)) {
    if (sys::fs::is_directory(Status))
      return createStringError(inconvertibleErrorCode(),
                               "cannot write '" + Path + "': is a directory");
    // Renaming over a device or pipe would replace it with a file.
    Kind = TargetKind::InPlace;
  }
  return std::unique_ptr<ResultsFileWriter>(
      new ResultsFileWriter(Path.str(), Kind, Options, Diagnostics));
}

ResultsFileWriter::~ResultsFileWriter() {
  if (!Done)
    abandon();
  if (FD >= 0 && Kind != TargetKind::Stdout)
    close(FD);
}

/// An error code's text, with the notes of describeSystemError for errnos.
static std::string describeErrorCode(std::error_code EC) {
  if (EC.category() == std::generic_category() ||
      EC.category() == std::system_category())
    return describeSystemError(EC.value());
  return EC.message();
}

static Error syncDirectoryOf(StringRef Path) {
  StringRef Directory = sys::path::parent_path(Path);
  std::string Name = Directory.empty() ? "." : Directory.str();
  int DirFD = open(Name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (DirFD < 0)
    return createStringError(inconvertibleErrorCode(),
                             describeSystemError(errno));
  int Result = fsync(DirFD);
  int SavedErrno = errno;
  close(DirFD);
  if (Result != 0)
    return createStringError(inconvertibleErrorCode(),
                             describeSystemError(SavedErrno));
  return Error::success();
}

Error ResultsFileWriter::openTarget() {
  Opened = true;
  LastSync = std::chrono::steady_clock::now();
  if (Kind == TargetKind::Stdout) {
    outs().flush();
    FD = STDOUT_FILENO;
    return Error::success();
  }
  if (Kind == TargetKind::InPlace) {
    FD = open(Path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (FD < 0)
      return makeError(describeSystemError(errno));
    return Error::success();
  }
  FD = open(Path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (FD >= 0) {
    NeedsDirectorySync = true;
    return Error::success();
  }
  if (errno != EEXIST)
    return makeError(describeSystemError(errno));
  // A previous results file: its documents stay until ours are as many.
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> Previous =
          MemoryBuffer::getFile(Path))
    PreviousDocuments = countYamlDocuments((*Previous)->getBuffer());
  SmallString<128> Partial;
  if (std::error_code EC =
          sys::fs::createUniqueFile(Path + ".partial-%%%%%%", FD, Partial))
    return makeError(describeErrorCode(EC));
  PartialPath = Partial.str().str();
  return replaceIfNoLoss();
}

Error ResultsFileWriter::sync() {
  if (Kind != TargetKind::RegularFile || FD < 0)
    return Error::success();
  LastSync = std::chrono::steady_clock::now();
  if (fdatasync(FD) != 0)
    return makeError("sync: " + describeSystemError(errno));
  if (NeedsDirectorySync) {
    if (Error E = syncDirectoryOf(Path))
      return makeError("sync of its directory: " + toString(std::move(E)));
    NeedsDirectorySync = false;
  }
  return Error::success();
}

Error ResultsFileWriter::replaceIfNoLoss() {
  if (!PartialPath || NumDocuments < PreviousDocuments)
    return Error::success();
  // The data first: a power cut must not leave FILE naming an empty file.
  if (Error E = sync())
    return E;
  if (std::error_code EC = sys::fs::rename(*PartialPath, Path))
    return makeError(describeErrorCode(EC));
  PartialPath.reset();
  NeedsDirectorySync = true;
  return sync();
}

Error ResultsFileWriter::write(StringRef Document) {
  assert(!Done && "write after the end");
  if (!Opened)
    if (Error E = openTarget())
      return E;
  unsigned DocumentCount = countYamlDocuments(Document);
  if (PartialPath && !PartialAnnounced &&
      NumDocuments + DocumentCount < PreviousDocuments) {
    // Before the partial file holds anything that FILE does not.
    Diagnostics << "llvm-exegesis: results go to '" << *PartialPath
                << "' until they replace '" << Path << "'\n";
    PartialAnnounced = true;
  }
  StringRef Rest = Document;
  while (!Rest.empty()) {
    ssize_t Written = ::write(FD, Rest.data(), Rest.size());
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0) {
      std::string Reason =
          Written < 0 ? describeSystemError(errno) : "no space";
      // Whole documents only: take back what part of it went out.
      if (Kind == TargetKind::RegularFile && ftruncate(FD, Size) == 0)
        lseek(FD, Size, SEEK_SET);
      return makeError(Reason);
    }
    Rest = Rest.drop_front(Written);
  }
  Size += Document.size();
  NumDocuments += DocumentCount;
  if (Options.MinSyncInterval.count() == 0 ||
      std::chrono::steady_clock::now() - LastSync >= Options.MinSyncInterval)
    if (Error E = sync())
      return E;
  return replaceIfNoLoss();
}

Error ResultsFileWriter::finish() {
  if (!Opened)
    if (Error E = openTarget())
      return E;
  Done = true;
  if (Error E = sync())
    return E;
  if (PartialPath) {
    PreviousDocuments = 0;
    return replaceIfNoLoss();
  }
  return Error::success();
}

Expected<std::string> ResultsFileWriter::finishInterrupted() {
  if (!Opened && Kind == TargetKind::RegularFile && !sys::fs::exists(Path)) {
    // "results so far in FILE" holds for none, too.
    if (Error E = openTarget())
      return E;
  }
  Done = true;
  if (Kind == TargetKind::Stdout)
    return std::string("stdout");
  if (Error E = sync())
    return E;
  return PartialPath ? *PartialPath : Path;
}

void ResultsFileWriter::abandon() {
  Done = true;
  if (PartialPath) {
    close(FD);
    FD = -1;
    sys::fs::remove(*PartialPath);
    PartialPath.reset();
    return;
  }
  consumeError(sync());
}

} // namespace exegesis
} // namespace llvm
