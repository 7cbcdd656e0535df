//===-- Analysis.cpp --------------------------------------------*- C++ -*-===//

#include "Analysis/Analysis.h"
#include "Analysis/LogAxis.h"
#include "Analysis/ModelComparisonHtml.h"
#include "Analysis/ReportText.h"
#include "Core/LLVMState.h"
#include "Results/OperandPairKey.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace llvm {
namespace exegesis {

std::vector<ResolvedSchedClass>
resolveSchedClasses(const LLVMState &State, ArrayRef<Benchmark> Points) {
  std::vector<ResolvedSchedClass> Result;
  Result.reserve(Points.size());
  // Many benchmarks share an opcode and operands; resolving is cheap enough
  // that caching is not worth the complexity.
  for (const Benchmark &B : Points) {
    Result.push_back(B.Key.Instructions.empty()
                         ? ResolvedSchedClass()
                         : ResolvedSchedClass::resolve(
                               State.getSubtargetInfo(), State.getInstrInfo(),
                               B.Key.Instructions.front(),
                               &State.getRegInfo()));
    // A latency snippet of one instruction: its chains are in its
    // registers, and the model's latency is theirs (a memory form measured
    // through its register operand does not wait for its load).
    if (B.Mode == BenchmarkMode::Latency && B.Key.Instructions.size() == 1)
      Result.back().useChainsOf(B.Key.Instructions.front());
  }
  return Result;
}

Analysis::Analysis(const LLVMState &State, ArrayRef<Benchmark> Points,
                   std::vector<ResolvedSchedClass> SchedClasses,
                   const BenchmarkClustering &Clustering,
                   const AnalysisReportOptions &Options)
    : State(State), Points(Points), Clustering(Clustering), Options(Options),
      SchedClasses(std::move(SchedClasses)) {
  Context = std::make_unique<MCContext>(State.getTriple(), &State.getAsmInfo(),
                                        &State.getRegInfo(),
                                        &State.getSubtargetInfo());
  Disassembler.reset(State.getTarget().createMCDisassembler(
      State.getSubtargetInfo(), *Context));
  InstPrinter.reset(State.getTarget().createMCInstPrinter(
      State.getTriple(), State.getAsmInfo().getAssemblerDialect(),
      State.getAsmInfo(), State.getInstrInfo(), State.getRegInfo()));
  HasOperandPairs = any_of(Points, [](const Benchmark &B) {
    return withoutOperandPairs(B.Measurements).size() < B.Measurements.size();
  });
}

Analysis::~Analysis() = default;

std::string Analysis::getSnippetText(size_t Point) const {
  const Benchmark &B = Points[Point];
  std::string Text;
  raw_string_ostream OS(Text);
  ArrayRef<uint8_t> Bytes = B.AssembledSnippet;
  bool Disassembled = Disassembler && InstPrinter && !Bytes.empty();
  for (uint64_t Offset = 0; Disassembled && Offset < Bytes.size();) {
    MCInst MI;
    uint64_t Size = 0;
    if (Disassembler->getInstruction(MI, Size, Bytes.slice(Offset), Offset,
                                     nulls()) != MCDisassembler::Success ||
        Size == 0) {
      Disassembled = false;
      break;
    }
    std::string InstText;
    raw_string_ostream InstOS(InstText);
    InstPrinter->printInst(&MI, Offset, "", State.getSubtargetInfo(), InstOS);
    if (Offset)
      OS << "; ";
    OS << StringRef(InstText).trim();
    Offset += Size;
  }
  if (Disassembled)
    return Text;
  Text.clear();
  for (const MCInst &MI : B.Key.Instructions) {
    if (!Text.empty())
      OS << "; ";
    OS << State.getOpcodeName(MI.getOpcode());
  }
  return Text;
}

std::string Analysis::getInstructionLabelHtml(size_t Point) const {
  const Benchmark &B = Points[Point];
  ArrayRef<MCInst> Instructions = B.Key.Instructions;
  if (Instructions.empty())
    return "&lt;empty snippet&gt;";
  // Upstream's labels: a snippet repeating one opcode (uops, throughput)
  // says how often, `ADD64rr (x4)`; a mixed one names every instruction in
  // order, `ADD64rr &rarr; IMUL64rr`.
  unsigned First = Instructions.front().getOpcode();
  if (Instructions.size() > 1 && all_of(Instructions, [&](const MCInst &MI) {
        return MI.getOpcode() == First;
      }))
    return htmlEscaped(State.getOpcodeName(First)) + " (x" +
           std::to_string(Instructions.size()) + ")";
  std::string Label;
  for (const MCInst &MI : Instructions) {
    if (!Label.empty())
      Label += " &rarr; ";
    Label += htmlEscaped(State.getOpcodeName(MI.getOpcode()));
  }
  return Label;
}

BenchmarkMode Analysis::getMode() const {
  for (size_t P = 0; P < Points.size(); ++P)
    if (!Clustering.getClusterIdForPoint(P).isError())
      return Points[P].Mode;
  return BenchmarkMode::Unknown;
}

void Analysis::printClustersCsv(raw_ostream &OS) const {
  OS << "cluster_id,opcode_name,config,sched_class";
  for (const std::string &Key : Clustering.getMeasurementKeys()) {
    OS << ',';
    writeCsvField(OS, Key);
  }
  OS << '\n';
  for (const Cluster &C : Clustering.getValidClusters()) {
    for (size_t P : C.PointIndices) {
      OS << C.Id.getId() << ',';
      writeCsvField(OS, getSnippetText(P));
      OS << ',';
      writeCsvField(OS, Points[P].Key.Config);
      OS << ',';
      writeCsvField(OS, SchedClasses[P].getName());
      // The clustered keys; operand pairs, which differ from opcode to
      // opcode, are in the HTML report.
      for (const BenchmarkMeasure &M :
           withoutOperandPairs(Points[P].Measurements))
        OS << ',' << formatValue(M.PerInstructionValue);
      OS << '\n';
    }
    OS << "\n\n";
  }
}

Analysis::Statistics Analysis::getStatistics(ArrayRef<size_t> Indices) const {
  Statistics S;
  size_t NumKeys = Clustering.getMeasurementKeys().size();
  S.Mean.assign(NumKeys, 0);
  S.Min.assign(NumKeys, INFINITY);
  S.Max.assign(NumKeys, -INFINITY);
  for (size_t P : Indices)
    for (size_t K = 0; K < NumKeys && K < Points[P].Measurements.size(); ++K) {
      double V = Points[P].Measurements[K].PerInstructionValue;
      S.Mean[K] += V;
      S.Min[K] = std::min(S.Min[K], V);
      S.Max[K] = std::max(S.Max[K], V);
    }
  for (double &M : S.Mean)
    M /= std::max<size_t>(Indices.size(), 1);
  return S;
}

std::optional<double>
Analysis::getDistanceToModel(const ResolvedSchedClass &SC,
                             ArrayRef<double> Values) const {
  ArrayRef<std::string> Keys = Clustering.getMeasurementKeys();
  double Squared = 0;
  bool Any = false;
  for (size_t K = 0; K < Keys.size() && K < Values.size(); ++K)
    if (std::optional<double> Model = SC.getModelValue(getMode(), Keys[K])) {
      Squared += (Values[K] - *Model) * (Values[K] - *Model);
      Any = true;
    }
  if (!Any)
    return std::nullopt;
  return std::sqrt(Squared);
}

bool Analysis::isReported(ClusterId Id) const {
  return Id.isValid() && Id.isUnstable() == Options.DisplayUnstableClusters;
}

/// The benchmarks of one scheduling class, grouped by cluster.
struct Analysis::SchedClassReport {
  const ResolvedSchedClass *SC = nullptr;
  std::vector<std::pair<ClusterId, std::vector<size_t>>> Clusters;
};

std::vector<Analysis::SchedClassReport>
Analysis::getInconsistentSchedClasses() const {
  std::vector<SchedClassReport> Reports;
  std::map<unsigned, size_t> ReportOfClass;
  for (size_t P = 0; P < Points.size(); ++P) {
    ClusterId Id = Clustering.getClusterIdForPoint(P);
    if (!isReported(Id))
      continue;
    const ResolvedSchedClass &SC = SchedClasses[P];
    auto [It, New] =
        ReportOfClass.try_emplace(SC.getSchedClassId(), Reports.size());
    if (New) {
      Reports.emplace_back();
      Reports.back().SC = &SC;
    }
    SchedClassReport &R = Reports[It->second];
    auto Row =
        find_if(R.Clusters, [&](const auto &C) { return C.first == Id; });
    if (Row == R.Clusters.end())
      R.Clusters.push_back({Id, {P}});
    else
      Row->second.push_back(P);
  }
  // A class is reported, with all its clusters, when one of them is further
  // from the model than the inconsistency epsilon (or has nothing to compare
  // with): clusters of one class that each agree with the model are no
  // finding, whatever splits them.
  llvm::erase_if(Reports, [&](const SchedClassReport &R) {
    // Each cluster against its first benchmark's model: the latency of a
    // one-instruction snippet is that of the chain its registers carry,
    // which differs within a class (useChainsOf).
    return none_of(R.Clusters, [&](const auto &C) {
      std::optional<double> Distance = getDistanceToModel(
          SchedClasses[C.second.front()], getStatistics(C.second).Mean);
      return !Distance || *Distance > Options.InconsistencyEpsilon;
    });
  });
  return Reports;
}

static const char HtmlStyle[] = R"(
body { font-family: sans-serif; margin: 2em; color: #222; }
h1 span, .mono { font-family: monospace; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em 2em; }
th, td { border: 1px solid #888; padding: 4px 10px; vertical-align: top; }
th { background: #eee; }
ul { list-style-type: none; margin: 0; padding: 0; }
div.sched-class { margin-top: 2.5em; }
span.sched-class-name { font-weight: bold; font-family: monospace;
                       overflow-wrap: anywhere; }
td.measurement { text-align: center; }
tr.good-cluster td.measurement { color: #292; }
tr.bad-cluster td.measurement { color: #b22; }
span.minmax, span.model { color: #777; font-size: smaller; }
span.unstable { color: #b60; font-weight: bold; }
svg text { font-family: monospace; font-size: 11px; }
svg .axis { stroke: #bbb; stroke-width: 1; }
svg .axis.minor { stroke: #e4e4e4; }
svg .diagonal { stroke: #555; stroke-width: 1; }
svg .factor2 { stroke: #999; stroke-width: 1; stroke-dasharray: 4 3; }
svg .frame { fill: none; stroke: #888; }
svg circle.block { fill-opacity: 0.45; }
svg .ds0 { fill: #1f5fbf; } svg .ds1 { fill: #d0431f; }
svg .ds2 { fill: #2a9a3a; } svg .ds3 { fill: #8c3fb0; }
svg .ds4 { fill: #c08a00; } svg .ds5 { fill: #11858f; }
table.worst td.mono { font-size: smaller; overflow-wrap: anywhere; }
td.number { text-align: right; }
svg .range { stroke: #555; stroke-width: 1.5; }
svg .measured { fill: #1f5fbf; }
svg .model { fill: #e08a00; }
svg .bad text.label { fill: #b22; }
svg .good text.label { fill: #292; }
)";

void Analysis::printHtmlHeader(raw_ostream &OS) const {
  size_t NumValid = 0;
  for (const Cluster &C : Clustering.getValidClusters())
    NumValid += !C.PointIndices.empty();
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n"
     << "<title>llvm-exegesis analysis: ";
  writeHtmlEscaped(OS, State.getCpuName());
  OS << "</title>\n<style>" << HtmlStyle << "</style>\n</head>\n<body>\n"
     << "<h1><span>llvm-exegesis</span> analysis</h1>\n";
  // Triple, CPU and epsilon in upstream's words, which checks written
  // against its page look for.
  OS << "<h3>Triple: <span class=\"mono\">";
  writeHtmlEscaped(OS, State.getTriple().str());
  OS << "</span></h3>\n<h3>Cpu: <span class=\"mono\">";
  writeHtmlEscaped(OS, State.getCpuName());
  OS << "</span></h3>\n<h3>Epsilon: <span class=\"mono\">"
     << formatValue(Options.InconsistencyEpsilon) << "</span></h3>\n";
  OS << "<table class=\"summary\">\n<tr><th>Benchmarks</th><td>"
     << Points.size() << "</td></tr>\n<tr><th>Clusters</th><td>" << NumValid
     << "</td></tr>\n<tr><th>Noise</th><td>"
     << Clustering.getNoiseCluster().PointIndices.size()
     << "</td></tr>\n<tr><th>Failed benchmarks</th><td>"
     << Clustering.getErrorCluster().PointIndices.size()
     << "</td></tr>\n</table>\n";
}

/// The measurement key charted: the one a reader thinks of first for the
/// mode, else the first; none without keys.
static std::optional<size_t> getChartKey(ArrayRef<std::string> Keys) {
  for (StringRef Preferred : {"latency", "inverse_throughput", "NumMicroOps"})
    for (size_t K = 0; K < Keys.size(); ++K)
      if (Keys[K] == Preferred)
        return K;
  if (!Keys.empty())
    return 0;
  return std::nullopt;
}

/// One row of the chart: the benchmarks of one scheduling class in one
/// cluster the report covers.
struct Analysis::ChartRow {
  std::vector<size_t> Indices;
  /// The class's name, then which of its clusters; long names are cut
  /// short on the chart, never what follows them.
  std::string Name, Which;
  Statistics Stats;
  std::optional<double> Model, Distance;
};

std::vector<Analysis::ChartRow> Analysis::getChartRows() const {
  // One row per scheduling class and cluster the report covers, as the
  // report groups benchmarks: the rows are named by class and cluster, the
  // instructions being listed below, once. Noise points are alike in
  // nothing, and are listed apart.
  std::vector<ChartRow> Rows;
  std::map<std::pair<unsigned, size_t>, size_t> RowOf;
  for (size_t P = 0; P < Points.size(); ++P) {
    ClusterId Id = Clustering.getClusterIdForPoint(P);
    if (!isReported(Id))
      continue;
    auto [It, New] = RowOf.try_emplace(
        {SchedClasses[P].getSchedClassId(), Id.getId()}, Rows.size());
    if (New)
      Rows.emplace_back();
    Rows[It->second].Indices.push_back(P);
  }
  // Classes of one name (a model may give several the same) are told apart
  // by their number in the model.
  std::map<std::string, std::set<unsigned>> ClassesNamed;
  for (const ChartRow &R : Rows) {
    const ResolvedSchedClass &SC = SchedClasses[R.Indices.front()];
    ClassesNamed[SC.getName().str()].insert(SC.getSchedClassId());
  }
  for (ChartRow &R : Rows) {
    const ResolvedSchedClass &SC = SchedClasses[R.Indices.front()];
    ClusterId Id = Clustering.getClusterIdForPoint(R.Indices.front());
    R.Name = SC.getName().str();
    if (ClassesNamed[R.Name].size() > 1)
      R.Which = " (sched class " + std::to_string(SC.getSchedClassId()) + ")";
    R.Which += ", cluster " + std::to_string(Id.getId()) +
               (Id.isUnstable() ? " (unstable)" : "");
  }
  return Rows;
}

LogAxis Analysis::measureChartRows(std::vector<ChartRow> &Rows,
                                   size_t ChartKey) const {
  ArrayRef<std::string> Keys = Clustering.getMeasurementKeys();
  BenchmarkMode Mode = getMode();
  LogAxis Axis;
  for (ChartRow &R : Rows) {
    R.Stats = getStatistics(R.Indices);
    const ResolvedSchedClass &SC = SchedClasses[R.Indices.front()];
    R.Model = SC.getModelValue(Mode, Keys[ChartKey]);
    R.Distance = getDistanceToModel(SC, R.Stats.Mean);
    Axis.include(R.Stats.Min[ChartKey]);
    Axis.include(R.Stats.Max[ChartKey]);
    Axis.include(R.Model.value_or(0));
  }
  // Largest disagreement first; instructions the model knows nothing about
  // last.
  llvm::stable_sort(Rows, [](const ChartRow &A, const ChartRow &B) {
    if (A.Distance.has_value() != B.Distance.has_value())
      return A.Distance.has_value();
    return A.Distance.value_or(0) > B.Distance.value_or(0);
  });
  return Axis;
}

/// The chart's geometry, in pixels: the labels, the plot and the distances
/// side by side, one row under the other.
static constexpr unsigned ChartLabelWidth = 300, ChartPlotWidth = 520,
                          ChartDistWidth = 110;
static constexpr unsigned ChartRowHeight = 18, ChartTop = 28, ChartBottom = 8;
static constexpr unsigned ChartWidth =
    ChartLabelWidth + ChartPlotWidth + ChartDistWidth;

/// Where \p Value lies across the chart.
static double getChartX(const LogAxis &Axis, double Value) {
  return ChartLabelWidth + ChartPlotWidth * Axis.position(Value);
}

/// The legend, and the chart's opening with the axis lines and labels.
static void printChartFrame(raw_ostream &OS, const LogAxis &Axis,
                            size_t NumRows) {
  OS << "<p>One row per scheduling class and cluster of the report below, "
        "sorted by distance between the mean measurement and the model (all "
        "measured keys). <svg width=\"10\" "
        "height=\"10\"><circle class=\"measured\" cx=\"5\" cy=\"5\" "
        "r=\"4\"/></svg> measured mean, with the [min; max] range; <svg "
        "width=\"10\" height=\"10\"><path class=\"model\" d=\"M5 0 L10 5 L5 "
        "10 L0 5 Z\"/></svg> model; log scale, values of 0 at its left "
        "end.</p>\n";
  const unsigned Height = ChartTop + ChartRowHeight * NumRows + ChartBottom;
  OS << "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\""
     << ChartWidth << "\" height=\"" << Height << "\" viewBox=\"0 0 "
     << ChartWidth << ' ' << Height << "\">\n";
  for (const LogAxis::Tick &T : Axis.getTicks()) {
    OS << formatv("<line class=\"{3}\" x1=\"{0:F1}\" y1=\"{1}\" "
                  "x2=\"{0:F1}\" y2=\"{2}\"/>",
                  getChartX(Axis, T.Value), ChartTop - 6, Height - ChartBottom,
                  T.Decade ? "axis" : "axis minor");
    if (T.Labelled)
      OS << formatv("<text x=\"{0:F1}\" y=\"{1}\" "
                    "text-anchor=\"middle\">{2}</text>",
                    getChartX(Axis, T.Value), ChartTop - 10,
                    format("%g", T.Value));
    OS << "\n";
  }
  OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\">distance"
                "</text>\n",
                ChartWidth - 4, ChartTop - 10);
}

void Analysis::printChartRow(raw_ostream &OS, const ChartRow &R, size_t I,
                             const LogAxis &Axis, size_t ChartKey) const {
  auto X = [&](double V) { return getChartX(Axis, V); };
  double Y = ChartTop + ChartRowHeight * I + ChartRowHeight / 2.0;
  bool Bad = !R.Distance || *R.Distance > Options.InconsistencyEpsilon;
  size_t K = ChartKey;
  OS << "<g class=\"" << (Bad ? "bad" : "good") << "\"><title>";
  writeHtmlEscaped(OS, R.Name + R.Which);
  OS << ": measured " << formatValue(R.Stats.Mean[K]) << " ["
     << formatValue(R.Stats.Min[K]) << "; " << formatValue(R.Stats.Max[K])
     << "] over " << R.Indices.size() << " benchmark(s), model "
     << (R.Model ? formatValue(*R.Model) : std::string("n/a")) << "</title>\n";
  OS << formatv("<text class=\"label\" x=\"{0}\" y=\"{1:F1}\" "
                "text-anchor=\"end\">",
                ChartLabelWidth - 8, Y + 4);
  // Long class names (those named after their opcodes) are cut short.
  const size_t MaxName = R.Which.size() < 32 ? 44 - R.Which.size() : 12;
  writeHtmlEscaped(OS, (R.Name.size() <= MaxName
                            ? R.Name
                            : R.Name.substr(0, MaxName - 1) + "~") +
                           R.Which);
  OS << "</text>";
  OS << formatv("<line class=\"range\" x1=\"{0:F1}\" y1=\"{2:F1}\" "
                "x2=\"{1:F1}\" y2=\"{2:F1}\"/>",
                X(R.Stats.Min[K]), X(R.Stats.Max[K]), Y);
  if (R.Model)
    OS << formatv("<path class=\"model\" d=\"M{0:F1} {1:F1} l5 5 l-5 5 "
                  "l-5 -5 Z\"/>",
                  X(*R.Model), Y - 5);
  OS << formatv("<circle class=\"measured\" cx=\"{0:F1}\" cy=\"{1:F1}\" "
                "r=\"4\"/>",
                X(R.Stats.Mean[K]), Y);
  OS << formatv("<text x=\"{0}\" y=\"{1:F1}\" text-anchor=\"end\">{2}"
                "</text>",
                ChartWidth - 4, Y + 4,
                R.Distance ? formatValue(*R.Distance) : std::string("n/a"));
  OS << "</g>\n";
}

void Analysis::printChart(raw_ostream &OS) const {
  ArrayRef<std::string> Keys = Clustering.getMeasurementKeys();
  std::optional<size_t> ChartKey = getChartKey(Keys);
  std::vector<ChartRow> Rows = getChartRows();
  OS << "<h2>Measured vs. model";
  if (ChartKey) {
    OS << ": ";
    writeHtmlEscaped(OS, Keys[*ChartKey]);
  }
  OS << "</h2>\n";
  if (Rows.empty() || !ChartKey) {
    OS << "<p>No successful benchmark to chart.</p>\n";
    return;
  }
  LogAxis Axis = measureChartRows(Rows, *ChartKey);
  printChartFrame(OS, Axis, Rows.size());
  for (size_t I = 0; I < Rows.size(); ++I)
    printChartRow(OS, Rows[I], I, Axis, *ChartKey);
  OS << "</svg>\n";
}

void Analysis::printModelTable(raw_ostream &OS,
                               const ResolvedSchedClass &SC) const {
  // Upstream's headers and marks (a check and a cross).
  auto Mark = [](bool Yes) { return Yes ? "&#10004;" : "&#10005;"; };
  OS << "<table class=\"sched-class-desc\">\n<tr><th>Valid</th><th>Variant"
        "</th><th>NumMicroOps</th><th>Latency</th><th>RThroughput</th>"
        "<th>WriteProcRes</th><th title=\"each resource group's cycles "
        "spread over its ports so that the busiest port is as little busy as "
        "possible\">Idealized Resource Pressure</th></tr>\n<tr><td>"
     << Mark(SC.isValid()) << "</td><td>" << Mark(SC.wasVariant()) << "</td>";
  if (!SC.isValid()) {
    OS << "<td colspan=\"5\">the model has no data for this class</td></tr>"
          "\n</table>\n";
    return;
  }
  OS << "<td>" << SC.getNumMicroOps() << "</td><td>" << SC.getLatency()
     << "</td><td>" << formatValue(SC.getReciprocalThroughput())
     << "</td><td><ul>";
  for (const ProcResourceUse &Use : SC.getWriteProcResources()) {
    OS << "<li><span class=\"mono\">";
    writeHtmlEscaped(OS, SC.getProcResourceName(Use.ProcResIdx));
    OS << "</span>: " << formatCycles(Use.Cycles) << "</li>";
  }
  OS << "</ul></td><td><ul>";
  for (const ProcResourceUse &Use : SC.getIdealizedPortPressure()) {
    OS << "<li><span class=\"mono\">";
    writeHtmlEscaped(OS, SC.getProcResourceName(Use.ProcResIdx));
    OS << "</span>: " << formatValue(Use.Cycles) << "</li>";
  }
  OS << "</ul></td></tr>\n</table>\n";
}

void Analysis::printInstructionList(raw_ostream &OS,
                                    ArrayRef<size_t> Indices) const {
  // One entry per benchmark, as upstream lists them: how many of a cluster's
  // benchmarks an instruction has is part of what the row says.
  OS << "<ul>";
  for (size_t P : Indices)
    OS << "<li><span class=\"mono\" title=\"" << htmlEscaped(getSnippetText(P))
       << "\">" << getInstructionLabelHtml(P) << "</span> <span class=\"mono\">"
       << htmlEscaped(Points[P].Key.Config) << "</span></li>";
  OS << "</ul>";
}

void Analysis::printMeasurementCells(raw_ostream &OS,
                                     const ResolvedSchedClass &SC,
                                     ArrayRef<size_t> Indices,
                                     bool WithRange) const {
  ArrayRef<std::string> Keys = Clustering.getMeasurementKeys();
  BenchmarkMode Mode = getMode();
  Statistics S = getStatistics(Indices);
  for (size_t K = 0; K < Keys.size(); ++K) {
    std::optional<double> Model = SC.getModelValue(Mode, Keys[K]);
    OS << "<td class=\"measurement\">" << formatValue(S.Mean[K]);
    if (WithRange)
      OS << "<br><span class=\"minmax\">[" << formatValue(S.Min[K]) << ";"
         << formatValue(S.Max[K]) << "]</span>";
    OS << "<br><span class=\"model\">"
       << "model: " << (Model ? formatValue(*Model) : std::string("n/a"))
       << "</span></td>";
  }
}

void Analysis::printClusterTableHeader(raw_ostream &OS,
                                       bool WithSchedClass) const {
  OS << "<table class=\"sched-class-clusters\">\n<tr><th>ClusterId</th>"
        "<th>Opcode/Config</th>";
  if (WithSchedClass)
    OS << "<th>Sched Class</th>";
  const MCSchedModel &SM = State.getSubtargetInfo().getSchedModel();
  const bool Uops = getMode() == BenchmarkMode::Uops;
  for (const std::string &Key : Clustering.getMeasurementKeys()) {
    OS << "<th>";
    writeHtmlEscaped(OS, Key);
    // An older file's resource index: the name says more.
    if (Uops)
      if (std::optional<unsigned> Idx = findProcResourceOfKey(SM, Key))
        if (Key != SM.getProcResource(*Idx)->Name) {
          OS << " (";
          writeHtmlEscaped(OS, SM.getProcResource(*Idx)->Name);
          OS << ")";
        }
    OS << "</th>";
  }
  if (HasOperandPairs)
    OS << "<th title=\"-latency-operand-pairs: the latency from each input "
          "operand to each output operand\">operand pairs</th>";
  OS << "</tr>\n";
}

void Analysis::printOperandPairCell(raw_ostream &OS,
                                    ArrayRef<size_t> Indices) const {
  if (!HasOperandPairs)
    return;
  OS << "<td class=\"operand-pairs\"><ul>";
  for (size_t P : Indices) {
    ArrayRef<BenchmarkMeasure> All = Points[P].Measurements;
    ArrayRef<BenchmarkMeasure> Pairs =
        All.drop_front(withoutOperandPairs(All).size());
    if (Pairs.empty())
      continue;
    OS << "<li>" << getInstructionLabelHtml(P) << ":<ul>";
    for (const BenchmarkMeasure &M : Pairs) {
      OS << "<li><span class=\"mono\">";
      writeHtmlEscaped(OS, getOperandPairName(M.Key).value_or(M.Key));
      std::optional<double> Model =
          SchedClasses[P].getModelValue(BenchmarkMode::Latency, M.Key);
      OS << "</span> " << formatValue(M.PerInstructionValue)
         << " <span class=\"model\">model: "
         << (Model ? formatValue(*Model) : std::string("n/a"))
         << "</span></li>";
    }
    OS << "</ul></li>";
  }
  OS << "</ul></td>";
}

bool Analysis::agreesWithModel(const ResolvedSchedClass &SC,
                               ArrayRef<size_t> Indices) const {
  std::optional<double> Distance =
      getDistanceToModel(SC, getStatistics(Indices).Mean);
  return Distance && *Distance <= Options.InconsistencyEpsilon;
}

void Analysis::printSchedClassReport(raw_ostream &OS,
                                     const SchedClassReport &R) const {
  // Upstream's sentence for a class that disagrees with the model, which
  // checks count.
  OS << "<div class=\"sched-class\">\n<p>Sched Class <span "
        "class=\"sched-class-name\">";
  writeHtmlEscaped(OS, R.SC->getName());
  OS << "</span> contains instructions whose performance characteristics do "
        "not match that of LLVM:</p>\n";
  printClusterTableHeader(OS, /*WithSchedClass=*/false);
  for (const auto &[Id, Indices] : R.Clusters) {
    const ResolvedSchedClass &SC = SchedClasses[Indices.front()];
    OS << "<tr class=\""
       << (agreesWithModel(SC, Indices) ? "good-cluster" : "bad-cluster")
       << "\"><td>" << Id.getId();
    if (Id.isUnstable())
      OS << " <span class=\"unstable\" title=\"its points are not alike\">"
            "unstable</span>";
    OS << "</td><td>";
    printInstructionList(OS, Indices);
    OS << "</td>";
    printMeasurementCells(OS, SC, Indices, /*WithRange=*/true);
    printOperandPairCell(OS, Indices);
    OS << "</tr>\n";
  }
  OS << "</table>\n<p>llvm SchedModel data:</p>\n";
  printModelTable(OS, *R.SC);
  OS << "</div>\n";
}

void Analysis::printNoiseReport(raw_ostream &OS) const {
  ArrayRef<size_t> Noise = Clustering.getNoiseCluster().PointIndices;
  if (Noise.empty())
    return;
  // Upstream's heading, words and count, which checks look for. Noise points
  // have no cluster to be consistent with: each is listed with the model of
  // its own class, whatever the model says.
  OS << "<h2>Noise: benchmarks with too few neighbours for a cluster ("
     << Noise.size() << ")</h2>\n<div class=\"sched-class\">\n<p>[noise] "
     << "Cluster (" << Noise.size() << " points)</p>\n";
  printClusterTableHeader(OS, /*WithSchedClass=*/true);
  for (size_t P : Noise) {
    const ResolvedSchedClass &SC = SchedClasses[P];
    OS << "<tr class=\""
       << (agreesWithModel(SC, P) ? "good-cluster" : "bad-cluster")
       << "\"><td>[noise]</td><td>";
    printInstructionList(OS, P);
    OS << "</td><td><span class=\"sched-class-name\">";
    writeHtmlEscaped(OS, SC.getName());
    OS << "</span></td>";
    printMeasurementCells(OS, SC, P, /*WithRange=*/false);
    printOperandPairCell(OS, P);
    OS << "</tr>\n";
  }
  OS << "</table>\n</div>\n";
}

void Analysis::printInconsistenciesHtml(raw_ostream &OS) const {
  printHtmlHeader(OS);
  printChart(OS);
  if (Comparison && !Comparison->empty())
    printModelComparisonHtml(OS, *Comparison);
  std::vector<SchedClassReport> Reports = getInconsistentSchedClasses();
  OS << "<h2>Sched classes inconsistent with the model (" << Reports.size()
     << ")</h2>\n";
  // Upstream's choice, by -analysis-display-unstable-clusters: the stable
  // clusters, or the unstable ones only.
  size_t NumUnstable = 0, NumUnstablePoints = 0;
  for (const Cluster &C : Clustering.getValidClusters())
    if (C.Id.isUnstable() && !C.PointIndices.empty()) {
      ++NumUnstable;
      NumUnstablePoints += C.PointIndices.size();
    }
  // Unstable: an (opcode, config) split over clusters (DBSCAN), or a point
  // far from its cluster's centroid (naive).
  if (Options.DisplayUnstableClusters)
    OS << "<p>Unstable clusters only (" << NumUnstable
       << "): clusters whose benchmarks are not alike.</p>\n";
  else if (NumUnstable)
    OS << "<p>" << NumUnstablePoints << " benchmark(s) in " << NumUnstable
       << " unstable cluster(s) left out, their benchmarks not alike "
          "(-analysis-display-unstable-clusters shows them instead).</p>\n";
  if (Reports.empty()) {
    if (Clustering.getMeasurementKeys().empty())
      OS << "<p>No successful benchmark to compare with the model.</p>\n";
    else
      OS << "<p>Every "
         << (Options.DisplayUnstableClusters ? "unstable "
             : NumUnstable                   ? "stable "
                                             : "")
         << "cluster agrees with the scheduling model.</p>\n";
  }
  for (const SchedClassReport &R : Reports)
    printSchedClassReport(OS, R);
  printNoiseReport(OS);
  OS << "</body>\n</html>\n";
}

} // namespace exegesis
} // namespace llvm
