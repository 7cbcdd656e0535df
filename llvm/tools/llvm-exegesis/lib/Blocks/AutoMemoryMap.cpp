//===-- AutoMemoryMap.cpp ---------------------------------------*- C++ -*-===//

#include "Blocks/AutoMemoryMap.h"
#include "Core/LLVMState.h"
#include "Core/RegisterWidth.h"
#include "Core/Target.h"
#include "Execution/ChildAddressSpace.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace llvm {
namespace exegesis {

static constexpr size_t AutoMapPageSize = AutoMappedPages::PageSize;
/// 1.0 as a double: what every lane of a vector register the block reads
/// holds (benign: no denormals, no NaNs, no division by zero).
static constexpr uint64_t AutoMapVectorLane = 0x3FF0000000000000;

std::optional<std::string> whyAutoMapUnsupported(const LLVMState &State) {
  if (!State.getExegesisTarget().canAutoMapMemory(State.getTriple()))
    return std::string("-auto-map-memory supports x86-64 blocks only");
  return std::nullopt;
}

/// Whether \p Reg is a general-purpose register: in a 64-bit register class
/// that also holds the stack pointer.
static bool isGeneralPurpose(const MCRegisterInfo &RegInfo, MCRegister Sp,
                             MCRegister Reg) {
  for (unsigned I = 0; I < RegInfo.getNumRegClasses(); ++I) {
    const MCRegisterClass &Class = RegInfo.getRegClass(I);
    if (Class.getSizeInBits() == 64 && Class.contains(Sp) &&
        Class.contains(Reg))
      return true;
  }
  return false;
}

/// The widest register of which \p Reg is a part, no wider than \p MaxBits.
static MCRegister widestSuper(const LLVMState &State, MCRegister Reg,
                              unsigned MaxBits) {
  MCRegister Widest = Reg;
  for (MCPhysReg Super : State.getRegInfo().superregs_inclusive(Reg))
    if (getRegisterBitWidth(State, Super) <= MaxBits &&
        getRegisterBitWidth(State, Super) > getRegisterBitWidth(State, Widest))
      Widest = Super;
  return Widest;
}

/// Whether any register \p Code names (operands, implicit uses and defs,
/// initial values, live-ins) overlaps \p Reg.
static bool usesRegister(const LLVMState &State, const BenchmarkCode &Code,
                         MCRegister Reg) {
  const MCRegisterInfo &RegInfo = State.getRegInfo();
  auto Overlaps = [&](MCRegister Other) {
    return Other.isValid() && RegInfo.regsOverlap(Other, Reg);
  };
  for (const MCInst &Inst : Code.Key.Instructions) {
    const MCInstrDesc &Desc = State.getInstrInfo().get(Inst.getOpcode());
    for (const MCOperand &Op : Inst)
      if (Op.isReg() && Overlaps(Op.getReg()))
        return true;
    if (any_of(Desc.implicit_uses(), Overlaps) ||
        any_of(Desc.implicit_defs(), Overlaps))
      return true;
  }
  return any_of(Code.Key.RegisterInitialValues,
                [&](const RegisterValue &V) { return Overlaps(V.Register); }) ||
         any_of(Code.LiveIns, Overlaps);
}

/// A block cannot say which register counts the loop (a hex line has no
/// annotations), and one that uses the default counter (R8 on x86-64) would
/// be measured as straight-line code only, which on a busy front end reads
/// other than the loop. Such a block gets the first general-purpose register
/// it does not use; the annotations in `info` name it.
static void chooseLoopRegister(const LLVMState &State, BenchmarkCode &Code) {
  if (Code.LoopRegister.isValid())
    return;
  MCRegister Default = State.getExegesisTarget().getDefaultLoopCounterRegister(
      State.getTriple());
  if (!Default.isValid() || !usesRegister(State, Code, Default))
    return;
  const MCRegisterInfo &RegInfo = State.getRegInfo();
  for (unsigned I = 0; I < RegInfo.getNumRegClasses(); ++I) {
    const MCRegisterClass &Class = RegInfo.getRegClass(I);
    if (StringRef(RegInfo.getRegClassName(&Class)) != "GR64_NOSP")
      continue;
    // R16-R31 (encodings 16 and up) need APX, which a block that does not
    // name them cannot be assumed to run with.
    for (MCPhysReg Candidate : Class)
      if (RegInfo.getEncodingValue(Candidate) < 16 &&
          StringRef(RegInfo.getName(Candidate)) != "RIP" &&
          !usesRegister(State, Code, Candidate)) {
        Code.LoopRegister = Candidate;
        return;
      }
  }
}

void prepareAutoMappedBlock(const LLVMState &State, BenchmarkCode &Code) {
  const MCRegisterInfo &RegInfo = State.getRegInfo();
  const MCInstrInfo &InstrInfo = State.getInstrInfo();
  MCRegister Sp = State.getExegesisTarget().getStackPointerRegister();
  auto IsDefined = [&](MCRegister Reg) {
    return any_of(Code.Key.RegisterInitialValues, [&](const RegisterValue &V) {
      return RegInfo.regsOverlap(V.Register, Reg);
    });
  };
  auto Define = [&](MCRegister Used) {
    if (!Used.isValid() || IsDefined(Used))
      return;
    MCRegister Reg = widestSuper(State, Used, 64);
    if (Sp.isValid() && isGeneralPurpose(RegInfo, Sp, Reg)) {
      if (StringRef(RegInfo.getName(Reg)) == "RIP")
        return;
      Code.Key.RegisterInitialValues.push_back(
          {Reg, APInt(64, AutoMapRegisterValue)});
      return;
    }
    unsigned Width = getRegisterBitWidth(State, Used);
    if (Width >= 128 && Width % 64 == 0) {
      APInt Value(Width, 0);
      for (unsigned Lane = 0; Lane < Width / 64; ++Lane)
        Value.insertBits(APInt(64, AutoMapVectorLane), Lane * 64);
      Code.Key.RegisterInitialValues.push_back({Used, Value});
    }
  };
  for (const MCInst &Inst : Code.Key.Instructions) {
    const MCInstrDesc &Desc = InstrInfo.get(Inst.getOpcode());
    for (unsigned I = Desc.getNumDefs(); I < Inst.getNumOperands(); ++I)
      if (Inst.getOperand(I).isReg())
        Define(Inst.getOperand(I).getReg());
    for (MCPhysReg Implicit : Desc.implicit_uses())
      Define(Implicit);
  }
  MemoryValue Page;
  Page.Value = APInt(64, AutoMapRegisterValue);
  Page.SizeBytes = AutoMapPageSize;
  Page.Index = Code.Key.MemoryValues.size();
  Code.Key.MemoryValues[AutoMapValueName] = Page;
  Code.Key.MemoryMappings.push_back({AutoMapFirstPage, AutoMapValueName});
  chooseLoopRegister(State, Code);
}

unsigned getAutoMapPhysicalPageLimit(const L1CacheSize &Cache) {
  return static_cast<unsigned>(
      std::max<uint64_t>(1, Cache.Bytes / AutoMapPageSize));
}

AutoMappedPages getInitialAutoMappedPages(const L1CacheSize &Cache) {
  AutoMappedPages Pages(getAutoMapPhysicalPageLimit(Cache));
  Pages.addPage(AutoMapFirstPage);
  return Pages;
}

void applyAutoMappedPages(const AutoMappedPages &Pages, BenchmarkCode &Code) {
  MemoryValue &Value = Code.Key.MemoryValues[AutoMapValueName];
  Value.Value = APInt(64, AutoMapRegisterValue);
  Value.SizeBytes = Pages.getNumPhysicalPages() * AutoMapPageSize;
  erase_if(Code.Key.MemoryMappings, [](const MemoryMapping &M) {
    return M.MemoryValueName == AutoMapValueName;
  });
  for (const AutoMappedPages::Run &Run : Pages.getRuns()) {
    MemoryMapping Mapping;
    Mapping.Address = Run.Address;
    Mapping.MemoryValueName = AutoMapValueName;
    // Upstream's form where it says the same: the whole value, once.
    uint64_t Length = Run.Pages * AutoMapPageSize;
    if (Length != Value.SizeBytes || Run.FirstPhysicalPage != 0) {
      Mapping.Length = Length;
      Mapping.Offset = Run.FirstPhysicalPage * AutoMapPageSize;
    }
    Code.Key.MemoryMappings.push_back(std::move(Mapping));
  }
}

std::optional<std::string> mapFaultingPage(BenchmarkCode &Code,
                                           AutoMappedPages &Pages,
                                           uintptr_t FaultAddress,
                                           uint64_t MaxPages) {
  Expected<AddressSpaceConstraints> Constraints =
      getCurrentAddressSpaceConstraints();
  if (!Constraints)
    return toString(Constraints.takeError());
  if (std::optional<std::string> Why =
          Pages.mapFault(FaultAddress, MaxPages, *Constraints))
    return Why;
  applyAutoMappedPages(Pages, Code);
  return std::nullopt;
}

/// "the host's L1 data cache of 32 KiB, from sysfs".
static std::string describeCache(const L1CacheSize &Cache) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "the host's L1 data cache of ";
  if (Cache.Bytes % 1024 == 0)
    OS << Cache.Bytes / 1024 << " KiB";
  else
    OS << Cache.Bytes << " bytes";
  if (Cache.Source.empty())
    OS << " (assumed: neither sysfs nor sysconf gives its size)";
  else
    OS << ", from " << Cache.Source;
  return Text;
}

