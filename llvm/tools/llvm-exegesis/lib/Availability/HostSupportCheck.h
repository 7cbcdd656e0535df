//===-- HostSupportCheck.h - Can the host run a benchmark? ------*- C++ -*-===//
//
// In the measure phase an instruction the host cannot execute must never be
// measured: the run would end in SIGILL. Which extensions a CPU has, which
// of them the operating system enabled and which a hypervisor hides is only
// known for sure by trying, so HostSupportCheck tries: the benchmark's
// function, assembled with its register setup and one copy of the snippet
// (the memory operands point into the scratch buffer, as they will when it
// is measured), runs once under a HostInstructionProbe. SIGILL means the
// host cannot execute it, and the fault address names the instruction at
// fault; any other outcome (it returned, faulted otherwise, hung twice) lets
// the benchmark be measured, and the measurement reports what happens. A
// snippet is only probed when its instructions are valid in the mode at all
// (the EncodingValidityCheck): some invalid encodings do not trap but execute
// as something else. Nor is one that holds an instruction no snippet may
// run (SnippetGenerationTarget::whyNeverRun: a system call, an EL1
// instruction), which earlier phases generate and assemble all the same,
// unless the target runs the snippet as a whole (runsWholeSnippet: x86's
// store of control state and its load, which reads back only what the
// store wrote).
//
// As the generator's InstructionAvailability it probes a helper instruction
// on its own, with whatever the registers hold: helpers are register-only
// instructions without side effects, for which any values do, and an
// undefined opcode is refused before its operands are read.
//
// It counts what it probed and the time that took, for the sweep's report.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AVAILABILITY_HOSTSUPPORTCHECK_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AVAILABILITY_HOSTSUPPORTCHECK_H

#include "Availability/HostInstructionProbe.h"
#include "Core/BenchmarkCode.h"
#include "Snippets/SnippetGenerator.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Why a benchmark is not measured on this host.
struct HostRefusal {
  /// What to print after the opcode, e.g. "skipped, the host cannot execute
  /// it (SIGILL when probed)".
  std::string Message;
  /// The group it counts in, in the sweep's summary.
  std::string Reason;
};

class HostSupportCheck : public InstructionAvailability {
public:
  /// A probe never runs longer than this: one pass through a snippet takes
  /// microseconds, so a probe still running after a second hangs.
  static constexpr double MaxProbeSeconds = 1.0;

  /// \p Validity decides which instructions are valid in the mode; probes
  /// are killed after \p SnippetTimeoutSeconds (-subprocess-timeout) or
  /// MaxProbeSeconds, whichever is shorter.
  HostSupportCheck(const LLVMState &State, InstructionAvailability &Validity,
                   double SnippetTimeoutSeconds);
  ~HostSupportCheck() override;

  /// Why the host cannot run \p Code, generated for \p Opcode, or nullopt
  /// when it is to be measured. Errors are the tool's own (the probe could
  /// not be started).
  Expected<std::optional<HostRefusal>> check(const BenchmarkCode &Code,
                                             unsigned Opcode);

  /// Probes \p Inst alone (see the file comment).
  std::optional<std::string> whyUnavailable(const MCInst &Inst) override;
  std::optional<std::string> whyInvalid(const MCInst &Inst) override;

  /// One line: what was probed, how it ended, the time it took.
  void printStatistics(raw_ostream &OS) const;

  const HostInstructionProbe &getProbe() const { return Probe; }

private:
  struct Probed {
    /// Why the function could not be assembled or loaded; then nothing ran.
    std::optional<std::string> NotRunnable;
    ProbeResult Result;
    /// The snippet instruction at the fault, when the fault is at one.
    std::optional<unsigned> FaultingInstruction;
  };
  /// Assembles \p Code's function with one copy of the snippet and runs it.
  Expected<Probed> probe(const BenchmarkCode &Code, bool IsHelper);

  const LLVMState &State;
  InstructionAvailability &Validity;
  HostInstructionProbe Probe;
  /// A probe failure inside whyUnavailable, which cannot return errors; the
  /// next check() returns it.
  std::optional<std::string> PendingError;

  unsigned NumSnippetsProbed = 0;
  unsigned NumHelpersProbed = 0;
  unsigned NumIllegal = 0;
  unsigned NumOtherSignal = 0;
  unsigned NumTimedOut = 0;
  unsigned NumChildDied = 0;
  double ProbeSeconds = 0;
};

} // namespace exegesis
} // namespace llvm

#endif
