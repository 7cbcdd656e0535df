//===-- RISCV/RISCVVectorPseudo.cpp -----------------------------*- C++ -*-===//

#include "RISCV/RISCVVectorPseudo.h"
#include "Core/OpcodeNameIndex.h"
#include "Core/Target.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Regex.h"

namespace llvm {
namespace exegesis {
namespace {

/// The RISC-V backend's operand types of the vector configuration, learnt
/// from opcodes known to have them (the enum is not installed).
struct VectorOperandTypes {
  TargetNameTable Table{"riscv64-unknown-linux-gnu"};
  OpcodeNameIndex Names{Table.getInstrInfo()};

  uint8_t operandType(StringRef Opcode, int FromEnd) {
    unsigned Op = Table.opcode(Opcode);
    if (!Op)
      return 0;
    ArrayRef<MCOperandInfo> Ops = Table.getInstrInfo().get(Op).operands();
    return Ops[Ops.size() - FromEnd].OperandType;
  }

  /// PseudoVADD_VV_M1: ..., AVL, SEW, policy.
  uint8_t AVL = operandType("PseudoVADD_VV_M1", 3);
  uint8_t SEW = operandType("PseudoVADD_VV_M1", 2);
  uint8_t Policy = operandType("PseudoVADD_VV_M1", 1);
  /// PseudoVAADDU_VV_M1: ..., rounding mode, AVL, SEW, policy.
  uint8_t RoundingMode = operandType("PseudoVAADDU_VV_M1", 4);
  /// PseudoVCPOP_M_B32: ..., AVL, SEW of a mask operation.
  uint8_t MaskSEW = operandType("PseudoVCPOP_M_B32", 1);
  /// VADD_VV's last operand: the optional mask register.
  uint8_t MaskOperand = operandType("VADD_VV", 1);
  MCRegister FRM = Table.reg("FRM");

