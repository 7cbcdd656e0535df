//===-- CpuRotation.cpp -----------------------------------------*- C++ -*-===//

#include "TimeBased/CpuRotation.h"
#include <algorithm>

#ifdef __linux__
#include <sched.h>
#endif

namespace llvm {
namespace exegesis {

CpuRotation::CpuRotation() {
#ifdef __linux__
  cpu_set_t Set;
  CPU_ZERO(&Set);
  if (sched_getaffinity(0, sizeof(Set), &Set) != 0)
    return;
  for (int Cpu = 0; Cpu < CPU_SETSIZE; ++Cpu)
    if (CPU_ISSET(Cpu, &Set))
      AllowedCpus.push_back(Cpu);
#endif
}

CpuRotation::~CpuRotation() {
#ifdef __linux__
  if (!Moved)
    return;
  cpu_set_t Set;
  CPU_ZERO(&Set);
  for (int Cpu : AllowedCpus)
    CPU_SET(Cpu, &Set);
  sched_setaffinity(0, sizeof(Set), &Set);
#endif
}

int CpuRotation::getCurrentCpu() {
#ifdef __linux__
  return sched_getcpu();
#else
  return -1;
#endif
}

bool CpuRotation::pinTo(int Cpu) {
#ifdef __linux__
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(Cpu, &Set);
  if (sched_setaffinity(0, sizeof(Set), &Set) != 0)
    return false;
  Moved = true;
  return true;
#else
  (void)Cpu;
  return false;
#endif
}

bool CpuRotation::moveTo(int Cpu) {
  if (AllowedCpus.size() < 2 ||
      !std::binary_search(AllowedCpus.begin(), AllowedCpus.end(), Cpu))
    return false;
  return pinTo(Cpu);
}

bool CpuRotation::moveToNextCpu() {
  if (AllowedCpus.size() < 2)
    return false;
  int Current = getCurrentCpu();
  auto Next = std::upper_bound(AllowedCpus.begin(), AllowedCpus.end(), Current);
  return pinTo(Next == AllowedCpus.end() ? AllowedCpus.front() : *Next);
}

} // namespace exegesis
} // namespace llvm
