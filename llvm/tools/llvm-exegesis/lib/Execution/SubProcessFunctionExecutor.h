//===-- SubProcessFunctionExecutor.h - Runs code in a forked child -*- C++ -*-//
//
// Runs the functions in a child forked for the purpose, so that whatever the
// snippet does (crash, hang, exit, scribble over memory) costs one error in
// the results and never the tool. Each request is one run of a child
// (ChildRun.h): the child is forked, traced with ptrace, handed the counter
// group, and waited for with a timeout; the readings come back through
// memory shared with it (ChildProtocol.h).
//
// A whole measurement (a probe, the runs it sizes, their settling) can run in
// one child as a SamplingProcedure: a fork costs a few milliseconds in a
// process the size of the tool, more than a sweep's probe and run take, and
// one child per measurement instead of one per sampling halves the cost of
// a measured sweep. Its result comes back through a shared mapping too.
//
// Such a child is forked by the executor's fork server (ForkServer.h) when
// the procedure comes in portable form and needs no fixed addresses: the
// tool then never forks itself after the server, and so never takes the
// page faults a fork of the tool leaves behind. The functions travel to the
// child in the server's shared area and are copied to their addresses in
// the tool, so that faults are located the same way.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_SUBPROCESSFUNCTIONEXECUTOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_SUBPROCESSFUNCTIONEXECUTOR_H

#include "Execution/ChildRun.h"
#include "Execution/ForkServer.h"
#include "Execution/FunctionExecutor.h"
#include "Execution/ScratchMemory.h"
#include <memory>
#include <optional>

namespace llvm {
namespace exegesis {

class SubProcessFunctionExecutor : public FunctionExecutor {
public:
  SubProcessFunctionExecutor(CounterSpec Counters, SubProcessOptions Options);
  ~SubProcessFunctionExecutor() override;

  Expected<SampleTable>
  runAndSample(ArrayRef<const ExecutableFunction *> Functions,
               unsigned NumSamples, const FixedLayout &Layout = FixedLayout(),
               unsigned CallsPerSample = 1,
               const SamplingStopRule *Stop = nullptr) const override;

  /// Runs \p Procedure in one child: each of its samplings runs there, and
  /// the timeout applies to each sampling (the child is killed when it has
  /// not finished one for a timeout or two). With code at a fixed address,
  /// each sampling gets a child of its own.
  Expected<std::string>
  runProcedure(ArrayRef<const ExecutableFunction *> Functions,
               const FixedLayout &Layout, SamplingProcedure Procedure,
               const PortableProcedure *Portable = nullptr) const override;

private:
  /// The fork server, started at the first call; null when it cannot be
  /// (then the tool forks its children itself).
  ForkServer *getForkServer() const;
  /// \p Portable run in a child of the fork server; std::nullopt when the
  /// server cannot take it (the caller forks the child itself).
  std::optional<Expected<std::string>>
  runInServerChild(ArrayRef<const ExecutableFunction *> Functions,
                   const PortableProcedure &Portable) const;

  CounterSpec Counters;
  SubProcessOptions Options;
  ScratchMemory Scratch;
  mutable std::unique_ptr<ForkServer> Server;
  mutable bool ServerFailed = false;
};

} // namespace exegesis
} // namespace llvm

#endif
