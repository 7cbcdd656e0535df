//===-- HostKernelMeasurer.cpp - Cycles of a mixture on the host ----------===//

#include "PortMapHost/HostKernelMeasurer.h"
#include "Core/LLVMState.h"
#include "Measure/BenchmarkRunner.h"

namespace llvm {
namespace exegesis {

static BenchmarkRunOptions forMixtures(BenchmarkRunOptions Options) {
  Options.Mode = BenchmarkMode::InverseThroughput;
  Options.Phase = BenchmarkPhase::Measure;
  Options.Repetition = RepetitionMode::Loop;
  if (Options.LoopBodySize == 0)
    Options.LoopBodySize = HostKernelMeasurer::DefaultLoopBodySize;
  return Options;
}

HostKernelMeasurer::HostKernelMeasurer(const LLVMState &State,
                                       BenchmarkRunOptions RunOptions,
                                       KernelSnippetOptions SnippetOptions)
    : State(State), SnippetOptions(SnippetOptions),
      Runner(
          std::make_unique<BenchmarkRunner>(State, forMixtures(RunOptions))) {
  this->SnippetOptions.ReserveLoopCounter = true;
}

HostKernelMeasurer::~HostKernelMeasurer() = default;

Error HostKernelMeasurer::prepare() { return Runner->prepareMeasurement(); }

Expected<double> HostKernelMeasurer::measure(ArrayRef<MixtureTerm> Terms) {
  Expected<KernelSnippet> Snippet =
      buildKernelSnippet(State, Terms, SnippetOptions);
  if (!Snippet)
    return Snippet.takeError();
  LastDependencies = Snippet->Dependencies;
  Expected<Benchmark> Result = Runner->run(Snippet->Code);
  if (!Result)
    return Result.takeError();
  ++NumMeasurements;
  if (!Result->Error.empty())
    return createStringError(inconvertibleErrorCode(),
                             "measuring " + Snippet->Code.Key.Config + ": " +
                                 Result->Error);
  for (const BenchmarkMeasure &M : Result->Measurements)
    if (M.Key == "inverse_throughput")
      return M.PerSnippetValue / Snippet->Passes;
  return createStringError(inconvertibleErrorCode(),
                           "measuring " + Snippet->Code.Key.Config +
                               ": no inverse throughput in the result");
}

Expected<double>
HostKernelMeasurer::measureKernel(ArrayRef<unsigned> Opcodes,
                                  ArrayRef<portmap::KernelTerm> K) {
  SmallVector<MixtureTerm, 8> Terms;
  for (const portmap::KernelTerm &T : K) {
    if (T.Instr >= Opcodes.size())
      return createStringError(inconvertibleErrorCode(),
                               "kernel names instruction " + Twine(T.Instr) +
                                   " of " + Twine(Opcodes.size()));
    if (T.Count)
      Terms.push_back({Opcodes[T.Instr], T.Count});
  }
  return measure(Terms);
}

} // namespace exegesis
} // namespace llvm
