//===-- X86/X86SnippetGeneration.cpp - x86 rules for generated snippets ---===//
//
// What the generic generators cannot know about x86: which opcodes are
// pseudos, privileged, or touch the stack, segment, control or debug
// registers; which registers the subtarget lacks (APX's R16-R31, AVX-512's
// upper vector registers); how a memory reference is written (base, scale,
// index, displacement, segment); and which operand forms are worth
// exploring: LEA addressing forms and condition codes. An opcode that only
// running would make unsafe (privileged, faulting, writing where the tool
// does not know, changing state the tool relies on) is generated and
// assembled as any other and refused in the measure phase (whyNeverRun);
// one that cannot be given a sensible snippet at all is refused in every
// phase (getUnsupportedReason).
//
//===----------------------------------------------------------------------===//

#include "Core/LLVMState.h"
#include "Core/RegisterWidth.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "X86/X86ControlStateChains.h"
#include "X86/X86FlagChains.h"
#include "X86/X86HelperChains.h"
#include "X86/X86LoadSnippets.h"
#include "X86/X86OperandChoice.h"
#include "X86/X86PreparedSnippets.h"
#include "X86/X86StackSnippets.h"
#include "X86/X86StoreSnippets.h"
#include "X86/X86VectorStoreSnippets.h"
#include "X86/X86X87Chains.h"
#include "X86/X86X87MemoryChains.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
namespace exegesis {
namespace {

/// Opcodes (by name prefix) that only the kernel or a hypervisor may run, or
/// that would change the process state a measurement relies on (fs/gs base,
/// protection keys, shadow stacks, interrupts, I/O ports, sleeping): never
/// run, though generated and assembled in the phases before it. Some
/// user-mode ones among them (XGETBV, RDPKRU, RDSSP, INCSSP, LAR, LSL,
/// VERR, VERW) get prepared snippets (X86PreparedSnippets.h), which do run;
/// their forms without one do not. A prefix followed by an upper-case
/// letter does not match, so ENQCMDS (the supervisor form, which an Emerald
/// Rapids guest ran and took #GP for) needs its own entry beside ENQCMD.
/// LWPVAL and LWPINS write AMD's lightweight-profiling ring buffer, which
/// needs a control block the process never sets up (LLWPCB).
constexpr StringLiteral SystemPrefixes[] = {
    "CLAC",      "CLGI",      "CLI",       "CLTS",      "CLRSSBSY",
    "CLUI",      "ENCL",      "ERETS",     "ERETU",     "GETSEC",
    "HLT",       "HRESET",    "IN8",       "IN16",      "IN32",
    "INCSSP",    "INSB",      "INSL",      "INSW",      "INT",
    "INVD",      "INVEPT",    "INVLPG",    "INVPCID",   "INVVPID",
    "IRET",      "LAR",       "LGDT",      "LIDT",      "LKGS",
    "LLDT",      "LMSW",      "LOADIWKEY", "LSL",       "LTR",
    "MONITOR",   "MWAIT",     "OUT",       "PCONFIG",   "PTWRITE",
    "RDMSR",     "RDPMC",     "RDSSP",     "RSTORSSP",  "SAVEPREVSSP",
    "SEAM",      "SENDUIPI",  "SETSSBSY",  "SGDT",      "SIDT",
    "SKINIT",    "SLDT",      "SMSW",      "STAC",      "STGI",
    "STI",       "STR",       "STUI",      "SWAPGS",    "SYSCALL",
    "SYSENTER",  "SYSEXIT",   "SYSRET",    "TDCALL",    "TPAUSE",
    "UD1",       "UD2",       "UIRET",     "UMONITOR",  "UMWAIT",
    "VERR",      "VERW",      "VMCALL",    "VMCLEAR",   "VMFUNC",
    "VMGEXIT",   "VMLAUNCH",  "VMLOAD",    "VMMCALL",   "VMPTRLD",
    "VMPTRST",   "VMREAD",    "VMRESUME",  "VMRUN",     "VMSAVE",
    "VMWRITE",   "VMXOFF",    "VMXON",     "WBINVD",    "WBNOINVD",
    "WRFSBASE",  "WRGSBASE",  "WRMSR",     "WRPKRU",    "WRSS",
    "WRUSS",     "XSETBV",    "XSAVES",    "RMPADJUST", "RMPUPDATE",
    "PSMASH",    "PVALIDATE", "RDPKRU",    "XRESLDTRK", "XSUSLDTRK",
    "XBEGIN",    "XABORT",    "XEND",      "ENQCMD",    "RDMSRLIST",
    "WRMSRLIST", "WRMSRNS",   "URDMSR",    "UWRMSR",    "TLBSYNC",
    "INVLPGB",   "RDTSCP",    "RDPRU",     "RSM",       "ENTER",
    "LFS",       "LGS",       "LSS",       "RMPQUERY",  "XGETBV",
    "SEAMCALL",  "SEAMOPS",   "SEAMRET",   "ENCLS",     "ENCLU",
    "ENCLV",     "XRSTORS",   "INVLPGA",   "INTO",      "MONITORX",
    "MWAITX",    "WRSSD",     "WRSSQ",     "WRUSSD",    "WRUSSQ",
    "OUTSB",     "OUTSW",     "OUTSL",     "ENQCMDS",   "LWPVAL",
    "LWPINS"};

/// Opcodes that load floating-point control state from memory: the scratch
/// memory holds zeros, which would unmask every exception for the rest of
/// the process (or, for XRSTOR, reset the registers it names). Their
/// latency snippet, a round trip with their store that reads back only what
/// the store wrote, runs all the same (X86ControlStateChains.h).
constexpr StringLiteral ControlStatePrefixes[] = {
    "LDMXCSR", "VLDMXCSR", "FLDCW", "FLDENV", "FRSTOR", "FXRSTOR", "XRSTOR"};

/// Opcodes that LLVM models as loading or storing (to keep memory accesses
/// ordered around them) but that address no memory.
constexpr StringLiteral AddressNoMemory[] = {
    "LFENCE",   "MFENCE",   "SFENCE",   "PAUSE",      "SERIALIZE", "FEMMS",
    "MMX_EMMS", "RDFSBASE", "RDGSBASE", "RDFSBASE64", "RDGSBASE64"};

/// Masked stores to the address in RDI, which holds the scratch pointer on
/// entry and which they do not move (their 32-bit forms use EDI, which
/// cannot hold it).
constexpr StringLiteral StoreAtScratchPointer[] = {
    "MASKMOVDQU64", "VMASKMOVDQU64", "MMX_MASKMOVQ64"};

bool startsWithOpcodePrefix(StringRef Name, ArrayRef<StringLiteral> Prefixes) {
  for (StringLiteral Prefix : Prefixes) {
    if (!Name.starts_with(Prefix))
      continue;
    // STI must not match STIC-like names: the prefix has to end the name or
    // be followed by an operand-form suffix (digits, lower case, '_').
    StringRef Rest = Name.drop_front(Prefix.size());
    if (Rest.empty() || !isUpper(Rest.front()))
      return true;
  }
  return false;
}

class X86SnippetGenerationTarget : public SnippetGenerationTarget {
  void getReservedRegisters(const LLVMState &State,
                            const RegisterReservationOptions &Options,
                            std::vector<MCRegister> &Regs) const override {
    auto Add = [&](StringRef Name) {
      if (std::optional<MCRegister> Reg = State.getRegisterByName(Name))
        Regs.push_back(*Reg);
    };
    Add("RSP");
    Add("RIP");
    Add("SSP");
    const MCSubtargetInfo &STI = State.getSubtargetInfo();
    // Registers of features the subtarget lacks: an instruction naming them
    // could not even be encoded for it.
    if (!STI.checkFeatures("+egpr"))
      for (unsigned I = 16; I < 32; ++I)
        Add(("R" + Twine(I)).str());
    if (!STI.checkFeatures("+avx512f"))
      for (unsigned I = 16; I < 32; ++I)
        Add(("ZMM" + Twine(I)).str());
    if (Options.DisableUpperSSERegisters)
      for (unsigned I = 8; I < 16; ++I)
        Add(("XMM" + Twine(I)).str());
    // Segment and MPX bound registers: the instructions naming them are
    // refused (getUnsupportedReason). Control, debug and AMX tile registers
    // are named only by instructions that are never run (whyNeverRun), whose
    // snippets the phases before measure generate all the same.
    const MCRegisterInfo &RI = State.getRegInfo();
    for (const MCRegisterClass &Class : RI.regclasses()) {
      StringRef Name = RI.getRegClassName(&Class);
      if (Name == "SEGMENT_REG" || Name == "BNDR")
        for (MCPhysReg Reg : Class)
          Regs.push_back(Reg);
    }
  }

