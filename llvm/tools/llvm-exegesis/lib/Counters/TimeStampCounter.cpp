//===-- TimeStampCounter.cpp ------------------------------------*- C++ -*-===//

#include "Counters/TimeStampCounter.h"
#include <sys/prctl.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace llvm {
namespace exegesis {

static Error unusable(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

Error checkTimeStampCounterUsable() {
#if defined(__x86_64__)
  // CPUID 0x80000007 EDX bit 8: the TSC runs at a constant rate in every
  // P-, C- and T-state. Hypervisors that cannot keep that promise clear it.
  unsigned Eax, Ebx, Ecx, Edx;
  if (!__get_cpuid(0x80000000, &Eax, &Ebx, &Ecx, &Edx) || Eax < 0x80000007)
    return unusable("the CPU does not say whether its TSC is invariant");
  __get_cpuid(0x80000007, &Eax, &Ebx, &Ecx, &Edx);
  if (!(Edx & (1u << 8)))
    return unusable("the TSC is not invariant (CPUID 0x80000007 EDX bit 8 "
                    "clear), so its ticks do not measure time");
  int Mode = 0;
  if (prctl(PR_GET_TSC, &Mode, 0, 0, 0) == 0 && Mode != PR_TSC_ENABLE)
    return unusable("this process may not execute rdtsc (prctl PR_SET_TSC)");
  return Error::success();
#else
  return unusable("reading the TSC from user space needs an x86-64 host");
#endif
}

} // namespace exegesis
} // namespace llvm
