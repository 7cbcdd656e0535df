//===-- ChildProtocol.h - What the tool and its child exchange --*- C++ -*-===//
//
// The subprocess executor and the child it runs code in talk over a socket
// pair, in this order:
//   1. the tool sends a HandoffMessage: how the child gets the counter group
//      (for SCM_RIGHTS, the descriptor comes with it; FdPassing.h);
//   2. the child sends a SetupReport: ready, or which step of its setup
//      failed and why, after which it exits with SetupFailureExitCode.
// The report comes before the snippet runs, so an exit code the snippet
// produces is never taken for a setup failure.
//
// Everything else goes through memory both share: SharedResults (the
// readings follow it), a procedure's result (ProcedureResultHeader, then its
// bytes) and, for a child of the fork server, the ServerRequest that says
// what to run, where ServerArea says. All of it is plain data, laid out the
// same on both sides of a fork.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_CHILDPROTOCOL_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_CHILDPROTOCOL_H

#include "Execution/FunctionExecutor.h"
#include "llvm/Support/Error.h"
#include <cstddef>
#include <cstdint>
#include <string>
#include <sys/types.h>

namespace llvm {
namespace exegesis {

/// How the child gets the counter group's descriptor.
enum class HandoffMethod : uint32_t {
  /// There is no group (the child reads the TSC itself, or counts nothing).
  NoCounter = 0,
  /// The descriptor comes with the message (SCM_RIGHTS).
  SocketRights = 1,
  /// The child fetches ParentFd from the tool (pidfd_getfd).
  PidfdGetfd = 2,
};

/// What the tool tells the child once the counter group is open.
struct HandoffMessage {
  HandoffMethod Method = HandoffMethod::NoCounter;
  int32_t ParentFd = -1;
};

/// The child's verdict on its own setup.
enum class ChildSetupStatus : uint32_t {
  Ready = 0,
  CounterFdNotReceived,
  CounterFdNotTranslated,
  MemorySetupFailed,
  CodeSetupFailed,
  PidfdNotOpened,
};

/// What the child sends about its setup: a status and, for a failure, the
/// errno of the system call that failed (0 if none did).
struct SetupReport {
  uint32_t Status;
  int32_t Errno;
};

/// The failure \p Report tells of and, when a system call refused, its cause
/// and remedy, in the words of the benchmark's error.
std::string describeSetupReport(const SetupReport &Report);

/// Exit codes of the child's own making; only meaningful together with the
/// setup report, since a snippet can exit with any code.
constexpr int SetupFailureExitCode = 111;
constexpr int CounterFailureExitCode = 112;

/// The head of the memory shared between the tool and the child; the
/// child's readings follow it.
struct SharedResults {
  /// Readings taken so far, so that a snippet that ends the process mid-way
  /// is found out.
  uint64_t NumCompleted;
  /// The rounds the child took, written once it has taken all it will (fewer
  /// than asked when a SamplingStopRule ended the sampling).
  uint64_t NumRounds;
  /// The errno of a counter that failed in the child.
  int32_t CounterErrno;
  uint32_t Padding;
  /// Samplings a procedure has finished (the watchdog's sign of progress).
  uint64_t NumSamplings;
};

/// How a procedure failed, when it did.
enum : uint32_t { FailedInTool = 1, FailedInSnippet = 2 };

/// The head of the area a procedure's result is written to; the bytes
/// follow it.
struct ProcedureResultHeader {
  /// Set last: the procedure returned (a snippet that ends the process
  /// mid-way leaves it 0).
  uint32_t Finished;
  /// The procedure failed (FailedInTool, FailedInSnippet); the bytes are
  /// its message.
  uint32_t Failed;
  uint64_t Size;
};

/// Room for a procedure's result: pages are only backed once written, and a
/// measurement's readings are a few hundred kilobytes at most.
constexpr size_t ProcedureResultCapacity = size_t(64) << 20;

/// What a procedure returned, read by the tool after the child exited
/// normally: its bytes, its error, or the error of a measurement the
/// snippet cut short.
Expected<std::string> readProcedureResult(const ProcedureResultHeader &Result);

/// The error of a measurement the snippet cut short by ending the process.
Error makeEndedEarlyError();

/// A function a fork server's child copies to the address the tool has it
/// at; its pages follow the request, at BytesOffset from its start.
struct RequestedFunction {
  uintptr_t MappingAddress;
  uint64_t MappingSize;
  uint64_t EntryOffset;
  uint64_t CodeSize;
  uint64_t TimedCallsOffset;
  uint64_t BytesOffset;
};

/// What a fork server's child needs to run a PortableProcedure, written by
/// the tool into the server's shared area: this head, NumFunctions
/// RequestedFunction, the procedure's inputs, then the functions' pages.
/// Pointers are the tool's, which the server's memory shares (Scratch and
/// Owner existed before the server).
struct ServerRequest {
  pid_t Tool;
  uint32_t NumFunctions;
  uint32_t Dummy;
  uint32_t ReadsTimeStampCounter;
  uint64_t NumEvents;
  char *Scratch;
  PortableProcedure::EntryPoint Run;
  const void *Owner;
  uint64_t InputsOffset;
  uint64_t InputsSize;

  const RequestedFunction *functions() const {
    return reinterpret_cast<const RequestedFunction *>(this + 1);
  }
  const char *at(uint64_t Offset) const {
    return reinterpret_cast<const char *>(this) + Offset;
  }
};

/// Where things are in a fork server's shared area: the results head, a
/// procedure's result, then a request (only the pages written are backed).
struct ServerArea {
  /// Room for a request; larger ones fork the tool instead.
  static constexpr size_t RequestCapacity = size_t(256) << 20;

  /// The area's layout with pages of \p PageSize bytes.
  explicit ServerArea(size_t PageSize)
      : HeadSize((sizeof(SharedResults) + PageSize - 1) / PageSize * PageSize) {
  }
  /// The results head, rounded up to whole pages (a procedure's result
  /// follows it in any child's shared memory).
  size_t HeadSize;
  size_t getResultOffset() const { return HeadSize; }
  size_t getRequestOffset() const { return HeadSize + ProcedureResultCapacity; }
  size_t getSize() const { return getRequestOffset() + RequestCapacity; }
};

} // namespace exegesis
} // namespace llvm

#endif
