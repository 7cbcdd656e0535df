//===-- X86/Target.cpp - x86 and x86-64 knowledge ---------------*- C++ -*-===//
//
// How generated x86-64 functions set registers, save what the System V ABI
// preserves (or the Win64 ABI for a Windows triple: RSI, RDI and XMM6-15
// too, and the scratch pointer arrives in RCX), loop and return. Register
// values that no instruction can take as an immediate (vector, mask, flags,
// control and x87 registers) are written to the stack below the stack pointer
// and loaded from there; the stack pointer moves with LEA so that the flags are
// never disturbed.
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "Core/LLVMState.h"
#include "X86/X86CalibrationLoop.h"
#include "X86/X86LoadSnippets.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/TargetParser/Host.h"

namespace llvm {
namespace exegesis {
namespace {

/// Everything the x86 code emits or inspects, resolved by name once.
struct X86Names : TargetNames<X86Names> {
  TargetNameTable Table{"x86_64-unknown-linux-gnu"};

  unsigned MOV8ri = Table.opcode("MOV8ri");
  unsigned MOV16ri = Table.opcode("MOV16ri");
  unsigned MOV32ri = Table.opcode("MOV32ri");
  unsigned MOV64ri = Table.opcode("MOV64ri");
  unsigned MOV32mi = Table.opcode("MOV32mi");
  unsigned LEA64r = Table.opcode("LEA64r");
  unsigned ADD64ri8 = Table.opcode("ADD64ri8");
  unsigned ADD32ri8 = Table.opcode("ADD32ri8");
  unsigned ADD64ri32 = Table.opcode("ADD64ri32");
  unsigned SUB64ri8 = Table.opcode("SUB64ri8");
  unsigned SUB64ri32 = Table.opcode("SUB64ri32");
  unsigned MOVAPSmr = Table.opcode("MOVAPSmr");
  unsigned MOVAPSrm = Table.opcode("MOVAPSrm");
  unsigned VMOVAPSmr = Table.opcode("VMOVAPSmr");
  unsigned VMOVAPSrm = Table.opcode("VMOVAPSrm");
  unsigned JCC_1 = Table.opcode("JCC_1");
  unsigned PUSH64r = Table.opcode("PUSH64r");
  unsigned POP64r = Table.opcode("POP64r");
  unsigned RET64 = Table.opcode("RET64");
  unsigned POPF64 = Table.opcode("POPF64");
  unsigned CLD = Table.opcode("CLD");
  unsigned MMX_EMMS = Table.opcode("MMX_EMMS");
  unsigned MOVDQUrm = Table.opcode("MOVDQUrm");
  unsigned VMOVDQUrm = Table.opcode("VMOVDQUrm");
  unsigned VMOVDQUYrm = Table.opcode("VMOVDQUYrm");
  unsigned VMOVDQU32Z128rm = Table.opcode("VMOVDQU32Z128rm");
  unsigned VMOVDQU32Z256rm = Table.opcode("VMOVDQU32Z256rm");
  unsigned VMOVDQU32Zrm = Table.opcode("VMOVDQU32Zrm");
  unsigned KMOVWkm = Table.opcode("KMOVWkm");
  unsigned KMOVQkm = Table.opcode("KMOVQkm");
  unsigned LDMXCSR = Table.opcode("LDMXCSR");
  unsigned VLDMXCSR = Table.opcode("VLDMXCSR");
  unsigned STMXCSR = Table.opcode("STMXCSR");
  unsigned VSTMXCSR = Table.opcode("VSTMXCSR");
  unsigned FLDCW16m = Table.opcode("FLDCW16m");
  unsigned FNSTCW16m = Table.opcode("FNSTCW16m");
  unsigned LD_F80m = Table.opcode("LD_F80m");
  unsigned LD_F0 = Table.opcode("LD_F0");
  unsigned MMX_MOVQ64rm = Table.opcode("MMX_MOVQ64rm");
  unsigned MOV64o64a = Table.opcode("MOV64o64a");
  unsigned MOV64ao64 = Table.opcode("MOV64ao64");
  unsigned MOV64rr = Table.opcode("MOV64rr");
  unsigned VZEROUPPER = Table.opcode("VZEROUPPER");
  unsigned LFENCE = Table.opcode("LFENCE");
  unsigned ADD64rr = Table.opcode("ADD64rr");
  unsigned SYSCALL = Table.opcode("SYSCALL");

