//===-- Z3Numbers.h - Measured numbers into Z3 and back ---------*- C++ -*-===//
//
// Measurements and coefficients enter Z3 as exact decimals (twelve
// significant digits, far beyond any measurement's precision), so that
// the solver's arithmetic is exact on the numbers it was given; its
// rational answers come back as doubles. Internal to PortMap/: only the
// files that talk to Z3 include it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_Z3NUMBERS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_Z3NUMBERS_H

#include <optional>
#include <z3++.h>

namespace llvm {
namespace exegesis {
namespace portmap {

/// \p V as an exact Z3 real (a decimal of twelve significant digits).
z3::expr toZ3Real(z3::context &C, double V);

/// The value of a numeral; none for anything else (an infinite or
/// infinitesimal bound of an unbounded optimum).
std::optional<double> fromZ3Numeral(const z3::expr &E);

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
