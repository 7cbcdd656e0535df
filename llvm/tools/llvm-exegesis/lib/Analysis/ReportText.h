//===-- Analysis/ReportText.h - Text of the analysis reports ----*- C++ -*-===//
//
// How the outputs of -mode=analysis write text: CSV fields quoted as
// upstream quotes them (so that the two tools' CSVs are byte-identical for
// one results file), HTML with its special characters escaped, and the
// numbers of the reports in one format each.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_REPORTTEXT_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_REPORTTEXT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace llvm {
namespace exegesis {

/// Writes a CSV field, quoted (with inner quotes doubled) when it contains
/// a separator or a line break.
void writeCsvField(raw_ostream &OS, StringRef Field);

/// Writes \p Text with the HTML special characters escaped.
void writeHtmlEscaped(raw_ostream &OS, StringRef Text);
/// \p Text with the HTML special characters escaped.
std::string htmlEscaped(StringRef Text);

/// A measured or modelled value: 2 decimals.
std::string formatValue(double Value);
/// Resource cycles as the model states them: whole numbers as such (as
/// upstream prints them), others with 2 decimals.
std::string formatCycles(double Cycles);
/// A fraction as a percentage with 1 decimal; "n/a" for NaN.
std::string formatPercent(double Fraction);

} // namespace exegesis
} // namespace llvm

#endif
