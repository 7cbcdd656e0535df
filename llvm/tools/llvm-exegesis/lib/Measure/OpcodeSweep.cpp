//===-- OpcodeSweep.cpp -----------------------------------------*- C++ -*-===//

#include "Measure/OpcodeSweep.h"
#include "Availability/HostSupportCheck.h"
#include "Core/LLVMState.h"
#include "Measure/BenchmarkRunner.h"
#include "Measure/OperandPairLatencies.h"
#include "Support/Interruption.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/MCSubtargetInfo.h"
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
  // Errors carry details (signals, exit codes) after a colon, or the
  // address of a segmentation fault at their end; the kind is what remains.
  StringRef Head = Kind.split(':').first.split(" at address ").first;
  ++FailedByKind[Head.trim().str()];
}

std::optional<std::string>
OpcodeSweep::findInvalidSchedClass(unsigned Opcode) const {
  unsigned SchedClass = State.getInstrInfo().get(Opcode).getSchedClass();
  // Upstream's wording, which scripts grep for.
  if (SchedClass == 0)
    return std::string("ignoring instruction without sched class");
  const MCSchedModel &Model = State.getSubtargetInfo().getSchedModel();
  if (!Model.hasInstrSchedModel())
    return std::nullopt;
  if (!Model.getSchedClassDesc(SchedClass)->isValid())
    return ("ignoring instruction whose sched class is invalid in the " +
            State.getCpuName() + " model")
        .str();
  return std::nullopt;
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

std::optional<double> estimateSweepSecondsLeft(size_t Done, size_t Total,
                                               size_t FirstRunIndex,
                                               unsigned BenchmarksRun,
                                               double SecondsRunning) {
  if (BenchmarksRun == 0 || !(SecondsRunning > 0) || Done <= FirstRunIndex ||
      Done > Total)
    return std::nullopt;
  double BenchmarksPerOpcode = BenchmarksRun / double(Done - FirstRunIndex);
  double SecondsPerBenchmark = SecondsRunning / BenchmarksRun;
  return (Total - Done) * BenchmarksPerOpcode * SecondsPerBenchmark;
}

void OpcodeSweep::reportProgress(size_t Done, size_t Total, bool Final) {
  auto Now = std::chrono::steady_clock::now();
  if (!Final && Now - LastProgress < std::chrono::seconds(1))
    return;
  LastProgress = Now;
  double Elapsed = std::chrono::duration<double>(Now - Start).count();
  double Running =
      FirstRunIndex ? std::chrono::duration<double>(Now - FirstRun).count() : 0;
  double Rate = Running > 0 ? NumBenchmarks / Running : 0;
  Diagnostics << "progress: " << Done << "/" << Total << " opcodes, "
              << NumBenchmarks << " benchmarks, " << format("%.1f", Rate)
              << " benchmarks/s, ";
  if (Final) {
    Diagnostics << "done in " << formatDuration(Elapsed) << "\n";
    return;
  }
  std::optional<double> Eta;
  if (FirstRunIndex)
    Eta = estimateSweepSecondsLeft(Done, Total, *FirstRunIndex, NumBenchmarks,
                                   Running);
  Diagnostics << "ETA " << (Eta ? formatDuration(*Eta) : std::string("unknown"))
              << "\n";
}

Error OpcodeSweep::run(ArrayRef<unsigned> Opcodes,
                       function_ref<Error(const Benchmark &)> Consumer) {
  Start = std::chrono::steady_clock::now();
  // The first report comes at once: a long sweep shows its size early.
  LastProgress = Start - std::chrono::hours(1);
  MaxBenchmarks = Opcodes.size() * size_t(Options.MaxConfigsPerOpcode);
  for (size_t Index = 0; Index < Opcodes.size(); ++Index) {
    unsigned Opcode = Opcodes[Index];
    if (Options.PrintProgress)
      reportProgress(Index, Opcodes.size(), false);
    if (Options.IgnoreInvalidSchedClass)
      if (std::optional<std::string> Invalid = findInvalidSchedClass(Opcode)) {
        skip(Opcode, *Invalid, *Invalid);
        MaxBenchmarks -= Options.MaxConfigsPerOpcode;
        continue;
      }
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
      MaxBenchmarks -= Options.MaxConfigsPerOpcode;
      continue;
    }
    MaxBenchmarks = MaxBenchmarks - Options.MaxConfigsPerOpcode + Codes->size();
    for (size_t CodeIndex = 0; CodeIndex < Codes->size(); ++CodeIndex) {
      const BenchmarkCode &Code = (*Codes)[CodeIndex];
      if (isInterrupted())
        return Error::success();
      if (Options.Measures && HostCheck) {
        Expected<std::optional<HostRefusal>> Refusal =
            HostCheck->check(Code, Opcode);
        if (!Refusal)
          return Refusal.takeError();
        if (*Refusal) {
          skip(Opcode, (*Refusal)->Message, (*Refusal)->Reason);
          MaxBenchmarks -= Codes->size() - CodeIndex;
          break;
        }
      }
      if (Options.IsAlreadyDone && Options.IsAlreadyDone(Code)) {
        ++NumAlreadyDone;
        continue;
      }
      if (!FirstRunIndex) {
        FirstRunIndex = Index;
        FirstRun = std::chrono::steady_clock::now();
      }
      Expected<Benchmark> Result = Runner.run(Code);
      if (isInterrupted()) {
        consumeError(Result.takeError());
        return Error::success();
      }
      if (!Result) {
        --MaxBenchmarks;
        ++NumRunErrors;
        std::string Message = toString(Result.takeError());
        Diagnostics << State.getOpcodeName(Opcode) << ": " << Message << "\n";
        fail(Message);
        continue;
      }
      // Before the measure phase every result says measurements were
      // skipped: the pairs are generated and assembled all the same.
      if (Options.OperandPairs && CodeIndex == 0 &&
          (Result->Error.empty() || !Options.Measures))
        addOperandPairLatencies(State, Runner,
                                Options.OperandPairs->generatePairs(Opcode),
                                Options.Measures, *Result);
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
     << (Options.Measures ? "measured" : "generated") << ", ";
  if (NumAlreadyDone)
    OS << NumAlreadyDone << " already in the results file, ";
  OS << getNumSkipped() << " opcodes skipped";
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
