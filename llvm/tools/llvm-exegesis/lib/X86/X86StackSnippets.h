//===-- X86/X86StackSnippets.h - Stack instructions' latency ----*- C++ -*-===//
//
// The latency of PUSH, POP, CALL and RET, measured on a private stack in
// scratch memory. A stack instruction moves RSP as well as reading or
// writing the word RSP points at, so its snippet must balance (RSP back where
// it started after every repetition, or the loop and the straight-line copies
// walk off the buffer) and must not run on the caller's stack (the function's
// own frame lies there). After the register setup the function moves RSP to
// a word in the middle of the scratch buffer, which the pushes and calls
// write below and the pops and returns read back, and it gives the caller's
// RSP back after the copies; the same function runs in process and in the
// benchmarking subprocess.
//
// What one repetition measures, so that the value is the one a performance
// engineer looks up (LLVM's scheduling models, uops.info):
// - a pop of a 64-bit register: `popq %rsp` with the word holding its own
//   address, a pointer chase through the stack pointer: each pop's address
//   is what the previous one loaded, one repetition one POP's load, as the
//   models count POP's latency (the load; MOV64rm is the same chase through
//   RDI);
// - a push (and a 16-bit pop): the pair `pushq %rax; popq %rax`, each push
//   storing what the previous pop loaded; per_snippet_value is the pair, the
//   round trip the models count as PUSH's latency plus POP's. CPUs that
//   rename memory through the stack pointer (AMD Zen 2 to Zen 5, Intel Ice
//   Lake and later) give the pushed register to the pop without a
//   store-to-load forwarding: the pair then reads under a cycle, renaming
//   and not a forwarding latency, which `info` says;
// - a memory push and pop: `pushq (%rdi); popq (%rdi)`, through memory both
//   ways; the flags: `pushfq; popfq`;
// - CALL and RET: a call to a return two bytes ahead, which comes back to a
//   jump over it: the round trip of a predicted call and return, bound by
//   the taken branches, since no value flows but the return address.
// The opcodes of 32-bit mode, the segment registers, far and interrupt
// returns, and pushes of an immediate (nothing to chain but RSP, which the
// stack engine updates as instructions are renamed) are refused with their
// reason.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86STACKSNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86STACKSNIPPETS_H

#include "Core/InstructionModel.h"
#include "Core/Target.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Bytes from the scratch pointer to the private stack's top: the middle of
/// the 1 MiB buffer (ScratchMemorySize), so that the pushes, calls and a
/// signal frame the kernel may write below RSP stay inside it.
inline constexpr int64_t X86PrivateStackOffset = 512 << 10;

/// The latency snippet of a stack instruction on a private stack, or
/// nullopt when \p Model is not one the stack snippets cover.
std::optional<PreparedSnippet>
getX86StackLatencySnippet(const LLVMState &State,
                          const InstructionModel &Model);

/// Why a push, pop or LEAVE gets no snippet: in latency mode the precise
/// reason for the ones the stack snippets do not cover, in the other modes
/// that only latency measures them. nullopt when \p Name is no push, pop
/// or LEAVE.
std::optional<std::string> whyNoX86StackSnippet(StringRef Name);

/// Whether \p Opcode takes part in the stack snippets, which keep the stack
/// balanced on a private stack, so that it may run there.
bool runsOnX86PrivateStack(const LLVMState &State, unsigned Opcode);

/// The code run before the register setup (while the scratch register
/// still holds the scratch pointer) that notes where the private stack of
/// \p Snippet starts; empty unless the snippet runs on one.
std::vector<MCInst> noteX86PrivateStack(const LLVMState &State,
                                        ArrayRef<MCInst> Snippet);

/// ExegesisTarget::lowerSnippet for x86: a snippet whose stack instructions
/// balance gets the move of RSP to its private stack after the register
/// setup (Configure, with the word a `popq %rsp` chase reads) and the
/// caller's RSP back after the copies (Restore); any other snippet is kept
/// as it is.
LoweredSnippet lowerX86StackSnippet(const LLVMState &State,
                                    ArrayRef<MCInst> Snippet);

} // namespace exegesis
} // namespace llvm

#endif
