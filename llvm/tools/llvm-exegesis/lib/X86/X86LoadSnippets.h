//===-- X86/X86LoadSnippets.h - Latency through the address ----*- C++ -*-===//
//
// The x86 side of the chained loads (Snippets/ChainedLoadGenerator.h): the
// latency of a load into a general-purpose register, or of a load-op form
// whose result is one, measured through its address, so that one
// repetition waits for the load as the scheduling model's latency of a load
// or of a folded load counts it (the register path of a load-op form leaves
// the load out). RDI, the scratch pointer, is the base; the word it points
// at is written before the register setup (writeX86AddressChainWord).
//
// - MOV64rm: `movq (%rdi), %rdi`, the word holding its own address: a pointer
//   chase, one repetition one load (MOVRS64rm too). IMUL's memory times an
//   immediate, the immediate 1, the same: `imulq $1, (%rdi), %rdi`.
// - A 64-bit load-op form with an identity: `addq (%rdi), %rdi`, the word
//   holding the identity of the operation (0 for ADD, SUB, OR, XOR, ADC, SBB,
//   ADCX and ADOX, all ones for AND, 1 for IMUL), so that RDI stays the
//   address: one repetition is the load and the operation. ADC, SBB, ADCX
//   and ADOX start with the flag they add clear, and adding 0 never sets it.
// - Narrower results cannot hold the address: the result goes to the index
//   register instead, `addl (%rdi,%rax), %eax` or `movzbl (%rdi,%rax), %eax`,
//   RAX starting at 0 and the word holding the identity (0 for a load), so
//   RAX stays 0 and each address waits for the previous result through the
//   index. The same for the loads that do not give back a whole 64-bit
//   value (MOV8/16/32rm, MOVRS, MOVZX, MOVSX, MOVBE) and for the narrower
//   IMUL by an immediate 1 (IMUL32rmi, IMULZU16rmi8...).
//
// Other memory forms (vector load-op forms, flag-only, stores, the stack)
// are not chained here: their results cannot make an address without a
// helper instruction whose latency would have to be subtracted.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86LOADSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86LOADSNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/ChainedLoadGenerator.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include <memory>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// How \p Model is chained through its address if it is a load into a
/// general-purpose register (MOV, MOVRS, MOVZX, MOVSX, MOVBE), IMUL's memory
/// times an immediate, or a load-op form with a general-purpose result and
/// an operation with an identity (ADD, SUB, AND, OR, XOR, ADC, SBB, ADCX,
/// ADOX, IMUL), on a 64-bit target; null otherwise.
std::unique_ptr<ChainedLoad> getX86ChainedLoad(const LLVMState &State,
                                               const InstructionModel &Model);

/// The code that writes the word a snippet chained through its address
/// reads (a snippet of one instruction of the shape getX86ChainedLoad's
/// latency snippet has, generated or from a file): the scratch pointer
/// itself for a pointer chase, the identity of the operation otherwise. Run
/// before the register setup, while the scratch register still holds the
/// scratch pointer. Empty for any other snippet.
std::vector<MCInst> writeX86AddressChainWord(const LLVMState &State,
                                             ArrayRef<MCInst> Snippet);

} // namespace exegesis
} // namespace llvm

#endif