  APInt getInitialValue(const LLVMState &State, MCRegister Reg) const override {
    // Zero would unmask every floating-point exception: a division of zero
    // by zero would then kill the measurement with SIGFPE.
    StringRef Name = State.getRegisterName(Reg);
    if (Name == "MXCSR")
      return APInt(32, 0x1F80);
    if (Name == "FPCW")
      return APInt(16, 0x37F);
    return APInt();
  }

  /// DIV8r ... IDIV64r: the divisor is the explicit operand.
  static bool isRegisterDivision(StringRef Name) {
    Name.consume_front("I");
    return Name == "DIV8r" || Name == "DIV16r" || Name == "DIV32r" ||
           Name == "DIV64r";
  }

  bool preparesSnippet(const LLVMState &State,
                       const InstructionModel &Model) const override {
    return hasX86PreparedSnippet(State, Model.getOpcode());
  }

  std::optional<PreparedSnippet>
  getPreparedSnippet(const LLVMState &State, const InstructionModel &Model,
                     bool Serial, unsigned Index) const override {
    return getX86PreparedSnippet(State, Model, Serial, Index);
  }

  /// PUSH, POP, CALL and RET on a private stack (X86StackSnippets.h).
  std::optional<PreparedSnippet>
  getStackLatencySnippet(const LLVMState &State,
                         const InstructionModel &Model) const override {
    return getX86StackLatencySnippet(State, Model);
  }

