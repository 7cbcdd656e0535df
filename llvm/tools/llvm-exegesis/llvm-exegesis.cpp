//===-- llvm-exegesis.cpp - The driver ------------------------------------===//
//
// Measures the latency, throughput or port usage of machine instructions, or
// analyses a results file. This file owns every command-line option and only
// wires the library's stages together: options -> LLVMState -> snippets ->
// BenchmarkRunner -> YAML (or analysis).
//
//===----------------------------------------------------------------------===//

#include "Analysis/AnalysisRunner.h"
#include "Availability/EncodingValidityCheck.h"
#include "Availability/HostSupportCheck.h"
#include "Blocks/AutoMemoryMap.h"
#include "Blocks/HexSnippetFile.h"
#include "Core/BenchmarkRunOptions.h"
#include "Core/LLVMState.h"
#include "Execution/BenchmarkExecution.h"
#include "Measure/BenchmarkMeasurer.h"
#include "Measure/BenchmarkRunner.h"
#include "Measure/OpcodeSweep.h"
#include "PortMapHost/PortMapHost.h"
#include "Results/BenchmarkResult.h"
#include "Results/PreviousResults.h"
#include "Results/ResultsFileWriter.h"
#include "Snippets/AssemblerDiagnostic.h"
#include "Snippets/GeneratorForMode.h"
#include "Snippets/OperandPairGenerator.h"
#include "Snippets/SnippetFile.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "Support/InputDiagnostic.h"
#include "Support/Interruption.h"
#include "TimeBased/CycleCounter.h"
#include "TimeBased/TimeBasedPlan.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace llvm;
using namespace llvm::exegesis;

static cl::OptionCategory BenchmarkOptions("llvm-exegesis benchmark options");
static cl::OptionCategory AnalysisOptions("llvm-exegesis analysis options");

/// What -mode names: the benchmark modes, and the two that are none.
enum class ToolMode { Latency, InverseThroughput, Uops, Analysis, PortMap };
static cl::opt<ToolMode> ToolModeOpt(
    "mode", cl::desc("the mode to run"), cl::cat(BenchmarkOptions),
    cl::init(ToolMode::Analysis),
    cl::values(
        clEnumValN(ToolMode::Latency, "latency", "Instruction Latency"),
        clEnumValN(ToolMode::InverseThroughput, "inverse_throughput",
                   "Instruction Inverse Throughput"),
        clEnumValN(ToolMode::Uops, "uops", "Uop Decomposition"),
        clEnumValN(ToolMode::Analysis, "analysis",
                   "Analysis of a results file"),
        clEnumValN(ToolMode::PortMap, "port-map",
                   "Characterise the host's execution resources from "
                   "throughput (the model -mode=uops uses without per-port "
                   "counters)")));
/// The benchmark mode of -mode; Unknown for analysis, which measures
/// nothing, and for port-map, which measures inverse throughputs of its own.
static BenchmarkMode ModeOpt = BenchmarkMode::Unknown;

static cl::opt<std::string> PortMapFile(
    "port-map-file",
    cl::desc("the host's port-map model (YAML): written by -mode=port-map, "
             "read by -mode=uops where the host has no per-port counters"),
    cl::cat(BenchmarkOptions), cl::init(""));

static cl::opt<unsigned> PortMapCandidates(
    "port-map-candidates",
    cl::desc("-mode=port-map: the most candidate basic instructions it "
             "chooses (default 16; at most 64); -opcode-name names them "
             "instead"),
    cl::cat(BenchmarkOptions), cl::init(16));

static cl::list<std::string>
    OpcodeNames("opcode-name",
                cl::desc("comma-separated opcode names to benchmark"),
                cl::CommaSeparated, cl::cat(BenchmarkOptions));

static cl::opt<int>
    OpcodeIndex("opcode-index",
                cl::desc("opcode to benchmark by index, -1 for every opcode"),
                cl::cat(BenchmarkOptions), cl::init(0));

static cl::opt<std::string>
    SnippetsFile("snippets-file",
                 cl::desc("snippet file to benchmark ('-' for stdin)"),
                 cl::cat(BenchmarkOptions), cl::init(""));

/// How the -snippets-file is written.
enum class SnippetsFormat { Asm, Hex };
static cl::opt<SnippetsFormat> SnippetsFormatOpt(
    "snippets-format", cl::desc("how the -snippets-file is written"),
    cl::cat(BenchmarkOptions), cl::init(SnippetsFormat::Asm),
    cl::values(clEnumValN(SnippetsFormat::Asm, "asm",
                          "assembly with LLVM-EXEGESIS annotations, one "
                          "benchmark per file (default)"),
               clEnumValN(SnippetsFormat::Hex, "hex",
                          "machine code, one basic block per line as hex "
                          "bytes, optionally followed by ',' and anything "
                          "(BHive's CSV); one benchmark per block")));

static cl::opt<bool> AutoMapMemory(
    "auto-map-memory",
    cl::desc("subprocess mode: start the registers a snippet reads at an "
             "address in mapped memory, and map each page it faults on and "
             "run it again (for basic blocks taken from programs)"),
    cl::cat(BenchmarkOptions), cl::init(false));

static cl::opt<unsigned> AutoMapMaxPages(
    "auto-map-max-pages",
    cl::desc("with -auto-map-memory: at most this many pages (default "
             "262144, 1 GiB)"),
    cl::cat(BenchmarkOptions), cl::init(AutoMapDefaultMaxPages));

static cl::opt<std::string>
    BenchmarkFile("benchmarks-file",
                  cl::desc("results file to write, or to read in analysis "
                           "mode; stdout when empty or '-'"),
                  cl::cat(BenchmarkOptions), cl::init(""));

static cl::opt<bool>
    Resume("resume",
           cl::desc("continue an interrupted run: the benchmarks already in "
                    "the -benchmarks-file are not run again, the others are "
                    "appended"),
           cl::cat(BenchmarkOptions), cl::init(false));

static cl::opt<ExecutionMode> ExecutionModeOpt(
    "execution-mode", cl::desc("where the snippet runs"),
    cl::cat(BenchmarkOptions), cl::init(ExecutionMode::InProcess),
    cl::values(clEnumValN(ExecutionMode::InProcess, "inprocess",
                          "inside the tool, under crash recovery"),
               clEnumValN(ExecutionMode::SubProcess, "subprocess",
                          "in a forked child watched with ptrace")));

static cl::opt<BenchmarkPhase> BenchmarkPhaseOpt(
    "benchmark-phase", cl::desc("stop after this phase"),
    cl::cat(BenchmarkOptions), cl::init(BenchmarkPhase::Measure),
    cl::values(
        clEnumValN(BenchmarkPhase::PrepareSnippet, "prepare-snippet",
                   "only generate or parse the snippet"),
        clEnumValN(BenchmarkPhase::PrepareAndAssembleSnippet,
                   "prepare-and-assemble-snippet", "also assemble the snippet"),
        clEnumValN(BenchmarkPhase::AssembleMeasuredCode,
                   "assemble-measured-code",
                   "also assemble the measured function"),
        clEnumValN(BenchmarkPhase::DryRunMeasurement, "dry-run-measurement",
                   "also prepare the measurement, but do not execute the "
                   "snippet"),
        clEnumValN(BenchmarkPhase::Measure, "measure", "measure (default)")));

