//===-- ModelAccuracy.cpp ---------------------------------------*- C++ -*-===//

#include "Analysis/ModelAccuracy.h"
#include <cassert>
#include <cmath>
#include <cstdint>

namespace llvm {
namespace exegesis {

double getAbsolutePercentageError(double Measured, double Predicted) {
  assert(Measured > 0 && "a percentage of nothing");
  return std::fabs(Predicted - Measured) / Measured;
}

double getMeanAbsolutePercentageError(ArrayRef<double> Measured,
                                      ArrayRef<double> Predicted) {
  assert(Measured.size() == Predicted.size() && "unpaired values");
  if (Measured.empty())
    return NAN;
  double Sum = 0;
  for (size_t I = 0; I < Measured.size(); ++I)
    Sum += getAbsolutePercentageError(Measured[I], Predicted[I]);
  return Sum / Measured.size();
}

double getKendallTauB(ArrayRef<double> X, ArrayRef<double> Y) {
  assert(X.size() == Y.size() && "unpaired values");
  size_t N = X.size();
  if (N < 2)
    return NAN;
  // Every pair once: a dataset of 10,000 blocks is 50 million pairs, well
  // under a second, and no sorting subtleties with ties.
  int64_t Concordant = 0, Discordant = 0, TiedX = 0, TiedY = 0;
  for (size_t I = 0; I < N; ++I)
    for (size_t J = I + 1; J < N; ++J) {
      double DX = X[I] - X[J], DY = Y[I] - Y[J];
      if (DX == 0 || DY == 0) {
        TiedX += DX == 0;
        TiedY += DY == 0;
        continue;
      }
      if ((DX > 0) == (DY > 0))
        ++Concordant;
      else
        ++Discordant;
    }
  int64_t Pairs = static_cast<int64_t>(N) * (N - 1) / 2;
  double Denominator = std::sqrt(static_cast<double>(Pairs - TiedX) *
                                 static_cast<double>(Pairs - TiedY));
  if (Denominator == 0)
    return NAN;
  return (Concordant - Discordant) / Denominator;
}

ModelAccuracy getModelAccuracy(ArrayRef<double> Measured,
                               ArrayRef<double> Predicted) {
  ModelAccuracy Result;
  Result.NumBlocks = Measured.size();
  Result.MeanAbsolutePercentageError =
      getMeanAbsolutePercentageError(Measured, Predicted);
  Result.KendallTau = getKendallTauB(Predicted, Measured);
  return Result;
}

} // namespace exegesis
} // namespace llvm
