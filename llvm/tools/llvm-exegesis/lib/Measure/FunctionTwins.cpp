//===-- FunctionTwins.cpp ---------------------------------------*- C++ -*-===//

#include "Measure/FunctionTwins.h"
#include "Core/L1CacheSize.h"
#include "llvm/Support/FormatVariadic.h"
#include <limits>

namespace llvm {
namespace exegesis {

/// The twin of \p F: twice what the short function runs, not twice what was
/// asked. A loop runs whole iterations, and with a 409-copy body 10000
/// instructions become 10225 but 20000 only 20041, which made every such
/// latency value carry the fixed-part warning (2N - 2 * N read 4% of the
/// short function).
static Expected<AssembledFunction> assembleTwin(const LLVMState &State,
                                                const BenchmarkCode &Code,
                                                const MeasuredFunction &F) {
  AssemblyRequest Twice = F.Request;
  // The short function's byte limit made it as long as it is.
  Twice.StraightLineMaxBytes = 0;
  uint64_t Doubled = 2 * F.Function.NumExecutedInstructions;
  Twice.MinInstructions = Doubled <= std::numeric_limits<unsigned>::max()
                              ? static_cast<unsigned>(Doubled)
                              : 2 * Twice.MinInstructions;
  return assembleMeasuredFunction(State, Code, Twice);
}

Expected<std::vector<MeasuredVariant>>
pairWithTwins(const LLVMState &State, const BenchmarkCode &Code,
              ArrayRef<MeasuredFunction> Functions, RepetitionMode Repetition,
              bool AssembleTwins, std::vector<AssembledFunction> &Twins) {
  Twins.clear();
  // The variants point into Twins: it must never reallocate.
  Twins.reserve(Functions.size());
  std::vector<MeasuredVariant> Variants;
  if (Repetition == RepetitionMode::MiddleHalfDuplicate ||
      Repetition == RepetitionMode::MiddleHalfLoop) {
    if (Functions.size() != 2)
      return createStringError(inconvertibleErrorCode(),
                               "middle-half repetition needs two functions");
    Variants.push_back({&Functions[0].Function, &Functions[1].Function});
    return Variants;
  }
  for (const MeasuredFunction &F : Functions) {
    MeasuredVariant V{&F.Function, nullptr};
    if (AssembleTwins) {
      Expected<AssembledFunction> Long = assembleTwin(State, Code, F);
      if (!Long)
        return Long.takeError();
      Twins.push_back(std::move(*Long));
      V.Long = &Twins.back();
    }
    Variants.push_back(V);
  }
  return Variants;
}

RunLength runLengthOf(const AssembledFunction &F) {
  return {F.NumExecutedInstructions, F.NumSnippetRepetitions};
}

std::optional<RunLength> runLengthOf(const AssembledFunction *Twin) {
  if (!Twin)
    return std::nullopt;
  return runLengthOf(*Twin);
}

uint64_t getDifferencedInstructions(const MeasuredVariant &V) {
  if (!V.Long)
    return V.Short->NumExecutedInstructions;
  return V.Long->NumExecutedInstructions - V.Short->NumExecutedInstructions;
}

std::string twinsBeyondL1InstructionCache(const AssembledFunction &Short,
                                          const AssembledFunction *Long) {
  if (Short.IsLoop || !Long)
    return "";
  const L1CacheSize &Cache = getHostL1CacheSize(L1Cache::Instruction);
  if (Long->RepeatedBytes <= Cache.Bytes)
    return "";
  auto KiB = [](uint64_t Bytes) {
    return formatv("{0:f1}", double(Bytes) / 1024).str();
  };
  // The most instructions whose 2N twin fits, at the snippet's bytes per
  // instruction.
  uint64_t Fitting = Short.RepeatedBytes
                         ? Cache.Bytes * Short.NumExecutedInstructions /
                               (2 * Short.RepeatedBytes)
                         : 0;
  return "warning: the straight-line N and 2N functions take " +
         KiB(Short.RepeatedBytes) + " and " + KiB(Long->RepeatedBytes) +
         " KiB, more than the " + KiB(Cache.Bytes) +
         " KiB L1 instruction cache, the value may be off (-min-instructions=" +
         std::to_string(Fitting) + " or fewer keeps them within it)";
}

} // namespace exegesis
} // namespace llvm
