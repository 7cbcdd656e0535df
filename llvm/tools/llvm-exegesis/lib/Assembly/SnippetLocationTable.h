//===-- SnippetLocationTable.h - Where snippet instructions sit -*- C++ -*-===//
//
// Where each snippet instruction emitted into a measured function sits, so
// that a fault offset can be mapped back to the snippet instruction at
// fault. A straight-line function holds thousands of identical copies of the
// snippet, so the table keeps one copy's offsets and the copy's size and
// computes the rest; only copies that may differ (instructions with fixups,
// emitted one by one) are listed one by one. A full list took 16 bytes per
// instruction, five times the code it described, and was most of what a
// measured sweep wrote per benchmark into pages the last fork had made
// copy-on-write.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_SNIPPETLOCATIONTABLE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_SNIPPETLOCATIONTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <optional>
#include <vector>

namespace llvm {
namespace exegesis {

/// One emitted snippet instruction.
struct SnippetInstructionLocation {
  /// Offset of the instruction from the start of the function.
  uint64_t Offset;
  /// Index of the instruction in BenchmarkKey::Instructions.
  unsigned SnippetIndex;

  bool operator==(const SnippetInstructionLocation &Other) const {
    return Offset == Other.Offset && SnippetIndex == Other.SnippetIndex;
  }
};

/// Every emitted snippet instruction, by increasing offset.
class SnippetLocationTable {
public:
  SnippetLocationTable() = default;

  /// \p NumCopies back-to-back copies of the same bytes, the first at
  /// \p FirstOffset, each \p CopyBytes long; instruction I of the snippet
  /// starts \p OffsetsInCopy[I] bytes into a copy (increasing).
  static SnippetLocationTable repeated(uint64_t FirstOffset, uint64_t CopyBytes,
                                       ArrayRef<uint64_t> OffsetsInCopy,
                                       uint64_t NumCopies);
  /// The locations one by one (increasing offsets).
  static SnippetLocationTable
  listed(std::vector<SnippetInstructionLocation> Locations);

  uint64_t size() const {
    return IsRepeated ? NumCopies * OffsetsInCopy.size() : Listed.size();
  }
  bool empty() const { return size() == 0; }
  /// The \p Index-th emitted instruction (Index < size()).
  SnippetInstructionLocation operator[](uint64_t Index) const;
  /// The snippet instruction that starts at \p Offset, if one does.
  std::optional<SnippetInstructionLocation> find(uint64_t Offset) const;

private:
  bool IsRepeated = false;
  uint64_t FirstOffset = 0;
  uint64_t CopyBytes = 0;
  uint64_t NumCopies = 0;
  std::vector<uint64_t> OffsetsInCopy;
  std::vector<SnippetInstructionLocation> Listed;
};

} // namespace exegesis
} // namespace llvm

#endif
