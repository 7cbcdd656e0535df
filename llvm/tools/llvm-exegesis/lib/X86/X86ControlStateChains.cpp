//===-- X86/X86ControlStateChains.cpp ---------------------------*- C++ -*-===//

#include "X86/X86ControlStateChains.h"
#include "Core/InstructionShorthand.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "X86/X86ScratchWord.h"
#include "llvm/MC/MCRegisterInfo.h"

namespace llvm {
namespace exegesis {

using namespace shorthand;

namespace {

/// What a pair stores and loads back.
enum class StateKind {
  MXCSR,
  X87ControlWord,
  X87Environment,
  X87State,
  FXSave,
  XSave
};

/// A store of state and the load that reads it back.
struct StatePair {
  StringLiteral Store;
  StringLiteral Load;
  StateKind Kind;
  /// XSAVEOPT's: the plain save of the same width that writes the whole
  /// area before the register setup; empty for the others.
  StringLiteral WholeSave;
  /// The store has a latency snippet of its own, so it is here only as its
  /// load's companion: FNSAVE and FNSTENV reset or mask the x87 unit, which
  /// the next copy reads, a chain the generic generator times exactly.
  bool StoreChainsAlone;
};

/// Every store of state and its load. A load takes the first store of its
/// kind here as its companion (XRSTOR the plain XSAVE). XSAVES and XRSTORS
/// are privileged: not here.
constexpr StatePair Pairs[] = {
    {"STMXCSR", "LDMXCSR", StateKind::MXCSR, "", false},
    {"VSTMXCSR", "VLDMXCSR", StateKind::MXCSR, "", false},
    {"FNSTCW16m", "FLDCW16m", StateKind::X87ControlWord, "", false},
    {"FSTENVm", "FLDENVm", StateKind::X87Environment, "", true},
    {"FSAVEm", "FRSTORm", StateKind::X87State, "", true},
    {"FXSAVE", "FXRSTOR", StateKind::FXSave, "", false},
    {"FXSAVE64", "FXRSTOR64", StateKind::FXSave, "", false},
    {"XSAVE", "XRSTOR", StateKind::XSave, "", false},
    {"XSAVE64", "XRSTOR64", StateKind::XSave, "", false},
    {"XSAVEC", "XRSTOR", StateKind::XSave, "", false},
    {"XSAVEC64", "XRSTOR64", StateKind::XSave, "", false},
    {"XSAVEOPT", "XRSTOR", StateKind::XSave, "XSAVE", false},
    {"XSAVEOPT64", "XRSTOR64", StateKind::XSave, "XSAVE64", false},
};

/// The components the XSAVE family saves and restores: bits 0-7 and 9 of
/// EDX:EAX (x87, SSE, AVX, MPX's two, AVX-512's three, PKRU), of which the
/// CPU takes those XCR0 enables. Never the AMX tile bits 17 and 18: Linux
/// arms them with XFD until a process asks for them (arch_prctl), and an
/// XRSTOR of an armed component faults.
constexpr uint64_t XSaveComponents = 0x2FF;

/// Where the XSAVE header lies in the area, and its size.
constexpr int64_t XSaveHeaderOffset = 512;
constexpr int64_t XSaveHeaderSize = 64;

/// The pair \p Name is measured in, and whether it is the load.
struct PairChoice {
  const StatePair *Pair = nullptr;
  bool IsLoad = false;
};

std::optional<PairChoice> choosePair(StringRef Name) {
  for (const StatePair &Pair : Pairs)
    if (Pair.Store == Name && !Pair.StoreChainsAlone)
      return PairChoice{&Pair, false};
  for (const StatePair &Pair : Pairs)
    if (Pair.Load == Name)
      return PairChoice{&Pair, true};
  return std::nullopt;
}

StringRef describeState(StateKind Kind) {
  switch (Kind) {
  case StateKind::MXCSR:
    return "MXCSR";
  case StateKind::X87ControlWord:
    return "the x87 control word";
  case StateKind::X87Environment:
    return "the x87 environment (28 bytes: the control, status and tag "
           "words and the last instruction and operand pointers)";
  case StateKind::X87State:
    return "the x87 state (108 bytes: the environment and the eight "
           "registers)";
  case StateKind::FXSave:
    return "the x87, MMX and SSE state with MXCSR (512 bytes)";
  case StateKind::XSave:
    return "the state of the components EDX:EAX selects";
  }
  llvm_unreachable("every kind is covered");
}

MCRegister named(const LLVMState &State, StringRef Name) {
  std::optional<MCRegister> Reg = State.getRegisterByName(Name);
  return Reg ? *Reg : MCRegister();
}

/// The pair whose snippet \p Instructions are, or nullptr: exactly the
/// store, then its load, both at the scratch pointer.
const StatePair *matchChain(const LLVMState &State,
                            ArrayRef<MCInst> Instructions) {
  MCRegister Scratch = getX86ScratchRegister(State);
  if (!Scratch.isValid() || Instructions.size() != 2)
    return nullptr;
  for (const StatePair &Pair : Pairs)
    if (isX86AtScratch(State, Instructions[0], Pair.Store, Scratch) &&
        isX86AtScratch(State, Instructions[1], Pair.Load, Scratch))
      return &Pair;
  return nullptr;
}

/// The register values a pair of \p Kind runs with: the ABI's MXCSR and
/// x87 control word (every exception masked), which the register setup
/// sets and the frame therefore saves and restores around the snippet,
/// and for the XSAVE family the components in EDX:EAX.
std::vector<RegisterValue> getValues(const LLVMState &State, StateKind Kind) {
  std::vector<RegisterValue> Values;
  if (Kind == StateKind::XSave) {
    Values.push_back({named(State, "EAX"), APInt(32, XSaveComponents)});
    Values.push_back({named(State, "EDX"), APInt(32, 0)});
  }
  Values.push_back({named(State, "MXCSR"), APInt(32, 0x1F80)});
  Values.push_back({named(State, "FPCW"), APInt(16, 0x37F)});
  return Values;
}

uint64_t valueOf(const RegisterValue &V) {
  return V.Value.getBitWidth() == 0 ? 0 : V.Value.getLimitedValue();
}

} // namespace

std::optional<PreparedSnippet>
getControlStateChainSnippet(const LLVMState &State,
                            const InstructionModel &Model) {
  std::optional<PairChoice> Choice = choosePair(Model.getName());
  MCRegister Scratch = getX86ScratchRegister(State);
  if (!Choice || !Scratch.isValid())
    return std::nullopt;
  const StatePair &Pair = *Choice->Pair;
  StringRef Base = State.getRegisterName(Scratch);
  StringRef What = describeState(Pair.Kind);
  StringRef Share = Choice->IsLoad ? "store's" : "load's";
  PreparedSnippet Snippet;
  Snippet.Instructions = {buildX86AtScratch(State, Pair.Store, Scratch),
                          buildX86AtScratch(State, Pair.Load, Scratch)};
  std::string Info =
      ("Latency through memory and back, timed as a round trip: " + Pair.Store +
       " stores " + What + " at " + Base + ", " + Pair.Load +
       " loads it back; the load reads only what the store just wrote, so "
       "the state is the same after each repetition as before and no "
       "exception is unmasked")
          .str();
  switch (Pair.Kind) {
  case StateKind::X87Environment:
    Info += " (FNSTENV masks every x87 exception, FLDENV puts the control "
            "word back)";
    break;
  case StateKind::X87State:
    Info += " (FNSAVE resets the x87 unit, FRSTOR puts its state back)";
    break;
  default:
    break;
  }
  Info += (". The store and the load are timed together: the stored state "
           "reaches no register but through the load, so neither can be "
           "timed alone; the same pair is measured again in the same run "
           "and half of its round trip is subtracted as the " +
           Share + " share, so the value is half the round trip, an estimate")
              .str();
  if (Pair.Kind == StateKind::XSave) {
    Info += "; EDX:EAX is 0x2FF (x87, SSE, AVX, MPX, AVX-512 and PKRU, of "
            "those XCR0 enables; not the AMX tiles, whose restore faults "
            "while Linux arms them with XFD), and the area's header is "
            "zeroed before the register setup (XRSTOR faults on nonzero "
            "reserved bytes)";
    if (!Pair.WholeSave.empty())
      Info += (", after which " + Pair.WholeSave +
               " writes the whole area (XSAVEOPT skips what is unchanged "
               "since the last restore from the same address, which other "
               "snippets may have overwritten since)")
                  .str();
  }
  Snippet.Info = std::move(Info);

  SubtractedChain RoundTrip;
  RoundTrip.Key.Instructions = Snippet.Instructions;
  RoundTrip.Key.RegisterInitialValues = getValues(State, Pair.Kind);
  RoundTrip.LiveIns = {Scratch};
  RoundTrip.Share = 0.5;
  RoundTrip.Bounds = SubtractedBounds{0, 1, 1, -1};
  RoundTrip.What = ("the store and the load through the memory at " + Base +
                    ", timed together; the " + Share +
                    " share taken as half of their round trip (each at "
                    "least a cycle)")
                       .str();
  Snippet.SubtractedChains = {std::move(RoundTrip)};
  return Snippet;
}

bool isControlStateChain(const LLVMState &State,
                         ArrayRef<MCInst> Instructions) {
  return matchChain(State, Instructions) != nullptr;
}

bool isRunnableControlStateChain(const LLVMState &State,
                                 const BenchmarkKey &Key) {
  const StatePair *Pair = matchChain(State, Key.Instructions);
  if (!Pair)
    return false;
  if (Pair->Kind != StateKind::XSave)
    return true;
  // Exactly the components chosen: no other value reaches RAX or RDX.
  const MCRegisterInfo &RI = State.getRegInfo();
  MCRegister EAX = named(State, "EAX"), EDX = named(State, "EDX");
  bool HasEAX = false, HasEDX = false;
  for (const RegisterValue &V : Key.RegisterInitialValues) {
    if (V.Register == EAX && valueOf(V) == XSaveComponents)
      HasEAX = true;
    else if (V.Register == EDX && valueOf(V) == 0)
      HasEDX = true;
    else if (RI.regsOverlap(V.Register, EAX) || RI.regsOverlap(V.Register, EDX))
      return false;
  }
  return HasEAX && HasEDX;
}

void setControlStateChainValues(const LLVMState &State,
                                ArrayRef<MCInst> Instructions,
                                std::vector<RegisterValue> &Values) {
  if (const StatePair *Pair = matchChain(State, Instructions))
    Values = getValues(State, Pair->Kind);
}

std::vector<MCInst> writeControlStateChainArea(const LLVMState &State,
                                               ArrayRef<MCInst> Instructions) {
  const StatePair *Pair = matchChain(State, Instructions);
  std::optional<unsigned> Store = State.getOpcodeByName("MOV64mi32");
  std::optional<unsigned> Move = State.getOpcodeByName("MOV32ri");
  if (!Pair || Pair->Kind != StateKind::XSave || !Store || !Move)
    return {};
  MCRegister Scratch = getX86ScratchRegister(State);
  std::vector<MCInst> Out;
  for (int64_t Disp = XSaveHeaderOffset;
       Disp < XSaveHeaderOffset + XSaveHeaderSize; Disp += 8)
    Out.push_back(inst(*Store, {reg(Scratch), imm(1), reg(MCRegister()),
                                imm(Disp), reg(MCRegister()), imm(0)}));
  if (!Pair->WholeSave.empty()) {
    Out.push_back(
        inst(*Move, {reg(named(State, "EAX")), imm(int64_t(XSaveComponents))}));
    Out.push_back(inst(*Move, {reg(named(State, "EDX")), imm(0)}));
    Out.push_back(buildX86AtScratch(State, Pair->WholeSave, Scratch));
  }
  return Out;
}

} // namespace exegesis
} // namespace llvm
