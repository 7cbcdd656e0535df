//===-- Counter.h - A group of perf counters read together ------*- C++ -*-===//
//
// A CounterGroup is one perf event group: the main counter (cycles, a time
// counter, or a port's micro-ops) as leader, the validation counters as
// members. The group is started, stopped and read as a whole, so every
// value describes the same interval. A reading whose counters did not run
// the whole time they were enabled (multiplexed, or a member that could not
// be scheduled) is an error, never a silently scaled value.
//
// The start/stop/read operations also exist as functions of the leader's file
// descriptor alone: the subprocess executor's child has nothing but that
// descriptor, and must not allocate.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_COUNTER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_COUNTER_H

#include "Counters/PerfEvent.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <sys/types.h>
#include <vector>

namespace llvm {
namespace exegesis {

/// Values of one reading: the main counter first, then each validation
/// counter, in the order the group was opened with.
using CounterValues = SmallVector<int64_t, 4>;

/// Where the kernel's perf_event_paranoid level is, for permission errors.
inline constexpr StringRef PerfEventParanoidPath =
    "/proc/sys/kernel/perf_event_paranoid";

/// Most events a group holds (bounds the raw reading the child sends).
inline constexpr unsigned MaxEventsPerGroup = 8;

/// The raw bytes read(2) returns for a group: nr, time_enabled, time_running,
/// then one value per event.
struct RawGroupReading {
  uint64_t Words[3 + MaxEventsPerGroup] = {};
};

class CounterGroup {
public:
  /// Opens \p Events (the first is the leader; none may be dummy) on process
  /// \p Pid (0: the calling process), created disabled. Fails with a message
  /// naming the event that could not be opened and why.
  static Expected<CounterGroup> open(ArrayRef<PerfEvent> Events, pid_t Pid);

  CounterGroup(CounterGroup &&Other);
  CounterGroup &operator=(CounterGroup &&Other);
  CounterGroup(const CounterGroup &) = delete;
  CounterGroup &operator=(const CounterGroup &) = delete;
  ~CounterGroup();

  int getLeaderFd() const { return Fds.front(); }
  size_t getNumEvents() const { return Fds.size(); }

  Error start() const;
  Error stop() const;
  Expected<CounterValues> read() const;

  /// Resets and enables the group led by \p LeaderFd; returns false on
  /// failure. Async-signal-safe.
  static bool startGroup(int LeaderFd);
  /// Disables the group led by \p LeaderFd. Async-signal-safe.
  static bool stopGroup(int LeaderFd);
  /// Reads the group led by \p LeaderFd. Async-signal-safe.
  static bool readGroup(int LeaderFd, RawGroupReading &Reading);
  /// Checks a raw reading of \p NumEvents events and extracts the values.
  static Expected<CounterValues> decode(const RawGroupReading &Reading,
                                        size_t NumEvents);

private:
  CounterGroup() = default;
  void close();

  std::vector<int> Fds;
};

} // namespace exegesis
} // namespace llvm

#endif
