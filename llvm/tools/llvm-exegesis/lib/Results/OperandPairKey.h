//===-- OperandPairKey.h - The keys of operand-pair latencies ---*- C++ -*-===//
//
// -latency-operand-pairs adds, after a latency benchmark's `latency`, one
// measurement per input-output operand pair of its opcode, keyed
// `latency[IN->OUT]` (`op<N>` an explicit operand by its index in the key's
// instruction, an implicit register by name, `mem` the memory operand).
// Upstream's reader takes any key, so the files stay readable by it; the
// number of pairs depends on the opcode, so the analysis clusters on the
// measurements before the first pair key and shows the pairs beside them.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_OPERANDPAIRKEY_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RESULTS_OPERANDPAIRKEY_H

#include "Core/Benchmark.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

/// `latency[IN->OUT]` for the pair named `IN->OUT`.
std::string getOperandPairKey(StringRef PairName);

/// The pair's name, `IN->OUT`, if \p Key is the key of an operand pair.
std::optional<StringRef> getOperandPairName(StringRef Key);

/// The measurements before the first operand-pair key: those every
/// benchmark of a mode has.
ArrayRef<BenchmarkMeasure>
withoutOperandPairs(ArrayRef<BenchmarkMeasure> Measurements);

} // namespace exegesis
} // namespace llvm

#endif