  /// Loads into general-purpose registers and load-op forms with an
  /// identity, chained through their address (X86LoadSnippets.h); vector
  /// and mask results through a helper (X86HelperChains.h); stores and
  /// read-modify-write forms through memory (X86StoreSnippets.h); memory
  /// forms that write only the flags through CMOVB into the index
  /// (X86FlagChains.h).
  std::optional<PreparedSnippet>
  getAddressPathLatencySnippet(const LLVMState &State,
                               const InstructionModel &Model) const override {
    if (std::optional<PreparedSnippet> Load = generateChainedLoadSnippet(
            getX86ChainedLoad(State, Model), /*Serial=*/true, /*Index=*/0))
      return Load;
    // Vector and mask results, through a helper (X86HelperChains.h).
    if (std::optional<PreparedSnippet> Helped =
            getX86HelperChainSnippet(State, Model))
      return Helped;
    // Stores and loads of control and processor state, each with its match
    // (X86ControlStateChains.h).
    if (std::optional<PreparedSnippet> Control =
            getControlStateChainSnippet(State, Model))
      return Control;
    // x87 loads and stores, each with its match (X86X87MemoryChains.h).
    if (std::optional<PreparedSnippet> X87 =
            getX87MemoryChainSnippet(State, Model))
      return X87;
    if (std::optional<PreparedSnippet> Store =
            getX86StoreChainSnippet(State, Model))
      return Store;
    // Vector, mask and MMX stores (X86VectorStoreSnippets.h).
    if (std::optional<PreparedSnippet> Store =
            getX86VectorStoreSnippet(State, Model))
      return Store;
    return getX86FlagChainSnippet(State, Model);
  }

