//===-- SnippetFileFuzzer.cpp - libFuzzer target: snippet files -----------===//
//
// Feeds arbitrary bytes to readSnippets, the reader behind -snippets-file
// (assembly and LLVM-EXEGESIS-* annotations), then to the execution-mode
// check the driver applies to what it read. Errors are the expected outcome
// for most inputs; only crashes, leaks, hangs and undefined behaviour are
// findings.
//
//===----------------------------------------------------------------------===//

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
      StringRef(reinterpret_cast<const char *>(Data), Size), "fuzz.s");
  Expected<std::vector<BenchmarkCode>> Codes =
      readSnippets(State, std::move(Buffer));
  if (!Codes) {
    consumeError(Codes.takeError());
    return 0;
  }
  for (ExecutionMode Mode :
       {ExecutionMode::InProcess, ExecutionMode::SubProcess})
    consumeError(checkSnippetsForExecutionMode(State, *Codes, Mode, "fuzz.s"));
  return 0;
}
