//===-- PreviousResultsTest.cpp - What -resume does not run again ---------===//
//
// A benchmark of the results file matches when mode, key (instructions,
// config, register values), repetition mode and min-instructions do; a file
// of another mode, CPU or triple, or no results file, is refused.
//
//===----------------------------------------------------------------------===//

#include "Results/PreviousResults.h"
#include "Core/LLVMState.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class PreviousResultsTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    X86 = cantFail(LLVMState::create("x86_64-pc-linux-gnu", "znver4"));
  }
  static void TearDownTestSuite() { X86.reset(); }

  static MCRegister reg(StringRef Name) {
    return X86->getRegisterByName(Name).value_or(MCRegister());
  }
  static BenchmarkKey key(StringRef Opcode, StringRef Config = "",
                          uint64_t RaxValue = 0) {
    BenchmarkKey Key;
    MCInst Inst;
    Inst.setOpcode(X86->getOpcodeByName(Opcode).value_or(0));
    for (int I = 0; I < 3; ++I)
      Inst.addOperand(MCOperand::createReg(reg(I == 2 ? "RCX" : "RAX")));
    Key.Instructions.push_back(Inst);
    Key.Config = Config.str();
    Key.RegisterInitialValues.push_back({reg("RAX"), APInt(64, RaxValue)});
    return Key;
  }
  static Benchmark benchmark(const BenchmarkKey &Key, unsigned MinInstructions,
                             BenchmarkMode Mode = BenchmarkMode::Latency,
                             StringRef Cpu = "znver4") {
    Benchmark B;
    B.Key = Key;
    B.Mode = Mode;
    B.CpuName = Cpu.str();
    B.LLVMTriple = "x86_64-pc-linux-gnu";
    B.MinInstructions = MinInstructions;
    return B;
  }
  /// The document as a results file holds it.
  static std::string document(const Benchmark &B,
                              std::optional<RepetitionMode> Repetition) {
    std::string Text;
    raw_string_ostream OS(Text);
    if (Repetition)
      OS << formatRepetitionModeComment(*Repetition);
    cantFail(writeBenchmarkYaml(B, *X86, OS));
    return Text;
  }
  static Expected<PreviousResults>
  parse(StringRef Text, BenchmarkMode Mode = BenchmarkMode::Latency) {
    return PreviousResults::parse(*X86, "r.yaml", Text, Mode,
                                  /*Measures=*/false);
  }
  static std::string refusal(StringRef Text,
                             BenchmarkMode Mode = BenchmarkMode::Latency) {
    Expected<PreviousResults> Results = parse(Text, Mode);
    if (Results)
      return "<accepted>";
    return toString(Results.takeError());
  }

  static std::unique_ptr<LLVMState> X86;
};

std::unique_ptr<LLVMState> PreviousResultsTest::X86;

TEST_F(PreviousResultsTest, MatchesTheSameBenchmarkOnly) {
  std::string Text =
      document(benchmark(key("ADD64rr", "cfg", 5), 1000), RepetitionMode::Loop);
  Expected<PreviousResults> Results = parse(Text);
  ASSERT_TRUE(bool(Results)) << toString(Results.takeError());
  EXPECT_EQ(Results->getNumDocuments(), 1u);
  EXPECT_EQ(Results->getText(), Text);
  EXPECT_TRUE(
      Results->contains(key("ADD64rr", "cfg", 5), RepetitionMode::Loop, 1000));
  EXPECT_FALSE(
      Results->contains(key("SUB64rr", "cfg", 5), RepetitionMode::Loop, 1000));
  EXPECT_FALSE(
      Results->contains(key("ADD64rr", "", 5), RepetitionMode::Loop, 1000));
  EXPECT_FALSE(
      Results->contains(key("ADD64rr", "cfg", 6), RepetitionMode::Loop, 1000));
  EXPECT_FALSE(Results->contains(key("ADD64rr", "cfg", 5),
                                 RepetitionMode::Duplicate, 1000));
  EXPECT_FALSE(
      Results->contains(key("ADD64rr", "cfg", 5), RepetitionMode::Loop, 999));
}

TEST_F(PreviousResultsTest, EachDocumentHasItsOwnRepetitionMode) {
  std::string Text =
      document(benchmark(key("ADD64rr"), 100), RepetitionMode::Loop) +
      document(benchmark(key("SUB64rr"), 100), RepetitionMode::AggregateMin);
  Expected<PreviousResults> Results = parse(Text);
  ASSERT_TRUE(bool(Results)) << toString(Results.takeError());
  EXPECT_TRUE(Results->contains(key("ADD64rr"), RepetitionMode::Loop, 100));
  EXPECT_FALSE(
      Results->contains(key("ADD64rr"), RepetitionMode::AggregateMin, 100));
  EXPECT_TRUE(
      Results->contains(key("SUB64rr"), RepetitionMode::AggregateMin, 100));
  EXPECT_FALSE(Results->contains(key("SUB64rr"), RepetitionMode::Loop, 100));
}

TEST_F(PreviousResultsTest, ADocumentWithoutItsRepetitionModeNeverMatches) {
  std::string Text = document(benchmark(key("ADD64rr"), 100), std::nullopt);
  Expected<PreviousResults> Results = parse(Text);
  ASSERT_TRUE(bool(Results)) << toString(Results.takeError());
  EXPECT_EQ(Results->getNumDocuments(), 1u);
  for (RepetitionMode Mode :
       {RepetitionMode::Duplicate, RepetitionMode::Loop,
        RepetitionMode::AggregateMin, RepetitionMode::MiddleHalfDuplicate,
        RepetitionMode::MiddleHalfLoop})
    EXPECT_FALSE(Results->contains(key("ADD64rr"), Mode, 100));
}

