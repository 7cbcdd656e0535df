//===-- RISCV/RISCVVectorConfiguration.h - vtype configurations -*- C++ -*-===//
//
// Which vector configurations a PseudoV* opcode is benchmarked under
// (-max-configs-per-opcode), in upstream llvm-exegesis's order and with its
// YAML `config` text, e.g. `vtype = {VXRM: rod, AVL: VLMAX, SEW: e8,
// Policy: ta/mu}`: the rounding mode (vxrm or frm, when the pseudo has
// one), then the AVL (VLMAX, a register, a 5-bit immediate), the SEW, and
// the tail/mask policy, innermost.
//
// Only configurations the subtarget can run are listed: SEW at most ELEN
// (and ELEN times a fractional LMUL), floating-point SEWs the vector unit
// has (Zvfh, Zve32f, Zve64d), the doubled width of widening and narrowing
// instructions, the source width of vsext/vzext, the SEW and element-group
// width (VLEN x LMUL) the vector-crypto instructions require, and the SEW
// a pseudo's name fixes. RISCVVectorConfigFilter keeps those whose text
// matches --riscv-filter-config, field by field, each field a regular
// expression (`SEW: e(8|16)`).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVVECTORCONFIGURATION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVVECTORCONFIGURATION_H

#include "RISCV/RISCVVectorPseudo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/Error.h"
#include <string>
#include <utility>
#include <vector>

namespace llvm {
namespace exegesis {

enum class RISCVAVLForm { VLMax, Register, Immediate };

/// The choices for a pseudo's configuration operands.
struct RISCVVectorChoice {
  /// vxrm or frm value, when the pseudo has a rounding operand.
  unsigned RoundingMode = 0;
  RISCVAVLForm AVL = RISCVAVLForm::VLMax;
  unsigned SEW = 8;
  /// Bit 0: tail agnostic; bit 1: mask agnostic (the policy operand).
  unsigned Policy = 0;
};

/// How the configurations are enumerated (the driver's --riscv-* options).
struct RISCVEnumerationOptions {
  /// Every rounding mode; otherwise one: rnu for vxrm, dyn for frm (the
  /// caller's rounding, frm left alone).
  bool EnumerateRoundingModes = true;
  /// AVL is always VLMAX.
  bool VLMaxOnly = false;
};

/// The configurations of \p Pseudo valid on \p STI, in upstream's order.
std::vector<RISCVVectorChoice>
enumerateRISCVVectorChoices(const RISCVVectorPseudo &Pseudo,
                            const MCSubtargetInfo &STI,
                            const RISCVEnumerationOptions &Options);

/// The VLMAX of \p SEW and \p LMulEighths for \p STI's VLEN.
unsigned getRISCVVLMax(const MCSubtargetInfo &STI, unsigned SEW,
                       unsigned LMulEighths);

/// The immediate AVL of RISCVAVLForm::Immediate: half of VLMAX, so that vl
/// differs from VLMAX, and at most 31 (a 5-bit field).
int64_t getRISCVImmediateAVL(const MCSubtargetInfo &STI, unsigned SEW,
                             unsigned LMulEighths);

/// The YAML `config` text of \p State for \p Pseudo; \p AVLRegisterName
/// names the AVL register when there is one.
std::string describeRISCVVectorState(const RISCVVectorPseudo &Pseudo,
                                     const RISCVVectorState &State,
                                     StringRef AVLRegisterName);

/// --riscv-filter-config: `vtype = {Field: regex, ...}`. A configuration
/// matches when each field the filter names is in it and its whole value
/// matches the field's expression.
class RISCVVectorConfigFilter {
public:
  /// Fails with a message saying what is malformed.
  static Expected<RISCVVectorConfigFilter> parse(StringRef Text);

  bool matches(StringRef ConfigText) const;

private:
  std::vector<std::pair<std::string, std::string>> Fields;
};

} // namespace exegesis
} // namespace llvm

#endif
