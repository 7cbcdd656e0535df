//===-- Measurement.h - One whole measurement and runs of them --*- C++ -*-===//
//
// The subsystem that takes a benchmark's code through the phases the user
// asked for and measures it, one benchmark or a sweep of opcodes, and what
// the layers above (the driver, the benchmarks) use of it:
//
// - The runner (BenchmarkRunner.h) turns one BenchmarkCode into a Benchmark:
//   the repetition forms to assemble, the excerpt for the reader, the
//   functions assembled, then the measurement; -auto-map-memory runs it
//   again for each page a block faults on.
// - The opcode sweep (OpcodeSweep.h) runs the runner on generated snippets
//   of many opcodes, skipping what cannot be measured, with its progress;
//   with -latency-operand-pairs it adds each opcode's operand-pair
//   latencies to its result (OperandPairLatencies.h).
// - The measurer (BenchmarkMeasurer.h) does one measurement: chooses the
//   counters (MeasurementCounters.h) and executor once, then runs the
//   assembled functions and turns the counts into values. Its parts: each
//   function and its 2N twin, whose difference cancels fixed costs
//   (FunctionTwins.h); the arithmetic of counted readings
//   (ReadingArithmetic.h); the time-based side, which samples where the
//   executor runs code (TimeBasedMeasurer.h) and records its traces
//   (TimeSamplesWriter.h); a snippet's failure in its result
//   (SnippetFailureRecord.h); and, under min and best-of, which repetition
//   form is reported (RepetitionFormChoice.h) and how the forms' values
//   become one result (FormCombination.h).
// - The runner also measures a benchmark's helper chains beside it and
//   subtracts their latency (ChainSubtraction.h).
//
// This header includes the entry points: the runner, the sweep, the
// measurer (whose host check the driver makes before anything runs) and
// the choice of form (which the trace replay benchmark applies too).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_MEASUREMENT_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_MEASUREMENT_H

#include "Measure/BenchmarkMeasurer.h"
#include "Measure/BenchmarkRunner.h"
#include "Measure/OpcodeSweep.h"
#include "Measure/RepetitionFormChoice.h"

#endif
