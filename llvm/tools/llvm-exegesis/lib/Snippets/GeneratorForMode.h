//===-- GeneratorForMode.h - The snippet generator of a mode ----*- C++ -*-===//
//
// Latency needs snippets whose instructions depend on each other (the
// serial generator), throughput and micro-ops independent ones (the
// parallel generator). This picks the one for a mode, so that callers know
// only the SnippetGenerator interface.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_GENERATORFORMODE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_GENERATORFORMODE_H

#include "Snippets/SnippetGenerator.h"
#include <memory>

namespace llvm {
namespace exegesis {

/// The generator for \p Options.Mode.
std::unique_ptr<SnippetGenerator>
createSnippetGenerator(const LLVMState &State,
                       const SnippetGeneratorOptions &Options);

} // namespace exegesis
} // namespace llvm

#endif
