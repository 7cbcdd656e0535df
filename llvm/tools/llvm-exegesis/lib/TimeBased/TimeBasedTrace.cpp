//===-- TimeBasedTrace.cpp --------------------------------------*- C++ -*-===//

#include "TimeBased/TimeBasedTrace.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/MemoryBuffer.h"

namespace llvm {
namespace exegesis {

SamplingRules SamplingRules::fromOptions(const BenchmarkRunOptions &Options) {
  SamplingRules Rules;
  Rules.RepeatCount = Options.RepeatCount;
  Rules.Aggregation = Options.Aggregation;
  Rules.SettleTolerance = Options.SettleTolerance;
  Rules.SettleAgreeingRuns = Options.SettleAgreeingRuns;
  Rules.SettleTimeLimitSeconds = Options.SettleTimeLimitSeconds;
  Rules.DependencyChain = Options.Mode == BenchmarkMode::Latency;
  return Rules;
}

static StringRef aggregationName(ResultAggregationMode Mode) {
  switch (Mode) {
  case ResultAggregationMode::Min:
    return "min";
  case ResultAggregationMode::Max:
    return "max";
  case ResultAggregationMode::Mean:
    return "mean";
  case ResultAggregationMode::MinVariance:
    return "min-variance";
  }
  return "min";
}

/// NaN, which JSON cannot spell, as null.
static json::Value number(double Value) {
  if (std::isfinite(Value))
    return Value;
  return nullptr;
}

static json::Object planToJSON(const TimeBasedPlan &Plan) {
  return json::Object{{"chain_length", int64_t(Plan.ChainLength)},
                      {"calls_per_window", int64_t(Plan.CallsPerWindow)},
                      {"rounds_per_sample", int64_t(Plan.RoundsPerSample)}};
}

static json::Object callToJSON(const TraceCall &Call) {
  json::Array Ticks;
  for (const std::vector<int64_t> &Column : Call.Ticks)
    Ticks.push_back(json::Array(Column));
  return json::Object{{"batch", int64_t(Call.Batch)},
                      {"cpu", int64_t(Call.Cpu)},
                      {"ticks", std::move(Ticks)}};
}

json::Object traceToJSON(const TimeBasedTrace &Trace) {
  json::Array Probe, Runs, Checks;
  for (const TraceCall &Call : Trace.Probe)
    Probe.push_back(callToJSON(Call));
  for (const TraceRun &Run : Trace.Runs) {
    json::Object O = planToJSON(Run.Plan);
    O["rounds_asked"] = int64_t(Run.RoundsAsked);
    O["contradicted"] = Run.Contradicted;
    O["end_seconds"] = Run.EndSeconds;
    json::Array Calls;
    for (const TraceCall &Call : Run.Calls)
      Calls.push_back(callToJSON(Call));
    O["calls"] = std::move(Calls);
    Runs.push_back(std::move(O));
  }
  for (const TraceCpuCheck &Check : Trace.CpuChecks) {
    json::Object O = planToJSON(Check.Plan);
    O["call"] = callToJSON(Check.Call);
    Checks.push_back(std::move(O));
  }
  const SamplingRules &R = Trace.Rules;
  json::Object Rules{{"repeat_count", int64_t(R.RepeatCount)},
                     {"aggregation", aggregationName(R.Aggregation)},
                     {"settle_tolerance", R.SettleTolerance},
                     {"settle_agreeing_runs", int64_t(R.SettleAgreeingRuns)},
                     {"settle_time_limit", R.SettleTimeLimitSeconds},
                     {"empty_snippet", R.EmptySnippet},
                     {"dependency_chain", R.DependencyChain}};
  // Only measurements with a rival have one: older readers see the
  // measurements they knew unchanged.
  if (std::isfinite(R.RivalCycles))
    Rules["rival_cycles"] = R.RivalCycles;
  json::Object Object{
      {"rules", std::move(Rules)},
      {"reference",
       json::Object{{"level", number(Trace.Reference.Level)},
                    {"sightings", int64_t(Trace.Reference.Sightings)},
                    {"model_level", number(Trace.Reference.ModelLevel)}}},
      {"differencing", Trace.Differencing},
      {"batch_functions", json::Array(Trace.BatchFunctions)},
      {"probe", json::Object{{"chain_length", int64_t(Trace.ProbeChainLength)},
                             {"probe_groups", int64_t(Trace.ProbeGroups)},
                             {"calls", std::move(Probe)}}},
      {"runs", std::move(Runs)},
      {"cpu_checks", std::move(Checks)}};
  // Written where it holds only: older readers see the measurements they
  // knew unchanged.
  if (Trace.WideVectorChain)
    Object["wide_vector_chain"] = true;
  return Object;
}

// Readers: each names the member it could not read through the path.

/// A number or null (NaN).
static bool readNumber(const json::Object &O, StringRef Key, double &Out,
                       json::Path P) {
  const json::Value *V = O.get(Key);
  if (!V || V->kind() == json::Value::Null) {
    Out = NAN;
    return true;
  }
  if (std::optional<double> D = V->getAsNumber()) {
    Out = *D;
    return true;
  }
  P.field(Key).report("expected a number or null");
  return false;
}

template <typename T>
static bool readUnsigned(const json::Object &O, StringRef Key, T &Out,
                         json::Path P) {
  const json::Value *V = O.get(Key);
  std::optional<int64_t> I = V ? V->getAsInteger() : std::nullopt;
  if (!I || *I < 0) {
    P.field(Key).report("expected a non-negative integer");
    return false;
  }
  Out = static_cast<T>(*I);
  return true;
}

static bool readPlan(const json::Object &O, TimeBasedPlan &Plan, json::Path P) {
  return readUnsigned(O, "chain_length", Plan.ChainLength, P) &&
         readUnsigned(O, "calls_per_window", Plan.CallsPerWindow, P) &&
         readUnsigned(O, "rounds_per_sample", Plan.RoundsPerSample, P);
}

static const json::Object *objectOf(const json::Value *V, StringRef Key,
                                    json::Path P) {
  const json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    P.field(Key).report("expected an object");
  return O;
}

static const json::Array *arrayOf(const json::Object &O, StringRef Key,
                                  json::Path P) {
  const json::Array *A = O.getArray(Key);
  if (!A)
    P.field(Key).report("expected an array");
  return A;
}

static bool readCall(const json::Value &V, TraceCall &Call, json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected an object");
    return false;
  }
  std::optional<int64_t> Cpu = O->getInteger("cpu");
  if (!Cpu) {
    P.field("cpu").report("expected an integer");
    return false;
  }
  Call.Cpu = static_cast<int>(*Cpu);
  if (!readUnsigned(*O, "batch", Call.Batch, P))
    return false;
  const json::Array *Ticks = arrayOf(*O, "ticks", P);
  if (!Ticks)
    return false;
  Call.Ticks.clear();
  size_t Rounds = 0;
  for (size_t F = 0; F < Ticks->size(); ++F) {
    json::Path Column = P.field("ticks").index(F);
    if (!fromJSON((*Ticks)[F], Call.Ticks.emplace_back(), Column))
      return false;
    if (F && Call.Ticks.back().size() != Rounds) {
      Column.report("every function must have as many rounds");
      return false;
    }
    Rounds = Call.Ticks.back().size();
  }
  return true;
}

static bool readCalls(const json::Object &O, StringRef Key,
                      std::vector<TraceCall> &Calls, json::Path P) {
  const json::Array *A = arrayOf(O, Key, P);
  if (!A)
    return false;
  for (size_t I = 0; I < A->size(); ++I)
    if (!readCall((*A)[I], Calls.emplace_back(), P.field(Key).index(I)))
      return false;
  return true;
}

static bool readRules(const json::Object &O, SamplingRules &R, json::Path P) {
  std::optional<StringRef> Aggregation = O.getString("aggregation");
  if (!Aggregation) {
    P.field("aggregation").report("expected a string");
    return false;
  }
  if (*Aggregation == "min")
    R.Aggregation = ResultAggregationMode::Min;
  else if (*Aggregation == "max")
    R.Aggregation = ResultAggregationMode::Max;
  else if (*Aggregation == "mean")
    R.Aggregation = ResultAggregationMode::Mean;
  else if (*Aggregation == "min-variance")
    R.Aggregation = ResultAggregationMode::MinVariance;
  else {
    P.field("aggregation").report("expected min, max, mean or min-variance");
    return false;
  }
  std::optional<bool> Empty = O.getBoolean("empty_snippet");
  R.EmptySnippet = Empty.value_or(false);
  R.DependencyChain = O.getBoolean("dependency_chain").value_or(false);
  if (!readNumber(O, "rival_cycles", R.RivalCycles, P))
    return false;
  return readUnsigned(O, "repeat_count", R.RepeatCount, P) &&
         readNumber(O, "settle_tolerance", R.SettleTolerance, P) &&
         readUnsigned(O, "settle_agreeing_runs", R.SettleAgreeingRuns, P) &&
         readNumber(O, "settle_time_limit", R.SettleTimeLimitSeconds, P) &&
         R.RepeatCount > 0;
}

static bool readTrace(const json::Value &V, TimeBasedTrace &T, json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected an object");
    return false;
  }
  const json::Object *Rules = objectOf(O->get("rules"), "rules", P);
  if (!Rules || !readRules(*Rules, T.Rules, P.field("rules")))
    return false;
  if (const json::Object *Ref = O->getObject("reference")) {
    if (!readNumber(*Ref, "level", T.Reference.Level, P.field("reference")) ||
        !readNumber(*Ref, "model_level", T.Reference.ModelLevel,
                    P.field("reference")))
      return false;
    T.Reference.Sightings =
        static_cast<unsigned>(Ref->getInteger("sightings").value_or(0));
  }
  T.Differencing = O->getBoolean("differencing").value_or(true);
  T.WideVectorChain = O->getBoolean("wide_vector_chain").value_or(false);
  const json::Value *Batches = O->get("batch_functions");
  if (!Batches ||
      !fromJSON(*Batches, T.BatchFunctions, P.field("batch_functions")))
    return false;
  const json::Object *Probe = objectOf(O->get("probe"), "probe", P);
  if (!Probe ||
      !readUnsigned(*Probe, "chain_length", T.ProbeChainLength,
                    P.field("probe")) ||
      !readUnsigned(*Probe, "probe_groups", T.ProbeGroups, P.field("probe")) ||
      !readCalls(*Probe, "calls", T.Probe, P.field("probe")))
    return false;
  const json::Array *Runs = arrayOf(*O, "runs", P);
  if (!Runs)
    return false;
  for (size_t I = 0; I < Runs->size(); ++I) {
    json::Path RP = P.field("runs").index(I);
    const json::Object *R = (*Runs)[I].getAsObject();
    if (!R) {
      RP.report("expected an object");
      return false;
    }
    TraceRun &Run = T.Runs.emplace_back();
    Run.Contradicted = R->getBoolean("contradicted").value_or(false);
    if (!readPlan(*R, Run.Plan, RP) ||
        !readUnsigned(*R, "rounds_asked", Run.RoundsAsked, RP) ||
        !readNumber(*R, "end_seconds", Run.EndSeconds, RP) ||
        !readCalls(*R, "calls", Run.Calls, RP))
      return false;
  }
  if (const json::Array *Checks = O->getArray("cpu_checks"))
    for (size_t I = 0; I < Checks->size(); ++I) {
      json::Path CP = P.field("cpu_checks").index(I);
      const json::Object *C = (*Checks)[I].getAsObject();
      TraceCpuCheck &Check = T.CpuChecks.emplace_back();
      if (!C || !readPlan(*C, Check.Plan, CP) || !C->get("call") ||
          !readCall(*C->get("call"), Check.Call, CP.field("call")))
        return false;
    }
  return true;
}

