//===-- Mips/MipsSnippetGeneration.cpp - Mips snippet rules -----*- C++ -*-===//
//
// What the generic generators cannot know about Mips: which registers a
// snippet must never name ($zero, which discards writes; $at, which the
// register setup uses; $k0/$k1, which an interrupt may overwrite; $gp, $sp
// and $ra, which the process and the function rely on); which opcodes are
// no instruction a snippet can hold (system and privileged instructions,
// conditional traps, jumps); and that the subtarget decides which opcodes
// exist (featuresDecideValidity), and an opcode's printed form must
// assemble back to its own bytes, since the opcodes of the other ISA
// modes and revisions (microMIPS, MIPS16, the release 6 re-encodings)
// print as text the current mode accepts as another instruction.
//
//===----------------------------------------------------------------------===//

#include "../LLVMState.h"
#include "../SnippetGenerationTarget.h"

namespace llvm {
namespace exegesis {
namespace {

/// Opcode name prefixes of instructions that are no user-mode code to
/// benchmark: system calls, breakpoints, returns from exceptions, waiting,
/// cache and TLB maintenance, coprocessor 0 and interrupt control.
constexpr StringLiteral SystemPrefixes[] = {
    "SYSCALL", "BREAK", "SDBBP",  "ERET",   "DERET",   "WAIT",   "TLB",
    "CACHE",   "MTC0",  "MFC0",   "DMTC0",  "DMFC0",   "MTHC0",  "MFHC0",
    "MTGC0",   "MFGC0", "DMTGC0", "DMFGC0", "HYPCALL", "RDPGPR", "WRPGPR",
    "EVP",     "DVP",   "GINV",   "SIGRIE", "CTC2",    "CFC2",   "MTC2",
    "MFC2",    "DMTC2", "DMFC2",  "MTHC2",  "MFHC2"};

/// Conditional traps: whether they trap depends on the values compared.
constexpr StringLiteral TrapPrefixes[] = {"TEQ", "TGE", "TLT", "TNE"};

/// Jumps LLVM does not mark as branches or calls.
constexpr StringLiteral JumpPrefixes[] = {"J",   "JAL",   "JALR", "JR",
                                          "JIC", "JIALC", "BAL"};

static bool isJump(StringRef Name) {
  for (StringRef Prefix : JumpPrefixes) {
    if (!Name.starts_with(Prefix))
      continue;
    // JR, JALR64, J_MM, JALRHB..., but not a longer word such as JRADDIUSP.
    StringRef Rest = Name.drop_front(Prefix.size());
    if (Rest.empty() || Rest.starts_with("_") || Rest.starts_with("64") ||
        Rest.starts_with("HB") || Rest.starts_with("16") ||
        Rest.starts_with("X"))
      return true;
  }
  return false;
}

class MipsSnippetGenerationTarget : public SnippetGenerationTarget {
  void getReservedRegisters(const LLVMState &State,
                            const RegisterReservationOptions &,
                            std::vector<MCRegister> &Regs) const override {
    for (StringRef Name : {"ZERO", "AT", "K0", "K1", "GP", "SP", "RA"})
      for (std::string Full : {Name.str(), (Name + "_64").str()})
        if (std::optional<MCRegister> Reg = State.getRegisterByName(Full))
          Regs.push_back(*Reg);
  }

  bool featuresDecideValidity() const override { return true; }

  bool printedFormMustAssembleToSameBytes() const override { return true; }

  std::optional<std::string>
  getUnsupportedReason(const LLVMState &State,
                       const InstructionModel &Model) const override {
    StringRef Name = Model.getName();
    // Interrupt enable and disable.
    if (Name == "DI" || Name == "EI")
      return std::string("system instruction");
    for (StringRef Prefix : SystemPrefixes)
      if (Name.starts_with(Prefix))
        return std::string("system instruction");
    for (StringRef Prefix : TrapPrefixes)
      if (Name.starts_with(Prefix))
        return std::string("conditional trap");
    if (std::optional<std::string> Reason =
            SnippetGenerationTarget::getUnsupportedReason(State, Model))
      return Reason;
    if (isJump(Name))
      return std::string("jump");
    return std::nullopt;
  }
};

} // namespace

const SnippetGenerationTarget *getTheMipsSnippetGenerationTarget() {
  static const MipsSnippetGenerationTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
