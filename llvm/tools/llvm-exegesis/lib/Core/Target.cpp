//===-- Target.cpp ----------------------------------------------*- C++ -*-===//

#include "Core/Target.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"

namespace llvm {
namespace exegesis {

ExegesisTarget::~ExegesisTarget() = default;

static Error unsupported(StringRef What) {
  return createStringError(inconvertibleErrorCode(),
                           What + " is not supported on this target");
}

Error ExegesisTarget::checkCanAssembleFor(const Triple &TT) const {
  if (TT.isOSBinFormatELF())
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "assembling for " + TT.str() +
                               " is not supported: only ELF targets are");
}

unsigned ExegesisTarget::getRegisterBitWidth(const MCRegisterInfo &RegInfo,
                                             const MCSubtargetInfo &STI,
                                             MCRegister Reg) const {
  if (unsigned Widest = getWidestRegisterClassBitWidth(RegInfo, Reg))
    return Widest;
  return getUnclassedRegisterBitWidth(STI, Reg);
}

unsigned
ExegesisTarget::getUnclassedRegisterBitWidth(const MCSubtargetInfo &STI,
                                             MCRegister) const {
  return STI.getTargetTriple().isArch64Bit() ? 64 : 32;
}

Expected<std::string>
ExegesisTarget::encodeCalibrationLoop(const Triple &TT,
                                      const CalibrationLoop &) const {
  return createStringError(inconvertibleErrorCode(),
                           "no cycle calibration code for " + TT.getArchName());
}

bool ExegesisTarget::canCountLoop(const MCRegisterInfo &RegInfo,
                                  const MCSubtargetInfo &STI,
                                  MCRegister Reg) const {
  return getRegisterBitWidth(RegInfo, STI, Reg) ==
         (STI.getTargetTriple().isArch64Bit() ? 64u : 32u);
}

Expected<std::vector<MCInst>> ExegesisTarget::setRegTo(const MCSubtargetInfo &,
                                                       MCRegister,
                                                       const APInt &) const {
  return unsupported("setting registers");
}

Expected<std::vector<MCInst>>
ExegesisTarget::setRegistersTo(const MCSubtargetInfo &STI,
                               ArrayRef<RegisterValue> Values) const {
  std::vector<MCInst> Result;
  for (const RegisterValue &RV : Values) {
    Expected<std::vector<MCInst>> Insts = setRegTo(STI, RV.Register, RV.Value);
    if (!Insts)
      return Insts.takeError();
    llvm::append_range(Result, *Insts);
  }
  return Result;
}

Expected<std::vector<MCInst>>
ExegesisTarget::generatePrologue(const LLVMState &,
                                 ArrayRef<MCRegister>) const {
  return unsupported("generating functions");
}

Expected<std::vector<MCInst>>
ExegesisTarget::generateEpilogue(const LLVMState &,
                                 ArrayRef<MCRegister>) const {
  return unsupported("generating functions");
}

Expected<std::vector<MCInst>>
ExegesisTarget::decrementLoopCounterAndBranch(MCRegister,
                                              const MCExpr *) const {
  return unsupported("loop repetition");
}

namespace {
/// Architectures we have no code for: snippets parse, nothing assembles.
class GenericExegesisTarget : public ExegesisTarget {};
} // namespace

// Each target folder defines its getters: X86/Target.cpp and
// X86/X86SnippetGeneration.cpp, and so on.
const ExegesisTarget *getTheX86ExegesisTarget();
const ExegesisTarget *getTheAArch64ExegesisTarget();
const ExegesisTarget *getTheRISCVExegesisTarget(const Triple &TT);
const ExegesisTarget *getTheMipsExegesisTarget();
const ExegesisTarget *getThePowerPCExegesisTarget();
const SnippetGenerationTarget *getTheX86SnippetGenerationTarget();
const SnippetGenerationTarget *getTheAArch64SnippetGenerationTarget();
const SnippetGenerationTarget *getTheRISCVSnippetGenerationTarget();
const SnippetGenerationTarget *getTheMipsSnippetGenerationTarget();
const SnippetGenerationTarget *getThePowerPCSnippetGenerationTarget();

static const TargetRegistration Registry[] = {
    {[](const Triple &TT) { return TT.isX86(); },
     [](const Triple &) -> const ExegesisTarget & {
       return *getTheX86ExegesisTarget();
     },
     []() -> const SnippetGenerationTarget & {
       return *getTheX86SnippetGenerationTarget();
     }},
    {[](const Triple &TT) { return TT.isAArch64(); },
     [](const Triple &) -> const ExegesisTarget & {
       return *getTheAArch64ExegesisTarget();
     },
     []() -> const SnippetGenerationTarget & {
       return *getTheAArch64SnippetGenerationTarget();
     }},
    {[](const Triple &TT) { return TT.isRISCV(); },
     [](const Triple &TT) -> const ExegesisTarget & {
       return *getTheRISCVExegesisTarget(TT);
     },
     []() -> const SnippetGenerationTarget & {
       return *getTheRISCVSnippetGenerationTarget();
     }},
    {[](const Triple &TT) { return TT.isMIPS(); },
     [](const Triple &) -> const ExegesisTarget & {
       return *getTheMipsExegesisTarget();
     },
     []() -> const SnippetGenerationTarget & {
       return *getTheMipsSnippetGenerationTarget();
     }},
    {[](const Triple &TT) { return TT.isPPC(); },
     [](const Triple &) -> const ExegesisTarget & {
       return *getThePowerPCExegesisTarget();
     },
     []() -> const SnippetGenerationTarget & {
       return *getThePowerPCSnippetGenerationTarget();
     }},
};

ArrayRef<TargetRegistration> getTargetRegistry() { return Registry; }

const TargetRegistration *findTargetRegistration(const Triple &TT) {
  for (const TargetRegistration &Row : Registry)
    if (Row.Serves(TT))
      return &Row;
  return nullptr;
}

const ExegesisTarget &ExegesisTarget::lookup(const Triple &TT) {
  static const GenericExegesisTarget Generic;
  if (const TargetRegistration *Row = findTargetRegistration(TT))
    return Row->GetTarget(TT);
  return Generic;
}

unsigned getWidestRegisterClassBitWidth(const MCRegisterInfo &RegInfo,
                                        MCRegister Reg) {
  unsigned Widest = 0;
  for (const MCRegisterClass &RC : RegInfo.regclasses())
    if (RC.contains(Reg))
      Widest = std::max(Widest, RC.getSizeInBits());
  return Widest;
}

Error makeCannotSetRegisterError(const MCRegisterInfo &RegInfo, MCRegister Reg,
                                 const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           Twine("cannot set register ") +
                               RegInfo.getName(Reg) + ": " + Why);
}