Expected<TimeBasedTrace> traceFromJSON(const json::Value &Value) {
  TimeBasedTrace Trace;
  json::Path::Root Root("trace");
  if (!readTrace(Value, Trace, Root))
    return Root.getError();
  return Trace;
}

static Error fileError(StringRef Name, size_t Line, const Twine &Message) {
  return createStringError(inconvertibleErrorCode(),
                           Name + ":" + Twine(Line) + ": " + Message);
}

Expected<TimeSamplesFile> parseTimeSamples(StringRef Text, StringRef Name) {
  TimeSamplesFile File;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  bool SawHeader = false;
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef Line = Lines[I].trim();
    if (Line.empty())
      continue;
    Expected<json::Value> Parsed = json::parse(Line);
    if (!Parsed)
      return fileError(Name, I + 1, toString(Parsed.takeError()));
    const json::Object *O = Parsed->getAsObject();
    if (!O)
      return fileError(Name, I + 1, "expected a JSON object");
    if (!SawHeader) {
      if (O->getString("format") != TimeSamplesFormatName)
        return fileError(Name, I + 1,
                         "not a time samples file (no format '" +
                             TimeSamplesFormatName + "')");
      std::optional<int64_t> Version = O->getInteger("version");
      if (Version != int64_t(TimeSamplesFormatVersion))
        return fileError(Name, I + 1,
                         "unsupported time samples version " +
                             (Version ? Twine(*Version) : Twine("(none)")) +
                             ", expected " + Twine(TimeSamplesFormatVersion));
      if (const json::Object *Host = O->getObject("host"))
        File.Host = *Host;
      SawHeader = true;
      continue;
    }
    RecordedMeasurement &M = File.Measurements.emplace_back();
    const json::Value *Trace = O->get("trace");
    if (!Trace)
      return fileError(Name, I + 1, "a measurement without 'trace'");
    Expected<TimeBasedTrace> T = traceFromJSON(*Trace);
    if (!T)
      return fileError(Name, I + 1, toString(T.takeError()));
    M.Trace = std::move(*T);
    M.Benchmark = O->getString("benchmark").value_or("").str();
    M.Mode = O->getString("mode").value_or("").str();
    const json::Object *Rules = Trace->getAsObject()->getObject("rules");
    if (!Rules->get("dependency_chain"))
      M.Trace.Rules.DependencyChain = M.Mode == "latency";
    M.Variant = O->getString("variant").value_or("").str();
    json::Path::Root Root("measurement");
    if (const json::Object *Recorded = O->getObject("recorded")) {
      readNumber(*Recorded, "cycles", M.RecordedCycles, Root);
      M.RecordedVerdict = Recorded->getString("verdict").value_or("").str();
    }
    M.Instructions =
        static_cast<uint64_t>(O->getInteger("instructions").value_or(0));
    if (const json::Object *Truth = O->getObject("truth")) {
      if (!readNumber(*Truth, "per_instruction", M.TruePerInstruction, Root) ||
          !readNumber(*Truth, "tolerance", M.Tolerance, Root))
        return fileError(Name, I + 1, toString(Root.getError()));
      M.ExpectedVerdict = Truth->getString("verdict").value_or("").str();
    }
  }
  if (!SawHeader)
    return fileError(Name, 1, "empty time samples file");
  return File;
}

