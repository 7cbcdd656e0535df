//===-- OpcodeSweep.cpp -----------------------------------------*- C++ -*-===//

#include "OpcodeSweep.h"
#include "BenchmarkRunner.h"
#include "HostSupportCheck.h"
#include "LLVMState.h"
#include "llvm/Support/Format.h"

namespace llvm {
namespace exegesis {

OpcodeSweep::OpcodeSweep(const LLVMState &State, SnippetGenerator &Generator,
                         BenchmarkRunner &Runner, HostSupportCheck *HostCheck,
                         OpcodeSweepOptions Options, raw_ostream &Diagnostics)
    : State(State), Generator(Generator), Runner(Runner), HostCheck(HostCheck),
      Options(Options), Diagnostics(Diagnostics) {}

unsigned OpcodeSweep::getNumSkipped() const {
  unsigned N = 0;
  for (const auto &[Reason, Count] : SkippedByReason)
    N += Count;
  return N;
}

unsigned OpcodeSweep::getNumFailed() const {
  unsigned N = 0;
  for (const auto &[Kind, Count] : FailedByKind)
    N += Count;
  return N;
}

void OpcodeSweep::skip(unsigned Opcode, StringRef Message, StringRef Reason) {
  Diagnostics << State.getOpcodeName(Opcode) << ": " << Message << "\n";
  ++SkippedByReason[Reason.str()];
}

void OpcodeSweep::fail(StringRef Kind) {
  // Errors carry details (addresses, exit codes) after a colon; the kind is
  // what comes before.
  ++FailedByKind[Kind.split(':').first.trim().str()];
}

static std::string formatDuration(double Seconds) {
  unsigned long Total = static_cast<unsigned long>(Seconds + 0.5);
  std::string Text;
  raw_string_ostream OS(Text);
  if (Total >= 3600)
    OS << Total / 3600 << "h";
  OS << format("%02lum%02lus", (Total / 60) % 60, Total % 60);
  return Text;
}

void OpcodeSweep::reportProgress(size_t Done, size_t Total, bool Final) {
  auto Now = std::chrono::steady_clock::now();
  if (!Final && Now - LastProgress < std::chrono::seconds(1))
    return;
  LastProgress = Now;
  double Elapsed = std::chrono::duration<double>(Now - Start).count();
  double Rate = Elapsed > 0 ? Done / Elapsed : 0;
  Diagnostics << "progress: " << Done << "/" << Total << " opcodes, "
              << format("%.1f", Rate) << " opcodes/s, ";
  if (Final)
    Diagnostics << "done in " << formatDuration(Elapsed) << "\n";
  else
    Diagnostics << "ETA "
                << (Rate > 0 ? formatDuration((Total - Done) / Rate)
                             : std::string("unknown"))
                << "\n";
}

Error OpcodeSweep::run(ArrayRef<unsigned> Opcodes,
                       function_ref<Error(const Benchmark &)> Consumer) {
  Start = std::chrono::steady_clock::now();
  // The first report comes at once: a long sweep shows its size early.
  LastProgress = Start - std::chrono::hours(1);
  for (size_t Index = 0; Index < Opcodes.size(); ++Index) {
    unsigned Opcode = Opcodes[Index];
    if (Options.PrintProgress)
      reportProgress(Index, Opcodes.size(), false);
    Expected<std::vector<BenchmarkCode>> Codes =
        Generator.generateConfigurations(Opcode);
    if (!Codes) {
      std::string Message, Reason;
      handleAllErrors(
          Codes.takeError(),
          [&](const SnippetGenerationError &E) {
            Message = E.message();
            Reason = E.getReason().str();
          },
          [&](const ErrorInfoBase &E) { Message = Reason = E.message(); });
      skip(Opcode, Message, Reason);
      continue;
    }
    for (const BenchmarkCode &Code : *Codes) {
      if (Options.Measures && HostCheck) {
        Expected<std::optional<HostRefusal>> Refusal =
            HostCheck->check(Code, Opcode);
        if (!Refusal)
          return Refusal.takeError();
        if (*Refusal) {
          skip(Opcode, (*Refusal)->Message, (*Refusal)->Reason);
          break;
        }
      }
      Expected<Benchmark> Result = Runner.run(Code);
      if (!Result) {
        std::string Message = toString(Result.takeError());
        Diagnostics << State.getOpcodeName(Opcode) << ": " << Message << "\n";
        fail(Message);
        continue;
      }
      if (Options.Measures && !Result->Error.empty())
        fail(Result->Error);
      ++NumBenchmarks;
      if (Error E = Consumer(*Result))
        return E;
    }
  }
  if (Options.PrintProgress)
    reportProgress(Opcodes.size(), Opcodes.size(), true);
  return Error::success();
}

void OpcodeSweep::printSummary(raw_ostream &OS) const {
  OS << "summary: " << NumBenchmarks << " benchmarks "
     << (Options.Measures ? "measured" : "generated") << ", " << getNumSkipped()
     << " opcodes skipped";
  auto PrintCounts = [&OS](const std::map<std::string, unsigned> &Counts) {
    if (Counts.empty())
      return;
    // Largest groups first: they are what a reader looks for.
    std::vector<std::pair<unsigned, std::string>> Sorted;
    for (const auto &[Text, Count] : Counts)
      Sorted.push_back({Count, Text});
    llvm::sort(Sorted, [](const auto &A, const auto &B) {
      return A.first != B.first ? A.first > B.first : A.second < B.second;
    });
    OS << " (";
    for (size_t I = 0; I < Sorted.size(); ++I)
      OS << (I ? "; " : "") << Sorted[I].second << ": " << Sorted[I].first;
    OS << ")";
  };
  PrintCounts(SkippedByReason);
  OS << ", " << getNumFailed() << " failed";
  PrintCounts(FailedByKind);
  OS << "\n";
}

} // namespace exegesis
} // namespace llvm
