//===-- InProcessFunctionExecutor.h - Runs code inside the tool -*- C++ -*-===//
//
// Runs the functions in the tool's own process, under LLVM's crash recovery:
// cheap (no fork), but a snippet that corrupts memory can take the tool with
// it, and one that hangs hangs the tool. A crash signal becomes the
// SnippetFailure `snippet crashed while running: <signal>`.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_INPROCESSFUNCTIONEXECUTOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_INPROCESSFUNCTIONEXECUTOR_H

#include "FunctionExecutor.h"
#include <memory>

namespace llvm {
namespace exegesis {

class InProcessFunctionExecutor : public FunctionExecutor {
public:
  explicit InProcessFunctionExecutor(CounterSpec Counters);
  ~InProcessFunctionExecutor() override;

  Expected<SampleTable>
  runAndSample(ArrayRef<const ExecutableFunction *> Functions,
               unsigned NumSamples, const FixedLayout &Layout = FixedLayout(),
               unsigned CallsPerSample = 1) const override;

private:
  CounterSpec Counters;
  std::unique_ptr<char[]> Scratch;
};

} // namespace exegesis
} // namespace llvm

#endif
