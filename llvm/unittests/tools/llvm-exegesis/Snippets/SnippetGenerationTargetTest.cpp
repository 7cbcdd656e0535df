//===-- SnippetGenerationTargetTest.cpp - Refusals every target shares ----===//
//
// A pseudo, a branch, a call or return and an opcode without a scheduling
// class are refused by every target before its own rules, in upstream's
// words (which its tests match) and order; the error says them with a
// capital U, a target's own refusals in lower case.
//
//===----------------------------------------------------------------------===//

#include "Snippets/SnippetGenerationTarget.h"
#include "Core/LLVMState.h"
#include "Snippets/GeneratorForMode.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

/// The message of the error generating \p OpcodeName on \p Triple / \p Cpu
/// gives, or "generated".
std::string refusal(StringRef Triple, StringRef Cpu, StringRef OpcodeName) {
  std::unique_ptr<LLVMState> State = cantFail(LLVMState::create(Triple, Cpu));
  SnippetGeneratorOptions Options;
  Options.Mode = BenchmarkMode::Uops;
  std::unique_ptr<SnippetGenerator> G = createSnippetGenerator(*State, Options);
  std::optional<unsigned> Opcode = State->getOpcodeByName(OpcodeName);
  if (!Opcode)
    return "no opcode " + OpcodeName.str();
  Expected<std::vector<BenchmarkCode>> Codes =
      G->generateConfigurations(*Opcode);
  if (Codes)
    return "generated";
  return toString(Codes.takeError());
}

TEST(SnippetGenerationTargetTest, GenericRefusalsAreWordedAlikeOnEveryTarget) {
  struct Case {
    const char *Triple, *Cpu, *Opcode, *Message;
  } Cases[] = {
      {"x86_64-unknown-linux-gnu", "znver4", "COPY",
       "Unsupported opcode: isPseudo/usesCustomInserter"},
      {"x86_64-unknown-linux-gnu", "znver4", "JCC_1",
       "Unsupported opcode: isBranch/isIndirectBranch"},
      {"x86_64-unknown-linux-gnu", "znver4", "RET64",
       "Unsupported opcode: isCall/isReturn"},
      {"x86_64-unknown-linux-gnu", "znver4", "ADD_Fp80",
       "Unsupported opcode: No Sched Class"},
      {"aarch64-unknown-linux-gnu", "neoverse-v2", "COPY",
       "Unsupported opcode: isPseudo/usesCustomInserter"},
      {"aarch64-unknown-linux-gnu", "neoverse-v2", "CBZX",
       "Unsupported opcode: isBranch/isIndirectBranch"},
      {"aarch64-unknown-linux-gnu", "neoverse-v2", "BLR",
       "Unsupported opcode: isCall/isReturn"},
      {"aarch64-unknown-linux-gnu", "neoverse-v2", "UDF",
       "Unsupported opcode: No Sched Class"},
      // A custom inserter without isPseudo.
      {"powerpc64le-unknown-linux-gnu", "pwr9", "SELECT_F8",
       "Unsupported opcode: isPseudo/usesCustomInserter"},
      {"powerpc64le-unknown-linux-gnu", "pwr9", "BDNZ",
       "Unsupported opcode: isBranch/isIndirectBranch"},
      {"powerpc64le-unknown-linux-gnu", "pwr9", "BLR",
       "Unsupported opcode: isCall/isReturn"},
      {"powerpc64le-unknown-linux-gnu", "pwr9", "ADJCALLSTACKUP",
       "Unsupported opcode: No Sched Class"},
      // Before the target's own refusal of COPY-like names.
      {"powerpc64le-unknown-linux-gnu", "pwr9", "COPY",
       "Unsupported opcode: isPseudo/usesCustomInserter"},
      {"riscv64-unknown-linux-gnu", "generic", "PseudoRET",
       "Unsupported opcode: isPseudo/usesCustomInserter"},
      {"riscv64-unknown-linux-gnu", "generic", "BNE",
       "Unsupported opcode: isBranch/isIndirectBranch"},
      {"riscv64-unknown-linux-gnu", "generic", "SRET",
       "Unsupported opcode: isCall/isReturn"},
      // Before RISC-V's own refusal of .insn forms.
      {"riscv64-unknown-linux-gnu", "generic", "InsnR",
       "Unsupported opcode: No Sched Class"},
      {"mipsel-unknown-linux-gnu", "mips32r2", "COPY",
       "Unsupported opcode: isPseudo/usesCustomInserter"},
      {"mipsel-unknown-linux-gnu", "mips32r2", "BNE",
       "Unsupported opcode: isBranch/isIndirectBranch"},
      {"mipsel-unknown-linux-gnu", "mips32r2", "JALR",
       "Unsupported opcode: isCall/isReturn"},
  };
  for (const Case &C : Cases)
    EXPECT_EQ(refusal(C.Triple, C.Cpu, C.Opcode), C.Message)
        << C.Triple << " " << C.Opcode;
}

TEST(SnippetGenerationTargetTest, OrderIsPseudoBranchCallSchedClass) {
  // G_BR is a pseudo branch without a scheduling class; TCRETURNdi a call,
  // a return and a branch.
  EXPECT_EQ(refusal("x86_64-unknown-linux-gnu", "znver4", "G_BR"),
            "Unsupported opcode: isPseudo/usesCustomInserter");
  EXPECT_EQ(refusal("x86_64-unknown-linux-gnu", "znver4", "TAILJMPd64_CC"),
            "Unsupported opcode: isBranch/isIndirectBranch");
  EXPECT_EQ(refusal("powerpc64le-unknown-linux-gnu", "pwr9", "TCRETURNdi8"),
            "Unsupported opcode: isCall/isReturn");
}

TEST(SnippetGenerationTargetTest, TargetRefusalsStayLowerCase) {
  EXPECT_EQ(refusal("powerpc64le-unknown-linux-gnu", "pwr9", "MTMSRD"),
            "unsupported opcode: privileged, trapping or transactional "
            "instruction");
  EXPECT_EQ(refusal("mipsel-unknown-linux-gnu", "mips32r2", "SYSCALL"),
            "unsupported opcode: system instruction");
}

TEST(SnippetGenerationTargetTest, TheErrorWordsEachKind) {
  using Kind = SnippetGenerationError::Kind;
  EXPECT_EQ(toString(make_error<SnippetGenerationError>(Kind::GenericRefusal,
                                                        "No Sched Class")),
            "Unsupported opcode: No Sched Class");
  EXPECT_EQ(toString(make_error<SnippetGenerationError>(Kind::TargetRefusal,
                                                        "system instruction")),
            "unsupported opcode: system instruction");
  EXPECT_EQ(toString(make_error<SnippetGenerationError>(
                Kind::NoStrategy, "No strategy found to make the execution "
                                  "serial")),
            "No strategy found to make the execution serial");
}

TEST(SnippetGenerationTargetTest, OptionsAreCheckedByTheTargetThatReadsThem) {
  ConfigurationOptions Options;
  EXPECT_FALSE(errorToBool(checkConfigurationOptions(Options)));
  Options.RISCVConfigFilter = "vtype = {SEW: e(8|16)}";
  EXPECT_FALSE(errorToBool(checkConfigurationOptions(Options)));
  // RISC-V's rules refuse a malformed filter, whatever the run's triple.
  Options.RISCVConfigFilter = "SEW: e8";
  EXPECT_EQ(toString(checkConfigurationOptions(Options)),
            "--riscv-filter-config: 'SEW: e8' is not of the form 'vtype = "
            "{Field: regex, ...}'");
}

} // namespace