  /// Register forms that write only the flags (X86FlagChains.h).
  std::optional<PreparedSnippet>
  getFlagsLatencySnippet(const LLVMState &State,
                         const InstructionModel &Model) const override {
    return getX86FlagChainSnippet(State, Model);
  }

  /// x87 opcodes through ST(0), which their descriptors leave implicit
  /// (X86X87Chains.h); the masked byte stores through the memory at RDI,
  /// an address they take implicitly (X86VectorStoreSnippets.h).
  std::optional<PreparedSnippet>
  getRegisterStackLatencySnippet(const LLVMState &State,
                                 const InstructionModel &Model) const override {
    if (std::optional<PreparedSnippet> X87 = getX87LatencySnippet(State, Model))
      return X87;
    return getX86VectorStoreSnippet(State, Model);
  }

  /// A prefix byte (its encoding form, read off LOCK_PREFIX's), and the x87
  /// opcodes without a chain (X86X87Chains.h).
  std::optional<std::string>
  whyNoLatencySnippet(const LLVMState &State,
                      const InstructionModel &Model) const override {
    std::optional<unsigned> Lock = State.getOpcodeByName("LOCK_PREFIX");
    if (Lock && (Model.getDesc().TSFlags & 0x7f) ==
                    (State.getInstrInfo().get(*Lock).TSFlags & 0x7f))
      return std::string("a prefix, not an instruction");
    if (std::optional<std::string> Store =
            whyNoX86StoreChainSnippet(State, Model))
      return Store;
    return whyNoX87LatencySnippet(State, Model);
  }

  void adjustInitialValues(const LLVMState &State,
                           ArrayRef<MCInst> Instructions,
                           std::vector<RegisterValue> &Values) const override {
    addX87InitialValues(State, Instructions, Values);
    // Nothing sets DF, SSP or RSP: the ABI leaves DF clear on entry, the
    // shadow stack pointer is the process's own, and a stack snippet's RSP
    // is its private stack (X86StackSnippets.h).
    erase_if(Values, [&](const RegisterValue &V) {
      StringRef Name = State.getRegisterName(V.Register);
      return Name == "DF" || Name == "SSP" || Name == "RSP";
    });
    // Zero divided by zero raises #DE; zero divided by one is zero again,
    // so a chain of divisions stays well defined.
    for (const MCInst &Inst : Instructions) {
      if (!isRegisterDivision(State.getOpcodeName(Inst.getOpcode())))
        continue;
      MCRegister Divisor = Inst.getOperand(0).getReg();
      auto It = find_if(Values, [Divisor](const RegisterValue &V) {
        return V.Register == Divisor;
      });
      if (It == Values.end())
        continue;
      // Set last, after any wider register holding it (AX for DIV8r's AL).
      RegisterValue One{Divisor, APInt(8, 1)};
      Values.erase(It);
      Values.push_back(One);
    }
    // A store of state and its load: the values the round trip measured
    // beside them runs with (X86ControlStateChains.h).
    setControlStateChainValues(State, Instructions, Values);
  }

  /// A store of control state and its load, exactly as
  /// getControlStateChainSnippet builds them: the load reads back only what
  /// the store wrote, so it runs there although never on its own.
  bool runsWholeSnippet(const LLVMState &State,
                        const BenchmarkKey &Key) const override {
    return isRunnableControlStateChain(State, Key);
  }

  bool writeKeepsWiderBits(const LLVMState &State,
                           MCRegister Reg) const override {
    // 32-bit writes zero the upper half; 8- and 16-bit writes merge.
    const MCRegisterInfo &RI = State.getRegInfo();
    return !RI.superregs(Reg).empty() && getRegisterBitWidth(State, Reg) < 32;
  }

