//===-- BenchmarkExecution.h - Running measured code ------------*- C++ -*-===//
//
// The subsystem that runs assembled functions while counting: it turns the
// assembler's object into code that can be called, calls it between
// starting and stopping the counters, and returns what they read, or the
// snippet's failure when the code crashed, hung or exited. The rest of the
// tool sees one interface (FunctionExecutor.h) and two ways to run:
//
// - In the tool's own process, under crash recovery
//   (InProcessFunctionExecutor.h).
// - In a child forked for the purpose, so that whatever the snippet does
//   costs one error and never the tool (SubProcessFunctionExecutor.h).
//   What a run of a child involves: the protocol between the tool and the
//   child (ChildProtocol.h), the child's side (SubProcessChild.h), one run
//   seen from the tool (ChildRun.h), owning, watching and waiting for the
//   child (ChildProcess.h), handing it a file descriptor (FdPassing.h), and
//   the fork server that forks children from a quiet process
//   (ForkServer.h).
//
// What the code runs with: machine code made callable
// (ExecutableFunction.h), the scratch buffer it gets (ScratchMemory.h),
// memory at fixed addresses and code at a fixed address in the child
// (ChildAddressSpace.h), and LLVM-EXEGESIS-MEM-DEF values in shared memory
// (MemoryDefinitions.h). The counters themselves are Counters/ (the layer
// below).
//
// This header includes what the layers above use to run code and declares
// what the driver needs of the subsystem. It includes the executors'
// interface but neither executor: the measurer creates them (Measure/), so
// that the driver, which includes this header, depends on no executor.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_BENCHMARKEXECUTION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_BENCHMARKEXECUTION_H

#include "Execution/ChildAddressSpace.h"
#include "Execution/ExecutableFunction.h"
#include "Execution/FunctionExecutor.h"
#include "Execution/MemoryDefinitions.h"
#include "Execution/ScratchMemory.h"
#include <cstdint>

namespace llvm {
namespace exegesis {

/// The benchmarking subprocesses forked so far by any executor, by the tool
/// or its fork server (for a sweep's statistics: what a measurement costs in
/// forks). Counted where children are forked (ChildRun.cpp).
uint64_t getNumForkedSubprocesses();

} // namespace exegesis
} // namespace llvm

#endif
