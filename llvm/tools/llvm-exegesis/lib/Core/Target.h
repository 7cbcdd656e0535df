//===-- Target.h - Target-specific knowledge behind one interface -*- C++
//-*-===//
//
// ExegesisTarget answers every question whose answer depends on the
// architecture: how to set a register to a value, which registers a generated
// function must preserve, how to emit the loop counter and its back-edge,
// which register points at scratch memory, which opcodes cannot be
// benchmarked, and which perf events count cycles / micro-ops / ports. Each
// architecture implements it in its own folder (X86/, AArch64/, RISCV/,
// PowerPC/, Mips/); an architecture without an implementation gets a default
// that supports nothing beyond parsing. The target registry (TargetRegistry
// below) is the one place that says which folder serves which triple, for
// this interface and for the generators' SnippetGenerationTarget alike.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_TARGET_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_TARGET_H

#include "Core/BenchmarkCode.h"
#include "Core/OpcodeNameIndex.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/Support/Alignment.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MCExpr;
class MCStreamer;
class MCSubtargetInfo;
namespace exegesis {

class LLVMState;
class SnippetGenerationTarget;

/// A calibration loop of the time-based cycle counter
/// (TimeBased/CycleEstimator.h), laid out for the target that encodes it as
/// the machine code of a function: Iterations times a body of
/// UnitsPerIteration units, then Remainder units unrolled, then a return.
struct CalibrationLoop {
  enum class Kind {
    /// A chain of dependent one-cycle adds.
    AddChain,
    /// Groups of ProbeGroupWidth independent one-cycle adds.
    IndependentAdds,
    /// A chain of dependent vector integer adds, on the vector units.
    VectorChain,
    /// A chain of dependent 512-bit FMAs (hasWideVectorCalibrationChain).
    WideVectorChain,
  };
  /// Independent adds per group of the core-sharing probe: as many as the
  /// integer ALUs of the cores the method meets, so that a group takes one
  /// cycle while the core runs this thread alone.
  static constexpr unsigned ProbeGroupWidth = 4;

  Kind What = Kind::AddChain;
  /// Iterations of the loop; none when 0.
  uint32_t Iterations = 0;
  unsigned UnitsPerIteration = 0;
  uint64_t Remainder = 0;

  /// Instructions per unit.
  unsigned getWidth() const {
    return What == Kind::IndependentAdds ? ProbeGroupWidth : 1;
  }
  bool isVector() const {
    return What == Kind::VectorChain || What == Kind::WideVectorChain;
  }
};

/// A snippet as the encoder takes it, and the machine state its
/// instructions need set around the repeated body.
struct LoweredSnippet {
  /// One encodable instruction per snippet instruction, in order.
  std::vector<MCInst> Instructions;
  /// Run after the register setup, before the body.
  std::vector<MCInst> Configure;
  /// Run after the body (and the loop), undoing what Configure changed
  /// that the caller relies on.
  std::vector<MCInst> Restore;
};

class ExegesisTarget {
public:
  virtual ~ExegesisTarget();

  /// The implementation for \p TT's architecture (a generic fallback when we
  /// have none).
  static const ExegesisTarget &lookup(const Triple &TT);

  /// Whether this target's code can run on the current host (beyond the
  /// triple matching, e.g. the OS and ABI are ones we know how to call).
  virtual bool canExecute(const LLVMState &) const { return false; }

  /// Instructions that set \p Reg to exactly \p Value (a value narrower than
  /// the register is extended as ValueExtension says; a wider one must fit).
  /// Fails with a message naming the register when this target cannot set
  /// it.
  virtual Expected<std::vector<MCInst>> setRegTo(const MCSubtargetInfo &STI,
                                                 MCRegister Reg,
                                                 const APInt &Value) const;

  /// Instructions that give every register of \p Values its value. The
  /// default sets them one by one with setRegTo; targets override it where
  /// registers interact (the x87 stack). The instructions may use the stack
  /// below the stack pointer and must leave it as they found it.
  virtual Expected<std::vector<MCInst>>
  setRegistersTo(const MCSubtargetInfo &STI,
                 ArrayRef<RegisterValue> Values) const;

