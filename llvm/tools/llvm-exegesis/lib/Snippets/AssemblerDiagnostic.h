//===-- AssemblerDiagnostic.h - An error of LLVM's asm parser ---*- C++ -*-===//
//
// A line of a snippet file that LLVM's asm parser rejects is reported the way
// the parser reports it in every LLVM tool (llvm-mc, clang's integrated
// assembler, upstream llvm-exegesis): `FILE:LINE:COL: error: MESSAGE`, then
// the source line and a caret under the column. The parser's SMDiagnostic is
// kept whole (it holds a copy of its line), so that the driver prints it as
// it is, ahead of the tool's own one-line error, and editors and scripts that
// read compiler diagnostics find the place.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_ASSEMBLERDIAGNOSTIC_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_ASSEMBLERDIAGNOSTIC_H

#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
namespace exegesis {

class AssemblerDiagnostic : public ErrorInfo<AssemblerDiagnostic> {
public:
  static char ID;

  explicit AssemblerDiagnostic(SMDiagnostic Diagnostic)
      : Diagnostic(std::move(Diagnostic)) {}

  const SMDiagnostic &getDiagnostic() const { return Diagnostic; }

  /// The diagnostic as SourceMgr prints it, without colours and without the
  /// newline that ends it.
  void log(raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }

private:
  SMDiagnostic Diagnostic;
};

} // namespace exegesis
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_ASSEMBLERDIAGNOSTIC_H