std::string describeAutoMappedMemory(const LLVMState &State,
                                     const BenchmarkCode &Code,
                                     const AutoMappedPages &Pages,
                                     const L1CacheSize &Cache) {
  std::string Text;
  raw_string_ostream OS(Text);
  uint64_t NumPages = Pages.size();
  unsigned Physical = Pages.getNumPhysicalPages();
  OS << "auto-mapped " << NumPages << (NumPages == 1 ? " page" : " pages");
  if (NumPages > Pages.getPhysicalPageLimit())
    OS << " on " << Physical << " physical pages (as many as fit "
       << describeCache(Cache)
       << "; the n-th page in address order is physical page n mod " << Physical
       << ")";
  else if (NumPages > 1)
    OS << ", each on a physical page of its own (up to "
       << Pages.getPhysicalPageLimit() << " fit " << describeCache(Cache)
       << ")";
  auto Value = Code.Key.MemoryValues.find(AutoMapValueName);
  OS << ", as annotations: LLVM-EXEGESIS-MEM-DEF " << AutoMapValueName << " "
     << (Value == Code.Key.MemoryValues.end() ? AutoMapPageSize
                                              : Value->second.SizeBytes)
     << " " << format_hex_no_prefix(AutoMapRegisterValue, 16);
  for (const MemoryMapping &Mapping : Code.Key.MemoryMappings) {
    if (Mapping.MemoryValueName != AutoMapValueName)
      continue;
    OS << "; LLVM-EXEGESIS-MEM-MAP " << AutoMapValueName << " "
       << Mapping.Address;
    if (Mapping.Length)
      OS << " " << Mapping.Length;
    if (Mapping.Offset)
      OS << " " << Mapping.Offset;
  }
  if (Code.LoopRegister.isValid())
    OS << "; LLVM-EXEGESIS-LOOP-REGISTER "
       << State.getRegisterName(Code.LoopRegister);
  return Text;
}

} // namespace exegesis
} // namespace llvm