static cl::opt<RepetitionMode> RepetitionModeOpt(
    "repetition-mode",
    cl::desc("how the snippet is repeated (default: duplicate; for "
             "inverse_throughput, the better of duplicate and a loop whose "
             "body is sized to the micro-op cache; for latency with "
             "time-based cycles, such a loop)"),
    cl::cat(BenchmarkOptions), cl::init(RepetitionMode::Duplicate),
    cl::values(
        clEnumValN(RepetitionMode::Duplicate, "duplicate",
                   "copy the snippet until min-instructions is reached"),
        clEnumValN(RepetitionMode::Loop, "loop", "loop over the snippet"),
        clEnumValN(RepetitionMode::AggregateMin, "min",
                   "run duplicate and loop, keep the smaller value"),
        clEnumValN(RepetitionMode::MiddleHalfDuplicate, "middle-half-duplicate",
                   "difference of two duplicate runs (N and 2N)"),
        clEnumValN(RepetitionMode::MiddleHalfLoop, "middle-half-loop",
                   "difference of two loop runs (N and 2N)")));

static cl::opt<unsigned> MinInstructions(
    "min-instructions",
    cl::desc("minimum number of instructions in the measured function"),
    cl::cat(BenchmarkOptions), cl::init(10000));

static cl::opt<unsigned>
    LoopBodySize("loop-body-size",
                 cl::desc("minimum number of instructions in the loop body "
                          "(loop repetition; for the inverse_throughput "
                          "and latency defaults, instead of a 2 KiB body)"),
                 cl::cat(BenchmarkOptions), cl::init(0));

/// A sweep measures each opcode with a few runs of samples at most (see
/// DefaultSweepSettleTimeLimit), and running the snippet and the calibration
/// is most of its time: runs of 10 samples (7 agreeing settle them) with
/// short windows. With a perf time counter (a few thousand ticks of jitter
/// per window), interleaved on the Zen 3 VM, 80,000 cycles with samples of 5
/// rounds took 9% less time than 320,000 with 3 rounds and agreed with
/// single measurements as often; 10,000 was worse. With rdtsc (a few ticks
/// of jitter) 20,000 cycles, at most one call of a 10,000-instruction
/// snippet, left fewer values unsettled than 80,000 (interleaved on the
/// same VM under load: 5-34 of 200 against 12-43, and 31 against 69 of 600
/// in the sweep benchmark, with 20% less CPU time).
static constexpr unsigned DefaultRepeatCount = 30;
static constexpr unsigned DefaultSweepRepeatCount = 10;
static constexpr unsigned DefaultSweepWindowCycles = 20000;
static cl::opt<unsigned> BenchmarkRepeatCount(
    "benchmark-repeat-count",
    cl::desc("number of samples per measurement (default 30, or 10 when "
             "sweeping: -opcode-index=-1 or several -opcode-name)"),
    cl::cat(BenchmarkOptions), cl::init(DefaultRepeatCount));

static cl::opt<unsigned> TimeBasedRoundsPerSample(
    "time-based-rounds-per-sample",
    cl::desc("with a time-based cycle counter: at most this many rounds of "
             "the measured functions make one sample, from their minima "
             "(default 5)"),
    cl::cat(BenchmarkOptions), cl::init(DefaultTimeBasedRoundsPerSample));

static cl::opt<unsigned> TimeBasedWindowCycles(
    "time-based-window-cycles",
    cl::desc("with a time-based cycle counter: about how many core cycles "
             "one counter window lasts, the measured functions called back "
             "to back (default 320000, or 20000 when sweeping)"),
    cl::cat(BenchmarkOptions), cl::init(DefaultTimeBasedWindowCycles));

static cl::opt<ResultAggregationMode> ResultAggregationModeOpt(
    "result-aggregation-mode", cl::desc("how samples are combined"),
    cl::cat(BenchmarkOptions), cl::init(ResultAggregationMode::Min),
    cl::values(clEnumValN(ResultAggregationMode::Min, "min", "smallest sample"),
               clEnumValN(ResultAggregationMode::Max, "max", "largest sample"),
               clEnumValN(ResultAggregationMode::Mean, "mean",
                          "mean of samples"),
               clEnumValN(ResultAggregationMode::MinVariance, "min-variance",
                          "sample with the smallest variance between runs")));

static cl::opt<std::string> DumpObjectToDisk(
    "dump-object-to-disk",
    cl::desc("write the assembled object to PATH (a temporary file when no "
             "PATH is given)"),
    cl::ValueOptional, cl::cat(BenchmarkOptions), cl::init(""));

static cl::opt<bool>
    UseDummyPerfCounters("use-dummy-perf-counters",
                         cl::desc("run the code but read no counter"),
                         cl::cat(BenchmarkOptions), cl::init(false));

static cl::list<std::string>
    ValidationCounters("validation-counter",
                       cl::desc("extra counter read with the main one"),
                       cl::cat(BenchmarkOptions));

static cl::opt<int> BenchmarkProcessCPU(
    "benchmark-process-cpu",
    cl::desc("pin the benchmarking child to this CPU (subprocess mode)"),
    cl::cat(BenchmarkOptions), cl::init(-1));

static cl::opt<CycleCounterKind> CycleCounterOpt(
    "cycle-counter", cl::desc("what counts cycles (latency and throughput)"),
    cl::cat(BenchmarkOptions), cl::init(CycleCounterKind::Auto),
    cl::values(
        clEnumValN(CycleCounterKind::Auto, "auto",
                   "hardware cycles where the kernel exposes a PMU, else "
                   "time-based (default)"),
        clEnumValN(CycleCounterKind::Hardware, "hardware",
                   "the CPU's cycle event; fail without a PMU"),
        clEnumValN(CycleCounterKind::TimeBased, "time-based",
                   "a time counter (see -time-counter) converted to core "
                   "cycles by calibration"),
        clEnumValN(CycleCounterKind::Dummy, "dummy",
                   "run the code, count nothing (as "
                   "-use-dummy-perf-counters)")));

static cl::opt<std::string> TimeCounterOpt(
    "time-counter",
    cl::desc("the time counter of time-based cycles: rdtsc (the TSC read by "
             "the benchmark itself), msr/tsc/ or task-clock (perf events); "
             "default: the first of these that works"),
    cl::cat(BenchmarkOptions), cl::init(""));

static cl::opt<double> SubprocessTimeout(
    "subprocess-timeout",
    cl::desc("seconds after which a benchmarking subprocess that has not "
             "finished a run of samples is killed; in process, a snippet "
             "still running is interrupted"),
    cl::cat(BenchmarkOptions), cl::init(30));

