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
// print as text the current mode accepts as another instruction. Loads get
// their own snippets (MipsLoadSnippets.h).
//
//===----------------------------------------------------------------------===//

#include "Core/LLVMState.h"
#include "Mips/MipsLoadSnippets.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "llvm/MC/MCSubtargetInfo.h"

namespace llvm {
namespace exegesis {
namespace {

/// Opcode name prefixes of instructions that are no user-mode code to
/// benchmark: system calls, breakpoints, returns from exceptions, waiting,
/// cache and TLB maintenance, coprocessor 0 and interrupt control, the MT
/// ASE's thread control, and coprocessor 2 and 3, which are unusable in
/// user mode on most cores.
constexpr StringLiteral SystemPrefixes[] = {
    "SYSCALL", "BREAK",  "SDBBP",  "ERET",   "DERET",  "WAIT",   "TLB",
    "CACHE",   "MTC0",   "MFC0",   "DMTC0",  "DMFC0",  "MTHC0",  "MFHC0",
    "MTGC0",   "MFGC0",  "DMTGC0", "DMFGC0", "MTHGC0", "MFHGC0", "HYPCALL",
    "RDPGPR",  "WRPGPR", "EVP",    "DVP",    "GINV",   "SIGRIE", "CTC2",
    "CFC2",    "MTC2",   "MFC2",   "DMTC2",  "DMFC2",  "MTHC2",  "MFHC2",
    "DMT",     "EMT",    "DVPE",   "EVPE",   "FORK",   "YIELD",  "MFTR",
    "MTTR",    "LWC2",   "LDC2",   "SWC2",   "SDC2",   "LWC3",   "LDC3",
    "SWC3",    "SDC3"};

/// Conditional traps: whether they trap depends on the values compared.
constexpr StringLiteral TrapPrefixes[] = {"TEQ", "TGE", "TLT", "TNE", "TTLTIU"};

/// Indexed loads and stores: their base and index are plain register
/// operands, and LLVM does not mark every one of them as accessing memory
/// (LUXC164).
constexpr StringLiteral IndexedPrefixes[] = {"LWXC1", "LDXC1", "LUXC1", "SWXC1",
                                             "SDXC1", "SUXC1", "LWX",   "LHX",
                                             "LBUX",  "LDX"};

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
    // The FPU is in one mode: 64-bit FPRs (FR=1: mips64, or -mattr=+fp64)
    // or even/odd pairs of 32-bit ones (FR=0); an instruction of the other
    // mode names registers that do not exist as such.
    const MCSubtargetInfo &STI = State.getSubtargetInfo();
    bool FR1 = State.getTriple().isMIPS64() || STI.checkFeatures("+fp64");
    const MCRegisterInfo &RI = State.getRegInfo();
    for (const ModelOperand &Op : Model.operands()) {
      if (Op.RegClassID < 0)
        continue;
      StringRef Class = RI.getRegClassName(&RI.getRegClass(Op.RegClassID));
      if (FR1 && Class == "AFGR64")
        return std::string("its doubles are pairs of 32-bit FPRs (FR=0), but "
                           "the subtarget's FPRs are 64-bit (FR=1): use the "
                           "_D64 form");
      if (!State.getTriple().isMIPS64() && Class == "GPR64")
        return std::string("64-bit GPR instruction: needs a mips64 triple");
      if (!FR1 && Class == "FGR64")
        return std::string("64-bit FPR instruction, but the subtarget's FPRs "
                           "are 32-bit pairs (FR=0): use -mattr=+fp64");
    }
    for (StringRef Prefix : IndexedPrefixes)
      if (Name.starts_with(Prefix))
        return std::string("indexed memory access: its base and index are "
                           "plain registers, not marked as an address, so "
                           "they cannot be pointed at the scratch memory");
    // Whatever else LLVM says may access memory without naming an address
    // could access any address.
    const MCInstrDesc &Desc = Model.getDesc();
    if ((Desc.mayLoad() || Desc.mayStore()) && Model.memoryReferences().empty())
      return std::string("LLVM marks it as accessing memory but no operand "
                         "as its address, so it cannot be pointed at the "
                         "scratch memory");
    return std::nullopt;
  }

  bool preparesSnippet(const LLVMState &State,
                       const InstructionModel &Model) const override {
    return getMipsChainedLoad(State, Model) &&
           !getUnsupportedReason(State, Model);
  }

  std::optional<PreparedSnippet>
  getPreparedSnippet(const LLVMState &State, const InstructionModel &Model,
                     bool Serial, unsigned Index) const override {
    return generateChainedLoadSnippet(getMipsChainedLoad(State, Model), Serial,
                                      Index);
  }
};

} // namespace

const SnippetGenerationTarget *getTheMipsSnippetGenerationTarget() {
  static const MipsSnippetGenerationTarget Target;
  return &Target;
}

} // namespace exegesis
} // namespace llvm
