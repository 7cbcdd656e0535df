//===-- OutputFile.cpp ------------------------------------------*- C++ -*-===//

#include "Support/OutputFile.h"
#include "llvm/Support/FileSystem.h"

namespace llvm {
namespace exegesis {

static Error makeWriteError(StringRef Path, const Twine &Reason) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot write '" + Path + "': " + Reason);
}

Error writeOutputFile(StringRef Path,
                      function_ref<Error(raw_ostream &OS)> Write) {
  if (Path == "-") {
    if (Error E = Write(outs()))
      return E;
    outs().flush();
    return Error::success();
  }
  sys::fs::file_status Status;
  if (!sys::fs::status(Path, Status) && sys::fs::exists(Status) &&
      !sys::fs::is_regular_file(Status)) {
    if (sys::fs::is_directory(Status))
      return makeWriteError(Path, "is a directory");
    std::error_code EC;
    raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
    if (EC)
      return makeWriteError(Path, EC.message());
    return Write(OS);
  }
  Expected<sys::fs::TempFile> Temp =
      sys::fs::TempFile::create(Path + ".tmp-%%%%%%");
  if (!Temp)
    return makeWriteError(Path, toString(Temp.takeError()));
  {
    raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
    if (Error E = Write(OS)) {
      consumeError(Temp->discard());
      return E;
    }
    OS.flush();
    if (OS.has_error()) {
      std::string Reason = OS.error().message();
      OS.clear_error();
      consumeError(Temp->discard());
      return makeWriteError(Path, Reason);
    }
  }
  if (Error E = Temp->keep(Path))
    return makeWriteError(Path, toString(std::move(E)));
  return Error::success();
}

} // namespace exegesis
} // namespace llvm
