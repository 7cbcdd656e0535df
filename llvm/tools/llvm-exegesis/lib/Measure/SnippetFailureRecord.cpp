//===-- SnippetFailureRecord.cpp --------------------------------*- C++ -*-===//

#include "Measure/SnippetFailureRecord.h"
#include "Core/LLVMState.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <csignal>
#include <optional>

namespace llvm {
namespace exegesis {

std::string describeFault(const LLVMState &State, const BenchmarkCode &Code,
                          ArrayRef<const AssembledFunction *> Functions,
                          const FaultLocation &Fault) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "faulting address " << format_hex(Fault.FaultAddress, 0);
  const AssembledFunction *Function = Fault.FunctionIndex < Functions.size()
                                          ? Functions[Fault.FunctionIndex]
                                          : nullptr;
  if (!Function) {
    OS << ", in the cycle calibration code";
    return Text;
  }
  std::optional<SnippetInstructionLocation> Found =
      Function->SnippetLocations.find(Fault.InstructionOffset);
  if (!Found) {
    OS << ", at offset " << Fault.InstructionOffset
       << " of the generated function, outside the snippet";
    return Text;
  }
  OS << ", at snippet instruction " << Found->SnippetIndex;
  if (Found->SnippetIndex < Code.InstructionTexts.size())
    OS << " '" << StringRef(Code.InstructionTexts[Found->SnippetIndex]).trim()
       << "'";
  else if (Found->SnippetIndex < Code.Key.Instructions.size())
    OS << " ("
       << State.getOpcodeName(
              Code.Key.Instructions[Found->SnippetIndex].getOpcode())
       << ")";
  return Text;
}

Error recordSnippetFailure(Error Failure, const LLVMState &State,
                           const BenchmarkCode &Code,
                           ArrayRef<const AssembledFunction *> Functions,
                           Benchmark &Result) {
  std::optional<std::string> Message;
  Error Other = handleErrors(std::move(Failure), [&](const SnippetFailure &F) {
    Message = F.getMessage();
    if (F.getFault() &&
        (F.getFault()->Signal == SIGSEGV || F.getFault()->Signal == SIGBUS))
      Result.MemoryFaultAddress = F.getFault()->FaultAddress;
    if (F.getFault()) {
      std::string Where = describeFault(State, Code, Functions, *F.getFault());
      Result.Info = Result.Info.empty() ? Where : Result.Info + "; " + Where;
    }
  });
  if (Other)
    return Other;
  Result.Error = *Message;
  return Error::success();
}

} // namespace exegesis
} // namespace llvm
