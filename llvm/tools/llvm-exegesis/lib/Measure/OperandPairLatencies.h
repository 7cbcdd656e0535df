//===-- OperandPairLatencies.h - Pair latencies into a result ---*- C++ -*-===//
//
// -latency-operand-pairs measures, beside an opcode's latency, the latency
// of each of its input-output operand pairs (Snippets/OperandPairGenerator.h
// makes their snippets). Each measured pair becomes one more measurement of
// the opcode's result, keyed `latency[IN->OUT]` after the `latency` it
// already has, so that results files keep upstream's shape and the first
// measurement keeps its meaning; the pairs without a snippet or whose run
// failed are named in the result's `info` with the reason.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_OPERANDPAIRLATENCIES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_OPERANDPAIRLATENCIES_H

#include "Core/Benchmark.h"
#include "Snippets/OperandPairGenerator.h"
#include "llvm/ADT/ArrayRef.h"

namespace llvm {
namespace exegesis {

class BenchmarkRunner;
class LLVMState;

/// Runs every pair of \p Pairs that has a snippet with \p Runner and adds
/// its latency to \p Result, then says in \p Result's `info` what each pair
/// gave. Before the measure phase (not \p Measures), the pairs are only
/// generated and assembled, and `info` says which were.
void addOperandPairLatencies(const LLVMState &State, BenchmarkRunner &Runner,
                             ArrayRef<OperandPairCode> Pairs, bool Measures,
                             Benchmark &Result);

} // namespace exegesis
} // namespace llvm

#endif
