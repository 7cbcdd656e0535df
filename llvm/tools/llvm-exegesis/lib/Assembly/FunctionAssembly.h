//===-- FunctionAssembly.h - The measured function, as an object ---*- C++ -*-//
//
// What turns a BenchmarkCode into the function that is measured
// (docs/Layout.rst), through the MC layer into an in-memory object file: the
// object -dump-object-to-disk writes and the executors load. It knows the
// target (through Core/Target.h) and nothing of counters or executors.
//
// - Assembler.h: the function, prologue, register set-up, the snippet
//   repeated, epilogue, as a relocatable object;
// - SnippetRepetitor.h: how the snippet fills the function to the requested
//   number of instructions, duplicated (straight-line code) or looped;
// - SnippetLocationTable.h: where each snippet instruction sits in the
//   function, so that a fault address names the instruction at fault;
// - SnippetRegisters.h: the registers the function's instructions read and
//   write, and the chain a loop's counter update would cut;
// - ObjectBuilder.h: the MC objects one object file is streamed through.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_FUNCTIONASSEMBLY_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_FUNCTIONASSEMBLY_H

#include "Assembly/Assembler.h"
#include "Assembly/SnippetRepetitor.h"

#endif
