//===-- LLVMState.cpp -------------------------------------------*- C++ -*-===//

#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "Support/NearestName.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"

namespace llvm {
namespace exegesis {

static void initializeTargetsOnce() {
  static bool Initialized = [] {
    InitializeAllTargetInfos();
    InitializeAllTargetMCs();
    InitializeAllAsmParsers();
    InitializeAllDisassemblers();
    return true;
  }();
  (void)Initialized;
}

LLVMState::~LLVMState() = default;

Expected<std::unique_ptr<LLVMState>>
LLVMState::create(StringRef TripleName, StringRef CpuName, StringRef Features) {
  initializeTargetsOnce();
  std::unique_ptr<LLVMState> State(new LLVMState());
  State->TheTriple = Triple(TripleName.empty() ? sys::getProcessTriple()
                                               : Triple::normalize(TripleName));
  std::string Error;
  State->TheTarget = TargetRegistry::lookupTarget(State->TheTriple, Error);
  if (!State->TheTarget)
    return createStringError(inconvertibleErrorCode(),
                             "unknown target triple '" +
                                 State->TheTriple.str() + "': " + Error);
  bool IsHostArch =
      State->TheTriple.getArch() == Triple(sys::getProcessTriple()).getArch();
  if (CpuName.empty() || CpuName == "native")
    State->CpuName = IsHostArch ? sys::getHostCPUName().str() : "generic";
  else
    State->CpuName = CpuName.str();
  State->Features = Features.str();

  const Target &T = *State->TheTarget;
  const Triple &TT = State->TheTriple;
  State->RegInfo.reset(T.createMCRegInfo(TT));
  if (!State->RegInfo)
    return createStringError(inconvertibleErrorCode(),
                             "no register info for target '" + TT.str() + "'");
  State->AsmInfo.reset(
      T.createMCAsmInfo(*State->RegInfo, TT, State->TargetOptions));
  State->InstrInfo.reset(T.createMCInstrInfo());
  // Ask a generic subtarget first: creating one for an unknown CPU prints
  // a warning of its own instead of failing.
  std::unique_ptr<MCSubtargetInfo> GenericSTI(
      T.createMCSubtargetInfo(TT, "", ""));
  if (State->CpuName == "help") {
    // LLVM prints the target's CPUs and features for this name.
    std::unique_ptr<MCSubtargetInfo> Help(
        T.createMCSubtargetInfo(TT, "help", ""));
    return createStringError(inconvertibleErrorCode(),
                             "-mcpu=help: the CPUs of target '" + TT.str() +
                                 "' are listed above; choose one");
  }
  if (GenericSTI && !GenericSTI->isCPUStringValid(State->CpuName))
    return createStringError(inconvertibleErrorCode(),
                             "unknown CPU '" + State->CpuName +
                                 "' for target '" + TT.str() + "'");
  State->SubtargetInfo.reset(
      T.createMCSubtargetInfo(TT, State->CpuName, State->Features));
  if (!State->AsmInfo || !State->InstrInfo || !State->SubtargetInfo)
    return createStringError(inconvertibleErrorCode(),
                             "incomplete MC layer for target '" + TT.str() +
                                 "'");

  State->ExegesisTgt = &ExegesisTarget::lookup(TT);

  const MCInstrInfo &II = *State->InstrInfo;
  State->Opcodes = std::make_unique<OpcodeNameIndex>(II);
  const MCRegisterInfo &RI = *State->RegInfo;
  for (unsigned Reg = 1, E = RI.getNumRegs(); Reg < E; ++Reg)
    State->RegisterByName.try_emplace(RI.getName(Reg), MCRegister(Reg));
  return State;
}

bool LLVMState::canExecuteOnHost() const {
  Triple Host(sys::getProcessTriple());
  // An unspecified OS (x86_64-unknown-unknown, as upstream's tests use) means
  // the host's.
  bool SameOS = TheTriple.getOS() == Host.getOS() ||
                TheTriple.getOS() == Triple::UnknownOS;
  return TheTriple.getArch() == Host.getArch() && SameOS &&
         ExegesisTgt->canExecute(*this);
}

std::optional<unsigned> LLVMState::getOpcodeByName(StringRef Name) const {
  return Opcodes->find(Name);
}

std::optional<MCRegister> LLVMState::getRegisterByName(StringRef Name) const {
  auto It = RegisterByName.find(Name);
  if (It == RegisterByName.end())
    return std::nullopt;
  return It->second;
}

std::optional<StringRef>
LLVMState::findNearestOpcodeName(StringRef Name) const {
  NearestNameFinder Finder(Name);
  for (unsigned Opcode = 0, E = InstrInfo->getNumOpcodes(); Opcode < E;
       ++Opcode)
    Finder.consider(InstrInfo->getName(Opcode));
  return Finder.getNearest();
}

std::optional<StringRef>
LLVMState::findNearestRegisterName(StringRef Name) const {
  NearestNameFinder Finder(Name);
  for (unsigned Reg = 1, E = RegInfo->getNumRegs(); Reg < E; ++Reg)
    Finder.consider(RegInfo->getName(Reg));
  return Finder.getNearest();
}

} // namespace exegesis
} // namespace llvm
