//===-- X86/X86ControlStateChains.h - Stores and loads of state -*- C++ -*-===//
//
// A store of floating-point control state (STMXCSR, FNSTCW, FNSTENV,
// FNSAVE) or of processor state (FXSAVE, XSAVE, XSAVEC, XSAVEOPT) gives its
// value to no register: only its load (LDMXCSR, FLDCW, FLDENV, FRSTOR,
// FXRSTOR, XRSTOR) reads it back. Such a load, run alone, would load what
// scratch memory holds (zeros: every exception unmasked for the rest of
// the process, or a state image XRSTOR faults on), so it is never run
// (whyNeverRun). In a round trip through the scratch memory at RDI, store
// first,
//
//   stmxcsr (%rdi)
//   ldmxcsr (%rdi)
//
// the load only reads back what the store just wrote: the state is the
// same after every repetition as before, nothing is unmasked, and the pair
// can be timed. The store and the load both get this snippet, and only as
// this exact snippet does the load run (runsWholeSnippet, which the
// measure phase's host check asks before whyNeverRun): a throughput
// snippet of a bare LDMXCSR stays never run.
//
// Neither half can be timed alone, so the pair's round trip of T cycles is
// measured beside the snippet, in the same run (SubtractedChain,
// Core/BenchmarkCode.h), and half of it is subtracted with the bounds of a
// domain crossing, [1, T - 1], as for the x87 loads and stores
// (X86X87MemoryChains.h): the value, T/2, is an estimate that `info` says
// is one (and warns about when the bounds are wide).
//
// The XSAVE family saves the components EDX:EAX selects (of those XCR0
// enables): EAX is 0x2FF, EDX 0 (x87, SSE, AVX, MPX, AVX-512, PKRU), never
// the AMX tiles (bits 17 and 18), which Linux arms with XFD until a
// process asks for them, so that their XRSTOR would fault. The area must
// be 64-byte aligned (the scratch pointer is page aligned), and XRSTOR
// faults on a header whose reserved bytes are not zero, so the header is
// zeroed before the register setup (a snippet run before in the same
// process may have written there). XSAVEC writes the compacted format,
// which XRSTOR reads as such. XSAVEOPT may skip a component that is
// unchanged since the last XRSTOR from the same address, on the promise
// that nothing wrote the area since; since other snippets of a sweep write
// the scratch memory, a plain XSAVE of the same components first writes
// the whole area. XSAVES and XRSTORS are privileged and stay never run.
//
// In process, the frame saves MXCSR and the x87 control word around the
// snippet, as for any snippet that sets them (X86Frame.h); every snippet
// here sets both (their ABI values) so that the frame does.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86CONTROLSTATECHAINS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86CONTROLSTATECHAINS_H

#include "Core/BenchmarkCode.h"
#include "Core/InstructionModel.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// The latency snippet of the store or load of state \p Model: the store
/// and its load through the scratch memory, and the pair's round trip to
/// subtract half of; nullopt for any other opcode, or without a scratch
/// memory register.
std::optional<PreparedSnippet>
getControlStateChainSnippet(const LLVMState &State,
                            const InstructionModel &Model);

/// Whether \p Instructions are a snippet of getControlStateChainSnippet's.
bool isControlStateChain(const LLVMState &State, ArrayRef<MCInst> Instructions);

/// Whether \p Key is such a snippet with the register values it needs
/// (EDX:EAX for the XSAVE family), so that its load may run.
bool isRunnableControlStateChain(const LLVMState &State,
                                 const BenchmarkKey &Key);

/// Gives such a snippet the register values it runs with (the same as the
/// round trip measured beside it); other snippets' \p Values are left as
/// they are.
void setControlStateChainValues(const LLVMState &State,
                                ArrayRef<MCInst> Instructions,
                                std::vector<RegisterValue> &Values);

/// What such a snippet of the XSAVE family needs written before the
/// register setup (the header zeroed, XSAVEOPT's area written whole); empty
/// for any other snippet. Runs while the scratch register holds the
/// scratch pointer.
std::vector<MCInst> writeControlStateChainArea(const LLVMState &State,
                                               ArrayRef<MCInst> Instructions);

} // namespace exegesis
} // namespace llvm

#endif
