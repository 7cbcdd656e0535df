//===-- OutputFile.h - Writing a results or report file safely -*- C++ -*-===//
//
// The analysis reports (CSV and HTML) are written through here (results
// YAML is streamed by ResultsFileWriter): "-" is stdout; a regular file (or a
// new one) is written to a temporary beside it and renamed into place only once
// everything was written, so a failing run never leaves a half-written file or
// loses the old one; anything else that exists (/dev/null, a pipe, a terminal)
// is written in place, since renaming over it would replace the device with a
// file.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_OUTPUTFILE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
namespace exegesis {

/// Calls \p Write with a stream for \p Path and commits what it wrote; an
/// error from \p Write leaves \p Path untouched.
Error writeOutputFile(StringRef Path,
                      function_ref<Error(raw_ostream &OS)> Write);

} // namespace exegesis
} // namespace llvm

#endif
