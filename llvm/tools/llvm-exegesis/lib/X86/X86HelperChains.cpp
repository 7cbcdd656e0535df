//===-- X86/X86HelperChains.cpp ---------------------------------*- C++ -*-===//

#include "X86/X86HelperChains.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "X86/X86OperandChoice.h"

namespace llvm {
namespace exegesis {

using namespace shorthand;

namespace {

/// Bytes of zeros the instruction may read: a ZMM register's.
constexpr unsigned ZeroedBytes = 64;

/// The registers and opcodes of the helpers, looked up by name.
struct HelperNames {
  MCRegister RAX, EAX, AX, AL, RDI, RSP, R8, MM0, XMM0, YMM0, ZMM0, K0, K1, K2;
  unsigned VMovToGPR = 0, VMovFromGPR = 0, MovToGPR = 0, MovFromGPR = 0,
           MMXMovToGPR = 0, MMXMovFromGPR = 0, KMovToGPR = 0, KMovFromGPR = 0,
           AndZero = 0, StoreZero = 0;

  explicit HelperNames(const LLVMState &State) {
    auto Reg = [&](StringRef Name) {
      return State.getRegisterByName(Name).value_or(MCRegister());
    };
    auto Op = [&](StringRef Name) {
      return State.getOpcodeByName(Name).value_or(0u);
    };
    RAX = Reg("RAX");
    EAX = Reg("EAX");
    AX = Reg("AX");
    AL = Reg("AL");
    RDI = Reg("RDI");
    RSP = Reg("RSP");
    R8 = Reg("R8");
    MM0 = Reg("MM0");
    XMM0 = Reg("XMM0");
    YMM0 = Reg("YMM0");
    ZMM0 = Reg("ZMM0");
    K0 = Reg("K0");
    K1 = Reg("K1");
    K2 = Reg("K2");
    VMovToGPR = Op("VMOVPDI2DIrr");
    VMovFromGPR = Op("VMOVDI2PDIrr");
    MovToGPR = Op("MOVPDI2DIrr");
    MovFromGPR = Op("MOVDI2PDIrr");
    MMXMovToGPR = Op("MMX_MOVD64grr");
    MMXMovFromGPR = Op("MMX_MOVD64rr");
    KMovToGPR = Op("KMOVWrk");
    KMovFromGPR = Op("KMOVWkr");
    AndZero = Op("AND32ri8");
    StoreZero = Op("MOV64mi32");
  }

