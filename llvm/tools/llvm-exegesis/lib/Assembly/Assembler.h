//===-- Assembler.h - Builds the measured function as an object -*- C++ -*-===//
//
// Turns a BenchmarkCode into the function that is measured: a prologue that
// saves what the ABI requires and sets the initial register values, the
// snippet repeated (duplicated or looped) to reach the requested number of
// instructions, and an epilogue that restores and returns. Everything goes
// through the MC layer into an in-memory relocatable object (ELF; COFF for
// x86-64 Windows, which can be assembled but not run here): no codegen
// pipeline. The layout of the snippet inside the function is recorded so that
// a fault address can be mapped back to the snippet instruction at fault.
//
// The function is called as `void Function(char *ScratchMemory)`: on x86-64
// RDI holds a pointer to scratch memory on entry (LLVM-EXEGESIS-LIVEIN RDI),
// RCX for a Windows triple (the Win64 first argument).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_ASSEMBLER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_ASSEMBLER_H

#include "Assembly/SnippetLocationTable.h"
#include "Assembly/SnippetRepetitor.h"
#include "Core/BenchmarkCode.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The name of the function symbol in every object we produce.
inline constexpr StringRef FunctionSymbolName = "foo";

/// How the snippet fills the measured function (the runner builds min and
/// middle-half modes from these two).
struct AssemblyRequest {
  SnippetRepetition Repetition = SnippetRepetition::Duplicate;
  /// At least this many snippet instructions are executed per call.
  unsigned MinInstructions = 10000;
  /// Loop repetition: at least this many instructions in the loop body.
  unsigned LoopBodySize = 0;
  /// Loop repetition: also as many snippet copies as fit in this many bytes
  /// of code (0: LoopBodySize alone decides), so that the body amortises the
  /// loop branch and still runs from the micro-op cache.
  unsigned LoopBodyBytes = 0;
  /// Straight-line repetition: no more snippet copies than fit in this many
  /// bytes of code, though at least one (0: MinInstructions alone decides).
  unsigned StraightLineMaxBytes = 0;
  /// Encode the snippet once and copy its bytes when no instruction needs a
  /// fixup. Off: every copy goes through the streamer; the object is the
  /// same, only slower (tests compare the two).
  bool RepeatEncodedBytes = true;
};

struct AssembledFunction {
  /// A relocatable object (ELF or COFF, as the triple's) holding the
  /// function in .text under FunctionSymbolName; what -dump-object-to-disk
  /// writes.
  SmallString<0> ObjectFile;
  /// The function's bytes (a view into ObjectFile's .text).
  uint64_t CodeOffsetInObject = 0;
  uint64_t CodeSize = 0;
  /// Every emitted snippet instruction, by increasing offset. In loop mode
  /// the loop body appears once.
  SnippetLocationTable SnippetLocations;
  /// Snippet instructions executed by one call of the function.
  uint64_t NumExecutedInstructions = 0;
  /// Times the whole snippet is executed by one call (for per_snippet_value).
  uint64_t NumSnippetRepetitions = 0;
  /// Whether the copies form a loop body.
  bool IsLoop = false;
  /// For a loop: a register the snippet carries from one copy to the next
  /// (it reads it before writing it, and writes it) that the loop's counter
  /// update writes too, breaking that chain once per iteration (x86's flags
  /// through ADC's carry: the loop then reads less than the snippet costs).
  /// Invalid when there is none.
  MCRegister LoopBreaksChainOf;
  /// Copies of the snippet laid out, and the bytes they take: the whole
  /// straight-line body, or the loop body.
  uint64_t CopiesEmitted = 0;
  uint64_t RepeatedBytes = 0;

  StringRef getCode() const {
    return StringRef(ObjectFile.data() + CodeOffsetInObject, CodeSize);
  }
  /// "loop of C copies (S)", for `info`: the loop body's copies and size.
  std::string describeLoop() const;
  /// RepeatedBytes for people: "812 B", "29.3 KiB".
  std::string describeRepeatedSize() const;
};

/// Assembles the measured function for \p Code.
Expected<AssembledFunction>
assembleMeasuredFunction(const LLVMState &State, const BenchmarkCode &Code,
                         const AssemblyRequest &Request);

/// One version of the measured function that a repetition mode needs: min
/// assembles a duplicated and a looped one, the middle-half modes one with
/// N and one with 2N instructions.
struct MeasuredFunction {
  AssemblyRequest Request;
  AssembledFunction Function;
};

} // namespace exegesis
} // namespace llvm

#endif