  std::optional<std::string>
  whyNotMixable(const LLVMState &State,
                const InstructionModel &Model) const override {
    // TSFlags: the encoding in bits 29-30 (0: legacy), the SSE execution
    // domain in bits 27-28 (0: none). A legacy SSE write keeps the upper
    // bits of the YMM register, which ties it to AVX code around it; on
    // Zen 5 a mixture of RSQRTPS and VEXTRACTF128 takes 8 cycles a pass.
    uint64_t TSFlags = Model.getDesc().TSFlags;
    if ((TSFlags >> 29 & 3) == 0 && (TSFlags >> 27 & 3) != 0)
      return std::string("a legacy SSE encoding, which AVX code beside it "
                         "waits for");
    const MCRegisterInfo &RI = State.getRegInfo();
    for (const OperandSlot &Slot : Model.slots())
      if (Slot.RegClassID >= 0 &&
          StringRef(RI.getRegClassName(&RI.getRegClass(Slot.RegClassID))) ==
              "VR64")
        return std::string("an MMX instruction, on the x87 registers");
    return std::nullopt;
  }

  void getUnnamedRegisters(const LLVMState &State,
                           std::vector<MCRegister> &Regs) const override {
    // High-byte registers cannot be encoded in an instruction with a REX,
    // REX2 or EVEX prefix; the low bytes always can.
    for (StringRef Name : {"AH", "BH", "CH", "DH"})
      if (std::optional<MCRegister> Reg = State.getRegisterByName(Name))
        Regs.push_back(*Reg);
  }

  std::optional<std::string>
  getUnsupportedReason(const LLVMState &State,
                       const InstructionModel &Model) const override {
    if (std::optional<std::string> Reason =
            SnippetGenerationTarget::getUnsupportedReason(State, Model))
      return Reason;
    const MCInstrDesc &Desc = Model.getDesc();
    // The low bits of TSFlags are the encoding form; form 0 is X86's Pseudo.
    if ((Desc.TSFlags & 0x7f) == 0)
      return std::string("pseudo instruction");
    StringRef Name = Model.getName();
    // Segment pushes and pops move the stack pointer without saying so.
    if (std::optional<std::string> Why = whyNoX86StackSnippet(Name))
      return Why;
    // Locked forms are codegen's: they encode no LOCK prefix of their own.
    if (Name.ends_with("Locked"))
      return std::string("pseudo instruction");
    if (Name == "REP_PREFIX" || Name == "REPNE_PREFIX")
      return std::string("a prefix on its own, not an instruction");
    // Of the instructions that only must not run, upstream llvm-exegesis
    // generates none of these in any phase: the loads of a segment register
    // or of the FS base (which LLVM models without naming the register), and
    // SYSENTER.
    static constexpr StringLiteral SegmentLoads[] = {"LFS", "LGS", "LSS",
                                                     "WRFSBASE"};
    if (startsWithOpcodePrefix(Name, SegmentLoads))
      return std::string("uses a segment register");
    if (Name == "SYSENTER")
      return std::string("system instruction");
    const MCRegisterInfo &RI = State.getRegInfo();
    auto IsNamed = [&](MCPhysReg Reg, std::initializer_list<StringRef> Names) {
      return is_contained(Names, StringRef(RI.getName(Reg)));
    };
    for (ArrayRef<MCPhysReg> Implicit :
         {Model.implicitUses(), Model.implicitDefs()})
      for (MCPhysReg Reg : Implicit)
        if (IsNamed(Reg, {"CS", "DS", "ES", "FS", "GS", "SS"}))
          return std::string("uses a segment register");
    // References of two operands: an absolute address and a segment, or a
    // string instruction's RSI/RDI and a segment.
    for (const MemoryReference &Ref : Model.memoryReferences()) {
      if (Ref.NumOperands == MemSize)
        continue;
      if (Model.operands()[Ref.FirstOperand].Kind == OperandKind::Register)
        return std::string("string operand: only the prepared string "
                           "snippets point RSI and RDI at scratch memory");
      return std::string("absolute address (moffs): no register can point "
                         "it at scratch memory");
    }
    std::optional<unsigned> LEAMemory = getLEAMemoryStart(Model);
    for (const ModelOperand &Op : Model.operands()) {
      if (Op.Kind != OperandKind::Register || Op.IsMemory ||
          (LEAMemory && Op.Index >= *LEAMemory &&
           Op.Index < *LEAMemory + MemSize))
        continue;
      StringRef Class = RI.getRegClassName(&RI.getRegClass(Op.RegClassID));
      if (Class == "SEGMENT_REG")
        return std::string("uses a segment register");
      if (Class == "RST" || Class == "RSTi")
        return std::string("x87 instruction with an ST(i) operand");
      if (Class == "BNDR")
        return std::string("MPX bound register");
    }
    return std::nullopt;
  }

