//===-- PreviousResults.cpp -------------------------------------*- C++ -*-===//

#include "Results/PreviousResults.h"
#include "Core/LLVMState.h"
#include "Results/BenchmarkKeyText.h"
#include "Results/ResultsFileWriter.h"
#include "Support/InputDiagnostic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace llvm {
namespace exegesis {

/// What BenchmarkRunner writes for a phase before measure.
static constexpr StringLiteral MeasurementsSkipped =
    "actual measurements skipped.";

static constexpr StringLiteral CommentPrefix =
    "# llvm-exegesis repetition-mode: ";

static StringRef getRepetitionModeName(RepetitionMode Mode) {
  switch (Mode) {
  case RepetitionMode::Duplicate:
    return "duplicate";
  case RepetitionMode::Loop:
    return "loop";
  case RepetitionMode::AggregateMin:
    return "min";
  case RepetitionMode::MiddleHalfDuplicate:
    return "middle-half-duplicate";
  case RepetitionMode::MiddleHalfLoop:
    return "middle-half-loop";
  case RepetitionMode::BestOfDuplicateAndLoop:
    // Not an upstream -repetition-mode value: the default of
    // inverse_throughput when none is given.
    return "best-of-duplicate-and-loop";
  case RepetitionMode::LoopWhereTimeBased:
    // Nor this: the default of latency.
    return "loop-where-time-based";
  }
  llvm_unreachable("unknown repetition mode");
}

std::string formatRepetitionModeComment(RepetitionMode Mode) {
  return (CommentPrefix + getRepetitionModeName(Mode) + "\n").str();
}

/// \p Text up to the end of its last complete document (its `...` line).
static StringRef getCompleteDocuments(StringRef Text) {
  size_t End = 0;
  size_t Position = 0;
  while (Position < Text.size()) {
    size_t LineEnd = Text.find('\n', Position);
    if (LineEnd == StringRef::npos)
      break; // A line without its newline was cut short.
    StringRef Line = Text.slice(Position, LineEnd);
    Position = LineEnd + 1;
    if (Line == "..." || Line.starts_with("... "))
      End = Position;
  }
  return Text.take_front(End);
}

/// True when \p Tail, what follows the last complete document, is nothing,
/// or the start of a document that was cut short.
static bool isCutShortDocument(StringRef Tail) {
  while (!Tail.empty()) {
    auto [Line, Rest] = Tail.split('\n');
    StringRef Trimmed = Line.trim();
    if (Line == "---" || Line.starts_with("--- "))
      return true;
    if (!Trimmed.empty() && !Trimmed.starts_with("#"))
      return false;
    Tail = Rest;
  }
  return true;
}

std::string PreviousResults::makeMatchKey(const BenchmarkKey &Key,
                                          StringRef Repetition,
                                          unsigned MinInstructions) const {
  std::string Text;
  raw_string_ostream OS(Text);
  for (const MCInst &Inst : Key.Instructions)
    OS << instructionToText(*State, Inst) << '\n';
  OS << "config " << Key.Config << '\n';
  for (const RegisterValue &Value : Key.RegisterInitialValues)
    OS << registerValueToText(*State, Value) << '\n';
  OS << "repetition " << Repetition << "\nmin " << MinInstructions;
  return Text;
}

bool PreviousResults::contains(const BenchmarkKey &Key,
                               RepetitionMode Repetition,
                               unsigned MinInstructions) const {
  if (Done.empty())
    return false;
  if (Error E = checkBenchmarkKeyIsWritable(*State, Key)) {
    // Never written, so never in the file.
    consumeError(std::move(E));
    return false;
  }
  return Done.count(
      makeMatchKey(Key, getRepetitionModeName(Repetition), MinInstructions));
}

static Error refuse(StringRef Path, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "-resume: cannot continue '" + Path + "': " + Why);
}

Expected<PreviousResults>
PreviousResults::parse(const LLVMState &State, StringRef Path,
                       StringRef Content, BenchmarkMode Mode, bool Measures) {
  PreviousResults Result(State);
  StringRef Complete = getCompleteDocuments(Content);
  if (!isCutShortDocument(Content.drop_front(Complete.size())))
    return refuse(Path, "it is not a results file (text after its last "
                        "complete YAML document)");
  Result.Text = Complete.str();
  Expected<std::vector<Benchmark>> Benchmarks = readBenchmarkYamls(
      State, MemoryBufferRef(Result.Text, Path), &Result.Skipped);
  if (!Benchmarks) {
    Error Located =
        handleErrors(Benchmarks.takeError(), [](const InputDiagnostic &D) {
          return D.withContext("-resume: cannot continue a file that is not "
                               "a results file");
        });
    if (Located.isA<InputDiagnostic>())
      return Located;
    return refuse(Path,
                  "it is not a results file: " + toString(std::move(Located)));
  }
  // The repetition mode of each document, in order, from its comment.
  std::vector<std::string> Repetitions;
  std::string Pending;
  StringRef Rest = Result.Text;
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    if (Line.starts_with(CommentPrefix))
      Pending = Line.drop_front(CommentPrefix.size()).trim().str();
    else if (Line == "---" || Line.starts_with("--- "))
      Repetitions.push_back(std::exchange(Pending, std::string()));
  }
  size_t NumDocuments = Benchmarks->size() + Result.Skipped.size();
  if (Repetitions.size() != NumDocuments)
    return refuse(Path, "its documents could not be told apart (" +
                            Twine(Repetitions.size()) + " '---' lines for " +
                            Twine(NumDocuments) + " documents)");
  std::string Triple = State.getTriple().normalize();
  auto NextSkipped = Result.Skipped.begin();
  auto NextBenchmark = Benchmarks->begin();
  for (size_t I = 0; I < NumDocuments; ++I) {
    // Not returned by readBenchmarkYamls: kept in the text, matched by nothing.
    if (NextSkipped != Result.Skipped.end() && NextSkipped->Document == I) {
      ++NextSkipped;
      continue;
    }
    const Benchmark &B = *NextBenchmark++;
    std::string Where = "benchmark " + std::to_string(I + 1) + " ";
    if (B.Mode != Mode)
      return refuse(Path, Where + "has mode '" + getBenchmarkModeName(B.Mode) +
                              "', not '" + getBenchmarkModeName(Mode) + "'");
    if (B.CpuName != State.getCpuName())
      return refuse(Path, Where + "was measured on CPU '" + B.CpuName +
                              "', not '" + State.getCpuName() + "'");
    if (B.LLVMTriple != Triple)
      return refuse(Path, Where + "has triple '" + B.LLVMTriple + "', not '" +
                              Triple + "'");
    if (Measures && B.Error == MeasurementsSkipped)
      return refuse(Path, Where + "was not measured (" + MeasurementsSkipped +
                              "), this run measures");
    if (!Repetitions[I].empty())
      Result.Done.insert(
          Result.makeMatchKey(B.Key, Repetitions[I], B.MinInstructions));
  }
  Result.NumDocuments = NumDocuments;
  return Result;
}

Expected<PreviousResults> PreviousResults::read(const LLVMState &State,
                                                StringRef Path,
                                                BenchmarkMode Mode,
                                                bool Measures) {
  if (!sys::fs::exists(Path))
    return PreviousResults(State);
  if (!sys::fs::is_regular_file(Path))
    return refuse(Path, "it is not a regular file");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return refuse(Path, Buffer.getError().message());
  return parse(State, Path, (*Buffer)->getBuffer(), Mode, Measures);
}

} // namespace exegesis
} // namespace llvm
