//===-- TimeSamplesWriter.h - Writes -time-samples-file ---------*- C++ -*-===//
//
// -time-samples-file: the trace of every time-based measurement, so that its
// decisions can be replayed and checked away from the host that took it
// (TimeBased/TimeBasedReplay.h). The file is JSON lines: a header naming the
// format, the host and the time counter, then a line per measured function
// (and twin) with the benchmark, its repetition, what was recorded and the
// trace. A refused value is written too, with its error: its trace says why.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_TIMESAMPLESWRITER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_TIMESAMPLESWRITER_H

#include "Core/Benchmark.h"
#include "Core/BenchmarkCode.h"
#include "Core/BenchmarkRunOptions.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;
struct SamplingJudgement;

class TimeSamplesWriter {
public:
  /// Creates Options.TimeSamplesFile and writes its header; \p CounterName
  /// is the time counter the traces read.
  static Expected<std::unique_ptr<TimeSamplesWriter>>
  create(const LLVMState &State, const BenchmarkRunOptions &Options,
         StringRef CounterName);

  /// Writes the trace \p TraceJSON of a time-based measurement of \p Code (a
  /// loop when \p IsLoop), whose value is divided by \p Instructions per
  /// instruction and was judged \p Judgement; \p Refusal is the error it
  /// ended in, if any.
  Error write(const BenchmarkCode &Code, bool IsLoop, uint64_t Instructions,
              const SamplingJudgement &Judgement, StringRef TraceJSON,
              StringRef Refusal);

private:
  TimeSamplesWriter(const LLVMState &State, const BenchmarkRunOptions &Options,
                  std::unique_ptr<raw_fd_ostream> OS)
      : State(State), Path(Options.TimeSamplesFile), Mode(Options.Mode),
        Repetition(Options.Repetition), OS(std::move(OS)) {}

  const LLVMState &State;
  std::string Path;
  BenchmarkMode Mode;
  RepetitionMode Repetition;
  std::unique_ptr<raw_fd_ostream> OS;
};

} // namespace exegesis
} // namespace llvm

#endif
