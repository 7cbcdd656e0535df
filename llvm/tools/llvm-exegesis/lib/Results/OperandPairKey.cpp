//===-- OperandPairKey.cpp - The keys of operand-pair latencies -----------===//

#include "Results/OperandPairKey.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

namespace llvm {
namespace exegesis {

static constexpr StringLiteral Prefix = "latency[";

std::string getOperandPairKey(StringRef PairName) {
  return (Twine(Prefix) + PairName + "]").str();
}

std::optional<StringRef> getOperandPairName(StringRef Key) {
  if (!Key.consume_front(Prefix) || !Key.consume_back("]") ||
      !Key.contains("->"))
    return std::nullopt;
  return Key;
}

ArrayRef<BenchmarkMeasure>
withoutOperandPairs(ArrayRef<BenchmarkMeasure> Measurements) {
  auto FirstPair = find_if(Measurements, [](const BenchmarkMeasure &M) {
    return getOperandPairName(M.Key).has_value();
  });
  return Measurements.take_front(FirstPair - Measurements.begin());
}

} // namespace exegesis
} // namespace llvm
