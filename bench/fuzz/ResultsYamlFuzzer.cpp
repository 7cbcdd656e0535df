//===-- ResultsYamlFuzzer.cpp - libFuzzer target: results YAML ------------===//
//
// Feeds arbitrary bytes to the two results-file readers: the target-only
// pass -mode=analysis makes before it knows the target
// (readBenchmarksTarget), and readBenchmarkYamls, which -mode=analysis
// and -resume use, with entries that name unknown opcodes or registers
// skipped as they do. What readBenchmarkYamls accepts is written back to YAML
// and must read again, strictly, with nothing skipped (-resume copies documents
// it read into the new file): a rewritten file that does not read is a
// finding too.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AnalysisRunner.h"
#include "FuzzState.h"
#include "Results/BenchmarkResult.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
#include <cstdint>

using namespace llvm;
using namespace llvm::exegesis;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const LLVMState &State = getFuzzState();
  MemoryBufferRef Buffer(StringRef(reinterpret_cast<const char *>(Data), Size),
                         "fuzz.yaml");
  Expected<BenchmarksTarget> Target = readBenchmarksTarget(Buffer);
  if (!Target)
    consumeError(Target.takeError());
  std::vector<SkippedBenchmarkEntry> Skipped;
  Expected<std::vector<Benchmark>> Points =
      readBenchmarkYamls(State, Buffer, &Skipped);
  if (!Points) {
    consumeError(Points.takeError());
    return 0;
  }
  std::string Text;
  raw_string_ostream OS(Text);
  for (const Benchmark &B : *Points)
    if (Error E = writeBenchmarkYaml(B, State, OS)) {
      consumeError(std::move(E));
      return 0;
    }
  Expected<std::vector<Benchmark>> Again =
      readBenchmarkYamls(State, MemoryBufferRef(Text, "rewritten.yaml"));
  if (!Again) {
    errs() << "fuzz: what readBenchmarkYamls read does not read back once "
              "written: "
           << toString(Again.takeError()) << "\n"
           << Text;
    std::abort();
  }
  if (Again->size() != Points->size()) {
    errs() << "fuzz: " << Points->size() << " documents read back as "
           << Again->size() << "\n"
           << Text;
    std::abort();
  }
  return 0;
}
