//===-- AArch64/Target.cpp - AArch64 knowledge ------------------*- C++ -*-===//

#include "../Target.h"
#include "../LLVMState.h"

namespace llvm {
namespace exegesis {
namespace {

class AArch64ExegesisTarget : public ExegesisTarget {
  bool canExecute(const LLVMState &State) const override {
    return State.getTriple().isAArch64() && State.getTriple().isOSLinux();
  }
};

} // namespace

const ExegesisTarget *getTheAArch64ExegesisTarget() {
  static const AArch64ExegesisTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