/// A single measurement waits up to 5 s for a quiet stretch. A sweep
/// (every opcode, or a list of them) gives each opcode a few runs at most:
/// with 1 s, the 23% of opcodes that are noisy by nature or met a busy
/// stretch made a sweep 16 minutes instead of about 2.5. Its first settled
/// run ends the measurement, with a tolerance of 1%: on the Zen 3 VM 100 of
/// 102 runs that settled so agreed within 2% with single measurements, while
/// at 0.3% half the runs of a busy stretch did not settle at all. Since a
/// measurement's runs share one benchmarking subprocess, a run costs about a
/// millisecond, and 0.08 s left 23 of 600 values unsettled where 0.03 s left
/// 64 (same quiet hour, 56 against 49 of 60 agreeing with single runs, 10%
/// more time).
static constexpr double DefaultSettleTimeLimit = 5;
static constexpr double DefaultSweepSettleTimeLimit = 0.08;
static cl::opt<double> SettleTimeLimit(
    "settle-time-limit",
    cl::desc("with a time-based cycle counter and min aggregation: seconds "
             "to keep sampling, runs of at most -benchmark-repeat-count "
             "samples, until -settle-agreeing-runs runs have settled and "
             "agree (0: take one run; default 5, or 0.08 when sweeping: "
             "-opcode-index=-1 or several -opcode-name)"),
    cl::cat(BenchmarkOptions), cl::init(DefaultSettleTimeLimit));

static constexpr double DefaultSettleTolerancePercent = 0.3;
static constexpr double DefaultSweepSettleTolerancePercent = 1;
static cl::opt<double> SettleTolerance(
    "settle-tolerance",
    cl::desc("with a time-based cycle counter and min aggregation: a run has "
             "settled when two thirds of -benchmark-repeat-count samples lie "
             "within this many percent of each other (or, the host showing "
             "no neighbour, their median is known to within it), and settled "
             "runs agree within it (default 0.3, or 1 when sweeping)"),
    cl::cat(BenchmarkOptions), cl::init(DefaultSettleTolerancePercent));

static constexpr unsigned DefaultSettleAgreeingRuns = 2;
static constexpr unsigned DefaultSweepSettleAgreeingRuns = 1;
static cl::opt<unsigned> SettleAgreeingRuns(
    "settle-agreeing-runs",
    cl::desc("with a time-based cycle counter and min aggregation: how many "
             "settled runs must agree to end the sampling (default 2, or 1 "
             "when sweeping)"),
    cl::cat(BenchmarkOptions), cl::init(DefaultSettleAgreeingRuns));

static cl::opt<std::string> TimeSamplesFileOpt(
    "time-samples-file",
    cl::desc("with a time-based cycle counter: write every raw reading of "
             "each measurement (probe, runs, checks of other CPUs) to this "
             "file, as JSON lines, for replaying the sampler's decisions"),
    cl::cat(BenchmarkOptions), cl::init(""));

static cl::opt<bool> SamplingDetails(
    "sampling-details",
    cl::desc("with a time-based cycle counter: `info` gives the full account "
             "of the sampling instead of one sentence"),
    cl::cat(BenchmarkOptions), cl::init(false));

static cl::opt<CounterHandoffMethod> CounterHandoffOpt(
    "counter-handoff",
    cl::desc("how the counter reaches the benchmarking subprocess"),
    cl::cat(BenchmarkOptions), cl::init(CounterHandoffMethod::Auto), cl::Hidden,
    cl::values(clEnumValN(CounterHandoffMethod::Auto, "auto",
                          "pidfd-getfd where available, else scm-rights"),
               clEnumValN(CounterHandoffMethod::PidfdGetfd, "pidfd-getfd",
                          "the child fetches it with pidfd_getfd"),
               clEnumValN(CounterHandoffMethod::SocketRights, "scm-rights",
                          "sent as SCM_RIGHTS over a socket pair")));

static cl::opt<unsigned>
    MaxConfigsPerOpcode("max-configs-per-opcode",
                        cl::desc("how many configurations to try per opcode"),
                        cl::cat(BenchmarkOptions), cl::init(1));

static cl::opt<unsigned> RandomGeneratorSeed(
    "random-generator-seed",
    cl::desc("seed of the random choices snippet generation makes "
             "(registers among equivalent ones); 0, the default, makes the "
             "generator's own deterministic choices"),
    cl::cat(BenchmarkOptions), cl::init(0));

static cl::opt<bool> IgnoreInvalidSchedClass(
    "ignore-invalid-sched-class",
    cl::desc("-opcode-name/-opcode-index: skip instructions without a sched "
             "class or whose sched class the CPU's model marks invalid"),
    cl::cat(BenchmarkOptions), cl::init(false));

static cl::opt<bool> LatencyOperandPairs(
    "latency-operand-pairs",
    cl::desc("-mode=latency with -opcode-name/-opcode-index: also measure the "
             "latency from each input operand to each output operand of the "
             "opcode, as extra measurements 'latency[IN->OUT]'"),
    cl::cat(BenchmarkOptions), cl::init(false));

static cl::opt<bool> X86DisableUpperSSERegisters(
    "x86-disable-upper-sse-registers",
    cl::desc("do not use XMM8-XMM15 in generated snippets"),
    cl::cat(BenchmarkOptions), cl::init(false));

static cl::opt<std::string> RISCVFilterConfig(
    "riscv-filter-config",
    cl::desc("RISC-V vector: only generate the configurations whose config "
             "text matches 'vtype = {Field: regex, ...}' (e.g. 'vtype = "
             "{SEW: e(8|16)}')"),
    cl::cat(BenchmarkOptions), cl::init(""));

static cl::opt<bool> RISCVEnumerateRoundingModes(
    "riscv-enumerate-rounding-modes",
    cl::desc("RISC-V vector: generate a configuration per vxrm / frm "
             "rounding mode, not only for the first (rnu / rne)"),
    cl::cat(BenchmarkOptions), cl::init(true));

static cl::opt<bool> RISCVVLMaxForVL(
    "riscv-vlmax-for-vl",
    cl::desc("RISC-V vector: AVL is always VLMAX (no register or immediate "
             "AVL configurations)"),
    cl::cat(BenchmarkOptions), cl::init(false));

static cl::opt<bool>
    MeasurementsPrintProgress("measurements-print-progress",
                              cl::desc("show progress on stderr"),
                              cl::cat(BenchmarkOptions), cl::init(false));

static cl::opt<std::string> TripleName("mtriple",
                                       cl::desc("target triple (host)"),
                                       cl::cat(BenchmarkOptions), cl::init(""));
static cl::opt<std::string> MCPU("mcpu", cl::desc("target CPU (host)"),
                                 cl::cat(BenchmarkOptions), cl::init(""));
static cl::opt<std::string> MAttr("mattr",
                                  cl::desc("target features, comma-separated"),
                                  cl::cat(BenchmarkOptions), cl::init(""));

// Analysis options (SPEC §6).
static cl::opt<std::string>
    AnalysisClustersOutputFile("analysis-clusters-output-file",
                               cl::desc("CSV of clusters"),
                               cl::cat(AnalysisOptions), cl::init(""));
static cl::opt<std::string> AnalysisInconsistenciesOutputFile(
    "analysis-inconsistencies-output-file",
    cl::desc("HTML report of sched-model inconsistencies"),
    cl::cat(AnalysisOptions), cl::init(""));
static cl::opt<std::string> AnalysisModelSummaryOutputFile(
    "analysis-model-summary-output-file",
    cl::desc("inverse_throughput results against LLVM's scheduling model "
             "(MCA): per dataset, blocks, mean absolute percentage error, "
             "Kendall's tau, worst blocks ('-' for stdout)"),
    cl::cat(AnalysisOptions), cl::init(""));
static cl::opt<float> AnalysisClusteringEpsilon("analysis-clustering-epsilon",
                                                cl::desc("DBSCAN epsilon"),
                                                cl::cat(AnalysisOptions),
                                                cl::init(0.1f));
