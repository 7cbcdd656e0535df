//===-- AssemblerDiagnostic.cpp - An error of LLVM's asm parser -----------===//

#include "Snippets/AssemblerDiagnostic.h"

namespace llvm {
namespace exegesis {

char AssemblerDiagnostic::ID;

void AssemblerDiagnostic::log(raw_ostream &OS) const {
  std::string Text;
  raw_string_ostream Printed(Text);
  Diagnostic.print(/*ProgName=*/nullptr, Printed, /*ShowColors=*/false);
  OS << StringRef(Text).rtrim('\n');
}

} // namespace exegesis
} // namespace llvm
