//===-- X86/X86LoadSnippets.cpp ---------------------------------*- C++ -*-===//

#include "X86/X86LoadSnippets.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "X86/X86OperandChoice.h"
#include "llvm/ADT/StringSwitch.h"

namespace llvm {
namespace exegesis {

using namespace shorthand;

namespace {

/// What an opcode does with the word it reads, from its name.
struct ChainOperation {
  /// The operation without width or form: "MOV", "MOVZX", "ADD"...
  StringRef Name;
  /// The width of the result.
  unsigned Bits = 0;
  /// A load-op form, which also reads its register operand.
  bool LoadOp = false;
  /// IMUL's form of memory times an immediate, the immediate 1: the result
  /// is the word, as a load's.
  bool ByOne = false;
  /// The word read: the identity of a load-op form's operation, 0 for a
  /// load.
  int64_t Word = 0;
};

/// How a chained opcode's operands are laid out.
struct ChainShape {
  ChainOperation Operation;
  unsigned DefSlot = 0;
  /// A load-op form's register operand (tied to the result, or the first
  /// source of an APX new-data-destination form).
  std::optional<unsigned> SourceSlot;
  /// The first operand of the memory reference.
  unsigned MemoryOperand = 0;
  /// The immediate of a ByOne form.
  std::optional<unsigned> ImmediateSlot;
};

} // namespace

/// The operation of \p Name if it is MOV, MOVRS, MOVZX, MOVSX or MOVBE from
/// memory into a register, IMUL's memory times an immediate, or a load-op
/// form of an operation with an identity; nullopt otherwise.
static std::optional<ChainOperation> parseChainOperation(StringRef Name) {
  // Suffixes of encodings (no REX, EVEX, APX's no-flags and new data
  // destination) that do not change the operation.
  for (bool Stripped = true; Stripped;) {
    Stripped = false;
    for (StringRef Suffix : {"_NOREX", "_EVEX", "_NF", "_ND"})
      Stripped |= Name.consume_back(Suffix);
  }
  size_t Digits = Name.find_first_of("0123456789");
  if (Digits == StringRef::npos)
    return std::nullopt;
  ChainOperation Operation;
  Operation.Name = Name.take_front(Digits);
  StringRef Rest = Name.drop_front(Digits);
  if (Rest.consumeInteger(10, Operation.Bits) ||
      !is_contained({8u, 16u, 32u, 64u}, Operation.Bits) ||
      !Rest.consume_front("rm"))
    return std::nullopt;
  // MOVZX32rm8: the width read follows.
  bool Extends = Operation.Name == "MOVZX" || Operation.Name == "MOVSX";
  unsigned SourceBits = 0;
  if (Extends && Rest.consumeInteger(10, SourceBits))
    return std::nullopt;
  // IMUL64rmi8, IMULZU32rmi: the immediate's width may follow.
  bool Multiplies = Operation.Name == "IMUL" || Operation.Name == "IMULZU";
  if (Multiplies && Rest.consume_front("i")) {
    if (!Rest.empty() && Rest != "8" && Rest != "32")
      return std::nullopt;
    Operation.ByOne = true;
    return Operation;
  }
  if (!Rest.empty())
    return std::nullopt;
  if (Extends || Operation.Name == "MOV" || Operation.Name == "MOVRS" ||
      Operation.Name == "MOVBE")
    return Operation;
  // x op Identity == x for every x. ADC, SBB, ADCX and ADOX also add a
  // flag, which starts clear and which adding 0 never sets.
  std::optional<int64_t> Identity =
      StringSwitch<std::optional<int64_t>>(Operation.Name)
          .Case("ADD", 0)
          .Case("SUB", 0)
          .Case("OR", 0)
          .Case("XOR", 0)
          .Case("ADC", 0)
          .Case("SBB", 0)
          .Case("ADCX", 0)
          .Case("ADOX", 0)
          .Case("AND", -1)
          .Case("IMUL", 1)
          .Default(std::nullopt);
  if (!Identity)
    return std::nullopt;
  Operation.LoadOp = true;
  Operation.Word = *Identity;
  return Operation;
}

/// A pointer chase: the loaded value is the whole next address.
static bool isPointerChase(const ChainOperation &Operation) {
  return Operation.Bits == 64 && (Operation.Name == "MOV" ||
                                  Operation.Name == "MOVRS" || Operation.ByOne);
}

/// The result and the base are the same register, the scratch pointer:
/// the result is a whole address (a pointer chase, or a 64-bit operation
/// with its identity). Otherwise the result is the index register.
static bool chainsThroughBase(const ChainOperation &Operation) {
  return isPointerChase(Operation) ||
         (Operation.LoadOp && Operation.Bits == 64);
}

/// The register of \p Bits bits in the RAX family (AL, AX, EAX, RAX): the
/// result of a chain through the index register RAX.
static MCRegister getIndexPart(const LLVMState &State, unsigned Bits) {
  StringRef Name = Bits == 8    ? "AL"
                   : Bits == 16 ? "AX"
                   : Bits == 32 ? "EAX"
                                : "RAX";
  return State.getRegisterByName(Name).value_or(MCRegister());
}

static bool isFlagsOnly(const LLVMState &State, ArrayRef<MCPhysReg> Regs) {
  return all_of(Regs, [&](MCPhysReg Reg) {
    return State.getRegisterName(Reg) == "EFLAGS";
  });
}

static std::optional<ChainShape> getChainShape(const LLVMState &State,
                                               const InstructionModel &Model) {
  std::optional<ChainOperation> Operation =
      parseChainOperation(Model.getName());
  const MCInstrDesc &Desc = Model.getDesc();
  if (!Operation || !Desc.mayLoad() || Desc.mayStore() ||
      Model.memoryReferences().size() != 1 ||
      Model.memoryReferences().front().NumOperands != MemSize ||
      !isFlagsOnly(State, Model.implicitDefs()) ||
      !isFlagsOnly(State, Model.implicitUses()))
    return std::nullopt;
  ChainShape Shape;
  Shape.Operation = *Operation;
  Shape.MemoryOperand = Model.memoryReferences().front().FirstOperand;
  unsigned NumDefs = 0;
  for (const ModelOperand &Op : Model.operands()) {
    if (Op.IsMemory)
      continue;
    if (Op.Kind == OperandKind::Immediate && Operation->ByOne &&
        !Shape.ImmediateSlot) {
      Shape.ImmediateSlot = Op.Slot;
      continue;
    }
    if (Op.Kind != OperandKind::Register)
      return std::nullopt;
    if (Op.IsDef) {
      Shape.DefSlot = Op.Slot;
      ++NumDefs;
      continue;
    }
    // A tied source shares the def's slot.
    if (Op.Slot == Shape.DefSlot && NumDefs == 1)
      continue;
    if (Shape.SourceSlot)
      return std::nullopt;
    Shape.SourceSlot = Op.Slot;
  }
  bool HasSource = Shape.SourceSlot.has_value() ||
                   Model.slots()[Shape.DefSlot].isTiedRegister();
  if (NumDefs != 1 || HasSource != Operation->LoadOp ||
      Shape.ImmediateSlot.has_value() != Operation->ByOne)
    return std::nullopt;
  return Shape;
}

namespace {
/// An x86 load or load-op form chained through its address.
class X86ChainedLoad : public ChainedLoad {
public:
  X86ChainedLoad(const LLVMState &State, const InstructionModel &Model,
                 const ChainShape &Shape, MCRegister Scratch,
                 MCRegister LoopCounter)
      : ChainedLoad(State, Model, {Shape.DefSlot}), Shape(Shape),
        Scratch(Scratch), LoopCounter(LoopCounter) {
    Words.AddressRegister = State.getRegisterName(Scratch);
  }

