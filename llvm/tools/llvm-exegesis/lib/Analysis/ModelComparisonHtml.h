//===-- Analysis/ModelComparisonHtml.h - Blocks vs. the model ---*- C++ -*-===//
//
// The section of the analysis page that sets inverse_throughput results
// beside what LLVM's model predicts for them (ModelComparison.h): a table of
// each dataset's figures, a scatter plot of measured against predicted
// cycles per iteration on log scales (the model is right on the diagonal),
// and the blocks the model predicts worst. Its style is the page's.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_MODELCOMPARISONHTML_H
#define LLVM_TOOLS_LLVM_EXEGESIS_ANALYSIS_MODELCOMPARISONHTML_H

#include "Analysis/ModelComparison.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
namespace exegesis {

/// Writes the section for \p Comparison.
void printModelComparisonHtml(raw_ostream &OS,
                              const ModelComparison &Comparison);

} // namespace exegesis
} // namespace llvm

#endif
