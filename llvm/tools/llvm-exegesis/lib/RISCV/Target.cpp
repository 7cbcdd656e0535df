//===-- RISCV/Target.cpp - RISC-V knowledge ---------------------*- C++ -*-===//
//
// How generated RISC-V functions (riscv32 and riscv64, LP64/ILP32 calling
// convention) save what the psABI preserves (ra, s0-s11, fs0-fs11), loop
// (ADDI/BNE) and return; their register set-up is RISCVRegisterSetup.h's.
// A snippet of PseudoV* instructions is lowered to the vector instructions
// they stand for, after VSETVLI / VSETIVLI (and, for a rounding-mode
// operand, FSRMI or CSRWI VXRM; nothing for the dynamic frm mode) set the
// configuration their operands carry; frm and vxrm get the caller's values
// back after the body.
//
// Snippets that read the stack pointer (C_LWSP, C_SDSP, C_FLDSP..., whose
// memory operands can only be based on it, and the chained loads that add
// it) get 64 bytes of zeroed scratch memory reserved on the stack. Before
// the register setup, the words chained loads read (RISCVLoadSnippets.h)
// are written: the word a load of a whole X register into its own base
// register reads holds its own address (the base comes back unchanged: a
// pointer chase); other loads from x10 in a snippet that writes x10 read
// zero, whatever an earlier snippet left in the scratch memory. A snippet
// that writes sp gets the caller's sp back from a global of the tool.
//
// Nothing here has run on RISC-V hardware: the tool assembles RISC-V code
// on any host and refuses to measure it on a host of another architecture.
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "RISCV/RISCVLoadSnippets.h"
#include "RISCV/RISCVNames.h"
#include "RISCV/RISCVRegisterSetup.h"
#include "RISCV/RISCVVectorLength.h"
#include "RISCV/RISCVVectorPseudo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/EndianStream.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/RISCVISAInfo.h"

namespace llvm {
namespace exegesis {
using shorthand::imm;
using shorthand::inst;
using shorthand::reg;

namespace {

class RISCVExegesisTarget : public ExegesisTarget {
public:
  explicit RISCVExegesisTarget(bool Is64Bit) : Is64Bit(Is64Bit) {}

private:
  bool canExecute(const LLVMState &State) const override {
    Triple Host(sys::getProcessTriple());
    return State.getTriple().isRISCV() && Host.isOSLinux() &&
           Host.getArch() == State.getTriple().getArch();
  }

  Expected<std::vector<MCInst>> setRegTo(const MCSubtargetInfo &STI,
                                         MCRegister Reg,
                                         const APInt &Value) const override {
    return setRISCVRegister(STI, Reg, Value);
  }
  Expected<std::vector<MCInst>>
  setRegistersTo(const MCSubtargetInfo &STI,
                 ArrayRef<RegisterValue> Values) const override {
    return setRISCVRegisters(STI, Values);
  }

  /// A vector register is as wide as the CPU's VLEN, which its class does
  /// not say (RISCVVectorLength.h).
  unsigned getRegisterBitWidth(const MCRegisterInfo &RegInfo,
                               const MCSubtargetInfo &STI,
                               MCRegister Reg) const override {
    if (unsigned VLen = getRISCVVectorRegisterWidth(RegInfo, STI, Reg))
      return VLen;
    return ExegesisTarget::getRegisterBitWidth(RegInfo, STI, Reg);
  }

  ArrayRef<MCRegister> getCalleeSavedRegisters(const Triple &) const override {
    return RISCVNames::get().CalleeSaved;
  }

  Expected<std::vector<MCInst>>
  generatePrologue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override;
  Expected<std::vector<MCInst>>
  generateEpilogue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const override;

  MCRegister getDefaultLoopCounterRegister(const Triple &) const override {
    return RISCVNames::get().T6;
  }

  Expected<std::vector<MCInst>>
  decrementLoopCounterAndBranch(MCRegister Counter,
                                const MCExpr *LoopStart) const override;

  MCRegister getScratchMemoryRegister(const Triple &) const override {
    return RISCVNames::get().A0;
  }

