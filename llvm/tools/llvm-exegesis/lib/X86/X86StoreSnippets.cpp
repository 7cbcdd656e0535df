//===-- X86/X86StoreSnippets.cpp --------------------------------*- C++ -*-===//

#include "X86/X86StoreSnippets.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "X86/X86OperandChoice.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>

namespace llvm {
namespace exegesis {

using namespace shorthand;

/// Points the single memory reference of \p Model at the scratch word:
/// base \p Scratch, no index, no displacement. False when it has another
/// shape or its index cannot be a general-purpose register (a scatter's
/// vector index).
static bool pointAtScratch(const LLVMState &State,
                           const InstructionModel &Model, MCRegister Scratch,
                           SlotValues &Values) {
  if (Model.memoryReferences().size() != 1)
    return false;
  const MemoryReference &Ref = Model.memoryReferences().front();
  if (Ref.NumOperands != MemSize)
    return false;
  auto Slot = [&](unsigned Pos) {
    return Model.operands()[Ref.FirstOperand + Pos].Slot;
  };
  int IndexClass = Model.slots()[Slot(MemIndex)].RegClassID;
  MCRegister RAX = namedX86Register(State, "RAX");
  if (IndexClass < 0 ||
      !State.getRegInfo().getRegClass(IndexClass).contains(RAX))
    return false;
  Values[Slot(MemBase)] = reg(Scratch);
  Values[Slot(MemScale)] = imm(1);
  Values[Slot(MemIndex)] = reg(MCRegister());
  Values[Slot(MemDisp)] = imm(0);
  Values[Slot(MemSegment)] = reg(MCRegister());
  return true;
}

/// MOVDIRI is modelled as loading too, but only stores its register.
static bool isDirectStore(StringRef Name) {
  return Name.starts_with("MOVDIRI");
}

/// Opcodes LLVM models as loading and storing that modify no word in
/// place: cache hints, and saves and restores of processor state (which
/// touch far more than one word).
static bool isHintOrStateSave(StringRef Name) {
  for (StringRef Prefix : {"PREFETCH", "CLDEMOTE", "CLFLUSH", "CLWB", "FXSAVE",
                           "FXRSTOR", "XSAVE", "XRSTOR", "LWP"})
    if (Name.starts_with(Prefix))
      return true;
  return false;
}

static bool isGeneralPurpose(const LLVMState &State, int ClassID) {
  MCRegister RAX = namedX86Register(State, "RAX"),
             EAX = namedX86Register(State, "EAX"),
             AX = namedX86Register(State, "AX"),
             AL = namedX86Register(State, "AL");
  if (ClassID < 0)
    return false;
  const MCRegisterClass &Class = State.getRegInfo().getRegClass(ClassID);
  return Class.contains(RAX) || Class.contains(EAX) || Class.contains(AX) ||
         Class.contains(AL);
}

/// `addq $1, (%rdi)`: each repetition reads what the previous one stored.
static std::optional<PreparedSnippet>
getReadModifyWriteSnippet(const LLVMState &State, const InstructionModel &Model,
                          MCRegister Scratch, ArrayRef<MCRegister> Kept) {
  SlotValues Values(Model.slots().size());
  if (!pointAtScratch(State, Model, Scratch, Values))
    return std::nullopt;
  SmallVector<MCRegister, 8> Avoid(Kept.begin(), Kept.end());
  for (unsigned I = 0, E = Model.slots().size(); I < E; ++I) {
    const OperandSlot &Slot = Model.slots()[I];
    if (Values[I])
      continue;
    if (Slot.Kind == OperandKind::Immediate) {
      Values[I] = imm(1);
      continue;
    }
    // A vector, mask or MMX operand: a masked store (VMASKMOVPS), which
    // LLVM models as loading but which reads no memory.
    if (Slot.Kind != OperandKind::Register ||
        !isGeneralPurpose(State, Slot.RegClassID))
      return std::nullopt;
    MCRegister Reg = pickX86Register(State, Slot.RegClassID, Avoid);
    if (!Reg.isValid())
      return std::nullopt;
    Values[I] = reg(Reg);
    Avoid.push_back(Reg);
  }
  StringRef Base = State.getRegisterName(Scratch);
  PreparedSnippet Snippet;
  Snippet.Instructions = {Model.build(Values)};
  Snippet.Info =
      ("Latency through memory: " + Model.getName() +
       " reads and writes the word " + Base +
       " points at, so each repetition's load reads what the previous one "
       "stored; one repetition is the load, the operation and the store's "
       "way to the next load. A host that renames memory (AMD Zen 2 and "
       "later hand a stored value to a later load of the same address as a "
       "register move) takes neither the load's latency nor a forwarding "
       "latency here: there the value is the operation's alone")
          .str();
  return Snippet;
}

/// The load that reads back what a store of \p Data wrote, into a whole
/// register: MOV for 32 and 64 bits, MOVZX below.
static std::optional<MCInst> buildReload(const LLVMState &State,
                                         MCRegister Data, MCRegister Scratch) {
  StringRef Name = State.getRegisterName(Data);
  StringRef Opcode = Name == "RAX"   ? "MOV64rm"
                     : Name == "EAX" ? "MOV32rm"
                     : Name == "AX"  ? "MOVZX32rm16"
                     : Name == "AL"  ? "MOVZX32rm8"
                                     : "";
  std::optional<unsigned> Reload = State.getOpcodeByName(Opcode);
  if (Opcode.empty() || !Reload)
    return std::nullopt;
  MCRegister Dest = Name == "RAX" ? Data : namedX86Register(State, "EAX");
  return inst(*Reload, {reg(Dest), reg(Scratch), imm(1), reg(MCRegister()),
                        imm(0), reg(MCRegister())});
}

/// `movq %rax, (%rdi); movq (%rdi), %rax`, the pointer chase subtracted.
static std::optional<PreparedSnippet>
getStoreReloadSnippet(const LLVMState &State, const InstructionModel &Model,
                      MCRegister Scratch) {
  if (!Model.implicitUses().empty() || !Model.implicitDefs().empty() ||
      Model.getDesc().getNumDefs() != 0)
    return std::nullopt;
  SlotValues Values(Model.slots().size());
  if (!pointAtScratch(State, Model, Scratch, Values))
    return std::nullopt;
  MCRegister Data;
  for (unsigned I = 0, E = Model.slots().size(); I < E; ++I) {
    const OperandSlot &Slot = Model.slots()[I];
    if (Values[I])
      continue;
    if (Slot.Kind != OperandKind::Register || Data.isValid() ||
        Slot.RegClassID < 0)
      return std::nullopt;
    for (StringRef Name : {"RAX", "EAX", "AX", "AL"}) {
      MCRegister Reg = namedX86Register(State, Name);
      if (State.getRegInfo().getRegClass(Slot.RegClassID).contains(Reg)) {
        Data = Reg;
        break;
      }
    }
    if (!Data.isValid())
      return std::nullopt;
    Values[I] = reg(Data);
  }
  std::optional<MCInst> Reload = buildReload(State, Data, Scratch);
  std::optional<unsigned> Load = State.getOpcodeByName("MOV64rm");
  if (!Data.isValid() || !Reload || !Load)
    return std::nullopt;
  StringRef Base = State.getRegisterName(Scratch);
  PreparedSnippet Snippet;
  Snippet.Instructions = {Model.build(Values), *Reload};
  Snippet.Info =
      ("Latency through memory and back: " + Model.getName() + " stores " +
       State.getRegisterName(Data) + " at " + Base + ", " +
       State.getOpcodeName(Reload->getOpcode()) +
       " reloads it into RAX, which the next store stores; the reload's "
       "latency, the L1 load-to-use latency, is subtracted. A host that "
       "renames memory (AMD Zen 2 and later "
       "hand a stored value to a later load of the same address as a "
       "register move) has no forwarding latency here: the round trip "
       "reads below the load's latency, and the subtraction leaves no "
       "value")
          .str();
  SubtractedChain Chain;
  Chain.Key.Instructions = {
      inst(*Load, {reg(Scratch), reg(Scratch), imm(1), reg(MCRegister()),
                   imm(0), reg(MCRegister())})};
  Chain.LiveIns = {Scratch};
  Chain.Share = 1;
  Chain.What = ("the L1 load-to-use latency, the reload's: a pointer chase, "
                "each load's address the value the previous one loaded from "
                "the word " +
                Base + " points at, which holds its own address")
                   .str();
  Snippet.SubtractedChains.push_back(std::move(Chain));
  return Snippet;
}

std::optional<unsigned> getX86StoredBytes(const LLVMState &State,
                                          const MCInst &Store) {
  // The Intel syntax names the size of a memory operand ("xmmword ptr"),
  // which the descriptor does not hold.
  std::unique_ptr<MCInstPrinter> Printer(State.getTarget().createMCInstPrinter(
      State.getTriple(), /*SyntaxVariant=*/1, State.getAsmInfo(),
      State.getInstrInfo(), State.getRegInfo()));
  if (!Printer)
    return std::nullopt;
  std::string Text;
  raw_string_ostream OS(Text);
  Printer->printInst(&Store, 0, "", State.getSubtargetInfo(), OS);
  StringRef Printed(Text);
  size_t Ptr = Printed.find(" ptr ");
  if (Ptr == StringRef::npos ||
      Printed.find(" ptr ", Ptr + 1) != StringRef::npos)
    return std::nullopt;
  StringRef Before = Printed.take_front(Ptr);
  StringRef Size = Before.drop_front(Before.find_last_of(" \t,") + 1);
  return StringSwitch<std::optional<unsigned>>(Size)
      .Case("byte", 1)
      .Case("word", 2)
      .Case("dword", 4)
      .Case("qword", 8)
      .Case("xmmword", 16)
      .Case("ymmword", 32)
      .Case("zmmword", 64)
      .Default(std::nullopt);
}

/// `movl $0, (%rdi,%rax); movl (%rdi,%rax), %eax`: the store's address waits
/// for the previous reload, which reads what the store wrote; the reload
/// alone, chained through the index, is subtracted.
static std::optional<PreparedSnippet>
getImmediateStoreSnippet(const LLVMState &State, const InstructionModel &Model,
                         MCRegister Scratch) {
  const MCInstrDesc &Desc = Model.getDesc();
  if (Desc.mayLoad() || Desc.getNumDefs() != 0 ||
      !Model.implicitUses().empty() || !Model.implicitDefs().empty() ||
      Model.memoryReferences().size() != 1 ||
      Model.memoryReferences().front().NumOperands != MemSize)
    return std::nullopt;
  const MemoryReference &Ref = Model.memoryReferences().front();
  MCRegister RAX = namedX86Register(State, "RAX");
  int IndexClass =
      Model.slots()[Model.operands()[Ref.FirstOperand + MemIndex].Slot]
          .RegClassID;
  MCRegister LoopCounter =
      State.getExegesisTarget().getDefaultLoopCounterRegister(
          State.getTriple());
  if (IndexClass < 0 ||
      !State.getRegInfo().getRegClass(IndexClass).contains(RAX) ||
      (LoopCounter && State.getRegInfo().regsOverlap(LoopCounter, RAX)))
    return std::nullopt;
  SlotValues Values(Model.slots().size());
  auto SetAddress = [&](unsigned Pos, MCOperand Value) {
    Values[Model.operands()[Ref.FirstOperand + Pos].Slot] = Value;
  };
  SetAddress(MemBase, reg(Scratch));
  SetAddress(MemScale, imm(1));
  SetAddress(MemIndex, reg(RAX));
  SetAddress(MemDisp, imm(0));
  SetAddress(MemSegment, reg(MCRegister()));
  // The data is an immediate, 0, so that the index stays 0.
  bool HasImmediate = false;
  for (unsigned I = 0, E = Model.slots().size(); I < E; ++I) {
    if (Values[I])
      continue;
    if (Model.slots()[I].Kind != OperandKind::Immediate || HasImmediate)
      return std::nullopt;
    Values[I] = imm(0);
    HasImmediate = true;
  }
  if (!HasImmediate)
    return std::nullopt;
  MCInst Store = Model.build(Values);
  std::optional<unsigned> Bytes = getX86StoredBytes(State, Store);
  if (!Bytes)
    return std::nullopt;
  StringRef Opcode = *Bytes == 8   ? "MOV64rm"
                     : *Bytes == 4 ? "MOV32rm"
                     : *Bytes == 2 ? "MOVZX32rm16"
                     : *Bytes == 1 ? "MOVZX32rm8"
                                   : "";
  std::optional<unsigned> ReloadOpcode = State.getOpcodeByName(Opcode);
  if (Opcode.empty() || !ReloadOpcode)
    return std::nullopt;
  MCRegister Dest = *Bytes == 8 ? RAX : namedX86Register(State, "EAX");
  MCInst Reload = inst(*ReloadOpcode, {reg(Dest), reg(Scratch), imm(1),
                                       reg(RAX), imm(0), reg(MCRegister())});
  StringRef Base = State.getRegisterName(Scratch);
  PreparedSnippet Snippet;
  Snippet.Instructions = {Store, Reload};
  Snippet.Info =
      ("Latency through memory and back, through the address: " +
       Model.getName() + " stores 0 at " + Base + "+RAX, " + Opcode +
       " reloads the " + Twine(*Bytes) + (*Bytes == 1 ? " byte" : " bytes") +
       " it wrote into " + State.getRegisterName(Dest) +
       (Dest == RAX ? ", the index register"
                    : ", part of the index register RAX") +
       ", which stays 0, so that the next "
       "store's address waits for the reload; the reload's latency, measured "
       "in the same run by the reload alone chained through its index (the "
       "word at " +
       Base +
       " holding 0, written before the register setup), is subtracted. A "
       "host that renames memory (AMD Zen 2 and later hand a stored value to "
       "a later load of the same address as a register move) has no "
       "forwarding latency here: the round trip reads below the load's "
       "latency, and the subtraction leaves no value")
          .str();
  SubtractedChain Chain;
  Chain.Key.Instructions = {Reload};
  Chain.Key.RegisterInitialValues = {RegisterValue::zero(RAX)};
  Chain.LiveIns = {Scratch};
  Chain.Share = 1;
  Chain.What = ("the reload's latency: the reload alone, each address the "
                "previous result through the index, the word " +
                Base + " points at holding 0")
                   .str();
  Snippet.SubtractedChains.push_back(std::move(Chain));
  return Snippet;
}

namespace {
// X86::CondCode's E (equal: ZF set); the enum is not installed.
constexpr int64_t CondE = 4;
} // namespace

/// SETCCm and its APX forms (SETCCm_EVEX, SETZUCCm): a byte of the flags
/// stored.
static bool isConditionStore(StringRef Name) {
  return Name.starts_with("SETCC") || Name.starts_with("SETZUCC");
}

/// `sete (%rdi,%rax); movzbl (%rdi,%rax), %eax; cmpl $1, %eax`: the flags
/// decide the byte, the byte the next flags; the reload alone, chained
/// through its index, and half of a round trip through CMP and CMOVE are
/// subtracted.
static std::optional<PreparedSnippet>
getConditionStoreSnippet(const LLVMState &State, const InstructionModel &Model,
                         MCRegister Scratch) {
  const MCInstrDesc &Desc = Model.getDesc();
  if (!isConditionStore(Model.getName()) || Desc.mayLoad() ||
      Desc.getNumDefs() != 0 || Model.implicitUses().size() != 1 ||
      State.getRegisterName(Model.implicitUses().front()) != "EFLAGS" ||
      !Model.implicitDefs().empty() || Model.memoryReferences().size() != 1 ||
      Model.memoryReferences().front().NumOperands != MemSize)
    return std::nullopt;
  const MemoryReference &Ref = Model.memoryReferences().front();
  MCRegister RAX = namedX86Register(State, "RAX"),
             EAX = namedX86Register(State, "EAX"),
             RCX = namedX86Register(State, "RCX");
  MCRegister LoopCounter =
      State.getExegesisTarget().getDefaultLoopCounterRegister(
          State.getTriple());
  const MCRegisterInfo &RI = State.getRegInfo();
  if (!RAX || !EAX || !RCX ||
      !x86ClassContains(
          State, Model.operands()[Ref.FirstOperand + MemIndex].RegClassID,
          RAX) ||
      (LoopCounter &&
       (RI.regsOverlap(LoopCounter, RAX) || RI.regsOverlap(LoopCounter, RCX))))
    return std::nullopt;
  std::optional<unsigned> Movzx = State.getOpcodeByName("MOVZX32rm8");
  std::optional<unsigned> Cmp = State.getOpcodeByName("CMP32ri");
  std::optional<unsigned> Cmov = State.getOpcodeByName("CMOV32rr");
  if (!Movzx || !Cmp || !Cmov)
    return std::nullopt;
  SlotValues Values(Model.slots().size());
  auto SetAddress = [&](unsigned Pos, MCOperand Value) {
    Values[Model.operands()[Ref.FirstOperand + Pos].Slot] = Value;
  };
  SetAddress(MemBase, reg(Scratch));
  SetAddress(MemScale, imm(1));
  SetAddress(MemIndex, reg(RAX));
  SetAddress(MemDisp, imm(0));
  SetAddress(MemSegment, reg(MCRegister()));
  // The only other operand is the condition.
  bool HasCondition = false;
  for (unsigned I = 0, E = Model.slots().size(); I < E; ++I) {
    if (Values[I])
      continue;
    if (Model.slots()[I].Kind != OperandKind::Immediate || HasCondition)
      return std::nullopt;
    Values[I] = imm(CondE);
    HasCondition = true;
  }
  if (!HasCondition)
    return std::nullopt;
  MCInst Store = Model.build(Values);
  MCInst Reload = inst(*Movzx, {reg(EAX), reg(Scratch), imm(1), reg(RAX),
                                imm(0), reg(MCRegister())});
  MCInst Compare = inst(*Cmp, {reg(EAX), imm(1)});
  StringRef Base = State.getRegisterName(Scratch);
  StringRef Name = Model.getName();
  PreparedSnippet Snippet;
  Snippet.Instructions = {Store, Reload, Compare};
  Snippet.Info =
      ("Latency through the flags, memory and back: " + Name +
       " with condition E (ZF set) stores the flags' byte at " + Base +
       "+RAX, MOVZX32rm8 reloads it into EAX, part of the index register "
       "RAX, and CMP32ri compares EAX with 1, which writes the flags the "
       "next " +
       Name +
       " reads. E is chosen because the byte decides it: the byte 0 leaves "
       "ZF clear, so the next byte is 0 again and RAX stays 0 (the flags "
       "start clear); a byte of 1 would set ZF and store 1. One repetition "
       "is the store of the condition, its way to the reload, the reload "
       "and the compare; the reload's latency, measured in the same run by "
       "the reload alone chained through its index (the word at " +
       Base +
       " holding 0, written before the register setup), and the compare's, "
       "half of a round trip through it and CMOVE, are subtracted. A host "
       "that renames memory (AMD Zen 2 and later hand a stored value to a "
       "later load of the same address as a register move) has no "
       "forwarding latency here: the round trip may read below the "
       "helpers' latency, and the subtraction leaves no value")
          .str();
  SubtractedChain ReloadChain;
  ReloadChain.Key.Instructions = {Reload};
  ReloadChain.Key.RegisterInitialValues = {RegisterValue::zero(RAX)};
  ReloadChain.LiveIns = {Scratch};
  ReloadChain.Share = 1;
  ReloadChain.What = ("the reload's latency: the reload alone, each address "
                      "the previous result through the index, the word " +
                      Base + " points at holding 0")
                         .str();
  Snippet.SubtractedChains.push_back(std::move(ReloadChain));
  // CMP writes only the flags: it cannot be timed alone. CMOVE reads them
  // back into EAX (RCX 0 and EAX 0, so EAX stays 0 whichever way the
  // condition goes); each takes at least a cycle, so CMP's part of a round
  // trip of R cycles lies within [1, R - 1].
  SubtractedChain CompareChain;
  CompareChain.Key.Instructions = {
      Compare, inst(*Cmov, {reg(EAX), reg(EAX),
                            reg(namedX86Register(State, "ECX")), imm(CondE)})};
  CompareChain.Key.RegisterInitialValues = {RegisterValue::zero(RAX),
                                            RegisterValue::zero(RCX)};
  CompareChain.Share = 0.5;
  CompareChain.Bounds = SubtractedBounds{0, 1, 1, -1};
  CompareChain.What = "the compare's latency to the flags: half of a round "
                      "trip through CMP32ri and CMOVE, each at least one "
                      "cycle, so a round trip of two cycles is one each";
  Snippet.SubtractedChains.push_back(std::move(CompareChain));
  return Snippet;
}

std::optional<std::string>
whyNoX86StoreChainSnippet(const LLVMState &State,
                          const InstructionModel &Model) {
  (void)State;
  StringRef Name = Model.getName();
  auto Reason = [](const char *Text) { return std::string(Text); };
  if (Name.starts_with("CFCMOV"))
    return Reason("a store conditional on the flags (APX CFCMOV): no chain "
                  "here goes through it");
  if (Name.starts_with("VGATHERPF") || Name.starts_with("VSCATTERPF"))
    return Reason("a memory hint with no result: a prefetch through a "
                  "vector of indices (AVX-512PF), which gives no value back");
  return std::nullopt;
}

std::optional<PreparedSnippet>
getX86StoreChainSnippet(const LLVMState &State, const InstructionModel &Model) {
  const Triple &TT = State.getTriple();
  const MCInstrDesc &Desc = Model.getDesc();
  if (!TT.isArch64Bit() || !Desc.mayStore())
    return std::nullopt;
  const ExegesisTarget &ET = State.getExegesisTarget();
  MCRegister Scratch = ET.getScratchMemoryRegister(TT);
  if (!Scratch.isValid())
    return std::nullopt;
  if (isHintOrStateSave(Model.getName()))
    return std::nullopt;
  if (std::optional<PreparedSnippet> Condition =
          getConditionStoreSnippet(State, Model, Scratch))
    return Condition;
  if (Desc.mayLoad() && !isDirectStore(Model.getName())) {
    MCRegister Kept[] = {Scratch, namedX86Register(State, "RSP"),
                         namedX86Register(State, "RIP"),
                         ET.getDefaultLoopCounterRegister(TT)};
    return getReadModifyWriteSnippet(State, Model, Scratch, Kept);
  }
  if (std::optional<PreparedSnippet> Immediate =
          getImmediateStoreSnippet(State, Model, Scratch))
    return Immediate;
  return getStoreReloadSnippet(State, Model, Scratch);
}

} // namespace exegesis
} // namespace llvm
