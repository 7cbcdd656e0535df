//===-- SnippetFile.h - Snippet files and their annotations -----*- C++ -*-===//
//
// Reads a snippet file: assembly in the target's syntax (AT&T by default on
// x86, `.intel_syntax noprefix` works), parsed with LLVM's asm parser into
// MCInsts, plus LLVM-EXEGESIS-* annotations in comments (see
// SnippetAnnotation.h for their syntax and makeRegisterValue there for how a
// DEFREG value sets its register). A file is one benchmark.
//
// A snippet file holds instructions and annotations only. Labels, data
// (.byte, .ascii, .zero...), alignment, symbol and section directives are
// refused: they would put something into the measured code that is not an
// instruction, or name an address the snippet cannot know. Instruction
// operands must be constants for the same reason. `.intel_syntax` and
// `.att_syntax` change how the following lines are read.
//
// Every problem of a file is collected and reported in one error. What LLVM's
// asm parser rejects comes first, each as the parser prints it (file, line
// and column, the source line, a caret: AssemblerDiagnostic.h), then
// upstream's "cannot parse asm file". The other problems (malformed
// annotations, refused directives) follow one line each, in line order:
// "<file>:<line>: <message>", except that a malformed annotation's message,
// upstream's words, comes first and its place after it,
// "<message> (<file>:<line>)". An empty file is one benchmark without
// instructions.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SNIPPETFILE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SNIPPETFILE_H

#include "Core/BenchmarkCode.h"
#include "Core/BenchmarkRunOptions.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The text of the snippets file \p Filename ("-" is stdin), refused beyond
/// 64 MiB (a wrong file, /dev/zero or an endless pipe would exhaust memory).
Expected<std::unique_ptr<MemoryBuffer>> readSnippetFile(StringRef Filename);

/// Reads \p Filename ("-" is stdin) into the benchmarks it describes (one per
/// file). All problems are collected and returned as one error, one line per
/// problem.
Expected<std::vector<BenchmarkCode>> readSnippets(const LLVMState &State,
                                                  StringRef Filename);

/// As above, for a buffer already in memory (its identifier names it in
/// messages).
Expected<std::vector<BenchmarkCode>>
readSnippets(const LLVMState &State, std::unique_ptr<MemoryBuffer> Buffer);

/// Fails when a snippet read from \p Filename uses memory or address
/// annotations (MEM-DEF, MEM-MAP, SNIPPET-ADDRESS) or sets a segment base
/// (DEFREG FS or GS on x86-64) while \p Mode cannot honour them: only the
/// subprocess executor maps memory and code at chosen addresses, and only a
/// subprocess may have its FS base changed (the tool's own holds its
/// thread-local storage). Upstream's words come first; which annotations and
/// which file follow in parentheses.
Error checkSnippetsForExecutionMode(const LLVMState &State,
                                    ArrayRef<BenchmarkCode> Codes,
                                    ExecutionMode Mode, StringRef Filename);

} // namespace exegesis
} // namespace llvm

#endif
