//===-- PerfCounters.h - What reads a measurement ---------------*- C++ -*-===//
//
// The subsystem that reads what a measured function did: the counters, and
// nothing of how they are driven (the executors, Execution/) or of what their
// readings mean (the measurer, Measure/; the time-based method, TimeBased/).
//
// - PerfEvent.h: a perf event resolved from its name (perf's generic names,
//   sysfs PMU syntax, libpfm4 names), or the dummy event that counts
//   nothing.
// - Counter.h: a group of events opened on a process and read together, so
//   that every value describes the same interval; its operations also work
//   on the leader's descriptor alone, for a child that may not allocate.
// - CpuEventTable.h: which events count cycles, micro-ops and each port's
//   micro-ops on a given CPU.
// - TimeStampCounter.h: the time-stamp counter, read with rdtsc by the code
//   that calls the functions, where it is invariant and allowed.
// - TimedCalls.h: the loop placed beside each function's code that times its
//   calls with the time-stamp counter, through which both executors time
//   them without knowing the time-based method.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_PERFCOUNTERS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_PERFCOUNTERS_H

#include "Counters/Counter.h"
#include "Counters/CpuEventTable.h"
#include "Counters/PerfEvent.h"
#include "Counters/TimeStampCounter.h"
#include "Counters/TimedCalls.h"

#endif
