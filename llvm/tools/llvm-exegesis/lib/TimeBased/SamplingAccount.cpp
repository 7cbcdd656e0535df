//===-- SamplingAccount.cpp -------------------------------------*- C++ -*-===//

#include "TimeBased/SamplingAccount.h"
#include "TimeBased/CoreSharing.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>

namespace llvm {
namespace exegesis {

/// Whether the user asked for one run (-settle-time-limit=0).
static bool oneRunByRequest(const SamplingRules &Options) {
  return Options.Aggregation == ResultAggregationMode::Min &&
         Options.SettleTimeLimitSeconds == 0;
}

std::vector<std::string>
getSamplingWarnings(const TimeBasedSamplingReport &Report,
                    const SamplingRules &Options) {
  std::vector<std::string> Warnings;
  if (Options.EmptySnippet)
    return Warnings;
  const SamplingJudgement &J = Report.Judgement;
  std::string Text;
  raw_string_ostream OS(Text);
  if (J.SharedThroughout)
    OS << "warning: the core looked shared throughout (probe "
       << format("%.3f", J.ProbeLevel) << " cycles per group, this host's "
       << format("%.3f", J.ReferenceLevel) << "), the value may be off";
  else if (J.Verdict == SamplingVerdict::Unsettled &&
           !oneRunByRequest(Options)) {
    // Runs that agree without one settling are no confirmation either: in
    // a busy stretch of a Zen 5 host (three quarters of the samples left
    // out as core-shared), 7 of 11 such values read 2-3% low (2-cycle
    // vector chains at 1.958).
    OS << "warning: not settled within "
       << format("%g", Options.SettleTimeLimitSeconds) << " s";
    if (J.runsDisagree(Options.SettleTolerance) && J.GroupedRuns >= 2)
      OS << ", runs disagree by "
         << format("%.1f", 100 * (J.RunsHigh / J.RunsLow - 1)) << "%";
    else if (J.GroupedRuns < 2)
      OS << ", no two runs to compare";
    else
      OS << ", the value may be off";
  } else if (oneRunByRequest(Options) &&
             J.Verdict == SamplingVerdict::Unsettled && !J.SettledRuns) {
    // What one run gives when too few of its samples agree is one of them:
    // on a contended Zen 1 guest 4.5% off, from 1 of 6.
    OS << "warning: the run did not settle, the value may be off";
  }
  if (Text.empty() && J.settledRunsApart(Options.SettleTolerance))
    OS << "warning: settled, but runs read "
       << format("%.1f", 100 * (J.RunsHigh / J.RunsLow - 1))
       << "% apart, the value may be off";
  if (J.Verdict == SamplingVerdict::Outclassed && Text.empty())
    OS << "warning: sampling ended before settling, once the value read "
          "clearly above the other repetition form's";
  if (!Text.empty())
    Warnings.push_back(std::move(Text));
  if (J.disagreesWithMinima())
    Warnings.push_back(
        "warning: the value is " +
        std::string(formatv("{0:f1}", 100 * (J.Cycles / J.MinimaCycles - 1))) +
        "% off the difference of the least disturbed windows");
  if (J.differencingInconsistent())
    Warnings.push_back(
        "warning: the N- and 2N-instruction functions ran at different "
        "speeds per copy (fixed part " +
        std::string(formatv("{0:f0}", J.FixedCycles)) + " cycles, " +
        std::string(formatv("{0:f0}", 100 * J.FixedCycles / J.ShortCycles)) +
        "% of the N function), the value may be off");
  if (J.calibrationDisagrees()) {
    if (J.vectorChainOffWhole()) {
      double Whole = std::max(1.0, std::round(J.VectorCycles));
      Warnings.push_back(
          "warning: the vector calibration chain read " +
          std::string(formatv("{0:f3}", J.VectorCycles)) +
          " add cycles an op throughout, " +
          std::string(
              formatv("{0:f1}", 100 * std::fabs(J.VectorCycles / Whole - 1))) +
          "% off " + std::to_string(int(Whole)) +
          (Report.WideVectorChain
               ? " (512-bit code ran at another clock than scalar code, or a "
                 "neighbour slowed one of the chains)"
               : " (a neighbour slowed one of the chains)") +
          ", the value may be off by as much");
    } else if (2 * J.InconsistentCalibrations > J.TotalSamples)
      Warnings.push_back("warning: the calibration chains disagreed with each "
                         "other in " +
                         std::to_string(J.InconsistentCalibrations) + " of " +
                         std::to_string(J.TotalSamples) + " samples");
    else
      Warnings.push_back("warning: the add and vector calibration chains "
                         "disagreed in " +
                         std::to_string(J.ChainsApartKept) + " of " +
                         std::to_string(J.TotalSamples) +
                         " samples (a neighbour slowed one of them "
                         "throughout), the value may be off by a few percent");
  }
  return Warnings;
}

/// The one-sentence account.
static void describeBriefly(raw_ostream &OS,
                            const TimeBasedSamplingReport &Report,
                            const SamplingRules &Options) {
  const SamplingJudgement &J = Report.Judgement;
  switch (J.Verdict) {
  case SamplingVerdict::Settled:
    OS << "settled in " << J.Runs << (J.Runs == 1 ? " run" : " runs");
    if (Options.SettleAgreeingRuns > 1)
      OS << ", " << Options.SettleAgreeingRuns << " agree";
    OS << " (" << J.AgreeingSamples << " of " << J.GroupOf << " samples";
    break;
  case SamplingVerdict::Unsettled:
    if (oneRunByRequest(Options)) {
      OS << "one run by request";
      // The runs before the last gave no usable sample (see judgeSampling).
      if (J.Runs > 1)
        OS << ", after " << J.Runs - 1 << " without a usable sample";
    } else
      OS << "not settled in " << J.Runs << (J.Runs == 1 ? " run" : " runs");
    if (!oneRunByRequest(Options) && J.GroupedRuns >= 2 &&
        !J.runsDisagree(Options.SettleTolerance))
      OS << ", which agree";
    OS << " (value from " << J.AgreeingSamples << " of " << J.GroupOf
       << " samples";
    break;
  case SamplingVerdict::Outclassed:
    OS << "ended after " << J.Runs << (J.Runs == 1 ? " run" : " runs")
       << ", above the other form (value from " << J.AgreeingSamples << " of "
       << J.GroupOf << " samples";
    break;
  case SamplingVerdict::Aggregated:
    OS << "one run aggregated (" << J.TotalSamples - J.SharedSamples << " of "
       << J.TotalSamples << " samples";
    break;
  }
  if (J.SharedSamples && J.Verdict != SamplingVerdict::Aggregated)
    OS << "; " << J.SharedSamples << " of " << J.TotalSamples
       << " left out as core-shared";
  OS << ")";
}

/// The full account, for -sampling-details.
static void describeFully(raw_ostream &OS,
                          const TimeBasedSamplingReport &Report,
                          const SamplingRules &Options) {
  const SamplingJudgement &J = Report.Judgement;
  OS << "verdict " << getVerdictName(J.Verdict) << "; calibrated against "
     << "chains of " << Report.Plan.ChainLength << " dependent adds, "
     << Report.Plan.CallsPerWindow << " calls per counter window, each "
     << "sample from the minima of " << Report.Plan.RoundsPerSample
     << " rounds";
  if (Report.Replans)
    OS << " (sized again " << Report.Replans
       << (Report.Replans == 1 ? " time" : " times")
       << " from a run that contradicted the probe)";
  OS << "; " << J.Runs << (J.Runs == 1 ? " run, " : " runs, ") << J.SettledRuns
     << " settled (a run settles with two thirds of its " << Options.RepeatCount
     << " samples within " << format("%g", 100 * Options.SettleTolerance)
     << "%; the sampling ends when ";
  if (Options.SettleAgreeingRuns <= 1)
    OS << "a run settles";
  else
    OS << Options.SettleAgreeingRuns << " settled runs agree";
  OS << ", or after " << format("%g", Options.SettleTimeLimitSeconds) << " s)";
  if (J.GroupedRuns)
    OS << ", the largest groups of " << J.GroupedRuns
       << (J.GroupedRuns == 1 ? " run read " : " runs read ")
       << format("%.4f", J.RunsLow) << " to " << format("%.4f", J.RunsHigh)
       << " cycles per call";
  OS << "; the value is ";
  if (J.Verdict == SamplingVerdict::Settled)
    OS << "the mean of the agreeing runs' group medians";
  else if (J.Verdict == SamplingVerdict::Outclassed)
    OS << "the median of the largest group, " << J.AgreeingSamples << " of "
       << J.GroupOf << " samples, whose every kept sample read more than "
       << format("%g", 100 * getOutclassedMargin(Options))
       << "% above what the other repetition form's reading cannot lose to "
          "(sampling ended there)";
  else if (J.Verdict == SamplingVerdict::Aggregated)
    OS << "the samples aggregated as -result-aggregation-mode says";
  else
    OS << "the median of the largest group, " << J.AgreeingSamples << " of "
       << J.GroupOf
       << (J.Pooled ? " samples of all runs" : " samples of one run");
  OS << "; " << J.TotalSamples << " samples, " << J.UnusableSamples
     << " unusable (the 2N function no longer than the N one, or chains that "
        "disagreed: "
     << J.InconsistentCalibrations << ")";
  OS << "; core-sharing probe: quiet level ";
  if (std::isfinite(J.ProbeLevel))
    OS << format("%.3f", J.ProbeLevel);
  else
    OS << "not found";
  OS << " cycles per group of four independent adds, " << J.SharedSamples
     << " samples left out as taken while the core was shared (more than "
     << format("%g", 100 * CoreSharingTolerance) << "% above or "
     << format("%g", 100 * CoreSharingLowTolerance) << "% below it";
  if (J.ChainsApartSamples)
    OS << ", or " << J.ChainsApartSamples
       << " of them with the vector chain apart from the add chain";
  OS << ")";
  if (std::isfinite(J.ReferenceLevel))
    OS << ", against this host's " << format("%.3f", J.ReferenceLevel)
       << " (the lowest of the invocation's and the other CPUs' levels)"
       << (J.SharedThroughout
               ? " (the quiet level lies more than " +
                     std::to_string(int(100 * CoreSharingBusyMargin)) +
                     "% above it: shared throughout)"
               : std::string());
  else
    OS << ", no level of this host to compare with (a core shared throughout "
          "cannot be told from a slower one)";
  if (Report.Reference.Sightings)
    OS << ", seen by " << Report.Reference.Sightings
       << " earlier measurements and checks";
  if (!Report.CpuCheckLevels.empty()) {
    OS << ", on the other CPUs";
    for (double Level : Report.CpuCheckLevels)
      if (std::isfinite(Level))
        OS << " " << format("%.3f", Level);
      else
        OS << " (none)";
  }
  if (std::isfinite(Report.Reference.ModelLevel))
    OS << ", the scheduling model expects "
       << format("%.2f", Report.Reference.ModelLevel);
  if (!std::isfinite(J.VectorCycles)) {
    OS << "; no vector calibration chain";
    return;
  }
  OS << "; " << (Report.WideVectorChain ? "512-bit " : "")
     << "vector calibration chain: " << format("%.3f", J.VectorCycles)
     << " add cycles per op";
  if (std::isfinite(J.VectorLatency) &&
      J.VectorLatency != nearestWholeCycles(J.VectorCycles))
    OS << " (not within " << format("%g", 100 * WholeCyclesTolerance)
       << "% of a whole number of cycles, yet enough samples read "
       << format("%g", J.VectorLatency) << ": a sample whose chain lies more "
       << "than " << format("%g", 100 * ChainsApartTolerance)
       << "% from it is left out as shared)";
  else if (std::isfinite(J.VectorLatency))
    OS << " (a sample whose chain lies more than "
       << format("%g", 100 * ChainsApartTolerance)
       << "% from its whole number of cycles is left out as shared)";
  else
    OS << " (not within " << format("%g", 100 * WholeCyclesTolerance)
       << "% of a whole number of cycles: no sample is judged by it)";
}

std::string describeSampling(const TimeBasedSamplingReport &Report,
                             StringRef CounterName,
                             const SamplingRules &Options, bool Details) {
  bool EmptySnippet = Options.EmptySnippet;
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "time-based cycles (" << CounterName << ", "
     << format("%.4f", Report.Judgement.TicksPerCycle)
     << " ticks per cycle, N and 2N differenced): ";
  if (EmptySnippet)
    OS << "empty snippet, 0 by construction";
  else if (Details)
    describeFully(OS, Report, Options);
  else
    describeBriefly(OS, Report, Options);
  for (const std::string &Warning : getSamplingWarnings(Report, Options))
    OS << "; " << Warning;
  return Text;
}

} // namespace exegesis
} // namespace llvm
