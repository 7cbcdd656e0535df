//===-- X86/Target.cpp - x86 and x86-64 knowledge ---------------*- C++ -*-===//
//
// The x86 ExegesisTarget: what x86 and x86-64 answer to the questions of
// Core/Target.h, each in the file of its concept: register set-up
// (X86RegisterSetup.h), the frame (X86Frame.h) and the FS and GS bases
// (X86SegmentBases.h), the vector unit's state (X86VectorState.h), the
// calibration loops (X86CalibrationLoop.h), the chained-load word
// (X86LoadSnippets.h); here the small answers, the loop and the fence after
// the register set-up.
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "Core/LLVMState.h"
#include "X86/X86CalibrationLoop.h"
#include "X86/X86ControlStateChains.h"
#include "X86/X86Frame.h"
#include "X86/X86HelperChains.h"
#include "X86/X86LoadSnippets.h"
#include "X86/X86Names.h"
#include "X86/X86PreparedSnippets.h"
#include "X86/X86RegisterSetup.h"
#include "X86/X86StackCode.h"
#include "X86/X86StackSnippets.h"
#include "X86/X86StatusFlags.h"
#include "X86/X86VectorState.h"
#include "X86/X86X87Chains.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/TargetParser/Host.h"

namespace llvm {
namespace exegesis {

using x86::inst;

namespace {

class X86ExegesisTarget : public ExegesisTarget {
  bool canExecute(const LLVMState &State) const override {
    // The OS is LLVMState's to check; we know how to call x86-64 code on Linux.
    return State.getTriple().getArch() == Triple::x86_64 &&
           Triple(sys::getProcessTriple()).isOSLinux();
  }

  Expected<std::vector<MCInst>> setRegTo(const MCSubtargetInfo &STI,
                                         MCRegister Reg,
                                         const APInt &Value) const override {
    return setX86Register(STI, Reg, Value);
  }
  Expected<std::vector<MCInst>>
  setRegistersTo(const MCSubtargetInfo &STI,
                 ArrayRef<RegisterValue> Values) const override {
    return setX86Registers(STI, Values);
  }

  Error checkCanAssembleFor(const Triple &TT) const override {
    if (TT.isOSBinFormatELF() || (isWin64(TT) && TT.isOSBinFormatCOFF()))
      return Error::success();
    return createStringError(inconvertibleErrorCode(),
                             "assembling for " + TT.str() +
                                 " is not supported: only ELF targets and "
                                 "x86-64 Windows (COFF) are");
  }

  /// What a snippet gives FS or GS is their base (an address, as upstream's
  /// subprocess mode sets it), not the 16-bit selector their class holds.
  bool isSegmentBaseRegister(const Triple &TT, MCRegister Reg) const override {
    const X86Names &N = X86Names::get();
    return TT.getArch() == Triple::x86_64 && (Reg == N.FS || Reg == N.GS);
  }

  unsigned getRegisterBitWidth(const MCRegisterInfo &RegInfo,
                               const MCSubtargetInfo &STI,
                               MCRegister Reg) const override {
    if (isSegmentBaseRegister(STI.getTargetTriple(), Reg))
      return 64;
    return ExegesisTarget::getRegisterBitWidth(RegInfo, STI, Reg);
  }

  /// MXCSR and the x87 control word are in no register class.
  unsigned getUnclassedRegisterBitWidth(const MCSubtargetInfo &STI,
                                        MCRegister Reg) const override {
    const X86Names &N = X86Names::get();
    if (Reg == N.MXCSR)
      return 32;
    if (Reg == N.FPCW || Reg == N.FPSW)
      return 16;
    return ExegesisTarget::getUnclassedRegisterBitWidth(STI, Reg);
  }

  Expected<std::string>
  encodeCalibrationLoop(const Triple &TT,
                        const CalibrationLoop &Loop) const override {
    if (TT.getArch() != Triple::x86_64)
      return ExegesisTarget::encodeCalibrationLoop(TT, Loop);
    return encodeX86CalibrationLoop(Loop);
  }

  bool hasWideVectorCalibrationChain(const Triple &TT) const override {
    return TT.getArch() == Triple::x86_64;
  }

  std::optional<bool> carriesPartsOf(const LLVMState &State, MCRegister Reg,
                                     ArrayRef<MCInst> Snippet) const override {
    X86StatusFlags Flags(State);
    if (Reg != Flags.getRegister())
      return std::nullopt;
    return Flags.getCarriedFlags(Snippet) != 0;
  }

