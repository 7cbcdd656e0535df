//===-- HostKernelMeasurer.h - Cycles of a mixture on the host --*- C++ -*-===//
//
// What the port-map solver's callbacks measure on this host: the cycles one
// pass through a mixture of instructions takes at steady state. The mixture
// becomes one snippet (KernelSnippet.h) and its inverse throughput is
// measured as -mode=inverse_throughput measures, through the benchmark
// runner and whatever counter the host offers (time-based cycles without a
// PMU), in a loop whose body is long enough for the scheduler to see the
// mixture whole and short enough to stay in the micro-op cache, so that the
// front end does not decide the figure.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_HOSTKERNELMEASURER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_HOSTKERNELMEASURER_H

#include "Core/BenchmarkRunOptions.h"
#include "PortMap/Kernel.h"
#include "PortMapHost/KernelSnippet.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class BenchmarkRunner;
class LLVMState;

class HostKernelMeasurer {
public:
  /// Instructions in the loop's body, at least: the mixture repeated.
  static constexpr unsigned DefaultLoopBodySize = 256;

  /// Measures with \p RunOptions as the driver filled them, but always the
  /// inverse throughput of the snippet, repeated in a loop.
  HostKernelMeasurer(const LLVMState &State, BenchmarkRunOptions RunOptions,
                     KernelSnippetOptions SnippetOptions = {});
  ~HostKernelMeasurer();

  /// Sets up the counters and the executor once; an error when nothing can
  /// be measured here.
  Error prepare();

  /// Cycles of one pass through \p Terms; an error when the mixture gives no
  /// snippet or its measurement fails.
  Expected<double> measure(ArrayRef<MixtureTerm> Terms);

  /// The solver's kernel over \p Opcodes (KernelTerm::Instr indexes it),
  /// measured.
  Expected<double> measureKernel(ArrayRef<unsigned> Opcodes,
                                 ArrayRef<portmap::KernelTerm> K);

  /// Dependencies the last mixture measured could not avoid.
  ArrayRef<std::string> getLastDependencies() const { return LastDependencies; }
  unsigned getNumMeasurements() const { return NumMeasurements; }

private:
  const LLVMState &State;
  KernelSnippetOptions SnippetOptions;
  std::unique_ptr<BenchmarkRunner> Runner;
  std::vector<std::string> LastDependencies;
  unsigned NumMeasurements = 0;
};

} // namespace exegesis
} // namespace llvm

#endif