  MCRegister RSP = Table.reg("RSP");
  MCRegister RAX = Table.reg("RAX");
  MCRegister RIP = Table.reg("RIP");
  MCRegister RCX = Table.reg("RCX");
  MCRegister RDI = Table.reg("RDI");
  MCRegister RSI = Table.reg("RSI");
  MCRegister R11 = Table.reg("R11");
  MCRegister EAX = Table.reg("EAX");
  MCRegister EDI = Table.reg("EDI");
  MCRegister FS = Table.reg("FS");
  MCRegister GS = Table.reg("GS");
  MCRegister R8 = Table.reg("R8");
  MCRegister EFLAGS = Table.reg("EFLAGS");
  MCRegister MXCSR = Table.reg("MXCSR");
  MCRegister FPCW = Table.reg("FPCW");
  MCRegister FPSW = Table.reg("FPSW");
  MCRegister DF = Table.reg("DF");
  /// The System V callee-saved general-purpose registers.
  SmallVector<MCRegister, 6> CalleeSaved = {Table.reg("RBX"), Table.reg("RBP"),
                                            Table.reg("R12"), Table.reg("R13"),
                                            Table.reg("R14"), Table.reg("R15")};
  /// The Win64 callee-saved general-purpose registers: System V's and RDI,
  /// RSI (in the order upstream llvm-exegesis pushes them, reversed).
  SmallVector<MCRegister, 8> Win64CalleeSaved = {
      Table.reg("RBX"), Table.reg("RBP"), Table.reg("RDI"), Table.reg("RSI"),
      Table.reg("R12"), Table.reg("R13"), Table.reg("R14"), Table.reg("R15")};
  /// The Win64 callee-saved vector registers: the low 128 bits of XMM6-15.
  SmallVector<MCRegister, 10> Win64CalleeSavedXMM = {
      Table.reg("XMM6"),  Table.reg("XMM7"),  Table.reg("XMM8"),
      Table.reg("XMM9"),  Table.reg("XMM10"), Table.reg("XMM11"),
      Table.reg("XMM12"), Table.reg("XMM13"), Table.reg("XMM14"),
      Table.reg("XMM15")};
  /// ST0..ST7, by stack index.
  SmallVector<MCRegister, 8> ST = {
      Table.reg("ST0"), Table.reg("ST1"), Table.reg("ST2"), Table.reg("ST3"),
      Table.reg("ST4"), Table.reg("ST5"), Table.reg("ST6"), Table.reg("ST7")};

