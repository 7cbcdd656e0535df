//===-- X86/X86X87Chains.cpp ------------------------------------*- C++ -*-===//

#include "X86/X86X87Chains.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "X86/X86X87CompareChains.h"
#include "X86/X86X87MemoryChains.h"
#include "llvm/ADT/STLExtras.h"

namespace llvm {
namespace exegesis {

namespace {

/// How an x87 opcode is chained through ST(0).
enum class X87Shape {
  /// Replaces ST(0): repeats alone.
  InPlace,
  /// ST(0) = ST(0) op memory: repeats alone, the word holding 1.
  MemoryOperand,
  /// Replaces ST(0) and pushes a second result, popped off the chain.
  PushPopTop,
  /// FXTRACT: pushes the significand over the exponent; the significand is
  /// copied down over the exponent and popped, on the chain.
  PushKeepTop,
  /// Pops: `fld1` pushed first, off the chain.
  PopAfterOne,
  /// Pops: 2 pushed first (`fld1; fadd %st(0), %st`), off the chain.
  PopAfterTwo,
};

/// 1.0, 0.75 in the x87's 80-bit format (sign and exponent, then the
/// 64-bit significand with its explicit integer bit).
APInt x87Value(uint16_t SignExponent, uint64_t Significand) {
  return APInt(80, {Significand, SignExponent});
}
APInt x87One() { return x87Value(0x3FFF, 0x8000000000000000ULL); }
APInt x87ThreeQuarters() { return x87Value(0x3FFE, 0xC000000000000000ULL); }

/// The arithmetic memory forms: ADD, SUB, SUBR, MUL, DIV, DIVR of a 32- or
/// 64-bit float or a 16- or 32-bit integer.
bool isArithmeticMemoryForm(StringRef Name) {
  StringRef Op = Name.take_until([](char C) { return C == '_'; });
  StringRef Form = Name.drop_front(Op.size());
  return is_contained({"ADD", "SUB", "SUBR", "MUL", "DIV", "DIVR"}, Op) &&
         is_contained({"_F32m", "_F64m", "_FI16m", "_FI32m"}, Form);
}

std::optional<X87Shape> getX87Shape(StringRef Name) {
  if (isArithmeticMemoryForm(Name))
    return X87Shape::MemoryOperand;
  if (is_contained({"ABS_F", "CHS_F", "SQRT_F", "FRNDINT", "FSIN", "FCOS",
                    "F2XM1", "FSCALE", "FPREM", "FPREM1", "FINCSTP", "FDECSTP"},
                   Name))
    return X87Shape::InPlace;
  if (Name == "FPTAN" || Name == "FSINCOS")
    return X87Shape::PushPopTop;
  if (Name == "FXTRACT")
    return X87Shape::PushKeepTop;
  if (Name == "FPATAN")
    return X87Shape::PopAfterOne;
  if (Name == "FYL2X")
    return X87Shape::PopAfterTwo;
  return std::nullopt;
}

/// Whether the chained opcode \p Name reads ST(1) as a second operand.
bool readsST1(StringRef Name) {
  return Name == "FSCALE" || Name == "FPREM" || Name == "FPREM1";
}

MCInst makeInst(const LLVMState &State, StringRef Opcode,
                ArrayRef<MCOperand> Operands = {}) {
  MCInst Inst;
  Inst.setOpcode(*State.getOpcodeByName(Opcode));
  for (const MCOperand &Op : Operands)
    Inst.addOperand(Op);
  return Inst;
}

MCOperand reg(const LLVMState &State, StringRef Name) {
  return MCOperand::createReg(*State.getRegisterByName(Name));
}

/// The word an arithmetic memory form of \p Name reads, holding 1 in its
/// type, as the bytes of a little-endian 64-bit word.
uint64_t oneOfMemoryType(StringRef Name) {
  if (Name.ends_with("_F32m"))
    return 0x3F800000ULL;
  if (Name.ends_with("_F64m"))
    return 0x3FF0000000000000ULL;
  return 1; // FI16m, FI32m.
}

} // namespace

std::optional<PreparedSnippet>
getX87LatencySnippet(const LLVMState &State, const InstructionModel &Model) {
  // Compares through their condition codes, FYL2XP1 through ST(1) and a
  // multiplication (X86X87CompareChains.h).
  if (std::optional<PreparedSnippet> Compare =
          getX87CompareChainSnippet(State, Model))
    return Compare;
  std::optional<X87Shape> Shape = getX87Shape(Model.getName());
  if (!Shape)
    return std::nullopt;
  PreparedSnippet Snippet;
  std::string Name = Model.getName().str();
  MCInst Inst = makeInst(State, Name);
  switch (*Shape) {
  case X87Shape::InPlace:
    Snippet.Instructions = {Inst};
    Snippet.Info = Name + " repeated through ST(0), the top of the x87 stack";
    if (readsST1(Name))
      Snippet.Info += ", ST(1) fixed at 0.75";
    else if (Name == "FINCSTP" || Name == "FDECSTP")
      Snippet.Info = Name + " repeated through TOP, the x87 stack pointer";
    break;
  case X87Shape::MemoryOperand: {
    MCRegister Scratch =
        State.getExegesisTarget().getScratchMemoryRegister(State.getTriple());
    if (!Scratch.isValid())
      return std::nullopt;
    for (const MCOperand &Op :
         {MCOperand::createReg(Scratch), MCOperand::createImm(1),
          MCOperand::createReg(MCRegister()), MCOperand::createImm(0),
          MCOperand::createReg(MCRegister())})
      Inst.addOperand(Op);
    Snippet.Instructions = {Inst};
    Snippet.Info = Name + " repeated through ST(0), the register path (the "
                          "load is off the chain; the word holds 1)";
    break;
  }
  case X87Shape::PushPopTop:
    Snippet.Instructions = {Inst,
                            makeInst(State, "ST_FPrr", reg(State, "ST0"))};
    Snippet.Info = Name + " through ST(0); fstp %st(0) pops its second "
                          "result, off the chain";
    break;
  case X87Shape::PushKeepTop:
    Snippet.Instructions = {Inst,
                            makeInst(State, "ST_FPrr", reg(State, "ST1"))};
    Snippet.Info = Name + " through ST(0) and fstp %st(1), a copy on the "
                          "chain that keeps the significand";
    break;
  case X87Shape::PopAfterOne:
    Snippet.Instructions = {makeInst(State, "LD_F1"), Inst};
    Snippet.Info = Name + " through ST(1); fld1 pushes its other operand, off "
                          "the chain";
    break;
  case X87Shape::PopAfterTwo:
    Snippet.Instructions = {makeInst(State, "LD_F1"),
                            makeInst(State, "ADD_FST0r", reg(State, "ST0")),
                            Inst};
    Snippet.Info = Name + " through ST(1); fld1 and fadd %st(0), %st push 2, "
                          "its other operand, off the chain";
    break;
  }
  Snippet.Info += ", ST(0) starting at 1.0";
  return Snippet;
}

std::optional<std::string>
whyNoX87LatencySnippet(const LLVMState &State, const InstructionModel &Model) {
  StringRef Name = Model.getName();
  if (getX87Shape(Name))
    return std::nullopt;
  if (std::optional<std::string> Why =
          whyNoX87CompareChainSnippet(State, Model))
    return Why;
  if (is_contained(
          {"LD_F0", "LD_F1", "FLDPI", "FLDL2E", "FLDL2T", "FLDLG2", "FLDLN2"},
          Name))
    return std::string("pushes a constant onto the x87 stack: it reads no "
                       "data, so it has no latency, only a throughput");
  // Loads and stores go through memory with their match
  // (X86X87MemoryChains.h).
  if (std::optional<std::string> Why = whyNoX87MemoryChainSnippet(State, Model))
    return Why;
  return std::nullopt;
}

void addX87InitialValues(const LLVMState &State, ArrayRef<MCInst> Instructions,
                         std::vector<RegisterValue> &Values) {
  // A store and its reload through memory start from 1.0 too.
  bool Chained = isX87MemoryChain(State, Instructions), NeedsST1 = false;
  for (const MCInst &Inst : Instructions) {
    StringRef Name = State.getOpcodeName(Inst.getOpcode());
    if (getX87Shape(Name)) {
      Chained = true;
      NeedsST1 |= readsST1(Name);
    }
  }
  unsigned CompareDepth = getX87CompareChainStartDepth(State, Instructions);
  if (!Chained && CompareDepth == 0)
    return;
  auto Set = [&](StringRef RegName, APInt Value) {
    MCRegister Reg = *State.getRegisterByName(RegName);
    auto It = find_if(
        Values, [Reg](const RegisterValue &V) { return V.Register == Reg; });
    if (It != Values.end())
      It->Value = Value;
    else
      Values.push_back({Reg, Value});
  };
  Set("ST0", x87One());
  if (NeedsST1)
    Set("ST1", x87ThreeQuarters());
  else if (CompareDepth > 1)
    Set("ST1", x87One());
}

std::vector<MCInst> writeX87OperandWord(const LLVMState &State,
                                        ArrayRef<MCInst> Snippet) {
  std::vector<MCInst> CompareWords = writeX87CompareChainWords(State, Snippet);
  if (!CompareWords.empty())
    return CompareWords;
  if (isX87MemoryChain(State, Snippet))
    return writeX87MemoryChainWord(State, Snippet);
  if (Snippet.size() != 1)
    return {};
  const MCInst &Inst = Snippet.front();
  StringRef Name = State.getOpcodeName(Inst.getOpcode());
  MCRegister Scratch =
      State.getExegesisTarget().getScratchMemoryRegister(State.getTriple());
  if (!isArithmeticMemoryForm(Name) || !Scratch.isValid() ||
      Inst.getNumOperands() != 5 || !Inst.getOperand(0).isReg() ||
      Inst.getOperand(0).getReg() != Scratch || !Inst.getOperand(2).isReg() ||
      Inst.getOperand(2).getReg().isValid() || !Inst.getOperand(3).isImm() ||
      Inst.getOperand(3).getImm() != 0)
    return {};
  // Two 32-bit stores: a double's 1.0 is no 32-bit immediate.
  uint64_t Word = oneOfMemoryType(Name);
  std::vector<MCInst> Stores;
  for (unsigned Half = 0; Half < 2; ++Half)
    Stores.push_back(makeInst(
        State, "MOV32mi",
        {MCOperand::createReg(Scratch), MCOperand::createImm(1),
         MCOperand::createReg(MCRegister()), MCOperand::createImm(4 * Half),
         MCOperand::createReg(MCRegister()),
         MCOperand::createImm(int32_t(Word >> (32 * Half)))}));
  return Stores;
}

} // namespace exegesis
} // namespace llvm
