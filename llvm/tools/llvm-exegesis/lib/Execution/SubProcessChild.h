//===-- SubProcessChild.h - What the benchmarking child runs ----*- C++ -*-===//
//
// The child side of the subprocess executor. A child (forked by the tool, or
// by its fork server) arranges to die with the tool, gets the counter group
// (ChildProtocol.h, FdPassing.h), maps the fixed memory and code the snippet
// needs, reports its setup and then either samples the functions, or runs a
// whole SamplingProcedure and writes what it returns to shared memory.
//
// A child of the tool is a fork of a multi-threaded process: until the
// snippet has run it may not allocate (only a SamplingStopRule's check and
// a procedure may, see FunctionExecutor.h), so everything it needs is
// prepared before the fork, in a ChildContext. A child of the fork server
// (a process of one thread) builds its context from the ServerRequest in
// the server's shared area.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_SUBPROCESSCHILD_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_SUBPROCESSCHILD_H

#include "Execution/ChildProtocol.h"
#include "Execution/FunctionExecutor.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstddef>
#include <cstdint>
#include <sys/types.h>
#include <vector>

namespace llvm {
namespace exegesis {

/// Everything the child needs, prepared before fork.
struct ChildContext {
  pid_t ParentPid;
  /// A fork server forked the child, not ParentPid.
  bool ForkedByServer;
  int Socket;
  const uintptr_t *Entries;
  /// Each function's timed-calls loop, 0 where it has none.
  const uintptr_t *TimedCalls;
  size_t NumFunctions;
  unsigned NumSamples;
  unsigned CallsPerSample;
  bool Dummy;
  /// The child reads the TSC itself (no counter descriptor).
  bool ReadsTimeStampCounter;
  char *Scratch;
  const FixedMemoryRegion *Memory;
  size_t NumMemory;
  /// Where the first function's code is copied to, 0 for nowhere.
  uintptr_t CodeAddress;
  const char *CodeSource;
  size_t CodeSize;
  size_t PageSize;
  SharedResults *Results;
  RawGroupReading *Readings;
  size_t NumEvents;
  const SamplingStopRule *Stop;
  /// When set, the child runs this instead of sampling Entries, and writes
  /// what it returns to ProcedureResult.
  const SamplingProcedure *Procedure;
  ProcedureResultHeader *ProcedureResult;
  /// When set (a fork server's child), the child copies these functions
  /// and runs this procedure instead.
  const ServerRequest *Request;
};

/// Appends each of \p Functions' entry point to \p Entries and its
/// timed-calls loop (0: none) to \p TimedCalls, the arrays a child samples
/// them by.
void collectAddresses(ArrayRef<const ExecutableFunction *> Functions,
                      std::vector<uintptr_t> &Entries,
                      std::vector<uintptr_t> &TimedCalls);

/// The child forked by the tool for \p C.
[[noreturn]] void childMain(const ChildContext &C);

/// The child a fork server forked (a ForkServer::ChildEntry): runs the
/// request in \p Area, the server's shared area laid out as ServerArea says,
/// and talks to the tool over \p Socket.
[[noreturn]] void serverChildMain(char *Area, int Socket);

} // namespace exegesis
} // namespace llvm

#endif