  /// Never the scratch pointer, the stack pointer or the loop counter.
  bool mayWrite(MCRegister Reg) const override {
    const MCRegisterInfo &RI = getState().getRegInfo();
    for (MCRegister Kept :
         {Scratch, *getState().getRegisterByName("RSP"), LoopCounter})
      if (Kept.isValid() && RI.regsOverlap(Kept, Reg))
        return false;
    return true;
  }

  MCInst buildLoad(ArrayRef<MCRegister> Defs, int64_t Offset) const override {
    return build(Defs.front(), MCRegister(), Offset);
  }

  std::optional<PreparedSnippet> getOwnLatencySnippet() const override;

  /// x86 chains each load it accepts on its own (getOwnLatencySnippet): an
  /// add of the loaded value to the scratch pointer would put the add's
  /// latency into the load's.
  std::optional<LoadedValue>
  getLoadedValue(ArrayRef<MCRegister>, ArrayRef<MCRegister>) const override {
    return std::nullopt;
  }
  std::optional<MCInst> buildAddressAdd(MCRegister) const override {
    return std::nullopt;
  }

private:
  /// The instruction writing \p Result (and reading it, for a load-op form)
  /// from \p Offset bytes past the scratch pointer plus \p Index.
  MCInst build(MCRegister Result, MCRegister Index, int64_t Offset) const {
    const InstructionModel &Model = getModel();
    SlotValues Values(Model.slots().size());
    Values[Shape.DefSlot] = reg(Result);
    if (Shape.SourceSlot)
      Values[*Shape.SourceSlot] = reg(Result);
    if (Shape.ImmediateSlot)
      Values[*Shape.ImmediateSlot] = imm(1);
    auto Set = [&](unsigned Pos, MCOperand Value) {
      Values[Model.operands()[Shape.MemoryOperand + Pos].Slot] = Value;
    };
    Set(MemBase, reg(Scratch));
    Set(MemScale, imm(1));
    Set(MemIndex, reg(Index));
    Set(MemDisp, imm(Offset));
    Set(MemSegment, reg(MCRegister()));
    return Model.build(Values);
  }

