//===-- AnalysisRunner.cpp --------------------------------------*- C++ -*-===//

#include "Analysis/AnalysisRunner.h"
#include "Analysis/ModelComparison.h"
#include "Analysis/SchedClassResolution.h"
#include "Core/LLVMState.h"
#include "Results/BenchmarkResult.h"
#include "Support/OutputFile.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace llvm {
namespace exegesis {

static Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

Expected<BenchmarksTarget> readBenchmarksTarget(MemoryBufferRef Buffer) {
  Expected<std::vector<BenchmarkTarget>> DocumentsOrErr =
      readBenchmarkTargets(Buffer);
  if (!DocumentsOrErr)
    return DocumentsOrErr.takeError();
  const std::vector<BenchmarkTarget> &Documents = *DocumentsOrErr;
  if (Documents.empty())
    return makeError("'" + Buffer.getBufferIdentifier() +
                     "' contains no benchmarks");
  const BenchmarkTarget &First = Documents.front();
  for (size_t I = 1; I < Documents.size(); ++I) {
    const BenchmarkTarget &D = Documents[I];
    if (D.LLVMTriple == First.LLVMTriple && D.CpuName == First.CpuName)
      continue;
    return makeError(formatv("'{0}' mixes targets: benchmark #1 is for {1} "
                             "(cpu '{2}') but benchmark #{3} is for {4} (cpu "
                             "'{5}'); analyse one CPU at a time",
                             Buffer.getBufferIdentifier(), First.LLVMTriple,
                             First.CpuName, I + 1, D.LLVMTriple, D.CpuName)
                         .str());
  }
  return BenchmarksTarget{First.LLVMTriple, First.CpuName};
}

bool hasMemoryOperand(const LLVMState &State, const Benchmark &B) {
  for (const MCInst &MI : B.Key.Instructions) {
    const MCInstrDesc &Desc = State.getInstrInfo().get(MI.getOpcode());
    for (const MCOperandInfo &Op : Desc.operands())
      if (Op.OperandType == MCOI::OPERAND_MEMORY)
        return true;
  }
  return false;
}

static Error writeOutput(StringRef Path, StringRef Content) {
  return writeOutputFile(Path, [&](raw_ostream &OS) {
    OS << Content;
    return Error::success();
  });
}

Expected<AnalysisReports> analyseBenchmarks(const LLVMState &State,
                                            MemoryBufferRef Buffer,
                                            const AnalysisRunOptions &Options,
                                            raw_ostream &Warnings) {
  // Results files outlive LLVM releases: an entry naming an opcode renamed
  // since costs that entry, not the analysis of the others.
  std::vector<SkippedBenchmarkEntry> Skipped;
  Expected<std::vector<Benchmark>> AllPoints =
      readBenchmarkYamls(State, Buffer, &Skipped);
  if (!AllPoints)
    return AllPoints.takeError();
  printSkippedEntries(Skipped, Warnings);
  if (AllPoints->empty() && !Skipped.empty())
    return makeError("'" + Options.BenchmarksFile +
                     "': every benchmark entry was skipped, none is left to "
                     "analyse");

  std::vector<Benchmark> Points;
  for (Benchmark &B : *AllPoints) {
    bool Mem = hasMemoryOperand(State, B);
    if (Options.Filter == BenchmarkFilter::All ||
        (Options.Filter == BenchmarkFilter::MemOnly) == Mem)
      Points.push_back(std::move(B));
  }
  std::vector<ResolvedSchedClass> SchedClasses =
      resolveSchedClasses(State, Points);
  std::vector<unsigned> SchedClassIds;
  for (const ResolvedSchedClass &SC : SchedClasses)
    SchedClassIds.push_back(SC.getSchedClassId());
  Expected<BenchmarkClustering> Clustering =
      BenchmarkClustering::create(Points, Options.Clustering, SchedClassIds);
  if (!Clustering)
    return makeError("'" + Options.BenchmarksFile +
                     "': " + toString(Clustering.takeError()));
  Analysis A(State, Points, std::move(SchedClasses), *Clustering,
             Options.Report);
  // Only the reports that show it pay for the model's predictions.
  ModelComparison Comparison;
  if (!Options.ModelSummaryFile.empty() || !Options.InconsistenciesFile.empty())
    Comparison = compareWithModel(State, Points, Options.BenchmarksFile);
  A.setModelComparison(&Comparison);

  AnalysisReports Reports;
  raw_string_ostream CsvOS(Reports.ClustersCsv),
      HtmlOS(Reports.InconsistenciesHtml), SummaryOS(Reports.ModelSummary);
  if (!Options.ClustersFile.empty())
    A.printClustersCsv(CsvOS);
  if (!Options.InconsistenciesFile.empty())
    A.printInconsistenciesHtml(HtmlOS);
  if (!Options.ModelSummaryFile.empty())
    printModelComparison(SummaryOS, Comparison);
  return Reports;
}

Error runAnalysis(const AnalysisRunOptions &Options) {
  if (Options.ClustersFile.empty() && Options.InconsistenciesFile.empty() &&
      Options.ModelSummaryFile.empty())
    return makeError("-mode=analysis needs -analysis-clusters-output-file "
                     "and/or -analysis-inconsistencies-output-file (or "
                     "-analysis-model-summary-output-file)");
  if (!(Options.Clustering.Epsilon >= 0))
    return makeError("-analysis-clustering-epsilon must be a non-negative "
                     "distance");
  if (!(Options.Report.InconsistencyEpsilon >= 0))
    return makeError("-analysis-inconsistency-epsilon must be a non-negative "
                     "distance");
  if (Options.BenchmarksFile.empty())
    return makeError("-mode=analysis needs -benchmarks-file (the results to "
                     "analyse; '-' for stdin)");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileOrSTDIN(Options.BenchmarksFile, /*IsText=*/true);
  if (!Buffer)
    return makeError("cannot read '" + Options.BenchmarksFile +
                     "': " + Buffer.getError().message());
  Expected<BenchmarksTarget> Target =
      readBenchmarksTarget((*Buffer)->getMemBufferRef());
  if (!Target)
    return Target.takeError();
  Expected<std::unique_ptr<LLVMState>> State =
      Options.OverrideTripleAndCpu
          ? LLVMState::create(Options.TripleName, Options.CpuName)
          : LLVMState::create(Target->Triple, Target->CpuName);
  if (!State) {
    if (Options.OverrideTripleAndCpu)
      return State.takeError();
    return makeError("'" + Options.BenchmarksFile +
                     "': " + toString(State.takeError()) +
                     " (-analysis-override-benchmark-triple-and-cpu with "
                     "-mtriple/-mcpu analyses for another target)");
  }
  Expected<AnalysisReports> Reports =
      analyseBenchmarks(**State, (*Buffer)->getMemBufferRef(), Options, errs());
  if (!Reports)
    return Reports.takeError();
  // Both reports are built before either is written: an error leaves no
  // output behind.
  const std::string &Csv = Reports->ClustersCsv;
  const std::string &Html = Reports->InconsistenciesHtml;
  if (!Options.ClustersFile.empty())
    if (Error E = writeOutput(Options.ClustersFile, Csv))
      return E;
  if (!Options.InconsistenciesFile.empty())
    if (Error E = writeOutput(Options.InconsistenciesFile, Html))
      return E;
  if (!Options.ModelSummaryFile.empty())
    if (Error E = writeOutput(Options.ModelSummaryFile, Reports->ModelSummary))
      return E;
  return Error::success();
}

} // namespace exegesis
} // namespace llvm
