//===-- X86/X86X87MemoryChains.cpp ------------------------------*- C++ -*-===//

#include "X86/X86X87MemoryChains.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "X86/X86ScratchWord.h"
#include "llvm/ADT/STLExtras.h"
#include <array>

namespace llvm {
namespace exegesis {

using namespace shorthand;

namespace {

/// The type of the word a pair stores and reloads.
enum class X87Word { F32, F64, F80, I16, I32, I64, BCD };

/// An x87 store and the load of its type.
struct X87Pair {
  StringLiteral Store;
  StringLiteral Load;
  /// Whether the store pops ST(0); one that does not is followed by
  /// `fstp %st(0)`, off the chain.
  bool StorePops;
  X87Word Word;
};

/// Every x87 store of data and its reload. A load takes the first popping
/// store of its type here as its companion: the plain store, not FISTTP.
constexpr X87Pair Pairs[] = {
    {"ST_FP32m", "LD_F32m", true, X87Word::F32},
    {"ST_F32m", "LD_F32m", false, X87Word::F32},
    {"ST_FP64m", "LD_F64m", true, X87Word::F64},
    {"ST_F64m", "LD_F64m", false, X87Word::F64},
    {"ST_FP80m", "LD_F80m", true, X87Word::F80},
    {"IST_FP16m", "ILD_F16m", true, X87Word::I16},
    {"IST_F16m", "ILD_F16m", false, X87Word::I16},
    {"ISTT_FP16m", "ILD_F16m", true, X87Word::I16},
    {"IST_FP32m", "ILD_F32m", true, X87Word::I32},
    {"IST_F32m", "ILD_F32m", false, X87Word::I32},
    {"ISTT_FP32m", "ILD_F32m", true, X87Word::I32},
    {"IST_FP64m", "ILD_F64m", true, X87Word::I64},
    {"ISTT_FP64m", "ILD_F64m", true, X87Word::I64},
    {"FBSTPm", "FBLDm", true, X87Word::BCD},
};

/// The pair \p Name is measured in, and whether it is the load (which then
/// comes first).
struct PairChoice {
  const X87Pair *Pair = nullptr;
  bool LoadFirst = false;
};

std::optional<PairChoice> choosePair(StringRef Name) {
  for (const X87Pair &Pair : Pairs)
    if (Pair.Store == Name)
      return PairChoice{&Pair, false};
  for (const X87Pair &Pair : Pairs)
    if (Pair.Load == Name && Pair.StorePops)
      return PairChoice{&Pair, true};
  return std::nullopt;
}

/// 1 in the word's type, as the three 32-bit words from its first byte
/// (the 80-bit forms take ten bytes).
std::array<uint32_t, 3> oneAsWords(X87Word Word) {
  switch (Word) {
  case X87Word::F32:
    return {0x3F800000u, 0, 0};
  case X87Word::F64:
    return {0, 0x3FF00000u, 0};
  case X87Word::F80:
    // The 64-bit significand with its explicit integer bit, then the
    // biased exponent 0x3FFF.
    return {0, 0x80000000u, 0x3FFFu};
  case X87Word::I16:
  case X87Word::I32:
  case X87Word::I64:
    return {1, 0, 0};
  case X87Word::BCD:
    // Packed BCD: the low digit pair first, the sign byte (positive) last.
    return {1, 0, 0};
  }
  llvm_unreachable("every word type is covered");
}

StringRef describeWord(X87Word Word) {
  switch (Word) {
  case X87Word::F32:
    return "a float";
  case X87Word::F64:
    return "a double";
  case X87Word::F80:
    return "an 80-bit extended value";
  case X87Word::I16:
    return "a 16-bit integer";
  case X87Word::I32:
    return "a 32-bit integer";
  case X87Word::I64:
    return "a 64-bit integer";
  case X87Word::BCD:
    return "a packed BCD number";
  }
  llvm_unreachable("every word type is covered");
}

/// `fstp %st(0)`: pops ST(0).
MCInst popTop(const LLVMState &State) {
  return inst(*State.getOpcodeByName("ST_FPrr"),
              {reg(*State.getRegisterByName("ST0"))});
}

/// The instructions of \p Choice's snippet.
std::vector<MCInst> buildChain(const LLVMState &State, PairChoice Choice,
                               MCRegister Scratch) {
  MCInst Store = buildX86AtScratch(State, Choice.Pair->Store, Scratch);
  MCInst Load = buildX86AtScratch(State, Choice.Pair->Load, Scratch);
  if (Choice.LoadFirst)
    return {Load, Store};
  if (Choice.Pair->StorePops)
    return {Store, Load};
  return {Store, popTop(State), Load};
}

/// 1.0 in the x87's 80-bit format.
APInt x87One() { return APInt(80, {0x8000000000000000ULL, 0x3FFF}); }

/// The pair whose snippet \p Instructions are, or nullptr.
const X87Pair *matchChain(const LLVMState &State,
                          ArrayRef<MCInst> Instructions) {
  MCRegister Scratch = getX86ScratchRegister(State);
  if (!Scratch.isValid() || Instructions.empty() || Instructions.size() > 3)
    return nullptr;
  for (const X87Pair &Pair : Pairs)
    for (bool LoadFirst : {false, true}) {
      if (LoadFirst && !Pair.StorePops)
        continue;
      std::vector<MCInst> Built =
          buildChain(State, {&Pair, LoadFirst}, Scratch);
      if (Built.size() != Instructions.size())
        continue;
      bool Same = true;
      for (auto [Want, Have] : zip(Built, Instructions)) {
        if (Want.getOpcode() != Have.getOpcode())
          Same = false;
        else if (Want.getNumOperands() == 5)
          Same &= isX86AtScratch(
              State, Have, State.getOpcodeName(Want.getOpcode()), Scratch);
        else
          Same &= Have.getNumOperands() == 1 && Have.getOperand(0).isReg() &&
                  Have.getOperand(0).getReg() == Want.getOperand(0).getReg();
        if (!Same)
          break;
      }
      if (Same)
        return &Pair;
    }
  return nullptr;
}

} // namespace

std::optional<PreparedSnippet>
getX87MemoryChainSnippet(const LLVMState &State,
                         const InstructionModel &Model) {
  std::optional<PairChoice> Choice = choosePair(Model.getName());
  MCRegister Scratch = getX86ScratchRegister(State);
  if (!Choice || !Scratch.isValid())
    return std::nullopt;
  const X87Pair &Pair = *Choice->Pair;
  StringRef Base = State.getRegisterName(Scratch);
  PreparedSnippet Snippet;
  Snippet.Instructions = buildChain(State, *Choice, Scratch);
  std::string Info = "Latency through memory and back, timed as a round "
                     "trip: ";
  if (Choice->LoadFirst)
    Info += (Pair.Load + " pushes the word at " + Base +
             " onto the x87 stack, " + Pair.Store +
             " stores it back and pops it, and the next load reads what it "
             "stored")
                .str();
  else
    Info +=
        (Pair.Store + " stores ST(0) at " + Base +
         (Pair.StorePops
              ? " and pops it"
              : ", `fstp %st(0)` pops the copy left in ST(0) (off the "
                "chain: the reload's value comes from memory)") +
         ", " + Pair.Load + " pushes the word back as the next store's ST(0)")
            .str();
  Info += ("; the stack is as deep after each repetition as before. The "
           "store and the reload are timed together: no x87 instruction "
           "moves a value into a general-purpose register, so neither can "
           "be timed alone; the same pair is measured again in the same run "
           "and half of its round trip is subtracted as the " +
           Twine(Choice->LoadFirst ? "store's" : "reload's") +
           " share, so the value is half the round trip, an estimate; ST(0) "
           "starts at 1.0 and the word holds 1 as " +
           describeWord(Pair.Word) + " (written before the register setup)")
              .str();
  Snippet.Info = std::move(Info);

  SubtractedChain RoundTrip;
  RoundTrip.Key.Instructions = Snippet.Instructions;
  // As the benchmark's own setup: every exception masked, rounding to
  // nearest (FISTP rounds by it), ST(0) 1.0.
  RoundTrip.Key.RegisterInitialValues = {
      {*State.getRegisterByName("FPCW"), APInt(16, 0x37F)},
      {*State.getRegisterByName("ST0"), x87One()}};
  RoundTrip.LiveIns = {Scratch};
  RoundTrip.Share = 0.5;
  RoundTrip.Bounds = SubtractedBounds{0, 1, 1, -1};
  RoundTrip.What =
      ("the store and the reload through the word at " + Base +
       ", timed together; the " + (Choice->LoadFirst ? "store's" : "reload's") +
       " share taken as half of their round trip (each at "
       "least a cycle)")
          .str();
  Snippet.SubtractedChains = {std::move(RoundTrip)};
  return Snippet;
}

std::optional<std::string>
whyNoX87MemoryChainSnippet(const LLVMState &State,
                           const InstructionModel &Model) {
  std::optional<PairChoice> Choice = choosePair(Model.getName());
  if (!Choice || getX86ScratchRegister(State).isValid())
    return std::nullopt;
  return (Twine(Choice->LoadFirst ? "an x87 load" : "an x87 store") +
          ": its round trip through memory with its matching " +
          (Choice->LoadFirst ? "store" : "reload") +
          " needs a scratch memory register, which this target has not")
      .str();
}

bool isX87MemoryChain(const LLVMState &State, ArrayRef<MCInst> Instructions) {
  return matchChain(State, Instructions) != nullptr;
}

std::vector<MCInst> writeX87MemoryChainWord(const LLVMState &State,
                                            ArrayRef<MCInst> Instructions) {
  const X87Pair *Pair = matchChain(State, Instructions);
  std::optional<unsigned> Move = State.getOpcodeByName("MOV32mi");
  if (!Pair || !Move)
    return {};
  MCRegister Scratch = getX86ScratchRegister(State);
  std::array<uint32_t, 3> Words = oneAsWords(Pair->Word);
  std::vector<MCInst> Stores;
  for (auto [Index, Word] : enumerate(Words))
    Stores.push_back(
        inst(*Move, {reg(Scratch), imm(1), reg(MCRegister()), imm(4 * Index),
                     reg(MCRegister()), imm(int32_t(Word))}));
  return Stores;
}

} // namespace exegesis
} // namespace llvm
