//===-- ModelComparison.cpp -------------------------------------*- C++ -*-===//

#include "Analysis/ModelComparison.h"
#include "Blocks/HexSnippetFile.h"
#include "Core/LLVMState.h"
#include "Core/MCAThroughputModel.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cmath>

namespace llvm {
namespace exegesis {

static constexpr StringLiteral MeasuredKey = "inverse_throughput";

/// The block's cycles per iteration; none when it was not measured.
static std::optional<double> getMeasuredCycles(const Benchmark &B) {
  if (!B.Error.empty())
    return std::nullopt;
  for (const BenchmarkMeasure &M : B.Measurements)
    if (M.Key == MeasuredKey && M.PerSnippetValue > 0 &&
        std::isfinite(M.PerSnippetValue))
      return M.PerSnippetValue;
  return std::nullopt;
}

static std::string printInstructions(const LLVMState &State,
                                     MCInstPrinter *Printer,
                                     ArrayRef<MCInst> Instructions) {
  std::string Text;
  raw_string_ostream OS(Text);
  for (const MCInst &Inst : Instructions) {
    if (!Text.empty())
      OS << "; ";
    if (!Printer) {
      OS << State.getOpcodeName(Inst.getOpcode());
      continue;
    }
    std::string One;
    raw_string_ostream OneOS(One);
    Printer->printInst(&Inst, 0, "", State.getSubtargetInfo(), OneOS);
    std::replace(One.begin(), One.end(), '\t', ' ');
    OS << StringRef(One).trim();
  }
  return Text;
}

ModelComparison compareWithModel(const LLVMState &State,
                                 ArrayRef<Benchmark> Points,
                                 StringRef ResultsName) {
  ModelComparison Result;
  Result.ModelName =
      formatv("LLVM's scheduling model for {0} (MCA library, "
              "{1} iterations)",
              State.getCpuName(), MCAThroughputModel::DefaultIterations)
          .str();
  Expected<std::unique_ptr<MCAThroughputModel>> Model =
      MCAThroughputModel::create(State);
  std::string NoModel = Model ? "" : toString(Model.takeError());
  std::unique_ptr<MCInstPrinter> Printer(State.getTarget().createMCInstPrinter(
      State.getTriple(), State.getAsmInfo().getAssemblerDialect(),
      State.getAsmInfo(), State.getInstrInfo(), State.getRegInfo()));

  std::map<std::string, size_t> DatasetOf;
  for (auto [Index, B] : enumerate(Points)) {
    if (B.Mode != BenchmarkMode::InverseThroughput)
      continue;
    std::optional<BasicBlockOrigin> Origin = parseBasicBlockOrigin(B.Info);
    std::string Name = Origin ? Origin->File : ResultsName.str();
    auto [It, New] = DatasetOf.try_emplace(Name, Result.Datasets.size());
    if (New) {
      Result.Datasets.emplace_back();
      Result.Datasets.back().Name = Name;
    }
    DatasetComparison &Dataset = Result.Datasets[It->second];
    ++Dataset.NumBenchmarks;
    std::optional<double> Measured = getMeasuredCycles(B);
    if (!Measured)
      continue;
    ++Dataset.NumMeasured;
    if (!NoModel.empty()) {
      ++Dataset.Unpredicted[NoModel];
      continue;
    }
    Expected<double> Predicted =
        (*Model)->predictCyclesPerIteration(B.Key.Instructions);
    if (!Predicted) {
      ++Dataset.Unpredicted[toString(Predicted.takeError())];
      continue;
    }
    ComparedBlock Block;
    Block.Point = Index;
    Block.Line = Origin ? Origin->Line : 0;
    Block.Measured = *Measured;
    Block.Predicted = *Predicted;
    Block.Error = getAbsolutePercentageError(*Measured, *Predicted);
    Block.Text = printInstructions(State, Printer.get(), B.Key.Instructions);
    Dataset.Blocks.push_back(std::move(Block));
  }

  std::vector<double> AllMeasured, AllPredicted;
  for (DatasetComparison &Dataset : Result.Datasets) {
    std::vector<double> Measured, Predicted;
    for (const ComparedBlock &Block : Dataset.Blocks) {
      Measured.push_back(Block.Measured);
      Predicted.push_back(Block.Predicted);
    }
    Dataset.Accuracy = getModelAccuracy(Measured, Predicted);
    append_range(AllMeasured, Measured);
    append_range(AllPredicted, Predicted);
    llvm::stable_sort(Dataset.Blocks,
                      [](const ComparedBlock &A, const ComparedBlock &B) {
                        return A.Error > B.Error;
                      });
  }
  Result.Overall = getModelAccuracy(AllMeasured, AllPredicted);
  return Result;
}

static std::string formatFigure(double Value, const char *Format) {
  if (std::isnan(Value))
    return "n/a";
  return formatv(Format, Value).str();
}

static void printAccuracy(raw_ostream &OS, const ModelAccuracy &Accuracy) {
  OS << "  mean absolute percentage error: "
     << formatFigure(100 * Accuracy.MeanAbsolutePercentageError, "{0:F1}%")
     << "\n  Kendall's tau: " << formatFigure(Accuracy.KendallTau, "{0:F3}")
     << "\n";
}

void printModelComparison(raw_ostream &OS, const ModelComparison &Comparison,
                          unsigned NumWorst) {
  OS << "inverse_throughput per block (cycles per iteration) against "
     << Comparison.ModelName << "\n";
  if (Comparison.empty()) {
    OS << "no inverse_throughput benchmarks to compare\n";
    return;
  }
  for (const DatasetComparison &Dataset : Comparison.Datasets) {
    OS << "dataset " << Dataset.Name << ": " << Dataset.NumBenchmarks
       << " benchmarks, " << Dataset.NumMeasured << " measured, "
       << Dataset.Blocks.size() << " compared\n";
    for (const auto &[Why, Count] : Dataset.Unpredicted)
      OS << "  " << Count << " not predicted: " << Why << "\n";
    printAccuracy(OS, Dataset.Accuracy);
    size_t Shown = std::min<size_t>(NumWorst, Dataset.Blocks.size());
    if (Shown)
      OS << "  worst " << Shown << " by absolute percentage error:\n";
    for (const ComparedBlock &Block :
         ArrayRef(Dataset.Blocks).take_front(Shown))
      OS << "    "
         << (Block.Line ? "line " + std::to_string(Block.Line)
                        : "benchmark " + std::to_string(Block.Point + 1))
         << ": measured " << formatv("{0:F2}", Block.Measured) << ", predicted "
         << formatv("{0:F2}", Block.Predicted) << " ("
         << (Block.Predicted >= Block.Measured ? "+" : "-")
         << formatv("{0:F1}", 100 * Block.Error) << "%): " << Block.Text
         << "\n";
  }
  if (Comparison.Datasets.size() > 1) {
    OS << "all datasets: " << Comparison.Overall.NumBlocks << " compared\n";
    printAccuracy(OS, Comparison.Overall);
  }
}

} // namespace exegesis
} // namespace llvm
