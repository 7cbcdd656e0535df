//===-- SubProcessFunctionExecutor.h - Runs code in a forked child -*- C++ -*-//
//
// Runs the functions in a child forked for the purpose, so that whatever the
// snippet does (crash, hang, exit, scribble over memory) costs one error in
// the results and never the tool. Per request the parent:
//   - forks; the child arranges to die with the parent and waits;
//   - attaches with ptrace (before the child can run anything), pins the
//     child to a CPU if asked, opens the counter group on the child's pid;
//   - hands the group's file descriptor to the child, by pidfd_getfd (the
//     child fetches it from the parent) or as SCM_RIGHTS over the socket
//     pair (kernels before 5.6);
//   - waits, with a timeout, and learns from ptrace which signal stopped the
//     child and at which instruction.
// The child reports its own setup failures over the socket before the
// snippet starts, so an exit code the snippet produces is never taken for
// one of them. The counter readings come back through a shared mapping.
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

#include "Core/BenchmarkRunOptions.h"
#include "Execution/ForkServer.h"
#include "Execution/FunctionExecutor.h"
#include "Execution/ScratchMemory.h"
#include <memory>
#include <optional>

namespace llvm {
namespace exegesis {

struct SubProcessOptions {
  /// Pin the child to this CPU (-benchmark-process-cpu).
  std::optional<unsigned> Cpu;
  /// Kill a child still running after this many seconds.
  double TimeoutSeconds = 30;
  CounterHandoffMethod Handoff = CounterHandoffMethod::Auto;
};

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

  /// Benchmarking subprocesses forked so far by any executor (for the
  /// sweep's statistics: what a measurement costs in forks).
  static uint64_t getNumForked();

  /// Whether this kernel lets a process fetch another's file descriptor
  /// (pidfd_open + pidfd_getfd, Linux 5.6).
  static bool isPidfdGetfdAvailable();

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
