//===-- SnippetFile.h - Snippet files and their annotations -----*- C++ -*-===//
//
// Reads a snippet file: assembly in the target's syntax, parsed with LLVM's
// asm parser into MCInsts, plus LLVM-EXEGESIS-* annotations in comments
// (DEFREG, LIVEIN, MEM-DEF, MEM-MAP, SNIPPET-ADDRESS, LOOP-REGISTER). Every
// malformed annotation is reported with file:line, its text and what was
// expected.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETFILE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETFILE_H

#include "BenchmarkCode.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Reads \p Filename ("-" is stdin) into the benchmarks it describes (one per
/// file). All problems are collected and returned as one error, one line per
/// problem.
Expected<std::vector<BenchmarkCode>> readSnippets(const LLVMState &State,
                                                  StringRef Filename);

/// As above, for a buffer already in memory (its identifier names it in
/// messages).
Expected<std::vector<BenchmarkCode>>
readSnippets(const LLVMState &State, std::unique_ptr<MemoryBuffer> Buffer);

} // namespace exegesis
} // namespace llvm

#endif
