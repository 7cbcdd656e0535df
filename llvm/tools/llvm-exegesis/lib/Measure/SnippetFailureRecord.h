//===-- SnippetFailureRecord.h - A failed snippet in its result -*- C++ -*-===//
//
// A snippet that crashes, hangs or reads a value that is refused fails its
// own benchmark, never the tool: the failure becomes the result's error, the
// address of a memory fault is kept (-auto-map-memory maps its page and runs
// the block again), and `info` says where the fault happened, at which
// snippet instruction, elsewhere in the generated function, or in the cycle
// calibration code of a time-based measurement.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_SNIPPETFAILURERECORD_H
#define LLVM_TOOLS_LLVM_EXEGESIS_MEASURE_SNIPPETFAILURERECORD_H

#include "Assembly/Assembler.h"
#include "Core/Benchmark.h"
#include "Core/BenchmarkCode.h"
#include "Execution/FunctionExecutor.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Where \p Fault happened, for `info`; \p Functions maps the executor's
/// function indices to assembled functions (null: calibration code).
std::string describeFault(const LLVMState &State, const BenchmarkCode &Code,
                          ArrayRef<const AssembledFunction *> Functions,
                          const FaultLocation &Fault);

/// Records \p Failure, a SnippetFailure of \p Code's functions \p Functions
/// (which map its fault's function index), in \p Result. Any other error is
/// the tool's and is returned.
Error recordSnippetFailure(Error Failure, const LLVMState &State,
                           const BenchmarkCode &Code,
                           ArrayRef<const AssembledFunction *> Functions,
                           Benchmark &Result);

} // namespace exegesis
} // namespace llvm

#endif
