//===-- NearestName.cpp -----------------------------------------*- C++ -*-===//

#include "Support/NearestName.h"
#include <algorithm>

namespace llvm {
namespace exegesis {

NearestNameFinder::NearestNameFinder(StringRef Wanted, unsigned MaxDistance)
    : Wanted(Wanted),
      // A name of one or two characters is all edits; so is a hint for it.
      MaxDistance(std::min<size_t>(MaxDistance, Wanted.size() / 3)),
      BestDistance(this->MaxDistance + 1) {}

void NearestNameFinder::consider(StringRef Candidate) {
  if (Candidate.empty() || Candidate == Wanted)
    return;
  // A name of another case is what was meant, whatever its edit distance.
  if (Candidate.equals_insensitive(Wanted)) {
    if (BestDistance > 0) {
      BestDistance = 0;
      Nearest = Candidate;
    }
    return;
  }
  // Only a name of another case is at distance 0.
  if (BestDistance <= 1)
    return;
  // Cheap rejections first: most of the names differ in length by more
  // than the best distance so far, which bounds their edit distance.
  size_t Longer = std::max(Candidate.size(), Wanted.size());
  size_t Shorter = std::min(Candidate.size(), Wanted.size());
  if (Longer - Shorter >= BestDistance)
    return;
  // Bounded by the best so far (at least 1 here; 0 would mean unbounded),
  // the computation stops as soon as the candidate cannot beat it.
  unsigned Distance =
      Wanted.edit_distance(Candidate, /*AllowReplacements=*/true,
                           /*MaxEditDistance=*/BestDistance - 1);
  if (Distance < BestDistance) {
    BestDistance = Distance;
    Nearest = Candidate;
  }
}

} // namespace exegesis
} // namespace llvm
