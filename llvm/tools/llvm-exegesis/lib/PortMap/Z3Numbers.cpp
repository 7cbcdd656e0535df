//===-- Z3Numbers.cpp - Measured numbers into Z3 and back -----------------===//

#include "PortMap/Z3Numbers.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <string>

namespace llvm {
namespace exegesis {
namespace portmap {

z3::expr toZ3Real(z3::context &C, double V) {
  SmallString<64> Text;
  raw_svector_ostream OS(Text);
  OS << format("%.12g", V);
  // Z3 reads decimals, not exponents.
  if (StringRef(Text).contains_insensitive('e')) {
    Text.clear();
    OS << format("%.15f", V);
  }
  return C.real_val(Text.c_str());
}

std::optional<double> fromZ3Numeral(const z3::expr &E) {
  if (!E.is_numeral())
    return std::nullopt;
  // An inexact decimal ends in '?', where strtod stops.
  std::string Text = E.get_decimal_string(15);
  return std::strtod(Text.c_str(), nullptr);
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
