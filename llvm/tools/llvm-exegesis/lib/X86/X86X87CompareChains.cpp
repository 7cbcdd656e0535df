//===-- X86/X86X87CompareChains.cpp -----------------------------*- C++ -*-===//

#include "X86/X86X87CompareChains.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "X86/X86ScratchWord.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include <array>

namespace llvm {
namespace exegesis {

using namespace shorthand;

namespace {

/// The word in memory a compare reads.
enum class CompareWord { None, F32, F64, I16, I32 };

/// An x87 compare or examine whose only result is the condition codes.
struct CompareForm {
  StringLiteral Name;
  CompareWord Word;
  /// How many values it pops (each pushed back by `fld1`).
  unsigned Pops;
  /// Whether 1.0 against 1.0 makes it set C3 (ZF after SAHF): FCMOVE is
  /// then taken; FTST and FXAM of 1.0 leave C3 clear: FCMOVNE.
  bool SetsC3;
  /// What it does, after its name in `info`.
  StringLiteral Does;
};

constexpr CompareForm Compares[] = {
    {"FCOM32m", CompareWord::F32, 0, true, "compares ST(0) with the word at"},
    {"FCOM64m", CompareWord::F64, 0, true, "compares ST(0) with the word at"},
    {"FCOMP32m", CompareWord::F32, 1, true, "compares ST(0) with the word at"},
    {"FCOMP64m", CompareWord::F64, 1, true, "compares ST(0) with the word at"},
    {"FICOM16m", CompareWord::I16, 0, true, "compares ST(0) with the word at"},
    {"FICOM32m", CompareWord::I32, 0, true, "compares ST(0) with the word at"},
    {"FICOMP16m", CompareWord::I16, 1, true, "compares ST(0) with the word at"},
    {"FICOMP32m", CompareWord::I32, 1, true, "compares ST(0) with the word at"},
    {"FCOMPP", CompareWord::None, 2, true,
     "(fcompp) compares ST(0) with ST(1)"},
    {"UCOM_FPPr", CompareWord::None, 2, true,
     "(fucompp) compares ST(0) with ST(1), unordered,"},
    {"TST_F", CompareWord::None, 0, false, "(ftst) compares ST(0) with 0.0"},
    {"XAM_F", CompareWord::None, 0, false,
     "(fxam) classifies ST(0) (a positive normal number)"},
};

const CompareForm *findCompare(StringRef Name) {
  for (const CompareForm &Form : Compares)
    if (Form.Name == Name)
      return &Form;
  return nullptr;
}

/// 1 in the compare's word type, as the low and high 32 bits.
std::array<uint32_t, 2> oneAsWords(CompareWord Word) {
  switch (Word) {
  case CompareWord::F32:
    return {0x3F800000u, 0};
  case CompareWord::F64:
    return {0, 0x3FF00000u};
  case CompareWord::I16:
  case CompareWord::I32:
  case CompareWord::None:
    return {1, 0};
  }
  llvm_unreachable("every word type is covered");
}

StringRef describeWord(CompareWord Word) {
  switch (Word) {
  case CompareWord::F32:
    return "a float";
  case CompareWord::F64:
    return "a double";
  case CompareWord::I16:
    return "a 16-bit integer";
  case CompareWord::I32:
    return "a 32-bit integer";
  case CompareWord::None:
    break;
  }
  llvm_unreachable("only a memory form has a word");
}

/// FYL2XP1's x, 2^(1/4) - 1, the double nearest to it: log2(1 + x) is
/// 0.25 less 1.5e-17, so that each repetition's 4 log2(1 + x) is 1 less
/// 5.9e-17 (and FYL2XP1 and FMUL round to 64 bits, 5.4e-20 at most each).
/// A billion repetitions move y from 1.0 by less than 1e-7; it never gets
/// near a denormal or an infinity, whose operations are slow. Checked on
/// Zen 5 with a C loop of the same three instructions (inline assembly,
/// x87 extended precision): 10^7 repetitions leave y at 1 - 5.85e-10,
/// 10^6 at 1 - 5.85e-11, as 5.9e-17 a repetition predicts.
constexpr uint64_t Fyl2xp1X = 0x3FC837F0518DB8A9ULL;
/// 4.0 and 0.25 as doubles: the FMUL that brings y back, and its inverse,
/// which keeps the FMUL chain measured beside it at 1.0.
constexpr uint64_t Four = 0x4010000000000000ULL;
constexpr uint64_t Quarter = 0x3FD0000000000000ULL;
/// Where they are, past the scratch pointer.
constexpr int64_t XOffset = 0, FourOffset = 8, QuarterOffset = 16;

/// 1.0 in the x87's 80-bit format.
APInt x87One() { return APInt(80, {0x8000000000000000ULL, 0x3FFF}); }

/// The opcodes of a chain, looked up by name; nullopt if one is missing.
std::optional<std::vector<unsigned>> lookUp(const LLVMState &State,
                                            ArrayRef<StringRef> Names) {
  std::vector<unsigned> Opcodes;
  for (StringRef Name : Names) {
    std::optional<unsigned> Opcode = State.getOpcodeByName(Name);
    if (!Opcode)
      return std::nullopt;
    Opcodes.push_back(*Opcode);
  }
  return Opcodes;
}

std::vector<MCOperand> atScratch(MCRegister Scratch, int64_t Offset) {
  return {reg(Scratch), imm(1), reg(MCRegister()), imm(Offset),
          reg(MCRegister())};
}

MCRegister stRegister(const LLVMState &State, unsigned Index) {
  return *State.getRegisterByName(Index == 0 ? "ST0" : "ST1");
}

/// The compare's chain: the compare, FNSTSW, `fld1` per pop, SAHF and the
/// FCMOV the values make true.
std::optional<std::vector<MCInst>> buildCompareChain(const LLVMState &State,
                                                     const CompareForm &Form) {
  std::optional<std::vector<unsigned>> Ops =
      lookUp(State, {Form.Name, "LD_F1", "FNSTSW16r", "SAHF",
                     Form.SetsC3 ? "CMOVE_F" : "CMOVNE_F"});
  MCRegister Scratch = getX86ScratchRegister(State);
  if (!Ops || (Form.Word != CompareWord::None && !Scratch.isValid()))
    return std::nullopt;
  std::vector<MCInst> Chain;
  Chain.push_back(Form.Word == CompareWord::None
                      ? inst((*Ops)[0], {})
                      : inst((*Ops)[0], atScratch(Scratch, 0)));
  Chain.push_back(inst((*Ops)[2], {}));
  // After FNSTSW: a push between the compare and FNSTSW makes FNSTSW wait
  // (12 cycles more a repetition on Zen 5, with one push or two, and with a
  // push and a pop after a compare that pops nothing); after it, the pushes
  // cost nothing (19 cycles with `fcomp %st(1)` and `fld1` as with `fcom
  // %st(1)` alone).
  for (unsigned I = 0; I < Form.Pops; ++I)
    Chain.push_back(inst((*Ops)[1], {}));
  Chain.push_back(inst((*Ops)[3], {}));
  Chain.push_back(inst((*Ops)[4], {reg(stRegister(State, 1))}));
  return Chain;
}

/// ST(0) to EFLAGS by FCOMI, to AH by LAHF, back to EFLAGS by SAHF and to
/// ST(0) by FCMOVE (1.0 against 1.0 sets ZF: taken, as in the compares'
/// chains).
std::optional<std::vector<MCInst>> buildRoundTrip(const LLVMState &State) {
  std::optional<std::vector<unsigned>> Ops =
      lookUp(State, {"COM_FIr", "LAHF", "SAHF", "CMOVE_F"});
  if (!Ops)
    return std::nullopt;
  MCRegister ST1 = stRegister(State, 1);
  return std::vector<MCInst>{inst((*Ops)[0], {reg(ST1)}), inst((*Ops)[1], {}),
                             inst((*Ops)[2], {}), inst((*Ops)[3], {reg(ST1)})};
}

/// `fldl (%rdi); fyl2xp1; fmull 8(%rdi)`.
std::optional<std::vector<MCInst>> buildFyl2xp1Chain(const LLVMState &State) {
  std::optional<std::vector<unsigned>> Ops =
      lookUp(State, {"LD_F64m", "FYL2XP1", "MUL_F64m"});
  MCRegister Scratch = getX86ScratchRegister(State);
  if (!Ops || !Scratch.isValid())
    return std::nullopt;
  return std::vector<MCInst>{inst((*Ops)[0], atScratch(Scratch, XOffset)),
                             inst((*Ops)[1], {}),
                             inst((*Ops)[2], atScratch(Scratch, FourOffset))};
}

/// `fmull 8(%rdi); fmull 16(%rdi)`: times 4.0, times 0.25.
std::optional<std::vector<MCInst>> buildFmulPair(const LLVMState &State) {
  std::optional<std::vector<unsigned>> Ops = lookUp(State, {"MUL_F64m"});
  MCRegister Scratch = getX86ScratchRegister(State);
  if (!Ops || !Scratch.isValid())
    return std::nullopt;
  return std::vector<MCInst>{
      inst((*Ops)[0], atScratch(Scratch, FourOffset)),
      inst((*Ops)[0], atScratch(Scratch, QuarterOffset))};
}

bool sameOperand(const MCOperand &A, const MCOperand &B) {
  if (A.isReg() && B.isReg())
    return A.getReg() == B.getReg();
  if (A.isImm() && B.isImm())
    return A.getImm() == B.getImm();
  return false;
}

bool sameInstructions(ArrayRef<MCInst> A, ArrayRef<MCInst> B) {
  if (A.size() != B.size())
    return false;
  for (auto [X, Y] : zip(A, B)) {
    if (X.getOpcode() != Y.getOpcode() ||
        X.getNumOperands() != Y.getNumOperands())
      return false;
    for (unsigned I = 0, E = X.getNumOperands(); I < E; ++I)
      if (!sameOperand(X.getOperand(I), Y.getOperand(I)))
        return false;
  }
  return true;
}

bool hasSahf(const LLVMState &State) {
  return State.getSubtargetInfo().checkFeatures("+sahf");
}

/// The x87 starting values every chain here runs with: every exception
/// masked and rounding to nearest (the benchmark's own setup), ST(0) and,
/// for the compares, ST(1) at 1.0.
std::vector<RegisterValue> startValues(const LLVMState &State, unsigned Depth) {
  std::vector<RegisterValue> Values = {
      {*State.getRegisterByName("FPCW"), APInt(16, 0x37F)}};
  for (unsigned I = 0; I < Depth; ++I)
    Values.push_back({stRegister(State, I), x87One()});
  return Values;
}

std::optional<PreparedSnippet> getCompareSnippet(const LLVMState &State,
                                                 const CompareForm &Form) {
  std::optional<std::vector<MCInst>> Chain = buildCompareChain(State, Form);
  std::optional<std::vector<MCInst>> RoundTrip = buildRoundTrip(State);
  if (!Chain || !RoundTrip || !hasSahf(State))
    return std::nullopt;
  MCRegister Scratch = getX86ScratchRegister(State);
  StringRef Move = Form.SetsC3 ? "FCMOVE" : "FCMOVNE";
  std::string Info =
      ("Latency through the condition codes: " + Form.Name + " " + Form.Does)
          .str();
  if (Form.Word != CompareWord::None)
    Info += (" " + State.getRegisterName(Scratch) + " (1 as " +
             describeWord(Form.Word) +
             ", written before the register setup; the load is off the "
             "chain, which is the register path)")
                .str();
  if (Form.Pops == 1)
    Info += " and pops ST(0)";
  else if (Form.Pops == 2)
    Info += " and pops both";
  Info += "; FNSTSW copies the status word into AX";
  if (Form.Pops == 1)
    Info += ", fld1 pushes 1.0 back, off the chain (it reads nothing; "
            "before FNSTSW it would delay it)";
  else if (Form.Pops == 2)
    Info += ", two fld1 push 1.0 back, off the chain (they read nothing; "
            "before FNSTSW they would delay it)";
  Info += (", SAHF AH into EFLAGS (C0 to CF, C2 to PF, C3 to ZF) and " + Move +
           " ST(1) into ST(0) if ZF is " + (Form.SetsC3 ? "set" : "clear") +
           ", which the values make true, so the next compare's ST(0) waits "
           "for the condition codes; ST(0) and ST(1) start at 1.0, so every "
           "value stays 1.0. FNSTSW's share cannot be timed alone (no "
           "instruction moves AX into the status word), nor can SAHF's and " +
           Move +
           "'s, so the value is an estimate: SAHF and FCMOV taken as half of a "
           "round trip through FCOMI, LAHF, SAHF and FCMOVE, and the rest of "
           "the chain split evenly between the compare and FNSTSW, i.e. half "
           "the chain, measured again, less a quarter of the round trip; "
           "every instruction takes at least a cycle, so the compare's "
           "latency lies between 1 cycle and the chain less 3")
              .str();
  PreparedSnippet Snippet;
  Snippet.Instructions = *Chain;
  Snippet.Info = std::move(Info);

  SubtractedChain Again;
  Again.Key.Instructions = *Chain;
  Again.Key.RegisterInitialValues = startValues(State, 2);
  if (Form.Word != CompareWord::None)
    Again.LiveIns = {Scratch};
  Again.Share = 0.5;
  // Half the chain stands for FNSTSW, taken as long as the compare, and half
  // of SAHF and FCMOV: at least 1 + 1 cycles, at most the chain less the
  // compare's least cycle and that half's.
  Again.Bounds = SubtractedBounds{0, 2, 1, -2};
  Again.What = "the same chain again: half of it stands for FNSTSW (taken "
               "as long as the compare) and half of SAHF and FCMOV, at least "
               "2 cycles and at most the chain less 2";
  SubtractedChain Back;
  Back.Key.Instructions = *RoundTrip;
  Back.Key.RegisterInitialValues = startValues(State, 2);
  Back.Share = 0.25;
  // A quarter of the round trip is the other half of SAHF and FCMOV: at
  // least 1 cycle (each takes one), at most half the round trip less 1
  // (FCOMI and LAHF take one each).
  Back.Bounds = SubtractedBounds{0, 1, 0.5, -1};
  Back.What = "the other half of SAHF and FCMOV, taken as half of this "
              "round trip from ST(0) to EFLAGS and back (each instruction "
              "at least a cycle)";
  Snippet.SubtractedChains = {std::move(Again), std::move(Back)};
  return Snippet;
}

std::optional<PreparedSnippet> getFyl2xp1Snippet(const LLVMState &State) {
  std::optional<std::vector<MCInst>> Chain = buildFyl2xp1Chain(State);
  std::optional<std::vector<MCInst>> Fmuls = buildFmulPair(State);
  if (!Chain || !Fmuls)
    return std::nullopt;
  StringRef Base = State.getRegisterName(getX86ScratchRegister(State));
  PreparedSnippet Snippet;
  Snippet.Instructions = *Chain;
  Snippet.Info =
      "FYL2XP1 through ST(1), y: fldl (%" + Base.lower() +
      ") pushes x = 2^(1/4) - 1 (a double written before the register "
      "setup; off the chain: it reads no chain value), FYL2XP1 (defined "
      "for |x| below 1 - sqrt(2)/2) pops it and leaves y * log2(1 + x) = "
      "y / 4 in ST(0), and fmull 8(%" +
      Base.lower() +
      ") multiplies that by 4.0, back to y (4 log2(1 + x) is 1 within "
      "6e-17, so y stays within 1e-7 of 1.0 for a billion repetitions); "
      "FMUL's latency is measured in the same run and subtracted, ST(0) "
      "starting at 1.0";
  SubtractedChain Fmul;
  Fmul.Key.Instructions = *Fmuls;
  Fmul.Key.RegisterInitialValues = startValues(State, 1);
  Fmul.LiveIns = {getX86ScratchRegister(State)};
  Fmul.Share = 0.5;
  Fmul.What = "FMUL's latency: fmul by 4.0 then by 0.25, doubles in memory, "
              "so that the chain stays at 1.0; half of it";
  Snippet.SubtractedChains = {std::move(Fmul)};
  return Snippet;
}

/// The two 32-bit stores of \p Word at \p Offset past the scratch pointer.
void storeWords(const LLVMState &State, MCRegister Scratch, int64_t Offset,
                uint64_t Word, std::vector<MCInst> &Out) {
  unsigned Move = *State.getOpcodeByName("MOV32mi");
  for (unsigned Half = 0; Half < 2; ++Half) {
    std::vector<MCOperand> Ops = atScratch(Scratch, Offset + 4 * Half);
    Ops.push_back(imm(int32_t(Word >> (32 * Half))));
    Out.push_back(inst(Move, Ops));
  }
}

} // namespace

std::optional<PreparedSnippet>
getX87CompareChainSnippet(const LLVMState &State,
                          const InstructionModel &Model) {
  if (const CompareForm *Form = findCompare(Model.getName()))
    return getCompareSnippet(State, *Form);
  if (Model.getName() == "FYL2XP1")
    return getFyl2xp1Snippet(State);
  return std::nullopt;
}

std::optional<std::string>
whyNoX87CompareChainSnippet(const LLVMState &State,
                            const InstructionModel &Model) {
  StringRef Name = Model.getName();
  const CompareForm *Form = findCompare(Name);
  if (!Form && Name != "FYL2XP1")
    return std::nullopt;
  if (getX87CompareChainSnippet(State, Model))
    return std::nullopt;
  if (Form && !hasSahf(State))
    return std::string("an x87 compare or examine: its condition codes reach "
                       "ST(0) through FNSTSW, SAHF and FCMOV, and this CPU "
                       "has no SAHF in 64-bit mode");
  if (!getX86ScratchRegister(State).isValid())
    return (Twine(Form ? "an x87 compare of a word in memory"
                       : "x87 FYL2XP1, chained with constants in memory") +
            ": its chain needs a scratch memory register, which this target "
            "has not")
        .str();
  return std::string("an x87 opcode whose chain needs an instruction this "
                     "target does not name");
}

unsigned getX87CompareChainStartDepth(const LLVMState &State,
                                      ArrayRef<MCInst> Instructions) {
  if (Instructions.empty())
    return 0;
  for (const CompareForm &Form : Compares)
    if (std::optional<std::vector<MCInst>> Chain =
            buildCompareChain(State, Form))
      if (sameInstructions(*Chain, Instructions))
        return 2;
  if (std::optional<std::vector<MCInst>> RoundTrip = buildRoundTrip(State))
    if (sameInstructions(*RoundTrip, Instructions))
      return 2;
  for (auto Build : {buildFyl2xp1Chain, buildFmulPair})
    if (std::optional<std::vector<MCInst>> Chain = Build(State))
      if (sameInstructions(*Chain, Instructions))
        return 1;
  return 0;
}

std::vector<MCInst> writeX87CompareChainWords(const LLVMState &State,
                                              ArrayRef<MCInst> Instructions) {
  MCRegister Scratch = getX86ScratchRegister(State);
  if (!Scratch.isValid() || !State.getOpcodeByName("MOV32mi") ||
      Instructions.empty())
    return {};
  std::vector<MCInst> Stores;
  for (const CompareForm &Form : Compares) {
    if (Form.Word == CompareWord::None)
      continue;
    std::optional<std::vector<MCInst>> Chain = buildCompareChain(State, Form);
    if (!Chain || !sameInstructions(*Chain, Instructions))
      continue;
    std::array<uint32_t, 2> One = oneAsWords(Form.Word);
    storeWords(State, Scratch, 0, uint64_t(One[1]) << 32 | One[0], Stores);
    return Stores;
  }
  for (auto Build : {buildFyl2xp1Chain, buildFmulPair}) {
    std::optional<std::vector<MCInst>> Chain = Build(State);
    if (!Chain || !sameInstructions(*Chain, Instructions))
      continue;
    storeWords(State, Scratch, XOffset, Fyl2xp1X, Stores);
    storeWords(State, Scratch, FourOffset, Four, Stores);
    storeWords(State, Scratch, QuarterOffset, Quarter, Stores);
    return Stores;
  }
  return {};
}

} // namespace exegesis
} // namespace llvm
