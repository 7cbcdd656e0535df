//===-- ExitCleanup.cpp -----------------------------------------*- C++ -*-===//

#include "Support/ExitCleanup.h"
#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <unistd.h>
#include <utility>
#include <vector>

namespace llvm {
namespace exegesis {

namespace {
struct Registrations {
  std::mutex Lock;
  std::vector<std::pair<ExitCleanupAction, void *>> Ends;
  /// The process whose helpers these are.
  pid_t Process = 0;
};
} // namespace

/// Constructed before the handler is registered, so destroyed after it ran.
static Registrations &getRegistrations() {
  static Registrations R;
  return R;
}

static void runExitCleanups() {
  Registrations &R = getRegistrations();
  std::vector<std::pair<ExitCleanupAction, void *>> Ends;
  {
    std::lock_guard<std::mutex> Guard(R.Lock);
    if (R.Process != getpid())
      return;
    Ends.swap(R.Ends);
  }
  for (auto It = Ends.rbegin(); It != Ends.rend(); ++It)
    It->first(It->second);
}

void addExitCleanup(ExitCleanupAction Action, void *Owner) {
  Registrations &R = getRegistrations();
  static const bool Installed = std::atexit(runExitCleanups) == 0;
  (void)Installed;
  std::lock_guard<std::mutex> Guard(R.Lock);
  if (R.Process != getpid()) {
    // A forked child's inherited list is its parent's.
    R.Ends.clear();
    R.Process = getpid();
  }
  R.Ends.emplace_back(Action, Owner);
}

void removeExitCleanup(void *Owner) {
  Registrations &R = getRegistrations();
  std::lock_guard<std::mutex> Guard(R.Lock);
  if (R.Process != getpid())
    return;
  R.Ends.erase(
      std::remove_if(R.Ends.begin(), R.Ends.end(),
                     [Owner](const auto &E) { return E.second == Owner; }),
      R.Ends.end());
}

} // namespace exegesis
} // namespace llvm
