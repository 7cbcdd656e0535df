//===-- NearestName.h - The closest known name, for a hint -------*- C++
//-*-===//
//
// A name read from a file can be one that this LLVM no longer has: opcodes
// and registers are renamed between releases, and results files outlive
// them. The reader then says which known name is closest ("did you mean
// 'VADDPDYrr' ?"), by edit distance, as LLVM's option parser does for
// misspelled options. Only a close name is worth a hint: beyond a couple of
// edits the closest of some 20,000 opcode names is a coincidence.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_NEARESTNAME_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_NEARESTNAME_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace llvm {
namespace exegesis {

/// Collects candidate names one by one and keeps the closest to the wanted
/// one. The first candidate at the smallest distance wins, so the result
/// does not depend on anything but the order of the candidates.
class NearestNameFinder {
public:
  /// Names more than \p MaxDistance edits away are never suggested.
  explicit NearestNameFinder(StringRef Wanted, unsigned MaxDistance = 2);

  void consider(StringRef Candidate);

  /// The closest candidate seen, if one was close enough.
  std::optional<StringRef> getNearest() const { return Nearest; }

private:
  StringRef Wanted;
  unsigned MaxDistance;
  unsigned BestDistance;
  std::optional<StringRef> Nearest;
};

} // namespace exegesis
} // namespace llvm

#endif
