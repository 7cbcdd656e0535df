//===-- TimeSamplesWriter.cpp -----------------------------------*- C++ -*-===//

#include "Measure/TimeSamplesWriter.h"
#include "Core/LLVMState.h"
#include "Results/BenchmarkKeyText.h"
#include "TimeBased/SamplingJudge.h"
#include "TimeBased/TimeBasedTrace.h"
#include "llvm/Support/JSON.h"
#include <cmath>

namespace llvm {
namespace exegesis {

static Error cannotWrite(StringRef Path, const std::error_code &EC) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot write -time-samples-file '" + Path +
                               "': " + EC.message());
}

Expected<std::unique_ptr<TimeSamplesWriter>>
TimeSamplesWriter::create(const LLVMState &State,
                        const BenchmarkRunOptions &Options,
                        StringRef CounterName) {
  std::error_code EC;
  auto OS = std::make_unique<raw_fd_ostream>(Options.TimeSamplesFile, EC);
  if (EC)
    return cannotWrite(Options.TimeSamplesFile, EC);
  json::Object Header{{"format", TimeSamplesFormatName},
                      {"version", int64_t(TimeSamplesFormatVersion)},
                      {"host", describeHost(State.getCpuName())},
                      {"counter", CounterName}};
  *OS << json::Value(std::move(Header)) << "\n";
  OS->flush();
  return std::unique_ptr<TimeSamplesWriter>(
      new TimeSamplesWriter(State, Options, std::move(OS)));
}

/// The name of a measured function's repetition in a trace.
static StringRef variantName(RepetitionMode Mode, bool IsLoop) {
  if (Mode == RepetitionMode::MiddleHalfDuplicate)
    return "middle-half-duplicate";
  if (Mode == RepetitionMode::MiddleHalfLoop)
    return "middle-half-loop";
  return IsLoop ? "loop" : "duplicate";
}

Error TimeSamplesWriter::write(const BenchmarkCode &Code, bool IsLoop,
                             uint64_t Instructions,
                             const SamplingJudgement &Judgement,
                             StringRef TraceJSON, StringRef Refusal) {
  Expected<json::Value> Trace = json::parse(TraceJSON);
  if (!Trace)
    return Trace.takeError();
  std::string Benchmark;
  for (const MCInst &Inst : Code.Key.Instructions)
    Benchmark +=
        (Benchmark.empty() ? "" : "; ") + instructionToText(State, Inst);
  json::Object Recorded{{"cycles", std::isfinite(Judgement.Cycles)
                                       ? json::Value(Judgement.Cycles)
                                       : json::Value(nullptr)},
                        {"verdict", getVerdictName(Judgement.Verdict)}};
  if (!Refusal.empty())
    Recorded["error"] = Refusal;
  json::Object Line{{"benchmark", Benchmark},
                    {"mode", getBenchmarkModeName(Mode)},
                    {"variant", variantName(Repetition, IsLoop)},
                    {"instructions", int64_t(Instructions)},
                    {"recorded", std::move(Recorded)},
                    {"trace", std::move(*Trace)}};
  *OS << json::Value(std::move(Line)) << "\n";
  OS->flush();
  if (OS->has_error())
    return cannotWrite(Path, OS->error());
  return Error::success();
}

} // namespace exegesis
} // namespace llvm