  MCRegister getStackPointerRegister() const override {
    return RISCVNames::get().SP;
  }

  Expected<std::vector<MCInst>> saveStackPointer() const override;
  Expected<std::vector<MCInst>> restoreStackPointer() const override;

  std::vector<MCInst>
  reserveStackScratchMemory(const LLVMState &State,
                            ArrayRef<MCInst> Snippet) const override;
  std::vector<MCInst>
  releaseStackScratchMemory(const LLVMState &State,
                            ArrayRef<MCInst> Snippet) const override;

  void emitObjectAttributes(const LLVMState &State,
                            MCStreamer &Streamer) const override;

  Expected<LoweredSnippet>
  lowerSnippet(const LLVMState &State, ArrayRef<MCInst> Snippet) const override;

  std::string getUnresolvedNames() const override {
    return RISCVNames::get().Table.lookupFailures().str();
  }

  /// Stores of \p Reg's XLEN bits at \p Offset(\p Base) (zero for X0), for
  /// \p Bytes bytes, where the offset fits.
  void storeWords(MCRegister Reg, MCRegister Base, int64_t Offset,
                  unsigned Bytes, std::vector<MCInst> &Out) const;

  /// riscv64: XLEN is 64, which decides the width of what the function
  /// stores and loads.
  bool Is64Bit;
};

} // namespace

namespace {
/// The registers a function saves and where: integer registers at the
/// bottom of the frame, then the floating-point ones.
struct FrameLayout {
  SmallVector<MCRegister, 13> GPRs;
  SmallVector<MCRegister, 12> FPRs;
  unsigned XBytes = 0;
  unsigned FBytes = 0;
  /// Rounded up to 16 bytes, the psABI's stack alignment.
  unsigned Size = 0;
};
} // namespace

static bool overlapsAny(const MCRegisterInfo &RI, MCRegister Reg,
                        ArrayRef<MCRegister> Regs) {
  return any_of(Regs, [&](MCRegister R) { return RI.regsOverlap(R, Reg); });
}

static Expected<FrameLayout> getFrameLayout(const LLVMState &State,
                                            ArrayRef<MCRegister> Clobbered) {
  const RISCVNames &N = RISCVNames::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  FrameLayout Frame;
  Frame.XBytes = is64Bit(STI) ? 8 : 4;
  Frame.FBytes = getFloatWidth(STI) / 8;
  for (MCRegister Reg : N.SavedGPRs)
    if (overlapsAny(RI, Reg, Clobbered))
      Frame.GPRs.push_back(Reg);
  for (MCRegister Reg : N.SavedFPRs)
    if (overlapsAny(RI, Reg, Clobbered))
      Frame.FPRs.push_back(Reg);
  if (!Frame.FPRs.empty() && Frame.FBytes == 0)
    return createStringError(inconvertibleErrorCode(),
                             "the function writes " + N.name(Frame.FPRs[0]) +
                                 " but the subtarget has no F extension to "
                                 "save it with");
  Frame.Size = alignTo(
      Frame.GPRs.size() * Frame.XBytes + Frame.FPRs.size() * Frame.FBytes, 16);
  return Frame;
}

/// The F register of \p Reg's D view as wide as the subtarget saves: F*_F
/// when FLEN is 32.
static MCRegister viewOfWidth(const MCRegisterInfo &RI, MCRegister Reg,
                              unsigned Bytes) {
  if (Bytes == 8)
    return Reg;
  const RISCVNames &N = RISCVNames::get();
  for (MCRegister Sub : RI.subregs(Reg))
    if (isInClass(N.FPR32, Sub))
      return Sub;
  return Reg;
}

/// Stores (or with \p Restore, loads) the registers of \p Frame at their
/// offsets from the stack pointer.
static void saveOrRestore(const LLVMState &State, const FrameLayout &Frame,
                          bool Restore, std::vector<MCInst> &Out) {
  const RISCVNames &N = RISCVNames::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  unsigned Offset = 0;
  bool Wide = Frame.XBytes == 8;
  for (MCRegister Reg : Frame.GPRs) {
    unsigned Opcode = Restore ? (Wide ? N.LD : N.LW) : (Wide ? N.SD : N.SW);
    Out.push_back(inst(Opcode, {reg(Reg), reg(N.SP), imm(Offset)}));
    Offset += Frame.XBytes;
  }
  bool WideF = Frame.FBytes == 8;
  for (MCRegister Reg : Frame.FPRs) {
    unsigned Opcode =
        Restore ? (WideF ? N.FLD : N.FLW) : (WideF ? N.FSD : N.FSW);
    Out.push_back(inst(Opcode, {reg(viewOfWidth(RI, Reg, Frame.FBytes)),
                                reg(N.SP), imm(Offset)}));
    Offset += Frame.FBytes;
  }
}

Expected<std::vector<MCInst>>
RISCVExegesisTarget::generatePrologue(const LLVMState &State,
                                      ArrayRef<MCRegister> Clobbered) const {
  const RISCVNames &N = RISCVNames::get();
  Expected<FrameLayout> Frame = getFrameLayout(State, Clobbered);
  if (!Frame)
    return Frame.takeError();
  std::vector<MCInst> Out;
  if (Frame->Size == 0)
    return Out;
  Out.push_back(
      inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(-int64_t(Frame->Size))}));
  saveOrRestore(State, *Frame, /*Restore=*/false, Out);
  return Out;
}

