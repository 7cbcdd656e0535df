//===-- SystemRefusal.cpp ---------------------------------------*- C++ -*-===//

#include "Support/SystemRefusal.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cerrno>
#include <cstring>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

namespace llvm {
namespace exegesis {

std::optional<std::string> readKernelFile(const Twine &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileAsStream(Path);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().trim().str();
}

std::optional<std::string> readProcessStatusField(pid_t Pid, StringRef Key) {
  std::optional<std::string> Status = readKernelFile(
      Pid ? "/proc/" + Twine(Pid) + "/status" : Twine("/proc/self/status"));
  if (!Status)
    return std::nullopt;
  SmallVector<StringRef, 64> Lines;
  StringRef(*Status).split(Lines, '\n');
  for (StringRef Line : Lines) {
    auto [Name, Value] = Line.split(':');
    if (Name == Key)
      return Value.trim().str();
  }
  return std::nullopt;
}

bool isSeccompFilterActive() {
  std::optional<std::string> Mode = readProcessStatusField(0, "Seccomp");
  return Mode && *Mode != "0";
}

std::string seccompNote() {
  if (!isSeccompFilterActive())
    return "";
  return "a seccomp filter is active on llvm-exegesis (Seccomp: " +
         readProcessStatusField(0, "Seccomp").value_or("?") +
         " in /proc/self/status) and may deny this system call: run the tool "
         "outside it, or allow the call in the filter (e.g. the container's "
         "seccomp profile)";
}

bool hasEffectiveCapability(unsigned Capability) {
  std::optional<std::string> Mask = readProcessStatusField(0, "CapEff");
  uint64_t Bits = 0;
  if (!Mask || StringRef(*Mask).getAsInteger(16, Bits) || Capability >= 64)
    return false;
  return (Bits >> Capability) & 1;
}

static std::string fileLimitNote() {
  rlimit Limit = {};
  if (getrlimit(RLIMIT_NOFILE, &Limit) != 0)
    return "the open-file limit RLIMIT_NOFILE is too small; raise it with "
           "'ulimit -n'";
  std::string Hard = Limit.rlim_max == RLIM_INFINITY
                         ? std::string("unlimited")
                         : std::to_string(Limit.rlim_max);
  return "RLIMIT_NOFILE, the open-file limit, is " +
         std::to_string(Limit.rlim_cur) +
         "; raise it, e.g. 'ulimit -n 1024' (hard limit " + Hard + ")";
}

std::string describeSystemError(int Errno) {
  std::string Text = std::strerror(Errno);
  std::string Note;
  if (Errno == EMFILE)
    Note = fileLimitNote();
  else if (Errno == ENFILE)
    Note = "the system-wide limit on open files is reached (sysctl "
           "fs.file-max)";
  else if (Errno == EPERM || Errno == EACCES || Errno == ENOSYS)
    Note = seccompNote();
  if (!Note.empty())
    Text += " (" + Note + ")";
  return Text;
}

std::string describePtraceRefusal(pid_t ChildPid, int Errno) {
  std::string Text = std::strerror(Errno);
  std::string Cause;
  std::optional<std::string> Tracer =
      readProcessStatusField(ChildPid, "TracerPid");
  pid_t TracerPid = 0;
  if (Tracer && !StringRef(*Tracer).getAsInteger(10, TracerPid) &&
      TracerPid != 0 && TracerPid != getpid()) {
    std::optional<std::string> Name =
        readKernelFile("/proc/" + Twine(TracerPid) + "/comm");
    Cause = "the benchmarking subprocess is already traced by process " +
            std::to_string(TracerPid) + (Name ? " (" + *Name + ")" : "") +
            ": llvm-exegesis runs under a tracer that follows forks (strace "
            "-f, a debugger); trace it without following forks";
  } else if (std::optional<std::string> Scope =
                 readKernelFile("/proc/sys/kernel/yama/ptrace_scope");
             Scope && *Scope == "3") {
    Cause = "kernel.yama.ptrace_scope is 3, which disables ptrace until the "
            "next reboot";
  } else if (Scope && *Scope == "2" &&
             !hasEffectiveCapability(/*CAP_SYS_PTRACE=*/19)) {
    Cause = "kernel.yama.ptrace_scope is 2: only CAP_SYS_PTRACE may trace "
            "('sysctl kernel.yama.ptrace_scope=1' allows tracing one's "
            "children)";
  } else if (isSeccompFilterActive()) {
    Cause = seccompNote();
  }
  if (!Cause.empty())
    Text += " (" + Cause + ")";
  return Text + "; -execution-mode=inprocess needs no ptrace";
}

/// The CPUs of a sysfs list such as "0-3,5".
static std::optional<std::vector<unsigned>> parseCpuList(StringRef List) {
  std::vector<unsigned> Cpus;
  SmallVector<StringRef, 8> Ranges;
  List.split(Ranges, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Range : Ranges) {
    auto [LowText, HighText] = Range.trim().split('-');
    unsigned Low = 0, High = 0;
    if (LowText.getAsInteger(10, Low) ||
        (HighText.empty() ? (High = Low, false)
                          : HighText.getAsInteger(10, High)) ||
        High < Low)
      return std::nullopt;
    for (unsigned Cpu = Low; Cpu <= High; ++Cpu)
      Cpus.push_back(Cpu);
  }
  return Cpus;
}

/// "0-1,4" for a sorted list of CPUs.
static std::string formatCpuList(const std::vector<unsigned> &Cpus) {
  std::string Text;
  for (size_t I = 0; I < Cpus.size();) {
    size_t J = I;
    while (J + 1 < Cpus.size() && Cpus[J + 1] == Cpus[J] + 1)
      ++J;
    if (!Text.empty())
      Text += ",";
    Text += std::to_string(Cpus[I]);
    if (J > I)
      Text += "-" + std::to_string(Cpus[J]);
    I = J + 1;
  }
  return Text.empty() ? "none" : Text;
}

static bool contains(const std::vector<unsigned> &Cpus, unsigned Cpu) {
  for (unsigned C : Cpus)
    if (C == Cpu)
      return true;
  return false;
}

std::optional<std::string> describeUnusableCpu(unsigned Cpu) {
  std::optional<std::vector<unsigned>> Online;
  if (std::optional<std::string> List =
          readKernelFile("/sys/devices/system/cpu/online"))
    Online = parseCpuList(*List);
  std::string OnlineText =
      Online ? " (online CPUs: " + formatCpuList(*Online) + ")" : "";
  if (Cpu >= CPU_SETSIZE)
    return "CPU " + std::to_string(Cpu) + " does not exist" + OnlineText;
  if (Online && !contains(*Online, Cpu)) {
    std::optional<std::vector<unsigned>> Possible;
    if (std::optional<std::string> List =
            readKernelFile("/sys/devices/system/cpu/possible"))
      Possible = parseCpuList(*List);
    bool Exists = Possible && contains(*Possible, Cpu);
    return "CPU " + std::to_string(Cpu) +
           (Exists ? " is offline" : " does not exist") + OnlineText;
  }
  cpu_set_t Allowed;
  CPU_ZERO(&Allowed);
  if (sched_getaffinity(0, sizeof(Allowed), &Allowed) != 0)
    return std::nullopt;
  if (CPU_ISSET(Cpu, &Allowed))
    return std::nullopt;
  std::vector<unsigned> Mask;
  for (unsigned C = 0; C < CPU_SETSIZE; ++C)
    if (CPU_ISSET(C, &Allowed))
      Mask.push_back(C);
  return "CPU " + std::to_string(Cpu) +
         " is outside llvm-exegesis's CPU affinity mask (allowed: " +
         formatCpuList(Mask) +
         "); pick an allowed CPU or widen the mask (taskset, cgroup cpuset)";
}

} // namespace exegesis
} // namespace llvm