  bool complete() const {
    return RAX && EAX && AX && AL && RDI && RSP && MM0 && XMM0 && YMM0 &&
           ZMM0 && K1 && VMovToGPR && VMovFromGPR && MovToGPR && MovFromGPR &&
           MMXMovToGPR && MMXMovFromGPR && KMovToGPR && KMovFromGPR &&
           AndZero && StoreZero && K0 && K2;
  }
};

/// The register an instruction's vector or mask result is given, and how it
/// goes to EAX and back.
struct ResultRoute {
  MCRegister Result;
  bool Mask = false;
  /// A general-purpose result: it is the index register itself, and only
  /// `andl $0, %eax` follows (no crossing).
  bool General = false;
  /// The crossing into EAX and the way back, as MCInsts.
  MCInst ToGPR, FromGPR;
};

} // namespace

/// The route of a result of class \p ClassID: XMM0, YMM0, ZMM0 or K1, the
/// widest register 0 the class holds, or MM0; nullopt for another class.
static std::optional<ResultRoute> getRoute(const LLVMState &State,
                                           const HelperNames &N,
                                           const InstructionModel &Model,
                                           int ClassID) {
  ResultRoute Route;
  // A general-purpose result whose operation has no identity (POPCNT,
  // LZCNT, BLSR...): the result lands in the index register, whatever its
  // width (a partial write merges into RAX, as it would in any chain).
  for (MCRegister Reg : {N.RAX, N.EAX, N.AX, N.AL})
    if (x86ClassContains(State, ClassID, Reg)) {
      Route.Result = Reg;
      Route.General = true;
      return Route;
    }
  if (x86ClassContains(State, ClassID, N.K1)) {
    Route.Result = N.K1;
    Route.Mask = true;
    Route.ToGPR = inst(N.KMovToGPR, {reg(N.EAX), reg(N.K1)});
    Route.FromGPR = inst(N.KMovFromGPR, {reg(N.K1), reg(N.EAX)});
    return Route;
  }
  // An MMX result: MMX moves (movd %mm0, %eax), which stay in the MMX
  // state the instruction put the x87 registers in; the epilogue's emms
  // empties the x87 stack again for the code after the snippet.
  if (x86ClassContains(State, ClassID, N.MM0)) {
    Route.Result = N.MM0;
    Route.ToGPR = inst(N.MMXMovToGPR, {reg(N.EAX), reg(N.MM0)});
    Route.FromGPR = inst(N.MMXMovFromGPR, {reg(N.MM0), reg(N.EAX)});
    return Route;
  }
  for (MCRegister Reg : {N.ZMM0, N.YMM0, N.XMM0})
    if (x86ClassContains(State, ClassID, Reg)) {
      Route.Result = Reg;
      break;
    }
  if (!Route.Result)
    return std::nullopt;
  // A VEX or EVEX instruction gets VEX moves, a legacy SSE one SSE moves:
  // neither then mixes the encodings that some cores make pay for a
  // transition.
  bool Vex = Model.getName().starts_with("V");
  Route.ToGPR = inst(Vex ? N.VMovToGPR : N.MovToGPR, {reg(N.EAX), reg(N.XMM0)});
  Route.FromGPR =
      inst(Vex ? N.VMovFromGPR : N.MovFromGPR, {reg(N.XMM0), reg(N.EAX)});
  return Route;
}

/// The register a source slot of class \p ClassID reads: the result
/// register, or the part of it the class holds (XMM0 beside a YMM0
/// result, MM0 beside MM0), or else the first vector register of the
/// class. nullopt for a general-purpose or mask source (an address input
/// or a write mask, which would need values of their own).
static std::optional<MCRegister> pickSource(const LLVMState &State,
                                            const HelperNames &N,
                                            MCRegister Result, int ClassID) {
  if (ClassID < 0)
    return std::nullopt;
  const MCRegisterClass &Class = State.getRegInfo().getRegClass(ClassID);
  if (Class.contains(N.K1) || Class.contains(N.RAX) || Class.contains(N.EAX))
    return std::nullopt;
  const MCRegisterInfo &RI = State.getRegInfo();
  for (MCPhysReg Reg : Class)
    if (RI.regsOverlap(Reg, Result))
      return MCRegister(Reg);
  for (MCRegister Reg : {N.ZMM0, N.YMM0, N.XMM0})
    if (Class.contains(Reg))
      return Reg;
  return std::nullopt;
}

/// A conversion from a floating-point value in memory to an integer in a
/// general-purpose register ((V)CVT(T)SD2SI, SS2SI, SH2SI, and the unsigned
/// 2USI): the conversion of zero is 0.
static bool isConversionToInteger(StringRef Name) {
  Name.consume_front("V");
  return Name.starts_with("CVT") &&
         (Name.contains("2SI") || Name.contains("2USI"));
}

/// Sets the memory reference of \p Values to RDI+RAX.
static void setIndexedAddress(const InstructionModel &Model,
                              const HelperNames &N, unsigned MemoryOperand,
                              SlotValues &Values) {
  auto Set = [&](unsigned Pos, MCOperand Value) {
    Values[Model.operands()[MemoryOperand + Pos].Slot] = Value;
  };
  Set(MemBase, reg(N.RDI));
  Set(MemScale, imm(1));
  Set(MemIndex, reg(N.RAX));
  Set(MemDisp, imm(0));
  Set(MemSegment, reg(MCRegister()));
}

/// A conversion into a general-purpose register needs no helper: its result
/// is (part of) the index register itself, and the conversion of the zeros
/// in memory is 0, so the index stays 0.
static std::optional<PreparedSnippet>
getConversionSnippet(const LLVMState &State, const HelperNames &N,
                     const InstructionModel &Model, unsigned DefSlot,
                     unsigned MemoryOperand) {
  int DefClass = Model.slots()[DefSlot].RegClassID;
  MCRegister Result = x86ClassContains(State, DefClass, N.RAX)   ? N.RAX
                      : x86ClassContains(State, DefClass, N.EAX) ? N.EAX
                                                                 : MCRegister();
  if (!Result)
    return std::nullopt;
  SlotValues Values(Model.slots().size());
  Values[DefSlot] = reg(Result);
  for (const ModelOperand &Op : Model.operands()) {
    if (Op.IsMemory || Values[Op.Slot])
      continue;
    if (Op.Kind != OperandKind::Immediate)
      return std::nullopt;
    Values[Op.Slot] = imm(0);
  }
  setIndexedAddress(Model, N, MemoryOperand, Values);
  PreparedSnippet Snippet;
  Snippet.Instructions = {Model.build(Values)};
  Snippet.Info =
      ("Latency through the address: " + Model.getName() +
       " converts the value at RDI+RAX, which holds zeros (written before "
       "the register setup), into " +
       (Result == N.RAX ? "RAX, the index register"
                        : "EAX, part of the index register RAX") +
       "; the conversion of zero is 0, so "
       "RAX stays 0 and each load's address waits for the previous result; "
       "one repetition is the load and the conversion")
          .str();
  return Snippet;
}

std::optional<PreparedSnippet>
getX86HelperChainSnippet(const LLVMState &State,
                         const InstructionModel &Model) {
  if (!State.getTriple().isArch64Bit())
    return std::nullopt;
  HelperNames N(State);
  if (!N.complete())
    return std::nullopt;
  const MCInstrDesc &Desc = Model.getDesc();
  if (!Desc.mayLoad() || Desc.mayStore() ||
      Model.memoryReferences().size() != 1 ||
      Model.memoryReferences().front().NumOperands != MemSize ||
      !onlyX86FlagsAndControl(State, Model.implicitDefs()) ||
      !onlyX86FlagsAndControl(State, Model.implicitUses()))
    return std::nullopt;
  const ExegesisTarget &ET = State.getExegesisTarget();
  MCRegister Scratch = ET.getScratchMemoryRegister(State.getTriple());
  MCRegister LoopCounter = ET.getDefaultLoopCounterRegister(State.getTriple());
  const MCRegisterInfo &RI = State.getRegInfo();
  if (Scratch != N.RDI || (LoopCounter && RI.regsOverlap(LoopCounter, N.RAX)))
    return std::nullopt;
  unsigned MemoryOperand = Model.memoryReferences().front().FirstOperand;
  if (!x86ClassContains(
          State, Model.operands()[MemoryOperand + MemIndex].RegClassID, N.RAX))
    return std::nullopt;
  // One explicit result, a vector or mask register.
  std::optional<unsigned> DefSlot;
  for (const ModelOperand &Op : Model.operands()) {
    if (!Op.IsDef)
      continue;
    if (DefSlot || Op.IsMemory || Op.Kind != OperandKind::Register)
      return std::nullopt;
    DefSlot = Op.Slot;
  }
  if (!DefSlot)
    return std::nullopt;
  if (isConversionToInteger(Model.getName()))
    if (std::optional<PreparedSnippet> Conversion =
            getConversionSnippet(State, N, Model, *DefSlot, MemoryOperand))
      return Conversion;
  std::optional<ResultRoute> Route =
      getRoute(State, N, Model, Model.slots()[*DefSlot].RegClassID);
  if (!Route)
    return std::nullopt;
  SlotValues Values(Model.slots().size());
  Values[*DefSlot] = reg(Route->Result);
  std::optional<MCInst> WriteMask;
  for (const ModelOperand &Op : Model.operands()) {
    if (Op.IsMemory || Values[Op.Slot])
      continue;
    if (Op.Kind == OperandKind::Immediate) {
      Values[Op.Slot] = imm(0);
      continue;
    }
    if (Op.Kind != OperandKind::Register)
      return std::nullopt;
    // A write mask: K2, all ones (every element written), set by the
    // snippet itself off the chain.
    if (x86ClassContains(State, Op.RegClassID, N.K2) &&
        !x86ClassContains(State, Op.RegClassID, N.RAX)) {
      Values[Op.Slot] = reg(N.K2);
      WriteMask = setX86WriteMaskOnes(State, Op.RegClassID, N.K2);
      if (!WriteMask)
        return std::nullopt;
      continue;
    }
    std::optional<MCRegister> Source =
        pickSource(State, N, Route->Result, Op.RegClassID);
    if (!Source)
      return std::nullopt;
    Values[Op.Slot] = reg(*Source);
  }
  setIndexedAddress(Model, N, MemoryOperand, Values);
  MCInst AndZero = inst(N.AndZero, {reg(N.EAX), reg(N.EAX), imm(0)});

  SubtractedChain KeepIndex;
  KeepIndex.Key.Instructions = {AndZero};
  KeepIndex.Key.RegisterInitialValues = {RegisterValue::zero(N.RAX)};
  KeepIndex.What = "the step that keeps the index 0";
  PreparedSnippet Snippet;
  if (Route->General) {
    Snippet.Instructions = {Model.build(Values), AndZero};
    Snippet.Info =
        ("Latency through the address, with a helper: " + Model.getName() +
         " reads the word at RDI+RAX, which holds zeros (written before the "
         "register setup), into " +
         State.getRegisterName(Route->Result) +
         ", part of the index register; its operation has no identity that "
         "would keep the index, so `andl $0, %eax` makes it 0 whatever the "
         "result was, and each load's address waits for the previous "
         "result; the helper's latency is measured in the same run and "
         "subtracted")
            .str();
    Snippet.SubtractedChains = {std::move(KeepIndex)};
    return Snippet;
  }
  Snippet.Instructions = {Model.build(Values), Route->ToGPR, AndZero};
  // kxnorw %k0, %k0, %k2 (kxnord, kxnorq for 32 and 64 elements): all
  // ones, whatever K0 holds, and nothing on the chain waits for it.
  if (WriteMask)
    Snippet.Instructions.insert(Snippet.Instructions.begin(), *WriteMask);
  StringRef Result = State.getRegisterName(Route->Result);
  StringRef Move = "vmovd";
  if (Route->Mask)
    Move = "kmovw";
  else if (is_contained({N.MovToGPR, N.MMXMovToGPR}, Route->ToGPR.getOpcode()))
    Move = "movd";
  Snippet.Info =
      ("Latency through the address, with helpers: " + Model.getName() +
       " reads the word at RDI+RAX, which holds zeros (written before the "
       "register setup), into " +
       Result + "; a move to EAX (" + Move +
       ") takes the result back to the index register and `andl $0, %eax` "
       "makes the index 0 whatever the result was, so each load's address "
       "waits for the previous result; the helpers' latencies are measured "
       "in the same run and subtracted")
          .str();
  if (WriteMask)
    Snippet.Info +=
        "; its write mask K2 is all ones over every element, set by `" +
        State.getOpcodeName(WriteMask->getOpcode()).drop_back(2).lower() +
        " %k0, %k0, %k2` in each repetition, off the chain";
  if (Route->Result == N.MM0)
    Snippet.Info += "; MM0 is one of the x87 registers: the snippet runs in "
                    "the MMX state, and the function's emms leaves the x87 "
                    "stack empty for the code after it";
  // VPCONFLICTDZrmb and its kin: every element is the one loaded value,
  // so the result is a constant. A core that sees that need not wait for
  // the data (Zen 5 reads the chain at 1 to 3.5 cycles, below its helpers).
  if (Model.getName().starts_with("VPCONFLICT") &&
      Model.getName().contains("rmb"))
    Snippet.Info +=
        "; warning: a conflict test of a broadcast, whose elements are all "
        "the one loaded value, gives the same result whatever the loaded "
        "bits: a core may produce it without waiting for them, and the "
        "chain then reads below its helpers, which the subtraction reports "
        "as its error, not as a value";

  SubtractedChain RoundTrip;
  RoundTrip.Key.Instructions = {Route->ToGPR, Route->FromGPR};
  RoundTrip.Key.RegisterInitialValues = {RegisterValue::zero(Route->Result)};
  RoundTrip.Share = 0.5;
  RoundTrip.Bounds = SubtractedBounds{0, 1, 1, -1};
  RoundTrip.What = ("the move out of " + Result +
                    "'s domain timed as half of its round trip (each way "
                    "at least a cycle)")
                       .str();
  Snippet.SubtractedChains = {std::move(RoundTrip), std::move(KeepIndex)};
  return Snippet;
}

/// The stores of zeros a helper chain's memory gets.
static std::vector<MCInst> zeroMemory(const HelperNames &N) {
  std::vector<MCInst> Stores;
  for (unsigned Offset = 0; Offset < ZeroedBytes; Offset += 8)
    Stores.push_back(
        inst(N.StoreZero, {reg(N.RDI), imm(1), reg(MCRegister()), imm(Offset),
                           reg(MCRegister()), imm(0)}));
  return Stores;
}

/// Whether \p Inst is a conversion snippet of getConversionSnippet's shape:
/// the result in RAX or EAX, the address RDI+RAX.
static bool isConversionThroughIndex(const LLVMState &State,
                                     const HelperNames &N, const MCInst &Inst) {
  if (!isConversionToInteger(State.getOpcodeName(Inst.getOpcode())) ||
      Inst.getNumOperands() < 1 + MemSize)
    return false;
  auto RegIs = [&](unsigned I, MCRegister Reg) {
    return Inst.getOperand(I).isReg() && Inst.getOperand(I).getReg() == Reg;
  };
  return (RegIs(0, N.RAX) || RegIs(0, N.EAX)) && RegIs(1 + MemBase, N.RDI) &&
         RegIs(1 + MemIndex, N.RAX);
}

/// Whether \p Inst is `andl $0, %eax`.
static bool keepsIndex(const HelperNames &N, const MCInst &Inst) {
  return Inst.getOpcode() == N.AndZero && Inst.getNumOperands() == 3 &&
         Inst.getOperand(0).isReg() && Inst.getOperand(0).getReg() == N.EAX &&
         Inst.getOperand(2).isImm() && Inst.getOperand(2).getImm() == 0;
}

/// Whether \p Inst writes part of RAX and reads memory at RDI+RAX (the
/// general-purpose route of getX86HelperChainSnippet).
static bool isGeneralThroughIndex(const HelperNames &N, const MCInst &Inst) {
  auto RegIs = [&](unsigned I, MCRegister Reg) {
    return I < Inst.getNumOperands() && Inst.getOperand(I).isReg() &&
           Inst.getOperand(I).getReg() == Reg;
  };
  if (!RegIs(0, N.RAX) && !RegIs(0, N.EAX) && !RegIs(0, N.AX) &&
      !RegIs(0, N.AL))
    return false;
  for (unsigned I = 1; I + MemSize <= Inst.getNumOperands(); ++I)
    if (RegIs(I + MemBase, N.RDI) && RegIs(I + MemIndex, N.RAX))
      return true;
  return false;
}

std::vector<MCInst> writeX86HelperChainMemory(const LLVMState &State,
                                              ArrayRef<MCInst> Snippet) {
  if (!State.getTriple().isArch64Bit())
    return {};
  HelperNames N(State);
  if (!N.complete())
    return {};
  if (Snippet.size() == 1 && isConversionThroughIndex(State, N, Snippet[0]))
    return zeroMemory(N);
  if (Snippet.size() == 2 && keepsIndex(N, Snippet[1]) &&
      isGeneralThroughIndex(N, Snippet[0]))
    return zeroMemory(N);
  // The chain, after the write mask's kxnorw if it has one.
  if (Snippet.size() == 4 && isX86WriteMaskOnes(State, Snippet[0]))
    Snippet = Snippet.drop_front();
  if (Snippet.size() != 3)
    return {};
  const MCInst &Move = Snippet[1];
  bool KeepsIndex = keepsIndex(N, Snippet.back());
  bool Crosses =
      is_contained({N.VMovToGPR, N.MovToGPR, N.MMXMovToGPR, N.KMovToGPR},
                   Move.getOpcode()) &&
      Move.getOperand(0).isReg() && Move.getOperand(0).getReg() == N.EAX;
  if (!KeepsIndex || !Crosses)
    return {};
  return zeroMemory(N);
}

} // namespace exegesis
} // namespace llvm