  /// What a snippet of \p Opcode would do to the process that runs it, or
  /// to the measurement, when it is generated and assembled like any other:
  /// privileged or process-state instructions, a fault, a write to an
  /// address the tool does not control, control state or a direction flag
  /// changed for the code after it.
  std::optional<std::string> whyNeverRun(const LLVMState &State,
                                         unsigned Opcode) const override {
    // Their snippets keep every repetition valid (X86PreparedSnippets.h),
    // and the stack balanced (X86StackSnippets.h).
    if (hasX86PreparedSnippet(State, Opcode) ||
        runsOnX86PrivateStack(State, Opcode))
      return std::nullopt;
    StringRef Name = State.getOpcodeName(Opcode);
    const MCInstrDesc &Desc = State.getInstrInfo().get(Opcode);
    const MCRegisterInfo &RI = State.getRegInfo();
    if (Name.starts_with("CLZERO"))
      return std::string("writes memory at the address in RAX");
    // Its destination is the address in its register operand, which holds
    // a data value here (0), not the scratch pointer.
    if (Name.starts_with("MOVDIR64B"))
      return std::string(
          "writes 64 bytes at the address in its register operand");
    if (Name.starts_with("DIV") || Name.starts_with("IDIV")) {
      StringRef Form = Name.drop_front(Name.starts_with("I") ? 4 : 3);
      if (!Form.empty() && isDigit(Form.front()) && Form.ends_with("m"))
        return std::string("divides by scratch memory, which holds zeros");
    }
    if (startsWithOpcodePrefix(Name, SystemPrefixes))
      return std::string("system instruction");
    if (startsWithOpcodePrefix(Name, ControlStatePrefixes))
      return std::string("loads floating-point control state from memory");
    auto IsNamed = [&](MCPhysReg Reg, std::initializer_list<StringRef> Names) {
      return is_contained(Names, StringRef(RI.getName(Reg)));
    };
    for (ArrayRef<MCPhysReg> Implicit :
         {Desc.implicit_uses(), Desc.implicit_defs()})
      for (MCPhysReg Reg : Implicit) {
        if (IsNamed(Reg, {"RSP", "ESP", "SP"}))
          return std::string("uses the stack pointer (push/pop)");
        if (IsNamed(Reg, {"SSP"}))
          return std::string("uses the shadow stack");
      }
    auto IsDF = [&](MCPhysReg Reg) { return IsNamed(Reg, {"DF"}); };
    if (any_of(Desc.implicit_defs(), IsDF))
      return std::string("changes the direction flag");
    if (any_of(Desc.implicit_uses(), IsDF))
      return std::string("string instruction (implicit memory operands)");
    // String instructions with 64-bit addresses have prepared snippets; these
    // use ESI/EDI, which cannot hold the scratch pointer.
    if (Name.starts_with("REP_") && Name.ends_with("_32"))
      return std::string(
          "32-bit address size (the scratch pointer needs 64 bits)");
    unsigned HwMode =
        State.getSubtargetInfo().getHwMode(MCSubtargetInfo::HwMode_RegInfo);
    bool HasMemoryOperand = false;
    for (const MCOperandInfo &Info : Desc.operands()) {
      HasMemoryOperand |= Info.OperandType == MCOI::OPERAND_MEMORY;
      if (Info.OperandType == MCOI::OPERAND_MEMORY ||
          (Info.RegClass < 0 && !Info.isLookupRegClassByHwMode()))
        continue;
      StringRef Class = RI.getRegClassName(
          &RI.getRegClass(State.getInstrInfo().getOpRegClassID(Info, HwMode)));
      if (Class == "CONTROL_REG")
        return std::string("uses a control register");
      if (Class == "DEBUG_REG")
        return std::string("uses a debug register");
      if (Class == "TILE" || Class == "TILEPAIR")
        return std::string("AMX tile instruction (needs a tile configuration)");
    }
    if ((Desc.mayLoad() || Desc.mayStore()) && !HasMemoryOperand &&
        !is_contained(AddressNoMemory, Name) &&
        !is_contained(StoreAtScratchPointer, Name))
      return std::string("accesses memory through implicit registers");
    return std::nullopt;
  }

