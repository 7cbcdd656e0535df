//===-- X86/Target.cpp - x86 and x86-64 knowledge ---------------*- C++ -*-===//

#include "../Target.h"
#include "../LLVMState.h"

namespace llvm {
namespace exegesis {
namespace {

class X86ExegesisTarget : public ExegesisTarget {
  bool canExecute(const LLVMState &State) const override {
    return State.getTriple().getArch() == Triple::x86_64 &&
           State.getTriple().isOSLinux();
  }
};

} // namespace

const ExegesisTarget *getTheX86ExegesisTarget() {
  static const X86ExegesisTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
