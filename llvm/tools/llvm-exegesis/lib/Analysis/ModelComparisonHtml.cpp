//===-- Analysis/ModelComparisonHtml.cpp ------------------------*- C++ -*-===//

#include "Analysis/ModelComparisonHtml.h"
#include "Analysis/LogAxis.h"
#include "Analysis/ReportText.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {

/// How many of a dataset's worst blocks the page lists.
static constexpr size_t NumWorstBlocksShown = 10;

/// Each block measured against predicted, on log scales, with the diagonal
/// and a factor of two either side.
static void printScatterPlot(raw_ostream &OS,
                             const ModelComparison &Comparison) {
  LogAxis Axis;
  size_t NumBlocks = 0;
  for (const DatasetComparison &D : Comparison.Datasets)
    for (const ComparedBlock &B : D.Blocks) {
      Axis.include(B.Measured);
      Axis.include(B.Predicted);
      ++NumBlocks;
    }
  if (!NumBlocks)
    return;
  OS << "<p>Each block measured (up) against predicted (across), on log "
        "scales: on the solid line the model is right, between the dashed "
        "ones within a factor of two.";
  if (Comparison.Datasets.size() > 1)
    for (auto [Index, D] : enumerate(Comparison.Datasets)) {
      OS << formatv(" <svg width=\"10\" height=\"10\"><circle "
                    "class=\"ds{0}\" cx=\"5\" cy=\"5\" r=\"4\"/></svg> ",
                    Index % 6);
      writeHtmlEscaped(OS, D.Name);
      OS << (Index + 1 < Comparison.Datasets.size() ? ";" : ".");
    }
  OS << "</p>\n";
  const unsigned Left = 64, Right = 16, Top = 12, Bottom = 44, Side = 560;
  const unsigned Width = Left + Side + Right, Height = Top + Side + Bottom;
  auto X = [&](double V) { return Left + Side * Axis.position(V); };
  auto Y = [&](double V) { return Top + Side * (1 - Axis.position(V)); };
  OS << "<svg class=\"scatter\" xmlns=\"http://www.w3.org/2000/svg\" width=\""
     << Width << "\" height=\"" << Height << "\" viewBox=\"0 0 " << Width << ' '
     << Height << "\">\n";
  for (const LogAxis::Tick &T : Axis.getTicks()) {
    const char *Class = T.Decade ? "axis" : "axis minor";
    OS << formatv("<line class=\"{0}\" x1=\"{1:F1}\" y1=\"{2}\" "
                  "x2=\"{1:F1}\" y2=\"{3}\"/>",
                  Class, X(T.Value), Top, Top + Side)
       << formatv("<line class=\"{0}\" x1=\"{1}\" y1=\"{2:F1}\" "
                  "x2=\"{3}\" y2=\"{2:F1}\"/>",
                  Class, Left, Y(T.Value), Left + Side);
    if (T.Labelled)
      OS << formatv("<text x=\"{0:F1}\" y=\"{1}\" text-anchor=\"middle\">"
                    "{2}</text><text x=\"{3}\" y=\"{4:F1}\" "
                    "text-anchor=\"end\">{2}</text>",
                    X(T.Value), Top + Side + 14, format("%g", T.Value),
                    Left - 6, Y(T.Value) + 4);
    OS << "\n";
  }
  // The diagonal and a factor of two either side, clipped to the frame.
  double Lo = Axis.getTicks().front().Value, Hi = Axis.getTicks().back().Value;
  for (auto [Factor, Class] :
       {std::pair{1.0, "diagonal"}, {2.0, "factor2"}, {0.5, "factor2"}}) {
    double From = std::max(Lo, Lo / Factor), To = std::min(Hi, Hi / Factor);
    OS << formatv("<line class=\"{0}\" x1=\"{1:F1}\" y1=\"{2:F1}\" "
                  "x2=\"{3:F1}\" y2=\"{4:F1}\"/>\n",
                  Class, X(From), Y(From * Factor), X(To), Y(To * Factor));
  }
  OS << formatv("<rect class=\"frame\" x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                "height=\"{2}\"/>\n",
                Left, Top, Side);
  OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\">predicted "
                "cycles per iteration</text>\n",
                Left + Side / 2, Height - 8)
     << formatv("<text transform=\"translate(14 {0}) rotate(-90)\" "
                "text-anchor=\"middle\">measured cycles per iteration"
                "</text>\n",
                Top + Side / 2);
  for (auto [Index, D] : enumerate(Comparison.Datasets))
    for (const ComparedBlock &B : D.Blocks) {
      OS << formatv("<circle class=\"block ds{0}\" cx=\"{1:F1}\" "
                    "cy=\"{2:F1}\" r=\"2.5\"><title>",
                    Index % 6, X(B.Predicted), Y(B.Measured));
      writeHtmlEscaped(OS, D.Name);
      if (B.Line)
        OS << ":" << B.Line;
      OS << ": measured " << formatValue(B.Measured) << ", predicted "
         << formatValue(B.Predicted) << ": ";
      writeHtmlEscaped(OS, B.Text);
      OS << "</title></circle>\n";
    }
  OS << "</svg>\n";
}

