//===-- Disassembly.h - Encode and disassemble MCInsts in tests -*- C++ -*-===//
//
// The assembler and target tests check generated code the way a person
// would: by reading its disassembly. These helpers encode instructions with
// the target's code emitter and turn bytes back into one line of text per
// instruction with LLVM's disassembler and instruction printer.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_UNITTESTS_TOOLS_LLVM_EXEGESIS_DISASSEMBLY_H
#define LLVM_UNITTESTS_TOOLS_LLVM_EXEGESIS_DISASSEMBLY_H

#include "Core/LLVMState.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {
namespace disasm {

/// The bytes of \p Insts, encoded one after the other.
inline std::string encode(const LLVMState &State, ArrayRef<MCInst> Insts) {
  MCContext Ctx(State.getTriple(), &State.getAsmInfo(), &State.getRegInfo(),
                &State.getSubtargetInfo());
  std::unique_ptr<MCCodeEmitter> Emitter(
      State.getTarget().createMCCodeEmitter(State.getInstrInfo(), Ctx));
  SmallString<256> Bytes;
  SmallVector<MCFixup, 4> Fixups;
  for (const MCInst &Inst : Insts)
    Emitter->encodeInstruction(Inst, Bytes, Fixups, State.getSubtargetInfo());
  return Bytes.str().str();
}

/// One line per instruction of \p Code, as llvm-objdump prints it without
/// addresses and bytes (e.g. "movabsq $0x0, %rcx"); "<invalid>" ends the
/// list at bytes that do not decode.
inline std::vector<std::string> disassemble(const LLVMState &State,
                                            StringRef Code) {
  MCContext Ctx(State.getTriple(), &State.getAsmInfo(), &State.getRegInfo(),
                &State.getSubtargetInfo());
  const Target &T = State.getTarget();
  std::unique_ptr<MCDisassembler> Disassembler(
      T.createMCDisassembler(State.getSubtargetInfo(), Ctx));
  std::unique_ptr<MCInstPrinter> Printer(T.createMCInstPrinter(
      State.getTriple(), /*SyntaxVariant=*/0, State.getAsmInfo(),
      State.getInstrInfo(), State.getRegInfo()));
  Printer->setPrintImmHex(true);
  std::vector<std::string> Lines;
  ArrayRef<uint8_t> Bytes(Code.bytes_begin(), Code.bytes_end());
  for (uint64_t Offset = 0; Offset < Bytes.size();) {
    MCInst Inst;
    uint64_t Size = 0;
    if (Disassembler->getInstruction(Inst, Size, Bytes.slice(Offset), Offset,
                                     nulls()) != MCDisassembler::Success ||
        Size == 0) {
      Lines.push_back("<invalid>");
      break;
    }
    std::string Text;
    raw_string_ostream OS(Text);
    Printer->printInst(&Inst, Offset, "", State.getSubtargetInfo(), OS);
    OS.flush();
    // The printer separates mnemonic and operands with a tab.
    std::string Line;
    for (char C : StringRef(Text).trim())
      Line += C == '\t' ? ' ' : C;
    Lines.push_back(Line);
    Offset += Size;
  }
  return Lines;
}

/// The disassembly of the instructions a target produced, or the one line
/// "error: <message>" when it refused.
inline std::vector<std::string> textOf(const LLVMState &State,
                                       Expected<std::vector<MCInst>> Insts) {
  if (!Insts)
    return {"error: " + toString(Insts.takeError())};
  return disassemble(State, encode(State, *Insts));
}

} // namespace disasm
} // namespace exegesis
} // namespace llvm

#endif