  const MCRegisterClass *GR8 = Table.regClass("GR8");
  const MCRegisterClass *GR16 = Table.regClass("GR16");
  const MCRegisterClass *GR32 = Table.regClass("GR32");
  const MCRegisterClass *GR64 = Table.regClass("GR64");
  /// The general-purpose registers other than the stack pointer.
  const MCRegisterClass *GR32_NOSP = Table.regClass("GR32_NOSP");
  const MCRegisterClass *GR64_NOSP = Table.regClass("GR64_NOSP");
  const MCRegisterClass *VR128X = Table.regClass("VR128X");
  const MCRegisterClass *VR256X = Table.regClass("VR256X");
  const MCRegisterClass *VR512 = Table.regClass("VR512");
  const MCRegisterClass *VK64 = Table.regClass("VK64");
  const MCRegisterClass *VR64 = Table.regClass("VR64");
  const MCRegisterClass *RST = Table.regClass("RST");
};

} // namespace

static MCInst inst(unsigned Opcode) {
  MCInst I;
  I.setOpcode(Opcode);
  return I;
}

/// Appends the five operands of the memory reference Disp(%rsp).
static void addStackAddress(MCInst &I, MCRegister RSP, int64_t Disp) {
  I.addOperand(MCOperand::createReg(RSP));
  I.addOperand(MCOperand::createImm(1));
  I.addOperand(MCOperand::createReg(MCRegister()));
  I.addOperand(MCOperand::createImm(Disp));
  I.addOperand(MCOperand::createReg(MCRegister()));
}

/// `lea Delta(%rsp), %rsp`: moves the stack pointer, leaves the flags alone.
static MCInst adjustStack(const X86Names &N, int64_t Delta) {
  MCInst I = inst(N.LEA64r);
  I.addOperand(MCOperand::createReg(N.RSP));
  addStackAddress(I, N.RSP, Delta);
  return I;
}

/// An instruction `Opcode (%rsp)` with only a memory operand.
static MCInst onStackTop(const X86Names &N, unsigned Opcode) {
  MCInst I = inst(Opcode);
  addStackAddress(I, N.RSP, 0);
  return I;
}

/// `Opcode Disp(%rsp), Reg`: a load of Reg from the stack.
static MCInst loadFromStackTop(const X86Names &N, unsigned Opcode,
                               MCRegister Reg, int64_t Disp = 0) {
  MCInst I = inst(Opcode);
  I.addOperand(MCOperand::createReg(Reg));
  addStackAddress(I, N.RSP, Disp);
  return I;
}

/// Reserves \p Bytes (a multiple of 8) below the stack pointer and fills
/// them with \p Value in little-endian order.
static void pushValue(const X86Names &N, const APInt &Value, unsigned Bytes,
                      std::vector<MCInst> &Out) {
  APInt Wide = Value.zext(Bytes * 8);
  Out.push_back(adjustStack(N, -int64_t(Bytes)));
  for (unsigned Offset = 0; Offset < Bytes; Offset += 4) {
    MCInst Store = inst(N.MOV32mi);
    addStackAddress(Store, N.RSP, Offset);
    Store.addOperand(MCOperand::createImm(
        int32_t(Wide.extractBitsAsZExtValue(32, Offset * 8))));
    Out.push_back(Store);
  }
}

static Error cannotSet(const X86Names &N, MCRegister Reg, const Twine &Why) {
  return makeCannotSetRegisterError(N.Table.getRegInfo(), Reg, Why);
}

static Expected<APInt> fitValue(const X86Names &N, MCRegister Reg,
                                const APInt &Value, unsigned Bits,
                                ValueExtension Extension) {
  return fitRegisterValue(N.Table.getRegInfo(), Reg, Value, Bits, Extension);
}

/// A register-to-immediate move `Opcode Reg, Imm`.
static MCInst moveImmediate(unsigned Opcode, MCRegister Reg, int64_t Imm) {
  MCInst I = inst(Opcode);
  I.addOperand(MCOperand::createReg(Reg));
  I.addOperand(MCOperand::createImm(Imm));
  return I;
}

/// Whether functions for \p TT follow the Microsoft x64 calling convention
/// (first argument in RCX; RSI, RDI and XMM6-15 callee-saved) rather than
/// System V's.
static bool isWin64(const Triple &TT) {
  return TT.getArch() == Triple::x86_64 && TT.isOSWindows();
}

/// The FS and GS bases (DEFREG FS, GS) are set with Linux's arch_prctl, as
/// upstream's subprocess mode sets them: wrfsbase needs a kernel that
/// enabled it, which a VM may not. The FS base is where the calling
/// process's thread-local storage lives, so a function that changes either
/// base saves the caller's in its prologue and gives it back in its
/// epilogue: nothing outside the generated code ever sees the snippet's.
enum : int64_t {
  ArchSetGs = 0x1001,
  ArchSetFs = 0x1002,
  ArchGetFs = 0x1003,
  ArchGetGs = 0x1004,
  SysArchPrctl = 158,
};

/// The highest segment base arch_prctl accepts with 4-level paging (the
/// kernel's TASK_SIZE_MAX, less one).
constexpr uint64_t MaxSegmentBase = 0x7fffffffefffULL;

/// Where a function that changes FS or GS keeps the caller's bases: globals
/// of the tool, valid at the same address in a forked benchmarking
/// subprocess (as SavedStackPointer below).
static uint64_t SavedFsBase, SavedGsBase;

/// `arch_prctl(Code, %rsi)` once \p SetArgument has put the argument in
/// RSI. With \p KeepRegisters, the registers the call touches (RAX, RCX and
/// R11, which syscall clobbers; RDI and RSI) are given back, for code that
/// runs where any register may hold a live-in or a snippet value.
static std::vector<MCInst> archPrctl(const X86Names &N, int64_t Code,
                                     ArrayRef<MCInst> SetArgument,
                                     bool KeepRegisters) {
  const MCRegister Touched[] = {N.RAX, N.RCX, N.R11, N.RDI, N.RSI};
  std::vector<MCInst> Out;
  if (KeepRegisters)
    for (MCRegister Reg : Touched) {
      MCInst Push = inst(N.PUSH64r);
      Push.addOperand(MCOperand::createReg(Reg));
      Out.push_back(Push);
    }
  Out.push_back(moveImmediate(N.MOV32ri, N.EDI, Code));
  llvm::append_range(Out, SetArgument);
  Out.push_back(moveImmediate(N.MOV32ri, N.EAX, SysArchPrctl));
  Out.push_back(inst(N.SYSCALL));
  if (KeepRegisters)
    for (MCRegister Reg : reverse(Touched)) {
      MCInst Pop = inst(N.POP64r);
      Pop.addOperand(MCOperand::createReg(Reg));
      Out.push_back(Pop);
    }
  return Out;
}

/// `movabs $Address, %rsi`.
static MCInst addressInRSI(const X86Names &N, const uint64_t *Address) {
  return moveImmediate(
      N.MOV64ri, N.RSI,
      static_cast<int64_t>(reinterpret_cast<uintptr_t>(Address)));
}

/// `movabs Slot, %rax; mov %rax, %rsi`: the value saved at \p Slot.
static std::vector<MCInst> savedValueInRSI(const X86Names &N,
                                           const uint64_t *Slot) {
  MCInst Load = inst(N.MOV64ao64);
  Load.addOperand(MCOperand::createImm(
      static_cast<int64_t>(reinterpret_cast<uintptr_t>(Slot))));
  Load.addOperand(MCOperand::createReg(MCRegister()));
  MCInst Move = inst(N.MOV64rr);
  Move.addOperand(MCOperand::createReg(N.RSI));
  Move.addOperand(MCOperand::createReg(N.RAX));
  return {Load, Move};
}

/// Whether code for \p TT may call arch_prctl: x86-64 Linux, or no OS named
/// (x86_64-unknown-unknown runs on the Linux host it is measured on).
static bool hasArchPrctl(const Triple &TT) {
  return TT.getArch() == Triple::x86_64 &&
         (TT.isOSLinux() || TT.getOS() == Triple::UnknownOS);
}

/// Whether a function for \p State that clobbers \p Clobbered changes the
/// FS or GS base, which it then saves and restores.
static bool changesSegmentBases(const LLVMState &State, const X86Names &N,
                                ArrayRef<MCRegister> Clobbered) {
  return hasArchPrctl(State.getTriple()) &&
         (is_contained(Clobbered, N.FS) || is_contained(Clobbered, N.GS));
}

namespace {

class X86ExegesisTarget : public ExegesisTarget {
  bool canExecute(const LLVMState &State) const override {
    // The OS is LLVMState's to check; we know how to call x86-64 code on Linux.
    return State.getTriple().getArch() == Triple::x86_64 &&
           Triple(sys::getProcessTriple()).isOSLinux();
  }

