//===-- Counter.cpp ---------------------------------------------*- C++ -*-===//

#include "Counters/Counter.h"
#include "Support/SystemRefusal.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cerrno>
#include <cstring>
#include <optional>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

static constexpr uint64_t GroupReadFormat = PERF_FORMAT_GROUP |
                                            PERF_FORMAT_TOTAL_TIME_ENABLED |
                                            PERF_FORMAT_TOTAL_TIME_RUNNING;

/// kernel.perf_event_paranoid, if it can be read.
static std::optional<int> readPerfEventParanoid() {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileAsStream(PerfEventParanoidPath);
  int Level = 0;
  if (!Buffer || (*Buffer)->getBuffer().trim().getAsInteger(10, Level))
    return std::nullopt;
  return Level;
}

/// What would allow \p Event to be opened, for a permission failure: the
/// paranoid level it needs (1 to count the kernel too, 2 for user mode only)
/// or the capability that bypasses it.
static std::string describePermissionFailure(const PerfEvent &Event) {
  // The paranoid level is beside the point when a seccomp filter refuses
  // the call, or when the capability that bypasses the level is held.
  if (isSeccompFilterActive())
    return seccompNote();
  if (hasEffectiveCapability(/*CAP_PERFMON=*/38) ||
      hasEffectiveCapability(/*CAP_SYS_ADMIN=*/21))
    return "denied although llvm-exegesis holds CAP_PERFMON or "
           "CAP_SYS_ADMIN: a security module (SELinux, AppArmor) or the "
           "hypervisor forbids perf_event_open here";
  std::optional<int> Paranoid = readPerfEventParanoid();
  std::string Current =
      Paranoid ? "kernel.perf_event_paranoid is " + std::to_string(*Paranoid)
               : std::string("kernel.perf_event_paranoid cannot be read");
  bool CountsKernel = !Event.getAttributes().exclude_kernel;
  int Needed = CountsKernel ? 1 : 2;
  if (Paranoid && *Paranoid <= Needed)
    return "denied although " + Current +
           ": a seccomp filter or security module forbids perf_event_open "
           "here; CAP_PERFMON may still allow it";
  return Current + "; this event " +
         (CountsKernel ? "counts kernel time too, which needs 1 or less"
                       : "counts user time only, which needs 2 or less") +
         " ('sysctl kernel.perf_event_paranoid=" + std::to_string(Needed) +
         "') or CAP_PERFMON";
}

static std::string describeOpenFailure(const PerfEvent &Event, int Errno) {
  std::string Why = std::strerror(Errno);
  if (Errno == ENOENT || Errno == EOPNOTSUPP || Errno == ENODEV)
    Why += Event.isHardware()
               ? " (the kernel exposes no hardware PMU for this event; "
                 "common in virtual machines)"
               : " (this PMU cannot count this event)";
  else if (Errno == EACCES || Errno == EPERM)
    Why += " (" + describePermissionFailure(Event) + ")";
  return Why;
}

Expected<CounterGroup> CounterGroup::open(ArrayRef<PerfEvent> Events,
                                          pid_t Pid) {
  if (Events.empty() || Events.size() > MaxEventsPerGroup)
    return createStringError(inconvertibleErrorCode(),
                             "a counter group holds 1 to " +
                                 Twine(MaxEventsPerGroup) + " events, not " +
                                 Twine(Events.size()));
  CounterGroup Group;
  for (const PerfEvent &Event : Events) {
    if (Event.isDummy())
      return createStringError(inconvertibleErrorCode(),
                               "a dummy event cannot be opened");
    perf_event_attr Attributes = Event.getAttributes();
    Attributes.size = sizeof(Attributes);
    Attributes.read_format = GroupReadFormat;
    bool IsLeader = Group.Fds.empty();
    Attributes.disabled = IsLeader;
    Attributes.inherit = 0;
    int GroupFd = IsLeader ? -1 : Group.Fds.front();
    long Fd = syscall(SYS_perf_event_open, &Attributes, Pid, /*cpu=*/-1,
                      GroupFd, PERF_FLAG_FD_CLOEXEC);
    if (Fd < 0)
      return createStringError(inconvertibleErrorCode(),
                               "cannot open perf event '" + Event.getName() +
                                   "': " + describeOpenFailure(Event, errno));
    Group.Fds.push_back(static_cast<int>(Fd));
  }
  return Group;
}

CounterGroup::CounterGroup(CounterGroup &&Other) : Fds(std::move(Other.Fds)) {
  Other.Fds.clear();
}

CounterGroup &CounterGroup::operator=(CounterGroup &&Other) {
  if (this != &Other) {
    close();
    Fds = std::move(Other.Fds);
    Other.Fds.clear();
  }
  return *this;
}

CounterGroup::~CounterGroup() { close(); }

void CounterGroup::close() {
  // Members first: the leader owns the group.
  for (auto It = Fds.rbegin(); It != Fds.rend(); ++It)
    ::close(*It);
  Fds.clear();
}

bool CounterGroup::startGroup(int LeaderFd) {
  return ioctl(LeaderFd, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP) == 0 &&
         ioctl(LeaderFd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP) == 0;
}

bool CounterGroup::stopGroup(int LeaderFd) {
  return ioctl(LeaderFd, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP) == 0;
}

bool CounterGroup::readGroup(int LeaderFd, RawGroupReading &Reading) {
  ssize_t Size = ::read(LeaderFd, Reading.Words, sizeof(Reading.Words));
  return Size >= static_cast<ssize_t>(3 * sizeof(uint64_t));
}

Expected<CounterValues> CounterGroup::decode(const RawGroupReading &Reading,
                                             size_t NumEvents) {
  uint64_t Count = Reading.Words[0];
  uint64_t Enabled = Reading.Words[1];
  uint64_t Running = Reading.Words[2];
  if (Count != NumEvents || NumEvents > MaxEventsPerGroup)
    return createStringError(inconvertibleErrorCode(),
                             "the counter group returned " + Twine(Count) +
                                 " values for " + Twine(NumEvents) + " events");
  if (Enabled == 0)
    return createStringError(inconvertibleErrorCode(),
                             "the counters were never enabled");
  if (Running != Enabled)
    return createStringError(
        inconvertibleErrorCode(),
        "the counters ran " + Twine(Running) + " ns of the " + Twine(Enabled) +
            " ns they were enabled (multiplexed with other perf users, or "
            "not all of them could be scheduled): values would be estimates");
  CounterValues Values;
  for (size_t I = 0; I < NumEvents; ++I)
    Values.push_back(static_cast<int64_t>(Reading.Words[3 + I]));
  return Values;
}

static Error ioctlError(StringRef What) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot " + What +
                               " the perf counters: " + std::strerror(errno));
}

Error CounterGroup::start() const {
  if (!startGroup(getLeaderFd()))
    return ioctlError("start");
  return Error::success();
}

Error CounterGroup::stop() const {
  if (!stopGroup(getLeaderFd()))
    return ioctlError("stop");
  return Error::success();
}

Expected<CounterValues> CounterGroup::read() const {
  RawGroupReading Reading;
  if (!readGroup(getLeaderFd(), Reading))
    return ioctlError("read");
  return decode(Reading, getNumEvents());
}

} // namespace exegesis
} // namespace llvm
