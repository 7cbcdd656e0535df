//===-- LLVMState.h - The target, its MC objects and name lookups -*- C++
//-*-===//
//
// Everything the tool knows about the target it benchmarks: the triple, CPU
// and features it was asked for (the host by default), the MC objects built
// for them, and the opcode and register name maps that snippet files, YAML
// and -opcode-name need. Names are resolved once, at construction, because
// tablegen'd enums are not installed with LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_LLVMSTATE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_LLVMSTATE_H

#include "Core/OpcodeNameIndex.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"
#include <memory>
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

class ExegesisTarget;

class LLVMState {
public:
  /// Builds the state for \p TripleName / \p CpuName / \p Features; empty
  /// strings mean the host. Fails with a one-line message for an unknown
  /// triple or CPU.
  static Expected<std::unique_ptr<LLVMState>>
  create(StringRef TripleName, StringRef CpuName, StringRef Features = "");

  LLVMState(const LLVMState &) = delete;
  LLVMState &operator=(const LLVMState &) = delete;
  ~LLVMState();

  const Triple &getTriple() const { return TheTriple; }
  StringRef getCpuName() const { return CpuName; }
  StringRef getFeatures() const { return Features; }
  const Target &getTarget() const { return *TheTarget; }
  const MCRegisterInfo &getRegInfo() const { return *RegInfo; }
  const MCAsmInfo &getAsmInfo() const { return *AsmInfo; }
  const MCInstrInfo &getInstrInfo() const { return *InstrInfo; }
  const MCSubtargetInfo &getSubtargetInfo() const { return *SubtargetInfo; }
  const MCTargetOptions &getTargetOptions() const { return TargetOptions; }
  /// Our target-specific code; never null.
  const ExegesisTarget &getExegesisTarget() const { return *ExegesisTgt; }

  /// True when code for this state can run on the machine we are on.
  bool canExecuteOnHost() const;

  std::optional<unsigned> getOpcodeByName(StringRef Name) const;
  std::optional<MCRegister> getRegisterByName(StringRef Name) const;
  /// The target's opcode or register name closest to \p Name, an unknown
  /// name, for a "did you mean" hint (see NearestName.h). Looks at every
  /// name: call it once per unknown name, not once per use.
  std::optional<StringRef> findNearestOpcodeName(StringRef Name) const;
  std::optional<StringRef> findNearestRegisterName(StringRef Name) const;
  StringRef getOpcodeName(unsigned Opcode) const {
    return InstrInfo->getName(Opcode);
  }
  StringRef getRegisterName(MCRegister Reg) const {
    return RegInfo->getName(Reg);
  }

private:
  LLVMState() = default;

  Triple TheTriple;
  std::string CpuName;
  std::string Features;
  const Target *TheTarget = nullptr;
  MCTargetOptions TargetOptions;
  std::unique_ptr<const MCRegisterInfo> RegInfo;
  std::unique_ptr<const MCAsmInfo> AsmInfo;
  std::unique_ptr<const MCInstrInfo> InstrInfo;
  std::unique_ptr<const MCSubtargetInfo> SubtargetInfo;
  const ExegesisTarget *ExegesisTgt = nullptr;
  std::unique_ptr<OpcodeNameIndex> Opcodes;
  StringMap<MCRegister> RegisterByName;
};

} // namespace exegesis
} // namespace llvm

#endif
