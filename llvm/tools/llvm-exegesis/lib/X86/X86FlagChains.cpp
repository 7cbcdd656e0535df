//===-- X86/X86FlagChains.cpp -----------------------------------*- C++ -*-===//

#include "X86/X86FlagChains.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "X86/X86OperandChoice.h"
#include "llvm/ADT/STLExtras.h"

namespace llvm {
namespace exegesis {

using namespace shorthand;

namespace {
// X86::CondCode's B (below: CF set); the enum is not installed.
constexpr int64_t CondB = 2;
} // namespace

/// The member of \p ClassID that is RAX or one of its parts, or none.
static MCRegister partOfRAX(const LLVMState &State, int ClassID) {
  if (ClassID < 0)
    return MCRegister();
  for (StringRef Name : {"RAX", "EAX", "AX", "AL"}) {
    MCRegister Reg = namedX86Register(State, Name);
    if (Reg.isValid() && State.getRegInfo().getRegClass(ClassID).contains(Reg))
      return Reg;
  }
  return MCRegister();
}

static bool isGeneralPurpose(const LLVMState &State, int ClassID) {
  return ClassID >= 0 && partOfRAX(State, ClassID).isValid();
}

/// Whether \p Model writes the flags and nothing else, reads no register
/// implicitly but the floating-point control (COMISS reads MXCSR), and
/// stores nothing.
static bool writesOnlyFlags(const LLVMState &State,
                            const InstructionModel &Model) {
  const MCInstrDesc &Desc = Model.getDesc();
  if (Desc.mayStore() || Desc.getNumDefs() != 0 ||
      Model.implicitDefs().size() != 1 ||
      State.getRegisterName(Model.implicitDefs().front()) != "EFLAGS" ||
      any_of(Model.implicitUses(), [&](MCPhysReg Reg) {
        return State.getRegisterName(Reg) != "MXCSR";
      }))
    return false;
  return all_of(Model.operands(), [](const ModelOperand &Op) {
    return !Op.IsDef && (Op.Kind == OperandKind::Register ||
                         Op.Kind == OperandKind::Immediate || Op.IsMemory);
  });
}

namespace {
/// How RAX's value reaches a vector or mask input: the move, and the move
/// back that closes the round trip timed to subtract it.
struct Crossing {
  /// The register of the input's class the move writes (XMM0, YMM0, K0).
  MCRegister Input;
  /// The register the move writes (XMM0 for YMM0: a VEX move zeroes the
  /// rest).
  MCRegister Written;
  MCInst Move;
  MCInst Back;
  StringRef Words;
};
} // namespace

/// The move of EAX into the first vector (XMM0, written by MOVD or VMOVD,
/// VEX zeroing the upper bits) or mask (K0, KMOVW) register of \p ClassID;
/// nullopt for another class.
static std::optional<Crossing> getCrossing(const LLVMState &State,
                                           StringRef Name, int ClassID) {
  if (ClassID < 0)
    return std::nullopt;
  const MCRegisterClass &Class = State.getRegInfo().getRegClass(ClassID);
  MCRegister EAX = namedX86Register(State, "EAX");
  auto Build = [&](StringRef To, StringRef From, MCRegister Reg,
                   MCRegister Written) -> std::optional<Crossing> {
    std::optional<unsigned> ToOp = State.getOpcodeByName(To);
    std::optional<unsigned> FromOp = State.getOpcodeByName(From);
    if (!ToOp || !FromOp)
      return std::nullopt;
    Crossing C;
    C.Input = Reg;
    C.Written = Written;
    C.Move = inst(*ToOp, {reg(Written), reg(EAX)});
    C.Back = inst(*FromOp, {reg(EAX), reg(Written)});
    return C;
  };
  MCRegister XMM0 = namedX86Register(State, "XMM0");
  for (StringRef Vector : {"XMM0", "YMM0"}) {
    MCRegister Reg = namedX86Register(State, Vector);
    if (!Reg.isValid() || !Class.contains(Reg))
      continue;
    std::optional<Crossing> C =
        Name.starts_with("V") ? Build("VMOVDI2PDIrr", "VMOVPDI2DIrr", Reg, XMM0)
                              : Build("MOVDI2PDIrr", "MOVPDI2DIrr", Reg, XMM0);
    if (C)
      C->Words = Name.starts_with("V") ? "VMOVD" : "MOVD";
    return C;
  }
  MCRegister K0 = namedX86Register(State, "K0");
  if (K0.isValid() && Class.contains(K0)) {
    std::optional<Crossing> C = Build("KMOVWkr", "KMOVWrk", K0, K0);
    if (C)
      C->Words = "KMOVW";
    return C;
  }
  return std::nullopt;
}

std::optional<PreparedSnippet>
getX86FlagChainSnippet(const LLVMState &State, const InstructionModel &Model) {
  const Triple &TT = State.getTriple();
  if (!TT.isArch64Bit() || !writesOnlyFlags(State, Model) ||
      Model.memoryReferences().size() > 1)
    return std::nullopt;
  const ExegesisTarget &ET = State.getExegesisTarget();
  MCRegister Scratch = ET.getScratchMemoryRegister(TT);
  MCRegister RAX = namedX86Register(State, "RAX"),
             RCX = namedX86Register(State, "RCX");
  std::optional<unsigned> CMOV = State.getOpcodeByName("CMOV64rr");
  std::optional<unsigned> TEST = State.getOpcodeByName("TEST64rr");
  if (!Scratch.isValid() || !RAX.isValid() || !RCX.isValid() || !CMOV || !TEST)
    return std::nullopt;
  SmallVector<MCRegister, 8> Avoid = {RAX,
                                      RCX,
                                      Scratch,
                                      namedX86Register(State, "RSP"),
                                      namedX86Register(State, "RIP"),
                                      ET.getDefaultLoopCounterRegister(TT)};

  SlotValues Values(Model.slots().size());
  // Where RAX goes: the index of the address, or the first general-purpose
  // input.
  bool ThroughIndex = Model.hasMemoryReference();
  if (ThroughIndex) {
    const MemoryReference &Ref = Model.memoryReferences().front();
    if (Ref.NumOperands != MemSize)
      return std::nullopt;
    auto Slot = [&](unsigned Pos) {
      return Model.operands()[Ref.FirstOperand + Pos].Slot;
    };
    int IndexClass = Model.slots()[Slot(MemIndex)].RegClassID;
    if (IndexClass < 0 ||
        !State.getRegInfo().getRegClass(IndexClass).contains(RAX))
      return std::nullopt;
    Values[Slot(MemBase)] = reg(Scratch);
    Values[Slot(MemScale)] = imm(1);
    Values[Slot(MemIndex)] = reg(RAX);
    Values[Slot(MemDisp)] = imm(0);
    Values[Slot(MemSegment)] = reg(MCRegister());
  }
  MCRegister Input;
  for (unsigned I = 0, E = Model.slots().size(); I < E; ++I) {
    const OperandSlot &Slot = Model.slots()[I];
    if (Values[I])
      continue;
    if (Slot.Kind == OperandKind::Immediate) {
      Values[I] = imm(1);
      continue;
    }
    if (Slot.Kind != OperandKind::Register)
      return std::nullopt;
    if (!ThroughIndex && !Input.isValid() &&
        isGeneralPurpose(State, Slot.RegClassID)) {
      Input = partOfRAX(State, Slot.RegClassID);
      Values[I] = reg(Input);
      continue;
    }
    MCRegister Other = pickX86Register(State, Slot.RegClassID, Avoid);
    if (!Other.isValid())
      return std::nullopt;
    Values[I] = reg(Other);
    Avoid.push_back(Other);
  }
  // No general-purpose input: the first vector or mask input, which a move
  // from EAX writes.
  std::optional<Crossing> Cross;
  if (!ThroughIndex && !Input.isValid()) {
    for (unsigned I = 0, E = Model.slots().size(); I < E && !Cross; ++I)
      if (Model.slots()[I].Kind == OperandKind::Register)
        if ((Cross = getCrossing(State, Model.getName(),
                                 Model.slots()[I].RegClassID)))
          Values[I] = reg(Cross->Input);
    if (!Cross)
      return std::nullopt;
    Input = Cross->Input;
    // The other inputs may not be the moved register.
    const MCRegisterInfo &RI = State.getRegInfo();
    unsigned Named = 0;
    for (const std::optional<MCOperand> &V : Values)
      Named += V && V->isReg() && RI.regsOverlap(V->getReg(), Input);
    if (Named != 1)
      return std::nullopt;
  }

  MCInst Consumer = inst(*CMOV, {reg(RAX), reg(RAX), reg(RCX), imm(CondB)});
  PreparedSnippet Snippet;
  Snippet.Instructions = {Model.build(Values), Consumer};
  if (Cross)
    Snippet.Instructions.push_back(Cross->Move);
  StringRef Name = Model.getName();
  if (ThroughIndex)
    Snippet.Info =
        ("Latency through the flags and the address: " + Name +
         " reads memory at " + State.getRegisterName(Scratch) +
         "+RAX and writes only the flags; CMOVB (RCX into RAX if CF) "
         "reads them back into RAX, the index, so each load waits for the "
         "previous flags. RAX and RCX hold 0, so RAX stays 0 whichever way "
         "the condition goes. One repetition is the load, the operation and "
         "the CMOVB, whose latency is subtracted")
            .str();
  else if (Cross)
    Snippet.Info =
        ("Latency through the flags: " + Name + " reads " +
         State.getRegisterName(Input) +
         " and writes only the flags; CMOVB (RCX into RAX if CF) reads them "
         "back into RAX, and " +
         Cross->Words + " takes EAX into " +
         State.getRegisterName(Cross->Written) +
         (Cross->Written == Input
              ? ""
              : " (zeroing the rest of " + State.getRegisterName(Input) + ")") +
         ", which the next " + Name + " reads. RAX and RCX hold 0, so " +
         State.getRegisterName(Input) +
         " stays 0 whichever way the condition goes. One repetition is the "
         "operation, the CMOVB and the " +
         Cross->Words + ", whose latencies are subtracted")
            .str();
  else
    Snippet.Info =
        ("Latency through the flags: " + Name + " reads " +
         State.getRegisterName(Input) +
         " and writes only the flags; CMOVB (RCX into RAX if CF) reads them "
         "back into RAX, which the next " +
         Name +
         " reads. RAX and RCX hold 0, so RAX keeps its value whichever way "
         "the condition goes. One repetition is the operation and the "
         "CMOVB, whose latency is subtracted")
            .str();

  SubtractedChain Chain;
  Chain.Key.Instructions = {inst(*TEST, {reg(RAX), reg(RAX)}), Consumer};
  Chain.Key.RegisterInitialValues = {RegisterValue::zero(RAX),
                                     RegisterValue::zero(RCX)};
  Chain.Share = 0.5;
  // Each of the two takes at least a cycle: CMOVB's part of a round trip of
  // R cycles lies within [1, R - 1].
  Chain.Bounds = SubtractedBounds{0, 1, 1, -1};
  Chain.What = "CMOVB's latency from the flags: half of a round trip "
               "through TEST64rr and CMOVB, each at least one cycle, so a "
               "round trip of two cycles is one each";
  Snippet.SubtractedChains.push_back(std::move(Chain));
  if (Cross) {
    // The move from EAX cannot be timed alone: half of a round trip through
    // it and the move back, within [1, R - 1] as CMOVB's.
    SubtractedChain Back;
    Back.Key.Instructions = {Cross->Back, Cross->Move};
    Back.Key.RegisterInitialValues = {RegisterValue::zero(Cross->Written)};
    Back.Share = 0.5;
    Back.Bounds = SubtractedBounds{0, 1, 1, -1};
    Back.What = (Cross->Words + "'s latency from EAX: half of a round trip "
                                "through it and the move back, each at least "
                                "one cycle")
                    .str();
    Snippet.SubtractedChains.push_back(std::move(Back));
  }
  return Snippet;
}

} // namespace exegesis
} // namespace llvm
