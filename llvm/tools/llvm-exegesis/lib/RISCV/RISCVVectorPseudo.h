//===-- RISCV/RISCVVectorPseudo.h - What a PseudoV* opcode means -*- C++
//-*-===//
//
// RISC-V vector instructions run under a vector configuration (vtype: the
// element width SEW, the register group size LMUL, the tail and mask
// policies; vl; and the rounding modes vxrm and frm), which the instruction
// itself does not name. LLVM's code generator models each instruction as
// many PseudoV* opcodes, one per LMUL (and sometimes SEW), whose extra
// operands carry the rest of the configuration: AVL, log2(SEW), the policy
// and the rounding mode. Benchmarking an instruction under a configuration
// is benchmarking one such pseudo with those operands chosen.
//
// The pseudos cannot be encoded. RISCVVectorPseudo says, from the opcode
// alone, which instruction a pseudo stands for (its name without the
// Pseudo prefix and the LMUL, SEW, mask-ratio, _MASK and _TIED suffixes),
// its LMUL, which operands hold the configuration, and how its other
// operands map onto the instruction's; lowerRISCVVectorPseudo builds the
// instruction and reads the configuration back from an MCInst. LLVM's own
// table for this is not installed; its operand types are learnt from
// opcodes known to carry them.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVVECTORPSEUDO_H
#define LLVM_TOOLS_LLVM_EXEGESIS_RISCV_RISCVVECTORPSEUDO_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/Support/Error.h"
#include <optional>

namespace llvm {
namespace exegesis {

/// Which rounding-mode register an instruction's rounding operand sets.
enum class RISCVRoundingKind { None, FixedPoint, FloatingPoint };

/// The AVL operand's value that asks for VLMAX (LLVM's sentinel).
constexpr int64_t RISCVVLMaxAVL = -1;

/// The floating-point rounding operand's value that leaves the rounding to
/// frm (dyn): the instruction rounds as the caller has set frm, and frm is
/// not written.
constexpr unsigned RISCVDynamicRounding = 7;

struct RISCVVectorPseudo {
  unsigned Opcode = 0;
  /// The instruction the pseudo stands for.
  unsigned RealOpcode = 0;
  /// Its name (VADD_VV, VFWREDUSUM_VS, ...).
  std::string RealName;
  /// LMUL in eighths of a register: 1 is mf8, 8 is m1, 64 is m8.
  unsigned LMulEighths = 8;
  /// The SEW its name fixes (the _E32 of PseudoVFWREDUSUM_VS_M1_E32), or 0.
  unsigned FixedSEW = 0;
  /// Mask instructions (vcpop.m, vmand.mm...) take SEW/LMUL as a ratio,
  /// run at e8, and have no SEW to choose.
  bool IsMaskOperation = false;
  /// The _MASK form, which reads v0 as its mask.
  bool IsMasked = false;
  /// Operand indices of the configuration, -1 when absent.
  int AVLOperand = -1;
  int SEWOperand = -1;
  int PolicyOperand = -1;
  int RoundingOperand = -1;
  RISCVRoundingKind Rounding = RISCVRoundingKind::None;
  /// For each operand of the instruction: the pseudo operand it takes, or
  /// -1 for an absent mask (no register).
  SmallVector<int, 8> RealOperands;
};

/// Whether \p Name is a vector pseudo's (PseudoV...).
bool isRISCVVectorPseudoName(StringRef Name);

/// What \p Opcode means, or why it is no vector pseudo this tool can lower
/// (a configuration pseudo such as PseudoVSETVLI, spill code, or one whose
/// operands do not map onto an instruction's).
Expected<RISCVVectorPseudo> analyzeRISCVVectorPseudo(const MCInstrInfo &II,
                                                     unsigned Opcode);

/// The vector configuration an instance of a pseudo runs under.
struct RISCVVectorState {
  unsigned SEW = 8;
  unsigned LMulEighths = 8;
  bool TailAgnostic = true;
  bool MaskAgnostic = true;
  /// Whether the instruction reads a mask: without one, the mask policy
  /// means nothing and vtype says agnostic, as LLVM's code generator does.
  bool UsesMask = false;
  /// RISCVVLMaxAVL, an immediate AVL (0-31), or the register holding it.
  int64_t AVLImmediate = RISCVVLMaxAVL;
  MCRegister AVLRegister;
  RISCVRoundingKind Rounding = RISCVRoundingKind::None;
  unsigned RoundingMode = 0;

  /// The vtype immediate of VSETVLI / VSETIVLI.
  unsigned getVTypeImmediate() const;
  bool operator==(const RISCVVectorState &Other) const;
};

/// The configuration \p Inst (an instance of \p Pseudo) asks for. A pseudo
/// without a policy operand runs tail and mask agnostic; one without AVL at
/// VLMAX.
RISCVVectorState getRISCVVectorState(const RISCVVectorPseudo &Pseudo,
                                     const MCInst &Inst);

/// The instruction \p Inst (an instance of \p Pseudo) stands for: its
/// configuration operands dropped, register groups and half-precision
/// registers named as the instruction's classes name them.
Expected<MCInst> lowerRISCVVectorPseudo(const RISCVVectorPseudo &Pseudo,
                                        const MCInstrInfo &II,
                                        const MCRegisterInfo &RI,
                                        const MCInst &Inst);

/// "mf8" ... "m8".
StringRef getRISCVLMulName(unsigned LMulEighths);

} // namespace exegesis
} // namespace llvm

#endif
