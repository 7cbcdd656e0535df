//===-- SamplingAccount.h - A time-based measurement in words ---*- C++ -*-===//
//
// What `info` says of a time-based measurement: by default one sentence
// (the counter and its calibration, the samples the value came from,
// settled or not, and any warning), short enough to read in a results file;
// with -sampling-details the full account of the sampling (plan, probe
// levels and the host's reference, checks on other CPUs, samples left out
// and why, every run's spread), for those who debug the sampler. A warning
// always starts with "warning:" so that scripts can look for it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_SAMPLINGACCOUNT_H
#define LLVM_TOOLS_LLVM_EXEGESIS_TIMEBASED_SAMPLINGACCOUNT_H

#include "TimeBased/TimeBasedSampler.h"
#include "TimeBased/TimeBasedTrace.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {
namespace exegesis {

/// The account of \p Report, measured with time counter \p CounterName
/// under \p Rules; \p Details: the full account (-sampling-details).
std::string describeSampling(const TimeBasedSamplingReport &Report,
                             StringRef CounterName, const SamplingRules &Rules,
                             bool Details);

/// The warnings of \p Report, sampled under \p Rules, each a clause
/// starting with "warning:" (empty: the value is clean).
std::vector<std::string>
getSamplingWarnings(const TimeBasedSamplingReport &Report,
                    const SamplingRules &Rules);

} // namespace exegesis
} // namespace llvm

#endif
