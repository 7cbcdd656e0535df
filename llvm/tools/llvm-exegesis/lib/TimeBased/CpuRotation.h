//===-- CpuRotation.h - Moving the thread between CPUs ----------*- C++ -*-===//
//
// On a shared VM one CPU can stay disturbed (a busy SMT sibling, another
// guest) for seconds while another is quiet. A measurement whose run of
// samples was taken while the core was shared moves the thread to the next
// CPU it is allowed on before the next run (a benchmarking subprocess
// forked then inherits that CPU), and the next measurement starts there;
// the thread's own affinity mask is restored when the rotation ends. A
// thread allowed on one CPU only (taskset) stays there.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CPUROTATION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CPUROTATION_H

#include "llvm/ADT/ArrayRef.h"
#include <vector>

namespace llvm {
namespace exegesis {

class CpuRotation {
public:
  /// Remembers the calling thread's affinity mask; does not move it yet.
  CpuRotation();
  /// Restores the mask when the thread was moved.
  ~CpuRotation();
  CpuRotation(const CpuRotation &) = delete;
  CpuRotation &operator=(const CpuRotation &) = delete;

  /// Pins the calling thread to the next allowed CPU after the one it is on.
  /// False (and nothing changed) when it has nowhere else to go.
  bool moveToNextCpu();
  /// Pins the calling thread to \p Cpu (where a benchmarking subprocess
  /// moved itself). False (and nothing changed) when it is not allowed
  /// there or has nowhere else to go.
  bool moveTo(int Cpu);

  /// The CPUs the thread may run on, in ascending order.
  ArrayRef<int> getAllowedCpus() const { return AllowedCpus; }

  /// The CPU the calling thread is on, -1 when unknown.
  static int getCurrentCpu();

private:
  /// Pins the calling thread to \p Cpu.
  bool pinTo(int Cpu);

  std::vector<int> AllowedCpus;
  bool Moved = false;
};

} // namespace exegesis
} // namespace llvm

#endif
