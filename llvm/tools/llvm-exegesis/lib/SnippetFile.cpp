//===-- SnippetFile.cpp -----------------------------------------*- C++ -*-===//

#include "SnippetFile.h"
#include "LLVMState.h"

namespace llvm {
namespace exegesis {

Expected<std::vector<BenchmarkCode>> readSnippets(const LLVMState &State,
                                                  StringRef Filename) {
  auto BufferOrErr = Filename == "-" ? MemoryBuffer::getSTDIN()
                                     : MemoryBuffer::getFile(Filename);
  if (!BufferOrErr)
    return createStringError(BufferOrErr.getError(),
                             "cannot read snippets file '" + Filename +
                                 "': " + BufferOrErr.getError().message());
  return readSnippets(State, std::move(*BufferOrErr));
}

Expected<std::vector<BenchmarkCode>>
readSnippets(const LLVMState &, std::unique_ptr<MemoryBuffer>) {
  return createStringError(inconvertibleErrorCode(),
                           "snippet parsing is not implemented yet");
}

} // namespace exegesis
} // namespace llvm