static Error readError(StringRef Path, const Twine &Message) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot read '" + Path + "': " + Message);
}

/// The size a zstd frame's header says its content has (RFC 8878, 3.1.1.1),
/// or std::nullopt when it does not say, as from a compressor that read a
/// pipe.
static std::optional<uint64_t> zstdContentSize(StringRef Frame) {
  if (Frame.size() <= ZstdMagic.size())
    return std::nullopt;
  uint8_t Descriptor = Frame[ZstdMagic.size()];
  unsigned SizeFlag = Descriptor >> 6;
  bool SingleSegment = Descriptor & 0x20;
  static constexpr unsigned DictionaryIdBytes[] = {0, 1, 2, 4};
  static constexpr unsigned SizeBytes[] = {0, 2, 4, 8};
  size_t Offset =
      ZstdMagic.size() + 1 + !SingleSegment + DictionaryIdBytes[Descriptor & 3];
  unsigned Bytes = SizeFlag == 0 && SingleSegment ? 1 : SizeBytes[SizeFlag];
  if (Bytes == 0 || Frame.size() < Offset + Bytes)
    return std::nullopt;
  uint64_t Size = 0;
  for (unsigned I = 0; I < Bytes; ++I)
    Size |= uint64_t(uint8_t(Frame[Offset + I])) << (8 * I);
  // A two-byte field counts from 256 (the one-byte field covers below).
  return Bytes == 2 ? Size + 256 : Size;
}

