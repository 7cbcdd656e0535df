//===-- ForkServer.cpp ------------------------------------------*- C++ -*-===//

#include "Execution/ForkServer.h"
#include "Execution/FdPassing.h"
#include "Support/ExitCleanup.h"
#include "Support/SystemRefusal.h"
#include <cerrno>
#include <csignal>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

namespace {

/// What the server answers a request with: the child's pid, or the errno
/// of the fork that failed.
struct ForkReply {
  int32_t Pid;
  int32_t Errno;
};

[[noreturn]] void exitNow(int Code) {
  // No atexit handlers and no stdio flush: those are the tool's.
  syscall(SYS_exit_group, Code);
  __builtin_unreachable();
}

/// The descriptor a request carries, or -1 at the end of the requests.
int receiveRequest(int Control) {
  char Byte;
  FdMessage Request = receiveWithFd(Control, &Byte, 1);
  return Request.Size > 0 ? Request.Fd : -1;
}

[[noreturn]] void serve(int Control, pid_t Tool, char *SharedArea,
                        ForkServer::ChildEntry Entry) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != Tool)
    exitNow(0);
  pid_t Server = getpid();
  while (true) {
    int Socket = receiveRequest(Control);
    if (Socket < 0) {
      // The end of the requests: the children left are reaped first, so
      // that their CPU time goes to the server's account and from there to
      // the tool's (left to init, a subprocess run's last measurement child
      // was a fifth of its CPU time, and a zombie of init's for a while).
      while (waitpid(-1, nullptr, __WALL) > 0 || errno == EINTR) {
      }
      exitNow(0);
    }
    // The tool reaps a child it traced first; the child is then the
    // server's to reap.
    while (waitpid(-1, nullptr, WNOHANG | __WALL) > 0) {
    }
    pid_t Child = fork();
    if (Child == 0) {
      close(Control);
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != Server)
        exitNow(0);
      Entry(SharedArea, Socket);
      exitNow(0);
    }
    ForkReply Reply = {Child, Child < 0 ? errno : 0};
    close(Socket);
    if (send(Control, &Reply, sizeof(Reply), MSG_NOSIGNAL) != sizeof(Reply))
      exitNow(0);
  }
}

Error serverError(const Twine &What, int Errno) {
  return createStringError(inconvertibleErrorCode(),
                           "the fork server: " + What + ": " +
                               describeSystemError(Errno));
}

} // namespace

Expected<std::unique_ptr<ForkServer>> ForkServer::start(size_t SharedSize,
                                                        ChildEntry Entry) {
  void *Area = mmap(nullptr, SharedSize, PROT_READ | PROT_WRITE,
                    MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Area == MAP_FAILED)
    return serverError("mapping its shared area", errno);
  int Sockets[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, Sockets) != 0) {
    int Errno = errno;
    munmap(Area, SharedSize);
    return serverError("creating its socket", Errno);
  }
  pid_t Tool = getpid();
  pid_t Pid = fork();
  if (Pid == 0) {
    close(Sockets[0]);
    serve(Sockets[1], Tool, static_cast<char *>(Area), Entry);
  }
  int Errno = errno;
  close(Sockets[1]);
  if (Pid < 0) {
    close(Sockets[0]);
    munmap(Area, SharedSize);
    return serverError("fork", Errno);
  }
  return std::unique_ptr<ForkServer>(
      new ForkServer(Pid, Sockets[0], static_cast<char *>(Area), SharedSize));
}

/// Whether \p Pid, a child of ours, ended (and was reaped) within
/// \p Seconds.
static bool reapedWithin(pid_t Pid, double Seconds) {
  timespec Start, Now;
  clock_gettime(CLOCK_MONOTONIC, &Start);
  while (true) {
    pid_t Reaped = waitpid(Pid, nullptr, WNOHANG | __WALL);
    if (Reaped == Pid || (Reaped < 0 && errno != EINTR))
      return true;
    clock_gettime(CLOCK_MONOTONIC, &Now);
    if (double(Now.tv_sec - Start.tv_sec) +
            1e-9 * double(Now.tv_nsec - Start.tv_nsec) >=
        Seconds)
      return false;
    timespec Pause = {0, 200000};
    nanosleep(&Pause, nullptr);
  }
}

ForkServer::ForkServer(pid_t Pid, int Control, char *SharedArea,
                       size_t SharedSize)
    : Pid(Pid), Control(Control), SharedArea(SharedArea),
      SharedSize(SharedSize) {
  addExitCleanup([](void *Server) { static_cast<ForkServer *>(Server)->end(); },
                 this);
}

ForkServer::~ForkServer() {
  removeExitCleanup(this);
  end();
}

void ForkServer::end() {
  if (!Pid)
    return;
  // The end of the requests ends the server once it has reaped its
  // children; the kill covers a server that is stuck (a child that does not
  // end), and it ends the children it still has (PR_SET_PDEATHSIG).
  close(Control);
  if (!reapedWithin(Pid, ServerExitGraceSeconds)) {
    kill(Pid, SIGKILL);
    while (waitpid(Pid, nullptr, __WALL) < 0 && errno == EINTR) {
    }
  }
  munmap(SharedArea, SharedSize);
  Pid = 0;
}

Expected<pid_t> ForkServer::forkChild(int Socket) {
  char Byte = 0;
  ssize_t Sent = sendWithFd(Control, &Byte, 1, Socket);
  if (Sent != 1)
    return serverError("sending a request", Sent < 0 ? errno : EPIPE);
  ForkReply Reply = {};
  ssize_t Received;
  do
    Received = recv(Control, &Reply, sizeof(Reply), 0);
  while (Received < 0 && errno == EINTR);
  if (Received != sizeof(Reply))
    return serverError("reading its reply", Received < 0 ? errno : EPIPE);
  if (Reply.Pid < 0)
    return serverError("fork", Reply.Errno);
  return static_cast<pid_t>(Reply.Pid);
}

} // namespace exegesis
} // namespace llvm
