//===-- FunctionExecutor.cpp ------------------------------------*- C++ -*-===//

#include "FunctionExecutor.h"

namespace llvm {
namespace exegesis {

char SnippetFailure::ID;

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
