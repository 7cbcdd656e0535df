//===-- SystemRefusal.h - Why this machine said no --------------*- C++ -*-===//
//
// When a system call is refused, the user needs the cause and what would
// change it, not just strerror's text: a tiny RLIMIT_NOFILE, a seccomp filter
// around the tool, Yama's ptrace policy, a tracer already attached to the
// benchmarking child, a CPU outside the affinity mask. These functions read
// what the kernel exposes under /proc and /sys and word that into one line.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_SYSTEMREFUSAL_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_SYSTEMREFUSAL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <optional>
#include <string>
#include <sys/types.h>

namespace llvm {
namespace exegesis {

/// strerror(\p Errno), followed where the cause can be told by a
/// parenthesised cause and remedy: EMFILE names RLIMIT_NOFILE and its value,
/// EPERM, EACCES and ENOSYS an active seccomp filter.
std::string describeSystemError(int Errno);

/// The text of a small file the kernel writes (/proc, /sys), trimmed;
/// std::nullopt when it cannot be read.
std::optional<std::string> readKernelFile(const Twine &Path);

/// The value of field \p Key ("Seccomp", "TracerPid", ...) of
/// /proc/<pid>/status (0: this process), trimmed.
std::optional<std::string> readProcessStatusField(pid_t Pid, StringRef Key);

/// Whether a seccomp filter is active on this process.
bool isSeccompFilterActive();

/// The note for a refusal under an active seccomp filter, or "" without one.
std::string seccompNote();

/// Whether this process has capability \p Capability (e.g. CAP_PERFMON, 38)
/// in its effective set.
bool hasEffectiveCapability(unsigned Capability);

/// Why ptrace(PTRACE_SEIZE) of the child \p ChildPid failed with \p Errno,
/// and that -execution-mode=inprocess needs no ptrace.
std::string describePtraceRefusal(pid_t ChildPid, int Errno);

/// Why CPU \p Cpu cannot be used for the benchmarking child, or std::nullopt
/// when it can: it does not exist, is offline, or lies outside this
/// process's affinity mask (which the child would escape).
std::optional<std::string> describeUnusableCpu(unsigned Cpu);

} // namespace exegesis
} // namespace llvm

#endif
