//===-- AvailabilityChecks.h - What may run, and what the host can -*- C++ -*-//
//
// Before a snippet is measured, two questions (docs/Layout.rst): is every
// instruction valid in the target's processor mode at all, and can this
// host execute it? A snippet that fails the first would measure something
// else; one that fails the second would end the run in SIGILL. The first
// is answered by LLVM's disassembler and asm parser, for any target; the
// second only by executing the code, so this sits above Execution/.
//
// - EncodingValidityCheck.h: is an opcode an instruction in this mode;
// - HostSupportCheck.h: can the host run a benchmark, tried once on its
//   assembled code; the generators ask it about helper instructions;
// - HostInstructionProbe.h: runs a piece of machine code once in a child
//   of its own and says how it ended (returned, signal, hung).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AVAILABILITY_AVAILABILITYCHECKS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AVAILABILITY_AVAILABILITYCHECKS_H

#include "Availability/EncodingValidityCheck.h"
#include "Availability/HostSupportCheck.h"

#endif
