//===-- FunctionExecutor.cpp ------------------------------------*- C++ -*-===//

#include "Execution/FunctionExecutor.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
namespace exegesis {

char SnippetFailure::ID;
char SnippetExitError::ID;

void SnippetExitError::log(raw_ostream &OS) const {
  // Upstream's words, then the code itself.
  OS << "Child benchmarking process exited with non-zero exit code: Child "
        "process returned with unknown exit code ("
     << ExitCode << ")";
}

FunctionExecutor::~FunctionExecutor() = default;

Expected<std::string> FunctionExecutor::runProcedure(
    ArrayRef<const ExecutableFunction *>, const FixedLayout &Layout,
    SamplingProcedure Procedure, const PortableProcedure *) const {
  // Here every sampling is a call of its own, in the calling process.
  return Procedure([&](ArrayRef<const ExecutableFunction *> Run,
                       unsigned NumSamples, unsigned CallsPerSample,
                       const SamplingStopRule *Stop) {
    return runAndSample(Run, NumSamples, Layout, CallsPerSample, Stop);
  });
}

} // namespace exegesis
} // namespace llvm
