//===-- Analysis/ReportText.cpp ---------------------------------*- C++ -*-===//

#include "Analysis/ReportText.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>

namespace llvm {
namespace exegesis {

void writeCsvField(raw_ostream &OS, StringRef Field) {
  // Upstream quotes only what would break the row apart; so do we, so that
  // the two tools' CSVs are byte-identical for the same results file.
  if (Field.find_first_of(",\n\r") == StringRef::npos) {
    OS << Field;
    return;
  }
  OS << '"';
  for (char C : Field) {
    if (C == '"')
      OS << '"';
    OS << C;
  }
  OS << '"';
}

void writeHtmlEscaped(raw_ostream &OS, StringRef Text) {
  for (char C : Text) {
    switch (C) {
    case '&':
      OS << "&amp;";
      break;
    case '<':
      OS << "&lt;";
      break;
    case '>':
      OS << "&gt;";
      break;
    case '"':
      OS << "&quot;";
      break;
    case '\'':
      OS << "&#39;";
      break;
    default:
      OS << C;
    }
  }
}

std::string htmlEscaped(StringRef Text) {
  std::string Result;
  raw_string_ostream OS(Result);
  writeHtmlEscaped(OS, Text);
  return Result;
}

std::string formatValue(double Value) { return formatv("{0:F2}", Value).str(); }

std::string formatCycles(double Cycles) {
  if (Cycles == std::floor(Cycles) && std::abs(Cycles) < 1e15)
    return std::to_string(static_cast<long long>(Cycles));
  return formatValue(Cycles);
}

std::string formatPercent(double Fraction) {
  if (std::isnan(Fraction))
    return "n/a";
  return formatv("{0:F1}%", 100 * Fraction).str();
}

} // namespace exegesis
} // namespace llvm
