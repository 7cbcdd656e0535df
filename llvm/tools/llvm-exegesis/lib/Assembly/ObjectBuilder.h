//===-- ObjectBuilder.h - The MC objects of one object file -----*- C++ -*-===//
//
// What the assembler streams the measured function through: an MCContext,
// the target's object streamer writing into a buffer, and what the object
// format asks of a function (its symbol, finding its bytes again). Kept
// apart from the assembler so that the function's layout reads without the
// MC plumbing. An MCContext owns the symbols and sections of one object, so
// each function gets its own builder.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_OBJECTBUILDER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ASSEMBLY_OBJECTBUILDER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectStreamer.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The snippet encoded once: its bytes and where each instruction starts.
struct EncodedSnippet {
  SmallString<64> Bytes;
  SmallVector<uint64_t, 8> Offsets;
};

/// Where a function's bytes sit in an object file.
struct CodeRange {
  uint64_t Offset = 0;
  uint64_t Size = 0;
};

class ObjectBuilder {
public:
  /// Streams into \p Object, which must outlive the builder.
  ObjectBuilder(const LLVMState &State, SmallString<0> &Object);

  /// Whether the target can emit objects at all.
  bool isValid() const { return Streamer != nullptr; }
  MCContext &getContext() { return Ctx; }
  MCObjectStreamer &getStreamer() {
    return static_cast<MCObjectStreamer &>(*Streamer);
  }
  MCAssembler &getAssembler() { return getStreamer().getAssembler(); }
  const MCObjectFileInfo &getObjectFileInfo() { return *ObjectFileInfo; }

  /// Encodes \p Snippet. Unless \p AllowFixups, nullopt when an instruction
  /// needs a fixup, i.e. its bytes depend on where it lands.
  std::optional<EncodedSnippet> encode(ArrayRef<MCInst> Snippet,
                                       bool AllowFixups);

  /// Makes \p Symbol a global function symbol in the object format's terms,
  /// so that disassemblers and linkers see a function.
  void declareFunctionSymbol(MCSymbol *Symbol);

  /// Lays out and writes the object; fails with the assembler's first
  /// diagnostic (e.g. a branch out of range).
  Error finish();

private:
  const LLVMState &State;
  raw_svector_ostream OS;
  MCContext Ctx;
  std::unique_ptr<MCObjectFileInfo> ObjectFileInfo;
  std::unique_ptr<MCStreamer> Streamer;
  std::string FirstDiagnostic;
};

/// Finds the function's bytes in \p Object: .text holds nothing else.
Expected<CodeRange> locateCode(StringRef Object);

} // namespace exegesis
} // namespace llvm

#endif
