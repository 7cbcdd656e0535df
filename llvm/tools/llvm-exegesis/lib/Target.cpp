//===-- Target.cpp ----------------------------------------------*- C++ -*-===//

#include "Target.h"
#include "LLVMState.h"

namespace llvm {
namespace exegesis {

ExegesisTarget::~ExegesisTarget() = default;

Expected<std::vector<MCInst>>
ExegesisTarget::setRegTo(const MCSubtargetInfo &, MCRegister,
                         const APInt &) const {
  return createStringError(inconvertibleErrorCode(),
                           "setting registers is not supported on this target");
}

namespace {
/// Architectures we have no code for: snippets parse, nothing assembles.
class GenericExegesisTarget : public ExegesisTarget {};
} // namespace

const ExegesisTarget *getTheX86ExegesisTarget();
const ExegesisTarget *getTheAArch64ExegesisTarget();

const ExegesisTarget &ExegesisTarget::lookup(const Triple &TT) {
  static const GenericExegesisTarget Generic;
  if (TT.isX86())
    if (const ExegesisTarget *T = getTheX86ExegesisTarget())
      return *T;
  if (TT.isAArch64())
    if (const ExegesisTarget *T = getTheAArch64ExegesisTarget())
      return *T;
  return Generic;
}

} // namespace exegesis
} // namespace llvm
