//===-- InputDiagnostic.cpp - An error at a place in an input file --------===//

#include "Support/InputDiagnostic.h"

namespace llvm {
namespace exegesis {

char InputDiagnostic::ID;

InputDiagnostic::InputDiagnostic(StringRef File, unsigned Line, unsigned Column,
                                 const Twine &Message, std::error_code EC)
    : File(File.str()), Line(Line), Column(Column), Message(Message.str()),
      EC(EC) {}

Error InputDiagnostic::withContext(const Twine &Context) const {
  return make_error<InputDiagnostic>(File, Line, Column,
                                     Context + ": " + Message, EC);
}

void InputDiagnostic::log(raw_ostream &OS) const {
  OS << File << ':' << Line << ':' << Column << ": error: " << Message;
}

} // namespace exegesis
} // namespace llvm