  /// Bit width of \p Reg as a snippet's register values see it (a DEFREG
  /// value with more significant bits is refused). The default: the widest
  /// register class holding it (XMM1 is in FR32 as well as in VR128), else
  /// getUnclassedRegisterBitWidth. Targets override it where the classes say
  /// less than the value a snippet gives (x86-64's segment bases, RISC-V's
  /// vector registers, as wide as the CPU's VLEN).
  virtual unsigned getRegisterBitWidth(const MCRegisterInfo &RegInfo,
                                       const MCSubtargetInfo &STI,
                                       MCRegister Reg) const;

  /// Bit width of \p Reg, which no register class holds (control and status
  /// registers: x86's MXCSR, AArch64's FPCR). The default: the pointer
  /// width.
  virtual unsigned getUnclassedRegisterBitWidth(const MCSubtargetInfo &STI,
                                                MCRegister Reg) const;

  /// Whether a value given to \p Reg is a segment base (x86-64's FS and GS),
  /// which the benchmarking subprocess sets with a system call: the tool
  /// cannot set its own (where its thread-local storage lives).
  virtual bool isSegmentBaseRegister(const Triple &, MCRegister) const {
    return false;
  }

  /// Fails unless this target knows the calling convention and the object
  /// format of \p TT well enough to assemble a function for it. The default
  /// knows the ELF platforms' conventions (System V, AAPCS64).
  virtual Error checkCanAssembleFor(const Triple &TT) const;

  /// Registers the ABI of \p TT requires a function to preserve, in the
  /// order the prologue considers them.
  virtual ArrayRef<MCRegister> getCalleeSavedRegisters(const Triple &) const {
    return {};
  }

  /// The entry of a generated function: saves whatever the caller expects
  /// to survive among \p Clobbered (every register written by the register
  /// setup, the snippet and the loop; overlapping registers count, e.g. EBX
  /// for RBX).
  virtual Expected<std::vector<MCInst>>
  generatePrologue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const;

  /// The exit of a generated function: undoes generatePrologue for the same
  /// \p Clobbered registers and returns to the caller.
  virtual Expected<std::vector<MCInst>>
  generateEpilogue(const LLVMState &State,
                   ArrayRef<MCRegister> Clobbered) const;

  /// Code run at the function's entry, before the register setup, that
  /// leaves the upper halves of the vector registers clean (x86:
  /// vzeroupper), so that whatever state the caller left them in is not
  /// part of the measurement. \p Used holds every register the register
  /// setup and the snippet read or write; \p LiveIns must keep their entry
  /// values. Empty where the target has no such state or the function uses
  /// no vector register. generateEpilogue cleans up what the function
  /// itself dirtied.
  virtual std::vector<MCInst>
  cleanVectorStateOnEntry(const LLVMState &, ArrayRef<MCRegister> /*Used*/,
                          ArrayRef<MCRegister> /*LiveIns*/) const {
    return {};
  }

  /// The cycles per group of four independent adds that the core-sharing
  /// probe (CycleEstimator.h) reads on a core no other thread shares, as the
  /// scheduling model of the CPU has it: at least 1 (each add extends its
  /// own chain), more where fewer than four adds issue per cycle. NaN where
  /// unknown (no scheduling model, a target without the probe). A hint for
  /// -sampling-details only: real cores differ from their models
  /// (docs/TimeBasedCycles.rst), so it never decides anything.
  virtual double getExpectedProbeGroupCycles(const LLVMState &) const {
    return NAN;
  }

  /// The machine code of a function that runs \p Loop (see CalibrationLoop),
  /// or an error for an architecture (of \p TT) without the time-based
  /// method's calibration code, as by default. The code uses only registers
  /// the calling convention lets a function clobber.
  virtual Expected<std::string>
  encodeCalibrationLoop(const Triple &TT, const CalibrationLoop &Loop) const;

  /// Whether encodeCalibrationLoop encodes CalibrationLoop::WideVectorChain
  /// for \p TT, so that a snippet on the widest vector registers is checked
  /// against a chain of the same width (x86-64: 512-bit FMAs, which run at
  /// the clock such code runs at).
  virtual bool hasWideVectorCalibrationChain(const Triple &) const {
    return false;
  }

