//===-- InProcessFunctionExecutor.cpp ---------------------------*- C++ -*-===//

#include "Execution/InProcessFunctionExecutor.h"
#include "Counters/TimeStampCounter.h"
#include "Support/Interruption.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <csignal>
#include <cstring>
#include <sys/time.h>

namespace llvm {
namespace exegesis {

InProcessFunctionExecutor::InProcessFunctionExecutor(CounterSpec Counters,
                                                     double TimeoutSeconds)
    : Counters(std::move(Counters)), TimeoutSeconds(TimeoutSeconds),
      Scratch(ScratchMemorySize) {}

namespace {

/// Set while snippet code runs inside the crash recovery context: only then
/// may the timer's handler jump out of it.
volatile sig_atomic_t InSnippet = 0;
/// Set by the timer's handler: the time is up.
volatile sig_atomic_t TimedOut = 0;

void onTimeout(int) {
  TimedOut = 1;
  // Crash recovery catches SIGTRAP (not SIGALRM) and unwinds to RunSafely.
  // Outside the snippet the loop sees TimedOut after the current call.
  if (InSnippet)
    raise(SIGTRAP);
}

/// An interruption leaves running snippet code as the timeout does.
void onInterruption() {
  if (InSnippet)
    raise(SIGTRAP);
}

/// A one-shot SIGALRM timer for one runAndSample call; the previous handler
/// and timer come back when it ends.
class InProcessWatchdog {
public:
  explicit InProcessWatchdog(double Seconds) {
    InSnippet = 0;
    TimedOut = 0;
    struct sigaction Action = {};
    Action.sa_handler = onTimeout;
    // Not blocked while handled: the jump out of the handler never returns
    // through it to unblock it. The tool's own system calls (reading the
    // counters) are restarted, not failed, when the alarm comes during one.
    Action.sa_flags = SA_NODEFER | SA_RESTART;
    sigemptyset(&Action.sa_mask);
    sigaction(SIGALRM, &Action, &OldAction);
    struct itimerval Timer = {};
    double Whole = std::floor(Seconds);
    Timer.it_value.tv_sec = static_cast<time_t>(Whole);
    Timer.it_value.tv_usec = static_cast<suseconds_t>((Seconds - Whole) * 1e6);
    if (Timer.it_value.tv_sec == 0 && Timer.it_value.tv_usec == 0)
      Timer.it_value.tv_usec = 1;
    setitimer(ITIMER_REAL, &Timer, &OldTimer);
    setInterruptionHook(onInterruption);
  }
  ~InProcessWatchdog() {
    setInterruptionHook(nullptr);
    struct itimerval Off = {};
    setitimer(ITIMER_REAL, &Off, nullptr);
    sigaction(SIGALRM, &OldAction, nullptr);
    setitimer(ITIMER_REAL, &OldTimer, nullptr);
    InSnippet = 0;
  }

private:
  struct sigaction OldAction;
  struct itimerval OldTimer;
};

} // namespace

InProcessFunctionExecutor::~InProcessFunctionExecutor() = default;

/// The caller checks isInterrupted() and discards the benchmark; the
/// message is for anyone who does not.
static Error makeInterruptedError() {
  return createStringError(inconvertibleErrorCode(), "the run was interrupted");
}

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
    const FixedLayout &Layout, unsigned CallsPerSample,
    const SamplingStopRule *Stop) const {
  if (!Layout.empty())
    return createStringError(inconvertibleErrorCode(),
                             "memory and code at fixed addresses are only "
                             "supported in the subprocess execution mode");
  if (isInterrupted())
    return makeInterruptedError();
  std::optional<CounterGroup> Group;
  if (Counters.needsGroup()) {
    Expected<CounterGroup> Opened = CounterGroup::open(Counters.Events, 0);
    if (!Opened)
      return Opened.takeError();
    Group.emplace(std::move(*Opened));
  }
  CrashRecoveryContext::Enable();
  InProcessWatchdog Watchdog(TimeoutSeconds);
  auto TimedOutError = [&] {
    std::string Seconds;
    raw_string_ostream(Seconds) << format("%g", TimeoutSeconds);
    return make_error<SnippetFailure>(
        "snippet timed out while running: interrupted after " + Seconds + " s");
  };
  SampleTable Samples(Functions.size());
  char *ScratchPtr = Scratch.get();
  for (unsigned S = 0; S < NumSamples; ++S) {
    for (size_t Position = 0; Position < Functions.size(); ++Position) {
      size_t F = functionInRound(S, Position, Functions.size());
      const ExecutableFunction &Function = *Functions[F];
      if (Group)
        if (Error E = Group->start())
          return E;
      CrashRecoveryContext Context;
      uint64_t Ticks = 0;
      TimedCallsFunction TimedCalls =
          Counters.ReadsTimeStampCounter ? Function.getTimedCalls() : nullptr;
      bool Completed = Context.RunSafely([&] {
        InSnippet = 1;
        if (TimedCalls) {
          // The timeout and an interruption jump out of it, as below.
          Ticks = TimedCalls(ScratchPtr, CallsPerSample);
          InSnippet = 0;
          return;
        }
        uint64_t TscStart = 0;
        if (Counters.ReadsTimeStampCounter)
          TscStart = readTimeStampCounter();
        for (unsigned Call = 0;
             Call < CallsPerSample && !TimedOut && !isInterrupted(); ++Call)
          Function(ScratchPtr);
        if (Counters.ReadsTimeStampCounter)
          Ticks = readTimeStampCounter() - TscStart;
        InSnippet = 0;
      });
      InSnippet = 0; // Also after a jump out of the snippet.
      if (Group) {
        if (Error E = Group->stop())
          return E;
      }
      if (isInterrupted())
        return makeInterruptedError();
      if (TimedOut)
        return TimedOutError();
      if (!Completed)
        return crashed(Context.RetCode);
      if (Counters.ReadsTimeStampCounter) {
        Samples[F].push_back({static_cast<int64_t>(Ticks)});
        continue;
      }
      if (!Group) {
        Samples[F].emplace_back();
        continue;
      }
      Expected<CounterValues> Values = Group->read();
      if (!Values)
        return Values.takeError();
      Samples[F].push_back(std::move(*Values));
    }
    if (Stop && Stop->isCheckedAfter(S + 1) && Stop->Enough(Samples))
      break;
  }
  return Samples;
}

} // namespace exegesis
} // namespace llvm
