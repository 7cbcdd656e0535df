//===-- ReadingArithmetic.cpp -----------------------------------*- C++ -*-===//

#include "Measure/ReadingArithmetic.h"
#include "TimeBased/SampleStatistics.h"
#include <cmath>

namespace llvm {
namespace exegesis {

double combineReadings(ArrayRef<std::vector<CounterValues>> Readings,
                       size_t EventIndex, ResultAggregationMode Mode,
                       unsigned CallsPerWindow) {
  if (Readings.empty() || CallsPerWindow == 0)
    return 0;
  std::vector<int64_t> Short = eventReadings(Readings[0], EventIndex);
  if (Readings.size() < 2)
    return aggregateSamples(Short, Mode) / CallsPerWindow;
  std::vector<int64_t> Long = eventReadings(Readings[1], EventIndex);
  if (Mode == ResultAggregationMode::Min)
    return (aggregateSamples(Long, Mode) - aggregateSamples(Short, Mode)) /
           CallsPerWindow;
  std::vector<int64_t> Differences;
  for (size_t I = 0; I < Short.size() && I < Long.size(); ++I)
    Differences.push_back(Long[I] - Short[I]);
  return aggregateSamples(Differences, Mode) / CallsPerWindow;
}

void setPerInstructionValues(BenchmarkMeasure &Measure, double Count,
                             RunLength Short, std::optional<RunLength> Long) {
  uint64_t Instructions = Short.Instructions;
  uint64_t Repetitions = Short.SnippetRepetitions;
  if (Long) {
    Instructions = Long->Instructions - Instructions;
    Repetitions = Long->SnippetRepetitions - Repetitions;
  }
  Measure.PerInstructionValue = Instructions ? Count / Instructions : 0;
  Measure.PerSnippetValue = Repetitions ? Count / Repetitions : 0;
}

BenchmarkMeasure measureFromReadings(
    StringRef Key, ArrayRef<std::vector<CounterValues>> Readings,
    RunLength Short, std::optional<RunLength> Long,
    ArrayRef<std::string> ValidationNames, ResultAggregationMode Mode) {
  BenchmarkMeasure Measure;
  Measure.Key = Key.str();
  setPerInstructionValues(Measure, combineReadings(Readings, 0, Mode), Short,
                          Long);
  for (size_t I = 0; I < ValidationNames.size(); ++I)
    Measure.ValidationCounters[ValidationNames[I]] = static_cast<int64_t>(
        std::llround(combineReadings(Readings, I + 1, Mode)));
  return Measure;
}

} // namespace exegesis
} // namespace llvm