  /// The operand type tablegen gave x86 condition codes: read off SETCCr
  /// rather than hard-coded, since the numbering is not installed.
  static std::optional<uint8_t> getCondCodeOperandType(const LLVMState &State) {
    std::optional<unsigned> SetCC = State.getOpcodeByName("SETCCr");
    if (!SetCC)
      return std::nullopt;
    const MCInstrDesc &Desc = State.getInstrInfo().get(*SetCC);
    if (Desc.getNumOperands() < 2)
      return std::nullopt;
    return Desc.operands()[Desc.getNumOperands() - 1].OperandType;
  }

  static bool isLEA(StringRef Name) {
    return Name == "LEA16r" || Name == "LEA32r" || Name == "LEA64r" ||
           Name == "LEA64_32r";
  }

  /// LEA16r and LEA32r type their address as memory (LEA64r does not): it
  /// is address arithmetic all the same, read like any register operand.
  bool isAddressArithmetic(const LLVMState &State,
                           unsigned Opcode) const override {
    return isLEA(State.getOpcodeName(Opcode));
  }

  /// Where the address operand of an LEA starts. Its operands are not typed
  /// as memory (LEA reads no memory), so they are found by position: the
  /// address follows the destination register.
  static std::optional<unsigned>
  getLEAMemoryStart(const InstructionModel &Model) {
    if (!isLEA(Model.getName()) || Model.operands().size() != 1 + MemSize)
      return std::nullopt;
    return 1;
  }

  /// The first operand of each address-arithmetic reference (LEA, NOPL):
  /// memory references that load or store nothing.
  static SmallVector<unsigned, 1>
  getAddressArithmetic(const InstructionModel &Model) {
    SmallVector<unsigned, 1> Starts;
    if (std::optional<unsigned> LEA = getLEAMemoryStart(Model))
      Starts.push_back(*LEA);
    else if (!Model.accessesMemory())
      for (const MemoryReference &Ref : Model.memoryReferences())
        if (Ref.NumOperands == MemSize)
          Starts.push_back(Ref.FirstOperand);
    return Starts;
  }

  /// The first register both the base and the index of the address at
  /// \p First may hold, or an invalid one.
  static MCRegister findBaseAndIndexRegister(const InstructionModel &Model,
                                             const RegisterPool &Pool,
                                             unsigned First) {
    auto ClassOf = [&](unsigned Pos) {
      return Model.slots()[Model.operands()[First + Pos].Slot].RegClassID;
    };
    ArrayRef<MCRegister> Bases = Pool.allowedRegisters(ClassOf(MemBase));
    for (MCRegister Reg : Pool.allowedRegisters(ClassOf(MemIndex)))
      if (is_contained(Bases, Reg))
        return Reg;
    return MCRegister();
  }

