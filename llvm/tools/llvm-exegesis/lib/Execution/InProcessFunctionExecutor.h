//===-- InProcessFunctionExecutor.h - Runs code inside the tool -*- C++ -*-===//
//
// Runs the functions in the tool's own process, under LLVM's crash recovery:
// cheap (no fork), but a snippet that corrupts memory can take the tool with
// it. A crash signal becomes the SnippetFailure `snippet crashed while
// running: <signal>`. A snippet that does not return within the timeout is
// interrupted (a timer signal, turned into a trap inside the recovery
// context) and becomes `snippet timed out while running: interrupted after
// <N> s`.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_INPROCESSFUNCTIONEXECUTOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_INPROCESSFUNCTIONEXECUTOR_H

#include "Execution/FunctionExecutor.h"
#include "Execution/ScratchMemory.h"
#include <memory>

namespace llvm {
namespace exegesis {

class InProcessFunctionExecutor : public FunctionExecutor {
public:
  /// \p TimeoutSeconds bounds one runAndSample call, as the subprocess
  /// timeout bounds one benchmarking subprocess.
  explicit InProcessFunctionExecutor(CounterSpec Counters,
                                     double TimeoutSeconds = 30);
  ~InProcessFunctionExecutor() override;

  Expected<SampleTable>
  runAndSample(ArrayRef<const ExecutableFunction *> Functions,
               unsigned NumSamples, const FixedLayout &Layout = FixedLayout(),
               unsigned CallsPerSample = 1,
               const SamplingStopRule *Stop = nullptr) const override;

private:
  CounterSpec Counters;
  double TimeoutSeconds;
  ScratchMemory Scratch;
};

} // namespace exegesis
} // namespace llvm

#endif
