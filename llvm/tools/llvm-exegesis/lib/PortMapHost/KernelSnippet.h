//===-- KernelSnippet.h - A mixture of opcodes as one snippet ---*- C++ -*-===//
//
// The port-map method measures mixtures: so many copies of each of a few
// instructions, every copy independent of every other, so that the cycles a
// pass takes show only how the copies compete for execution resources. This
// builds the snippet of such a mixture. Each opcode's copies are the parallel
// snippet generator's (ParallelSnippetGenerator.h: uses never fed by defs,
// tied registers distinct per copy, memory at distinct lines), and each
// opcode after the first is generated with the registers of the ones before
// forbidden, so that no opcode reads what another writes. The copies are
// interleaved evenly and the mixture repeated in the body until it is long
// enough for the scheduler to see it whole.
//
// What register choice cannot avoid, an implicit register one opcode writes
// and another reads (EFLAGS written by ANDN, read by ADC), is reported with
// the snippet rather than refused: the caller decides what it means.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_KERNELSNIPPET_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_KERNELSNIPPET_H

#include "Core/BenchmarkCode.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Copies of one opcode per pass through a mixture.
struct MixtureTerm {
  unsigned Opcode = 0;
  unsigned Copies = 0;
};

struct KernelSnippetOptions {
  /// The body holds the mixture as many times as it takes to reach this
  /// many instructions.
  unsigned MinBodyInstructions = 24;
  /// Distinct copies of one opcode at most (an opcode whose def is tied to
  /// a use needs a register per copy, and the copies repeat in turn: enough
  /// chains to hide a short latency, registers left for the others).
  unsigned MaxDistinctCopies = 8;
  /// The snippet is repeated in a loop: its counter register is left alone.
  bool ReserveLoopCounter = true;
};

struct KernelSnippet {
  BenchmarkCode Code;
  /// Passes through the mixture in the body: the body's cycles over this
  /// are the cycles of one pass.
  unsigned Passes = 1;
  /// Dependencies between opcodes that register choice could not avoid.
  std::vector<std::string> Dependencies;
};

/// The snippet of \p Terms (opcodes in order: the first one's registers are
/// chosen first, as the generator would alone); an error when an opcode
/// gives no snippet or no registers are left for it.
Expected<KernelSnippet> buildKernelSnippet(const LLVMState &State,
                                           ArrayRef<MixtureTerm> Terms,
                                           const KernelSnippetOptions &Options);

} // namespace exegesis
} // namespace llvm

#endif
