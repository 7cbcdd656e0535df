//===-- TimedCalls.h - The loop that times calls of a function --*- C++ -*-===//
//
// The timed-calls loop is machine code placed in each executable function's
// own mapping, just after its code: `uint64_t Loop(char *Scratch, uint64_t
// Calls)` reads the time-stamp counter (fenced, as readTimeStampCounter()
// does), calls the function Calls times with Scratch, reads the counter
// again and returns the ticks between the two reads. Both executors time
// functions with it when they read the time-stamp counter themselves and
// the host has it (x86-64); with perf counters they call the functions
// from their own loops.
//
// Why not a loop in the tool's own code: the speed of chains that the core
// folds at rename (`lea 8(%rax), %rax`) followed where the tool's code lay
// against the snippet's (address-space randomisation, the build itself, the
// stack limit), and so changed from one invocation to the next and between
// the execution modes. With the caller beside the snippet, what the front
// end sees is the same in every invocation, every build and both execution
// modes (docs/TimeBasedCycles.rst; the readings are in bench/RESULTS.md).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_TIMEDCALLS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_COUNTERS_TIMEDCALLS_H

#include <cstdint>
#include <string>

namespace llvm {
namespace exegesis {

/// The loop's type, as called.
using TimedCallsFunction = uint64_t (*)(char *Scratch, uint64_t Calls);

/// Whether this host has a timed-calls loop (the tool runs functions of the
/// host only).
bool hostHasTimedCalls();

/// Where the loop starts in a mapping whose code ends \p CodeEnd bytes in:
/// the next 64-byte boundary, a cache line and micro-op cache window of its
/// own.
uint64_t getTimedCallsOffsetAfter(uint64_t CodeEnd);

/// The loop's bytes for a mapping in which it starts \p LoopOffset bytes in
/// and the function's entry point is \p EntryOffset bytes in (the call is
/// relative); empty when the host has none.
std::string encodeTimedCalls(uint64_t LoopOffset, uint64_t EntryOffset);

} // namespace exegesis
} // namespace llvm

#endif
