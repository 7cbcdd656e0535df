//===-- OpcodeNameIndex.cpp -------------------------------------*- C++ -*-===//

#include "Core/OpcodeNameIndex.h"

namespace llvm {
namespace exegesis {

OpcodeNameIndex::OpcodeNameIndex(const MCInstrInfo &InstrInfo)
    : InstrInfo(InstrInfo) {
  FirstSortedOpcode = InstrInfo.getNumOpcodes();
  while (FirstSortedOpcode > 1 && InstrInfo.getName(FirstSortedOpcode - 2) <
                                      InstrInfo.getName(FirstSortedOpcode - 1))
    --FirstSortedOpcode;
  if (FirstSortedOpcode > 0)
    --FirstSortedOpcode;
}

std::optional<unsigned> OpcodeNameIndex::find(StringRef Name) const {
  unsigned Low = FirstSortedOpcode, High = InstrInfo.getNumOpcodes();
  while (Low < High) {
    unsigned Mid = Low + (High - Low) / 2;
    if (InstrInfo.getName(Mid) < Name)
      Low = Mid + 1;
    else
      High = Mid;
  }
  if (Low < InstrInfo.getNumOpcodes() && InstrInfo.getName(Low) == Name)
    return Low;
  for (unsigned Opcode = 0; Opcode < FirstSortedOpcode; ++Opcode)
    if (InstrInfo.getName(Opcode) == Name)
      return Opcode;
  return std::nullopt;
}

} // namespace exegesis
} // namespace llvm
