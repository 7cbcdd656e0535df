//===-- SnippetAnnotation.h - One LLVM-EXEGESIS-* comment -------*- C++ -*-===//
//
// A snippet file tells the tool what the assembly cannot say (initial
// register values, live-ins, memory to map, where to place the code, the loop
// counter) in comments of the form `LLVM-EXEGESIS-<KIND> <PARAMETERS>`. This
// file turns the text of one such comment into a checked, typed annotation;
// checks that need the other annotations of the file (duplicates, MEM-MAP
// naming a MEM-DEF, overlapping mappings) belong to SnippetFile, which also
// adds the file:line to the messages.
//
// Parameter syntax (the numbers are never C-style: no 0x prefix, no sign):
//   DEFREG <REG> <HEX>            LLVM register name, hex digits
//   LIVEIN <REG>
//   MEM-DEF <NAME> <SIZE> <HEX>   SIZE in decimal bytes (>= 1); HEX an even
//                                 number of digits, at most SIZE bytes
//   MEM-MAP <NAME> <ADDRESS> [<LENGTH> [<OFFSET>]]
//                                 ADDRESS decimal, non-zero, page aligned;
//                                 LENGTH (> 0) and OFFSET decimal, whole
//                                 pages (ours: LENGTH bytes of the value's
//                                 pages from OFFSET on, going round)
//   SNIPPET-ADDRESS <HEX>         non-zero, page aligned
//   LOOP-REGISTER <REG>           a pointer-sized general-purpose register
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SNIPPETANNOTATION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SNIPPETANNOTATION_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Page size that MEM-MAP and SNIPPET-ADDRESS addresses must be aligned to.
constexpr uint64_t SnippetPageSize = 4096;

enum class AnnotationKind {
  DefReg,
  LiveIn,
  MemDef,
  MemMap,
  SnippetAddress,
  LoopRegister
};

/// "LLVM-EXEGESIS-DEFREG" etc.
StringRef getAnnotationName(AnnotationKind Kind);

/// Whether the annotation needs the subprocess executor (it places memory or
/// code at chosen addresses of the child).
bool needsSubprocess(AnnotationKind Kind);

struct SnippetAnnotation {
  AnnotationKind Kind = AnnotationKind::DefReg;
  /// The annotation as written, trimmed, with one space after its name
  /// (e.g. "LLVM-EXEGESIS-DEFREG RAX 1"); messages quote it.
  std::string Text;
  /// DEFREG, LIVEIN, LOOP-REGISTER.
  MCRegister Register;
  /// DEFREG: the register's initial value as written (makeRegisterValue).
  /// MEM-DEF: the pattern, 8 bits per pair of digits.
  APInt Value;
  /// MEM-DEF, MEM-MAP: the memory value's name.
  std::string Name;
  /// MEM-DEF.
  uint64_t SizeBytes = 0;
  /// MEM-MAP, SNIPPET-ADDRESS.
  uint64_t Address = 0;
  /// MEM-MAP: bytes mapped (0 when not given: the whole value) and where in
  /// the value they start.
  uint64_t Length = 0;
  uint64_t Offset = 0;
};

/// Parses the text of one comment. std::nullopt when the comment is no
/// annotation (its trimmed text does not start with "LLVM-EXEGESIS-"); an
/// error (one line, without location) when it is a malformed one.
Expected<std::optional<SnippetAnnotation>>
parseSnippetAnnotation(const LLVMState &State, StringRef CommentText);

/// The value a DEFREG with hex digits \p Hex gives \p Reg: an integer of
/// 4 bits per digit, exactly as written (leading zeros count), as upstream
/// keeps it. The target extends it to the register when it sets the register
/// (see fitRegisterValue in Target.h: sign-extended for vector and
/// floating-point registers, zero-extended for the others), so
/// `DEFREG XMM1 ff` is all ones and `DEFREG RAX ff` is 0xFF. A value with
/// more significant bits than the register holds (see RegisterWidth.h) is an
/// error, the "expected ..." part of a message.
Expected<APInt> makeRegisterValue(const LLVMState &State, MCRegister Reg,
                                  StringRef Hex);

} // namespace exegesis
} // namespace llvm

#endif