  std::optional<OperandConfiguration>
  getConfiguration(const LLVMState &State, const InstructionModel &Model,
                   const RegisterPool &Pool, const ConfigurationOptions &,
                   unsigned Index) const override {
    OperandConfiguration Config;
    Config.Fixed.resize(Model.slots().size());
    unsigned NumConfigs = 1;
    // Address arithmetic (LEA): explore scale and displacement, first with
    // one register as base and index (latency then follows both, and a
    // single register makes the chain), as upstream's first configurations
    // do, then with two registers.
    unsigned Scale = 1;
    int64_t Disp = 0;
    bool SameBaseAndIndex = false;
    if (isLEA(Model.getName())) {
      NumConfigs = 16;
      Scale = 1u << (Index % 8 / 2);
      Disp = Index % 2 ? 42 : 0;
      SameBaseAndIndex = Index < 8;
    }
    for (unsigned First : getAddressArithmetic(Model)) {
      auto Slot = [&](unsigned Pos) {
        return Model.operands()[First + Pos].Slot;
      };
      Config.Fixed[Slot(MemScale)] = MCOperand::createImm(Scale);
      Config.Fixed[Slot(MemDisp)] = MCOperand::createImm(Disp);
      Config.Fixed[Slot(MemSegment)] = MCOperand::createReg(MCRegister());
      if (!SameBaseAndIndex)
        continue;
      MCRegister Reg = findBaseAndIndexRegister(Model, Pool, First);
      if (!Reg.isValid())
        return std::nullopt;
      Config.Fixed[Slot(MemBase)] = MCOperand::createReg(Reg);
      Config.Fixed[Slot(MemIndex)] = MCOperand::createReg(Reg);
    }
    // Condition codes: one configuration per code.
    if (std::optional<uint8_t> CondCode = getCondCodeOperandType(State))
      for (unsigned I = 0, E = Model.slots().size(); I < E; ++I)
        if (Model.slots()[I].Kind == OperandKind::Immediate &&
            Model.slots()[I].OperandType == *CondCode) {
          NumConfigs = 16;
          Config.Fixed[I] = MCOperand::createImm(Index);
        }
    if (Index >= NumConfigs)
      return std::nullopt;
    return Config;
  }

  void setScratchAddress(const InstructionModel &Model,
                         const MemoryReference &Ref, MCRegister Base,
                         int64_t Offset, SlotValues &Values) const override {
    if (Ref.NumOperands != MemSize)
      return SnippetGenerationTarget::setScratchAddress(Model, Ref, Base,
                                                        Offset, Values);
    auto Set = [&](unsigned Pos, MCOperand Value) {
      Values[Model.operands()[Ref.FirstOperand + Pos].Slot] = Value;
    };
    Set(MemBase, MCOperand::createReg(Base));
    Set(MemScale, MCOperand::createImm(1));
    Set(MemIndex, MCOperand::createReg(MCRegister()));
    Set(MemDisp, MCOperand::createImm(Offset));
    Set(MemSegment, MCOperand::createReg(MCRegister()));
  }

  std::string describeConfiguration(const LLVMState &State,
                                    const InstructionModel &Model,
                                    const MCInst &Inst) const override {
    std::optional<unsigned> LEAMemory = getLEAMemoryStart(Model);
    if (!LEAMemory)
      return "";
    unsigned First = *LEAMemory;
    auto RegName = [&](unsigned Pos) -> std::string {
      MCRegister Reg = Inst.getOperand(First + Pos).getReg();
      return Reg.isValid() ? ("%" + State.getRegisterName(Reg)).str() : "";
    };
    std::string Text;
    raw_string_ostream OS(Text);
    OS << Inst.getOperand(First + MemDisp).getImm() << "(" << RegName(MemBase)
       << ", " << RegName(MemIndex) << ", "
       << Inst.getOperand(First + MemScale).getImm() << ")";
    return Text;
  }
};

} // namespace

const SnippetGenerationTarget *getTheX86SnippetGenerationTarget() {
  static const X86SnippetGenerationTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