  /// Whether \p Reg can count the iterations of loop repetition when a
  /// snippet names it (LLVM-EXEGESIS-LOOP-REGISTER). The default: a register
  /// of the pointer's width.
  virtual bool canCountLoop(const MCRegisterInfo &RegInfo,
                            const MCSubtargetInfo &STI, MCRegister Reg) const;

  /// Whether a change of the subtarget's features within a snippet file
  /// puts the instructions after it in another processor mode (x86:
  /// .code16/.code32, the only directives that change the parser's
  /// features there), which the measured function does not run in, so that
  /// they are refused. Elsewhere a feature change only enables instructions.
  virtual bool featureChangesSwitchProcessorMode() const { return false; }

  /// The pseudo prefix that makes the assembler parser pick the encoding
  /// family of the instruction encoded as \p Bytes when it reads the
  /// instruction's printed form back (x86-64: {evex}, {vex}, {rex2}); empty
  /// where the printed form decides the encoding.
  virtual StringRef getEncodingPrefix(const Triple &,
                                      ArrayRef<uint8_t> /*Bytes*/) const {
    return "";
  }

  /// Whether -auto-map-memory runs blocks of \p TT: finding the memory a
  /// block touches needs the faulting address and the registers of a child
  /// stopped at a fault, which the tool reads for x86-64 only.
  virtual bool canAutoMapMemory(const Triple &) const { return false; }

  /// Code between the register setup and the measured code that makes the
  /// setup finish first, so that the measured code starts from the same
  /// state whatever the setup did (x86: lfence once the setup has passed
  /// values through the stack). Empty by default.
  virtual std::vector<MCInst>
  fenceAfterSetup(const LLVMState &, ArrayRef<MCInst> /*Setup*/) const {
    return {};
  }

  /// A note for `info` when a cost of the vector unit's state that the
  /// snippet itself asks for is part of what is measured (x86: wide register
  /// values from the snippet's register definitions, then legacy-SSE
  /// instructions that pay the SSE/AVX transition). Empty when there is
  /// none.
  virtual std::string describeVectorStateCost(const LLVMState &,
                                              const BenchmarkCode &) const {
    return "";
  }

  /// Why \p Opcode raises an invalid-opcode fault (SIGILL) on some CPUs that
  /// have it (a feature the kernel left off, a process state), for the
  /// reason a host check gives; empty when only a missing extension does.
  virtual std::string getIllegalInstructionCause(const LLVMState &,
                                                 unsigned) const {
    return "";
  }

  /// The loop counter of loop repetition when the snippet does not choose
  /// one (LLVM-EXEGESIS-LOOP-REGISTER); invalid when loops are unsupported.
  virtual MCRegister getDefaultLoopCounterRegister(const Triple &) const {
    return MCRegister();
  }

  /// Alignment of the first instruction of the loop body.
  virtual Align getLoopAlignment() const { return Align(16); }

  /// The end of the loop: decrements \p Counter and branches to
  /// \p LoopStart while it is not zero.
  virtual Expected<std::vector<MCInst>>
  decrementLoopCounterAndBranch(MCRegister Counter,
                                const MCExpr *LoopStart) const;

  /// Bytes of loop body (snippet copies and the end of the loop) that the
  /// branch of decrementLoopCounterAndBranch reaches back over; a longer
  /// body ends with decrementLoopCounterAndBranchFar. Targets whose
  /// assembler relaxes branches by itself need no limit.
  virtual uint64_t getLoopBranchReach() const { return UINT64_MAX; }

  /// The end of a loop whose body is beyond getLoopBranchReach: the same
  /// decrement, then a branch that reaches further (PowerPC: a conditional
  /// branch over an unconditional one).
  virtual Expected<std::vector<MCInst>>
  decrementLoopCounterAndBranchFar(MCRegister Counter,
                                   const MCExpr *LoopStart) const {
    return decrementLoopCounterAndBranch(Counter, LoopStart);
  }

  /// Whether the loop counter is set before the register setup rather than
  /// after it: where setting the counter goes through a temporary register
  /// (PowerPC's CTR takes its value from a GPR) that the setup may give the
  /// snippet a value in.
  virtual bool setsLoopCounterFirst() const { return false; }

  /// Bytes that follow the function's last instruction in its section
  /// (64-bit PowerPC: the word of zeros that ends a function's code and the
  /// mandatory fields of its traceback table, as LLVM's code generator
  /// emits them). Empty for most targets.
  virtual std::string getFunctionTrailer(const Triple &) const { return ""; }

