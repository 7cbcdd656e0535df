//===-- ExegesisCore.h - What every benchmark is made of --------*- C++ -*-===//
//
// The vocabulary the layers above share (docs/Layout.rst): the target a run
// is for, what is benchmarked, with which options, and what a benchmark's
// result holds. Nothing here assembles, runs or measures code; every
// subsystem above speaks of its work in these terms, so they sit below all
// of them.
//
// - LLVMState.h: the triple, CPU and features, the MC objects built for
//   them, and the opcode and register names (OpcodeNameIndex.h finds an
//   opcode by name without a hash map).
// - Target.h: ExegesisTarget, the one interface behind which every
//   architecture's knowledge sits, and the one registry that finds a
//   target's implementation (each in its own folder, X86/ to Mips/).
// - InstructionModel.h: what an opcode reads and writes, as the generators
//   reason about it; RegisterPool.h: which registers they may use and which
//   overlap; RegisterWidth.h: how many bits a register holds;
//   InstructionShorthand.h: the short spelling of MCInsts the targets use.
// - BenchmarkCode.h: what one benchmark runs (instructions, initial register
//   values, live-ins, memory); Benchmark.h: what it reports;
//   BenchmarkRunOptions.h: the driver's options for a run, as one value.
// - L1CacheSize.h: the sizes of the host's L1 caches, which size automatic
//   memory mapping and straight-line code; MCAThroughputModel.h: what LLVM's
//   scheduling model predicts a block costs, through LLVM's MCA library.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_EXEGESISCORE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_EXEGESISCORE_H

#include "Core/Benchmark.h"
#include "Core/BenchmarkCode.h"
#include "Core/BenchmarkRunOptions.h"
#include "Core/InstructionModel.h"
#include "Core/InstructionShorthand.h"
#include "Core/L1CacheSize.h"
#include "Core/LLVMState.h"
#include "Core/MCAThroughputModel.h"
#include "Core/OpcodeNameIndex.h"
#include "Core/RegisterPool.h"
#include "Core/RegisterWidth.h"
#include "Core/Target.h"

#endif
