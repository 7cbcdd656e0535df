//===-- X86/X86ScratchWord.h - Instructions at the scratch word -*- C++ -*-===//
//
// The memory round trips (x87 loads and stores, control state) address the
// scratch word through the scratch register alone, `(%rdi)`: these build
// such an instruction and recognise one, so that the measure phase can tell
// a generated round trip from any other snippet of the same opcodes.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86SCRATCHWORD_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86SCRATCHWORD_H

#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"

namespace llvm {
namespace exegesis {

class LLVMState;

/// The register that holds the scratch pointer, or an invalid one.
MCRegister getX86ScratchRegister(const LLVMState &State);

/// \p Name (an opcode with one five-operand memory reference and nothing
/// else) addressing the word at \p Scratch.
MCInst buildX86AtScratch(const LLVMState &State, StringRef Name,
                         MCRegister Scratch);

/// Whether \p Inst is \p Name addressing the word at \p Scratch, as
/// buildX86AtScratch builds it.
bool isX86AtScratch(const LLVMState &State, const MCInst &Inst, StringRef Name,
                    MCRegister Scratch);

} // namespace exegesis
} // namespace llvm

#endif