Expected<std::vector<MCInst>>
RISCVExegesisTarget::generateEpilogue(const LLVMState &State,
                                      ArrayRef<MCRegister> Clobbered) const {
  const RISCVNames &N = RISCVNames::get();
  Expected<FrameLayout> Frame = getFrameLayout(State, Clobbered);
  if (!Frame)
    return Frame.takeError();
  std::vector<MCInst> Out;
  if (Frame->Size != 0) {
    saveOrRestore(State, *Frame, /*Restore=*/true, Out);
    Out.push_back(inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(Frame->Size)}));
  }
  Out.push_back(inst(N.JALR, {reg(N.X0), reg(N.RA), imm(0)}));
  return Out;
}

Expected<std::vector<MCInst>>
RISCVExegesisTarget::decrementLoopCounterAndBranch(
    MCRegister Counter, const MCExpr *LoopStart) const {
  const RISCVNames &N = RISCVNames::get();
  if (!isInClass(N.GPR, Counter) || Counter == N.X0 || Counter == N.SP ||
      Counter == N.GP || Counter == N.TP)
    return createStringError(inconvertibleErrorCode(),
                             "loop register " + N.name(Counter) +
                                 " is not a writable X register");
  std::vector<MCInst> Out;
  Out.push_back(inst(N.ADDI, {reg(Counter), reg(Counter), imm(-1)}));
  Out.push_back(
      inst(N.BNE, {reg(Counter), reg(N.X0), MCOperand::createExpr(LoopStart)}));
  return Out;
}

/// Where a function whose snippet writes sp keeps the caller's: a global of
/// the tool, whose address is valid in the tool and in a forked
/// benchmarking subprocess alike, and which no snippet register is needed
/// to reach. One function runs at a time, so one slot suffices.
static uintptr_t SavedStackPointer;

/// The address of SavedStackPointer as an XLEN-bit value.
static int64_t savedStackPointerAddress(bool Is64Bit) {
  auto Address = reinterpret_cast<uintptr_t>(&SavedStackPointer);
  return Is64Bit ? int64_t(Address) : int64_t(int32_t(uint32_t(Address)));
}

Expected<std::vector<MCInst>> RISCVExegesisTarget::saveStackPointer() const {
  // t5 carries the slot's address: borrowed and given back through the
  // stack below sp, so that a live-in t5 keeps its value. The slot holds
  // sp minus those 16 bytes.
  const RISCVNames &N = RISCVNames::get();
  unsigned Store = Is64Bit ? N.SD : N.SW;
  unsigned Load = Is64Bit ? N.LD : N.LW;
  std::vector<MCInst> Out;
  Out.push_back(inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(-16)}));
  Out.push_back(inst(Store, {reg(N.T5), reg(N.SP), imm(0)}));
  materialize(N, N.T5, savedStackPointerAddress(Is64Bit), Is64Bit, Out);
  Out.push_back(inst(Store, {reg(N.SP), reg(N.T5), imm(0)}));
  Out.push_back(inst(Load, {reg(N.T5), reg(N.SP), imm(0)}));
  Out.push_back(inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(16)}));
  return Out;
}

