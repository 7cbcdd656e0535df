//===-- SnippetSources.h - Where benchmark code comes from ------*- C++ -*-===//
//
// A benchmark's code comes from one of two sources (docs/Layout.rst): a
// snippet file the user wrote, or a generator that invents a snippet for an
// opcode and a mode. Both end in a BenchmarkCode (Core/BenchmarkCode.h), the
// one thing the layers above take; basic blocks given as machine code are a
// third source, in Blocks/, because mapping their memory runs them.
//
// - SnippetFile.h: a snippet file, assembly parsed by LLVM's asm parser plus
//   its LLVM-EXEGESIS-* annotations, each read by SnippetAnnotation.h; what
//   the parser rejects is reported as the parser prints it
//   (AssemblerDiagnostic.h).
// - SnippetGenerator.h: the generators' common part (the opcode's model,
//   refusals, configurations, register initial values);
//   SerialSnippetGenerator.h builds dependency chains for latency,
//   ParallelSnippetGenerator.h independent copies for micro-ops and inverse
//   throughput, ChainedLoadGenerator.h load latency through the address;
//   GeneratorForMode.h picks the one for a mode; SeededChoice.h makes their
//   random choices the same for one seed everywhere;
//   OperandPairGenerator.h a chain per input-output operand pair
//   (-latency-operand-pairs).
// - SnippetGenerationTarget.h: what the generators cannot know without the
//   architecture (opcodes never to run, registers never to name, memory
//   operands, safe immediates, operand forms worth measuring), per target;
//   NoStrategyReason.h says why an opcode gets no latency snippet.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SNIPPETSOURCES_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SNIPPETSOURCES_H

#include "Snippets/AssemblerDiagnostic.h"
#include "Snippets/GeneratorForMode.h"
#include "Snippets/OperandPairGenerator.h"
#include "Snippets/SnippetFile.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "Snippets/SnippetGenerator.h"

#endif
