//===-- RISCV/RISCVVectorConfiguration.cpp ----------------------*- C++ -*-===//

#include "RISCV/RISCVVectorConfiguration.h"
#include "RISCV/RISCVVectorLength.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
namespace exegesis {

/// Whether the vector unit computes with floats of \p Bits bits.
static bool hasVectorFloat(const MCSubtargetInfo &STI, unsigned Bits) {
  switch (Bits) {
  case 16:
    return STI.checkFeatures("+zvfh");
  case 32:
    return STI.checkFeatures("+zve32f");
  case 64:
    return STI.checkFeatures("+zve64d");
  default:
    return false;
  }
}

/// The element-group width a vector-crypto instruction needs at \p SEW,
/// 0 when it is no such instruction, or nullopt when \p SEW is not one it
/// takes.
static std::optional<unsigned> getCryptoGroupWidth(StringRef Name, unsigned SEW,
                                                   const MCSubtargetInfo &STI) {
  bool Words = Name.starts_with("VAES") || Name.starts_with("VGHSH") ||
               Name.starts_with("VGMUL") || Name.starts_with("VSM4");
  if (Words)
    return SEW == 32 ? std::optional<unsigned>(128) : std::nullopt;
  if (Name.starts_with("VSM3"))
    return SEW == 32 ? std::optional<unsigned>(256) : std::nullopt;
  if (Name.starts_with("VSHA2")) {
    if (SEW == 32)
      return 128;
    if (SEW == 64 && STI.checkFeatures("+zvknhb"))
      return 256;
    return std::nullopt;
  }
  return 0;
}

static bool isValidSEW(const RISCVVectorPseudo &P, unsigned SEW,
                       const MCSubtargetInfo &STI) {
  unsigned VLen = getRISCVVectorLength(STI);
  unsigned ELen = STI.checkFeatures("+zve64x") ? 64 : 32;
  StringRef Name = P.RealName;
  if (P.FixedSEW && SEW != P.FixedSEW)
    return false;
  // SEW <= ELEN x LMUL for fractional LMULs, SEW <= ELEN for the others.
  if (SEW > ELen || (P.LMulEighths < 8 && SEW * 8 > ELen * P.LMulEighths))
    return false;
  bool Widening = Name.starts_with("VW") || Name.starts_with("VFW");
  bool Narrowing = Name.starts_with("VNSR") || Name.starts_with("VNCLIP") ||
                   Name.starts_with("VFNCVT");
  if ((Widening || Narrowing) && 2 * SEW > ELen)
    return false;
  if (Name.starts_with("VSEXT_VF") || Name.starts_with("VZEXT_VF")) {
    unsigned Factor = Name.back() - '0';
    unsigned SourceSEW = SEW / Factor;
    unsigned SourceLMul = P.LMulEighths / Factor;
    if (SourceSEW < 8 || SourceLMul == 0 ||
        (SourceLMul < 8 && SourceSEW * 8 > ELen * SourceLMul))
      return false;
  }
  if (Name.starts_with("VF") && !Name.starts_with("VFIRST")) {
    bool IntegerSource = Name.contains("_F_X");
    bool IntegerResult = Name.contains("_X_F") || Name.contains("_XU_F");
    unsigned Source = Narrowing ? 2 * SEW : SEW;
    unsigned Result = Widening ? 2 * SEW : SEW;
    if (!IntegerSource && !hasVectorFloat(STI, Source))
      return false;
    if (!IntegerResult && !hasVectorFloat(STI, Result))
      return false;
  }
  std::optional<unsigned> GroupWidth = getCryptoGroupWidth(Name, SEW, STI);
  if (!GroupWidth)
    return false;
  if (*GroupWidth && VLen * P.LMulEighths / 8 < *GroupWidth)
    return false;
  if (Name.starts_with("VCLMUL") && SEW != 64)
    return false;
  return true;
}

std::vector<RISCVVectorChoice>
enumerateRISCVVectorChoices(const RISCVVectorPseudo &Pseudo,
                            const MCSubtargetInfo &STI,
                            const RISCVEnumerationOptions &Options) {
  std::vector<RISCVVectorChoice> Choices;
  if (getRISCVVectorLength(STI) == 0)
    return Choices;
  // Without enumeration, one mode: the floating-point one is dynamic, which
  // leaves frm as the caller has it (vxrm has no such mode: rnu, its first).
  SmallVector<unsigned, 5> RoundingModes = {0};
  if (Pseudo.Rounding == RISCVRoundingKind::FixedPoint &&
      Options.EnumerateRoundingModes)
    RoundingModes = {0, 1, 2, 3}; // rnu, rne, rdn, rod
  else if (Pseudo.Rounding == RISCVRoundingKind::FloatingPoint)
    RoundingModes = Options.EnumerateRoundingModes
                        ? SmallVector<unsigned, 5>{0, 1, 2, 3, 4} // rne..rmm
                        : SmallVector<unsigned, 5>{RISCVDynamicRounding};
  SmallVector<RISCVAVLForm, 3> AVLs = {RISCVAVLForm::VLMax};
  if (Pseudo.AVLOperand >= 0 && !Options.VLMaxOnly)
    AVLs.append({RISCVAVLForm::Register, RISCVAVLForm::Immediate});
  SmallVector<unsigned, 4> SEWs;
  if (Pseudo.IsMaskOperation)
    SEWs.push_back(8);
  else
    for (unsigned SEW : {8u, 16u, 32u, 64u})
      if (isValidSEW(Pseudo, SEW, STI))
        SEWs.push_back(SEW);
  unsigned NumPolicies = Pseudo.PolicyOperand >= 0 ? 4 : 1;
  for (unsigned Mode : RoundingModes)
    for (RISCVAVLForm AVL : AVLs)
      for (unsigned SEW : SEWs)
        for (unsigned Policy = 0; Policy < NumPolicies; ++Policy)
          Choices.push_back({Mode, AVL, SEW, Policy});
  return Choices;
}

unsigned getRISCVVLMax(const MCSubtargetInfo &STI, unsigned SEW,
                       unsigned LMulEighths) {
  return getRISCVVectorLength(STI) * LMulEighths / 8 / std::max(8u, SEW);
}

int64_t getRISCVImmediateAVL(const MCSubtargetInfo &STI, unsigned SEW,
                             unsigned LMulEighths) {
  unsigned VLMax = getRISCVVLMax(STI, SEW, LMulEighths);
  return std::clamp<int64_t>(VLMax / 2, 1, 31);
}

static StringRef getRoundingModeName(RISCVRoundingKind Kind, unsigned Mode) {
  static const char *const FixedPoint[] = {"rnu", "rne", "rdn", "rod"};
  static const char *const Float[] = {"rne", "rtz", "rdn", "rup",
                                      "rmm", "",    "",    "dyn"};
  if (Kind == RISCVRoundingKind::FixedPoint && Mode < 4)
    return FixedPoint[Mode];
  if (Kind == RISCVRoundingKind::FloatingPoint && Mode < 8 && *Float[Mode])
    return Float[Mode];
  return "invalid";
}

std::string describeRISCVVectorState(const RISCVVectorPseudo &Pseudo,
                                     const RISCVVectorState &State,
                                     StringRef AVLRegisterName) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "vtype = {";
  if (Pseudo.RoundingOperand >= 0)
    OS << (Pseudo.Rounding == RISCVRoundingKind::FloatingPoint ? "FRM: "
                                                               : "VXRM: ")
       << getRoundingModeName(Pseudo.Rounding, State.RoundingMode) << ", ";
  if (Pseudo.AVLOperand >= 0) {
    OS << "AVL: ";
    if (State.AVLRegister.isValid())
      OS << AVLRegisterName;
    else if (State.AVLImmediate == RISCVVLMaxAVL)
      OS << "VLMAX";
    else
      OS << "simm5";
    OS << ", ";
  }
  OS << "SEW: e" << State.SEW;
  if (Pseudo.PolicyOperand >= 0)
    OS << ", Policy: " << (State.TailAgnostic ? "ta" : "tu") << "/"
       << (State.MaskAgnostic ? "ma" : "mu");
  OS << "}";
  return Text;
}

