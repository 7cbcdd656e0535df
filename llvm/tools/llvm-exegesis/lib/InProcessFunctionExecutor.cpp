//===-- InProcessFunctionExecutor.cpp ---------------------------*- C++ -*-===//

#include "InProcessFunctionExecutor.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include <cstring>

namespace llvm {
namespace exegesis {

InProcessFunctionExecutor::InProcessFunctionExecutor(CounterSpec Counters)
    : Counters(std::move(Counters)), Scratch(new char[ScratchMemorySize]()) {}

InProcessFunctionExecutor::~InProcessFunctionExecutor() = default;

static Error crashed(int RetCode) {
  // On Unix, crash recovery reports a signal as 128 + its number.
  int Signal = RetCode - 128;
  const char *Text = Signal > 0 ? strsignal(Signal) : nullptr;
  return make_error<SnippetFailure>(
      std::string("snippet crashed while running: ") +
      (Text ? Text : "unknown signal"));
}

Expected<SampleTable> InProcessFunctionExecutor::runAndSample(
    ArrayRef<const ExecutableFunction *> Functions, unsigned NumSamples,
    const FixedLayout &Layout, unsigned CallsPerSample) const {
  if (!Layout.empty())
    return createStringError(inconvertibleErrorCode(),
                             "memory and code at fixed addresses are only "
                             "supported in the subprocess execution mode");
  std::optional<CounterGroup> Group;
  if (!Counters.isDummy()) {
    Expected<CounterGroup> Opened = CounterGroup::open(Counters.Events, 0);
    if (!Opened)
      return Opened.takeError();
    Group.emplace(std::move(*Opened));
  }
  CrashRecoveryContext::Enable();
  SampleTable Samples(Functions.size());
  char *ScratchPtr = Scratch.get();
  for (unsigned S = 0; S < NumSamples; ++S) {
    for (size_t F = 0; F < Functions.size(); ++F) {
      const ExecutableFunction &Function = *Functions[F];
      if (Group)
        if (Error E = Group->start())
          return E;
      CrashRecoveryContext Context;
      bool Completed = Context.RunSafely([&] {
        for (unsigned Call = 0; Call < CallsPerSample; ++Call)
          Function(ScratchPtr);
      });
      if (Group) {
        if (Error E = Group->stop())
          return E;
      }
      if (!Completed)
        return crashed(Context.RetCode);
      if (!Group) {
        Samples[F].emplace_back();
        continue;
      }
      Expected<CounterValues> Values = Group->read();
      if (!Values)
        return Values.takeError();
      Samples[F].push_back(std::move(*Values));
    }
  }
  return Samples;
}

} // namespace exegesis
} // namespace llvm
