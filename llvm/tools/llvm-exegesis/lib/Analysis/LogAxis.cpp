//===-- Analysis/LogAxis.cpp ------------------------------------*- C++ -*-===//

#include "Analysis/LogAxis.h"
#include <algorithm>

namespace llvm {
namespace exegesis {

void LogAxis::include(double Value) {
  if (Value > 0 && std::isfinite(Value)) {
    Min = std::min(Min, Value);
    Max = std::max(Max, Value);
  }
}

double LogAxis::position(double Value) const {
  if (!(Value > 0))
    return 0;
  return std::clamp((std::log10(Value) - lowExponent()) /
                        (highExponent() - lowExponent()),
                    0.0, 1.0);
}

std::vector<LogAxis::Tick> LogAxis::getTicks() const {
  std::vector<Tick> Ticks;
  bool LabelMinor = highExponent() - lowExponent() <= 3;
  for (int E = lowExponent(); E <= highExponent(); ++E) {
    double Decade = std::pow(10.0, E);
    Ticks.push_back({Decade, true, true});
    if (E < highExponent())
      for (double M : {2.0, 5.0})
        Ticks.push_back({M * Decade, false, LabelMinor});
  }
  return Ticks;
}

int LogAxis::lowExponent() const {
  return empty() ? 0 : static_cast<int>(std::floor(std::log10(Min)));
}

int LogAxis::highExponent() const {
  int High = empty() ? 1 : static_cast<int>(std::ceil(std::log10(Max)));
  return std::max(High, lowExponent() + 1);
}

} // namespace exegesis
} // namespace llvm