Expected<std::vector<MCInst>> RISCVExegesisTarget::restoreStackPointer() const {
  // t5 is not preserved across calls: the epilogue may clobber it.
  const RISCVNames &N = RISCVNames::get();
  std::vector<MCInst> Out;
  materialize(N, N.T5, savedStackPointerAddress(Is64Bit), Is64Bit, Out);
  Out.push_back(inst(Is64Bit ? N.LD : N.LW, {reg(N.SP), reg(N.T5), imm(0)}));
  Out.push_back(inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(16)}));
  return Out;
}

/// Bytes reserved below the saved registers for snippets that read the
/// stack pointer: more than the widest access (a double) at offset 0, and a
/// multiple of the stack alignment.
static constexpr int64_t StackScratchBytes = 64;

/// Whether a snippet instruction reads the stack pointer: generated
/// snippets name it only as the base of the SP-based forms and in the ADD
/// of a chained load.
static bool readsStackPointer(const LLVMState &State,
                              ArrayRef<MCInst> Snippet) {
  const RISCVNames &N = RISCVNames::get();
  const MCInstrInfo &II = State.getInstrInfo();
  for (const MCInst &Inst : Snippet) {
    unsigned NumDefs = II.get(Inst.getOpcode()).getNumDefs();
    for (unsigned I = NumDefs, E = Inst.getNumOperands(); I < E; ++I)
      if (Inst.getOperand(I).isReg() && Inst.getOperand(I).getReg() == N.SP)
        return true;
  }
  return false;
}

void RISCVExegesisTarget::storeWords(MCRegister Reg, MCRegister Base,
                                     int64_t Offset, unsigned Bytes,
                                     std::vector<MCInst> &Out) const {
  const RISCVNames &N = RISCVNames::get();
  unsigned WordBytes = Is64Bit ? 8 : 4;
  for (int64_t At = Offset; At < Offset + int64_t(Bytes); At += WordBytes)
    if (isInt<12>(At))
      Out.push_back(
          inst(Is64Bit ? N.SD : N.SW, {reg(Reg), reg(Base), imm(At)}));
}

std::vector<MCInst>
RISCVExegesisTarget::reserveStackScratchMemory(const LLVMState &State,
                                               ArrayRef<MCInst> Snippet) const {
  const RISCVNames &N = RISCVNames::get();
  const MCInstrInfo &II = State.getInstrInfo();
  unsigned WordBytes = Is64Bit ? 8 : 4;
  SmallVector<RISCVLoadAccess, 4> Loads;
  bool WritesScratchPointer = false;
  for (const MCInst &Inst : Snippet) {
    unsigned NumDefs = std::min<unsigned>(II.get(Inst.getOpcode()).getNumDefs(),
                                          Inst.getNumOperands());
    for (unsigned I = 0; I < NumDefs; ++I)
      if (Inst.getOperand(I).isReg() && Inst.getOperand(I).getReg() == N.A0)
        WritesScratchPointer = true;
    if (std::optional<RISCVLoadAccess> Access =
            getRISCVLoadAccess(II, State.getOpcodeName(Inst.getOpcode()), Inst))
      Loads.push_back(*Access);
  }
  // A load of a whole register into its own base: the word it reads holds
  // its own address.
  auto IsPointerChase = [&](const RISCVLoadAccess &Load, MCRegister Base) {
    return Load.Base == Base && Load.Def == Base && Load.Bytes == WordBytes;
  };

  // x10 is still the scratch pointer the function received: the register
  // setup, which may give it another value, comes after.
  std::vector<MCInst> Out;
  if (WritesScratchPointer) {
    for (const RISCVLoadAccess &Load : Loads)
      if (Load.Base == N.A0 && !IsPointerChase(Load, N.A0))
        storeWords(N.X0, N.A0, Load.Offset, Load.Bytes ? Load.Bytes : 16, Out);
    for (const RISCVLoadAccess &Load : Loads)
      if (IsPointerChase(Load, N.A0))
        storeWords(N.A0, N.A0, Load.Offset, WordBytes, Out);
  }
  if (!readsStackPointer(State, Snippet))
    return Out;
  Out.push_back(inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(-StackScratchBytes)}));
  storeWords(N.X0, N.SP, 0, StackScratchBytes, Out);
  for (const RISCVLoadAccess &Load : Loads)
    if (IsPointerChase(Load, N.SP) && Load.Offset >= 0 &&
        Load.Offset + WordBytes <= StackScratchBytes)
      storeWords(N.SP, N.SP, Load.Offset, WordBytes, Out);
  return Out;
}

