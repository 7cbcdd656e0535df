//===-- X86/X86StackSnippets.cpp --------------------------------*- C++ -*-===//

#include "X86/X86StackSnippets.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "X86/X86Names.h"
#include "X86/X86OperandChoice.h"
#include "llvm/ADT/StringSwitch.h"

namespace llvm {
namespace exegesis {

using shorthand::imm;
using shorthand::reg;

namespace {

/// Where the function keeps, for one run, the private stack's top (noted
/// before the register setup, while the scratch register holds the scratch
/// pointer) and the caller's RSP. Globals of the tool, reached by their
/// absolute address: valid in the tool and in a forked subprocess alike,
/// and no register is needed to reach them. One function runs at a time.
uint64_t PrivateStackTop;
uint64_t CallerStackPointer;

/// A push and the pop that undoes it, the same form and operands.
struct PushPop {
  StringLiteral Push, Pop;
};
constexpr PushPop Pairs[] = {
    {"PUSH64r", "POP64r"},     {"PUSH64rmr", "POP64rmr"},
    {"PUSHP64r", "POPP64r"},   {"PUSH16r", "POP16r"},
    {"PUSH16rmr", "POP16rmr"}, {"PUSH64rmm", "POP64rmm"},
    {"PUSH16rmm", "POP16rmm"}, {"PUSHF64", "POPF64"},
    {"PUSHF16", "POPF16"},     {"PUSH2", "POP2"},
    {"PUSH2P", "POP2P"}};

/// Pops of a whole 64-bit register: chased through the stack pointer.
constexpr StringLiteral ChasedPops[] = {"POP64r", "POP64rmr", "POPP64r"};

/// The calls and returns that get a round trip.
constexpr StringLiteral CallsAndReturns[] = {"CALL64r", "CALL64m", "RET64",
                                             "RETI64"};

std::optional<PushPop> findPair(StringRef Name) {
  for (const PushPop &P : Pairs)
    if (Name == P.Push || Name == P.Pop)
      return P;
  return std::nullopt;
}

MCInst build(unsigned Opcode, ArrayRef<MCOperand> Operands) {
  return shorthand::inst(Opcode, Operands);
}

/// The five operands of Disp(Base).
void addAddress(SmallVectorImpl<MCOperand> &Ops, MCRegister Base,
                int64_t Disp) {
  Ops.append(
      {reg(Base), imm(1), reg(MCRegister()), imm(Disp), reg(MCRegister())});
}

/// \p Name with its operands: each memory reference the scratch pointer,
/// each register the next of \p Regs, each immediate \p Imm.
std::optional<MCInst> buildNamed(const LLVMState &State, StringRef Name,
                                 ArrayRef<MCRegister> Regs, MCRegister Scratch,
                                 int64_t Imm = 0) {
  std::optional<unsigned> Opcode = State.getOpcodeByName(Name);
  if (!Opcode)
    return std::nullopt;
  const MCInstrDesc &Desc = State.getInstrInfo().get(*Opcode);
  SmallVector<MCOperand, 8> Ops;
  unsigned NextReg = 0;
  for (unsigned I = 0, E = Desc.getNumOperands(); I < E;) {
    const MCOperandInfo &Info = Desc.operands()[I];
    if (Info.OperandType == MCOI::OPERAND_MEMORY) {
      if (I + MemSize > E)
        return std::nullopt;
      addAddress(Ops, Scratch, 0);
      I += MemSize;
      continue;
    }
    if (Info.OperandType == MCOI::OPERAND_REGISTER) {
      if (NextReg >= Regs.size())
        return std::nullopt;
      Ops.push_back(reg(Regs[NextReg++]));
    } else {
      Ops.push_back(imm(Imm));
    }
    ++I;
  }
  return build(*Opcode, Ops);
}

/// How far \p Inst moves RSP, for the stack instructions the snippets use;
/// nullopt for any other instruction that moves it.
std::optional<int64_t> getStackDelta(const LLVMState &State,
                                     const MCInst &Inst) {
  StringRef Name = State.getOpcodeName(Inst.getOpcode());
  if (Name == "RETI64")
    return Inst.getNumOperands() == 1 && Inst.getOperand(0).isImm()
               ? std::optional<int64_t>(8 + Inst.getOperand(0).getImm())
               : std::nullopt;
  return StringSwitch<std::optional<int64_t>>(Name)
      .Cases({"PUSH64r", "PUSH64rmr", "PUSHP64r", "PUSH64rmm", "PUSHF64"}, -8)
      .Cases({"PUSH64i8", "PUSH64i32"}, -8)
      .Cases({"PUSH16r", "PUSH16rmr", "PUSH16rmm", "PUSHF16", "PUSH16i8",
              "PUSH16i"},
             -2)
      .Cases({"PUSH2", "PUSH2P"}, -16)
      .Cases({"POP64r", "POP64rmr", "POPP64r", "POP64rmm", "POPF64"}, 8)
      .Cases({"POP16r", "POP16rmr", "POP16rmm", "POPF16"}, 2)
      .Cases({"POP2", "POP2P"}, 16)
      .Cases({"CALL64pcrel32", "CALL64r", "CALL64m"}, -8)
      .Case("RET64", 8)
      // RSP = RBP + 8: balanced after `movq %rsp, %rbp` (checked below).
      .Case("LEAVE64", 8)
      .Default(std::nullopt);
}

/// Whether \p Opcode names RSP, ESP or SP implicitly (RET64 names none: the
/// table above knows it).
bool usesStackPointer(const LLVMState &State, unsigned Opcode) {
  const MCInstrDesc &Desc = State.getInstrInfo().get(Opcode);
  const MCRegisterInfo &RI = State.getRegInfo();
  for (ArrayRef<MCPhysReg> Implicit :
       {Desc.implicit_uses(), Desc.implicit_defs()})
    for (MCPhysReg Reg : Implicit)
      if (RI.regsOverlap(Reg, X86Names::get().RSP))
        return true;
  return false;
}

/// How a snippet uses the stack when it runs on the private one.
struct PrivateStackUse {
  /// A `popq %rsp` chase: the top word must hold its own address.
  bool Chase = false;
};

/// Whether \p Snippet balances the stack with instructions whose effect on
/// RSP is known: every one that moves RSP is a stack instruction above, RSP
/// is named explicitly only as a source or as a chased pop's destination,
/// and the moves add up to nothing. nullopt for any other snippet, and for
/// one that does not use the stack.
std::optional<PrivateStackUse> getPrivateStackUse(const LLVMState &State,
                                                  ArrayRef<MCInst> Snippet) {
  const X86Names &N = X86Names::get();
  const MCRegisterInfo &RI = State.getRegInfo();
  PrivateStackUse Use;
  bool Any = false;
  int64_t Sum = 0;
  for (size_t I = 0; I < Snippet.size(); ++I) {
    const MCInst &Inst = Snippet[I];
    StringRef Name = State.getOpcodeName(Inst.getOpcode());
    bool ChasedPop = is_contained(ChasedPops, Name) &&
                     Inst.getNumOperands() == 1 && Inst.getOperand(0).isReg() &&
                     Inst.getOperand(0).getReg() == N.RSP;
    if (ChasedPop) {
      Use.Chase = Any = true;
      continue;
    }
    // RSP named otherwise: a snippet file that reads or sets it where it
    // wants it (LLVM-EXEGESIS-DEFREG RSP), which the private stack must not
    // move; only LEAVE's frame set-up reads it.
    bool FrameSetUp =
        I + 1 < Snippet.size() &&
        State.getOpcodeName(Snippet[I + 1].getOpcode()) == "LEAVE64" &&
        Name == "MOV64rr";
    for (const MCOperand &MO : Inst)
      if (!FrameSetUp && MO.isReg() && MO.getReg().isValid() &&
          RI.regsOverlap(MO.getReg(), N.RSP))
        return std::nullopt;
    std::optional<int64_t> Delta = getStackDelta(State, Inst);
    if (!Delta) {
      if (usesStackPointer(State, Inst.getOpcode()))
        return std::nullopt;
      continue;
    }
    if (Name == "LEAVE64") {
      // Balanced only when RBP holds RSP as it was after the push before.
      const MCInst *Prev = I ? &Snippet[I - 1] : nullptr;
      std::optional<unsigned> Mov = State.getOpcodeByName("MOV64rr");
      std::optional<MCRegister> RBP = State.getRegisterByName("RBP");
      if (!Prev || !Mov || !RBP || Prev->getOpcode() != *Mov ||
          Prev->getOperand(0).getReg() != *RBP ||
          Prev->getOperand(1).getReg() != N.RSP)
        return std::nullopt;
    }
    Any = true;
    Sum += *Delta;
  }
  if (!Any || Sum != 0)
    return std::nullopt;
  return Use;
}

/// `movabs %rax, Slot` or `movabs Slot, %rax`.
MCInst moveRAXAbsolute(unsigned Opcode, const uint64_t &Slot) {
  return build(Opcode,
               {imm(static_cast<int64_t>(reinterpret_cast<uintptr_t>(&Slot))),
                reg(MCRegister())});
}

MCInst lea(MCRegister Dest, MCRegister Base, int64_t Disp) {
  SmallVector<MCOperand, 6> Ops{reg(Dest)};
  addAddress(Ops, Base, Disp);
  return build(X86Names::get().LEA64r, Ops);
}

std::string commonInfo() {
  return "RSP points into a private stack in the middle of the scratch "
         "memory from after the register setup, the snippet leaves it where "
         "it found it every repetition, and the caller's RSP is given back "
         "after the copies";
}

/// `pushq %rax; popq %rax` and the like: a push and its pop.
std::optional<PreparedSnippet> getPairSnippet(const LLVMState &State,
                                              const PushPop &Pair,
                                              MCRegister Scratch) {
  bool Narrow = Pair.Push.contains("16");
  auto Reg = [&](StringRef Wide, StringRef Short) {
    return State.getRegisterByName(Narrow ? Short : Wide)
        .value_or(MCRegister());
  };
  MCRegister Regs[] = {Reg("RAX", "AX"), Reg("RDX", "DX")};
  std::optional<MCInst> Push = buildNamed(State, Pair.Push, Regs, Scratch);
  std::optional<MCInst> Pop = buildNamed(State, Pair.Pop, Regs, Scratch);
  if (!Push || !Pop)
    return std::nullopt;
  PreparedSnippet Snippet;
  Snippet.Instructions = {*Push, *Pop};
  StringRef Through = StringRef(Pair.Push).starts_with("PUSHF") ? "the flags"
                      : StringRef(Pair.Push).ends_with("rmm")
                          ? "the word at the scratch pointer"
                          : "the register";
  Snippet.Info =
      ("Latency of the pair through the stack: " + Pair.Push + " then " +
       Pair.Pop + ", " + Through +
       " stored by the push and loaded back by the pop, which the next "
       "push reads; per_snippet_value is the pair's round trip (what LLVM's "
       "scheduling models count as the push's latency plus the pop's), "
       "value that divided by its 2 instructions. A CPU that renames memory "
       "through the stack pointer (AMD Zen 2 to Zen 5, Intel Ice Lake and "
       "later) hands what was pushed to the pop without a store-to-load "
       "forwarding, so the pair can read under a cycle there: that is the "
       "renaming, not a forwarding latency. " +
       commonInfo())
          .str();
  return Snippet;
}

/// `popq %rsp` with the top word holding its own address.
std::optional<PreparedSnippet> getChaseSnippet(const LLVMState &State,
                                               StringRef Name) {
  std::optional<MCInst> Pop =
      buildNamed(State, Name, {X86Names::get().RSP}, MCRegister());
  if (!Pop)
    return std::nullopt;
  PreparedSnippet Snippet;
  Snippet.Instructions = {*Pop};
  Snippet.Info =
      ("Latency through the stack pointer: " + Name +
       " of RSP from a private stack whose top word holds its own address "
       "(written after RSP is moved there), so each pop's address is the "
       "value the previous one loaded, a pointer chase through RSP (as "
       "MOV64rm's through RDI); one repetition is one pop's load, what "
       "LLVM's scheduling models count as the pop's latency. " +
       commonInfo())
          .str();
  return Snippet;
}

/// An indirect call to a return that an indirect jump skips: `leaq
/// A(%rip), %rax; callq *%rax; leaq B(%rip), %rdx; jmpq *%rdx; retq`. The
/// targets are RIP-relative LEAs, since a branch's immediate target is an
/// absolute address, which the loaded code cannot have (no relocations).
std::optional<PreparedSnippet>
getCallSnippet(const LLVMState &State, StringRef Name, MCRegister Scratch) {
  const X86Names &N = X86Names::get();
  std::optional<MCRegister> RDX = State.getRegisterByName("RDX");
  if (!RDX)
    return std::nullopt;
  StringRef Return = Name == "RETI64" ? "RETI64" : "RET64";
  StringRef Call = Name.starts_with("CALL") ? Name : "CALL64r";
  // Bytes: `retq` 1, `retq $0` 3; `callq *%rax` and `jmpq *%rdx` 2, `leaq
  // d(%rip), %r` 7, `movq %rax, (%rdi)` 3 and `callq *(%rdi)` 2.
  int64_t ReturnBytes = Return == "RETI64" ? 3 : 1;
  std::optional<MCInst> Ret = buildNamed(State, Return, {}, Scratch, 0);
  std::optional<MCInst> Jump = buildNamed(State, "JMP64r", {*RDX}, Scratch);
  if (!Ret || !Jump)
    return std::nullopt;
  std::vector<MCInst> Insts;
  if (Call == "CALL64r") {
    std::optional<MCInst> C = buildNamed(State, Call, {N.RAX}, Scratch);
    if (!C)
      return std::nullopt;
    Insts = {lea(N.RAX, N.RIP, 2 + 7 + 2), *C};
  } else if (Call == "CALL64m") {
    std::optional<MCInst> C = buildNamed(State, Call, {}, Scratch);
    std::optional<unsigned> Store = State.getOpcodeByName("MOV64mr");
    if (!C || !Store || Scratch != N.RDI)
      return std::nullopt;
    SmallVector<MCOperand, 6> Ops;
    addAddress(Ops, Scratch, 0);
    Ops.push_back(reg(N.RAX));
    Insts = {lea(N.RAX, N.RIP, 3 + 2 + 7 + 2), build(*Store, Ops), *C};
  } else {
    return std::nullopt;
  }
  Insts.push_back(lea(*RDX, N.RIP, 2 + ReturnBytes));
  Insts.push_back(*Jump);
  Insts.push_back(*Ret);
  PreparedSnippet Snippet;
  Snippet.Instructions = std::move(Insts);
  std::string Texts;
  for (const MCInst &Inst : Snippet.Instructions)
    Texts += (Texts.empty() ? "" : ", ") +
             State.getOpcodeName(Inst.getOpcode()).str();
  Snippet.Info =
      ("Round trip of a call and its return on the stack: " + Texts +
       ", an indirect call to a return that an indirect jump skips on the "
       "way back (the targets RIP-relative, since the loaded code has no "
       "relocations); no value flows from one repetition to the next but "
       "RSP and the return address, which the call stores and the return "
       "loads and the return stack predicts, so per_snippet_value is the "
       "cost of a predicted call and return with the jump, bound by the "
       "taken branches, not a data latency; value is it divided by the " +
       Twine(Snippet.Instructions.size()) + " instructions. " + commonInfo())
          .str();
  return Snippet;
}

/// `pushq %rbp; movq %rsp, %rbp; leaveq`: a frame set up and left.
std::optional<PreparedSnippet> getLeaveSnippet(const LLVMState &State) {
  const X86Names &N = X86Names::get();
  std::optional<MCRegister> RBP = State.getRegisterByName("RBP");
  std::optional<unsigned> Mov = State.getOpcodeByName("MOV64rr");
  if (!RBP || !Mov)
    return std::nullopt;
  std::optional<MCInst> Push = buildNamed(State, "PUSH64r", {*RBP}, N.RDI);
  std::optional<MCInst> Leave = buildNamed(State, "LEAVE64", {}, N.RDI);
  if (!Push || !Leave)
    return std::nullopt;
  PreparedSnippet Snippet;
  Snippet.Instructions = {*Push, build(*Mov, {reg(*RBP), reg(N.RSP)}), *Leave};
  Snippet.Info =
      "Latency of a frame set up and left: PUSH64r RBP, MOV64rr RBP RSP, "
      "LEAVE64, which moves RSP back from RBP and pops RBP; each push "
      "stores what the previous LEAVE loaded and waits for the RSP it "
      "wrote; per_snippet_value is the three together, value that divided "
      "by 3. " +
      commonInfo();
  return Snippet;
}

} // namespace

std::optional<PreparedSnippet>
getX86StackLatencySnippet(const LLVMState &State,
                          const InstructionModel &Model) {
  const Triple &TT = State.getTriple();
  if (!TT.isArch64Bit())
    return std::nullopt;
  MCRegister Scratch = State.getExegesisTarget().getScratchMemoryRegister(TT);
  if (!Scratch.isValid())
    return std::nullopt;
  StringRef Name = Model.getName();
  std::optional<PreparedSnippet> Snippet;
  if (is_contained(ChasedPops, Name))
    Snippet = getChaseSnippet(State, Name);
  else if (std::optional<PushPop> Pair = findPair(Name))
    Snippet = getPairSnippet(State, *Pair, Scratch);
  else if (is_contained(CallsAndReturns, Name))
    Snippet = getCallSnippet(State, Name, Scratch);
  else if (Name == "LEAVE64")
    Snippet = getLeaveSnippet(State);
  // Never a snippet the frame would not run on the private stack.
  if (Snippet && !getPrivateStackUse(State, Snippet->Instructions))
    return std::nullopt;
  return Snippet;
}

std::optional<std::string> whyNoX86StackSnippet(StringRef Name) {
  if (!Name.starts_with("PUSH") &&
      !(Name.starts_with("POP") && !Name.starts_with("POPCNT")) &&
      !Name.starts_with("LEAVE"))
    return std::nullopt;
  std::string Prefix = "uses the stack pointer (push/pop): ";
  if (is_contained(ChasedPops, Name) || findPair(Name) || Name == "LEAVE64")
    return Prefix + "measured in latency mode only, on a private stack";
  if (Name == "PUSH64i8" || Name == "PUSH64i32" || Name == "PUSH16i8" ||
      Name == "PUSH16i")
    return Prefix +
           "pushes an immediate: nothing a chain could pass through but "
           "RSP, which the stack engine updates as instructions are renamed";
  if (Name.contains("FS") || Name.contains("GS"))
    return Prefix + "segment register: POP FS/GS reloads the segment and "
                    "its base, the thread pointer";
  // PUSH32r, POPA16, PUSHDS16, LEAVE...: 32-bit mode's, or a segment of it.
  return Prefix + "not valid in 64-bit mode";
}

bool runsOnX86PrivateStack(const LLVMState &State, unsigned Opcode) {
  StringRef Name = State.getOpcodeName(Opcode);
  return is_contained(ChasedPops, Name) || findPair(Name) ||
         is_contained(CallsAndReturns, Name) || Name == "LEAVE64";
}

std::vector<MCInst> noteX86PrivateStack(const LLVMState &State,
                                        ArrayRef<MCInst> Snippet) {
  MCRegister Scratch =
      State.getExegesisTarget().getScratchMemoryRegister(State.getTriple());
  if (!Scratch.isValid() || !getPrivateStackUse(State, Snippet))
    return {};
  // RAX is borrowed on the caller's stack and given back.
  const X86Names &N = X86Names::get();
  return {build(N.PUSH64r, {reg(N.RAX)}),
          lea(N.RAX, Scratch, X86PrivateStackOffset),
          moveRAXAbsolute(N.MOV64o64a, PrivateStackTop),
          build(N.POP64r, {reg(N.RAX)})};
}

LoweredSnippet lowerX86StackSnippet(const LLVMState &State,
                                    ArrayRef<MCInst> Snippet) {
  LoweredSnippet Lowered;
  Lowered.Instructions.assign(Snippet.begin(), Snippet.end());
  std::optional<PrivateStackUse> Use = getPrivateStackUse(State, Snippet);
  if (!Use || !State.getExegesisTarget()
                   .getScratchMemoryRegister(State.getTriple())
                   .isValid())
    return Lowered;
  const X86Names &N = X86Names::get();
  std::optional<unsigned> Load = State.getOpcodeByName("MOV64rm");
  std::optional<unsigned> Store = State.getOpcodeByName("MOV64mr");
  if (!Load || !Store)
    return Lowered;
  // After the register setup every register holds its value: RAX is kept
  // on the caller's stack and loaded back from there through the saved RSP.
  // Nothing here changes the flags.
  SmallVector<MCOperand, 6> LoadRAX{reg(N.RAX)};
  addAddress(LoadRAX, N.RAX, -8);
  Lowered.Configure = {build(N.PUSH64r, {reg(N.RAX)}),
                       lea(N.RAX, N.RSP, 8),
                       moveRAXAbsolute(N.MOV64o64a, CallerStackPointer),
                       moveRAXAbsolute(N.MOV64ao64, PrivateStackTop),
                       build(N.MOV64rr, {reg(N.RSP), reg(N.RAX)}),
                       moveRAXAbsolute(N.MOV64ao64, CallerStackPointer),
                       build(*Load, LoadRAX)};
  if (Use->Chase) {
    SmallVector<MCOperand, 6> Word;
    addAddress(Word, N.RSP, 0);
    Word.push_back(reg(N.RSP));
    Lowered.Configure.push_back(build(*Store, Word));
  }
  Lowered.Restore = {moveRAXAbsolute(N.MOV64ao64, CallerStackPointer),
                     build(N.MOV64rr, {reg(N.RSP), reg(N.RAX)})};
  return Lowered;
}

} // namespace exegesis
} // namespace llvm
