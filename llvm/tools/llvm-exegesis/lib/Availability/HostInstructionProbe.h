//===-- HostInstructionProbe.h - Code run once in a child -------*- C++ -*-===//
//
// Whether the host can execute an instruction is only known for sure by
// executing it: the CPU's features, what the operating system enabled (the
// AVX-512 register state, AMX tile data, APX's extra registers) and what a
// hypervisor hides all decide, and LLVM adds extensions every release, so
// no list kept by hand stays right. A HostInstructionProbe runs a piece of
// machine code once, in a child process of its own, and says how it ended:
// it returned, raised a signal (which, and where), hung, or took the child
// down.
//
// One child serves thousands of probes. It is forked at the first probe,
// catches the fault signals of the probed code itself (SIGILL, SIGSEGV,
// SIGBUS, SIGFPE, SIGTRAP) on a stack of its own, jumps back to its loop and
// resets the x87/SSE state and the direction flag the code may have
// changed. A probe still running after the timeout, or a child that died,
// costs a kill and a reap; the next probe forks a new child. The code travels
// through memory shared with the child (mapped once, before the first fork)
// and the child copies it into executable memory of its own, so that it
// never runs bytes another CPU is writing; a socket pair carries requests
// and answers, and the parent sees the child's death as the end of the
// stream. The child closes every descriptor it inherited but its socket,
// ignores the interruption signals its process group gets (the tool handles
// them), dies with the tool (PR_SET_PDEATHSIG), and the destructor kills and
// reaps it, as does the tool's exit without unwinding (ExitCleanup.h): no
// zombie and no descriptor outlive the probe.
//
// The probed code is a complete function called as `void F(char *Scratch)`
// with a scratch buffer of ScratchMemorySize bytes between guards
// (ScratchMemory.h), as the measured function is, so that what is probed is
// what will run.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AVAILABILITY_HOSTINSTRUCTIONPROBE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AVAILABILITY_HOSTINSTRUCTIONPROBE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sys/types.h>

namespace llvm {
namespace exegesis {

/// How one probed function ended.
struct ProbeResult {
  enum class Outcome {
    /// The function returned.
    Returned,
    /// The function raised a fault signal, which the child caught.
    Signalled,
    /// The function was still running after the timeout; the child was
    /// killed.
    TimedOut,
    /// The child died while running the function (a signal it could not
    /// catch, or an exit the code made).
    ChildDied,
  };
  Outcome Kind = Outcome::Returned;
  /// Signalled: the signal raised. ChildDied: the signal that killed the
  /// child, 0 when it exited.
  int Signal = 0;
  /// Signalled: the address the signal reported (si_addr) as an offset from
  /// the start of the code, when it lies inside the code. For SIGILL and
  /// SIGFPE that is the faulting instruction.
  std::optional<uint64_t> FaultOffset;
};

class HostInstructionProbe {
public:
  /// The largest function a probe takes.
  static constexpr size_t MaxCodeSize = 256 << 10;

  /// A probe still running after \p TimeoutSeconds is killed.
  explicit HostInstructionProbe(double TimeoutSeconds);
  HostInstructionProbe(const HostInstructionProbe &) = delete;
  HostInstructionProbe &operator=(const HostInstructionProbe &) = delete;
  /// Kills and reaps the child.
  ~HostInstructionProbe();

  /// Runs \p Code (a complete, position-independent function) once in the
  /// child. Errors are the tool's own (fork, socket, memory); whatever the
  /// code does is a ProbeResult.
  Expected<ProbeResult> run(StringRef Code);

  /// The child serving probes; 0 before the first probe and after a probe
  /// cost the child its life.
  pid_t getChildPid() const { return ChildPid; }
  /// Children forked so far.
  unsigned getNumChildrenStarted() const { return NumChildrenStarted; }

private:
  Error startChild();
  /// Kills and reaps the child; returns its wait status.
  int stopChild();
  /// Waits for the child's answer to request \p Sequence.
  Expected<ProbeResult> awaitAnswer(uint32_t Sequence, bool &ChildLost);

  double TimeoutSeconds;
  /// Memory shared with the child: a header, then the code.
  void *Shared = nullptr;
  size_t SharedSize = 0;
  int Socket = -1;
  pid_t ChildPid = 0;
  uint32_t LastSequence = 0;
  unsigned NumChildrenStarted = 0;
};

} // namespace exegesis
} // namespace llvm

#endif
