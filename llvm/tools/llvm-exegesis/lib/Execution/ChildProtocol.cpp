//===-- ChildProtocol.cpp ---------------------------------------*- C++ -*-===//

#include "Execution/ChildProtocol.h"
#include "Support/SystemRefusal.h"
#include <cerrno>

namespace llvm {
namespace exegesis {

static const char *describeSetupFailure(ChildSetupStatus Status) {
  switch (Status) {
  case ChildSetupStatus::Ready:
    return "no failure";
  case ChildSetupStatus::CounterFdNotReceived:
    return "Counter file descriptor read failed";
  case ChildSetupStatus::CounterFdNotTranslated:
    return "Counter file descriptor could not be translated";
  case ChildSetupStatus::MemorySetupFailed:
    return "Failed to setup auxiliary memory";
  case ChildSetupStatus::CodeSetupFailed:
    return "Failed to map memory for assembled snippet";
  case ChildSetupStatus::PidfdNotOpened:
    return "Counter file descriptor could not be translated";
  }
  return "unknown setup failure";
}

std::string describeSetupReport(const SetupReport &Report) {
  auto Status = static_cast<ChildSetupStatus>(Report.Status);
  std::string Text = describeSetupFailure(Status);
  if (Report.Errno == 0)
    return Text;
  if (Status == ChildSetupStatus::CounterFdNotTranslated ||
      Status == ChildSetupStatus::PidfdNotOpened) {
    Text += Status == ChildSetupStatus::PidfdNotOpened ? ": pidfd_open: "
                                                       : ": pidfd_getfd: ";
    Text += describeSystemError(Report.Errno);
    Text += Report.Errno == ENOSYS ? "; kernel older than 5.6?" : "";
    // Out of descriptors, the socket would fare no better.
    if (Report.Errno == EMFILE || Report.Errno == ENFILE)
      return Text;
    return Text + "; -counter-handoff=scm-rights passes the counter over a "
                  "socket instead";
  }
  return Text + ": " + describeSystemError(Report.Errno);
}

Error makeEndedEarlyError() {
  return make_error<SnippetFailure>(
      "The benchmarking subprocess exited before the measurement was "
      "complete (the snippet ended the process)");
}

Expected<std::string> readProcedureResult(const ProcedureResultHeader &Result) {
  if (!__atomic_load_n(&Result.Finished, __ATOMIC_ACQUIRE))
    return makeEndedEarlyError();
  std::string Bytes(reinterpret_cast<const char *>(&Result + 1),
                    static_cast<size_t>(Result.Size));
  if (Result.Failed == FailedInSnippet)
    return make_error<SnippetFailure>(Bytes);
  if (Result.Failed)
    return createStringError(inconvertibleErrorCode(), Bytes);
  return Bytes;
}

} // namespace exegesis
} // namespace llvm
