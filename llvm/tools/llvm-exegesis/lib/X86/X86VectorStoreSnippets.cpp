//===-- X86/X86VectorStoreSnippets.cpp --------------------------*- C++ -*-===//

#include "X86/X86VectorStoreSnippets.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "Core/RegisterPool.h"
#include "Core/Target.h"
#include "X86/X86HelperChains.h"
#include "X86/X86OperandChoice.h"
#include "X86/X86StoreSnippets.h"
#include "llvm/ADT/STLExtras.h"

namespace llvm {
namespace exegesis {

using namespace shorthand;

namespace {

/// What a store's data register is, which decides its reload.
enum class DataKind { Vector, Mask, MMX };

/// The operands of a store as this chain fills them.
struct StoreShape {
  DataKind Kind = DataKind::Vector;
  unsigned DataSlot = 0;
  std::optional<unsigned> WriteMaskSlot;
  /// VMASKMOVPS's mask, a vector register.
  std::optional<unsigned> VectorMaskSlot;
};

} // namespace

static StringRef className(const LLVMState &State, int ClassID) {
  const MCRegisterInfo &RI = State.getRegInfo();
  return RI.getRegClassName(&RI.getRegClass(ClassID));
}

/// VMASKMOVPS, VMASKMOVPD, VPMASKMOVD, VPMASKMOVQ to memory: their first
/// register after the address is the mask, a vector.
static bool storesUnderVectorMask(StringRef Name) {
  return (Name.starts_with("VMASKMOVP") || Name.starts_with("VPMASKMOV")) &&
         Name.ends_with("mr");
}

/// A write mask: VK1WM to VK64WM (every K register but K0).
static bool isWriteMaskClass(const LLVMState &State, int ClassID) {
  StringRef Name = className(State, ClassID);
  return Name.starts_with("VK") && Name.ends_with("WM");
}

/// The write mask, the vector mask and the data of \p Model; nullopt when
/// it has another operand or no data register of a kind this chain reloads.
static std::optional<StoreShape> getStoreShape(const LLVMState &State,
                                               const InstructionModel &Model) {
  StoreShape Shape;
  std::optional<unsigned> DataSlot;
  bool VectorMasked = storesUnderVectorMask(Model.getName());
  SmallVector<unsigned, 4> Seen;
  for (const ModelOperand &Op : Model.operands()) {
    if (Op.IsMemory || Op.Kind == OperandKind::Immediate ||
        is_contained(Seen, Op.Slot))
      continue;
    Seen.push_back(Op.Slot);
    if (Op.Kind != OperandKind::Register || Op.IsDef)
      return std::nullopt;
    if (isWriteMaskClass(State, Op.RegClassID)) {
      if (Shape.WriteMaskSlot)
        return std::nullopt;
      Shape.WriteMaskSlot = Op.Slot;
      continue;
    }
    if (VectorMasked && !Shape.VectorMaskSlot) {
      Shape.VectorMaskSlot = Op.Slot;
      continue;
    }
    if (DataSlot)
      return std::nullopt;
    DataSlot = Op.Slot;
  }
  if (!DataSlot)
    return std::nullopt;
  Shape.DataSlot = *DataSlot;
  int DataClass = Model.slots()[*DataSlot].RegClassID;
  auto Holds = [&](StringRef Name) {
    return x86ClassContains(State, DataClass, namedX86Register(State, Name));
  };
  if (Holds("K1"))
    Shape.Kind = DataKind::Mask;
  else if (Holds("MM0"))
    Shape.Kind = DataKind::MMX;
  else if (Holds("XMM0") || Holds("YMM0") || Holds("ZMM0"))
    Shape.Kind = DataKind::Vector;
  else
    return std::nullopt;
  return Shape;
}

/// The load that reads back the \p Bytes a store of \p Kind data wrote;
/// empty when there is none.
static std::string getReloadName(StringRef StoreName, DataKind Kind,
                                 unsigned Bytes) {
  switch (Kind) {
  case DataKind::Mask: {
    StringRef Width = Bytes == 1   ? "B"
                      : Bytes == 2 ? "W"
                      : Bytes == 4 ? "D"
                      : Bytes == 8 ? "Q"
                                   : "";
    if (Width.empty())
      return "";
    // APX's EVEX forms of KMOV reload with their own kind.
    return ("KMOV" + Width + "km" +
            (StoreName.ends_with("_EVEX") ? "_EVEX" : ""))
        .str();
  }
  case DataKind::MMX:
    return Bytes == 8 ? "MMX_MOVQ64rm" : Bytes == 4 ? "MMX_MOVD64rm" : "";
  case DataKind::Vector:
    break;
  }
  // A legacy SSE store gets a legacy SSE load, a VEX or EVEX one a VEX load
  // (EVEX for 64 bytes): no snippet mixes SSE with AVX code.
  bool Legacy = !StoreName.starts_with("V");
  std::string V = Legacy ? "" : "V";
  switch (Bytes) {
  case 64:
    return Legacy ? "" : "VMOVUPSZrm";
  case 32:
    return Legacy ? "" : "VMOVUPSYrm";
  case 16:
    return V + "MOVUPSrm";
  case 8:
    // MOVHPS and MOVHPD store the high half: the reload puts it back there.
    return V + (StoreName.contains("MOVHP") ? "MOVHPSrm" : "MOVQI2PQIrm");
  case 4:
    return V + "MOVDI2PDIrm";
  case 2:
    return V + "PINSRWrmi";
  case 1:
    return V + "PINSRBrmi";
  default:
    return "";
  }
}

/// \p Chain, a helper of the reload's chain, added back: its share and its
/// bounds negated (the part of the store's chain it stands for lies within
/// the negated bounds).
static SubtractedChain addedBack(SubtractedChain Chain) {
  Chain.Share = -Chain.Share;
  if (Chain.Bounds) {
    SubtractedBounds B = *Chain.Bounds;
    Chain.Bounds = SubtractedBounds{-B.HighShare, -B.HighCycles, -B.LowShare,
                                    -B.LowCycles};
  }
  Chain.What = "a helper of the reload's chain, not the reload: " + Chain.What;
  return Chain;
}

/// The register of \p ClassID that overlaps \p Reg, or none.
static MCRegister overlapping(const LLVMState &State, int ClassID,
                              MCRegister Reg) {
  const MCRegisterInfo &RI = State.getRegInfo();
  for (MCPhysReg Member : RI.getRegClass(ClassID))
    if (RI.regsOverlap(Member, Reg))
      return Member;
  return MCRegister();
}

std::optional<PreparedSnippet>
getX86VectorStoreSnippet(const LLVMState &State,
                         const InstructionModel &Model) {
  const Triple &TT = State.getTriple();
  const MCInstrDesc &Desc = Model.getDesc();
  if (!TT.isArch64Bit() || !Desc.mayStore() || Desc.getNumDefs() != 0 ||
      Model.memoryReferences().size() != 1 ||
      Model.memoryReferences().front().NumOperands != MemSize ||
      !onlyX86FlagsAndControl(State, Model.implicitUses()) ||
      !onlyX86FlagsAndControl(State, Model.implicitDefs()))
    return std::nullopt;
  const ExegesisTarget &ET = State.getExegesisTarget();
  const MCRegisterInfo &RI = State.getRegInfo();
  MCRegister RDI = namedX86Register(State, "RDI"),
             RAX = namedX86Register(State, "RAX"),
             K2 = namedX86Register(State, "K2"),
             XMM1 = namedX86Register(State, "XMM1");
  MCRegister LoopCounter = ET.getDefaultLoopCounterRegister(TT);
  if (!RDI || !RAX || ET.getScratchMemoryRegister(TT) != RDI ||
      (LoopCounter && RI.regsOverlap(LoopCounter, RAX)))
    return std::nullopt;
  unsigned MemoryOperand = Model.memoryReferences().front().FirstOperand;
  if (!x86ClassContains(
          State, Model.operands()[MemoryOperand + MemIndex].RegClassID, RAX))
    return std::nullopt;
  std::optional<StoreShape> Shape = getStoreShape(State, Model);
  if (!Shape)
    return std::nullopt;

  // The store at RDI+RAX, RAX 0: the address the reload's chain reads.
  SlotValues Values(Model.slots().size());
  auto SetAddress = [&](unsigned Pos, MCOperand Value) {
    Values[Model.operands()[MemoryOperand + Pos].Slot] = Value;
  };
  SetAddress(MemBase, reg(RDI));
  SetAddress(MemScale, imm(1));
  SetAddress(MemIndex, reg(RAX));
  SetAddress(MemDisp, imm(0));
  SetAddress(MemSegment, reg(MCRegister()));
  for (const ModelOperand &Op : Model.operands())
    if (!Op.IsMemory && Op.Kind == OperandKind::Immediate)
      Values[Op.Slot] = imm(0);
  std::vector<MCInst> Setup;
  if (Shape->WriteMaskSlot) {
    int MaskClass = Model.slots()[*Shape->WriteMaskSlot].RegClassID;
    std::optional<MCInst> AllOnes = setX86WriteMaskOnes(State, MaskClass, K2);
    if (!x86ClassContains(State, MaskClass, K2) || !AllOnes)
      return std::nullopt;
    Values[*Shape->WriteMaskSlot] = reg(K2);
    Setup.push_back(*AllOnes);
  }
  MCRegister VectorMask;
  if (Shape->VectorMaskSlot) {
    int MaskClass = Model.slots()[*Shape->VectorMaskSlot].RegClassID;
    VectorMask = overlapping(State, MaskClass, XMM1);
    std::optional<unsigned> Compare = State.getOpcodeByName(
        VectorMask == XMM1 ? "VPCMPEQDrr" : "VPCMPEQDYrr");
    if (!VectorMask || !Compare)
      return std::nullopt;
    Values[*Shape->VectorMaskSlot] = reg(VectorMask);
    Setup.push_back(
        inst(*Compare, {reg(VectorMask), reg(VectorMask), reg(VectorMask)}));
  }
  // Any register of the data's class gives the width; the data register
  // itself is the one the reload writes.
  int DataClass = Model.slots()[Shape->DataSlot].RegClassID;
  Values[Shape->DataSlot] = reg(pickX86Register(State, DataClass, {}));
  std::optional<unsigned> Bytes = getX86StoredBytes(State, Model.build(Values));
  if (!Bytes)
    return std::nullopt;
  std::string ReloadName = getReloadName(Model.getName(), Shape->Kind, *Bytes);
  std::optional<unsigned> ReloadOpcode =
      ReloadName.empty() ? std::nullopt : State.getOpcodeByName(ReloadName);
  if (!ReloadOpcode)
    return std::nullopt;

  // The reload's own latency, through its address with helpers.
  RegisterPool Pool(RI, {});
  InstructionModel ReloadModel(State.getInstrInfo(), State.getSubtargetInfo(),
                               Pool, *ReloadOpcode);
  std::optional<PreparedSnippet> ReloadChain =
      getX86HelperChainSnippet(State, ReloadModel);
  if (!ReloadChain)
    return std::nullopt;
  auto Reload = find_if(ReloadChain->Instructions, [&](const MCInst &Inst) {
    return Inst.getOpcode() == *ReloadOpcode;
  });
  if (Reload == ReloadChain->Instructions.end() ||
      Reload->getNumOperands() == 0 || !Reload->getOperand(0).isReg())
    return std::nullopt;
  MCRegister Result = Reload->getOperand(0).getReg();
  MCRegister Data = overlapping(State, DataClass, Result);
  if (!Data || (VectorMask && RI.regsOverlap(VectorMask, Data)))
    return std::nullopt;
  Values[Shape->DataSlot] = reg(Data);

  PreparedSnippet Snippet;
  Snippet.Instructions = Setup;
  Snippet.Instructions.push_back(Model.build(Values));
  Snippet.Instructions.push_back(*Reload);
  std::string Info =
      ("Latency through memory and back: " + Model.getName() + " stores " +
       State.getRegisterName(Data) + " at RDI+RAX (RAX 0), " + ReloadName +
       " reloads the " + Twine(*Bytes) + (*Bytes == 1 ? " byte" : " bytes") +
       " it wrote into " + State.getRegisterName(Result) +
       ", which the next store stores")
          .str();
  if (Shape->WriteMaskSlot)
    Info +=
        "; its write mask K2 is all ones, set by `" +
        State.getOpcodeName(Setup.front().getOpcode()).drop_back(2).lower() +
        " %k0, %k0, %k2` in each repetition, off the chain";
  if (VectorMask)
    Info += "; its mask " + State.getRegisterName(VectorMask).str() +
            " is all ones, set by vpcmpeqd in each repetition, off the chain "
            "(only the store reads it)";
  Info += ". The reload's latency is measured in the same run through its "
          "address, with the helpers that take its result back into the "
          "index (as for any vector, mask or MMX load), and subtracted; those "
          "helpers, which the store's chain does not hold, are added back. "
          "A host that renames memory (AMD Zen 2 and later hand a stored "
          "value to a later load of the same address as a register move) "
          "may have no forwarding latency here: the round trip then reads "
          "below the reload's latency, and the subtraction leaves no value";
  Snippet.Info = std::move(Info);

  SubtractedChain ReloadLatency;
  ReloadLatency.Key.Instructions = ReloadChain->Instructions;
  ReloadLatency.Key.RegisterInitialValues = {RegisterValue::zero(Result),
                                             RegisterValue::zero(RAX)};
  ReloadLatency.LiveIns = {RDI};
  ReloadLatency.What = "the reload's latency with its helpers, chained "
                       "through its address (zeros at RDI+RAX)";
  Snippet.SubtractedChains.push_back(std::move(ReloadLatency));
  for (SubtractedChain &Helper : ReloadChain->SubtractedChains)
    Snippet.SubtractedChains.push_back(addedBack(std::move(Helper)));
  return Snippet;
}

} // namespace exegesis
} // namespace llvm
