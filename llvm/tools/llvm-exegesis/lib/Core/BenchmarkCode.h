//===-- BenchmarkCode.h - What is benchmarked -------------------*- C++ -*-===//
//
// The description of one benchmark, whether it came from a snippet file or
// from the snippet generator: the instructions, the initial register values,
// the registers used as live-ins, and the memory the subprocess executor maps
// for it. BenchmarkKey is the part that identifies a benchmark in the
// results YAML; BenchmarkCode adds what is only needed to run it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_CORE_BENCHMARKCODE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_CORE_BENCHMARKCODE_H

#include "llvm/ADT/APInt.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// A register and the value it holds when the snippet starts: an integer
/// that may be narrower than the register (a DEFREG value is 4 bits per digit
/// written), which the target extends when it sets the register
/// (ValueExtension in Target.h).
struct RegisterValue {
  MCRegister Register;
  APInt Value;

  static RegisterValue zero(MCRegister Reg) { return {Reg, APInt()}; }
};

/// A named block of memory (LLVM-EXEGESIS-MEM-DEF): SizeBytes bytes filled by
/// repeating Value in little-endian byte order.
struct MemoryValue {
  APInt Value;
  size_t SizeBytes = 0;
  /// Order of definition in the snippet file.
  size_t Index = 0;
};

/// Where the subprocess maps a MemoryValue (LLVM-EXEGESIS-MEM-MAP). With a
/// Length, that many bytes are mapped at Address, made of the value's pages
/// from byte Offset on and going round to its first page again after its
/// last: many virtual pages backed by the few physical pages of one value.
struct MemoryMapping {
  uintptr_t Address = 0;
  std::string MemoryValueName;
  /// Bytes mapped, a multiple of the page size; 0: the whole value, once.
  uint64_t Length = 0;
  /// Where in the value the mapping starts, a multiple of the page size
  /// below the value's size (only with a Length).
  uint64_t Offset = 0;
};

struct BenchmarkKey {
  std::vector<MCInst> Instructions;
  std::vector<RegisterValue> RegisterInitialValues;
  /// Free-form description of the generator's choices (e.g. an LEA form).
  std::string Config;
  std::map<std::string, MemoryValue> MemoryValues;
  std::vector<MemoryMapping> MemoryMappings;
  /// Page-aligned address of the code in the child, 0 for anywhere.
  uintptr_t SnippetAddress = 0;
};

/// Where the part of a SubtractedChain that the benchmark's own chain holds
/// truly lies, when the Share subtracted is an estimate: between
/// LowShare x V + LowCycles and HighShare x V + HighCycles cycles, V the
/// chain's latency per repetition. A domain crossing timed as half of a
/// round trip of R cycles: every instruction takes at least 1 cycle, so
/// the crossing lies within [1, R - 1] (LowShare 0, LowCycles 1, HighShare
/// 1, HighCycles -1).
struct SubtractedBounds {
  double LowShare = 0;
  double LowCycles = 0;
  double HighShare = 0;
  double HighCycles = 0;
};

/// A chain of instructions measured beside a latency benchmark, in the same
/// run and the same way (same executor, repetition, options), whose latency
/// is subtracted from the benchmark's. A generated snippet that needs
/// helper instructions to close its cycle (a vector result moved into the
/// general-purpose register that makes the next address, a flag read back
/// by SETcc) carries one SubtractedChain per helper whose latency must not
/// count as the instruction's.
///
/// Contract:
/// - Key is a snippet of its own, measured as a latency benchmark: its
///   instructions form a serial chain (each repetition waits for the
///   previous one) whose latency per repetition, V, is known to relate to
///   the helper: the helper alone chained (`andl $0, %eax`, Share 1), or a
///   round trip through it and back (Share 1/2, with Bounds).
/// - Key.RegisterInitialValues are set by whoever builds the chain (the
///   generator computes none for it); LiveIns as in BenchmarkCode (the
///   scratch memory register when the chain reads memory).
/// - The benchmark's reported latency is its latency per repetition minus
///   the sum of Share x V over its chains; `info` says what was subtracted,
///   each V, and the bounds when a chain has them. A result <= 0, a chain
///   that fails or reads a V <= 0, or bounds that cross (LowShare x V +
///   LowCycles above HighShare x V + HighCycles) make the benchmark's
///   error, never a clean value.
/// - A negative Share adds the chain back, its Bounds negated with it: a
///   vector store's reload is timed as a load chain with helpers
///   (X86VectorStoreSnippets.h) that the store's own chain does not hold,
///   so the reload's chain is subtracted and its helpers are added back.
/// - Only the latency mode subtracts; other modes ignore the chains.
struct SubtractedChain {
  BenchmarkKey Key;
  std::vector<MCRegister> LiveIns;
  /// How many times its latency per repetition is subtracted (negative:
  /// added back).
  double Share = 1.0;
  /// What the chain is and why it is subtracted, for `info` (its
  /// instructions are printed beside it).
  std::string What;
  /// Set when Share is an estimate (see SubtractedBounds).
  std::optional<SubtractedBounds> Bounds;
};

struct BenchmarkCode {
  BenchmarkKey Key;
  /// Registers whose entry value the snippet uses as is (LLVM-EXEGESIS-LIVEIN).
  std::vector<MCRegister> LiveIns;
  /// Loop counter register chosen by LLVM-EXEGESIS-LOOP-REGISTER; invalid
  /// means the target's default.
  MCRegister LoopRegister;
  /// Explains how the snippet was obtained; copied into the result's `info`.
  std::string Info;
  /// Source text of each instruction (for crash reports), parallel to
  /// Key.Instructions when known.
  std::vector<std::string> InstructionTexts;
  /// Why the input gave no runnable snippet (a machine-code block that does
  /// not decode): the benchmark is not run and reports this as its error.
  std::string InputError;
  /// Chains measured beside this benchmark whose latency is subtracted from
  /// its own (see SubtractedChain); empty for most.
  std::vector<SubtractedChain> SubtractedChains;
};

} // namespace exegesis
} // namespace llvm

#endif
