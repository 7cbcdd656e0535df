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

namespace {
/// A reload and the chains that time it: its own chain through its address
/// with helpers, subtracted, and those helpers, added back.
struct TimedReload {
  MCInst Reload;
  /// The register the reload writes.
  MCRegister Result;
  std::vector<SubtractedChain> Chains;
};
} // namespace

/// The reload \p ReloadOpcode as its helper chain builds it (at RDI+RAX),
/// with the chains that take its latency out of a round trip through
/// memory; nullopt when the load has no helper chain.
static std::optional<TimedReload> getTimedReload(const LLVMState &State,
                                                 unsigned ReloadOpcode) {
  MCRegister RDI = namedX86Register(State, "RDI"),
             RAX = namedX86Register(State, "RAX");
  RegisterPool Pool(State.getRegInfo(), {});
  InstructionModel ReloadModel(State.getInstrInfo(), State.getSubtargetInfo(),
                               Pool, ReloadOpcode);
  std::optional<PreparedSnippet> ReloadChain =
      getX86HelperChainSnippet(State, ReloadModel);
  if (!ReloadChain)
    return std::nullopt;
  auto Reload = find_if(ReloadChain->Instructions, [&](const MCInst &Inst) {
    return Inst.getOpcode() == ReloadOpcode;
  });
  if (Reload == ReloadChain->Instructions.end() ||
      Reload->getNumOperands() == 0 || !Reload->getOperand(0).isReg())
    return std::nullopt;
  TimedReload Timed;
  Timed.Reload = *Reload;
  Timed.Result = Reload->getOperand(0).getReg();
  SubtractedChain ReloadLatency;
  ReloadLatency.Key.Instructions = ReloadChain->Instructions;
  ReloadLatency.Key.RegisterInitialValues = {RegisterValue::zero(Timed.Result),
                                             RegisterValue::zero(RAX)};
  ReloadLatency.LiveIns = {RDI};
  ReloadLatency.What = "the reload's latency with its helpers, chained "
                       "through its address (zeros at RDI+RAX)";
  Timed.Chains.push_back(std::move(ReloadLatency));
  for (SubtractedChain &Helper : ReloadChain->SubtractedChains)
    Timed.Chains.push_back(addedBack(std::move(Helper)));
  return Timed;
}

/// What `info` says of the reload's chains after the snippet's own words.
static constexpr const char *ReloadSubtracted =
    ". The reload's latency is measured in the same run through its "
    "address, with the helpers that take its result back into the index (as "
    "for any vector, mask or MMX load), and subtracted; those helpers, which "
    "the store's chain does not hold, are added back. A host that renames "
    "memory (AMD Zen 2 and later hand a stored value to a later load of the "
    "same address as a register move) may have no forwarding latency here: "
    "the round trip then reads below the reload's latency, and the "
    "subtraction leaves no value";

bool isUndeclaredX86Store(const LLVMState &State, const MCInstrDesc &Desc) {
  // LLVM 22 gives VEXTRACTF32X8Zmri, VEXTRACTF64X2Z256mri,
  // VEXTRACTF64X2Zmri and their VEXTRACTI forms a memory destination
  // (encoding form MRMDestMem) but neither mayStore nor mayLoad, while
  // their masked forms (VEXTRACTF32X8Zmrik) have mayStore. A form that
  // writes no register and whose destination is its memory operand stores
  // there, whatever the flags say. The encoding form is the low 7 bits of
  // TSFlags, read off MOV32mr's (MRMDestMem) since X86BaseInfo.h is not
  // installed.
  std::optional<unsigned> Mov = State.getOpcodeByName("MOV32mr");
  if (!Mov || Desc.mayLoad() || Desc.mayStore() || Desc.getNumDefs() != 0 ||
      Desc.hasUnmodeledSideEffects() || Desc.getNumOperands() == 0 ||
      Desc.operands().front().OperandType != MCOI::OPERAND_MEMORY)
    return false;
  return (Desc.TSFlags & 0x7f) ==
         (State.getInstrInfo().get(*Mov).TSFlags & 0x7f);
}

/// MASKMOVDQU64, VMASKMOVDQU64, MMX_MASKMOVQ64: the bytes of their first
/// register that their second selects, stored at RDI (implicit); nullopt
/// for any other opcode. The data's and the mask's class.
static std::optional<int>
getMaskedByteStoreClass(const LLVMState &State, const InstructionModel &Model) {
  // LLVM models them as loading too (they have side effects), though they
  // read no memory.
  const MCInstrDesc &Desc = Model.getDesc();
  if (!Desc.mayStore() || Desc.getNumDefs() != 0 ||
      Model.hasMemoryReference() || !Model.implicitDefs().empty() ||
      Model.implicitUses().size() != 1 ||
      State.getRegisterName(Model.implicitUses().front()) != "RDI" ||
      Model.slots().size() != 2)
    return std::nullopt;
  int Class = Model.slots()[0].RegClassID;
  for (const OperandSlot &Slot : Model.slots())
    if (Slot.Kind != OperandKind::Register || Slot.IsDef ||
        Slot.RegClassID != Class)
      return std::nullopt;
  if (!x86ClassContains(State, Class, namedX86Register(State, "XMM0")) &&
      !x86ClassContains(State, Class, namedX86Register(State, "MM0")))
    return std::nullopt;
  return Class;
}