static cl::opt<float> AnalysisInconsistencyEpsilon(
    "analysis-inconsistency-epsilon",
    cl::desc("tolerance between measurement and model"),
    cl::cat(AnalysisOptions), cl::init(0.1f));
static cl::opt<unsigned>
    AnalysisNumPoints("analysis-numpoints",
                      cl::desc("DBSCAN minimum points per cluster"),
                      cl::cat(AnalysisOptions), cl::init(3));
static cl::opt<bool> AnalysisDisplayUnstableOpcodes(
    "analysis-display-unstable-clusters",
    cl::desc("show opcodes split across clusters"), cl::cat(AnalysisOptions),
    cl::init(false));
static cl::opt<BenchmarkFilter> AnalysisFilterOpt(
    "analysis-filter", cl::desc("which benchmarks to analyse"),
    cl::cat(AnalysisOptions), cl::init(BenchmarkFilter::All),
    cl::values(clEnumValN(BenchmarkFilter::All, "all", "every benchmark"),
               clEnumValN(BenchmarkFilter::RegOnly, "reg-only",
                          "benchmarks without memory operands"),
               clEnumValN(BenchmarkFilter::MemOnly, "mem-only",
                          "benchmarks with memory operands")));
static cl::opt<ClusteringMode> AnalysisClusteringOpt(
    "analysis-clustering", cl::desc("the clustering algorithm to use"),
    cl::cat(AnalysisOptions), cl::init(ClusteringMode::Dbscan),
    cl::values(clEnumValN(ClusteringMode::Dbscan, "dbscan",
                          "DBSCAN over the measurements"),
               clEnumValN(ClusteringMode::Naive, "naive",
                          "one cluster per opcode and sched class")));
static cl::opt<bool> AnalysisOverrideBenchmarksTripleAndCpu(
    "analysis-override-benchmark-triple-and-cpu",
    cl::desc("use -mtriple/-mcpu instead of the file's"),
    cl::cat(AnalysisOptions), cl::init(false));

/// Ends the tool on an error, with exit code 1. An error at a place in an
/// input file is already a whole diagnostic in LLVM's form
/// (`FILE:LINE:COL: error: MESSAGE`, for the asm parser's with the source
/// line and a caret) and is printed as it is; any other error follows
/// upstream's banner, `llvm-exegesis error: `.
class ExitOnToolError {
public:
  void operator()(Error E) const {
    if (!E)
      return;
    errs().flush();
    handleAllErrors(
        std::move(E),
        [](const InputDiagnostic &Diagnostic) {
          Diagnostic.log(errs());
          errs() << '\n';
        },
        [](const AssemblerDiagnostic &Diagnostic) {
          Diagnostic.log(errs());
          errs() << '\n';
        },
        [](const ErrorInfoBase &Other) {
          errs() << "llvm-exegesis error: ";
          Other.log(errs());
          errs() << '\n';
        });
    errs().flush();
    std::exit(1);
  }

  template <typename T> T operator()(Expected<T> &&E) const {
    (*this)(E.takeError());
    return std::move(*E);
  }
};

static const ExitOnToolError ExitOnErr;

/// Whether many opcodes, or the basic blocks of a machine-code file (a
/// dataset), are measured one after the other, each once: such a sweep has
/// defaults of its own, traded for speed.
static bool isSweep() {
  if (ToolModeOpt == ToolMode::PortMap)
    return false;
  return OpcodeIndex == -1 || OpcodeNames.size() > 1 ||
         (!SnippetsFile.empty() && SnippetsFormatOpt == SnippetsFormat::Hex);
}

/// The repetition the run uses: -repetition-mode, or when it is not given,
/// the mode's default.
static RepetitionMode getRepetitionMode() {
  // Straight-line code alone measures the front end, not the instruction,
  // for many throughputs: unless told otherwise, try a loop too.
  if (!RepetitionModeOpt.getNumOccurrences() &&
      ModeOpt == BenchmarkMode::InverseThroughput)
    return RepetitionMode::BestOfDuplicateAndLoop;
  // A latency chain is what the core does, not what the front end feeds:
  // timing straight-line code of N and 2N instructions times fetch beyond
  // the micro-op cache and the L1i (see RepetitionMode::LoopWhereTimeBased).
  if (!RepetitionModeOpt.getNumOccurrences() &&
      ModeOpt == BenchmarkMode::Latency)
    return RepetitionMode::LoopWhereTimeBased;
  return RepetitionModeOpt;
}

static BenchmarkRunOptions getRunOptions() {
  BenchmarkRunOptions Options;
  Options.Mode = ModeOpt;
  Options.Phase = BenchmarkPhaseOpt;
  Options.Repetition = getRepetitionMode();
  Options.Execution = ExecutionModeOpt;
  Options.Aggregation = ResultAggregationModeOpt;
  Options.MinInstructions = MinInstructions;
  Options.LoopBodySize = LoopBodySize;
  Options.RepeatCount = BenchmarkRepeatCount;
  if (!BenchmarkRepeatCount.getNumOccurrences() && isSweep())
    Options.RepeatCount = DefaultSweepRepeatCount;
  Options.TimeBasedRoundsPerSample = TimeBasedRoundsPerSample;
  Options.TimeBasedWindowCycles = TimeBasedWindowCycles;
  if (!TimeBasedWindowCycles.getNumOccurrences() && isSweep())
    Options.TimeBasedWindowCycles = DefaultSweepWindowCycles;
  if (DumpObjectToDisk.getNumOccurrences())
    Options.DumpObjectPath = DumpObjectToDisk;
  Options.UseDummyPerfCounters =
      UseDummyPerfCounters || CycleCounterOpt == CycleCounterKind::Dummy;
  Options.CycleCounter = CycleCounterOpt;
  Options.TimeCounter = TimeCounterOpt;
  Options.ValidationCounters.assign(ValidationCounters.begin(),
                                    ValidationCounters.end());
  if (BenchmarkProcessCPU >= 0)
    Options.BenchmarkProcessCpu = static_cast<unsigned>(BenchmarkProcessCPU);
  Options.SubprocessTimeoutSeconds = SubprocessTimeout;
  Options.SettleTimeLimitSeconds = SettleTimeLimit;
  if (!SettleTimeLimit.getNumOccurrences() && isSweep())
    Options.SettleTimeLimitSeconds = DefaultSweepSettleTimeLimit;
  Options.SettleTolerance = SettleTolerance / 100;
  if (!SettleTolerance.getNumOccurrences() && isSweep())
    Options.SettleTolerance = DefaultSweepSettleTolerancePercent / 100;
  Options.SettleAgreeingRuns = SettleAgreeingRuns;
  Options.TimeSamplesFile = TimeSamplesFileOpt;
  Options.SamplingDetails = SamplingDetails;
  if (!SettleAgreeingRuns.getNumOccurrences() && isSweep())
    Options.SettleAgreeingRuns = DefaultSweepSettleAgreeingRuns;
  Options.CounterHandoff = CounterHandoffOpt;
  Options.AutoMapMemory = AutoMapMemory;
  Options.AutoMapMaxPages = AutoMapMaxPages;
  return Options;
}

