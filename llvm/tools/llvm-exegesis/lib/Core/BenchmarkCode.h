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
};

} // namespace exegesis
} // namespace llvm

#endif
