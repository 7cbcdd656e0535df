//===-- SnippetRepetitor.h - How often the snippet is repeated --*- C++ -*-===//
//
// A snippet of a few instructions is too short to measure, so the measured
// function repeats it: duplicated back to back, or unrolled into a loop body
// that runs several times. This decides the counts for either way; the
// assembler lays the instructions out accordingly and the runner reports
// per-instruction and per-snippet values from the same counts.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_SNIPPETREPETITOR_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_SNIPPETREPETITOR_H

#include <cstdint>

namespace llvm {
namespace exegesis {

/// How the measured function repeats the snippet: copies laid out back to
/// back, or a loop around a body of copies.
enum class SnippetRepetition { Duplicate, Loop };

struct RepetitionPlan {
  /// Whether the copies form a loop body (only for a non-empty loop
  /// repetition).
  bool IsLoop = false;
  /// Copies of the snippet laid out one after the other: the whole function
  /// body when duplicating, the loop body when looping.
  uint64_t CopiesEmitted = 0;
  /// Times the loop body runs (1 when duplicating).
  uint64_t LoopIterations = 1;
  /// Snippet instructions executed by one call of the function.
  uint64_t NumExecutedInstructions = 0;
  /// Whole snippets executed by one call of the function.
  uint64_t NumSnippetRepetitions = 0;
};

/// The plan for a snippet of \p NumSnippetInstructions instructions.
/// Duplicating copies the snippet until at least \p MinInstructions
/// instructions are laid out. Looping unrolls the snippet until the body has
/// at least \p LoopBodySize instructions and runs the body until at least
/// \p MinInstructions instructions have executed. With \p LoopBodyBytes, the
/// loop body also takes as many copies of the snippet (\p SnippetBytes
/// encoded) as fit in that many bytes, but never more than duplicating would
/// lay out. With \p StraightLineMaxBytes, duplicating lays out no more copies
/// than fit in that many bytes, and at least one. An empty snippet gets no
/// copies and no loop.
RepetitionPlan planRepetition(SnippetRepetition Repetition,
                              uint64_t NumSnippetInstructions,
                              uint64_t MinInstructions, uint64_t LoopBodySize,
                              uint64_t SnippetBytes = 0,
                              uint64_t LoopBodyBytes = 0,
                              uint64_t StraightLineMaxBytes = 0);

/// The most code the throughput default's straight-line form lays out when
/// cycles are time-based, on a host whose L1 instruction cache holds
/// \p L1InstructionCacheBytes: its 2N twin takes at most three quarters of
/// that cache, N half as much. Their difference is the value, and it
/// holds only if a copy costs the same in both. A twin larger than the cache
/// streams its code from L2 and one that fits does not, or fits in part,
/// from one measurement to the next, and the difference is then wrong in
/// either direction, sometimes without a warning; twins that both fit agree
/// (the readings: docs/TimeBasedCycles.rst).
uint64_t getStraightLineMaxBytes(uint64_t L1InstructionCacheBytes);

/// A call of the throughput default's loop, measured with time-based
/// cycles, should last about this many core cycles (the scheduling
/// model's). Its N and 2N twins differ in their trip count, and what each
/// call costs beyond its instructions may differ between them (the branch
/// predictor may learn one twin's loop exit and not the other's), in a way
/// that stays for a whole measurement and changes with the next: a
/// mispredicted exit more or less in an N-to-2N difference of a couple of
/// thousand cycles moves the value by a few percent, and in one of a
/// hundred thousand it does not (the readings: docs/TimeBasedCycles.rst).
inline constexpr double TimeBasedLoopCallCycles = 100000;

/// At most this many times -min-instructions for such a call: a model that
/// takes a slow instruction for a fast one costs time, not accuracy.
inline constexpr uint64_t MaxTimeBasedLoopLengthening = 32;

/// The instructions a call of the throughput default's loop runs when
/// cycles are time-based: \p MinInstructions, or more when the model's
/// \p PredictedCyclesPerInstruction (NaN or not positive: no prediction)
/// says that fewer take less than TimeBasedLoopCallCycles.
uint64_t getTimeBasedLoopInstructions(uint64_t MinInstructions,
                                      double PredictedCyclesPerInstruction);

} // namespace exegesis
} // namespace llvm

#endif