/// The fields of `vtype = {Key: Value, ...}`, or nullopt when \p Text has
/// another shape.
static std::optional<std::vector<std::pair<std::string, std::string>>>
splitFields(StringRef Text) {
  Text = Text.trim();
  if (!Text.consume_front("vtype"))
    return std::nullopt;
  Text = Text.ltrim();
  if (!Text.consume_front("="))
    return std::nullopt;
  Text = Text.trim();
  if (!Text.consume_front("{") || !Text.consume_back("}"))
    return std::nullopt;
  std::vector<std::pair<std::string, std::string>> Fields;
  if (Text.trim().empty())
    return Fields;
  // Fields are separated by ", " outside parentheses, so that expressions
  // such as e(8|16) keep their own commas, if any.
  unsigned Depth = 0;
  size_t Start = 0;
  auto AddField = [&](StringRef Field) -> bool {
    auto [Key, Value] = Field.split(':');
    if (Key.trim().empty() || Field.find(':') == StringRef::npos)
      return false;
    Fields.emplace_back(Key.trim().str(), Value.trim().str());
    return true;
  };
  for (size_t I = 0; I <= Text.size(); ++I) {
    bool End = I == Text.size();
    char C = End ? ',' : Text[I];
    if (C == '(')
      ++Depth;
    else if (C == ')' && Depth > 0)
      --Depth;
    else if (C == ',' && (Depth == 0 || End)) {
      if (!AddField(Text.slice(Start, I)))
        return std::nullopt;
      Start = I + 1;
    }
  }
  return Fields;
}

Expected<RISCVVectorConfigFilter>
RISCVVectorConfigFilter::parse(StringRef Text) {
  auto Fields = splitFields(Text);
  if (!Fields)
    return createStringError(
        inconvertibleErrorCode(),
        "--riscv-filter-config: '" + Text +
            "' is not of the form 'vtype = {Field: regex, ...}'");
  RISCVVectorConfigFilter Filter;
  for (auto &[Key, Value] : *Fields) {
    std::string Anchored = "^(" + Value + ")$";
    std::string Why;
    if (!Regex(Anchored).isValid(Why))
      return createStringError(inconvertibleErrorCode(),
                               "--riscv-filter-config: field " + Key + ": '" +
                                   Value +
                                   "' is not a regular expression: " + Why);
    Filter.Fields.emplace_back(Key, std::move(Anchored));
  }
  return Filter;
}

bool RISCVVectorConfigFilter::matches(StringRef ConfigText) const {
  auto Config = splitFields(ConfigText);
  if (!Config)
    return false;
  for (const auto &[Key, Pattern] : Fields) {
    auto It = find_if(*Config, [&](const auto &F) { return F.first == Key; });
    if (It == Config->end() || !Regex(Pattern).match(It->second))
      return false;
  }
  return true;
}

} // namespace exegesis
} // namespace llvm
