//===-- Benchmark.cpp -------------------------------------------*- C++ -*-===//

#include "Core/Benchmark.h"

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

std::optional<BenchmarkMode> parseBenchmarkMode(StringRef Name) {
  for (BenchmarkMode Mode :
       {BenchmarkMode::Unknown, BenchmarkMode::Latency, BenchmarkMode::Uops,
        BenchmarkMode::InverseThroughput})
    if (Name == getBenchmarkModeName(Mode))
      return Mode;
  return std::nullopt;
}

} // namespace exegesis
} // namespace llvm