static Error checkOptions() {
  if (MinInstructions == 0)
    return createStringError(inconvertibleErrorCode(),
                             "-min-instructions must be at least 1");
  if (!(SubprocessTimeout > 0))
    return createStringError(inconvertibleErrorCode(),
                             "-subprocess-timeout must be a positive number "
                             "of seconds");
  if (!(SettleTimeLimit >= 0))
    return createStringError(inconvertibleErrorCode(),
                             "-settle-time-limit must be a number of seconds, "
                             "0 or more");
  if (!(SettleTolerance > 0 && SettleTolerance < 100))
    return createStringError(inconvertibleErrorCode(),
                             "-settle-tolerance must be a percentage above 0 "
                             "and below 100");
  if (SettleAgreeingRuns == 0)
    return createStringError(inconvertibleErrorCode(),
                             "-settle-agreeing-runs must be at least 1");
  if (AutoMapMemory && ExecutionModeOpt != ExecutionMode::SubProcess)
    return createStringError(inconvertibleErrorCode(),
                             "-auto-map-memory needs -execution-mode="
                             "subprocess: only the benchmarking subprocess "
                             "maps memory at chosen addresses");
  if (AutoMapMemory && AutoMapMaxPages == 0)
    return createStringError(inconvertibleErrorCode(),
                             "-auto-map-max-pages must be at least 1");
  if (LatencyOperandPairs && ModeOpt != BenchmarkMode::Latency)
    return createStringError(inconvertibleErrorCode(),
                             "-latency-operand-pairs needs -mode=latency");
  if (BenchmarkRepeatCount == 0)
    return createStringError(inconvertibleErrorCode(),
                             "-benchmark-repeat-count must be at least 1");
  if (!TimeCounterOpt.empty() &&
      !is_contained(TimeCounterNames, StringRef(TimeCounterOpt)))
    return createStringError(inconvertibleErrorCode(),
                             "unknown -time-counter '" + TimeCounterOpt +
                                 "' (rdtsc, msr/tsc/ or task-clock)");
  if (TimeBasedWindowCycles < 1000)
    return createStringError(inconvertibleErrorCode(),
                             "-time-based-window-cycles must be at least 1000");
  if (TimeBasedRoundsPerSample == 0)
    return createStringError(
        inconvertibleErrorCode(),
        "-time-based-rounds-per-sample must be at least 1");
  unsigned Sources = !SnippetsFile.empty() + !OpcodeNames.empty() +
                     (OpcodeIndex.getNumOccurrences() > 0);
  if (Resume && (BenchmarkFile.empty() || BenchmarkFile == "-"))
    return createStringError(inconvertibleErrorCode(),
                             "-resume needs -benchmarks-file naming the "
                             "results file to continue");
  if (Sources != 1)
    return createStringError(
        inconvertibleErrorCode(),
        "exactly one of -snippets-file, -opcode-name and -opcode-index must "
        "be given");
  // Upstream's wording for both.
  if (BenchmarkProcessCPU.getNumOccurrences() &&
      ExecutionModeOpt == ExecutionMode::InProcess &&
      BenchmarkPhaseOpt >= BenchmarkPhase::DryRunMeasurement)
    return createStringError(inconvertibleErrorCode(),
                             "The inprocess execution mode does not support "
                             "benchmark core pinning.");
  Triple Target(Triple::normalize(TripleName));
  // An unknown architecture is LLVMState's to report.
  if (!TripleName.empty() && MCPU.empty() &&
      Target.getArch() != Triple::UnknownArch &&
      Target.getArch() != Triple(sys::getProcessTriple()).getArch())
    return createStringError(
        inconvertibleErrorCode(),
        "A CPU must be explicitly specified when cross compiling. To see all "
        "possible options for " +
            TripleName + " triple use -mcpu=help");
  return Error::success();
}

/// The benchmarks of the -snippets-file, refused when they need an execution
/// mode other than the one asked for.
static Expected<std::vector<BenchmarkCode>>
readSnippetsFile(const LLVMState &State) {
  Expected<std::vector<BenchmarkCode>> Codes =
      SnippetsFormatOpt == SnippetsFormat::Hex
          ? readHexSnippets(State, SnippetsFile)
          : readSnippets(State, SnippetsFile);
  if (!Codes)
    return Codes.takeError();
  if (Error E = checkSnippetsForExecutionMode(State, *Codes, ExecutionModeOpt,
                                              SnippetsFile))
    return E;
  return Codes;
}

static std::string getResultsPath() {
  return BenchmarkFile.empty() ? std::string("-") : BenchmarkFile.getValue();
}

/// The results file and, with -resume, what it held already.
struct ResultsOutput {
  std::unique_ptr<ResultsFileWriter> Writer;
  std::optional<PreviousResults> Previous;

  bool isAlreadyDone(const BenchmarkCode &Code) const {
    return Previous &&
           Previous->contains(Code.Key, getRepetitionMode(), MinInstructions);
  }
  unsigned getNumPrevious() const {
    return Previous ? Previous->getNumDocuments() : 0;
  }
};

/// A tool error in the middle of a run: the results file keeps what it
/// already holds (see ResultsFileWriter::abandon).
[[noreturn]] static void failRun(ResultsFileWriter &Writer, Error E) {
  Writer.abandon();
  ExitOnErr(std::move(E));
  llvm_unreachable("ExitOnErr returns only on success");
}

/// Opens the -benchmarks-file (stdout by default); with -resume, copies the
/// documents it holds into the new file first.
static ResultsOutput openResults(const LLVMState &State) {
  ResultsOutput Output;
  ResultsFileOptions Options;
  // A measured benchmark takes far longer than a sync (~2 ms); thousands
  // of generated or assembled ones a second do not.
  if (BenchmarkPhaseOpt != BenchmarkPhase::Measure)
    Options.MinSyncInterval = std::chrono::milliseconds(250);
  Output.Writer =
      ExitOnErr(ResultsFileWriter::create(getResultsPath(), Options, errs()));
  if (Resume) {
    Output.Previous = ExitOnErr(
        PreviousResults::read(State, BenchmarkFile, ModeOpt,
                              BenchmarkPhaseOpt == BenchmarkPhase::Measure));
    printSkippedEntries(Output.Previous->getSkipped(), errs());
    if (Output.Previous->getNumDocuments())
      if (Error E = Output.Writer->write(Output.Previous->getText()))
        failRun(*Output.Writer, std::move(E));
  }
  return Output;
}

/// One whole document per benchmark. In a results file, the repetition mode
/// goes before it as a comment, for -resume (see PreviousResults.h); stdout
/// stays upstream's bytes.
static Error writeBenchmark(ResultsFileWriter &Writer, const LLVMState &State,
                            const Benchmark &B) {
  std::string Document;
  raw_string_ostream OS(Document);
  if (Writer.writesRegularFile())
    OS << formatRepetitionModeComment(getRepetitionMode());
  if (Error E = writeBenchmarkYaml(B, State, OS))
    return E;
  return Writer.write(Document);
}

