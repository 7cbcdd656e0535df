//===-- HexSnippetFile.h - Basic blocks given as machine code ---*- C++ -*-===//
//
// Reads a snippets file of machine code (-snippets-format=hex): one basic
// block per line as hex bytes, optionally followed by a comma and anything
// (BHive's `hex,throughput` CSV); blank lines and `#` comments are ignored.
// Each block is decoded with the target's disassembler into the benchmark's
// instructions, in order. A final branch ends the block and is dropped, as
// BHive does (the measured function supplies its own control flow); any
// other control-flow instruction, bytes that are not hex, and bytes that do
// not decode make the block a benchmark that is not run, whose error names
// the line, the byte offset and the problem, so that a whole dataset runs
// to its end.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_BLOCKS_HEXSNIPPETFILE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_BLOCKS_HEXSNIPPETFILE_H

#include "Core/BenchmarkCode.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The blocks of \p Filename ("-" is stdin), one benchmark each. Fails only
/// when the file cannot be read.
Expected<std::vector<BenchmarkCode>> readHexSnippets(const LLVMState &State,
                                                     StringRef Filename);

/// As above, for a buffer already in memory (its identifier names it in
/// messages).
std::vector<BenchmarkCode>
readHexSnippets(const LLVMState &State, std::unique_ptr<MemoryBuffer> Buffer);

/// Where a block read by readHexSnippets came from, as its benchmark's
/// `info` starts by saying ("basic block from FILE:LINE: ...").
struct BasicBlockOrigin {
  std::string File;
  unsigned Line = 0;
};
/// The origin named at the start of \p Info; std::nullopt when it names
/// none (a benchmark from elsewhere).
std::optional<BasicBlockOrigin> parseBasicBlockOrigin(StringRef Info);

} // namespace exegesis
} // namespace llvm

#endif
