//===-- ForkServer.h - Forks children from a quiet process ------*- C++ -*-===//
//
// A fork server is a process the tool forks once, whose only work is to fork
// benchmarking children when asked. Forking the tool itself for each
// measurement write-protects every page of its heap, and the tool then takes
// a page fault on each page it writes afterwards: a few hundred per
// measurement, each a trip through the hypervisor on a paravirtualised
// guest, which made a measured sweep's forks cost more than its samples. The
// server hardly writes to memory, so its forks cost it nothing afterwards.
//
// A child of the server is the tool's grandchild, which the tool may still
// attach to with ptrace (Yama's ptrace_scope=1 admits descendants). It sees
// the tool's memory as it was when the server was forked: whatever is newer
// travels through the server's shared area, which the tool, the server and
// every child map at the same address. The server ends with its owner, or
// at the tool's exit without unwinding (ExitCleanup.h); killed with the tool
// (PR_SET_PDEATHSIG), its children die with it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_FORKSERVER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_FORKSERVER_H

#include "llvm/Support/Error.h"
#include <cstddef>
#include <memory>
#include <sys/types.h>

namespace llvm {
namespace exegesis {

class ForkServer {
public:
  /// What a child runs: \p SharedArea is the server's shared area,
  /// \p Socket the descriptor forkChild() was given. Must not return.
  using ChildEntry = void (*)(char *SharedArea, int Socket);

  /// Forks the server, with a shared area of \p SharedSize bytes (backed
  /// only where written). Call while the tool is single-threaded.
  static Expected<std::unique_ptr<ForkServer>> start(size_t SharedSize,
                                                     ChildEntry Entry);
  ForkServer(const ForkServer &) = delete;
  ForkServer &operator=(const ForkServer &) = delete;
  /// Ends the server and reaps it: the server reaps its children first, so
  /// that their CPU time is the tool's; one still there after
  /// ServerExitGraceSeconds (a child that does not end) is killed.
  ~ForkServer();
  static constexpr double ServerExitGraceSeconds = 1;

  char *getSharedArea() const { return SharedArea; }
  size_t getSharedSize() const { return SharedSize; }
  pid_t getPid() const { return Pid; }

  /// Has the server fork a child that runs the entry point with a copy of
  /// \p Socket; returns the child's pid. A failure means that the server is
  /// gone or cannot fork: no child was left behind.
  Expected<pid_t> forkChild(int Socket);

private:
  ForkServer(pid_t Pid, int Control, char *SharedArea, size_t SharedSize);
  /// What the destructor does, also run by std::exit (ExitCleanup.h); once.
  void end();

  pid_t Pid;
  int Control;
  char *SharedArea;
  size_t SharedSize;
};

} // namespace exegesis
} // namespace llvm

#endif