/// Ends an interrupted run: what completed stays, one line says where.
/// \p Total is how many benchmarks the whole run would have had.
[[noreturn]] static void exitInterrupted(ResultsFileWriter &Writer,
                                         size_t Total) {
  int Signal = getInterruptionSignal();
  Expected<std::string> Where = Writer.finishInterrupted();
  if (!Where) {
    WithColor::error(errs(), "llvm-exegesis")
        << toString(Where.takeError()) << "\n";
    Where = getResultsPath();
  }
  errs() << "llvm-exegesis: interrupted after " << Writer.getNumDocuments()
         << " of " << Total << " benchmarks; results so far in " << *Where
         << "\n";
  errs().flush();
  std::exit(128 + Signal);
}

static void finishRun(ResultsFileWriter &Writer) {
  if (Error E = Writer.finish())
    failRun(Writer, std::move(E));
}

/// The opcodes -opcode-name or -opcode-index ask for.
static Expected<std::vector<unsigned>>
getRequestedOpcodes(const LLVMState &State) {
  std::vector<unsigned> Opcodes;
  for (const std::string &Name : OpcodeNames) {
    std::optional<unsigned> Opcode = State.getOpcodeByName(Name);
    if (!Opcode)
      return createStringError(inconvertibleErrorCode(),
                               "-opcode-name: unknown opcode '" + Name +
                                   "' for target '" + State.getTriple().str() +
                                   "'");
    Opcodes.push_back(*Opcode);
  }
  if (!OpcodeNames.empty())
    return Opcodes;
  int NumOpcodes = State.getInstrInfo().getNumOpcodes();
  if (OpcodeIndex == -1) {
    for (int Opcode = 0; Opcode < NumOpcodes; ++Opcode)
      Opcodes.push_back(Opcode);
    return Opcodes;
  }
  if (OpcodeIndex < 0 || OpcodeIndex >= NumOpcodes)
    return createStringError(
        inconvertibleErrorCode(),
        "-opcode-index=" + Twine(OpcodeIndex) + " is out of range: target '" +
            State.getTriple().str() + "' has opcodes 0 to " +
            Twine(NumOpcodes - 1) + " (or -1 for every opcode)");
  Opcodes.push_back(OpcodeIndex);
  return Opcodes;
}

/// -mode=uops where the host has no per-port counters: each opcode's usage
/// of the port-map model's resources, written as uops results.
static void runUopsFromModel(const LLVMState &State, ArrayRef<unsigned> Opcodes,
                             SnippetGenerator &Generator,
                             HostSupportCheck *HostCheck) {
  std::unique_ptr<ModelUopsMeasurer> Measurer =
      ExitOnErr(ModelUopsMeasurer::create(State, getRunOptions(), PortMapFile));
  ExitOnErr(Measurer->prepare());
  ResultsOutput Output = openResults(State);
  ResultsFileWriter &Writer = *Output.Writer;
  const MCInstrInfo &InstrInfo = State.getInstrInfo();
  unsigned Failed = 0;
  for (size_t Index = 0; Index < Opcodes.size(); ++Index) {
    if (isInterrupted())
      exitInterrupted(Writer, Output.getNumPrevious() + Opcodes.size());
    unsigned Opcode = Opcodes[Index];
    StringRef Name = InstrInfo.getName(Opcode);
    // One opcode asked for by name fails the run as the counters' path
    // would; a sweep says why and goes on.
    auto Skip = [&](const Twine &Why) {
      if (Opcodes.size() == 1)
        failRun(Writer,
                createStringError(inconvertibleErrorCode(), Name + ": " + Why));
      errs() << Name << ": skipped, " << Why << "\n";
    };
    Expected<std::vector<BenchmarkCode>> Codes =
        Generator.generateConfigurations(Opcode);
    if (!Codes) {
      Skip(toString(Codes.takeError()));
      continue;
    }
    for (const BenchmarkCode &Code : *Codes) {
      if (Output.isAlreadyDone(Code))
        continue;
      if (HostCheck) {
        Expected<std::optional<HostRefusal>> Refusal =
            HostCheck->check(Code, Opcode);
        if (!Refusal)
          failRun(Writer, Refusal.takeError());
        if (*Refusal) {
          Skip((*Refusal)->Message);
          continue;
        }
      }
      if (MeasurementsPrintProgress)
        errs() << "uops from the port-map model: " << Name << " (" << Index + 1
               << " of " << Opcodes.size() << ")\n";
      Benchmark B = Measurer->run(Code);
      if (isInterrupted())
        exitInterrupted(Writer, Output.getNumPrevious() + Opcodes.size());
      Failed += !B.Error.empty();
      if (Error E = writeBenchmark(Writer, State, B))
        failRun(Writer, std::move(E));
    }
  }
  finishRun(Writer);
  if (Opcodes.size() > 1)
    errs() << "uops from the port-map model: " << Opcodes.size() << " opcodes, "
           << Failed << " with an error\n";
}

/// -opcode-name / -opcode-index: generate snippets for each opcode and run
/// them, writing results as they come.
static void runOpcodes(const LLVMState &State) {
  std::vector<unsigned> Opcodes = ExitOnErr(getRequestedOpcodes(State));
  BenchmarkRunOptions RunOptions = getRunOptions();
  bool Measures = BenchmarkPhaseOpt == BenchmarkPhase::Measure;
  std::unique_ptr<EncodingValidityCheck> Validity =
      ExitOnErr(EncodingValidityCheck::create(State));
  // In the measure phase, only what the host can run is run, which is found
  // by running it once; earlier phases generate for the target as asked.
  std::unique_ptr<HostSupportCheck> HostCheck;
  if (Measures && State.canExecuteOnHost())
    HostCheck = std::make_unique<HostSupportCheck>(
        State, *Validity, RunOptions.SubprocessTimeoutSeconds);
  SnippetGeneratorOptions GenOptions;
  GenOptions.Mode = ModeOpt;
  GenOptions.MaxConfigs = MaxConfigsPerOpcode;
  if (RandomGeneratorSeed != 0)
    GenOptions.RandomSeed = RandomGeneratorSeed;
  GenOptions.Reservations.DisableUpperSSERegisters =
      X86DisableUpperSSERegisters;
  GenOptions.Configurations.RISCVConfigFilter = RISCVFilterConfig;
  GenOptions.Configurations.RISCVEnumerateRoundingModes =
      RISCVEnumerateRoundingModes;
  GenOptions.Configurations.RISCVVLMaxOnly = RISCVVLMaxForVL;
  ExitOnErr(checkConfigurationOptions(GenOptions.Configurations));
  GenOptions.ReserveLoopCounter =
      RunOptions.Repetition != RepetitionMode::Duplicate &&
      RunOptions.Repetition != RepetitionMode::MiddleHalfDuplicate;
  GenOptions.Availability =
      HostCheck ? static_cast<InstructionAvailability *>(HostCheck.get())
                : Validity.get();
  std::unique_ptr<SnippetGenerator> Generator =
      createSnippetGenerator(State, GenOptions);
  BenchmarkRunner Runner(State, RunOptions);
  // A mode this host cannot measure in fails the run once, before anything
  // is generated or written, rather than skipping every opcode. Uops mode
  // without per-port counters answers from the port-map model, if named.
  if (ModeOpt == BenchmarkMode::Uops) {
    if (ExitOnErr(chooseUopsSource(Runner.prepareMeasurement(), PortMapFile)) ==
        UopsSource::PortMapModel)
      return runUopsFromModel(State, Opcodes, *Generator, HostCheck.get());
  } else {
    ExitOnErr(Runner.prepareMeasurement());
  }
  OpcodeSweepOptions SweepOptions;
  SweepOptions.Measures = Measures;
  SweepOptions.PrintProgress = MeasurementsPrintProgress;
  SweepOptions.MaxConfigsPerOpcode = MaxConfigsPerOpcode;
  SweepOptions.IgnoreInvalidSchedClass = IgnoreInvalidSchedClass;
  ResultsOutput Output = openResults(State);
  if (Output.Previous)
    SweepOptions.IsAlreadyDone = [&Output](const BenchmarkCode &Code) {
      return Output.isAlreadyDone(Code);
    };
  std::unique_ptr<OperandPairGenerator> PairGenerator;
  if (LatencyOperandPairs) {
    PairGenerator = std::make_unique<OperandPairGenerator>(State, GenOptions);
    SweepOptions.OperandPairs = PairGenerator.get();
  }
  OpcodeSweep Sweep(State, *Generator, Runner, HostCheck.get(), SweepOptions,
                    errs());
  if (Error E = Sweep.run(Opcodes, [&](const Benchmark &B) {
        return writeBenchmark(*Output.Writer, State, B);
      }))
    failRun(*Output.Writer, std::move(E));
  // M is the sweep's bound: exact for the opcodes looked at, the most
  // configurations each for the others.
  if (isInterrupted())
    exitInterrupted(*Output.Writer, Output.getNumPrevious() +
                                        Sweep.getMaxBenchmarks() -
                                        Sweep.getNumAlreadyDone());
  finishRun(*Output.Writer);
  if (OpcodeIndex == -1)
    Sweep.printSummary(errs());
  if (HostCheck && (OpcodeIndex == -1 || MeasurementsPrintProgress))
    HostCheck->printStatistics(errs());
  if (ExecutionModeOpt == ExecutionMode::SubProcess &&
      BenchmarkPhaseOpt == BenchmarkPhase::Measure &&
      (OpcodeIndex == -1 || MeasurementsPrintProgress))
    errs() << "benchmarking subprocesses: " << getNumForkedSubprocesses()
           << " forked\n";
  // The sweep went on past what would end a run of one benchmark.
  if (Sweep.getNumRunErrors())
    std::exit(1);
}