std::vector<MCInst>
RISCVExegesisTarget::releaseStackScratchMemory(const LLVMState &State,
                                               ArrayRef<MCInst> Snippet) const {
  const RISCVNames &N = RISCVNames::get();
  if (!readsStackPointer(State, Snippet))
    return {};
  return {inst(N.ADDI, {reg(N.SP), reg(N.SP), imm(StackScratchBytes)})};
}

/// The ISA string of the subtarget (e.g. rv64i2p1_m2p0_a2p1_c2p0), from
/// every feature it has, those of its CPU included.
static std::string getISAString(const MCSubtargetInfo &STI) {
  std::vector<std::string> Features;
  for (const SubtargetFeatureKV &KV : STI.getAllProcessorFeatures())
    if (STI.getFeatureBits().test(KV.Value))
      Features.push_back(std::string("+") + KV.Key);
  auto ISA = RISCVISAInfo::parseFeatures(is64Bit(STI) ? 64 : 32, Features);
  if (!ISA) {
    consumeError(ISA.takeError());
    return is64Bit(STI) ? "rv64i" : "rv32i";
  }
  return (*ISA)->toString();
}

void RISCVExegesisTarget::emitObjectAttributes(const LLVMState &State,
                                               MCStreamer &Streamer) const {
  // The psABI's attribute section: format version 'A', then one
  // "riscv" vendor subsection holding one file-scope attribute list.
  enum : unsigned { TagFile = 1, TagStackAlign = 4, TagArch = 5 };
  std::string Attributes;
  raw_string_ostream OS(Attributes);
  encodeULEB128(TagStackAlign, OS);
  encodeULEB128(16, OS);
  encodeULEB128(TagArch, OS);
  OS << getISAString(State.getSubtargetInfo()) << '\0';
  std::string FileScope;
  raw_string_ostream FS(FileScope);
  encodeULEB128(TagFile, FS);
  support::endian::write<uint32_t>(FS, uint32_t(1 + 4 + Attributes.size()),
                                   llvm::endianness::little);
  FS << Attributes;
  std::string Content = "A";
  raw_string_ostream CS(Content);
  StringRef Vendor("riscv\0", 6);
  support::endian::write<uint32_t>(
      CS, uint32_t(4 + Vendor.size() + FileScope.size()),
      llvm::endianness::little);
  CS << Vendor << FileScope;
  MCSection *Section = Streamer.getContext().getELFSection(
      ".riscv.attributes", ELF::SHT_RISCV_ATTRIBUTES, 0);
  Streamer.switchSection(Section);
  Streamer.emitBytes(Content);
}

/// CSR numbers of the rounding modes.
static constexpr int64_t CSRFloatRoundingMode = 0x002;  // frm
static constexpr int64_t CSRFixedPointRounding = 0x00a; // vxrm