  static VectorOperandTypes &get() {
    static VectorOperandTypes Types;
    return Types;
  }
};

} // namespace

bool isRISCVVectorPseudoName(StringRef Name) {
  return Name.starts_with("PseudoV");
}

/// LMUL in eighths for an LMUL suffix (M1, MF4...), 0 for anything else.
static unsigned parseLMul(StringRef Token) {
  return StringSwitch<unsigned>(Token)
      .Case("MF8", 1)
      .Case("MF4", 2)
      .Case("MF2", 4)
      .Case("M1", 8)
      .Case("M2", 16)
      .Case("M4", 32)
      .Case("M8", 64)
      .Default(0);
}

StringRef getRISCVLMulName(unsigned LMulEighths) {
  switch (LMulEighths) {
  case 1:
    return "mf8";
  case 2:
    return "mf4";
  case 4:
    return "mf2";
  case 16:
    return "m2";
  case 32:
    return "m4";
  case 64:
    return "m8";
  default:
    return "m1";
  }
}

static Error notLowerable(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

Expected<RISCVVectorPseudo> analyzeRISCVVectorPseudo(const MCInstrInfo &II,
                                                     unsigned Opcode) {
  VectorOperandTypes &Types = VectorOperandTypes::get();
  StringRef Name = II.getName(Opcode);
  if (!isRISCVVectorPseudoName(Name))
    return notLowerable("not a vector pseudo");
  RISCVVectorPseudo P;
  P.Opcode = Opcode;
  const MCInstrDesc &Desc = II.get(Opcode);
  for (auto [I, Info] : enumerate(Desc.operands())) {
    int Index = static_cast<int>(I);
    if (Info.OperandType == Types.AVL)
      P.AVLOperand = Index;
    else if (Info.OperandType == Types.SEW)
      P.SEWOperand = Index;
    else if (Info.OperandType == Types.MaskSEW) {
      P.SEWOperand = Index;
      P.IsMaskOperation = true;
    } else if (Info.OperandType == Types.Policy)
      P.PolicyOperand = Index;
    else if (Info.OperandType == Types.RoundingMode)
      P.RoundingOperand = Index;
  }
  if (P.SEWOperand < 0)
    return notLowerable("vector pseudo without a vector configuration "
                        "(configuration, spill or copy code)");

  // The instruction's name: the pseudo's without its prefix and suffixes.
  SmallVector<StringRef, 6> Tokens;
  Name.drop_front(strlen("Pseudo")).split(Tokens, '_');
  unsigned MaskRatio = 0;
  bool IsTiedForm = false;
  // Two LMULs: the index operand's and the data's, in an order that
  // depends on the instruction.
  unsigned FirstLMul = 0, LastLMul = 0;
  while (Tokens.size() > 1) {
    StringRef Last = Tokens.back();
    unsigned Number = 0;
    if (unsigned LMul = parseLMul(Last)) {
      FirstLMul = LMul;
      if (!LastLMul)
        LastLMul = LMul;
    } else if (Last.consume_front("E") && to_integer(Last, Number, 10))
      P.FixedSEW = Number;
    else if (Last.consume_front("B") && to_integer(Last, Number, 10))
      MaskRatio = Number;
    else if (Last == "MASK")
      P.IsMasked = true;
    else if (Last == "TIED")
      IsTiedForm = true;
    else
      break;
    Tokens.pop_back();
  }
  std::string Real = join(Tokens, "_");
  // Indexed loads and stores name the index LMUL first
  // (PseudoVLUXEI8_V_M2_M8 moves m8 data); vrgatherei16 names its own first.
  bool Indexed = StringRef(Real).starts_with("VLUX") ||
                 StringRef(Real).starts_with("VLOX") ||
                 StringRef(Real).starts_with("VSUX") ||
                 StringRef(Real).starts_with("VSOX");
  if (FirstLMul)
    P.LMulEighths = Indexed ? LastLMul : FirstLMul;
  // The index's width and LMUL fix the SEW: index EMUL = EEW / SEW x LMUL.
  SmallVector<StringRef, 2> IndexWidth;
  unsigned EEW = 0;
  if (Indexed && FirstLMul && Regex("EI([0-9]+)_V$").match(Real, &IndexWidth) &&
      to_integer(IndexWidth[1], EEW, 10))
    P.FixedSEW = EEW * LastLMul / FirstLMul;
  if (P.IsMaskOperation && MaskRatio)
    P.LMulEighths = std::max(1u, 64 / MaskRatio); // SEW/LMUL = ratio at e8.
  // Unit-stride and strided loads and stores name their element width,
  // which is the SEW they run at (vle16.v, vlseg8e16ff.v, vsse32.v).
  SmallVector<StringRef, 4> Width;
  if (!P.FixedSEW &&
      Regex("^V[LS](S?SEG[0-9]+)?S?E([0-9]+)(FF)?_V$").match(Real, &Width))
    to_integer(Width[2], P.FixedSEW, 10);
  // Scalar floating-point operands are spelled by width in the pseudos
  // (VFADD_VFPR16, VFMERGE_VFPR16M) and not in the instruction.
  for (StringRef Width : {"PR16", "PR32", "PR64"}) {
    size_t Pos = Real.find(Width.str());
    if (Pos != std::string::npos && Pos > 0 && Real[Pos - 1] == 'F')
      Real.erase(Pos, Width.size());
  }
  std::optional<unsigned> RealOpcode = Types.Names.find(Real);
  if (!RealOpcode)
    return notLowerable("no vector instruction " + Real + " for this pseudo");
  P.RealOpcode = *RealOpcode;
  P.RealName = Real;
  const MCInstrDesc &RealDesc = II.get(P.RealOpcode);
  if (P.RoundingOperand >= 0)
    P.Rounding = is_contained(RealDesc.implicit_uses(), Types.FRM)
                     ? RISCVRoundingKind::FloatingPoint
                     : RISCVRoundingKind::FixedPoint;

  // The pseudo's operands that the instruction has: all but the
  // configuration and the passthru tied to the result.
  SmallVector<int, 8> Kept;
  for (unsigned I = 0, E = Desc.getNumOperands(); I < E; ++I) {
    int Index = static_cast<int>(I);
    if (Index == P.AVLOperand || Index == P.SEWOperand ||
        Index == P.PolicyOperand || Index == P.RoundingOperand)
      continue;
    // Defs the instruction writes implicitly (the new vl of a
    // fault-only-first load).
    if (I < Desc.getNumDefs() && I >= RealDesc.getNumDefs())
      continue;
    // The passthru, except in the _TIED forms, where the operand tied to
    // the result is the instruction's wide source.
    if (I >= Desc.getNumDefs() && !IsTiedForm &&
        Desc.getOperandConstraint(I, MCOI::TIED_TO) >= 0)
      continue;
    Kept.push_back(Index);
  }
  SmallVector<unsigned, 8> Untied;
  for (unsigned I = 0, E = RealDesc.getNumOperands(); I < E; ++I)
    if (RealDesc.getOperandConstraint(I, MCOI::TIED_TO) < 0)
      Untied.push_back(I);
  bool AbsentMask =
      Kept.size() + 1 == Untied.size() && !Untied.empty() &&
      RealDesc.operands()[Untied.back()].OperandType == Types.MaskOperand;
  if (Kept.size() != Untied.size() && !AbsentMask)
    return notLowerable("the operands of " + Name + " do not map onto " + Real +
                        "'s");
  P.RealOperands.assign(RealDesc.getNumOperands(), -1);
  unsigned Next = 0;
  for (unsigned I = 0, E = RealDesc.getNumOperands(); I < E; ++I) {
    int TiedTo = RealDesc.getOperandConstraint(I, MCOI::TIED_TO);
    if (TiedTo >= 0)
      P.RealOperands[I] = P.RealOperands[TiedTo];
    else if (Next < Kept.size())
      P.RealOperands[I] = Kept[Next++];
  }
  return P;
}

unsigned RISCVVectorState::getVTypeImmediate() const {
  unsigned LMulBits = StringSwitch<unsigned>(getRISCVLMulName(LMulEighths))
                          .Case("m1", 0)
                          .Case("m2", 1)
                          .Case("m4", 2)
                          .Case("m8", 3)
                          .Case("mf8", 5)
                          .Case("mf4", 6)
                          .Case("mf2", 7);
  unsigned SEWBits = Log2_32(std::max(8u, SEW)) - 3;
  return (MaskAgnostic || !UsesMask ? 0x80 : 0) | (TailAgnostic ? 0x40 : 0) |
         (SEWBits << 3) | LMulBits;
}

bool RISCVVectorState::operator==(const RISCVVectorState &Other) const {
  return SEW == Other.SEW && LMulEighths == Other.LMulEighths &&
         TailAgnostic == Other.TailAgnostic &&
         MaskAgnostic == Other.MaskAgnostic &&
         AVLImmediate == Other.AVLImmediate && UsesMask == Other.UsesMask &&
         AVLRegister == Other.AVLRegister && Rounding == Other.Rounding &&
         RoundingMode == Other.RoundingMode;
}

RISCVVectorState getRISCVVectorState(const RISCVVectorPseudo &Pseudo,
                                     const MCInst &Inst) {
  RISCVVectorState S;
  S.LMulEighths = Pseudo.LMulEighths;
  S.UsesMask = Pseudo.IsMasked;
  auto Imm = [&](int Index) -> std::optional<int64_t> {
    if (Index < 0 || unsigned(Index) >= Inst.getNumOperands() ||
        !Inst.getOperand(Index).isImm())
      return std::nullopt;
    return Inst.getOperand(Index).getImm();
  };
  if (!Pseudo.IsMaskOperation)
    if (std::optional<int64_t> Log2SEW = Imm(Pseudo.SEWOperand))
      S.SEW = 1u << std::clamp<int64_t>(*Log2SEW, 3, 6);
  if (std::optional<int64_t> Policy = Imm(Pseudo.PolicyOperand)) {
    S.TailAgnostic = *Policy & 1;
    S.MaskAgnostic = *Policy & 2;
  }
  if (Pseudo.AVLOperand >= 0 &&
      unsigned(Pseudo.AVLOperand) < Inst.getNumOperands()) {
    const MCOperand &AVL = Inst.getOperand(Pseudo.AVLOperand);
    if (AVL.isReg())
      S.AVLRegister = AVL.getReg();
    else if (AVL.isImm())
      S.AVLImmediate = AVL.getImm();
  }
  if (std::optional<int64_t> Mode = Imm(Pseudo.RoundingOperand)) {
    S.Rounding = Pseudo.Rounding;
    S.RoundingMode = static_cast<unsigned>(*Mode);
  }
  return S;
}

/// The register of \p Class that names \p Reg: itself, or the register of
/// the same number that overlaps it (V8 for the group V8M2, F10_F for
/// F10_H).
static MCRegister inClass(const MCRegisterInfo &RI,
                          const MCRegisterClass &Class, MCRegister Reg) {
  if (!Reg.isValid() || Class.contains(Reg))
    return Reg;
  for (MCRegister Candidate : Class)
    if (RI.getEncodingValue(Candidate) == RI.getEncodingValue(Reg) &&
        RI.regsOverlap(Candidate, Reg))
      return Candidate;
  return MCRegister();
}

Expected<MCInst> lowerRISCVVectorPseudo(const RISCVVectorPseudo &Pseudo,
                                        const MCInstrInfo &II,
                                        const MCRegisterInfo &RI,
                                        const MCInst &Inst) {
  const MCInstrDesc &RealDesc = II.get(Pseudo.RealOpcode);
  MCInst Real;
  Real.setOpcode(Pseudo.RealOpcode);
  for (auto [I, From] : enumerate(Pseudo.RealOperands)) {
    if (From < 0) {
      Real.addOperand(MCOperand::createReg(MCRegister()));
      continue;
    }
    if (unsigned(From) >= Inst.getNumOperands())
      return notLowerable(II.getName(Pseudo.Opcode) + " has too few operands");
    MCOperand Op = Inst.getOperand(From);
    int16_t ClassID = RealDesc.operands()[I].RegClass;
    if (Op.isReg() && ClassID >= 0) {
      MCRegister Reg = inClass(RI, RI.getRegClass(ClassID), Op.getReg());
      if (Op.getReg().isValid() && !Reg.isValid())
        return notLowerable(Twine(RI.getName(Op.getReg())) +
                            " cannot be an operand of " + Pseudo.RealName);
      Op = MCOperand::createReg(Reg);
    }
    Real.addOperand(Op);
  }
  return Real;
}

} // namespace exegesis
} // namespace llvm