void printModelComparisonHtml(raw_ostream &OS,
                              const ModelComparison &Comparison) {
  OS << "<h2>Measured vs. LLVM's model, per block</h2>\n<p>";
  writeHtmlEscaped(OS, "inverse_throughput per block (cycles per iteration, "
                       "the measurements' per_snippet_value) against " +
                           Comparison.ModelName +
                           ", recomputed from each benchmark's instructions.");
  OS << "</p>\n<table class=\"model-summary\">\n<tr><th>Dataset</th>"
        "<th>Benchmarks</th><th>Measured</th><th>Compared</th><th>Mean "
        "absolute percentage error</th><th>Kendall's tau</th></tr>\n";
  auto Row = [&](StringRef Name, std::optional<size_t> Benchmarks,
                 std::optional<size_t> Measured, const ModelAccuracy &A) {
    OS << "<tr><td class=\"mono\">";
    writeHtmlEscaped(OS, Name);
    OS << "</td><td class=\"number\">"
       << (Benchmarks ? std::to_string(*Benchmarks) : "") << "</td>"
       << "<td class=\"number\">" << (Measured ? std::to_string(*Measured) : "")
       << "</td>"
       << "<td class=\"number\">" << A.NumBlocks << "</td><td class=\"number\">"
       << formatPercent(A.MeanAbsolutePercentageError)
       << "</td><td class=\"number\">"
       << (std::isnan(A.KendallTau) ? std::string("n/a")
                                    : formatv("{0:F3}", A.KendallTau).str())
       << "</td></tr>\n";
  };
  for (const DatasetComparison &D : Comparison.Datasets)
    Row(D.Name, D.NumBenchmarks, D.NumMeasured, D.Accuracy);
  if (Comparison.Datasets.size() > 1)
    Row("all datasets", std::nullopt, std::nullopt, Comparison.Overall);
  OS << "</table>\n";
  for (const DatasetComparison &D : Comparison.Datasets)
    for (const auto &[Why, Count] : D.Unpredicted) {
      OS << "<p>" << Count << " measured block(s) of ";
      writeHtmlEscaped(OS, D.Name);
      OS << " not predicted: ";
      writeHtmlEscaped(OS, Why);
      OS << "</p>\n";
    }
  printScatterPlot(OS, Comparison);
  for (const DatasetComparison &D : Comparison.Datasets) {
    if (D.Blocks.empty())
      continue;
    size_t Shown = std::min(NumWorstBlocksShown, D.Blocks.size());
    OS << "<h3>Predicted worst: ";
    writeHtmlEscaped(OS, D.Name);
    OS << " (" << Shown << " of " << D.Blocks.size() << ")</h3>\n"
       << "<table class=\"worst\">\n<tr><th>Line</th><th>Measured</th>"
          "<th>Predicted</th><th>Error</th><th>Instructions</th></tr>\n";
    for (const ComparedBlock &B : ArrayRef(D.Blocks).take_front(Shown)) {
      OS << "<tr><td class=\"number\">"
         << (B.Line ? std::to_string(B.Line) : std::string()) << "</td>"
         << "<td class=\"number\">" << formatValue(B.Measured)
         << "</td><td class=\"number\">" << formatValue(B.Predicted)
         << "</td><td class=\"number\">"
         << (B.Predicted >= B.Measured ? "+" : "-") << formatPercent(B.Error)
         << "</td><td class=\"mono\">";
      writeHtmlEscaped(OS, B.Text);
      OS << "</td></tr>\n";
    }
    OS << "</table>\n";
  }
}

} // namespace exegesis
} // namespace llvm
