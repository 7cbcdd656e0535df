//===-- BenchmarkResult.cpp -------------------------------------*- C++ -*-===//
//
// The YAML layout is LLVM's yaml::IO with the traits below; the few places
// where the traits do something unusual exist to reproduce upstream's bytes
// (see the comments there).
//
//===----------------------------------------------------------------------===//

#include "Results/BenchmarkResult.h"
#include "Core/LLVMState.h"
#include "Results/BenchmarkKeyText.h"
#include "Support/InputDiagnostic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"

namespace llvm {
namespace exegesis {

namespace {

/// What the traits need besides the document: the target that names opcodes
/// and registers, and a home for the message of a scalar that failed to
/// parse (yaml::IO takes it as a StringRef and reports it with its location).
/// When reading with skipped entries, also what it takes to leave out a
/// document that names what the target does not have: yaml::Input stops at
/// the first error a scalar reports, so such a scalar reports none and the
/// document is marked instead.
struct YamlContext {
  explicit YamlContext(const LLVMState &State) : State(State) {}

  const LLVMState &State;
  std::string ScalarError;
  /// Null when such a document is an error.
  std::vector<SkippedBenchmarkEntry> *Skipped = nullptr;
  /// For the place of a skipped entry: the reader, the text it reads.
  const yaml::Input *In = nullptr;
  StringRef Text;
  std::string File;
  /// The document being read, counting from 0, and whether it is skipped.
  unsigned Document = 0;
  unsigned NextDocument = 0;
  bool DocumentSkipped = false;
  /// Messages with their hint, by unknown name: a hint looks at every name
  /// of the target, once per name however many entries use it.
  StringMap<std::string> Descriptions;

  StringRef fail(Error E) {
    ScalarError = toString(std::move(E));
    return ScalarError;
  }

  void beginDocument() {
    Document = NextDocument++;
    DocumentSkipped = false;
  }

  /// For the error of a name parser (BenchmarkKeyText): the message for
  /// yaml::IO, or none when the document is skipped for it.
  StringRef failOrSkip(Error E) {
    std::string Description;
    Error Rest = handleErrors(std::move(E), [&](const UnknownToTargetError &U) {
      Description = describe(U);
    });
    if (Rest)
      return fail(std::move(Rest));
    if (!Skipped) {
      ScalarError = std::move(Description);
      return ScalarError;
    }
    if (!DocumentSkipped) {
      DocumentSkipped = true;
      auto [Line, Column] = getCurrentPlace();
      Skipped->push_back({Document, File, Line, Column, Description});
    }
    return {};
  }

private:
  std::string describe(const UnknownToTargetError &U) {
    std::string Message = U.getMessage().str();
    using Kind = UnknownToTargetError::Kind;
    if (U.getKind() == Kind::OperandCount)
      return Message;
    auto [It, Inserted] = Descriptions.try_emplace(
        (U.getKind() == Kind::Opcode ? "opcode " : "register ") +
        U.getName().str());
    if (Inserted) {
      std::optional<StringRef> Nearest =
          U.getKind() == Kind::Opcode
              ? State.findNearestOpcodeName(U.getName())
              : State.findNearestRegisterName(U.getName());
      It->second = Message;
      // Upstream's words, space before the question mark included.
      if (Nearest)
        It->second += (" - did you mean '" + *Nearest + "' ?").str();
    }
    return It->second;
  }

  /// Line and column, from 1, of the node being read.
  std::pair<unsigned, unsigned> getCurrentPlace() const {
    const yaml::Node *Node = In ? In->getCurrentNode() : nullptr;
    if (!Node)
      return {0, 0};
    const char *Start = Node->getSourceRange().Start.getPointer();
    if (Start < Text.begin() || Start > Text.end())
      return {0, 0};
    StringRef Before = Text.take_front(Start - Text.begin());
    size_t LineStart = Before.rfind('\n');
    LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
    return {unsigned(Before.count('\n') + 1),
            unsigned(Before.size() - LineStart + 1)};
  }
};

YamlContext &getContext(void *Ctx) { return *static_cast<YamlContext *>(Ctx); }

/// assembled_snippet: the bytes as one upper-case hex string.
struct HexBytes {
  std::vector<uint8_t> *Bytes;
};

/// A non-empty validation_counters map, written in flow style. yaml::IO
/// writes a custom map in block style, which inside the measurement's flow
/// mapping gives text that no YAML reader accepts (upstream's own output has
/// this defect); an empty map is written as upstream writes it, `{}`.
struct FlowValidationCounters {
  std::map<std::string, int64_t> *Counters;
};

} // namespace
} // namespace exegesis
} // namespace llvm

