//===-- ChainSubtraction.cpp ------------------------------------*- C++ -*-===//

#include "Measure/ChainSubtraction.h"
#include "Core/LLVMState.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cmath>
#include <memory>

namespace llvm {
namespace exegesis {

/// A reading that far below the other end of its bounds is measurement
/// noise, not bounds that cross (a round trip of two 1-cycle moves reads
/// 1.99 as often as 2.01).
static constexpr double BoundsSlackCycles = 0.05;

/// Bounds wider than this leave the estimate in their middle too uncertain
/// to stand behind as a clean value: info warns.
static constexpr double MaxUnwarnedWidthCycles = 1.0;

static std::string cycles(double Value) {
  std::string Text;
  raw_string_ostream(Text) << format("%.3f", Value);
  return Text;
}

static std::string share(double Share) {
  std::string Text;
  raw_string_ostream(Text) << format("%g", Share);
  return Text;
}

static Error notCredible(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

Expected<ChainSubtraction> subtractChains(double Measured,
                                          ArrayRef<ChainReading> Readings) {
  ChainSubtraction Result;
  double Subtracted = 0, MostSubtracted = 0, LeastSubtracted = 0;
  // Chains subtracted, and chains added back (a negative share: the
  // helpers of a subtracted chain, which are not the instruction's).
  std::string Less, Plus;
  bool Bounded = false;
  for (const ChainReading &R : Readings) {
    if (!std::isfinite(R.PerRepetition) || R.PerRepetition <= 0)
      return notCredible("the subtracted chain " + R.Name + " read " +
                         cycles(R.PerRepetition) +
                         " cycles a repetition, not a latency");
    double Share = R.Share * R.PerRepetition;
    double Least = Share, Most = Share;
    if (R.Bounds) {
      Least = R.Bounds->LowShare * R.PerRepetition + R.Bounds->LowCycles;
      Most = R.Bounds->HighShare * R.PerRepetition + R.Bounds->HighCycles;
      if (Least > Most + BoundsSlackCycles)
        return notCredible("the subtracted chain " + R.Name + " read " +
                           cycles(R.PerRepetition) +
                           " cycles a repetition, less than its own "
                           "instructions take at least");
      // Within the slack: the bounds meet at the estimate.
      Least = std::min(Least, Share);
      Most = std::max(Most, Share);
      Bounded = true;
    }
    Subtracted += Share;
    LeastSubtracted += Least;
    MostSubtracted += Most;
    std::string &Parts = R.Share < 0 ? Plus : Less;
    Parts += Parts.empty() ? "" : ", ";
    Parts += share(std::fabs(R.Share)) + " x " + cycles(R.PerRepetition) +
             " (" + R.Name + ")";
  }
  // What was taken from the measured repetition and what was put back.
  std::string Arithmetic;
  if (!Less.empty())
    Arithmetic += " less " + Less;
  if (!Plus.empty())
    Arithmetic += " plus " + Plus;
  Result.Latency = Measured - Subtracted;
  Result.Low = Measured - MostSubtracted;
  Result.High = Measured - LeastSubtracted;
  if (!std::isfinite(Result.Latency) || Result.Latency <= 0)
    return notCredible("the latency left once the helper chains are "
                       "subtracted is " +
                       cycles(Result.Latency) + " cycles (" + cycles(Measured) +
                       " a repetition" + Arithmetic + "), not a latency");
  Result.Info = "latency through helper instructions, measured in the same "
                "run and subtracted: " +
                cycles(Measured) + " cycles a repetition" + Arithmetic +
                " cycles a repetition of each chain";
  if (Bounded) {
    // An instruction takes at least 1 cycle: the low bound never goes
    // below it (a reading within the slack of that keeps its estimate).
    double ChainsLow = Result.Low;
    Result.Low = std::max(Result.Low, std::min(1.0, Result.Latency));
    Result.High = std::max(Result.High, Result.Low);
    if (Result.High - Result.Low <= BoundsSlackCycles) {
      Result.Info += "; the round trips pin the helpers' shares: the value "
                     "is the instruction's";
    } else {
      Result.Info += "; the instruction's latency is between " +
                     cycles(Result.Low) + " and " + cycles(Result.High) +
                     " cycles";
      // Timing gives only the round trip of a domain crossing, never one
      // way: the value is the middle of what the timings allow, an
      // estimate that may be off by half the bounds' width (on Zen 5 the
      // scheduling model sat at the upper bound for most vector loads).
      if (Result.High - Result.Low > MaxUnwarnedWidthCycles) {
        // Raising the low bound moves their middle off the value, which
        // stays the middle of the bounds the chains give when each chain's
        // are even about its share: say which those are.
        auto IsMiddleOf = [&](double Low) {
          return std::fabs(Result.Latency - (Low + Result.High) / 2) <=
                 BoundsSlackCycles;
        };
        if (IsMiddleOf(Result.Low))
          Result.Info += "; warning: the value is the middle of those bounds ";
        else if (IsMiddleOf(ChainsLow))
          Result.Info += "; warning: the value is the middle of those bounds "
                         "as the chains give them, " +
                         cycles(ChainsLow) + " to " + cycles(Result.High) +
                         " cycles, before the low one is raised to a cycle ";
        else
          Result.Info += "; warning: the value is an estimate within those "
                         "bounds ";
        Result.Info += "(a helper's share of a round trip cannot be timed "
                       "alone), not a measurement of the instruction alone";
      }
    }
  }
  return Result;
}

std::string describeSubtractedChain(const LLVMState &State,
                                    const SubtractedChain &Chain) {
  std::unique_ptr<MCInstPrinter> Printer(State.getTarget().createMCInstPrinter(
      State.getTriple(), /*SyntaxVariant=*/0, State.getAsmInfo(),
      State.getInstrInfo(), State.getRegInfo()));
  std::string Text;
  for (const MCInst &Inst : Chain.Key.Instructions) {
    std::string One;
    raw_string_ostream OS(One);
    if (Printer)
      Printer->printInst(&Inst, 0, "", State.getSubtargetInfo(), OS);
    else
      OS << State.getOpcodeName(Inst.getOpcode());
    std::replace(One.begin(), One.end(), '\t', ' ');
    Text += Text.empty() ? "" : "; ";
    Text += StringRef(One).trim().str();
  }
  std::string Name = "`" + Text + "`";
  if (!Chain.What.empty())
    Name += ": " + Chain.What;
  return Name;
}

std::string describeChainsToSubtract(const LLVMState &State,
                                     ArrayRef<SubtractedChain> Chains) {
  std::string Less, Plus;
  for (const SubtractedChain &Chain : Chains) {
    std::string &Note = Chain.Share < 0 ? Plus : Less;
    Note += Note.empty() ? "" : ", ";
    Note += share(std::fabs(Chain.Share)) + " x " +
            describeSubtractedChain(State, Chain);
  }
  std::string Text = "to subtract, measured in the same run: " + Less;
  if (!Plus.empty())
    Text += "; to add back, measured in the same run: " + Plus;
  return Text + " (cycles a repetition of each chain)";
}

} // namespace exegesis
} // namespace llvm
