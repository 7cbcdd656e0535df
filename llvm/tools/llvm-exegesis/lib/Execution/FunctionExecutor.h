//===-- FunctionExecutor.h - Runs functions while counting ------*- C++ -*-===//
//
// A FunctionExecutor calls assembled functions between starting and stopping
// a counter group and returns what the counters read. Implementations differ
// in where the code runs (in the tool under crash recovery, or in a forked
// child) and therefore in what a crash costs. The executor knows nothing of
// snippets or modes: it runs functions and reports counts, or a
// SnippetFailure when the code itself misbehaved (which the runner turns into
// the benchmark's error field, while any other error is the tool's own).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_FUNCTIONEXECUTOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_FUNCTIONEXECUTOR_H

#include "Counters/Counter.h"
#include "Counters/PerfEvent.h"
#include "Execution/ExecutableFunction.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// Where the code of a failed run stopped, when the executor can tell.
struct FaultLocation {
  /// Index of the function (in the run request) that was executing.
  unsigned FunctionIndex = 0;
  /// Offset of the faulting instruction from the function's entry point.
  uint64_t InstructionOffset = 0;
  /// The address the fault was about (siginfo si_addr).
  uintptr_t FaultAddress = 0;
  /// The signal (0 when the executor cannot tell).
  int Signal = 0;
};

/// The measured code crashed, hung, or exited: a property of the snippet,
/// reported in the benchmark's error field, not a failure of the tool.
class SnippetFailure : public ErrorInfo<SnippetFailure> {
public:
  static char ID;

  explicit SnippetFailure(std::string Message,
                          std::optional<FaultLocation> Fault = std::nullopt)
      : Message(std::move(Message)), Fault(Fault) {}

  const std::string &getMessage() const { return Message; }
  const std::optional<FaultLocation> &getFault() const { return Fault; }

  void log(raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }

private:
  std::string Message;
  std::optional<FaultLocation> Fault;
};

/// The measured code ended its subprocess by itself with an exit code of
/// its own (neither a signal nor one of the child's set-up failures). LLVM 22
/// makes this an error of the run, not a result: a single benchmark ends the
/// tool with it (`llvm-exegesis error: ...`, exit status 1); a sweep reports
/// it, goes on, and exits with 1 at the end.
class SnippetExitError : public ErrorInfo<SnippetExitError> {
public:
  static char ID;

  explicit SnippetExitError(int ExitCode) : ExitCode(ExitCode) {}

  int getExitCode() const { return ExitCode; }

  void log(raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }

private:
  int ExitCode;
};

/// The counters a run reads: one group whose first event is the main counter,
/// or the TSC read with rdtsc around each window (TimeStampCounter.h; then
/// there are no events); neither means dummy counting (run the code, read
/// nothing).
struct CounterSpec {
  std::vector<PerfEvent> Events;
  bool ReadsTimeStampCounter = false;

  bool isDummy() const { return Events.empty() && !ReadsTimeStampCounter; }
  /// Whether a perf event group must be opened.
  bool needsGroup() const { return !Events.empty(); }
};

/// Samples[F][S]: the counter values of sample S of function F. With dummy
/// counters every reading is empty.
using SampleTable = std::vector<std::vector<CounterValues>>;

/// Memory that must exist at a fixed address while the functions run
/// (LLVM-EXEGESIS-MEM-MAP); only the subprocess executor supports it.
struct FixedMemoryRegion {
  uintptr_t Address = 0;
  /// The contents; the size is rounded up to whole pages.
  std::string Contents;
  /// When not -1: the region maps the first SharedSize bytes (rounded up to
  /// pages) of this shared-memory object instead of a private copy of
  /// Contents, so that every region of one MEM-DEF sees the same bytes.
  int SharedFd = -1;
  size_t SharedSize = 0;
  /// When not 0 (shared regions only): the region is this many bytes (whole
  /// pages), made of the object's first SharedSize bytes (rounded up to
  /// pages) from SharedOffset on, going round to the object's start after
  /// its end, so that many pages of the region share one page of the object.
  size_t SharedLength = 0;
  size_t SharedOffset = 0;
  /// What the region is, for error messages (e.g. "MEM-MAP 'value'").
  std::string Name = std::string();

  size_t getSize() const {
    if (SharedFd < 0)
      return Contents.size();
    return SharedLength ? SharedLength : SharedSize;
  }
};

/// Fixed addresses a run needs (snippet annotations); only the subprocess
/// executor supports any.
struct FixedLayout {
  std::vector<FixedMemoryRegion> Memory;
  /// When non-zero, the first function runs from a copy of its code at this
  /// page-aligned address (LLVM-EXEGESIS-SNIPPET-ADDRESS).
  uintptr_t FirstFunctionAddress = 0;

