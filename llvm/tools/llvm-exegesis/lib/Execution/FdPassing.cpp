//===-- FdPassing.cpp -------------------------------------------*- C++ -*-===//

#include "Execution/FdPassing.h"
#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

namespace llvm {
namespace exegesis {

ssize_t sendWithFd(int Socket, const void *Data, size_t Size, int Fd) {
  iovec Vec = {const_cast<void *>(Data), Size};
  alignas(cmsghdr) char Control[CMSG_SPACE(sizeof(int))] = {};
  msghdr Header = {};
  Header.msg_iov = &Vec;
  Header.msg_iovlen = 1;
  if (Fd >= 0) {
    Header.msg_control = Control;
    Header.msg_controllen = sizeof(Control);
    cmsghdr *Cmsg = CMSG_FIRSTHDR(&Header);
    Cmsg->cmsg_level = SOL_SOCKET;
    Cmsg->cmsg_type = SCM_RIGHTS;
    Cmsg->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(Cmsg), &Fd, sizeof(int));
  }
  ssize_t Sent;
  do
    Sent = sendmsg(Socket, &Header, MSG_NOSIGNAL);
  while (Sent < 0 && errno == EINTR);
  return Sent;
}

FdMessage receiveWithFd(int Socket, void *Data, size_t Size) {
  iovec Vec = {Data, Size};
  alignas(cmsghdr) char Control[CMSG_SPACE(sizeof(int))];
  msghdr Header = {};
  Header.msg_iov = &Vec;
  Header.msg_iovlen = 1;
  Header.msg_control = Control;
  Header.msg_controllen = sizeof(Control);
  FdMessage Message;
  do
    Message.Size = recvmsg(Socket, &Header, MSG_CMSG_CLOEXEC);
  while (Message.Size < 0 && errno == EINTR);
  if (Message.Size < 0) {
    Message.Errno = errno;
    return Message;
  }
  // The kernel drops a descriptor the receiver has no room for and says so
  // with MSG_CTRUNC.
  Message.FdDropped = Header.msg_flags & MSG_CTRUNC;
  cmsghdr *Cmsg = CMSG_FIRSTHDR(&Header);
  if (Cmsg && Cmsg->cmsg_level == SOL_SOCKET && Cmsg->cmsg_type == SCM_RIGHTS)
    std::memcpy(&Message.Fd, CMSG_DATA(Cmsg), sizeof(int));
  return Message;
}

FetchedFd fetchFd(pid_t Pid, int Fd) {
  FetchedFd Fetched;
  long Pidfd = syscall(SYS_pidfd_open, Pid, 0);
  if (Pidfd < 0) {
    Fetched.Errno = errno;
    Fetched.PidfdNotOpened = true;
    return Fetched;
  }
  long Copy = syscall(SYS_pidfd_getfd, Pidfd, Fd, 0);
  Fetched.Errno = Copy < 0 ? errno : 0;
  close(static_cast<int>(Pidfd));
  Fetched.Fd = static_cast<int>(Copy < 0 ? -1 : Copy);
  return Fetched;
}

/// Fetches a copy of this process's own pidfd through that pidfd.
static bool probePidfdGetfd() {
  long Pidfd = syscall(SYS_pidfd_open, getpid(), 0);
  if (Pidfd < 0)
    return false;
  long Fd = syscall(SYS_pidfd_getfd, Pidfd, static_cast<int>(Pidfd), 0);
  close(static_cast<int>(Pidfd));
  if (Fd < 0)
    return false;
  close(static_cast<int>(Fd));
  return true;
}

bool isPidfdGetfdAvailable() {
  static const bool Available = probePidfdGetfd();
  return Available;
}

void ScopedFd::reset(int NewFd) {
  if (Fd >= 0)
    close(Fd);
  Fd = NewFd;
}

} // namespace exegesis
} // namespace llvm
