//===-- BasicBlocks.h - Machine-code basic blocks as benchmarks -*- C++ -*-===//
//
// Basic blocks taken from running programs (BHive's datasets) measured as
// they are, without a hand-written snippet file (docs/Layout.rst): the
// blocks are read as machine code, and the memory they touch is found by
// running them in the benchmarking subprocess and mapping the pages they
// fault on, which is why this sits above Execution/.
//
// - HexSnippetFile.h: a file of blocks, one per line as hex bytes (BHive's
//   CSV), decoded with the target's disassembler;
// - AutoMemoryMap.h: -auto-map-memory, the registers and memory a block is
//   given and how a fault is answered with a mapping;
// - AutoMappedPages.h: which pages a fault maps (walks followed ahead) and
//   which physical page backs each, so that none alias in the L1.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_BLOCKS_BASICBLOCKS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_BLOCKS_BASICBLOCKS_H

#include "Blocks/AutoMemoryMap.h"
#include "Blocks/HexSnippetFile.h"

#endif