static void benchmarkMain() {
  ExitOnErr(checkOptions());
  std::unique_ptr<LLVMState> State =
      ExitOnErr(LLVMState::create(TripleName, MCPU, MAttr));
  if (AutoMapMemory)
    if (std::optional<std::string> Why = whyAutoMapUnsupported(*State))
      ExitOnErr(createStringError(inconvertibleErrorCode(), *Why));
  // Refused before anything is generated or written, not once per opcode.
  if (BenchmarkPhaseOpt == BenchmarkPhase::Measure)
    ExitOnErr(BenchmarkMeasurer::checkHostCanRun(*State));
  if (SnippetsFile.empty())
    return runOpcodes(*State);
  std::vector<BenchmarkCode> Codes = ExitOnErr(readSnippetsFile(*State));
  BenchmarkRunner Runner(*State, getRunOptions());
  ResultsOutput Output = openResults(*State);
  ResultsFileWriter &Writer = *Output.Writer;
  // An auto-mapped block's results hold the registers it started with.
  auto IsAlreadyDone = [&](const BenchmarkCode &Code) {
    if (!AutoMapMemory || !Code.InputError.empty())
      return Output.isAlreadyDone(Code);
    BenchmarkCode Prepared = Code;
    prepareAutoMappedBlock(*State, Prepared);
    return Output.isAlreadyDone(Prepared);
  };
  size_t Total = Output.getNumPrevious();
  for (const BenchmarkCode &Code : Codes)
    Total += !IsAlreadyDone(Code);
  bool SnippetEndedItsProcess = false;
  for (size_t Index = 0; Index < Codes.size(); ++Index) {
    const BenchmarkCode &Code = Codes[Index];
    if (isInterrupted())
      exitInterrupted(Writer, Total);
    if (IsAlreadyDone(Code))
      continue;
    Expected<Benchmark> Result = Runner.run(Code);
    if (isInterrupted()) {
      // The benchmark in flight was stopped: its result is no result.
      consumeError(Result.takeError());
      exitInterrupted(Writer, Total);
    }
    if (!Result) {
      Error E = Result.takeError();
      // A dataset goes on past a block that exited its subprocess by
      // itself, as a sweep does; the exit status says so at the end.
      if (Codes.size() == 1 || !E.isA<SnippetExitError>())
        failRun(Writer, std::move(E));
      errs() << "llvm-exegesis error: " << toString(std::move(E))
             << " (benchmark " << Index + 1 << " of " << Codes.size()
             << (Code.Info.empty() ? "" : ": ") << Code.Info << ")\n";
      SnippetEndedItsProcess = true;
      continue;
    }
    if (Error E = writeBenchmark(Writer, *State, *Result))
      failRun(Writer, std::move(E));
  }
  if (isInterrupted())
    exitInterrupted(Writer, Total);
  finishRun(Writer);
  if (SnippetEndedItsProcess)
    std::exit(1);
}

static void analysisMain() {
  AnalysisRunOptions Options;
  Options.BenchmarksFile = BenchmarkFile;
  Options.ClustersFile = AnalysisClustersOutputFile;
  Options.InconsistenciesFile = AnalysisInconsistenciesOutputFile;
  Options.ModelSummaryFile = AnalysisModelSummaryOutputFile;
  Options.Clustering.Mode = AnalysisClusteringOpt;
  Options.Clustering.Epsilon = AnalysisClusteringEpsilon;
  Options.Clustering.MinPoints = AnalysisNumPoints;
  Options.Report.InconsistencyEpsilon = AnalysisInconsistencyEpsilon;
  Options.Report.DisplayUnstableClusters = AnalysisDisplayUnstableOpcodes;
  Options.Filter = AnalysisFilterOpt;
  Options.OverrideTripleAndCpu = AnalysisOverrideBenchmarksTripleAndCpu;
  Options.TripleName = TripleName;
  Options.CpuName = MCPU;
  ExitOnErr(runAnalysis(Options));
}

static BenchmarkMode getBenchmarkMode() {
  switch (ToolModeOpt) {
  case ToolMode::Latency:
    return BenchmarkMode::Latency;
  case ToolMode::InverseThroughput:
    return BenchmarkMode::InverseThroughput;
  case ToolMode::Uops:
    return BenchmarkMode::Uops;
  case ToolMode::Analysis:
  case ToolMode::PortMap:
    return BenchmarkMode::Unknown;
  }
  llvm_unreachable("every mode is handled");
}