Expected<APInt> fitRegisterValue(const MCRegisterInfo &RegInfo, MCRegister Reg,
                                 const APInt &Value, unsigned Bits,
                                 ValueExtension Extension) {
  if (Value.getBitWidth() == 0)
    return APInt(Bits, 0);
  if (Value.getBitWidth() <= Bits)
    return Extension == ValueExtension::Sign ? Value.sext(Bits)
                                             : Value.zext(Bits);
  if (Value.getActiveBits() > Bits)
    return makeCannotSetRegisterError(
        RegInfo, Reg,
        "value 0x" + llvm::toString(Value, 16, false) + " is wider than " +
            Twine(Bits) + " bits");
  return Value.trunc(Bits);
}

TargetNameTable::TargetNameTable(StringRef TripleName) {
  Triple TT(TripleName);
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(TT, Error);
  if (!T) {
    Failures = ("target " + TripleName + ": " + Error).str();
    return;
  }
  RegInfo.reset(T->createMCRegInfo(TT));
  InstrInfo.reset(T->createMCInstrInfo());
  Opcodes = std::make_unique<OpcodeNameIndex>(*InstrInfo);
}

TargetNameTable::~TargetNameTable() = default;

static void addFailure(std::string &Failures, StringRef Name) {
  if (!Failures.empty())
    Failures += ", ";
  Failures += Name;
}

unsigned TargetNameTable::opcode(StringRef Name) {
  if (Opcodes)
    if (std::optional<unsigned> Opcode = Opcodes->find(Name))
      return *Opcode;
  addFailure(Failures, Name);
  return 0;
}

MCRegister TargetNameTable::reg(StringRef Name) {
  if (RegInfo)
    for (unsigned Reg = 1, E = RegInfo->getNumRegs(); Reg < E; ++Reg)
      if (RegInfo->getName(Reg) == Name)
        return MCRegister(Reg);
  addFailure(Failures, Name);
  return MCRegister();
}

const MCRegisterClass *TargetNameTable::regClass(StringRef Name) {
  if (RegInfo)
    for (const MCRegisterClass &RC : RegInfo->regclasses())
      if (RegInfo->getRegClassName(&RC) == Name)
        return &RC;
  addFailure(Failures, Name);
  return nullptr;
}

} // namespace exegesis
} // namespace llvm
