//===-- FdPassing.h - A descriptor for another process ----------*- C++ -*-===//
//
// Two ways for a process to get a descriptor another process holds:
//   - the holder sends it with a message over a Unix socket (SCM_RIGHTS):
//     the kernel installs a copy in the receiver, if it has room for one;
//   - the receiver fetches it from the holder (pidfd_open, then pidfd_getfd,
//     Linux 5.6), which needs the right to ptrace the holder but no socket.
// The fork server receives each child's socket the first way; the
// subprocess executor hands its counter group to the child either way
// (-counter-handoff), since either can be the one a machine refuses.
//
// Nothing here allocates: a child forked from the multi-threaded tool may
// call these functions.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_FDPASSING_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_FDPASSING_H

#include <cstddef>
#include <sys/types.h>

namespace llvm {
namespace exegesis {

/// Sends \p Size bytes from \p Data as one message over \p Socket, with a
/// copy of \p Fd when it is not negative (SCM_RIGHTS). An interrupted call is
/// retried. Returns the bytes sent, or -1 with errno set.
ssize_t sendWithFd(int Socket, const void *Data, size_t Size, int Fd);

/// What receiveWithFd received.
struct FdMessage {
  /// The bytes received, 0 at the end of the stream, -1 on failure.
  ssize_t Size = -1;
  /// The errno of a failure.
  int Errno = 0;
  /// The descriptor that came with the message (close-on-exec), -1 if none.
  int Fd = -1;
  /// A descriptor was sent but the kernel dropped it: the receiver had no
  /// room for one (RLIMIT_NOFILE).
  bool FdDropped = false;
};

/// Receives one message of at most \p Size bytes into \p Data from
/// \p Socket, and the descriptor it carries if any. An interrupted call is
/// retried.
FdMessage receiveWithFd(int Socket, void *Data, size_t Size);

/// What fetchFd fetched.
struct FetchedFd {
  /// The copy, or -1.
  int Fd = -1;
  /// The errno of the call that failed.
  int Errno = 0;
  /// Whether the failure was pidfd_open's (no handle on the process at all),
  /// not pidfd_getfd's.
  bool PidfdNotOpened = false;
};

/// Fetches a copy of descriptor \p Fd of process \p Pid (pidfd_getfd).
FetchedFd fetchFd(pid_t Pid, int Fd);

/// Whether this kernel lets a process fetch another's descriptor (tried once
/// on this process's own).
bool isPidfdGetfdAvailable();

/// A file descriptor closed on scope exit.
class ScopedFd {
public:
  explicit ScopedFd(int Fd = -1) : Fd(Fd) {}
  ScopedFd(const ScopedFd &) = delete;
  ScopedFd &operator=(const ScopedFd &) = delete;
  ~ScopedFd() { reset(); }
  int get() const { return Fd; }
  void reset(int NewFd = -1);

private:
  int Fd;
};

} // namespace exegesis
} // namespace llvm

#endif