  Expected<std::vector<MCInst>> setRegTo(const MCSubtargetInfo &STI,
                                         MCRegister Reg,
                                         const APInt &Value) const override;
  Expected<std::vector<MCInst>>
  setRegistersTo(const MCSubtargetInfo &STI,
                 ArrayRef<RegisterValue> Values) const override;

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
    const X86Names &N = X86Names::get();
    if (isWin64(TT))
      return N.Win64CalleeSaved;
    return N.CalleeSaved;
  }

  Expected<std::vector<MCInst>>
  generatePrologue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override;
  Expected<std::vector<MCInst>>
  generateEpilogue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override;

  std::vector<MCInst>
  cleanVectorStateOnEntry(const LLVMState &State, ArrayRef<MCRegister> Used,
                          ArrayRef<MCRegister> LiveIns) const override;
  std::vector<MCInst> fenceAfterSetup(const LLVMState &State,
                                      ArrayRef<MCInst> Setup) const override;
  double getExpectedProbeGroupCycles(const LLVMState &State) const override;
  std::string describeVectorStateCost(const LLVMState &State,
                                      const BenchmarkCode &Code) const override;

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
    return writeX86AddressChainWord(State, Snippet);
  }

  MCRegister getStackPointerRegister() const override {
    return X86Names::get().RSP;
  }
  Expected<std::vector<MCInst>> saveStackPointer() const override;
  Expected<std::vector<MCInst>> restoreStackPointer() const override;

  std::string getUnresolvedNames() const override {
    return X86Names::get().Table.lookupFailures().str();
  }

