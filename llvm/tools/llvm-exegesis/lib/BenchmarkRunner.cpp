//===-- BenchmarkRunner.cpp -------------------------------------*- C++ -*-===//

#include "BenchmarkRunner.h"
#include "LLVMState.h"

namespace llvm {
namespace exegesis {

BenchmarkRunner::BenchmarkRunner(const LLVMState &State,
                                 BenchmarkRunOptions Options)
    : State(State), Options(std::move(Options)) {}

Expected<Benchmark> BenchmarkRunner::run(const BenchmarkCode &Code) {
  Benchmark Result;
  Result.Key = Code.Key;
  Result.Mode = Options.Mode;
  Result.CpuName = State.getCpuName().str();
  Result.LLVMTriple = State.getTriple().normalize();
  Result.MinInstructions = Options.MinInstructions;
  Result.Info = Code.Info;
  if (Options.Phase != BenchmarkPhase::Measure) {
    Result.Error = "actual measurements skipped.";
    return Result;
  }
  return createStringError(inconvertibleErrorCode(),
                           "the measure phase is not available yet; use "
                           "-benchmark-phase=assemble-measured-code");
}

} // namespace exegesis
} // namespace llvm
