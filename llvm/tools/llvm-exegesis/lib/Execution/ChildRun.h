//===-- ChildRun.h - One run of a benchmarking child ------------*- C++ -*-===//
//
// One run of a child, seen from the tool, in the order it happens:
//   1. the child is forked (by the tool, or by its fork server) and starts
//      waiting for its counter;
//   2. the tool attaches with ptrace before the child can run anything, so
//      that whatever it does from then on is seen, and pins it to a CPU if
//      asked;
//   3. the tool opens the counter group on the child's pid and hands the
//      group's descriptor over (ChildProtocol.h, FdPassing.h), the
//      watchdog running from then on;
//   4. the tool waits for the child (ChildProcess.h) and turns how it ended
//      into the run's verdict: a timeout, a signal located in the functions,
//      a setup failure, a counter failure or the snippet's exit code.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_CHILDRUN_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_CHILDRUN_H

#include "Core/BenchmarkRunOptions.h"
#include "Execution/FunctionExecutor.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

class ForkServer;
struct ChildContext;

/// How the tool runs its children.
struct SubProcessOptions {
  /// Pin the child to this CPU (-benchmark-process-cpu).
  std::optional<unsigned> Cpu;
  /// Kill a child still running after this many seconds.
  double TimeoutSeconds = 30;
  CounterHandoffMethod Handoff = CounterHandoffMethod::Auto;
};

/// A run's functions as the child sees them: entry points (the first maybe
/// copied to a fixed address), for fault reports.
struct ChildFunctions {
  ArrayRef<const ExecutableFunction *> Functions;
  ArrayRef<uintptr_t> Entries;
  uintptr_t CodeAddress = 0;

  /// Whether function \p F holds \p Address in the child.
  bool contains(size_t F, uintptr_t Address) const;
};

/// The fork server could not fork the child: nothing was started, and the
/// caller may fork it itself.
class ServerUnavailable : public ErrorInfo<ServerUnavailable> {
public:
  static char ID;
  explicit ServerUnavailable(std::string Message)
      : Message(std::move(Message)) {}
  void log(raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }

private:
  std::string Message;
};

/// Forks the child for \p Context (or has \p Server fork it), attaches to
/// it, hands it the counter and waits for it. Success means that the child
/// reported its setup ready and exited with 0; what it wrote to shared
/// memory is then the caller's to check. \p Progress (may be null) is a
/// count the child advances, for the watchdog.
Error forkAndWait(ChildContext &Context, const ChildFunctions &Where,
                  const CounterSpec &Counters, const SubProcessOptions &Options,
                  const uint64_t *Progress, ForkServer *Server = nullptr);

} // namespace exegesis
} // namespace llvm

#endif
