//===-- X86/X86VectorStoreSnippets.h - Vector stores' latency ---*- C++ -*-===//
//
// The latency of a store whose data is a vector (XMM, YMM, ZMM), AVX-512
// mask or MMX register, through memory and back. One repetition is
//
//   vmovups %ymm0, (%rdi,%rax)     the store, RAX 0
//   vmovups (%rdi,%rax), %ymm0     the reload of what it wrote, into its data
//
// The reload reads as many bytes as the store writes (a truncation, an
// extract, a conversion to halves write less than their register): VMOVUPS
// (Y, Z) for 16, 32 or 64 bytes, VMOVQ and VMOVD for 8 and 4, VPINSRW and
// VPINSRB for 2 and 1 (merging into the data, which keeps the chain),
// VMOVHPS after a store of a high half, KMOV for a mask, MOVQ and MOVD for
// MMX (when X86HelperChains.h times MMX loads); legacy SSE loads after a
// legacy SSE store, so that no snippet mixes the encodings. A VEX or EVEX
// load into XMM0 zeroes the rest of ZMM0, so the chain is whole when the
// store reads YMM0 or ZMM0 but writes 16 bytes. Immediates are 0: an
// extract takes the low part, which the reload wrote.
//
// The reload is a vector or mask load, whose latency the pointer chase
// does not give: the tool times it through its address with helpers
// (X86HelperChains.h), `load; move to EAX; andl $0, %eax`. That chain is
// measured beside the store in the same run and subtracted, and its own
// helpers, which it holds but the store's chain does not, are added back
// (negative shares, Measure/ChainSubtraction.h): the and exactly, the
// crossing as half its round trip with the bounds that leaves. The store's
// latency is T - (A - and - crossing).
//
// A write mask (VMOVUPSZmrk) is K2, all ones over every element the mask
// class holds (kxnorq for 64 byte elements, kxnord for 32, kxnorw
// otherwise), set at the start of each repetition, off the chain: a
// partial store followed by a whole reload would time a failed store
// forward. The mask of VMASKMOVPS and VPMASKMOVD is XMM1 (YMM1), all ones
// by `vpcmpeqd` at the start of each repetition; only the store reads it.
// Memory needs no set-up: each reload reads what the store before it
// wrote, and the data starts at zero (no NaN or denormal feeds a
// conversion).
//
// LLVM 22's descriptors of six AVX-512 extracts to memory
// (VEXTRACTF32X8Zmri, VEXTRACTF64X2Z256mri, VEXTRACTF64X2Zmri and their
// VEXTRACTI forms) say neither mayStore nor mayLoad, although their
// destination is their memory operand (encoding form MRMDestMem) and
// their masked forms say mayStore: they are taken as the stores they are
// (isUndeclaredX86Store), and `info` says so.
//
// MASKMOVDQU64, VMASKMOVDQU64 and MMX_MASKMOVQ64 store the bytes of their
// data that their mask selects at the address in RDI, which they take
// implicitly and which holds the scratch pointer:
//
//   pcmpeqb %xmm1, %xmm1           the mask, all ones, off the chain
//   maskmovdqu %xmm1, %xmm0        the 16 bytes of XMM0 at RDI
//   movups (%rdi,%rax), %xmm0      the reload, RAX 0
//
// (VPCMPEQB and VMOVUPS for the VEX form, MMX's PCMPEQB and MOVQ and 8
// bytes for MASKMOVQ), the reload timed and taken out as above. Their
// non-temporal hint may send the bytes past the caches, so the value is
// what a store and a reload of the same address take on the host, which
// `info` says.
//
// A host that renames memory (AMD Zen 2 and later) may hand the stored
// value to the reload as a register move: the round trip then reads below
// the reload's latency, the subtraction leaves no value, and the measurer
// reports that as the benchmark's error. `info` says so.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86VECTORSTORESNIPPETS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86VECTORSTORESNIPPETS_H

#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/MC/MCInstrDesc.h"
#include <optional>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The latency snippet of \p Model through memory and back if it stores a
/// vector, mask or MMX register (and the reload it needs has a helper
/// chain), at its memory operand or, for the masked byte stores, at RDI,
/// on a 64-bit target; nullopt otherwise.
std::optional<PreparedSnippet>
getX86VectorStoreSnippet(const LLVMState &State, const InstructionModel &Model);

/// Whether \p Desc stores at its memory operand although its descriptor
/// says neither mayStore nor mayLoad (LLVM 22's unmasked VEXTRACTF32X8Zmri
/// and five more extracts): no register written, and its first operand,
/// its destination in encoding form MRMDestMem, is memory.
bool isUndeclaredX86Store(const LLVMState &State, const MCInstrDesc &Desc);

} // namespace exegesis
} // namespace llvm

#endif