  /// A general-purpose register of the pointer's width other than the
  /// stack pointer.
  bool canCountLoop(const MCRegisterInfo &, const MCSubtargetInfo &STI,
                    MCRegister Reg) const override {
    const X86Names &N = X86Names::get();
    return isInClass(
        STI.getTargetTriple().isArch64Bit() ? N.GR64_NOSP : N.GR32_NOSP, Reg);
  }

  bool featureChangesSwitchProcessorMode() const override { return true; }

  /// The pseudo prefix of the encoding family the first byte after the
  /// legacy and REX prefixes names.
  StringRef getEncodingPrefix(const Triple &TT,
                              ArrayRef<uint8_t> Bytes) const override {
    if (!TT.isArch64Bit())
      return "";
    for (uint8_t Byte : Bytes) {
      bool LegacyPrefix = Byte == 0x66 || Byte == 0x67 || Byte == 0xF2 ||
                          Byte == 0xF3 || Byte == 0xF0 || Byte == 0x2E ||
                          Byte == 0x36 || Byte == 0x3E || Byte == 0x26 ||
                          Byte == 0x64 || Byte == 0x65 || (Byte & 0xF0) == 0x40;
      if (LegacyPrefix)
        continue;
      if (Byte == 0x62)
        return "{evex} ";
      if (Byte == 0xC4 || Byte == 0xC5)
        return "{vex} ";
      if (Byte == 0xD5)
        return "{rex2} ";
      break;
    }
    return "";
  }

  /// The tool reads a stopped child's registers and faulting address for
  /// x86-64 only.
  bool canAutoMapMemory(const Triple &TT) const override {
    return TT.getArch() == Triple::x86_64;
  }

  ArrayRef<MCRegister>
  getCalleeSavedRegisters(const Triple &TT) const override {
    return getX86CalleeSavedRegisters(TT);
  }

  Expected<std::vector<MCInst>>
  generatePrologue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override {
    return generateX86Prologue(State, Clobbered);
  }
  Expected<std::vector<MCInst>>
  generateEpilogue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override {
    return generateX86Epilogue(State, Clobbered);
  }

  std::vector<MCInst>
  cleanVectorStateOnEntry(const LLVMState &State, ArrayRef<MCRegister> Used,
                          ArrayRef<MCRegister> LiveIns) const override {
    return cleanX86VectorStateOnEntry(State, Used, LiveIns);
  }
  std::vector<MCInst> fenceAfterSetup(const LLVMState &State,
                                      ArrayRef<MCInst> Setup) const override;
  double getExpectedProbeGroupCycles(const LLVMState &State) const override;
  std::string
  describeVectorStateCost(const LLVMState &State,
                          const BenchmarkCode &Code) const override {
    return describeX86VectorStateCost(State, Code);
  }

  std::string getIllegalInstructionCause(const LLVMState &State,
                                         unsigned Opcode) const override {
    StringRef Name = State.getOpcodeName(Opcode);
    if (Name == "INCSSPD" || Name == "INCSSPQ")
      return "INCSSP raises #UD unless the process has a shadow stack";
    if (Name == "RDPKRUr")
      return "RDPKRU raises #UD unless the CPU has PKU and the kernel "
             "enabled it (OSPKE)";
    if (Name == "XGETBV")
      return "XGETBV raises #UD unless the kernel enabled XSAVE (OSXSAVE)";
    return "";
  }

  MCRegister getDefaultLoopCounterRegister(const Triple &TT) const override {
    return TT.isArch64Bit() ? X86Names::get().R8 : MCRegister();
  }

  // A cache line, not upstream's 16 bytes: the micro-op cache and the
  // decoders take code in 32- and 64-byte windows, and where a loop starts
  // within them can set its speed. On an Emerald Rapids guest a loop of 48
  // copies of twelve movzwl read 0.217 cycles an instruction starting 16
  // bytes into a line, 0.211 at 32 and 0.200 at a line's start (an
  // independent harness's loop moved the same way), so a value moved with
  // the length of the register setup.
  Align getLoopAlignment() const override { return Align(64); }

  Expected<std::vector<MCInst>>
  decrementLoopCounterAndBranch(MCRegister Counter,
                                const MCExpr *LoopStart) const override;

  MCRegister getScratchMemoryRegister(const Triple &TT) const override {
    if (!TT.isArch64Bit())
      return MCRegister();
    return isWin64(TT) ? X86Names::get().RCX : X86Names::get().RDI;
  }

