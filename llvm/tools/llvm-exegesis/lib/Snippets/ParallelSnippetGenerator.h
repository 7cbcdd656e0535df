//===-- ParallelSnippetGenerator.h - Uops/throughput snippets ---*- C++ -*-===//
//
// Micro-op counts and inverse throughput are measured on a snippet in which
// no execution waits for another, so the machine runs as many copies at once
// as its resources allow. Uses therefore never share a register with defs;
// an opcode whose def is tied to a use is repeated with a different register
// in each copy; memory references point at distinct cache lines of the
// scratch buffer. An opcode that always depends on itself (an implicit
// register both read and written) is repeated as is, and says so; its
// memory references still point at distinct lines.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_PARALLELSNIPPETGENERATOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_PARALLELSNIPPETGENERATOR_H

#include "Snippets/SnippetGenerator.h"

namespace llvm {
namespace exegesis {

class ParallelSnippetGenerator : public SnippetGenerator {
public:
  using SnippetGenerator::SnippetGenerator;

  /// Copies made of an opcode with memory references (each its own line).
  static constexpr unsigned NumMemoryCopies = 6;
  /// Distance between the addresses of two copies: one cache line.
  static constexpr int64_t MemoryStride = 64;

protected:
  Expected<GeneratedSnippet> generateSnippet(const InstructionModel &Model,
                                             const SlotValues &Values,
                                             const BitVector &Avoid) override;
};

} // namespace exegesis
} // namespace llvm

#endif
