//===-- NoStrategyReason.h - Why no latency snippet -------------*- C++ -*-===//
//-*-===//
//
// When no serial strategy applies, a sweep's reader wants to know whether a
// latency could exist at all: an instruction that reads nothing (a constant,
// a counter) has only a throughput, a prefix is no instruction, a
// privileged one is never run here. The reason is read off the opcode's own
// operands and descriptor, the target's never-run rule and the target's own
// words for what only it knows, and appended to upstream's message "No
// strategy found to make the execution serial", which tests and scripts
// match as the start of the line.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_NOSTRATEGYREASON_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_NOSTRATEGYREASON_H

#include "Core/InstructionModel.h"
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;
class SnippetGenerationTarget;

/// The start every message of a missing latency strategy keeps.
inline constexpr const char NoSerialStrategy[] =
    "No strategy found to make the execution serial";

/// NoSerialStrategy followed by why \p Model can have no latency snippet:
/// never run here (the target's rule), the target's own reason, or what its
/// operands show (nothing read, nothing written, only its address read, only
/// memory written, or outputs that feed none of its inputs).
std::string explainNoSerialStrategy(const LLVMState &State,
                                    const SnippetGenerationTarget &Target,
                                    const InstructionModel &Model);

} // namespace exegesis
} // namespace llvm

#endif
