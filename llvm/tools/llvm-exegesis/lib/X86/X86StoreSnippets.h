//===-- X86/X86StoreSnippets.h - Latency through memory ---------*- C++ -*-===//
//
// A store's result is memory, which no register operand reads back, so the
// generic serial generator finds no chain for it (or, for a
// read-modify-write form with a register input, chains the register path
// and leaves memory out). Their latency is measured through memory:
//
// - A read-modify-write form whose memory is both its input and its output
//   (`addq $1, (%rdi)`, `incq (%rdi)`, `addq %rdx, (%rdi)`) chains through
//   memory by itself: each repetition's load reads what the previous one
//   stored. No helper, nothing subtracted.
// - A store of a general-purpose register (`movq %rax, (%rdi)`) goes through
//   memory and back with a reload of the same address into the register it
//   stored (`movq (%rdi), %rax`; MOVZX for 8 and 16 bits, so that the
//   reload writes a whole register). The reload's latency, the L1
//   load-to-use latency, is measured in the same run by a pointer chase
//   (`movq (%rdi), %rdi`, the word holding its own address) and subtracted
//   (SubtractedChain in Core/BenchmarkCode.h).
//
// A host that renames memory (AMD Zen 2 and later pair a store with a later
// load that names the same address and hand the value over as a register
// move) takes neither the load's latency nor a forwarding latency in these
// chains: a read-modify-write chain reads the operation alone, and a store
// and its reload round-trip below the load's latency, so the subtraction
// leaves nothing, which the measurer reports as an error, never a value.
// Both are said in `info`.
//
// - A store of an immediate (`movl $0, (%rdi,%rax)`) has no data register
//   to reload: the chain goes through its address instead. The reload of
//   the same address and width (`movl (%rdi,%rax), %eax`; MOVZX for 8 and
//   16 bits) writes the index register RAX, which stays 0 (the immediate is
//   0), so the next store's address waits for it. The reload alone, chained
//   through its index (the word holding 0), is measured beside it and
//   subtracted, the same load with the same address.
//
// - A store of a condition (`sete (%rdi,%rax)`, SETCCm and its APX forms)
//   has the flags for data, which no reload gives back by itself. The
//   reload of the byte into the index (`movzbl (%rdi,%rax), %eax`) is
//   compared with 1 (`cmpl $1, %eax`), which writes the flags the next
//   store reads. The condition is E: the byte decides it (0 leaves ZF
//   clear and stores 0 again, 1 would set it), so the chain rests on the
//   value, not only on the flags' renaming; the flags start clear and RAX
//   stays 0. The reload alone chained through its index is subtracted as
//   for an immediate store, and CMP's latency as half of a round trip
//   through it and CMOVE, each at least a cycle (the bounds that leaves,
//   as X86FlagChains.h does for CMOVB).
//
// Stores of vector, mask and MMX data go through memory and back with a
// reload that needs helpers of its own (X86VectorStoreSnippets.h).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86STORESNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86STORESNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/MC/MCInst.h"
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The latency snippet of \p Model through memory if it is a
/// read-modify-write form of one memory reference, a store of a
/// general-purpose register, of an immediate or of a condition, on a 64-bit
/// target; nullopt otherwise.
std::optional<PreparedSnippet>
getX86StoreChainSnippet(const LLVMState &State, const InstructionModel &Model);

/// Why a store that no strategy here chains has no latency snippet
/// (a conditional store, a prefetch through a vector of indices, a
/// lightweight-profiling event), or nullopt for any other opcode.
std::optional<std::string>
whyNoX86StoreChainSnippet(const LLVMState &State,
                          const InstructionModel &Model);

/// How many bytes \p Store, an instruction with one memory operand, writes
/// (or reads) there, as the operand's type says (1 to 64); nullopt when the
/// type gives no size (XSAVE's area) or there is not exactly one memory
/// operand.
std::optional<unsigned> getX86StoredBytes(const LLVMState &State,
                                          const MCInst &Store);

} // namespace exegesis
} // namespace llvm

#endif
