//===-- HexSnippetFileFuzzer.cpp - libFuzzer target: hex snippets ---------===//
//
// Feeds arbitrary bytes to readHexSnippets, the reader behind
// -snippets-format=hex (one basic block of machine code per line, decoded
// by the disassembler). Every line becomes a benchmark, possibly one that
// carries its input error; only crashes, leaks, hangs and undefined
// behaviour are findings.
//
//===----------------------------------------------------------------------===//

#include "Blocks/HexSnippetFile.h"
#include "FuzzState.h"
#include "Snippets/SnippetFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstddef>
#include <cstdint>

using namespace llvm;
using namespace llvm::exegesis;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const LLVMState &State = getFuzzState();
  std::unique_ptr<MemoryBuffer> Buffer = MemoryBuffer::getMemBufferCopy(
      StringRef(reinterpret_cast<const char *>(Data), Size), "fuzz.hex");
  std::vector<BenchmarkCode> Codes = readHexSnippets(State, std::move(Buffer));
  for (ExecutionMode Mode :
       {ExecutionMode::InProcess, ExecutionMode::SubProcess})
    consumeError(checkSnippetsForExecutionMode(State, Codes, Mode, "fuzz.hex"));
  return 0;
}