/// `pcmpeqb %xmm1, %xmm1; maskmovdqu %xmm1, %xmm0; movups (%rdi,%rax),
/// %xmm0`: the store at RDI, which it takes implicitly, all of its bytes
/// selected, and the reload of what it wrote into its data.
static std::optional<PreparedSnippet>
getMaskedByteStoreSnippet(const LLVMState &State,
                          const InstructionModel &Model) {
  std::optional<int> Class = getMaskedByteStoreClass(State, Model);
  const ExegesisTarget &ET = State.getExegesisTarget();
  const Triple &TT = State.getTriple();
  MCRegister RDI = namedX86Register(State, "RDI"),
             RAX = namedX86Register(State, "RAX");
  MCRegister LoopCounter = ET.getDefaultLoopCounterRegister(TT);
  if (!Class || !RDI || !RAX || ET.getScratchMemoryRegister(TT) != RDI ||
      (LoopCounter && State.getRegInfo().regsOverlap(LoopCounter, RAX)))
    return std::nullopt;
  bool MMX = x86ClassContains(State, *Class, namedX86Register(State, "MM0"));
  StringRef Name = Model.getName();
  unsigned Bytes = MMX ? 8 : 16;
  std::string ReloadName =
      getReloadName(Name, MMX ? DataKind::MMX : DataKind::Vector, Bytes);
  StringRef CompareName = MMX                     ? "MMX_PCMPEQBrr"
                          : Name.starts_with("V") ? "VPCMPEQBrr"
                                                  : "PCMPEQBrr";
  std::optional<unsigned> ReloadOpcode = State.getOpcodeByName(ReloadName);
  std::optional<unsigned> Compare = State.getOpcodeByName(CompareName);
  if (!ReloadOpcode || !Compare)
    return std::nullopt;
  std::optional<TimedReload> Timed = getTimedReload(State, *ReloadOpcode);
  MCRegister Mask = namedX86Register(State, MMX ? "MM1" : "XMM1");
  if (!Timed || !Mask || !x86ClassContains(State, *Class, Timed->Result) ||
      !x86ClassContains(State, *Class, Mask) ||
      State.getRegInfo().regsOverlap(Mask, Timed->Result))
    return std::nullopt;
  // The data is the first register (the one the encoding's reg field
  // holds), the mask the second.
  MCRegister Data = Timed->Result;
  PreparedSnippet Snippet;
  Snippet.Instructions = {inst(*Compare, {reg(Mask), reg(Mask), reg(Mask)}),
                          Model.build({reg(Data), reg(Mask)}), Timed->Reload};
  Snippet.Info =
      ("Latency through memory and back: " + Name + " stores the " +
       Twine(Bytes) + " bytes of " + State.getRegisterName(Data) +
       " at RDI (the address it takes implicitly, the scratch pointer) "
       "under the mask " +
       State.getRegisterName(Mask) + ", all ones by " +
       (Name.starts_with("V") ? "vpcmpeqb" : "pcmpeqb") +
       " in each repetition, off the chain (only the store reads it), so "
       "every byte is written; " +
       ReloadName + " reloads them from RDI+RAX (RAX 0) into " +
       State.getRegisterName(Data) +
       ", which the next store stores. Its non-temporal hint may send the "
       "bytes past the caches: the value is what a store of it and a reload "
       "of the same address take on this host, which may be a round trip "
       "through memory rather than through the L1 cache" +
       ReloadSubtracted)
          .str();
  Snippet.SubtractedChains = std::move(Timed->Chains);
  return Snippet;
}

std::optional<PreparedSnippet>
getX86VectorStoreSnippet(const LLVMState &State,
                         const InstructionModel &Model) {
  const Triple &TT = State.getTriple();
  const MCInstrDesc &Desc = Model.getDesc();
  if (!TT.isArch64Bit())
    return std::nullopt;
  if (std::optional<PreparedSnippet> Masked =
          getMaskedByteStoreSnippet(State, Model))
    return Masked;
  if (!(Desc.mayStore() || isUndeclaredX86Store(State, Desc)) ||
      Desc.getNumDefs() != 0 || Model.memoryReferences().size() != 1 ||
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
  std::optional<TimedReload> Timed = getTimedReload(State, *ReloadOpcode);
  if (!Timed)
    return std::nullopt;
  MCRegister Result = Timed->Result;
  MCRegister Data = overlapping(State, DataClass, Result);
  if (!Data || (VectorMask && RI.regsOverlap(VectorMask, Data)))
    return std::nullopt;
  Values[Shape->DataSlot] = reg(Data);

  PreparedSnippet Snippet;
  Snippet.Instructions = Setup;
  Snippet.Instructions.push_back(Model.build(Values));
  Snippet.Instructions.push_back(Timed->Reload);
  std::string Info =
      ("Latency through memory and back: " + Model.getName() + " stores " +
       State.getRegisterName(Data) + " at RDI+RAX (RAX 0), " + ReloadName +
       " reloads the " + Twine(*Bytes) + (*Bytes == 1 ? " byte" : " bytes") +
       " it wrote into " + State.getRegisterName(Result) +
       ", which the next store stores")
          .str();
  if (!Desc.mayStore())
    Info += " (LLVM's descriptor leaves out that " + Model.getName().str() +
            " stores, which its masked form says: its destination is its "
            "memory operand)";
  if (Shape->WriteMaskSlot)
    Info +=
        "; its write mask K2 is all ones, set by `" +
        State.getOpcodeName(Setup.front().getOpcode()).drop_back(2).lower() +
        " %k0, %k0, %k2` in each repetition, off the chain";
  if (VectorMask)
    Info += "; its mask " + State.getRegisterName(VectorMask).str() +
            " is all ones, set by vpcmpeqd in each repetition, off the chain "
            "(only the store reads it)";
  Info += ReloadSubtracted;
  Snippet.Info = std::move(Info);
  Snippet.SubtractedChains = std::move(Timed->Chains);
  return Snippet;
}

} // namespace exegesis
} // namespace llvm