// A document another LLVM release wrote, naming an opcode this one does not
// have, is kept and counted but matches nothing; the documents after it
// keep their own repetition modes.
TEST_F(PreviousResultsTest, KeepsADocumentNamingAnUnknownOpcode) {
  std::string Renamed =
      document(benchmark(key("SUB64rr"), 100), RepetitionMode::Duplicate);
  Renamed.replace(Renamed.find("'SUB64rr "), 9, "'SUB64rrr ");
  std::string Text =
      document(benchmark(key("ADD64rr"), 100), RepetitionMode::Loop) + Renamed +
      document(benchmark(key("XOR64rr"), 100), RepetitionMode::AggregateMin);
  Expected<PreviousResults> Results = parse(Text);
  ASSERT_TRUE(bool(Results)) << toString(Results.takeError());
  EXPECT_EQ(Results->getText(), Text);
  EXPECT_EQ(Results->getNumDocuments(), 3u);
  ASSERT_EQ(Results->getSkipped().size(), 1u);
  EXPECT_EQ(Results->getSkipped()[0].Document, 1u);
  EXPECT_EQ(Results->getSkipped()[0].Message,
            "No opcode with name 'SUB64rrr' - did you mean 'SUB64rr' ?");
  EXPECT_TRUE(Results->contains(key("ADD64rr"), RepetitionMode::Loop, 100));
  EXPECT_FALSE(
      Results->contains(key("SUB64rr"), RepetitionMode::Duplicate, 100));
  EXPECT_TRUE(
      Results->contains(key("XOR64rr"), RepetitionMode::AggregateMin, 100));
}

// A document written without the tied operands (as releases wrote BSR32rr
// before it had one) holds the same benchmark as one written today.
TEST_F(PreviousResultsTest, MatchesADocumentWrittenWithoutTiedOperands) {
  std::string Text =
      document(benchmark(key("ADD64rr"), 100), RepetitionMode::Loop);
  Text.replace(Text.find("'ADD64rr RAX RAX RCX'"), 21, "'ADD64rr RAX RCX'");
  Expected<PreviousResults> Results = parse(Text);
  ASSERT_TRUE(bool(Results)) << toString(Results.takeError());
  EXPECT_TRUE(Results->getSkipped().empty());
  EXPECT_TRUE(Results->contains(key("ADD64rr"), RepetitionMode::Loop, 100));
}

TEST_F(PreviousResultsTest, DropsADocumentCutShort) {
  std::string Whole =
      document(benchmark(key("ADD64rr"), 100), RepetitionMode::Duplicate);
  std::string Cut =
      document(benchmark(key("SUB64rr"), 100), RepetitionMode::Duplicate);
  Cut.resize(Cut.size() / 2);
  Expected<PreviousResults> Results = parse(Whole + Cut);
  ASSERT_TRUE(bool(Results)) << toString(Results.takeError());
  EXPECT_EQ(Results->getText(), Whole);
  EXPECT_EQ(Results->getNumDocuments(), 1u);
  EXPECT_FALSE(
      Results->contains(key("SUB64rr"), RepetitionMode::Duplicate, 100));
}

TEST_F(PreviousResultsTest, AnEmptyFileHoldsNothing) {
  Expected<PreviousResults> Results = parse("");
  ASSERT_TRUE(bool(Results)) << toString(Results.takeError());
  EXPECT_EQ(Results->getNumDocuments(), 0u);
}

TEST_F(PreviousResultsTest, RefusesWhatItCannotContinue) {
  EXPECT_EQ(refusal("int main() {}\n"),
            "-resume: cannot continue 'r.yaml': it is not a results file "
            "(text after its last complete YAML document)");
  EXPECT_EQ(refusal("---\nfoo: 1\n...\n"),
            "r.yaml:2:1: error: -resume: cannot continue a file that is not "
            "a results file: missing required key 'mode'");
  std::string Latency =
      document(benchmark(key("ADD64rr"), 100), RepetitionMode::Duplicate);
  EXPECT_EQ(refusal(Latency, BenchmarkMode::Uops),
            "-resume: cannot continue 'r.yaml': benchmark 1 has mode "
            "'latency', not 'uops'");
  std::string OtherCpu =
      document(benchmark(key("ADD64rr"), 100, BenchmarkMode::Latency, "znver2"),
               RepetitionMode::Duplicate);
  EXPECT_EQ(refusal(Latency + OtherCpu),
            "-resume: cannot continue 'r.yaml': benchmark 2 was measured on "
            "CPU 'znver2', not 'znver4'");
  Benchmark OtherTriple = benchmark(key("ADD64rr"), 100);
  OtherTriple.LLVMTriple = "x86_64-unknown-freebsd";
  EXPECT_EQ(refusal(document(OtherTriple, RepetitionMode::Duplicate)),
            "-resume: cannot continue 'r.yaml': benchmark 1 has triple "
            "'x86_64-unknown-freebsd', not 'x86_64-pc-linux-gnu'");
}

TEST_F(PreviousResultsTest, AMeasuringRunRefusesAnEarlierPhasesFile) {
  Benchmark Skipped = benchmark(key("ADD64rr"), 100);
  Skipped.Error = "actual measurements skipped.";
  std::string Text = document(Skipped, RepetitionMode::Duplicate);
  EXPECT_TRUE(bool(parse(Text)));
  Expected<PreviousResults> Measuring = PreviousResults::parse(
      *X86, "r.yaml", Text, BenchmarkMode::Latency, /*Measures=*/true);
  ASSERT_FALSE(bool(Measuring));
  EXPECT_EQ(toString(Measuring.takeError()),
            "-resume: cannot continue 'r.yaml': benchmark 1 was not measured "
            "(actual measurements skipped.), this run measures");
}

} // namespace
