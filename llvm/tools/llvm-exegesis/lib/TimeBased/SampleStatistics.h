//===-- SampleStatistics.h - Combining samples into one value ---*- C++ -*-===//
//
// A measurement is many samples of one quantity; these functions combine them
// as -result-aggregation-mode says, and find the group of samples that agree
// (the time-based counter's samples scatter while the machine is busy, and a
// measurement is trusted only when most of them lie close together).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SAMPLESTATISTICS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SAMPLESTATISTICS_H

#include "Core/BenchmarkRunOptions.h"
#include "Counters/Counter.h"
#include "llvm/ADT/ArrayRef.h"
#include <cmath>
#include <cstdint>
#include <vector>

namespace llvm {
namespace exegesis {

/// Event \p EventIndex of each of \p Readings.
std::vector<int64_t> eventReadings(ArrayRef<CounterValues> Readings,
                                   size_t EventIndex);

/// Combines samples as -result-aggregation-mode says.
double aggregateSamples(ArrayRef<int64_t> Samples, ResultAggregationMode Mode);

/// The median of \p Values (the mean of the middle two for an even count).
double medianOf(std::vector<double> Values);

/// The value nine in ten of the finite \p Values lie at or below (NaN when
/// none is finite). Non-finite values are left out first: one NaN among
/// them leaves nth_element's pick undefined, and a bound read as NaN once
/// let a wrong value of the other repetition form through clean.
double ninthDecileOf(ArrayRef<double> Values);

/// Combines the per-sample estimates of a time-based counter (NaN: a sample
/// that could not be calibrated, left out; NaN if every sample is). max,
/// mean and min-variance as for samples; min gives the median: a time-based
/// sample is a ratio of two differences, which noise pushes below the truth
/// as often as above it, so its minimum is biased low. (The measured value
/// under min comes from the agreeing groups of two settled runs instead;
/// this median summarises the calibration for `info`.)
double aggregateTimeBasedSamples(ArrayRef<double> Estimates,
                                 ResultAggregationMode Mode);

/// The largest group of values (non-finite ones left out) lying within
/// RelativeWidth of the group's smallest value, and the group's median.
struct SampleCluster {
  size_t Size = 0;
  double Median = NAN;
};
SampleCluster findDensestCluster(ArrayRef<double> Values, double RelativeWidth);

/// The median of the finite \p Values and the interval the median of what
/// they sample lies in with at least about 95% confidence, between two of
/// them chosen by rank (the binomial order-statistic interval: it assumes
/// nothing of the samples' distribution, which is skewed by disturbances
/// and at times in two states). Low and High are NaN for fewer than
/// MinSamplesForMedianInterval values.
struct MedianInterval {
  size_t Size = 0;
  double Median = NAN, Low = NAN, High = NAN;
};
MedianInterval findMedianInterval(ArrayRef<double> Values);
inline constexpr size_t MinSamplesForMedianInterval = 8;

} // namespace exegesis
} // namespace llvm

#endif
