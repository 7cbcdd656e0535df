//===-- ReadingArithmetic.h - Counter readings to measurements --*- C++ -*-===//
//
// Turns recorded counter readings into a benchmark's values: the samples of
// each function combined by -result-aggregation-mode, the short function's
// count subtracted from its twice-as-long twin's (cancelling the fixed cost
// of starting and stopping the counter), and the result divided by the
// instructions and snippet repetitions the measured stretch executed. Every
// hardware counter goes through it: cycles in latency and throughput mode,
// and in uops mode each port's micro-ops and NumMicroOps. It is kept apart
// from running anything so that its arithmetic can be checked on readings
// alone.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_READINGARITHMETIC_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_READINGARITHMETIC_H

#include "Core/Benchmark.h"
#include "Core/BenchmarkRunOptions.h"
#include "Counters/Counter.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// What one call of a measured function executes.
struct RunLength {
  uint64_t Instructions = 0;
  uint64_t SnippetRepetitions = 0;
};

/// Event \p EventIndex of \p Readings (the short function's samples, then
/// those of its twin if there is one) combined by \p Mode, per call of a
/// counter window of \p CallsPerWindow calls. With a twin, min subtracts the
/// minima of the two functions (each its least disturbed run; the minimum of
/// differences would favour noise in the short run), the other modes
/// aggregate the differences of the samples taken in the same round.
double combineReadings(ArrayRef<std::vector<CounterValues>> Readings,
                       size_t EventIndex, ResultAggregationMode Mode,
                       unsigned CallsPerWindow = 1);

/// Sets the per-instruction and per-snippet values of \p Count events
/// counted over \p Short, or over \p Long minus \p Short with a twin.
void setPerInstructionValues(BenchmarkMeasure &Measure, double Count,
                             RunLength Short, std::optional<RunLength> Long);

/// The measurement \p Key from the readings of one counter group (main
/// event first, then one per \p ValidationNames).
BenchmarkMeasure measureFromReadings(
    StringRef Key, ArrayRef<std::vector<CounterValues>> Readings,
    RunLength Short, std::optional<RunLength> Long,
    ArrayRef<std::string> ValidationNames, ResultAggregationMode Mode);

} // namespace exegesis
} // namespace llvm

#endif
