//===-- SampleStatistics.cpp ------------------------------------*- C++ -*-===//

#include "TimeBased/SampleStatistics.h"
#include "llvm/Support/ErrorHandling.h"
#include <algorithm>
#include <cassert>
#include <numeric>

namespace llvm {
namespace exegesis {

std::vector<int64_t> eventReadings(ArrayRef<CounterValues> Readings,
                                   size_t EventIndex) {
  std::vector<int64_t> Values;
  for (const CounterValues &Reading : Readings)
    Values.push_back(Reading[EventIndex]);
  return Values;
}

static double aggregateValues(std::vector<double> Values,
                              ResultAggregationMode Mode) {
  assert(!Values.empty() && "no samples to aggregate");
  switch (Mode) {
  case ResultAggregationMode::Min:
    return *std::min_element(Values.begin(), Values.end());
  case ResultAggregationMode::Max:
    return *std::max_element(Values.begin(), Values.end());
  case ResultAggregationMode::Mean:
    return std::accumulate(Values.begin(), Values.end(), 0.0) / Values.size();
  case ResultAggregationMode::MinVariance: {
    std::sort(Values.begin(), Values.end());
    size_t Window = (Values.size() + 1) / 2;
    double BestMean = 0, BestVariance = INFINITY;
    for (size_t Start = 0; Start + Window <= Values.size(); ++Start) {
      double Mean = 0;
      for (size_t I = Start; I < Start + Window; ++I)
        Mean += Values[I];
      Mean /= Window;
      double Variance = 0;
      for (size_t I = Start; I < Start + Window; ++I)
        Variance += (Values[I] - Mean) * (Values[I] - Mean);
      if (Variance < BestVariance) {
        BestVariance = Variance;
        BestMean = Mean;
      }
    }
    return BestMean;
  }
  }
  llvm_unreachable("unknown aggregation mode");
}

double aggregateSamples(ArrayRef<int64_t> Samples, ResultAggregationMode Mode) {
  return aggregateValues(std::vector<double>(Samples.begin(), Samples.end()),
                         Mode);
}

double medianOf(std::vector<double> Values) {
  assert(!Values.empty() && "median of nothing");
  size_t Middle = Values.size() / 2;
  std::nth_element(Values.begin(), Values.begin() + Middle, Values.end());
  double Upper = Values[Middle];
  if (Values.size() % 2)
    return Upper;
  double Lower = *std::max_element(Values.begin(), Values.begin() + Middle);
  return (Lower + Upper) / 2;
}

/// \p Values without the NaNs of samples that could not be calibrated.
static std::vector<double> finiteValues(ArrayRef<double> Values) {
  std::vector<double> Finite;
  for (double V : Values)
    if (std::isfinite(V))
      Finite.push_back(V);
  return Finite;
}

double ninthDecileOf(ArrayRef<double> Values) {
  std::vector<double> Finite = finiteValues(Values);
  if (Finite.empty())
    return NAN;
  auto Ninth = Finite.begin() + (Finite.size() - 1) * 9 / 10;
  std::nth_element(Finite.begin(), Ninth, Finite.end());
  return *Ninth;
}

double aggregateTimeBasedSamples(ArrayRef<double> Estimates,
                                 ResultAggregationMode Mode) {
  std::vector<double> Usable = finiteValues(Estimates);
  if (Usable.empty())
    return NAN;
  if (Mode == ResultAggregationMode::Min)
    return medianOf(std::move(Usable));
  return aggregateValues(std::move(Usable), Mode);
}

SampleCluster findDensestCluster(ArrayRef<double> Values,
                                 double RelativeWidth) {
  std::vector<double> Sorted = finiteValues(Values);
  std::sort(Sorted.begin(), Sorted.end());
  SampleCluster Best;
  size_t BestBegin = 0;
  for (size_t Begin = 0, End = 0; Begin < Sorted.size(); ++Begin) {
    End = std::max(End, Begin);
    double Limit = Sorted[Begin] + std::fabs(Sorted[Begin]) * RelativeWidth;
    while (End < Sorted.size() && Sorted[End] <= Limit)
      ++End;
    if (End - Begin > Best.Size) {
      Best.Size = End - Begin;
      BestBegin = Begin;
    }
  }
  if (Best.Size)
    Best.Median = medianOf(std::vector<double>(
        Sorted.begin() + BestBegin, Sorted.begin() + BestBegin + Best.Size));
  return Best;
}

MedianInterval findMedianInterval(ArrayRef<double> Values) {
  std::vector<double> Sorted = finiteValues(Values);
  MedianInterval Interval;
  Interval.Size = Sorted.size();
  if (Sorted.empty())
    return Interval;
  std::sort(Sorted.begin(), Sorted.end());
  Interval.Median = medianOf(Sorted);
  if (Sorted.size() < MinSamplesForMedianInterval)
    return Interval;
  // The number of samples below the median of what they sample is
  // binomial(n, 1/2): its mean n/2 less 1.96 of its standard deviations
  // (sqrt(n)/2), rounded down, is the 0-based rank of the lower bound, and
  // the interval is symmetric in rank.
  double N = Sorted.size();
  size_t Rank = static_cast<size_t>(
      std::max(0.0, std::floor(N / 2 - 1.96 * std::sqrt(N) / 2)));
  Interval.Low = Sorted[Rank];
  Interval.High = Sorted[Sorted.size() - 1 - Rank];
  return Interval;
}

} // namespace exegesis
} // namespace llvm