  /// The register that points at scratch memory when the function is
  /// entered (its first argument); invalid when there is none.
  virtual MCRegister getScratchMemoryRegister(const Triple &) const {
    return MCRegister();
  }

  /// Code run right after the prologue (before the register setup) that
  /// prepares the memory \p Snippet reads: reserves scratch memory on the
  /// stack for a snippet whose memory operands can only be based on the
  /// stack pointer (RISC-V's C_LWSP family) or that reads it otherwise, and
  /// writes the words a chain of loads needs (RISC-V); and code run right
  /// before the epilogue that releases it. Empty when \p Snippet needs none.
  virtual std::vector<MCInst>
  reserveStackScratchMemory(const LLVMState &,
                            ArrayRef<MCInst> /*Snippet*/) const {
    return {};
  }
  virtual std::vector<MCInst>
  releaseStackScratchMemory(const LLVMState &,
                            ArrayRef<MCInst> /*Snippet*/) const {
    return {};
  }

  /// Emits sections that tell disassemblers and linkers how to read the
  /// object (RISC-V: .riscv.attributes with the ISA string, without which
  /// llvm-objdump decodes only the base ISA). The streamer is in the text
  /// section when called and is switched back to it afterwards.
  virtual void emitObjectAttributes(const LLVMState &, MCStreamer &) const {}

  /// The stack pointer; invalid when the target cannot let a snippet define
  /// it.
  virtual MCRegister getStackPointerRegister() const { return MCRegister(); }

  /// For a snippet that defines the stack pointer (DEFREG, or an
  /// instruction that sets it): code run right after the prologue that
  /// saves the stack pointer where the function can find it again without
  /// any register's help, and code run right before the epilogue that
  /// restores it from there.
  virtual Expected<std::vector<MCInst>> saveStackPointer() const {
    return createStringError(inconvertibleErrorCode(),
                             "this target cannot restore a stack pointer "
                             "defined by the snippet");
  }
  virtual Expected<std::vector<MCInst>> restoreStackPointer() const {
    return saveStackPointer();
  }

  /// The snippet the encoder takes for \p Snippet: target pseudo
  /// instructions that stand for an instruction and the state it runs under
  /// (RISC-V's PseudoV*, which carry their vector configuration) become the
  /// instruction, with the code that sets the state. The default leaves
  /// the snippet as it is.
  virtual Expected<LoweredSnippet>
  lowerSnippet(const LLVMState &, ArrayRef<MCInst> Snippet) const {
    LoweredSnippet Lowered;
    Lowered.Instructions.assign(Snippet.begin(), Snippet.end());
    return Lowered;
  }

  /// Registers \p Inst reads and writes that its descriptor does not name
  /// (PowerPC's mfspr and mtspr name the special register by number: CTR,
  /// LR, XER), so that the loop counter and the registers the prologue
  /// saves are checked against them too.
  virtual void getUndescribedRegisters(const MCInst &,
                                       SmallVectorImpl<MCRegister> &,
                                       SmallVectorImpl<MCRegister> &) const {}

  /// For a register LLVM models as one while its instructions read and write
  /// parts of it (x86's arithmetic flags in EFLAGS: CLC "reads" it because it
  /// keeps the flags it does not clear, INC "writes" all of it although it
  /// keeps CF): whether \p Snippet, repeated, carries a part of \p Reg from
  /// one copy to the next. std::nullopt for a register the target does not
  /// follow part by part: it is followed as a whole, from the descriptors.
  virtual std::optional<bool> carriesPartsOf(const LLVMState &, MCRegister,
                                             ArrayRef<MCInst>) const {
    return std::nullopt;
  }

