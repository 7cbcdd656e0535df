//===-- HostSupportCheck.cpp ------------------------------------*- C++ -*-===//

#include "Availability/HostSupportCheck.h"
#include "Assembly/Assembler.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "Execution/ExecutableFunction.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/Support/Format.h"
#include <algorithm>
#include <chrono>
#include <csignal>

namespace llvm {
namespace exegesis {

static constexpr StringLiteral SigillReason =
    "host cannot execute it (SIGILL when probed)";
static constexpr StringLiteral InvalidReason = "not valid in this mode";

HostSupportCheck::HostSupportCheck(const LLVMState &State,
                                   InstructionAvailability &Validity,
                                   double SnippetTimeoutSeconds)
    : State(State), Validity(Validity),
      Probe(std::min(SnippetTimeoutSeconds, MaxProbeSeconds)) {}

HostSupportCheck::~HostSupportCheck() = default;

/// The probed code ended in SIGILL, caught or not.
static bool isIllegalInstruction(const ProbeResult &Result) {
  return (Result.Kind == ProbeResult::Outcome::Signalled ||
          Result.Kind == ProbeResult::Outcome::ChildDied) &&
         Result.Signal == SIGILL;
}

Expected<HostSupportCheck::Probed>
HostSupportCheck::probe(const BenchmarkCode &Code, bool IsHelper) {
  auto Start = std::chrono::steady_clock::now();
  AssemblyRequest Request;
  Request.Repetition = SnippetRepetition::Duplicate;
  Request.MinInstructions = std::max<size_t>(1, Code.Key.Instructions.size());
  Request.LoopBodySize = 0;
  Probed P;
  Expected<AssembledFunction> Function =
      assembleMeasuredFunction(State, Code, Request);
  if (!Function) {
    P.NotRunnable = toString(Function.takeError());
    return P;
  }
  // Loaded as the measurement will load it: the same checks, the same bytes.
  Expected<ExecutableFunction> Loaded =
      ExecutableFunction::fromObject(Function->ObjectFile, FunctionSymbolName);
  if (!Loaded) {
    P.NotRunnable = toString(Loaded.takeError());
    return P;
  }
  ++(IsHelper ? NumHelpersProbed : NumSnippetsProbed);
  Expected<ProbeResult> Result = Probe.run(Loaded->getCode());
  // A busy machine can hold up an answer past the timeout: a hang is one
  // that a fresh child sees too.
  if (Result && Result->Kind == ProbeResult::Outcome::TimedOut)
    Result = Probe.run(Loaded->getCode());
  ProbeSeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (!Result)
    return Result.takeError();
  P.Result = *Result;
  switch (Result->Kind) {
  case ProbeResult::Outcome::Returned:
    break;
  case ProbeResult::Outcome::Signalled:
    if (Result->Signal == SIGILL)
      ++NumIllegal;
    else
      ++NumOtherSignal;
    break;
  case ProbeResult::Outcome::TimedOut:
    ++NumTimedOut;
    break;
  case ProbeResult::Outcome::ChildDied:
    if (Result->Signal == SIGILL)
      ++NumIllegal;
    else
      ++NumChildDied;
    break;
  }
  if (Result->FaultOffset)
    if (std::optional<SnippetInstructionLocation> Location =
            Function->SnippetLocations.find(*Result->FaultOffset))
      P.FaultingInstruction = Location->SnippetIndex;
  return P;
}

Expected<std::optional<HostRefusal>>
HostSupportCheck::check(const BenchmarkCode &Code, unsigned Opcode) {
  if (PendingError) {
    std::string Message = std::move(*PendingError);
    PendingError.reset();
    return createStringError(inconvertibleErrorCode(), Message);
  }
  // Not even probed: a probe runs the snippet.
  const SnippetGenerationTarget &Rules =
      SnippetGenerationTarget::lookup(State.getTriple());
  // A snippet the target runs as a whole (SnippetGenerationTarget::
  // runsWholeSnippet) may hold opcodes never run on their own.
  bool RunsWhole = Rules.runsWholeSnippet(State, Code.Key);
  for (const MCInst &Inst : Code.Key.Instructions)
    if (std::optional<std::string> Why =
            RunsWhole ? std::optional<std::string>()
                      : Rules.whyNeverRun(State, Inst.getOpcode())) {
      std::string Message =
          Inst.getOpcode() == Opcode
              ? "skipped, never run: " + *Why
              : "skipped, its snippet needs " +
                    State.getOpcodeName(Inst.getOpcode()).str() +
                    ", which is never run: " + *Why;
      return HostRefusal{std::move(Message), "never run: " + *Why};
    }
  for (const MCInst &Inst : Code.Key.Instructions)
    if (std::optional<std::string> Why = Validity.whyInvalid(Inst)) {
      std::string Message =
          Inst.getOpcode() == Opcode
              ? "skipped, not valid in this mode: " + *Why
              : "skipped, its snippet needs " +
                    State.getOpcodeName(Inst.getOpcode()).str() +
                    ", which is not valid in this mode: " + *Why;
      return HostRefusal{std::move(Message), InvalidReason.str()};
    }
  Expected<Probed> P = probe(Code, /*IsHelper=*/false);
  if (!P)
    return P.takeError();
  // Code that cannot be built fails its measurement the same way, which
  // reports it.
  if (P->NotRunnable || !isIllegalInstruction(P->Result))
    return std::nullopt;
  std::string Message;
  if (!P->FaultingInstruction) {
    // A fault outside the snippet is in its register setup; a child that
    // died of the signal tells no address.
    Message = P->Result.FaultOffset
                  ? "skipped, the host cannot execute the register setup it "
                    "needs (SIGILL when probed)"
                  : "skipped, the host cannot execute it (SIGILL when probed)";
  } else {
    unsigned Culprit =
        Code.Key.Instructions[*P->FaultingInstruction].getOpcode();
    Message = Culprit == Opcode
                  ? "skipped, the host cannot execute it (SIGILL when probed)"
                  : "skipped, the host cannot execute " +
                        State.getOpcodeName(Culprit).str() +
                        ", which its snippet needs (SIGILL when probed)";
  }
  unsigned Faulting =
      P->FaultingInstruction
          ? Code.Key.Instructions[*P->FaultingInstruction].getOpcode()
          : Opcode;
  std::string Cause =
      State.getExegesisTarget().getIllegalInstructionCause(State, Faulting);
  if (!Cause.empty()) {
    Message.pop_back(); // The closing parenthesis.
    Message += ": " + Cause + ")";
  }
  return HostRefusal{std::move(Message), SigillReason.str()};
}

std::optional<std::string>
HostSupportCheck::whyUnavailable(const MCInst &Inst) {
  if (std::optional<std::string> Why = Validity.whyInvalid(Inst))
    return Why;
  BenchmarkCode Code;
  Code.Key.Instructions.push_back(Inst);
  Expected<Probed> P = probe(Code, /*IsHelper=*/true);
  if (!P) {
    std::string Message = toString(P.takeError());
    if (!PendingError)
      PendingError = Message;
    return "could not be probed: " + Message;
  }
  if (P->NotRunnable)
    return "cannot be run on its own: " + *P->NotRunnable;
  if (isIllegalInstruction(P->Result))
    return std::string("the host cannot execute it (SIGILL when probed)");
  return std::nullopt;
}

std::optional<std::string> HostSupportCheck::whyInvalid(const MCInst &Inst) {
  return Validity.whyInvalid(Inst);
}

void HostSupportCheck::printStatistics(raw_ostream &OS) const {
  unsigned Children = Probe.getNumChildrenStarted();
  OS << "host probe: " << NumSnippetsProbed << " snippets and "
     << NumHelpersProbed << " helper instructions probed in "
     << format("%.2f", ProbeSeconds) << " s by " << Children << " child "
     << (Children == 1 ? "process" : "processes") << " (" << NumIllegal
     << " SIGILL, " << NumOtherSignal << " other signals, " << NumTimedOut
     << " timed out, " << NumChildDied << " killed the child)\n";
}

} // namespace exegesis
} // namespace llvm