/// The candidates -opcode-name names, or those chosen for the host.
static std::vector<std::string> getPortMapCandidates(const LLVMState &State) {
  if (!OpcodeNames.empty()) {
    std::vector<unsigned> Opcodes = ExitOnErr(getRequestedOpcodes(State));
    std::vector<std::string> Names;
    for (unsigned Opcode : Opcodes)
      Names.push_back(State.getInstrInfo().getName(Opcode).str());
    return Names;
  }
  SnippetGeneratorOptions GenOptions;
  GenOptions.Mode = BenchmarkMode::InverseThroughput;
  GenOptions.ReserveLoopCounter = true;
  std::unique_ptr<EncodingValidityCheck> Validity =
      ExitOnErr(EncodingValidityCheck::create(State));
  HostSupportCheck HostCheck(State, *Validity, SubprocessTimeout);
  std::unique_ptr<SnippetGenerator> Generator =
      createSnippetGenerator(State, GenOptions);
  std::vector<BasicCandidate> Eligible =
      ExitOnErr(getBasicCandidates(State, *Generator));
  std::vector<unsigned> Chosen = chooseBasicCandidates(
      Eligible, HostCheck,
      [&](unsigned Opcode) -> std::optional<MCInst> {
        Expected<std::vector<BenchmarkCode>> Codes =
            Generator->generateConfigurations(Opcode);
        if (!Codes) {
          consumeError(Codes.takeError());
          return std::nullopt;
        }
        if (Codes->empty() || Codes->front().Key.Instructions.empty())
          return std::nullopt;
        return Codes->front().Key.Instructions.front();
      },
      PortMapCandidates);
  std::vector<std::string> Names;
  for (unsigned Opcode : Chosen)
    Names.push_back(State.getInstrInfo().getName(Opcode).str());
  return Names;
}

/// How the measurements of a model file were taken: a resumed run must
/// take them the same way.
static std::string getPortMapSettings() {
  BenchmarkRunOptions Options = getRunOptions();
  return (Twine("loop body ") +
          Twine(Options.LoopBodySize
                    ? Options.LoopBodySize
                    : HostKernelMeasurer::DefaultLoopBodySize) +
          ", min instructions " + Twine(Options.MinInstructions) + ", repeat " +
          Twine(Options.RepeatCount) + ", " +
          Twine(Options.TimeBasedWindowCycles) + "-cycle windows")
      .str();
}

/// -mode=port-map: the host's characterisation into -port-map-file,
/// resumed from the measurements the file holds.
static void portMapMain() {
  if (PortMapFile.empty())
    ExitOnErr(createStringError(
        inconvertibleErrorCode(),
        "-mode=port-map needs -port-map-file=FILE, the model file to write "
        "(or to resume)"));
  if (!SnippetsFile.empty() || OpcodeIndex.getNumOccurrences())
    ExitOnErr(createStringError(
        inconvertibleErrorCode(),
        "-mode=port-map chooses its instructions (or takes them from "
        "-opcode-name), not from -snippets-file or -opcode-index"));
  if (PortMapCandidates < 2 || PortMapCandidates > portmap::MaxInstructions)
    ExitOnErr(createStringError(inconvertibleErrorCode(),
                                "-port-map-candidates must be between 2 and " +
                                    Twine(portmap::MaxInstructions)));
  std::unique_ptr<LLVMState> State =
      ExitOnErr(LLVMState::create(TripleName, MCPU, MAttr));
  ExitOnErr(BenchmarkMeasurer::checkHostCanRun(*State));
  std::vector<std::string> Candidates = getPortMapCandidates(*State);
  if (Candidates.size() < 2 || Candidates.size() > portmap::MaxInstructions)
    ExitOnErr(createStringError(
        inconvertibleErrorCode(),
        "-mode=port-map needs 2 to " + Twine(portmap::MaxInstructions) +
            " candidate instructions, " + Twine(Candidates.size()) +
            (OpcodeNames.empty() ? " found for this host" : " given")));
  std::optional<PortMapModelFile> Previous;
  if (sys::fs::exists(PortMapFile))
    Previous = ExitOnErr(PortMapModelFile::read(PortMapFile));
  PortMapModelFile File = ExitOnErr(startOrResume(
      std::move(Previous), PortMapFile, State->getCpuName(),
      State->getTriple().str(), getPortMapSettings(), Candidates));
  HostKernelMeasurer Measurer(*State, getRunOptions());
  ExitOnErr(Measurer.prepare());
  std::vector<unsigned> Opcodes;
  for (const std::string &Name : Candidates)
    Opcodes.push_back(*State->getOpcodeByName(Name));
  errs() << "port-map: " << Candidates.size() << " candidates:";
  for (const std::string &Name : Candidates)
    errs() << " " << Name;
  errs() << "\n";
  auto Measure = [&](ArrayRef<portmap::KernelTerm> K) {
    return Measurer.measureKernel(Opcodes, K);
  };
  auto Save = [&]() { return File.write(PortMapFile); };
  MeasurementLog Log(File, Measure, Save, &errs(),
                     getNumSinglesAndPairs(Candidates.size()));
  portmap::InferenceOptions Options;
  if (Error E = inferIntoFile(File, Log, Options)) {
    if (isInterrupted()) {
      consumeError(std::move(E));
      errs() << "llvm-exegesis: interrupted after "
             << Log.getNumFromFile() + Log.getNumMeasured()
             << " kernels; the measurements so far are in " << PortMapFile
             << ": the same command resumes from them\n";
      errs().flush();
      std::exit(128 + getInterruptionSignal());
    }
    ExitOnErr(std::move(E));
  }
  ExitOnErr(nameResourcesAfterSchedModel(*State, File));
  ExitOnErr(File.write(PortMapFile));
  errs() << "port-map: " << File.Basic.size() << " basic instructions, "
         << File.Resources.size() << " resources, " << File.Notes.size()
         << " notes; " << Log.getNumMeasured() << " kernels measured, "
         << Log.getNumFromFile() << " from the file; model in " << PortMapFile
         << "\n";
}

static void printVersion(raw_ostream &OS) {
  OS << "exegesis " << EXEGESIS_VERSION
     << " (an independent llvm-exegesis), built with LLVM "
     << LLVM_VERSION_STRING << "\n";
}

/// As every LLVM tool: lit configurations read the list to decide which
/// `<arch>-registered-target` features they have.
static void printRegisteredTargets(raw_ostream &OS) {
  InitializeAllTargetInfos();
  TargetRegistry::printRegisteredTargetsForVersion(OS);
}

/// Every benchmark builds and frees an object of some hundred kilobytes.
/// With glibc's defaults those blocks are mmapped and unmapped each time,
/// and an opcode sweep spends half its time in page faults; keeping them in
/// the heap costs no peak memory.
static void keepLargeBlocksInHeap() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 32 << 20);
#endif
}

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  keepLargeBlocksInHeap();
  // After LLVM's own version lines, as other LLVM tools add theirs.
  cl::AddExtraVersionPrinter(printVersion);
  cl::AddExtraVersionPrinter(printRegisteredTargets);
  cl::HideUnrelatedOptions({&BenchmarkOptions, &AnalysisOptions});
  if (!cl::ParseCommandLineOptions(Argc, Argv,
                                   "llvm-exegesis: measures "
                                   "machine instructions\n",
                                   &errs()))
    return 1;
  if (!ToolModeOpt.getNumOccurrences())
    ExitOnErr(createStringError(inconvertibleErrorCode(), "-mode is required"));
  ModeOpt = getBenchmarkMode();
  if (ToolModeOpt == ToolMode::PortMap) {
    installInterruptionHandler();
    portMapMain();
  } else if (ToolModeOpt == ToolMode::Analysis) {
    if (Resume)
      ExitOnErr(createStringError(inconvertibleErrorCode(),
                                  "-resume applies to benchmarking, not to "
                                  "-mode=analysis"));
    analysisMain();
  } else {
    installInterruptionHandler();
    benchmarkMain();
  }
  return 0;
}
