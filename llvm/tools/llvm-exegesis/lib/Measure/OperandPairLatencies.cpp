//===-- OperandPairLatencies.cpp - Pair latencies into a result -----------===//

#include "Measure/OperandPairLatencies.h"
#include "Measure/BenchmarkRunner.h"
#include "Results/BenchmarkKeyText.h"
#include "Results/OperandPairKey.h"
#include "Support/Interruption.h"
#include "llvm/Support/Error.h"

namespace llvm {
namespace exegesis {

void addOperandPairLatencies(const LLVMState &State, BenchmarkRunner &Runner,
                             ArrayRef<OperandPairCode> Pairs, bool Measures,
                             Benchmark &Result) {
  std::string Measured, NotMeasured;
  auto Note = [](std::string &List, const Twine &Text) {
    List += List.empty() ? "" : "; ";
    List += Text.str();
  };
  for (const OperandPairCode &Pair : Pairs) {
    if (isInterrupted())
      return;
    if (!Pair.Code) {
      Note(NotMeasured, Pair.Name + " (" + Pair.Reason + ")");
      continue;
    }
    // The pair's first instruction says which registers carry the chain.
    std::string Name = Pair.Name;
    if (!Pair.Code->Key.Instructions.empty())
      Name += " `" +
              instructionToText(State, Pair.Code->Key.Instructions.front()) +
              "`";
    Expected<Benchmark> PairResult = Runner.run(*Pair.Code);
    if (!PairResult) {
      Note(NotMeasured, Name + " (" + toString(PairResult.takeError()) + ")");
      continue;
    }
    if (!Measures) {
      Note(Measured, Name);
      continue;
    }
    if (!PairResult->Error.empty()) {
      Note(NotMeasured, Name + " (" + PairResult->Error + ")");
      continue;
    }
    if (PairResult->Measurements.empty()) {
      Note(NotMeasured, Name + " (no measurement)");
      continue;
    }
    // The pair's latency is its snippet's, taken as the opcode's own
    // `latency` is (the value per instruction, and per snippet).
    const BenchmarkMeasure &Latency = PairResult->Measurements.front();
    BenchmarkMeasure M;
    M.Key = getOperandPairKey(Pair.Name);
    M.PerInstructionValue = Latency.PerInstructionValue;
    M.PerSnippetValue = Latency.PerSnippetValue;
    Result.Measurements.push_back(std::move(M));
    Note(Measured, Name);
  }
  std::string Text = "; operand pairs ";
  Text += Measures ? "measured: " : "generated: ";
  Text += Measured.empty() ? "none" : Measured;
  if (!NotMeasured.empty())
    Text += "; not measured: " + NotMeasured;
  Result.Info += Text;
}

} // namespace exegesis
} // namespace llvm
