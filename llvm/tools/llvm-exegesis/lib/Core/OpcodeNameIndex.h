//===-- OpcodeNameIndex.h - Opcode lookup by name without a hash map -*- C++
//-*-//
//
// Tablegen'd opcode enums are not installed, so opcodes are found by name.
// LLVM numbers a target's own opcodes in name order after the generic ones,
// which lets a lookup search by halves instead of hashing some 20,000 names
// every time the tool starts. Shared by LLVMState (names from users and
// YAML) and the targets (names they resolve once).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_OPCODENAMEINDEX_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_OPCODENAMEINDEX_H

#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInstrInfo.h"
#include <optional>

namespace llvm {
namespace exegesis {

class OpcodeNameIndex {
public:
  explicit OpcodeNameIndex(const MCInstrInfo &InstrInfo);

  std::optional<unsigned> find(StringRef Name) const;

private:
  const MCInstrInfo &InstrInfo;
  /// Opcodes from here on are sorted by name; the ones before are searched
  /// one by one (a few hundred generic opcodes).
  unsigned FirstSortedOpcode = 0;
};

} // namespace exegesis
} // namespace llvm

#endif
