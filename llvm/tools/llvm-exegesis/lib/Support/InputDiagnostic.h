//===-- InputDiagnostic.h - An error at a place in an input file -*- C++
//-*-===//
//
// An error that points at a line and column of a file the tool read (a
// results file, for now). It prints in LLVM's diagnostic form,
// `FILE:LINE:COL: error: MESSAGE`, the form compilers and every LLVM tool
// use, which editors and scripts parse. It is a type of its own so that the
// driver prints it as it is rather than after its banner for other errors
// ("llvm-exegesis error: "), which would say "error" twice on one line.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_INPUTDIAGNOSTIC_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_INPUTDIAGNOSTIC_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <system_error>

namespace llvm {
namespace exegesis {

class InputDiagnostic : public ErrorInfo<InputDiagnostic> {
public:
  static char ID;

  /// \p Line and \p Column count from 1.
  InputDiagnostic(StringRef File, unsigned Line, unsigned Column,
                  const Twine &Message, std::error_code EC);

  StringRef getFile() const { return File; }
  unsigned getLine() const { return Line; }
  unsigned getColumn() const { return Column; }
  StringRef getMessage() const { return Message; }

  /// The same place, with \p Context before the message: the caller says
  /// what the file was being read for.
  Error withContext(const Twine &Context) const;

  void log(raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override { return EC; }

private:
  std::string File;
  unsigned Line;
  unsigned Column;
  std::string Message;
  std::error_code EC;
};

} // namespace exegesis
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_INPUTDIAGNOSTIC_H