LLVM_YAML_IS_SEQUENCE_VECTOR(llvm::MCInst)
LLVM_YAML_IS_SEQUENCE_VECTOR(llvm::exegesis::RegisterValue)
LLVM_YAML_IS_SEQUENCE_VECTOR(llvm::exegesis::BenchmarkMeasure)
LLVM_YAML_IS_DOCUMENT_LIST_VECTOR(llvm::exegesis::Benchmark)
LLVM_YAML_IS_DOCUMENT_LIST_VECTOR(llvm::exegesis::BenchmarkTarget)
LLVM_YAML_IS_STRING_MAP(int64_t)

namespace llvm {
namespace yaml {

using exegesis::Benchmark;
using exegesis::BenchmarkKey;
using exegesis::BenchmarkMeasure;
using exegesis::BenchmarkMode;
using exegesis::FlowValidationCounters;
using exegesis::HexBytes;
using exegesis::RegisterValue;

template <> struct ScalarTraits<MCInst> {
  static void output(const MCInst &Inst, void *Ctx, raw_ostream &OS) {
    OS << exegesis::instructionToText(exegesis::getContext(Ctx).State, Inst);
  }
  static StringRef input(StringRef Text, void *Ctx, MCInst &Inst) {
    exegesis::YamlContext &C = exegesis::getContext(Ctx);
    Expected<MCInst> Parsed = exegesis::instructionFromText(C.State, Text);
    if (!Parsed)
      return C.failOrSkip(Parsed.takeError());
    Inst = std::move(*Parsed);
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::Single; }
};

template <> struct ScalarTraits<RegisterValue> {
  static void output(const RegisterValue &Value, void *Ctx, raw_ostream &OS) {
    OS << exegesis::registerValueToText(exegesis::getContext(Ctx).State, Value);
  }
  static StringRef input(StringRef Text, void *Ctx, RegisterValue &Value) {
    exegesis::YamlContext &C = exegesis::getContext(Ctx);
    Expected<RegisterValue> Parsed =
        exegesis::registerValueFromText(C.State, Text);
    if (!Parsed)
      return C.failOrSkip(Parsed.takeError());
    Value = std::move(*Parsed);
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::Single; }
};

template <> struct ScalarTraits<BenchmarkMode> {
  static void output(const BenchmarkMode &Mode, void *, raw_ostream &OS) {
    OS << exegesis::getBenchmarkModeName(Mode);
  }
  static StringRef input(StringRef Text, void *Ctx, BenchmarkMode &Mode) {
    if (std::optional<BenchmarkMode> Parsed =
            exegesis::parseBenchmarkMode(Text)) {
      Mode = *Parsed;
      return {};
    }
    return exegesis::getContext(Ctx).fail(createStringError(
        inconvertibleErrorCode(), "unknown mode '" + Text +
                                      "', expected latency, uops or "
                                      "inverse_throughput"));
  }
  static QuotingType mustQuote(StringRef Text) { return needsQuotes(Text); }
};

template <> struct ScalarTraits<HexBytes> {
  static void output(const HexBytes &Hex, void *, raw_ostream &OS) {
    OS << toHex(*Hex.Bytes);
  }
  static StringRef input(StringRef Text, void *Ctx, HexBytes &Hex) {
    std::string Bytes;
    if (Text.size() % 2 != 0 || !all_of(Text, isHexDigit) ||
        !tryGetFromHex(Text, Bytes))
      return exegesis::getContext(Ctx).fail(createStringError(
          inconvertibleErrorCode(),
          "invalid assembled_snippet, expected an even number of hex "
          "digits"));
    Hex.Bytes->assign(Bytes.begin(), Bytes.end());
    return {};
  }
  // Quoted as upstream quotes it: when empty, or when a YAML reader would
  // take it for a number (only digits, or digits around one E, as a
  // little-endian Mips function ending in 0800E003 is).
  static QuotingType mustQuote(StringRef Text) { return needsQuotes(Text); }
};

template <> struct MappingTraits<FlowValidationCounters> {
  static void mapping(IO &Io, FlowValidationCounters &Flow) {
    assert(Io.outputting() && "read through the std::map's traits");
    for (auto &[Name, Count] : *Flow.Counters)
      Io.mapRequired(Name.c_str(), Count);
  }
  static const bool flow = true;
};

template <> struct MappingTraits<BenchmarkMeasure> {
  static void mapping(IO &Io, BenchmarkMeasure &Measure) {
    Io.mapRequired("key", Measure.Key);
    Io.mapRequired("value", Measure.PerInstructionValue);
    Io.mapOptional("per_snippet_value", Measure.PerSnippetValue);
    if (!Io.outputting()) {
      Io.mapOptional("validation_counters", Measure.ValidationCounters);
      // Older upstream files keyed uops measurements by a number and named
      // them in debug_string (`key: '5'`, `debug_string: HWPort5`): the name
      // is the key. Their other measurements carry an empty debug_string
      // beside the real key (upstream then reads an empty key, which names
      // nothing).
      std::string DebugString;
      Io.mapOptional("debug_string", DebugString);
      if (!DebugString.empty())
        Measure.Key = std::move(DebugString);
      return;
    }
    if (Measure.ValidationCounters.empty()) {
      Io.mapRequired("validation_counters", Measure.ValidationCounters);
    } else {
      FlowValidationCounters Flow{&Measure.ValidationCounters};
      Io.mapRequired("validation_counters", Flow);
    }
  }
  static const bool flow = true;
};

template <> struct MappingTraits<BenchmarkKey> {
  static void mapping(IO &Io, BenchmarkKey &Key) {
    Io.mapRequired("instructions", Key.Instructions);
    // Always written, even when empty; a reader can do without them.
    if (Io.outputting()) {
      Io.mapRequired("config", Key.Config);
      Io.mapRequired("register_initial_values", Key.RegisterInitialValues);
    } else {
      Io.mapOptional("config", Key.Config);
      Io.mapOptional("register_initial_values", Key.RegisterInitialValues);
    }
  }
};

template <> struct MappingTraits<exegesis::BenchmarkTarget> {
  static void mapping(IO &Io, exegesis::BenchmarkTarget &Target) {
    Io.mapRequired("llvm_triple", Target.LLVMTriple);
    Io.mapRequired("cpu_name", Target.CpuName);
  }
};

template <> struct MappingTraits<Benchmark> {
  static void mapping(IO &Io, Benchmark &B) {
    if (!Io.outputting())
      exegesis::getContext(Io.getContext()).beginDocument();
    Io.mapRequired("mode", B.Mode);
    Io.mapRequired("key", B.Key);
    Io.mapRequired("cpu_name", B.CpuName);
    Io.mapRequired("llvm_triple", B.LLVMTriple);
    // Older upstream files call the same number num_repetitions.
    if (!Io.outputting())
      Io.mapOptional("num_repetitions", B.MinInstructions);
    Io.mapOptional("min_instructions", B.MinInstructions);
    Io.mapRequired("measurements", B.Measurements);
    Io.mapRequired("error", B.Error);
    Io.mapOptional("info", B.Info);
    HexBytes Snippet{&B.AssembledSnippet};
    Io.mapOptional("assembled_snippet", Snippet);
  }
};

} // namespace yaml

namespace exegesis {

llvm::Error writeBenchmarkYaml(const Benchmark &B, const LLVMState &State,
                               raw_ostream &OS) {
  if (llvm::Error E = checkBenchmarkKeyIsWritable(State, B.Key))
    return E;
  YamlContext Context(State);
  // Upstream's measurement lines run past yaml::Output's default wrap column
  // of 70 and are not wrapped.
  yaml::Output Out(OS, &Context, /*WrapColumn=*/200);
  // yaml::IO shares one mapping between reading and writing, hence non-const;
  // writing does not modify the benchmark.
  Out << const_cast<Benchmark &>(B);
  return Error::success();
}

/// The first error yaml::Input reports, where it was found.
struct FirstDiagnostic {
  bool Seen = false;
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;
};

/// Keeps the first error yaml::Input reports; its source excerpt is dropped,
/// so that the error is one line.
static void keepFirstDiagnostic(const SMDiagnostic &Diag, void *Ctx) {
  FirstDiagnostic &First = *static_cast<FirstDiagnostic *>(Ctx);
  if (First.Seen || Diag.getKind() != SourceMgr::DK_Error)
    return;
  First = {true, Diag.getFilename().str(), unsigned(Diag.getLineNo()),
           unsigned(Diag.getColumnNo() + 1), Diag.getMessage().str()};
}

/// Upstream writes non-empty validation counters as a block mapping inside
/// the measurement's flow mapping:
///
///   - { key: latency, value: 1, per_snippet_value: 1, validation_counters:
///       instructions-retired: 10001
///       l1d-cache-load-misses: 2 }
///
/// which is not YAML (upstream cannot read it back). Turns each such block
/// into a flow mapping spread over the same lines, so that diagnostics keep
/// their line numbers; returns std::nullopt when there is none.
static std::optional<std::string>
repairUpstreamValidationCounters(StringRef Text) {
  constexpr StringLiteral Opening = "validation_counters: ";
  if (!Text.contains("validation_counters: \n"))
    return std::nullopt;
  auto IsCounterLine = [](StringRef Line) {
    auto [Name, Count] = Line.trim().split(": ");
    Count.consume_back(" }");
    int64_t Unused;
    return Line.starts_with(" ") && !Name.empty() && !Name.contains(' ') &&
           !Count.getAsInteger(10, Unused);
  };
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  std::string Repaired;
  bool Changed = false;
  for (size_t I = 0; I < Lines.size(); ++I) {
    Repaired += Lines[I];
    size_t Last = I + 1;
    if (Lines[I].ends_with(Opening)) {
      while (Last < Lines.size() && IsCounterLine(Lines[Last]) &&
             !Lines[Last].ends_with(" }"))
        ++Last;
      if (Last < Lines.size() && IsCounterLine(Lines[Last]) &&
          Lines[Last].ends_with(" }")) {
        Repaired += "{";
        for (size_t J = I + 1; J < Last; ++J)
          Repaired += ("\n" + Lines[J] + ",").str();
        Repaired += ("\n" + Lines[Last].drop_back(2) + " } }").str();
        I = Last;
        Changed = true;
      }
    }
    if (I + 1 < Lines.size())
      Repaired += '\n';
  }
  if (!Changed)
    return std::nullopt;
  return Repaired;
}

/// Reads every document of \p Buffer into \p Documents with yaml::Input,
/// turning its first diagnostic into the error. \p Context, when not null,
/// learns the reader and the text it reads.
template <typename DocumentList>
static Error readDocuments(MemoryBufferRef Buffer, YamlContext *Context,
                           bool AllowUnknownKeys, DocumentList &Documents) {
  std::optional<std::string> Repaired =
      repairUpstreamValidationCounters(Buffer.getBuffer());
  if (Repaired)
    Buffer = MemoryBufferRef(*Repaired, Buffer.getBufferIdentifier());
  FirstDiagnostic Diagnostic;
  yaml::Input In(Buffer, Context, keepFirstDiagnostic, &Diagnostic);
  if (Context) {
    Context->In = &In;
    Context->Text = Buffer.getBuffer();
    Context->File = Buffer.getBufferIdentifier().str();
  }
  In.setAllowUnknownKeys(AllowUnknownKeys);
  In >> Documents;
  if (std::error_code EC = In.error()) {
    if (!Diagnostic.Seen)
      return createStringError(EC, Buffer.getBufferIdentifier() + ": " +
                                       EC.message());
    return make_error<InputDiagnostic>(Diagnostic.File, Diagnostic.Line,
                                       Diagnostic.Column, Diagnostic.Message,
                                       EC);
  }
  return Error::success();
}

Expected<std::vector<Benchmark>>
readBenchmarkYamls(const LLVMState &State, MemoryBufferRef Buffer,
                   std::vector<SkippedBenchmarkEntry> *Skipped) {
  YamlContext Context(State);
  std::vector<SkippedBenchmarkEntry> SkippedHere;
  if (Skipped)
    Context.Skipped = &SkippedHere;
  std::vector<Benchmark> Benchmarks;
  if (llvm::Error E = readDocuments(Buffer, &Context,
                                    /*AllowUnknownKeys=*/false, Benchmarks))
    return E;
  if (SkippedHere.empty())
    return Benchmarks;
  std::vector<Benchmark> Kept;
  auto NextSkipped = SkippedHere.begin();
  for (unsigned Document = 0; Document < Benchmarks.size(); ++Document) {
    if (NextSkipped != SkippedHere.end() && NextSkipped->Document == Document) {
      ++NextSkipped;
      continue;
    }
    Kept.push_back(std::move(Benchmarks[Document]));
  }
  llvm::append_range(*Skipped, SkippedHere);
  return Kept;
}

void printSkippedEntries(ArrayRef<SkippedBenchmarkEntry> Skipped,
                         raw_ostream &OS) {
  if (Skipped.empty())
    return;
  for (const SkippedBenchmarkEntry &Entry : Skipped)
    OS << Entry.File << ':' << Entry.Line << ':' << Entry.Column
       << ": warning: skipping benchmark entry: " << Entry.Message << '\n';
  // Upstream's words, "1 ... entries" included: scripts match them.
  OS << "warning: skipped " << Skipped.size()
     << " benchmark entries that could not be parsed\n";
}

Expected<std::vector<BenchmarkTarget>>
readBenchmarkTargets(MemoryBufferRef Buffer) {
  std::vector<BenchmarkTarget> Targets;
  if (Error E =
          readDocuments(Buffer, nullptr, /*AllowUnknownKeys=*/true, Targets))
    return E;
  return Targets;
}

} // namespace exegesis
} // namespace llvm
