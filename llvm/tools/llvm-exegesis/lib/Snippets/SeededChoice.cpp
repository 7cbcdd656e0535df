//===-- SeededChoice.cpp ----------------------------------------*- C++ -*-===//

#include "Snippets/SeededChoice.h"
#include <cassert>

namespace llvm {
namespace exegesis {

size_t SeededChoice::index(size_t N) {
  assert(N >= 1 && N <= UINT32_MAX && "no index to choose");
  const uint32_t Range = static_cast<uint32_t>(N);
  // The high half of a 32-bit number times Range is an index below Range.
  uint64_t Product = uint64_t(uint32_t(Engine())) * Range;
  uint32_t Low = static_cast<uint32_t>(Product);
  if (Low < Range) {
    // The first 2^32 mod Range low halves would favour some indices.
    const uint32_t Threshold = static_cast<uint32_t>(-Range) % Range;
    while (Low < Threshold) {
      Product = uint64_t(uint32_t(Engine())) * Range;
      Low = static_cast<uint32_t>(Product);
    }
  }
  return static_cast<size_t>(Product >> 32);
}

} // namespace exegesis
} // namespace llvm