  /// Writes the word a snippet chained through its address reads
  /// (X86LoadSnippets.h); x86 needs no stack scratch memory.
  std::vector<MCInst>
  reserveStackScratchMemory(const LLVMState &State,
                            ArrayRef<MCInst> Snippet) const override {
    std::vector<MCInst> Out = writeX86AddressChainWord(State, Snippet);
    llvm::append_range(Out, writeX86HelperChainMemory(State, Snippet));
    llvm::append_range(Out, writeX87OperandWord(State, Snippet));
    llvm::append_range(Out, writeControlStateChainArea(State, Snippet));
    llvm::append_range(Out, writeX86StringChainWord(State, Snippet));
    llvm::append_range(Out, noteX86PrivateStack(State, Snippet));
    return Out;
  }

  /// A snippet whose pushes and pops balance runs on a private stack
  /// (X86StackSnippets.h).
  Expected<LoweredSnippet>
  lowerSnippet(const LLVMState &State,
               ArrayRef<MCInst> Snippet) const override {
    return lowerX86StackSnippet(State, Snippet);
  }

  MCRegister getStackPointerRegister() const override {
    return X86Names::get().RSP;
  }
  Expected<std::vector<MCInst>> saveStackPointer() const override {
    return saveX86StackPointer();
  }
  Expected<std::vector<MCInst>> restoreStackPointer() const override {
    return restoreX86StackPointer();
  }

  std::string getUnresolvedNames() const override {
    return X86Names::get().Table.lookupFailures().str();
  }
};

} // namespace

double
X86ExegesisTarget::getExpectedProbeGroupCycles(const LLVMState &State) const {
  // The probe's adds are ADD64rr (CycleEstimator's x86 loops).
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  const MCSchedModel &SM = STI.getSchedModel();
  if (State.getTriple().getArch() != Triple::x86_64 || !SM.hasInstrSchedModel())
    return NAN;
  const MCInstrDesc &Add = State.getInstrInfo().get(X86Names::get().ADD64rr);
  const MCSchedClassDesc *Class = SM.getSchedClassDesc(Add.getSchedClass());
  if (!Class || !Class->isValid() || Class->isVariant())
    return NAN;
  double Throughput = MCSchedModel::getReciprocalThroughput(STI, *Class);
  if (!std::isfinite(Throughput) || Throughput <= 0)
    return NAN;
  return std::max(1.0, 4 * Throughput);
}

std::vector<MCInst>
X86ExegesisTarget::fenceAfterSetup(const LLVMState &State,
                                   ArrayRef<MCInst> Setup) const {
  // A vector, mask or control register set from the stack is loaded while
  // the stores that put its value there are still in flight. A measured loop
  // that starts then can settle into a slower steady state and keep it for
  // the whole run: on Zen 4, VSQRTSD throughput (its upper half passed
  // through from the register so set) reads 9.0 cycles instead of 8.4. An
  // lfence lets every setup instruction finish before the measured code.
  const MCInstrInfo &II = State.getInstrInfo();
  if (State.getTriple().getArch() != Triple::x86_64 ||
      none_of(Setup, [&](const MCInst &Inst) {
        return II.get(Inst.getOpcode()).mayStore();
      }))
    return {};
  return {inst(X86Names::get().LFENCE)};
}

Expected<std::vector<MCInst>> X86ExegesisTarget::decrementLoopCounterAndBranch(
    MCRegister Counter, const MCExpr *LoopStart) const {
  const X86Names &N = X86Names::get();
  unsigned Opcode;
  if (isInClass(N.GR64, Counter))
    Opcode = N.ADD64ri8;
  else if (isInClass(N.GR32, Counter))
    Opcode = N.ADD32ri8;
  else
    return createStringError(inconvertibleErrorCode(),
                             "loop register " + N.name(Counter) +
                                 " is not a 32- or 64-bit general-purpose "
                                 "register");
  std::vector<MCInst> Out;
  MCInst Decrement = inst(Opcode);
  Decrement.addOperand(MCOperand::createReg(Counter));
  Decrement.addOperand(MCOperand::createReg(Counter));
  Decrement.addOperand(MCOperand::createImm(-1));
  Out.push_back(Decrement);
  MCInst Branch = inst(N.JCC_1);
  Branch.addOperand(MCOperand::createExpr(LoopStart));
  Branch.addOperand(MCOperand::createImm(/*COND_NE=*/5));
  Out.push_back(Branch);
  return Out;
}

const ExegesisTarget *getTheX86ExegesisTarget() {
  static const X86ExegesisTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