  /// The instructions that push one 80-bit value onto the x87 stack.
  static std::vector<MCInst> pushX87(const X86Names &N, const APInt &Value);
};

Expected<std::vector<MCInst>>
X86ExegesisTarget::setRegTo(const MCSubtargetInfo &STI, MCRegister Reg,
                            const APInt &Value) const {
  const X86Names &N = X86Names::get();
  const MCRegisterInfo &RI = N.Table.getRegInfo();
  std::vector<MCInst> Out;
  if (RI.regsOverlap(Reg, N.RSP) && Reg != N.RSP)
    return cannotSet(N, Reg,
                     "only the whole stack pointer (RSP) can be defined");
  if (RI.regsOverlap(Reg, N.RSP) || RI.regsOverlap(Reg, N.RIP))
    return cannotSet(N, Reg, "the generated function needs it unchanged");

  // General-purpose registers take their value as an immediate.
  struct GPRKind {
    const MCRegisterClass *RC;
    unsigned Opcode;
    unsigned Bits;
  };
  for (const GPRKind &K :
       {GPRKind{N.GR8, N.MOV8ri, 8}, GPRKind{N.GR16, N.MOV16ri, 16},
        GPRKind{N.GR32, N.MOV32ri, 32}, GPRKind{N.GR64, N.MOV64ri, 64}}) {
    if (!isInClass(K.RC, Reg))
      continue;
    Expected<APInt> V = fitValue(N, Reg, Value, K.Bits, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    Out.push_back(moveImmediate(K.Opcode, Reg, V->getSExtValue()));
    return Out;
  }

  auto LoadViaStack = [&](unsigned Bits, unsigned Opcode,
                          ValueExtension Extension) -> Error {
    Expected<APInt> V = fitValue(N, Reg, Value, Bits, Extension);
    if (!V)
      return V.takeError();
    unsigned Bytes = alignTo(Bits / 8, 8);
    pushValue(N, *V, Bytes, Out);
    Out.push_back(loadFromStackTop(N, Opcode, Reg));
    Out.push_back(adjustStack(N, Bytes));
    return Error::success();
  };
  // ldmxcsr and fldcw name the register in the opcode, not as an operand.
  auto LoadControlWord = [&](unsigned Bits,
                             unsigned Opcode) -> Expected<std::vector<MCInst>> {
    Expected<APInt> V = fitValue(N, Reg, Value, Bits, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    pushValue(N, *V, 8, Out);
    Out.push_back(onStackTop(N, Opcode));
    Out.push_back(adjustStack(N, 8));
    return std::move(Out);
  };
  auto Has = [&](StringRef Feature) {
    return STI.checkFeatures(("+" + Feature).str());
  };
  auto Finish = [&](Error E) -> Expected<std::vector<MCInst>> {
    if (E)
      return E;
    return std::move(Out);
  };
  // XMM16-31 and YMM16-31 exist only with AVX-512 and only EVEX reaches them.
  bool IsUpperVector = RI.getEncodingValue(Reg) >= 16;

  if (isInClass(N.VR512, Reg)) {
    if (!Has("avx512f"))
      return cannotSet(N, Reg, "needs AVX512F");
    return Finish(LoadViaStack(512, N.VMOVDQU32Zrm, ValueExtension::Sign));
  }
  if (isInClass(N.VR256X, Reg)) {
    if (IsUpperVector) {
      if (!Has("avx512vl"))
        return cannotSet(N, Reg, "needs AVX512VL");
      return Finish(LoadViaStack(256, N.VMOVDQU32Z256rm, ValueExtension::Sign));
    }
    if (!Has("avx"))
      return cannotSet(N, Reg, "needs AVX");
    return Finish(LoadViaStack(256, N.VMOVDQUYrm, ValueExtension::Sign));
  }
  if (isInClass(N.VR128X, Reg)) {
    if (IsUpperVector) {
      if (!Has("avx512vl"))
        return cannotSet(N, Reg, "needs AVX512VL");
      return Finish(LoadViaStack(128, N.VMOVDQU32Z128rm, ValueExtension::Sign));
    }
    if (Has("avx"))
      return Finish(LoadViaStack(128, N.VMOVDQUrm, ValueExtension::Sign));
    if (!Has("sse2"))
      return cannotSet(N, Reg, "needs SSE2");
    return Finish(LoadViaStack(128, N.MOVDQUrm, ValueExtension::Sign));
  }
  if (isInClass(N.VK64, Reg)) {
    Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    // KMOVW reaches 16 bits with AVX512F alone; wider masks need AVX512BW.
    if (V->isIntN(16) && Has("avx512f") && !Has("avx512bw"))
      return Finish(LoadViaStack(64, N.KMOVWkm, ValueExtension::Zero));
    if (!Has("avx512bw"))
      return cannotSet(N, Reg,
                       V->isIntN(16) ? "needs AVX512F"
                                     : "a value wider than 16 bits needs "
                                       "AVX512BW");
    return Finish(LoadViaStack(64, N.KMOVQkm, ValueExtension::Zero));
  }
  if (isInClass(N.VR64, Reg)) {
    if (!Has("mmx"))
      return cannotSet(N, Reg, "needs MMX");
    return Finish(LoadViaStack(64, N.MMX_MOVQ64rm, ValueExtension::Sign));
  }
  if (Reg == N.EFLAGS) {
    Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    // popfq takes the value off the stack: no adjustment afterwards.
    pushValue(N, *V, 8, Out);
    Out.push_back(inst(N.POPF64));
    return Out;
  }
  if (Reg == N.MXCSR) {
    if (!Has("sse"))
      return cannotSet(N, Reg, "needs SSE");
    return LoadControlWord(32, Has("avx") ? N.VLDMXCSR : N.LDMXCSR);
  }
  if (Reg == N.FPCW)
    return LoadControlWord(16, N.FLDCW16m);
  if (Reg == N.FS || Reg == N.GS) {
    if (!hasArchPrctl(STI.getTargetTriple()))
      return cannotSet(N, Reg, "its base is set with Linux's arch_prctl");
    Expected<APInt> V = fitValue(N, Reg, Value, 64, ValueExtension::Zero);
    if (!V)
      return V.takeError();
    if (V->ugt(MaxSegmentBase))
      return cannotSet(N, Reg,
                       "its base must be a user-space address, at most 0x" +
                           utohexstr(MaxSegmentBase, /*LowerCase=*/true) +
                           " (arch_prctl refuses others)");
    return archPrctl(N, Reg == N.FS ? ArchSetFs : ArchSetGs,
                     {moveImmediate(N.MOV64ri, N.RSI, V->getSExtValue())},
                     /*KeepRegisters=*/true);
  }
  if (isInClass(N.RST, Reg)) {
    // A single ST(i): push the value, then i zeros on top of it.
    Expected<APInt> V = fitValue(N, Reg, Value, 80, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    unsigned Index = find(N.ST, Reg) - N.ST.begin();
    Out = pushX87(N, *V);
    for (unsigned I = 0; I < Index; ++I)
      Out.push_back(inst(N.LD_F0));
    return Out;
  }
  return cannotSet(N, Reg, "not supported on x86");
}

std::vector<MCInst> X86ExegesisTarget::pushX87(const X86Names &N,
                                               const APInt &Value) {
  std::vector<MCInst> Out;
  pushValue(N, Value, 16, Out);
  Out.push_back(onStackTop(N, N.LD_F80m));
  Out.push_back(adjustStack(N, 16));
  return Out;
}

Expected<std::vector<MCInst>>
X86ExegesisTarget::setRegistersTo(const MCSubtargetInfo &STI,
                                  ArrayRef<RegisterValue> Values) const {
  const X86Names &N = X86Names::get();
  // The x87 registers form a stack: ST(i) is only reachable by pushing i
  // values after it, so all of them are set together, deepest first, and
  // the ones not asked for between them are zero.
  SmallVector<std::optional<APInt>, 8> X87(N.ST.size());
  int DeepestX87 = -1;
  std::vector<MCInst> Out;
  for (const RegisterValue &RV : Values) {
    auto It = find(N.ST, RV.Register);
    if (It == N.ST.end())
      continue;
    Expected<APInt> V =
        fitValue(N, RV.Register, RV.Value, 80, ValueExtension::Sign);
    if (!V)
      return V.takeError();
    int Index = It - N.ST.begin();
    X87[Index] = *V;
    DeepestX87 = std::max(DeepestX87, Index);
  }
  for (int Index = DeepestX87; Index >= 0; --Index) {
    if (X87[Index])
      llvm::append_range(Out, pushX87(N, *X87[Index]));
    else
      Out.push_back(inst(N.LD_F0));
  }
  std::optional<APInt> StackPointer;
  for (const RegisterValue &RV : Values) {
    if (is_contained(N.ST, RV.Register))
      continue;
    if (RV.Register == N.RSP) {
      Expected<APInt> V =
          fitValue(N, RV.Register, RV.Value, 64, ValueExtension::Zero);
      if (!V)
        return V.takeError();
      StackPointer = *V;
      continue;
    }
    Expected<std::vector<MCInst>> Insts = setRegTo(STI, RV.Register, RV.Value);
    if (!Insts)
      return Insts.takeError();
    llvm::append_range(Out, *Insts);
  }
  // Last: setting the others may use the stack. The function saved the
  // stack pointer first (saveStackPointer).
  if (StackPointer)
    Out.push_back(
        moveImmediate(N.MOV64ri, N.RSP, StackPointer->getSExtValue()));
  return Out;
}

} // namespace

static bool overlapsAny(const MCRegisterInfo &RI, MCRegister Reg,
                        ArrayRef<MCRegister> Regs) {
  return any_of(Regs, [&](MCRegister R) { return RI.regsOverlap(R, Reg); });
}

/// Whether \p Reg is an XMM, YMM or ZMM register.
static bool isVectorRegister(const X86Names &N, MCRegister Reg) {
  return isInClass(N.VR128X, Reg) || isInClass(N.VR256X, Reg) ||
         isInClass(N.VR512, Reg);
}

/// Whether \p Reg is a YMM or ZMM register whose upper half takes part in
/// SSE/AVX transitions: only registers 0-15 do (legacy SSE cannot reach the
/// others, and vzeroupper does not clear them).
static bool isWideTransitionRegister(const X86Names &N, MCRegister Reg) {
  return (isInClass(N.VR256X, Reg) || isInClass(N.VR512, Reg)) &&
         N.Table.getRegInfo().getEncodingValue(Reg) < 16;
}

/// Whether \p Inst is a legacy-SSE (not VEX- or EVEX-encoded) instruction
/// on XMM registers. LLVM names every VEX and EVEX form with a leading V
/// (the tablegen'd encoding flags are not installed); the V-named
/// non-vector instructions (verr, VMX) name no XMM register.
static bool isLegacySSE(const X86Names &N, const MCInst &Inst) {
  const MCInstrInfo &II = N.Table.getInstrInfo();
  if (II.getName(Inst.getOpcode()).starts_with("V"))
    return false;
  auto IsXMM = [&](MCRegister Reg) {
    return isInClass(N.VR128X, Reg) &&
           N.Table.getRegInfo().getEncodingValue(Reg) < 16;
  };
  for (const MCOperand &Op : Inst)
    if (Op.isReg() && IsXMM(Op.getReg()))
      return true;
  const MCInstrDesc &Desc = II.get(Inst.getOpcode());
  return any_of(Desc.implicit_uses(), IsXMM) ||
         any_of(Desc.implicit_defs(), IsXMM);
}

static Error needsX86_64(const LLVMState &State) {
  if (State.getTriple().getArch() == Triple::x86_64)
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "generating functions for " +
                               State.getTriple().str() +
                               " is not supported (x86-64 only)");
}

/// The Win64 callee-saved XMM registers that \p Clobbered overlaps (a YMM
/// or ZMM register counts for its XMM part), in increasing order.
static SmallVector<MCRegister, 10>
getClobberedWin64XMMs(const X86Names &N, const MCRegisterInfo &RI,
                      ArrayRef<MCRegister> Clobbered) {
  SmallVector<MCRegister, 10> Saved;
  for (MCRegister Reg : N.Win64CalleeSavedXMM)
    if (overlapsAny(RI, Reg, Clobbered))
      Saved.push_back(Reg);
  return Saved;
}

/// The stack the Win64 prologue reserves for \p NumXMMs registers after
/// \p NumPushed pushes: 16 bytes each, plus what realigns the slots to 16
/// bytes (the call left the stack pointer at 8 modulo 16).
static int64_t getWin64XMMSaveAreaSize(unsigned NumPushed, unsigned NumXMMs) {
  return 16 * int64_t(NumXMMs) + (NumPushed % 2 == 0 ? 8 : 0);
}

/// `sub $Bytes, %rsp` or `add $Bytes, %rsp`, as upstream's frame code
/// (the flags are dead at the function's entry and exit).
static MCInst moveStackPointer(const X86Names &N, int64_t Bytes,
                               bool Allocate) {
  bool Short = isInt<8>(Bytes);
  MCInst I = inst(Allocate ? (Short ? N.SUB64ri8 : N.SUB64ri32)
                           : (Short ? N.ADD64ri8 : N.ADD64ri32));
  I.addOperand(MCOperand::createReg(N.RSP));
  I.addOperand(MCOperand::createReg(N.RSP));
  I.addOperand(MCOperand::createImm(Bytes));
  return I;
}

Expected<std::vector<MCInst>>
X86ExegesisTarget::generatePrologue(const LLVMState &State,
                                    ArrayRef<MCRegister> Clobbered) const {
  if (Error E = needsX86_64(State))
    return E;
  const X86Names &N = X86Names::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  bool HasAVX = State.getSubtargetInfo().checkFeatures("+avx");
  std::vector<MCInst> Out;
  unsigned NumPushed = 0;
  for (MCRegister Reg : reverse(getCalleeSavedRegisters(State.getTriple())))
    if (overlapsAny(RI, Reg, Clobbered)) {
      MCInst Push = inst(N.PUSH64r);
      Push.addOperand(MCOperand::createReg(Reg));
      Out.push_back(Push);
      ++NumPushed;
    }
  if (isWin64(State.getTriple())) {
    // Aligned stores (movaps), highest register first, into slots by
    // increasing register: upstream's layout.
    SmallVector<MCRegister, 10> XMMs = getClobberedWin64XMMs(N, RI, Clobbered);
    if (!XMMs.empty()) {
      Out.push_back(moveStackPointer(
          N, getWin64XMMSaveAreaSize(NumPushed, XMMs.size()), true));
      for (int Slot = XMMs.size() - 1; Slot >= 0; --Slot) {
        MCInst Store = inst(HasAVX ? N.VMOVAPSmr : N.MOVAPSmr);
        addStackAddress(Store, N.RSP, 16 * Slot);
        Store.addOperand(MCOperand::createReg(XMMs[Slot]));
        Out.push_back(Store);
      }
    }
  }
  // The control bits of MXCSR and the x87 control word are callee-saved too.
  if (overlapsAny(RI, N.MXCSR, Clobbered)) {
    Out.push_back(adjustStack(N, -8));
    Out.push_back(onStackTop(N, HasAVX ? N.VSTMXCSR : N.STMXCSR));
  }
  if (overlapsAny(RI, N.FPCW, Clobbered)) {
    Out.push_back(adjustStack(N, -8));
    Out.push_back(onStackTop(N, N.FNSTCW16m));
  }
  if (changesSegmentBases(State, N, Clobbered)) {
    llvm::append_range(Out,
                       archPrctl(N, ArchGetFs, {addressInRSI(N, &SavedFsBase)},
                                 /*KeepRegisters=*/true));
    llvm::append_range(Out,
                       archPrctl(N, ArchGetGs, {addressInRSI(N, &SavedGsBase)},
                                 /*KeepRegisters=*/true));
  }
  return Out;
}

Expected<std::vector<MCInst>>
X86ExegesisTarget::generateEpilogue(const LLVMState &State,
                                    ArrayRef<MCRegister> Clobbered) const {
  if (Error E = needsX86_64(State))
    return E;
  const X86Names &N = X86Names::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  bool HasAVX = State.getSubtargetInfo().checkFeatures("+avx");
  std::vector<MCInst> Out;
  // The caller's bases first, before anything could touch its thread-local
  // storage; every register the calls clobber is caller-saved here.
  if (changesSegmentBases(State, N, Clobbered)) {
    llvm::append_range(Out,
                       archPrctl(N, ArchSetFs, savedValueInRSI(N, &SavedFsBase),
                                 /*KeepRegisters=*/false));
    llvm::append_range(Out,
                       archPrctl(N, ArchSetGs, savedValueInRSI(N, &SavedGsBase),
                                 /*KeepRegisters=*/false));
  }
  if (overlapsAny(RI, N.FPCW, Clobbered)) {
    Out.push_back(onStackTop(N, N.FLDCW16m));
    Out.push_back(adjustStack(N, 8));
  }
  if (overlapsAny(RI, N.MXCSR, Clobbered)) {
    Out.push_back(onStackTop(N, HasAVX ? N.VLDMXCSR : N.LDMXCSR));
    Out.push_back(adjustStack(N, 8));
  }
  ArrayRef<MCRegister> CalleeSaved = getCalleeSavedRegisters(State.getTriple());
  if (isWin64(State.getTriple())) {
    SmallVector<MCRegister, 10> XMMs = getClobberedWin64XMMs(N, RI, Clobbered);
    if (!XMMs.empty()) {
      for (auto [Slot, Reg] : enumerate(XMMs))
        Out.push_back(loadFromStackTop(N, HasAVX ? N.VMOVAPSrm : N.MOVAPSrm,
                                       Reg, 16 * Slot));
      unsigned NumPushed = count_if(CalleeSaved, [&](MCRegister Reg) {
        return overlapsAny(RI, Reg, Clobbered);
      });
      Out.push_back(moveStackPointer(
          N, getWin64XMMSaveAreaSize(NumPushed, XMMs.size()), false));
    }
  }
  for (MCRegister Reg : CalleeSaved)
    if (overlapsAny(RI, Reg, Clobbered)) {
      MCInst Pop = inst(N.POP64r);
      Pop.addOperand(MCOperand::createReg(Reg));
      Out.push_back(Pop);
    }
  // The ABI wants the x87 stack empty and the CPU in x87 mode (not MMX) on
  // return, and the direction flag clear.
  bool TouchesX87 = overlapsAny(RI, N.FPSW, Clobbered) ||
                    any_of(Clobbered, [&](MCRegister Reg) {
                      return isInClass(N.RST, Reg) || isInClass(N.VR64, Reg);
                    });
  if (TouchesX87)
    Out.push_back(inst(N.MMX_EMMS));
  if (overlapsAny(RI, N.DF, Clobbered))
    Out.push_back(inst(N.CLD));
  // Upper halves left dirty would make the caller's next SSE code (the
  // next benchmark's snippet, too) pay the SSE/AVX transition.
  if (HasAVX && any_of(Clobbered, [&](MCRegister Reg) {
        return isWideTransitionRegister(N, Reg);
      }))
    Out.push_back(inst(N.VZEROUPPER));
  Out.push_back(inst(N.RET64));
  return Out;
}

std::vector<MCInst>
X86ExegesisTarget::cleanVectorStateOnEntry(const LLVMState &State,
                                           ArrayRef<MCRegister> Used,
                                           ArrayRef<MCRegister> LiveIns) const {
  const X86Names &N = X86Names::get();
  if (State.getTriple().getArch() != Triple::x86_64 ||
      !State.getSubtargetInfo().checkFeatures("+avx"))
    return {};
  if (none_of(Used, [&](MCRegister Reg) { return isVectorRegister(N, Reg); }))
    return {};
  // vzeroupper would change a vector live-in's upper half.
  const MCRegisterInfo &RI = State.getRegInfo();
  for (MCRegister LiveIn : LiveIns)
    if (isVectorRegister(N, LiveIn) && RI.getEncodingValue(LiveIn) < 16)
      return {};
  return {inst(N.VZEROUPPER)};
}

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

std::string
X86ExegesisTarget::describeVectorStateCost(const LLVMState &State,
                                           const BenchmarkCode &Code) const {
  const X86Names &N = X86Names::get();
  if (State.getTriple().getArch() != Triple::x86_64)
    return "";
  const MCInstrInfo &II = State.getInstrInfo();
  std::string WideSource;
  for (const RegisterValue &RV : Code.Key.RegisterInitialValues)
    if (isWideTransitionRegister(N, RV.Register)) {
      WideSource =
          "the snippet's register definitions set " + N.name(RV.Register).str();
      break;
    }
  for (const MCInst &Inst : Code.Key.Instructions) {
    if (!WideSource.empty())
      break;
    unsigned NumDefs = std::min<unsigned>(II.get(Inst.getOpcode()).getNumDefs(),
                                          Inst.getNumOperands());
    for (unsigned I = 0; I < NumDefs; ++I) {
      const MCOperand &Op = Inst.getOperand(I);
      if (Op.isReg() && isWideTransitionRegister(N, Op.getReg())) {
        WideSource = "the snippet writes " + N.name(Op.getReg()).str() + " (" +
                     II.getName(Inst.getOpcode()).str() + ")";
        break;
      }
    }
  }
  if (WideSource.empty())
    return "";
  for (const MCInst &Inst : Code.Key.Instructions)
    if (isLegacySSE(N, Inst))
      return WideSource + " (wide upper halves) and it runs legacy-SSE " +
             II.getName(Inst.getOpcode()).str() +
             ": the SSE/AVX transition penalty is part of what was measured";
  return "";
}

/// Where a function whose snippet defines RSP keeps the caller's RSP. A
/// global of the tool: its absolute address is valid in the tool and in a
/// forked benchmarking subprocess alike, and no snippet register is needed
/// to reach it. One function runs at a time, so one slot suffices.
static uint64_t SavedStackPointer;

static MCInst absoluteRAXMove(unsigned Opcode) {
  MCInst I = inst(Opcode);
  I.addOperand(MCOperand::createImm(
      static_cast<int64_t>(reinterpret_cast<uintptr_t>(&SavedStackPointer))));
  I.addOperand(MCOperand::createReg(MCRegister()));
  return I;
}

Expected<std::vector<MCInst>> X86ExegesisTarget::saveStackPointer() const {
  // RAX is borrowed and given back: a live-in keeps its value.
  const X86Names &N = X86Names::get();
  MCInst Push = inst(N.PUSH64r);
  Push.addOperand(MCOperand::createReg(N.RAX));
  MCInst Lea = inst(N.LEA64r);
  Lea.addOperand(MCOperand::createReg(N.RAX));
  addStackAddress(Lea, N.RSP, 8);
  MCInst Pop = inst(N.POP64r);
  Pop.addOperand(MCOperand::createReg(N.RAX));
  return std::vector<MCInst>{Push, Lea, absoluteRAXMove(N.MOV64o64a), Pop};
}

Expected<std::vector<MCInst>> X86ExegesisTarget::restoreStackPointer() const {
  // RAX is not preserved across calls: the epilogue may clobber it.
  const X86Names &N = X86Names::get();
  MCInst Move = inst(N.MOV64rr);
  Move.addOperand(MCOperand::createReg(N.RSP));
  Move.addOperand(MCOperand::createReg(N.RAX));
  return std::vector<MCInst>{absoluteRAXMove(N.MOV64ao64), Move};
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