Expected<LoweredSnippet>
RISCVExegesisTarget::lowerSnippet(const LLVMState &State,
                                  ArrayRef<MCInst> Snippet) const {
  const RISCVNames &N = RISCVNames::get();
  const MCInstrInfo &II = State.getInstrInfo();
  const MCRegisterInfo &RI = State.getRegInfo();
  LoweredSnippet Lowered;
  std::optional<RISCVVectorState> Config;
  for (const MCInst &Inst : Snippet) {
    StringRef Name = State.getOpcodeName(Inst.getOpcode());
    if (!isRISCVVectorPseudoName(Name)) {
      Lowered.Instructions.push_back(Inst);
      continue;
    }
    Expected<RISCVVectorPseudo> Pseudo =
        analyzeRISCVVectorPseudo(II, Inst.getOpcode());
    if (!Pseudo)
      return createStringError(inconvertibleErrorCode(),
                               "cannot assemble " + Name + ": " +
                                   toString(Pseudo.takeError()));
    Expected<MCInst> Real = lowerRISCVVectorPseudo(*Pseudo, II, RI, Inst);
    if (!Real)
      return Real.takeError();
    Lowered.Instructions.push_back(std::move(*Real));
    RISCVVectorState S = getRISCVVectorState(*Pseudo, Inst);
    if (Config && !(*Config == S))
      return createStringError(inconvertibleErrorCode(),
                               "the snippet's vector instructions ask for "
                               "different vector configurations");
    Config = S;
  }
  if (!Config)
    return Lowered;

  // Registers the snippet leaves alone hold VL and the caller's rounding
  // modes.
  SmallVector<MCRegister, 2> Free;
  for (MCRegister Temp : N.ConfigurationRegisters) {
    if (Free.size() == 2)
      break;
    bool Touched = any_of(Snippet, [&](const MCInst &Inst) {
      return any_of(Inst, [&](const MCOperand &Op) {
        return Op.isReg() && Op.getReg().isValid() &&
               RI.regsOverlap(Op.getReg(), Temp);
      });
    });
    if (!Touched)
      Free.push_back(Temp);
  }
  unsigned Needed = 2;
  if (Free.size() < Needed)
    return createStringError(inconvertibleErrorCode(),
                             "the snippet uses every general-purpose register; "
                             "none is left to set the vector configuration");
  int64_t VType = Config->getVTypeImmediate();
  if (Config->AVLRegister.isValid())
    Lowered.Configure.push_back(
        inst(N.VSETVLI, {reg(N.X0), reg(Config->AVLRegister), imm(VType)}));
  else if (Config->AVLImmediate == RISCVVLMaxAVL)
    Lowered.Configure.push_back(
        inst(N.VSETVLI, {reg(Free[0]), reg(N.X0), imm(VType)}));
  else
    Lowered.Configure.push_back(
        inst(N.VSETIVLI, {reg(N.X0), imm(Config->AVLImmediate), imm(VType)}));
  bool DynamicFloatRounding =
      Config->Rounding == RISCVRoundingKind::FloatingPoint &&
      Config->RoundingMode == RISCVDynamicRounding;
  if (Config->Rounding != RISCVRoundingKind::None && !DynamicFloatRounding) {
    int64_t CSR = Config->Rounding == RISCVRoundingKind::FloatingPoint
                      ? CSRFloatRoundingMode
                      : CSRFixedPointRounding;
    MCRegister Saved = Free[1];
    // frm: fsrmi, which returns the old value; vxrm: csrr then csrwi.
    if (CSR == CSRFloatRoundingMode) {
      Lowered.Configure.push_back(
          inst(N.CSRRWI, {reg(Saved), imm(CSR), imm(Config->RoundingMode)}));
    } else {
      Lowered.Configure.push_back(
          inst(N.CSRRS, {reg(Saved), imm(CSR), reg(N.X0)}));
      Lowered.Configure.push_back(
          inst(N.CSRRWI, {reg(N.X0), imm(CSR), imm(Config->RoundingMode)}));
    }
    Lowered.Restore.push_back(inst(N.CSRRW, {reg(N.X0), imm(CSR), reg(Saved)}));
  }
  return Lowered;
}

const ExegesisTarget *getTheRISCVExegesisTarget(const Triple &TT) {
  static const RISCVExegesisTarget Target32(/*Is64Bit=*/false);
  static const RISCVExegesisTarget Target64(/*Is64Bit=*/true);
  return TT.isRISCV64() ? &Target64 : &Target32;
}

} // namespace exegesis
} // namespace llvm