  /// Whether slot \p Slot may hold \p Reg.
  bool slotTakes(unsigned Slot, MCRegister Reg) const {
    int Class = getModel().slots()[Slot].RegClassID;
    return Reg.isValid() && Class >= 0 &&
           getState().getRegInfo().getRegClass(Class).contains(Reg);
  }

  ChainShape Shape;
  MCRegister Scratch;
  MCRegister LoopCounter;
};
} // namespace

std::optional<PreparedSnippet> X86ChainedLoad::getOwnLatencySnippet() const {
  const LLVMState &State = getState();
  const ChainOperation &Operation = Shape.Operation;
  StringRef Name = getModel().getName();
  std::string Word = !Operation.LoadOp ? "holds 0"
                     : Operation.Word == -1
                         ? "holds all ones, the identity of the operation"
                         : ("holds " + Twine(Operation.Word) +
                            ", the identity of the operation")
                               .str();
  PreparedSnippet Snippet;
  if (chainsThroughBase(Operation)) {
    if (!slotTakes(Shape.DefSlot, Scratch) ||
        (Shape.SourceSlot && !slotTakes(*Shape.SourceSlot, Scratch)))
      return std::nullopt;
    StringRef Base = State.getRegisterName(Scratch);
    Snippet.Instructions = {build(Scratch, MCRegister(), 0)};
    if (Operation.ByOne) {
      Snippet.Info = ("Latency through the address: " + Name +
                      " multiplies the word " + Base +
                      " points at, which holds its own address (written "
                      "before the register setup), by 1 into " +
                      Base +
                      ", so each load's address is the previous result; one "
                      "repetition is the load and the multiplication")
                         .str();
      return Snippet;
    }
    if (isPointerChase(Operation)) {
      Snippet.Info = ("Latency through the address: a load of " + Base +
                      " from the word " + Base +
                      " points at, which holds its own address (written "
                      "before the register setup), so each load's address "
                      "is the value the previous one loaded (a pointer "
                      "chase); one repetition is one load")
                         .str();
      return Snippet;
    }
    Snippet.Info =
        ("Latency through the address: " + Name + " reads the word " + Base +
         " points at and writes " + Base + "; the word " + Word +
         " (written before the register setup), so " + Base +
         " stays the address and each load's address is the "
         "previous result; one repetition is the load and the "
         "operation")
            .str();
    return Snippet;
  }
  MCRegister Index = getIndexPart(State, 64);
  MCRegister Result = getIndexPart(State, Operation.Bits);
  int IndexClass =
      getModel().operands()[Shape.MemoryOperand + MemIndex].RegClassID;
  if (!slotTakes(Shape.DefSlot, Result) ||
      (Shape.SourceSlot && !slotTakes(*Shape.SourceSlot, Result)) ||
      IndexClass < 0 ||
      !State.getRegInfo().getRegClass(IndexClass).contains(Index) ||
      !mayWrite(Index))
    return std::nullopt;
  StringRef Base = State.getRegisterName(Scratch);
  StringRef IndexName = State.getRegisterName(Index);
  Snippet.Instructions = {build(Result, Index, 0)};
  Snippet.Info =
      ("Latency through the address: " + Name + " reads the word at " + Base +
       "+" + IndexName + " and writes " + State.getRegisterName(Result) +
       ", part of the index register " + IndexName + "; the word " + Word +
       " (written before the register setup) and " + IndexName +
       " starts at 0, so " + IndexName +
       " stays 0 and each load's address waits for the previous result "
       "through the index; one repetition is the load" +
       (Operation.LoadOp  ? " and the operation"
        : Operation.ByOne ? " and the multiplication by 1"
                          : ""))
          .str();
  return Snippet;
}

std::unique_ptr<ChainedLoad> getX86ChainedLoad(const LLVMState &State,
                                               const InstructionModel &Model) {
  const Triple &TT = State.getTriple();
  if (!TT.isArch64Bit())
    return nullptr;
  std::optional<ChainShape> Shape = getChainShape(State, Model);
  if (!Shape)
    return nullptr;
  const ExegesisTarget &ET = State.getExegesisTarget();
  MCRegister Scratch = ET.getScratchMemoryRegister(TT);
  if (!Scratch.isValid())
    return nullptr;
  return std::make_unique<X86ChainedLoad>(State, Model, *Shape, Scratch,
                                          ET.getDefaultLoopCounterRegister(TT));
}

std::vector<MCInst> writeX86AddressChainWord(const LLVMState &State,
                                             ArrayRef<MCInst> Snippet) {
  if (Snippet.size() != 1)
    return {};
  const MCInst &Inst = Snippet.front();
  std::optional<ChainOperation> Operation =
      parseChainOperation(State.getOpcodeName(Inst.getOpcode()));
  MCRegister Scratch =
      State.getExegesisTarget().getScratchMemoryRegister(State.getTriple());
  if (!Operation || !Scratch.isValid())
    return {};
  const MCInstrDesc &Desc = State.getInstrInfo().get(Inst.getOpcode());
  if (Desc.getNumDefs() != 1 || !Desc.mayLoad() || Desc.mayStore())
    return {};
  unsigned Memory = 0;
  while (Memory < Desc.getNumOperands() &&
         Desc.operands()[Memory].OperandType != MCOI::OPERAND_MEMORY)
    ++Memory;
  if (Memory + MemSize > Inst.getNumOperands())
    return {};
  auto Reg = [&](unsigned I) {
    const MCOperand &Op = Inst.getOperand(I);
    return Op.isReg() ? Op.getReg() : MCRegister();
  };
  auto Imm = [&](unsigned I) {
    const MCOperand &Op = Inst.getOperand(I);
    return Op.isImm() ? std::optional<int64_t>(Op.getImm()) : std::nullopt;
  };
  MCRegister Result = Reg(0);
  MCRegister Index = Reg(Memory + MemIndex);
  if (Operation->ByOne &&
      (Memory + MemSize >= Inst.getNumOperands() || Imm(Memory + MemSize) != 1))
    return {};
  if (Reg(Memory + MemBase) != Scratch || Imm(Memory + MemScale) != 1 ||
      Imm(Memory + MemDisp) != 0 || Reg(Memory + MemSegment).isValid() ||
      !Result.isValid())
    return {};
  // The chain's shapes: through the base (the result is the scratch
  // register), or through the index (the result is part of it).
  const MCRegisterInfo &RI = State.getRegInfo();
  bool ThroughBase =
      !Index.isValid() && Result == Scratch && chainsThroughBase(*Operation);
  bool ThroughIndex =
      Index.isValid() && Index != Scratch && RI.isSubRegisterEq(Index, Result);
  if (!ThroughBase && !ThroughIndex)
    return {};
  const MCOperand Address[] = {reg(Scratch), imm(1), reg(MCRegister()), imm(0),
                               reg(MCRegister())};
  MCInst Store;
  if (ThroughBase && isPointerChase(*Operation)) {
    Store.setOpcode(*State.getOpcodeByName("MOV64mr"));
    for (const MCOperand &Op : Address)
      Store.addOperand(Op);
    Store.addOperand(reg(Scratch));
  } else {
    Store.setOpcode(*State.getOpcodeByName("MOV64mi32"));
    for (const MCOperand &Op : Address)
      Store.addOperand(Op);
    Store.addOperand(imm(Operation->Word));
  }
  return {Store};
}

} // namespace exegesis
} // namespace llvm