  /// Opcode and register names this target's code needs but LLVM lacks
  /// (empty when all resolved; see TargetNameTable).
  virtual std::string getUnresolvedNames() const { return ""; }
};

/// One architecture we implement, as the target registry holds it: the
/// triples its folder serves and both of its interfaces, ExegesisTarget and
/// the generators' SnippetGenerationTarget (Snippets/, a layer above, which
/// is why it is only named here). One row answers both lookups, so they
/// cannot disagree about a triple: they once did, when each had a lookup of
/// its own (32-bit PowerPC got the PowerPC ExegesisTarget, which refuses
/// to assemble for it, and the generic generation rules; it now gets the
/// PowerPC rules as well). The getters are functions a target folder
/// defines, declared in Target.cpp alone: nothing outside a target folder
/// includes a target's file, and a static registration object in a target
/// folder would be dropped by the linker, nothing referring to it.
struct TargetRegistration {
  /// Whether this architecture's folder serves \p TT.
  bool (*Serves)(const Triple &TT);
  /// Its ExegesisTarget for \p TT, one of the triples it serves (riscv32
  /// and riscv64 have one each: XLEN decides what the function saves).
  const ExegesisTarget &(*GetTarget)(const Triple &TT);
  /// Its snippet generation rules, the same for every triple it serves.
  const SnippetGenerationTarget &(*GetGenerationRules)();
};

/// The target registry: every architecture we implement, one row each.
ArrayRef<TargetRegistration> getTargetRegistry();

/// The row of the registry that serves \p TT, or null for an architecture
/// we have no code for.
const TargetRegistration *findTargetRegistration(const Triple &TT);

/// Helpers the targets share when they set registers.
inline bool isInClass(const MCRegisterClass *RC, MCRegister Reg) {
  return RC && RC->contains(Reg);
}
/// The size in bits of the widest register class holding \p Reg; 0 when
/// none does.
unsigned getWidestRegisterClassBitWidth(const MCRegisterInfo &RegInfo,
                                        MCRegister Reg);
/// "cannot set register <REG>: <Why>".
Error makeCannotSetRegisterError(const MCRegisterInfo &RegInfo, MCRegister Reg,
                                 const Twine &Why);
/// How a register takes an initial value narrower than itself. Upstream's
/// rule, which snippet files are written for: vector and floating-point
/// registers sign-extend (`DEFREG XMM1 ff` is all ones), general-purpose
/// registers zero-extend (`DEFREG RAX ff` is 0xFF). Masks, flags and
/// control words zero-extend too: a sign-extended EFLAGS value would set the
/// trap flag.
enum class ValueExtension { Zero, Sign };

/// \p Value as exactly \p Bits bits for \p Reg (an empty value means zero),
/// extended as \p Extension says; a value with more significant bits is an
/// error.
Expected<APInt> fitRegisterValue(const MCRegisterInfo &RegInfo, MCRegister Reg,
                                 const APInt &Value, unsigned Bits,
                                 ValueExtension Extension);

/// Opcode, register and register class numbers of one LLVM backend, found by
/// name once per process: the tablegen'd enums are not installed, and the
/// ExegesisTarget singletons cannot rely on any particular LLVMState. A name
/// that LLVM does not know is a mismatch between this code and the LLVM it
/// was built against, reported by lookupFailures() (checked by unit tests);
/// lookups of such names answer 0 / invalid.
class TargetNameTable {
public:
  /// Builds the table for \p TripleName's backend (which must be
  /// registered; LLVMState registers all of them).
  explicit TargetNameTable(StringRef TripleName);
  ~TargetNameTable();

  unsigned opcode(StringRef Name);
  MCRegister reg(StringRef Name);
  const MCRegisterClass *regClass(StringRef Name);

  const MCRegisterInfo &getRegInfo() const { return *RegInfo; }
  const MCInstrInfo &getInstrInfo() const { return *InstrInfo; }
  /// Names that were asked for and not found, comma-separated.
  StringRef lookupFailures() const { return Failures; }

private:
  std::unique_ptr<const MCRegisterInfo> RegInfo;
  std::unique_ptr<const MCInstrInfo> InstrInfo;
  std::unique_ptr<OpcodeNameIndex> Opcodes;
  std::string Failures;
};

/// What every target's names struct (its numbers, looked up in a
/// TargetNameTable member named Table) shares: \p Names's one instance,
/// built on first use, and register names through its table.
template <typename Names> struct TargetNames {
  static const Names &get() {
    static const Names Instance;
    return Instance;
  }
  StringRef name(MCRegister Reg) const {
    return static_cast<const Names *>(this)->Table.getRegInfo().getName(Reg);
  }
};

} // namespace exegesis
} // namespace llvm

#endif
