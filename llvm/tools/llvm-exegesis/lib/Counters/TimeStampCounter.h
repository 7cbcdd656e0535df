//===-- TimeStampCounter.h - The TSC, read from user space ------*- C++ -*-===//
//
// The time counter a benchmark reads itself: the x86 time-stamp counter,
// read with rdtsc around each counter window by the code that calls the
// measured functions. Starting, stopping and reading a perf event costs
// three system calls (microseconds, with a jitter of thousands of TSC ticks)
// per window; rdtsc fenced on both sides costs a few dozen cycles and jitters
// by a few. Windows can therefore be short, which is what a busy machine
// needs: a short window is more often one that nothing interrupted. Needs no
// privilege at all, unlike the TSC through the msr PMU.
//
// Usable where the TSC ticks at a constant rate whatever the core clock and
// power state (invariant TSC) and the kernel lets this process execute rdtsc
// (PR_SET_TSC not set to SIGSEGV); the cycle estimator converts ticks to core
// cycles as for any time counter.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_TIMESTAMPCOUNTER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_TIMESTAMPCOUNTER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>

namespace llvm {
namespace exegesis {

/// The name of the user-space TSC among the time counters (-time-counter).
inline constexpr StringRef TimeStampCounterName = "rdtsc";

/// Success when this process can read an invariant TSC with rdtsc; else why
/// not, in words that complete "rdtsc: ".
Error checkTimeStampCounterUsable();

/// The TSC, with loads and earlier instructions completed before it is read
/// and later instructions not started until it is (lfence on both sides).
/// Allocates nothing, makes no system call: safe in the benchmarking child.
inline uint64_t readTimeStampCounter() {
#if defined(__x86_64__)
  uint32_t Low, High;
  asm volatile("lfence\n\trdtsc\n\tlfence"
               : "=a"(Low), "=d"(High)
               :
               : "memory");
  return (uint64_t(High) << 32) | Low;
#else
  return 0;
#endif
}

} // namespace exegesis
} // namespace llvm

#endif
