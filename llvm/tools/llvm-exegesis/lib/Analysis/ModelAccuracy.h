//===-- ModelAccuracy.h - How well a model predicts measurements -*- C++
//-*-===//
//
// The two figures the basic-block literature (BHive, Ithemal, uiCA) uses to
// compare throughput models with measurements: the mean absolute percentage
// error of the predictions, which says how far off the model is, and
// Kendall's rank correlation between predictions and measurements, which
// says whether it orders blocks right (what a compiler choosing between
// two sequences needs). Computed here, not by any library.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_MODELACCURACY_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_MODELACCURACY_H

#include "llvm/ADT/ArrayRef.h"
#include <cstddef>

namespace llvm {
namespace exegesis {

/// |Predicted - Measured| / Measured, as a fraction (0.25 for 25%);
/// \p Measured must be positive.
double getAbsolutePercentageError(double Measured, double Predicted);

/// The mean of getAbsolutePercentageError over the pairs, as a fraction;
/// NaN for no pairs. \p Measured and \p Predicted have the same size and
/// every measurement is positive.
double getMeanAbsolutePercentageError(ArrayRef<double> Measured,
                                      ArrayRef<double> Predicted);

/// Kendall's tau-b of the pairs (X[i], Y[i]): (concordant - discordant) /
/// sqrt((pairs - pairs tied in X) * (pairs - pairs tied in Y)), so that
/// ties count neither way and perfect agreement is 1 even with ties (as
/// scipy.stats.kendalltau computes it by default). NaN when fewer than two
/// pairs, or when X or Y holds one value only.
double getKendallTauB(ArrayRef<double> X, ArrayRef<double> Y);

/// Both figures over one set of blocks.
struct ModelAccuracy {
  size_t NumBlocks = 0;
  /// A fraction; NaN for no blocks.
  double MeanAbsolutePercentageError = 0;
  double KendallTau = 0;
};
ModelAccuracy getModelAccuracy(ArrayRef<double> Measured,
                               ArrayRef<double> Predicted);

} // namespace exegesis
} // namespace llvm

#endif
