//===-- X86/X86FlagChains.h - Latency through the flags ---------*- C++ -*-===//
//
// An instruction whose only result is the flags (CMP, TEST, BT, COMISS,
// PTEST...) cannot depend on itself: nothing it reads is what it writes. Its
// latency is measured through a consumer of the flags that writes back one
// of its inputs: `cmovb %rcx, %rax`, CMOVB reading CF, which every one of
// them writes. RAX and RCX both hold 0, so RAX keeps its value whichever
// way the condition goes, and the chain stays the same from repetition to
// repetition whatever the flags are.
//
// - A form with a general-purpose input: RAX (or its part of the input's
//   width) is that input, `cmpq %rdx, %rax; cmovb %rcx, %rax`.
// - A memory form: RAX is the index of its address, `cmpq $1,
//   (%rdi,%rax); cmovb %rcx, %rax`, so each load waits for the previous
//   flags: one repetition is the load, the operation and the CMOVB, the
//   load counted as LLVM's models count a folded load's.
// - Only vector or mask inputs (COMISSrr, VPTESTYrr, KORTESTWkk): a move
//   takes EAX back into the first of them, `movd %eax, %xmm0` (VMOVD for
//   VEX and EVEX forms, zeroing the rest of YMM0) or `kmovw %eax, %k0`.
//   It cannot be timed alone: half of a round trip through it and the move
//   back is subtracted too, with the bounds that leaves (as
//   X86HelperChains.h does for the other direction).
//
// CMOVB's latency from the flags is measured in the same run and subtracted
// (SubtractedChain in Core/BenchmarkCode.h): a round trip `testq %rax,
// %rax; cmovb %rcx, %rax`, half of it. Every instruction takes at least one
// cycle, so a round trip of two cycles proves each is one; a longer one
// leaves the split unknown, which the chain's bounds say.
//
// Not chained: forms that read no register or memory (XTEST), implicit
// inputs other than MXCSR.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86FLAGCHAINS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86FLAGCHAINS_H

#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include <optional>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The latency snippet of \p Model through CMOVB, with the chains to
/// subtract, if its only result is the flags and it reads a general-purpose,
/// vector or mask register or memory, on a 64-bit target; nullopt
/// otherwise.
std::optional<PreparedSnippet>
getX86FlagChainSnippet(const LLVMState &State, const InstructionModel &Model);

} // namespace exegesis
} // namespace llvm

#endif
