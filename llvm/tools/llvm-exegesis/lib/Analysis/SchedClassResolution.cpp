//===-- SchedClassResolution.cpp --------------------------------*- C++ -*-===//

#include "Analysis/SchedClassResolution.h"
#include "Results/OperandPairKey.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <map>
#include <numeric>

namespace llvm {
namespace exegesis {

// Variant classes can resolve to other variant classes; a model that loops
// would be a tablegen bug, but must not hang the tool.
static constexpr unsigned MaxVariantResolutionDepth = 16;

ResolvedSchedClass ResolvedSchedClass::resolve(const MCSubtargetInfo &STI,
                                               const MCInstrInfo &InstrInfo,
                                               const MCInst &MI,
                                               const MCRegisterInfo *RegInfo) {
  ResolvedSchedClass Result;
  Result.STI = &STI;
  Result.InstrDesc = &InstrInfo.get(MI.getOpcode());
  Result.RegInfo = RegInfo;
  const MCSchedModel &SM = STI.getSchedModel();
  Result.SchedModel = &SM;
  Result.SchedClassId = InstrInfo.get(MI.getOpcode()).getSchedClass();
  if (!SM.hasInstrSchedModel() || Result.SchedClassId >= SM.NumSchedClasses) {
    Result.Name = "<no scheduling model>";
    return Result;
  }
  const MCSchedClassDesc *Desc = SM.getSchedClassDesc(Result.SchedClassId);
  for (unsigned Depth = 0;
       Desc->isVariant() && Depth < MaxVariantResolutionDepth; ++Depth) {
    Result.WasVariant = true;
    Result.SchedClassId = STI.resolveVariantSchedClass(
        Result.SchedClassId, &MI, &InstrInfo, SM.getProcessorID());
    Desc = SM.getSchedClassDesc(Result.SchedClassId);
  }
  Result.SCDesc = Desc;
  Result.Name = SM.getSchedClassName(Result.SchedClassId).str();
  if (!Result.isValid())
    return Result;
  Result.Latency = MCSchedModel::computeInstrLatency(STI, *Desc);
  Result.NumMicroOps = Desc->NumMicroOps;
  Result.ReciprocalThroughput =
      MCSchedModel::getReciprocalThroughput(STI, *Desc);
  Result.computeWriteProcResources(STI);
  Result.computeIdealizedPortPressure();
  return Result;
}

/// The individual units (resources without sub-units) that make up \p Idx.
static SmallVector<unsigned, 8> getUnits(const MCSchedModel &SM, unsigned Idx,
                                         unsigned Depth = 0) {
  SmallVector<unsigned, 8> Units;
  const MCProcResourceDesc *Desc = SM.getProcResource(Idx);
  if (!Desc->SubUnitsIdxBegin || Depth > 8) {
    Units.push_back(Idx);
    return Units;
  }
  for (unsigned I = 0; I < Desc->NumUnits; ++I)
    for (unsigned Unit : getUnits(SM, Desc->SubUnitsIdxBegin[I], Depth + 1))
      if (!is_contained(Units, Unit))
        Units.push_back(Unit);
  llvm::sort(Units);
  return Units;
}

/// True when \p Super is \p Idx or one of its super-resources.
static bool isSuperResourceOf(const MCSchedModel &SM, unsigned Super,
                              unsigned Idx) {
  for (unsigned Depth = 0; Idx != 0 && Depth < 16; ++Depth) {
    if (Idx == Super)
      return true;
    Idx = SM.getProcResource(Idx)->SuperIdx;
  }
  return false;
}

void ResolvedSchedClass::computeWriteProcResources(const MCSubtargetInfo &STI) {
  const MCSchedModel &SM = *SchedModel;
  struct Entry {
    unsigned Idx;
    double Cycles;
    SmallVector<unsigned, 8> Units;
  };
  SmallVector<Entry, 8> Entries;
  for (const MCWriteProcResEntry &WPR : make_range(
           STI.getWriteProcResBegin(SCDesc), STI.getWriteProcResEnd(SCDesc))) {
    if (WPR.ReleaseAtCycle == 0 || WPR.ProcResourceIdx == 0 ||
        WPR.ProcResourceIdx >= SM.getNumProcResourceKinds())
      continue;
    Entries.push_back({WPR.ProcResourceIdx, double(WPR.ReleaseAtCycle),
                       getUnits(SM, WPR.ProcResourceIdx)});
  }
  // Smaller resources first: a group's cycles already spent on its members
  // (listed before it) are the ones tablegen repeats for the group.
  llvm::stable_sort(Entries, [](const Entry &A, const Entry &B) {
    return A.Units.size() < B.Units.size();
  });
  SmallVector<Entry, 8> Kept;
  for (Entry &E : Entries) {
    double Covered = 0;
    for (const Entry &K : Kept) {
      bool Contained = std::includes(E.Units.begin(), E.Units.end(),
                                     K.Units.begin(), K.Units.end()) ||
                       isSuperResourceOf(SM, E.Idx, K.Idx);
      if (Contained)
        Covered += K.Cycles;
    }
    if (E.Cycles > Covered) {
      E.Cycles -= Covered;
      Kept.push_back(E);
    }
  }
  for (const Entry &K : Kept)
    WriteProcResources.push_back({K.Idx, K.Cycles});
}

void ResolvedSchedClass::computeIdealizedPortPressure() {
  const MCSchedModel &SM = *SchedModel;
  std::map<unsigned, double> Pressure;
  for (const ProcResourceUse &Use : WriteProcResources) {
    SmallVector<unsigned, 8> Units = getUnits(SM, Use.ProcResIdx);
    if (Units.size() == 1) {
      Pressure[Units.front()] += Use.Cycles;
      continue;
    }
    // Water-filling: raise the least busy units to a common level L such
    // that the added pressure is exactly the group's cycles.
    SmallVector<double, 8> Loads;
    for (unsigned Unit : Units)
      Loads.push_back(Pressure[Unit]);
    llvm::sort(Loads);
    double Level = 0, Sum = 0;
    for (size_t K = 0; K < Loads.size(); ++K) {
      Sum += Loads[K];
      Level = (Use.Cycles + Sum) / double(K + 1);
      if (K + 1 == Loads.size() || Level <= Loads[K + 1])
        break;
    }
    for (unsigned Unit : Units)
      Pressure[Unit] = std::max(Pressure[Unit], Level);
  }
  for (const auto &[Idx, Cycles] : Pressure)
    if (Cycles > 0)
      IdealizedPortPressure.push_back({Idx, Cycles});
}

StringRef ResolvedSchedClass::getProcResourceName(unsigned ProcResIdx) const {
  if (!SchedModel || !SchedModel->hasInstrSchedModel() ||
      ProcResIdx >= SchedModel->getNumProcResourceKinds())
    return "";
  return SchedModel->getProcResource(ProcResIdx)->Name;
}

std::optional<double> ResolvedSchedClass::getModelValue(BenchmarkMode Mode,
                                                        StringRef Key) const {
  if (!isValid())
    return std::nullopt;
  if (Key == "latency")
    return ChainLatency ? *ChainLatency : double(Latency);
  if (Key == "inverse_throughput")
    return ReciprocalThroughput;
  if (Key == "NumMicroOps")
    return double(NumMicroOps);
  if (Mode == BenchmarkMode::Latency)
    if (std::optional<StringRef> Pair = getOperandPairName(Key)) {
      auto [In, Out] = Pair->split("->");
      return getOperandPairLatency(In, Out);
    }
  if (Mode != BenchmarkMode::Uops)
    return std::nullopt;
  std::optional<unsigned> Resource = findProcResourceOfKey(*SchedModel, Key);
  if (!Resource)
    return std::nullopt;
  for (const ProcResourceUse &Use : IdealizedPortPressure)
    if (Use.ProcResIdx == *Resource)
      return Use.Cycles;
  return 0.0;
}

// The index of the implicit register named \p Name in \p Regs.
static std::optional<unsigned> findImplicit(const MCRegisterInfo *RegInfo,
                                            ArrayRef<MCPhysReg> Regs,
                                            StringRef Name) {
  if (!RegInfo)
    return std::nullopt;
  for (unsigned I = 0; I < Regs.size(); ++I)
    if (Name == RegInfo->getName(Regs[I]))
      return I;
  return std::nullopt;
}

// The N of `op<N>`.
static std::optional<unsigned> getExplicitIndex(StringRef Name) {
  unsigned Index = 0;
  if (!Name.consume_front("op") || Name.getAsInteger(10, Index))
    return std::nullopt;
  return Index;
}

std::optional<double>
ResolvedSchedClass::getOperandPairLatency(StringRef In, StringRef Out) const {
  if (!isValid() || !InstrDesc)
    return std::nullopt;
  const MCInstrDesc &Desc = *InstrDesc;
  const unsigned NumDefs = Desc.getNumDefs();
  const unsigned NumExplicitUses = Desc.getNumOperands() - NumDefs;
  // Writes and reads are numbered as MCA numbers them: explicit defs, then
  // implicit ones; explicit uses (tied ones included), then implicit ones.
  std::optional<unsigned> DefIndex;
  if (std::optional<unsigned> Index = getExplicitIndex(Out)) {
    if (*Index < NumDefs)
      DefIndex = *Index;
  } else if (std::optional<unsigned> I =
                 findImplicit(RegInfo, Desc.implicit_defs(), Out)) {
    DefIndex = NumDefs + *I;
  }
  std::optional<unsigned> UseIndex;
  if (std::optional<unsigned> Index = getExplicitIndex(In)) {
    if (*Index >= NumDefs && *Index < Desc.getNumOperands())
      UseIndex = *Index - NumDefs;
  } else if (In == "mem") {
    // The address: the first operand of the memory reference.
    for (unsigned I = NumDefs; I < Desc.getNumOperands(); ++I)
      if (Desc.operands()[I].OperandType == MCOI::OPERAND_MEMORY) {
        UseIndex = I - NumDefs;
        break;
      }
  } else if (std::optional<unsigned> I =
                 findImplicit(RegInfo, Desc.implicit_uses(), In)) {
    UseIndex = NumExplicitUses + *I;
  }
  if (!DefIndex || !UseIndex)
    return std::nullopt;
  // A write without an entry of its own has the instruction's latency, as
  // in MCA.
  int Cycles = Latency;
  unsigned WriteResourceID = 0;
  if (*DefIndex < SCDesc->NumWriteLatencyEntries) {
    const MCWriteLatencyEntry *Entry =
        STI->getWriteLatencyEntry(SCDesc, *DefIndex);
    Cycles = Entry->Cycles < 0 ? Latency : Entry->Cycles;
    WriteResourceID = Entry->WriteResourceID;
  }
  int Advance = STI->getReadAdvanceCycles(SCDesc, *UseIndex, WriteResourceID);
  return double(std::max(0, Cycles - Advance));
}

void ResolvedSchedClass::useChainsOf(const MCInst &MI) {
  if (!isValid() || !InstrDesc || !RegInfo)
    return;
  const MCInstrDesc &Desc = *InstrDesc;
  const unsigned NumDefs = Desc.getNumDefs();
  // Every register the instruction reads and writes, by the names
  // getOperandPairLatency takes.
  SmallVector<std::pair<std::string, MCRegister>, 8> Uses, Defs;
  for (unsigned I = 0; I < MI.getNumOperands() && I < Desc.getNumOperands();
       ++I) {
    const MCOperand &Op = MI.getOperand(I);
    if (!Op.isReg() || !Op.getReg().isValid())
      continue;
    (I < NumDefs ? Defs : Uses)
        .push_back({"op" + std::to_string(I), Op.getReg()});
  }
  for (MCPhysReg Reg : Desc.implicit_uses())
    Uses.push_back({RegInfo->getName(Reg), Reg});
  for (MCPhysReg Reg : Desc.implicit_defs())
    Defs.push_back({RegInfo->getName(Reg), Reg});
  std::optional<double> Longest;
  for (const auto &[DefName, Def] : Defs)
    for (const auto &[UseName, Use] : Uses)
      if (RegInfo->regsOverlap(Def, Use))
        if (std::optional<double> L = getOperandPairLatency(UseName, DefName))
          Longest = std::max(Longest.value_or(0), *L);
  ChainLatency = Longest;
}

std::optional<unsigned> findProcResourceOfKey(const MCSchedModel &SM,
                                              StringRef Key) {
  const unsigned NumKinds = SM.getNumProcResourceKinds();
  // Older files key uops measurements by the resource's index in the
  // model, in decimal, which is what '3' to '10' are on Haswell (HWPort0 to
  // HWPort7); index 0 is no resource.
  unsigned Idx = 0;
  if (!Key.empty() && all_of(Key, isDigit) && !Key.getAsInteger(10, Idx))
    return Idx > 0 && Idx < NumKinds ? std::optional<unsigned>(Idx)
                                     : std::nullopt;
  for (Idx = 1; Idx < NumKinds; ++Idx)
    if (Key == SM.getProcResource(Idx)->Name)
      return Idx;
  return std::nullopt;
}

} // namespace exegesis
} // namespace llvm
