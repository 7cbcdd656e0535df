//===-- GeneratorForMode.cpp ------------------------------------*- C++ -*-===//

#include "Snippets/GeneratorForMode.h"
#include "Snippets/ParallelSnippetGenerator.h"
#include "Snippets/SerialSnippetGenerator.h"

namespace llvm {
namespace exegesis {

std::unique_ptr<SnippetGenerator>
createSnippetGenerator(const LLVMState &State,
                       const SnippetGeneratorOptions &Options) {
  if (Options.Mode == BenchmarkMode::Latency)
    return std::make_unique<SerialSnippetGenerator>(State, Options);
  return std::make_unique<ParallelSnippetGenerator>(State, Options);
}

} // namespace exegesis
} // namespace llvm
