//===-- Target.h - Target-specific knowledge behind one interface -*- C++ -*-===//
//
// ExegesisTarget answers every question whose answer depends on the
// architecture: how to set a register to a value, which registers a generated
// function must preserve, how to emit the loop counter and its back-edge,
// which register points at scratch memory, which opcodes cannot be
// benchmarked, and which perf events count cycles / micro-ops / ports. Each
// architecture implements it in its own folder (X86/, AArch64/); an
// architecture without an implementation gets a default that supports
// nothing beyond parsing.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TARGET_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TARGET_H

#include "llvm/ADT/APInt.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"
#include <vector>

namespace llvm {
class MCSubtargetInfo;
namespace exegesis {

class LLVMState;

class ExegesisTarget {
public:
  virtual ~ExegesisTarget();

  /// The implementation for \p TT's architecture (a generic fallback when we
  /// have none).
  static const ExegesisTarget &lookup(const Triple &TT);

  /// Whether this target's code can run on the current host (beyond the
  /// triple matching, e.g. the OS and ABI are ones we know how to call).
  virtual bool canExecute(const LLVMState &) const { return false; }

  /// Instructions that set \p Reg to exactly \p Value (the value's bit width
  /// is that of the register or narrower; narrower values are extended as the
  /// snippet annotations specify). Fails with a message naming the register
  /// when this target cannot set it.
  virtual Expected<std::vector<MCInst>>
  setRegTo(const MCSubtargetInfo &STI, MCRegister Reg,
           const APInt &Value) const;
};

} // namespace exegesis
} // namespace llvm

#endif
