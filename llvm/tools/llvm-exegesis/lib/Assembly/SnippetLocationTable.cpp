//===-- SnippetLocationTable.cpp - Where snippet instructions sit ---------===//

#include "Assembly/SnippetLocationTable.h"
#include <algorithm>
#include <cassert>

namespace llvm {
namespace exegesis {

SnippetLocationTable
SnippetLocationTable::repeated(uint64_t FirstOffset, uint64_t CopyBytes,
                               ArrayRef<uint64_t> OffsetsInCopy,
                               uint64_t NumCopies) {
  assert(std::is_sorted(OffsetsInCopy.begin(), OffsetsInCopy.end()) &&
         (OffsetsInCopy.empty() || OffsetsInCopy.back() < CopyBytes) &&
         "offsets within one copy");
  SnippetLocationTable Table;
  Table.IsRepeated = true;
  Table.FirstOffset = FirstOffset;
  Table.CopyBytes = CopyBytes;
  Table.NumCopies = NumCopies;
  Table.OffsetsInCopy.assign(OffsetsInCopy.begin(), OffsetsInCopy.end());
  return Table;
}

SnippetLocationTable SnippetLocationTable::listed(
    std::vector<SnippetInstructionLocation> Locations) {
  SnippetLocationTable Table;
  Table.Listed = std::move(Locations);
  return Table;
}

SnippetInstructionLocation
SnippetLocationTable::operator[](uint64_t Index) const {
  assert(Index < size() && "no such emitted instruction");
  if (!IsRepeated)
    return Listed[Index];
  uint64_t Copy = Index / OffsetsInCopy.size();
  unsigned InCopy = static_cast<unsigned>(Index % OffsetsInCopy.size());
  return {FirstOffset + Copy * CopyBytes + OffsetsInCopy[InCopy], InCopy};
}

std::optional<SnippetInstructionLocation>
SnippetLocationTable::find(uint64_t Offset) const {
  if (!IsRepeated) {
    auto It = std::lower_bound(Listed.begin(), Listed.end(), Offset,
                               [](const SnippetInstructionLocation &L,
                                  uint64_t O) { return L.Offset < O; });
    if (It == Listed.end() || It->Offset != Offset)
      return std::nullopt;
    return *It;
  }
  if (OffsetsInCopy.empty() || CopyBytes == 0 || Offset < FirstOffset)
    return std::nullopt;
  uint64_t Copy = (Offset - FirstOffset) / CopyBytes;
  if (Copy >= NumCopies)
    return std::nullopt;
  uint64_t WithinCopy = (Offset - FirstOffset) % CopyBytes;
  auto It =
      std::lower_bound(OffsetsInCopy.begin(), OffsetsInCopy.end(), WithinCopy);
  if (It == OffsetsInCopy.end() || *It != WithinCopy)
    return std::nullopt;
  return SnippetInstructionLocation{
      Offset, static_cast<unsigned>(It - OffsetsInCopy.begin())};
}

} // namespace exegesis
} // namespace llvm