  bool empty() const { return Memory.empty() && FirstFunctionAddress == 0; }
};

/// Lets a sampling end before all its rounds are taken, once what it has
/// read is enough: after round FirstCheck, and every Every rounds after it,
/// Enough sees every reading so far (Samples[F][Round]). In the subprocess
/// executor Enough runs in the benchmarking child, after the snippet: it may
/// allocate (the tool forks only while it is single-threaded) and must not
/// depend on anything the snippet could have changed but the readings.
struct SamplingStopRule {
  unsigned FirstCheck = 1;
  unsigned Every = 1;
  function_ref<bool(const SampleTable &SoFar)> Enough;

  bool isCheckedAfter(unsigned Rounds) const {
    return Enough && Rounds >= FirstCheck &&
           (Rounds - FirstCheck) % std::max(1u, Every) == 0;
  }
};

/// Takes samples as FunctionExecutor::runAndSample does, where the
/// executor runs code (for a SamplingProcedure).
using SamplingRunner = function_ref<Expected<SampleTable>(
    ArrayRef<const ExecutableFunction *> Functions, unsigned NumSamples,
    unsigned CallsPerSample, const SamplingStopRule *Stop)>;

/// A measurement made of several samplings, each planned from the ones
/// before it, that runs where the executor runs code and returns its result
/// as bytes. It may run functions it loads itself besides those the
/// executor was given, and it must not depend on anything a snippet could
/// have changed but the readings (see SamplingStopRule).
using SamplingProcedure =
    function_ref<Expected<std::string>(SamplingRunner Sample)>;

/// The same procedure in a form that a process forked before it was made
/// can run (the subprocess executor's fork server, ForkServer.h): a function
/// of the tool's code, the object it reads, and everything else it needs as
/// bytes. Owner must have been built, and not changed since in anything Run
/// reads, when the executor first ran a procedure. Run gets copies of the
/// functions runProcedure was given, in the same order.
struct PortableProcedure {
  using EntryPoint = Expected<std::string> (*)(
      const void *Owner, StringRef Inputs,
      ArrayRef<const ExecutableFunction *> Functions, SamplingRunner Sample);
  EntryPoint Run = nullptr;
  const void *Owner = nullptr;
  std::string Inputs;
};

class FunctionExecutor {
public:
  virtual ~FunctionExecutor();

  /// Runs \p Procedure where this executor runs code: in the tool, or in
  /// one benchmarking subprocess for all its samplings (one fork instead of
  /// one per sampling). \p Functions are the snippet's functions that
  /// samplings run (a fault is located in them); \p Layout holds for every
  /// sampling. Returns what the procedure returned, or a SnippetFailure
  /// when the snippet misbehaved. \p Portable (may be null) is \p Procedure
  /// again, for an executor that can run it elsewhere.
  virtual Expected<std::string>
  runProcedure(ArrayRef<const ExecutableFunction *> Functions,
               const FixedLayout &Layout, SamplingProcedure Procedure,
               const PortableProcedure *Portable = nullptr) const;

  /// Takes \p NumSamples samples of each of \p Functions, round robin (so
  /// that a change of CPU frequency affects all of them alike), every other
  /// round in reverse order (functionInRound). A sample
  /// calls the function \p CallsPerSample times back to back between
  /// starting and stopping the counters, so that the jitter of starting and
  /// stopping them is spread over that many calls; its reading is the total.
  /// With \p Stop, fewer than \p NumSamples rounds are taken when it says
  /// they are enough (every function has as many readings).
  virtual Expected<SampleTable>
  runAndSample(ArrayRef<const ExecutableFunction *> Functions,
               unsigned NumSamples, const FixedLayout &Layout = FixedLayout(),
               unsigned CallsPerSample = 1,
               const SamplingStopRule *Stop = nullptr) const = 0;
};

/// Which function runs at \p Position of round \p Round of \p NumFunctions:
/// even rounds run them first to last, odd rounds last to first. Whatever
/// runs first in a round follows other code, and may pay for it (wide units
/// waking up after a stretch of scalar code, docs/TimeBasedCycles.rst):
/// always N before 2N, that cost fell on N alone and the difference read
/// low. In reverse order the other function runs first, so a sample's
/// minimum over its rounds reads each function warm.
inline size_t functionInRound(unsigned Round, size_t Position,
                              size_t NumFunctions) {
  return Round % 2 == 0 ? Position : NumFunctions - 1 - Position;
}

/// Size of the scratch buffer whose address a function receives (RDI on
/// x86-64).
inline constexpr size_t ScratchMemorySize = 1 << 20;

} // namespace exegesis
} // namespace llvm

#endif