/// The text of a zstd-compressed file: one frame that records its size.
static Expected<std::string> decompressZstd(StringRef Bytes, StringRef Path) {
  if (!compression::zstd::isAvailable())
    return readError(Path, "compressed with zstd, which this LLVM was built "
                           "without");
  std::optional<uint64_t> Size = zstdContentSize(Bytes);
  if (!Size)
    return readError(Path, "a zstd frame that does not record its size "
                           "(compress the file itself, not a pipe)");
  if (*Size > MaxTimeSamplesBytes)
    return readError(Path, "a zstd frame of " + Twine(*Size) +
                               " bytes, more than a trace file's " +
                               Twine(MaxTimeSamplesBytes));
  SmallVector<uint8_t, 0> Text;
  if (Error E = compression::zstd::decompress(arrayRefFromStringRef(Bytes),
                                              Text, *Size))
    return readError(Path, "zstd: " + toString(std::move(E)));
  if (Text.size() != *Size)
    return readError(Path, "a zstd frame of " + Twine(Text.size()) +
                               " bytes that says " + Twine(*Size));
  return std::string(toStringRef(Text));
}

Expected<TimeSamplesFile> readTimeSamplesFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/false);
  if (!Buffer)
    return createStringError(Buffer.getError(),
                             "cannot read '" + Path +
                                 "': " + Buffer.getError().message());
  StringRef Bytes = (*Buffer)->getBuffer();
  if (!Bytes.starts_with(ZstdMagic))
    return parseTimeSamples(Bytes, Path);
  Expected<std::string> Text = decompressZstd(Bytes, Path);
  if (!Text)
    return Text.takeError();
  return parseTimeSamples(*Text, Path);
}

json::Object describeHost(StringRef LLVMCpuName) {
  json::Object Host{{"llvm_cpu", LLVMCpuName.str()}};
  ErrorOr<std::unique_ptr<MemoryBuffer>> CpuInfo =
      MemoryBuffer::getFileAsStream("/proc/cpuinfo");
  if (!CpuInfo)
    return Host;
  SmallVector<StringRef, 0> Lines;
  (*CpuInfo)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines) {
    auto [Key, Value] = Line.split(':');
    Key = Key.trim();
    Value = Value.trim();
    if (Key.empty())
      break; // The first processor's block ends here.
    int64_t Number = 0;
    if (Key == "model name")
      Host["model_name"] = Value.str();
    else if (Key == "cpu family" && to_integer(Value, Number))
      Host["family"] = Number;
    else if (Key == "model" && to_integer(Value, Number))
      Host["model"] = Number;
    else if (Key == "stepping" && to_integer(Value, Number))
      Host["stepping"] = Number;
  }
  return Host;
}

} // namespace exegesis
} // namespace llvm
