//===-- X86/X86HelperChains.h - Vector and mask loads' latency --*- C++ -*-===//
//
// The latency of an x86 load or load-op form whose result is a vector (XMM,
// YMM, ZMM, MMX) or AVX-512 mask register, through its address, as LLVM's
// scheduling models mean it: the load plus the operation. No such result
// can be an address, so a helper takes it back: one repetition is
//
//   vaddps (%rdi,%rax), %xmm0, %xmm0    the instruction, index RAX
//   vmovd  %xmm0, %eax                  its low element to the index
//   andl   $0, %eax                     the index 0 again, whatever it was
//
// (`kmovw %k1, %eax` for a mask, `movd %mm0, %eax` for an MMX result), the
// memory holding zeros (written before
// the register setup, for the in-process executor's scratch buffer that
// earlier snippets may have written). The helpers are measured beside it in
// the same run and subtracted (SubtractedChain, Core/BenchmarkCode.h):
// `andl $0, %eax` as a chain of its own (1 cycle, data-dependent: AND with
// 0 is no zeroing idiom); the crossing from the vector or mask domain to the
// general-purpose one cannot be timed alone, only a round trip through it
// and back (`vmovd %xmm0, %eax; vmovd %eax, %xmm0`) can. Every instruction
// takes at least a cycle, so from a round trip of R cycles the crossing
// lies within [1, R - 1]: half of R is subtracted, and `info` gives the
// bounds this leaves on the instruction's latency (exact when R is 2).
// Like uops.info's upper bounds for memory-to-vector latencies, this
// assumes the crossing costs the same after the instruction as after its
// way back; a bypass delay between the instruction's domain and the move's
// (floating point into an integer move) is counted as the instruction's.
//
// A load whose result is a general-purpose register but whose operation has
// no identity that would keep the address (POPCNT, LZCNT, TZCNT, BLSR, BSF,
// CRC32...; X86LoadSnippets.h takes those that have one) writes the index
// register itself (RAX, or its low part, which merges into RAX), and only
// `andl $0, %eax` follows: no crossing, the and subtracted exactly.
//
// A conversion from memory into a general-purpose register ((V)CVT(T)SD2SI,
// SS2SI, SH2SI, 2USI) needs no helper: its result is the index register
// itself (or its low half), and the conversion of zero is 0.
//
// An MMX result (MMX_MOVQ64rm, MMX_PABSBrm, MMX_CVTPS2PIrm, 3DNow!'s
// PI2FDrm) is MM0, moved with MMX's movd (`movd %mm0, %eax; movd %eax,
// %mm0` the round trip). MM0 is one of the x87 registers: the snippet and
// its round trip leave the x87 stack tagged full, and the function's
// epilogue (X86Frame.h) ends them with emms for the code that runs after.
//
// A write mask (VADDPSZrmk) is K2, all ones over every element, set by
// `kxnorw %k0, %k0, %k2` (kxnord, kxnorq for 32 and 64 byte or word
// elements) at the start of each repetition: nothing on the chain waits
// for it.
//
// Opcodes the host cannot run still get their snippet (generation and
// assembly work on any host). Not chained here: forms with a
// general-purpose register input besides the result, implicit operands besides
// EFLAGS and MXCSR (BLENDVPS's XMM0, x87's stack), VSIB addresses (gathers).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86HELPERCHAINS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86HELPERCHAINS_H

#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include <optional>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The latency snippet of \p Model, chained through its address with a
/// helper that takes its vector or mask result back into the index
/// register, and the helpers' chains to subtract; nullopt when \p Model is
/// no such load or load-op form, or the target is not 64-bit.
std::optional<PreparedSnippet>
getX86HelperChainSnippet(const LLVMState &State, const InstructionModel &Model);

/// The stores that zero the memory a getX86HelperChainSnippet snippet reads
/// (run before the register setup, while the scratch register still holds
/// the scratch pointer); empty for any other snippet.
std::vector<MCInst> writeX86HelperChainMemory(const LLVMState &State,
                                              ArrayRef<MCInst> Snippet);

} // namespace exegesis
} // namespace llvm

#endif
