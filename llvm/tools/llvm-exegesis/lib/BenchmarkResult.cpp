//===-- BenchmarkResult.cpp -------------------------------------*- C++ -*-===//

#include "BenchmarkResult.h"
#include "LLVMState.h"

namespace llvm {
namespace exegesis {

StringRef getBenchmarkModeName(BenchmarkMode Mode) {
  switch (Mode) {
  case BenchmarkMode::Latency:
    return "latency";
  case BenchmarkMode::Uops:
    return "uops";
  case BenchmarkMode::InverseThroughput:
    return "inverse_throughput";
  case BenchmarkMode::Unknown:
    break;
  }
  return "";
}

llvm::Error Benchmark::writeYamlTo(const LLVMState &, raw_ostream &) const {
  return createStringError(inconvertibleErrorCode(),
                           "YAML output is not implemented yet");
}

Expected<std::vector<Benchmark>> Benchmark::readYamls(const LLVMState &,
                                                      MemoryBufferRef) {
  return createStringError(inconvertibleErrorCode(),
                           "YAML input is not implemented yet");
}

} // namespace exegesis
} // namespace llvm
