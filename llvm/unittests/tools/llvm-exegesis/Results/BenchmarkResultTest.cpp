//===-- BenchmarkResultTest.cpp - Results YAML writer and reader ----------===//
//
// The results YAML must be upstream llvm-exegesis's, byte for byte: files
// written by upstream (committed under the lit tests' yaml/Inputs) are read
// and written back unchanged, and what we write is read by upstream (a lit
// test feeds it Inputs/ours.yaml, which is checked here to be exactly what
// our writer produces).
//
//===----------------------------------------------------------------------===//

#include "Results/BenchmarkResult.h"
#include "Core/LLVMState.h"
#include "Results/BenchmarkKeyText.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <cmath>
#include <limits>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

std::string inputPath(StringRef Name) {
  return (Twine(EXEGESIS_LIT_TEST_DIR) + "/yaml/Inputs/" + Name).str();
}

std::string readInput(StringRef Name) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(inputPath(Name));
  if (!Buffer) {
    ADD_FAILURE() << "cannot read " << inputPath(Name);
    return "";
  }
  return (*Buffer)->getBuffer().str();
}

class BenchmarkResultTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    X86 = cantFail(LLVMState::create("x86_64-pc-linux-gnu", "znver4"));
  }
  static void TearDownTestSuite() { X86.reset(); }

  static unsigned opcode(StringRef Name) {
    std::optional<unsigned> Op = X86->getOpcodeByName(Name);
    EXPECT_TRUE(Op.has_value()) << Name.str();
    return Op.value_or(0);
  }
  static MCRegister reg(StringRef Name) {
    std::optional<MCRegister> R = X86->getRegisterByName(Name);
    EXPECT_TRUE(R.has_value()) << Name.str();
    return R.value_or(MCRegister());
  }
  static MCInst inst(StringRef Opcode, ArrayRef<MCOperand> Operands) {
    MCInst I;
    I.setOpcode(opcode(Opcode));
    for (const MCOperand &Op : Operands)
      I.addOperand(Op);
    return I;
  }
  static MCOperand r(StringRef Name) { return MCOperand::createReg(reg(Name)); }
  static MCOperand noreg() { return MCOperand::createReg(MCRegister()); }
  static MCOperand imm(int64_t V) { return MCOperand::createImm(V); }
  static MCOperand fpimm(double V) {
    return MCOperand::createDFPImm(bit_cast<uint64_t>(V));
  }
  static RegisterValue value(StringRef Reg, unsigned Bits, StringRef Hex) {
    return {reg(Reg), APInt(Bits, Hex, 16)};
  }

  static std::string write(const Benchmark &B, const LLVMState &State = *X86) {
    std::string Text;
    raw_string_ostream OS(Text);
    if (Error E = writeBenchmarkYaml(B, State, OS))
      ADD_FAILURE() << toString(std::move(E));
    return Text;
  }
  static std::string write(ArrayRef<Benchmark> Bs,
                           const LLVMState &State = *X86) {
    std::string Text;
    for (const Benchmark &B : Bs)
      Text += write(B, State);
    return Text;
  }
  static Expected<std::vector<Benchmark>>
  read(StringRef Text, const LLVMState &State = *X86,
       StringRef Name = "results.yaml") {
    return readBenchmarkYamls(State, MemoryBufferRef(Text, Name));
  }
  static std::string readError(StringRef Text) {
    Expected<std::vector<Benchmark>> Read = read(Text);
    if (Read) {
      ADD_FAILURE() << "no error for:\n" << Text.str();
      return "";
    }
    return toString(Read.takeError());
  }

  /// The benchmark of SPEC §3's example.
  static Benchmark specExample() {
    Benchmark B;
    B.Mode = BenchmarkMode::Latency;
    B.Key.Instructions = {inst("ADD64rr", {r("RCX"), r("RCX"), r("RCX")})};
    B.Key.RegisterInitialValues = {value("RCX", 64, "0")};
    B.CpuName = "znver4";
    B.LLVMTriple = "x86_64-pc-linux-gnu";
    B.MinInstructions = 10000;
    B.Measurements = {{"latency", 1.0012, 1.0012, {}}};
    B.Info = "Repeating a single implicitly serial instruction";
    B.AssembledSnippet = {0x48, 0xB9, 0,    0,    0,    0,    0,    0,
                          0,    0,    0x48, 0x01, 0xC9, 0x48, 0x01, 0xC9,
                          0x48, 0x01, 0xC9, 0x48, 0x01, 0xC9, 0xC3};
    return B;
  }

  static std::unique_ptr<LLVMState> X86;
};

std::unique_ptr<LLVMState> BenchmarkResultTest::X86;

// As upstream writes it, including `validation_counters: {}` on every
// measurement (SPEC §3's example predates upstream's validation counters).
constexpr StringLiteral SpecExampleYaml =
    "---\n"
    "mode:            latency\n"
    "key:\n"
    "  instructions:\n"
    "    - 'ADD64rr RCX RCX RCX'\n"
    "  config:          ''\n"
    "  register_initial_values:\n"
    "    - 'RCX=0x0'\n"
    "cpu_name:        znver4\n"
    "llvm_triple:     x86_64-pc-linux-gnu\n"
    "min_instructions: 10000\n"
    "measurements:\n"
    "  - { key: latency, value: 1.0012, per_snippet_value: 1.0012, "
    "validation_counters: {} }\n"
    "error:           ''\n"
    "info:            Repeating a single implicitly serial instruction\n"
    "assembled_snippet: 48B900000000000000004801C94801C94801C94801C9C3\n"
    "...\n";

/// The spec's example with the first \p From replaced by \p To.
std::string specExampleWith(StringRef From, StringRef To) {
  std::string Text = SpecExampleYaml.str();
  size_t Pos = Text.find(From);
  EXPECT_NE(Pos, std::string::npos) << From.str();
  return Text.replace(Pos, From.size(), To.str());
}

TEST_F(BenchmarkResultTest, WritesUpstreamLayout) {
  EXPECT_EQ(write(specExample()), SpecExampleYaml);
}

TEST_F(BenchmarkResultTest, WritesEmptyFieldsAsUpstreamDoes) {
  // Upstream's document for an empty snippet at -benchmark-phase=
  // prepare-snippet (cpu aside).
  Benchmark B;
  B.Mode = BenchmarkMode::Latency;
  B.CpuName = "znver4";
  B.LLVMTriple = "x86_64-pc-linux-gnu";
  B.MinInstructions = 10000;
  B.Error = "actual measurements skipped.";
  EXPECT_EQ(write(B), "---\n"
                      "mode:            latency\n"
                      "key:\n"
                      "  instructions:    []\n"
                      "  config:          ''\n"
                      "  register_initial_values: []\n"
                      "cpu_name:        znver4\n"
                      "llvm_triple:     x86_64-pc-linux-gnu\n"
                      "min_instructions: 10000\n"
                      "measurements:    []\n"
                      "error:           actual measurements skipped.\n"
                      "info:            ''\n"
                      "assembled_snippet: ''\n"
                      "...\n");
}

TEST_F(BenchmarkResultTest, WritesOperandsInUpstreamForm) {
  EXPECT_EQ(
      instructionToText(*X86, inst("MOV64rm", {r("RDX"), r("RAX"), imm(4),
                                               r("RBX"), imm(16), noreg()})),
      "MOV64rm RDX RAX i_0x4 RBX i_0x10 %noreg");
  EXPECT_EQ(
      instructionToText(*X86, inst("ADD64ri32", {r("RCX"), r("RCX"), imm(-1)})),
      "ADD64ri32 RCX RCX i_0xffffffffffffffff");
  EXPECT_EQ(instructionToText(
                *X86, inst("MOV64ri", {r("RAX"), imm(0x123456789abcdef0)})),
            "MOV64ri RAX i_0x123456789abcdef0");
  EXPECT_EQ(instructionToText(*X86, inst("MOV64ri", {r("RAX"), fpimm(1.5)})),
            "MOV64ri RAX f_0x1.8p+0");
  EXPECT_EQ(instructionToText(*X86, inst("MOV64ri", {r("RAX"), fpimm(-0.0)})),
            "MOV64ri RAX f_-0x0p+0");
  EXPECT_EQ(instructionToText(*X86, inst("LD_F1", {})), "LD_F1");
  EXPECT_EQ(registerValueToText(*X86, value("XMM1", 128, "12345678abcdef")),
            "XMM1=0x12345678ABCDEF");
  EXPECT_EQ(registerValueToText(*X86, RegisterValue::zero(reg("EFLAGS"))),
            "EFLAGS=0x0");
}

TEST_F(BenchmarkResultTest, RoundTripIsLossless) {
  Benchmark B;
  B.Mode = BenchmarkMode::Uops;
  B.Key.Instructions = {
      // General-purpose, memory with and without index, immediates of every
      // sign and size.
      inst("MOV64rm",
           {r("RDX"), r("RAX"), imm(4), r("RBX"), imm(-16), noreg()}),
      inst("MOV32mi",
           {r("RSP"), imm(1), noreg(), imm(0), r("FS"), imm(0x7fffffff)}),
      inst("ADD8ri", {r("AL"), r("AL"), imm(0xff)}),
      inst("ADD16rr", {r("AX"), r("AX"), r("R15W")}),
      inst("MOV64ri", {r("RAX"), imm(std::numeric_limits<int64_t>::min())}),
      inst("MOV64ri", {r("R8"), imm(0)}),
      // Vector, mask, x87 and MMX registers.
      inst("ADDSDrr_Int", {r("XMM2"), r("XMM2"), r("XMM15")}),
      inst("VADDPSYrr", {r("YMM3"), r("YMM2"), r("YMM1")}),
      inst("VADDPSZrrk",
           {r("ZMM3"), r("ZMM3"), r("K1"), r("ZMM31"), r("ZMM1")}),
      inst("KANDWkk", {r("K3"), r("K2"), r("K1")}),
      inst("ADD_FST0r", {r("ST1")}),
      inst("MMX_PADDBrr", {r("MM2"), r("MM2"), r("MM1")}),
      inst("VCVTPS2PHrr", {r("XMM3"), r("XMM1"), imm(4)}),
      // Floating-point immediates (no x86 instruction has one; the format
      // does not care).
      inst("MOV64ri", {r("RAX"), fpimm(1.5)}),
      inst("MOV64ri", {r("RAX"), fpimm(-0.0)}),
      inst("MOV64ri", {r("RAX"), fpimm(4.9406564584124654e-324)}),
      inst("MOV64ri", {r("RAX"), fpimm(std::numeric_limits<double>::max())}),
      inst("MOV64ri", {r("RAX"), fpimm(-HUGE_VAL)}),
      inst("LD_F1", {}),
  };
  B.Key.Config = "0(%RAX, %RAX, 1)";
  B.Key.RegisterInitialValues = {
      value("RAX", 64, "ffffffffffffffff"),
      value("EAX", 32, "7"),
      value("AX", 16, "8000"),
      value("AL", 8, "1"),
      value("XMM1", 128, "12345678abcdef"),
      value("YMM2", 256, "1" + std::string(63, '0')),
      value("ZMM31", 512, std::string(128, 'f')),
      value("K1", 64, "ff"),
      value("EFLAGS", 32, "246"),
      value("MXCSR", 32, "1f80"),
      value("FPCW", 16, "37f"),
      value("ST0", 80, "3fff8000000000000000"),
      value("MM1", 64, "7"),
  };
  B.CpuName = "znver4";
  B.LLVMTriple = "x86_64-pc-linux-gnu";
  B.MinInstructions = 123456;
  B.Measurements = {
      {"Zn4Int", 0.00462172, 0.00924344, {}},
      {"Zn4FPU", 1e-20, 1e+300, {}},
      {"NumMicroOps",
       2,
       4,
       {{"instructions-retired", 20000}, {"l1d-cache-load-misses", -3}}},
  };
  B.Error = "snippet crashed while running: Segmentation fault";
  B.Info = "line one\nline 'two': \"quoted\"";
  B.AssembledSnippet = {0x00, 0x0A, 0xFF, 0xC3};

  std::string First = write(B);
  Expected<std::vector<Benchmark>> Read = read(First);
  ASSERT_TRUE(static_cast<bool>(Read)) << toString(Read.takeError());
  ASSERT_EQ(Read->size(), 1u);
  const Benchmark &R = Read->front();
  EXPECT_EQ(write(R), First);

  EXPECT_EQ(R.Mode, B.Mode);
  ASSERT_EQ(R.Key.Instructions.size(), B.Key.Instructions.size());
  for (size_t I = 0; I < B.Key.Instructions.size(); ++I) {
    const MCInst &Want = B.Key.Instructions[I];
    const MCInst &Got = R.Key.Instructions[I];
    SCOPED_TRACE(instructionToText(*X86, Want));
    EXPECT_EQ(Got.getOpcode(), Want.getOpcode());
    ASSERT_EQ(Got.getNumOperands(), Want.getNumOperands());
    for (unsigned Op = 0; Op < Want.getNumOperands(); ++Op) {
      const MCOperand &W = Want.getOperand(Op);
      const MCOperand &G = Got.getOperand(Op);
      if (W.isReg()) {
        ASSERT_TRUE(G.isReg());
        EXPECT_EQ(G.getReg(), W.getReg());
      } else if (W.isImm()) {
        ASSERT_TRUE(G.isImm());
        EXPECT_EQ(G.getImm(), W.getImm());
      } else {
        ASSERT_TRUE(G.isDFPImm());
        EXPECT_EQ(G.getDFPImm(), W.getDFPImm());
      }
    }
  }
  EXPECT_EQ(R.Key.Config, B.Key.Config);
  ASSERT_EQ(R.Key.RegisterInitialValues.size(),
            B.Key.RegisterInitialValues.size());
  for (size_t I = 0; I < B.Key.RegisterInitialValues.size(); ++I) {
    const RegisterValue &Want = B.Key.RegisterInitialValues[I];
    const RegisterValue &Got = R.Key.RegisterInitialValues[I];
    EXPECT_EQ(Got.Register, Want.Register);
    // Read values are 4 bits per digit written, as DEFREG values are; the
    // written digits have no leading zeros, so only the integer survives.
    EXPECT_EQ(Got.Value.getBitWidth(),
              4 * std::max(1u, (Want.Value.getActiveBits() + 3) / 4));
    EXPECT_EQ(Got.Value.zext(Want.Value.getBitWidth()), Want.Value)
        << registerValueToText(*X86, Want);
  }
  EXPECT_EQ(R.CpuName, B.CpuName);
  EXPECT_EQ(R.LLVMTriple, B.LLVMTriple);
  EXPECT_EQ(R.MinInstructions, B.MinInstructions);
  ASSERT_EQ(R.Measurements.size(), B.Measurements.size());
  for (size_t I = 0; I < B.Measurements.size(); ++I) {
    EXPECT_EQ(R.Measurements[I].Key, B.Measurements[I].Key);
    // Values are written with 6 significant digits, as upstream does.
    EXPECT_DOUBLE_EQ(R.Measurements[I].PerInstructionValue,
                     B.Measurements[I].PerInstructionValue);
    EXPECT_DOUBLE_EQ(R.Measurements[I].PerSnippetValue,
                     B.Measurements[I].PerSnippetValue);
    EXPECT_EQ(R.Measurements[I].ValidationCounters,
              B.Measurements[I].ValidationCounters);
  }
  EXPECT_EQ(R.Error, B.Error);
  EXPECT_EQ(R.Info, B.Info);
  EXPECT_EQ(R.AssembledSnippet, B.AssembledSnippet);
}

TEST_F(BenchmarkResultTest, WritesValidationCountersInFlowStyle) {
  Benchmark B = specExample();
  B.Measurements[0].ValidationCounters = {{"instructions-retired", 10003},
                                          {"l1d-cache-load-misses", 0}};
  std::string Text = write(B);
  EXPECT_NE(Text.find("  - { key: latency, value: 1.0012, per_snippet_value: "
                      "1.0012, validation_counters: { instructions-retired: "
                      "10003, l1d-cache-load-misses: 0 } }\n"),
            std::string::npos)
      << Text;
}

TEST_F(BenchmarkResultTest, ValuesUseSixSignificantDigits) {
  Benchmark B = specExample();
  B.Measurements = {{"latency", 1.0 / 3, 2.0 / 3, {}},
                    {"x", 123456789.0, 0.000012345678, {}}};
  std::string Text = write(B);
  EXPECT_NE(Text.find("{ key: latency, value: 0.333333, per_snippet_value: "
                      "0.666667, validation_counters: {} }"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("{ key: x, value: 1.23457e+08, per_snippet_value: "
                      "1.23457e-05, validation_counters: {} }"),
            std::string::npos)
      << Text;
}

TEST_F(BenchmarkResultTest, ReadsEveryDocument) {
  std::string Text = write({specExample(), specExample(), specExample()});
  Expected<std::vector<Benchmark>> Read = read(Text);
  ASSERT_TRUE(static_cast<bool>(Read)) << toString(Read.takeError());
  EXPECT_EQ(Read->size(), 3u);
}

TEST_F(BenchmarkResultTest, EmptyBufferHasNoBenchmarks) {
  for (StringRef Text : {"", "\n", "# nothing\n", "---\n...\n"}) {
    Expected<std::vector<Benchmark>> Read = read(Text);
    ASSERT_TRUE(static_cast<bool>(Read)) << toString(Read.takeError());
    EXPECT_TRUE(Read->empty()) << Text.str();
  }
}

/// Reads a committed file with the target it names, writes it back.
static std::string rewriteInput(StringRef Name, StringRef Triple, StringRef Cpu,
                                size_t ExpectedCount) {
  std::string Text = readInput(Name);
  auto State = cantFail(LLVMState::create(Triple, Cpu));
  Expected<std::vector<Benchmark>> Read =
      readBenchmarkYamls(*State, MemoryBufferRef(Text, inputPath(Name)));
  if (!Read) {
    ADD_FAILURE() << toString(Read.takeError());
    return "";
  }
  EXPECT_EQ(Read->size(), ExpectedCount);
  std::string Written;
  raw_string_ostream OS(Written);
  for (const Benchmark &B : *Read)
    if (Error E = writeBenchmarkYaml(B, *State, OS))
      ADD_FAILURE() << toString(std::move(E));
  return Written;
}

// Files written by upstream llvm-exegesis 22: every phase and mode,
// immediates, memory operands, XMM/YMM/ZMM/K/MMX/x87/EFLAGS/MXCSR registers,
// generated snippets with config and info, and an empty snippet.
TEST_F(BenchmarkResultTest, WritesBackUpstreamX86FileByteForByte) {
  EXPECT_EQ(
      rewriteInput("upstream-x86.yaml", "x86_64-pc-linux-gnu", "znver4", 7),
      readInput("upstream-x86.yaml"));
}

TEST_F(BenchmarkResultTest, WritesBackUpstreamAArch64FileByteForByte) {
  EXPECT_EQ(rewriteInput("upstream-aarch64.yaml", "aarch64-unknown-linux-gnu",
                         "neoverse-v2", 2),
            readInput("upstream-aarch64.yaml"));
}

// Measured by upstream (its counters redirected to the task clock, as this
// machine has no PMU): latency, inverse_throughput, uops, per-snippet values
// that differ from per-instruction ones, values in exponent-free %g form.
TEST_F(BenchmarkResultTest, WritesBackUpstreamMeasurementsByteForByte) {
  EXPECT_EQ(rewriteInput("upstream-measured.yaml", "x86_64-pc-linux-gnu",
                         "znver3", 6),
            readInput("upstream-measured.yaml"));
}

TEST_F(BenchmarkResultTest, ReadsOlderUpstreamFiles) {
  std::string Text = readInput("older-upstream.yaml");
  auto State =
      cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "haswell"));
  Expected<std::vector<Benchmark>> Read =
      readBenchmarkYamls(*State, MemoryBufferRef(Text, "older"));
  ASSERT_TRUE(static_cast<bool>(Read)) << toString(Read.takeError());
  ASSERT_EQ(Read->size(), 3u);
  const Benchmark &Latency = (*Read)[0];
  EXPECT_EQ(Latency.MinInstructions, 10000u);
  ASSERT_EQ(Latency.Measurements.size(), 1u);
  EXPECT_EQ(Latency.Measurements[0].Key, "latency");
  EXPECT_DOUBLE_EQ(Latency.Measurements[0].PerInstructionValue, 1.0058);
  const Benchmark &Uops = (*Read)[1];
  EXPECT_EQ(Uops.Mode, BenchmarkMode::Uops);
  EXPECT_EQ(Uops.Measurements.size(), 3u);
  EXPECT_EQ(Uops.Info, "");
  // Older still: measurements keyed by number, named in debug_string.
  const Benchmark &Indexed = (*Read)[2];
  std::vector<std::string> Keys;
  for (const BenchmarkMeasure &M : Indexed.Measurements)
    Keys.push_back(M.Key);
  EXPECT_EQ(Keys,
            (std::vector<std::string>{"HWPort0", "HWPort6", "NumMicroOps"}));
  std::string Written;
  raw_string_ostream OS(Written);
  cantFail(writeBenchmarkYaml(Latency, *State, OS));
  EXPECT_NE(Written.find("\nmin_instructions: 10000\n"), std::string::npos);
  EXPECT_EQ(Written.find("num_repetitions"), std::string::npos);
  EXPECT_EQ(Written.find("debug_string"), std::string::npos);
}

// An instruction written before its opcode gained a tied operand (LLVM 22's
// BSR32rr is `dst, dst-tied input, src`; older releases wrote `dst, src`)
// is read with the tied operand a copy of the operand it is tied to, and
// written back whole; an opcode with two tied operands gets both.
TEST_F(BenchmarkResultTest, FillsInTiedOperandsThatOlderFilesLeaveOut) {
  const MCInstrDesc &Bsr = X86->getInstrInfo().get(opcode("BSR32rr"));
  ASSERT_EQ(Bsr.getNumOperands(), 3u);
  ASSERT_EQ(Bsr.getOperandConstraint(1, MCOI::TIED_TO), 0);
  Expected<MCInst> Old = instructionFromText(*X86, "BSR32rr R11D EDI");
  ASSERT_TRUE(static_cast<bool>(Old)) << toString(Old.takeError());
  EXPECT_EQ(instructionToText(*X86, *Old), "BSR32rr R11D R11D EDI");
  Expected<MCInst> New = instructionFromText(*X86, "BSR32rr R11D R11D EDI");
  ASSERT_TRUE(static_cast<bool>(New)) << toString(New.takeError());
  EXPECT_EQ(instructionToText(*X86, *New), "BSR32rr R11D R11D EDI");

  // XCHG32rr's two inputs are tied to its two outputs, in order.
  Expected<MCInst> Exchange = instructionFromText(*X86, "XCHG32rr EAX ECX");
  ASSERT_TRUE(static_cast<bool>(Exchange)) << toString(Exchange.takeError());
  EXPECT_EQ(instructionToText(*X86, *Exchange), "XCHG32rr EAX ECX EAX ECX");

  // Any other count has no single reading.
  Expected<MCInst> Short = instructionFromText(*X86, "BSR32rr R11D");
  ASSERT_FALSE(static_cast<bool>(Short));
  EXPECT_EQ(toString(Short.takeError()),
            "BSR32rr takes 3 operands, or 2 without the tied one, got 1");
}

// Upstream writes non-empty validation counters as a block mapping inside the
// flow mapping; that is not YAML and upstream cannot read it back. We read it.
TEST_F(BenchmarkResultTest, ReadsUpstreamValidationCounterOutput) {
  std::string Text = readInput("upstream-validation-counters.yaml");
  Expected<std::vector<Benchmark>> Read = read(Text);
  ASSERT_TRUE(static_cast<bool>(Read)) << toString(Read.takeError());
  ASSERT_EQ(Read->size(), 1u);
  ASSERT_EQ(Read->front().Measurements.size(), 1u);
  const BenchmarkMeasure &M = Read->front().Measurements[0];
  EXPECT_DOUBLE_EQ(M.PerInstructionValue, 0.4919);
  std::map<std::string, int64_t> Want = {{"instructions-retired", 138622},
                                         {"l1d-cache-load-misses", 129902}};
  EXPECT_EQ(M.ValidationCounters, Want);
  // One counter, and errors after the repaired lines keep their line number.
  std::string One = write(specExample());
  One.replace(One.find("validation_counters: {} }"), 25,
              "validation_counters: \n      instructions-retired: 7 }");
  Read = read(One);
  ASSERT_TRUE(static_cast<bool>(Read)) << toString(Read.takeError());
  EXPECT_EQ(Read->front().Measurements[0].ValidationCounters.size(), 1u);
  One.replace(One.find("C94801C9C3"), 10, "C94801C9CG");
  EXPECT_EQ(readError(One),
            "results.yaml:17:20: error: invalid assembled_snippet, "
            "expected an even number of hex digits");
}

// Inputs/ours.yaml is fed to upstream's analysis by a lit test; it must be
// exactly what our writer produces. (No negative immediate: upstream writes
// them as we do, i_0xfffffffffffffff8, but its reader rejects them.)
TEST_F(BenchmarkResultTest, OursInputIsWhatTheWriterProduces) {
  std::vector<Benchmark> Bs;
  const std::pair<const char *, double> Latencies[] = {
      {"ADD64rr", 1.0012}, {"ADD64rr", 0.9981}, {"ADD64rr", 1.0047}};
  for (auto [Opcode, Latency] : Latencies) {
    Benchmark B = specExample();
    B.CpuName = "znver3";
    B.Measurements = {{"latency", Latency, Latency, {}}};
    Bs.push_back(B);
  }
  Benchmark Counted = specExample();
  Counted.CpuName = "znver3";
  Counted.Key.Instructions = {
      inst("IMUL64rr", {r("RAX"), r("RAX"), r("RCX")}),
      inst("MOV64rm", {r("RDX"), r("RSP"), imm(1), noreg(), imm(8), noreg()})};
  Counted.Key.RegisterInitialValues = {value("RAX", 64, "1"),
                                       value("RCX", 64, "FFFFFFFFFFFFFFFF")};
  Counted.Measurements = {
      {"latency", 1.5, 3, {{"instructions-retired", 10001}}}};
  Counted.Info = "";
  Counted.AssembledSnippet = {0xC3};
  Bs.push_back(Counted);
  EXPECT_EQ(write(Bs), readInput("ours.yaml"));
}

TEST_F(BenchmarkResultTest, ReadErrorsSayWhereAndWhat) {
  std::string Good = SpecExampleYaml.str();
  auto With = [&](StringRef From, StringRef To) {
    return specExampleWith(From, To);
  };
  const std::pair<std::string, std::string> Cases[] = {
      {With("'ADD64rr RCX RCX RCX'", "'ADD64rx RCX RCX RCX'"),
       "results.yaml:5:7: error: No opcode with name 'ADD64rx' - did you mean "
       "'ADD64rm' ?"},
      {With("'ADD64rr RCX RCX RCX'", "'ADD64rr RCX RCX RZX'"),
       "results.yaml:5:7: error: No register with name 'RZX' - did you mean "
       "'RAX' ?"},
      {With("'ADD64rr RCX RCX RCX'", "'ADD64rr RCX'"),
       "results.yaml:5:7: error: ADD64rr takes 3 operands, or 2 without the "
       "tied one, got 1"},
      {With("'ADD64rr RCX RCX RCX'", "'ADD64rr RCX RCX RCX RCX'"),
       "results.yaml:5:7: error: ADD64rr takes 3 operands, or 2 without the "
       "tied one, got 4"},
      {With("'ADD64rr RCX RCX RCX'", "'NOOP RCX'"),
       "results.yaml:5:7: error: NOOP takes 0 operands, got 1"},
      {With("'ADD64rr RCX RCX RCX'", "'ADD64rr RCX RCX i_0xZ1'"),
       "results.yaml:5:7: error: invalid immediate 'i_0xZ1', expected i_0x and "
       "at "
       "most 16 hex digits"},
      {With("'ADD64rr RCX RCX RCX'", "'ADD64rr RCX RCX i_0x10000000000000000'"),
       "results.yaml:5:7: error: invalid immediate 'i_0x10000000000000000', "
       "expected "
       "i_0x and at most 16 hex digits"},
      {With("'ADD64rr RCX RCX RCX'", "'ADD64rr RCX RCX f_0x1.8q+0'"),
       "results.yaml:5:7: error: invalid floating-point immediate "
       "'f_0x1.8q+0', "
       "expected f_ and a number in %a form"},
      {With("'ADD64rr RCX RCX RCX'", "'ADD64rr RCX RCX INVALID'"),
       "results.yaml:5:7: error: operand INVALID cannot be read: it stands for "
       "an "
       "operand (e.g. an expression) that has no textual form"},
      {With("'ADD64rr RCX RCX RCX'", "''"),
       "results.yaml:5:7: error: empty instruction, expected an opcode name"},
      {With("'RCX=0x0'", "'RCX=0xZZ'"),
       "results.yaml:8:7: error: invalid value in 'RCX=0xZZ', expected 0x and "
       "hex "
       "digits"},
      {With("'RCX=0x0'", "'RCX=12'"), "results.yaml:8:7: error: invalid value "
                                      "in 'RCX=12', expected 0x and hex "
                                      "digits"},
      {With("'RCX=0x0'", "'RCX'"),
       "results.yaml:8:7: error: invalid register value 'RCX', expected "
       "<REG>=0x<HEX>"},
      {With("'RCX=0x0'", "'FOO=0x0'"),
       "results.yaml:8:7: error: No register with name 'FOO'"},
      {With("mode:            latency", "mode: cycles"),
       "results.yaml:2:7: error: unknown mode 'cycles', expected latency, uops "
       "or "
       "inverse_throughput"},
      {With("C94801C9C3", "C94801C9C"),
       "results.yaml:16:20: error: invalid assembled_snippet, expected an even "
       "number of hex digits"},
      {With("C94801C9C3", "C94801C9CG"),
       "results.yaml:16:20: error: invalid assembled_snippet, expected an even "
       "number of hex digits"},
      {With("value: 1.0012,", "value: fast,"),
       "results.yaml:13:28: error: invalid floating point number"},
      {With("min_instructions: 10000", "min_instructions: -1"),
       "results.yaml:11:19: error: invalid number"},
      {With("cpu_name:        znver4\n", ""),
       "results.yaml:2:1: error: missing required key 'cpu_name'"},
      {With("info:", "colour: blue\ninfo:"),
       "results.yaml:15:1: error: unknown key 'colour'"},
      {With("  - { key: latency,", "  - { key: latency"),
       "results.yaml:13:25: error: Unexpected token. Expected Key, Flow Entry, "
       "or "
       "Flow Mapping End."},
      {With("key:\n", "key: [\n"),
       "results.yaml:6:3: error: Expected , between entries!"},
      {"just a scalar\n", "results.yaml:1:1: error: not a mapping"},
  };
  for (const auto &[Text, Message] : Cases)
    EXPECT_EQ(readError(Text), Message) << Text;
}

// Read with a list for them, documents naming what the target does not
// have are left out and described, the others read as they would alone.
TEST_F(BenchmarkResultTest, SkipsDocumentsNamingUnknownOpcodesOrRegisters) {
  std::string Good = SpecExampleYaml.str();
  auto With = [&](StringRef From, StringRef To) {
    return specExampleWith(From, To);
  };
  std::string Text = Good +
                     With("'ADD64rr RCX RCX RCX'", "'ADD64rrr RCX RCX RCX'") +
                     With("mode:            latency", "mode: uops") +
                     With("'RCX=0x0'", "'RCXQ=0x0'") +
                     With("'ADD64rr RCX RCX RCX'", "'ADD64rr RCX'") +
                     With("'ADD64rr RCX RCX RCX'", "'XYZZY RCX RCX RCX'") +
                     With("'ADD64rr RCX RCX RCX'", "'ADD64rrr RCX RCX RCX'");
  std::vector<SkippedBenchmarkEntry> Skipped;
  Expected<std::vector<Benchmark>> Read =
      readBenchmarkYamls(*X86, MemoryBufferRef(Text, "old.yaml"), &Skipped);
  ASSERT_TRUE(static_cast<bool>(Read)) << toString(Read.takeError());
  ASSERT_EQ(Read->size(), 2u);
  EXPECT_EQ((*Read)[0].Mode, BenchmarkMode::Latency);
  EXPECT_EQ((*Read)[1].Mode, BenchmarkMode::Uops);
  EXPECT_EQ(write(*Read),
            Good + With("mode:            latency", "mode:            uops"));
  const unsigned DocumentLines = 17;
  struct Expectation {
    unsigned Document, Line, Column;
    StringRef Message;
  } const Expected[] = {
      {1, DocumentLines + 5, 7,
       "No opcode with name 'ADD64rrr' - did you mean 'ADD64rr' ?"},
      {3, 3 * DocumentLines + 8, 7,
       "No register with name 'RCXQ' - did you mean 'RCX' ?"},
      {4, 4 * DocumentLines + 5, 7,
       "ADD64rr takes 3 operands, or 2 without the tied one, got 1"},
      {5, 5 * DocumentLines + 5, 7, "No opcode with name 'XYZZY'"},
      {6, 6 * DocumentLines + 5, 7,
       "No opcode with name 'ADD64rrr' - did you mean 'ADD64rr' ?"},
  };
  ASSERT_EQ(Skipped.size(), std::size(Expected));
  for (size_t I = 0; I < Skipped.size(); ++I) {
    EXPECT_EQ(Skipped[I].Document, Expected[I].Document) << I;
    EXPECT_EQ(Skipped[I].File, "old.yaml") << I;
    EXPECT_EQ(Skipped[I].Line, Expected[I].Line) << I;
    EXPECT_EQ(Skipped[I].Column, Expected[I].Column) << I;
    EXPECT_EQ(Skipped[I].Message, Expected[I].Message) << I;
  }

  std::string Warnings;
  raw_string_ostream OS(Warnings);
  printSkippedEntries(ArrayRef(Skipped).take_front(2), OS);
  EXPECT_EQ(Warnings,
            "old.yaml:22:7: warning: skipping benchmark entry: No opcode with "
            "name 'ADD64rrr' - did you mean 'ADD64rr' ?\n"
            "old.yaml:59:7: warning: skipping benchmark entry: No register "
            "with name 'RCXQ' - did you mean 'RCX' ?\n"
            "warning: skipped 2 benchmark entries that could not be parsed\n");
  Warnings.clear();
  printSkippedEntries({}, OS);
  EXPECT_EQ(Warnings, "");
}

// Skipping is for names only: malformed YAML is an error all the same.
TEST_F(BenchmarkResultTest, SkippingLeavesMalformedYamlAnError) {
  std::string Text = SpecExampleYaml.str() + SpecExampleYaml.str();
  Text.replace(Text.rfind("min_instructions: 10000"), 23,
               "min_instructions: lots");
  std::vector<SkippedBenchmarkEntry> Skipped;
  Expected<std::vector<Benchmark>> Read =
      readBenchmarkYamls(*X86, MemoryBufferRef(Text, "bad.yaml"), &Skipped);
  ASSERT_FALSE(static_cast<bool>(Read));
  EXPECT_EQ(toString(Read.takeError()),
            "bad.yaml:28:19: error: invalid number");
}

TEST_F(BenchmarkResultTest, ReadsTargetsWithoutATarget) {
  std::string Text = readInput("upstream-x86.yaml");
  Expected<std::vector<BenchmarkTarget>> Targets =
      readBenchmarkTargets(MemoryBufferRef(Text, "upstream-x86.yaml"));
  ASSERT_TRUE(static_cast<bool>(Targets)) << toString(Targets.takeError());
  ASSERT_EQ(Targets->size(), 7u);
  EXPECT_EQ((*Targets)[0].LLVMTriple, "x86_64-pc-linux-gnu");
  EXPECT_EQ((*Targets)[0].CpuName, "znver3");
  EXPECT_EQ((*Targets)[1].CpuName, "znver4");

  Text = readInput("upstream-validation-counters.yaml");
  Targets = readBenchmarkTargets(MemoryBufferRef(Text, "vc.yaml"));
  ASSERT_TRUE(static_cast<bool>(Targets)) << toString(Targets.takeError());
  EXPECT_EQ(Targets->size(), 1u);

  Targets = readBenchmarkTargets(MemoryBufferRef("", "empty.yaml"));
  ASSERT_TRUE(static_cast<bool>(Targets)) << toString(Targets.takeError());
  EXPECT_TRUE(Targets->empty());

  Targets = readBenchmarkTargets(
      MemoryBufferRef("---\nllvm_triple: x86_64\n...\n", "t.yaml"));
  ASSERT_FALSE(static_cast<bool>(Targets));
  EXPECT_EQ(toString(Targets.takeError()),
            "t.yaml:2:1: error: missing required key 'cpu_name'");
}

TEST_F(BenchmarkResultTest, WriterRefusesNumbersThatNameNothing) {
  Benchmark B = specExample();
  B.Key.Instructions[0].setOpcode(X86->getInstrInfo().getNumOpcodes() + 5);
  std::string Text;
  raw_string_ostream OS(Text);
  Error E = writeBenchmarkYaml(B, *X86, OS);
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_NE(toString(std::move(E)).find("not an opcode"), std::string::npos);
  EXPECT_TRUE(Text.empty());

  B = specExample();
  B.Key.RegisterInitialValues[0].Register = MCRegister();
  Error E2 = writeBenchmarkYaml(B, *X86, OS);
  ASSERT_TRUE(static_cast<bool>(E2));
  EXPECT_NE(toString(std::move(E2)).find("not a register"), std::string::npos);
  EXPECT_TRUE(Text.empty());
}

TEST_F(BenchmarkResultTest, ExpressionOperandsAreWrittenInvalidAsUpstream) {
  MCInst Lea = inst("LEA64r", {r("RAX"), r("RIP"), imm(1), noreg(),
                               MCOperand::createInst(nullptr), noreg()});
  EXPECT_EQ(instructionToText(*X86, Lea),
            "LEA64r RAX RIP i_0x1 %noreg INVALID %noreg");
  Expected<MCInst> Read =
      instructionFromText(*X86, instructionToText(*X86, Lea));
  EXPECT_FALSE(static_cast<bool>(Read));
  consumeError(Read.takeError());
}

TEST_F(BenchmarkResultTest, ModeNamesRoundTrip) {
  for (BenchmarkMode Mode :
       {BenchmarkMode::Unknown, BenchmarkMode::Latency, BenchmarkMode::Uops,
        BenchmarkMode::InverseThroughput})
    EXPECT_EQ(parseBenchmarkMode(getBenchmarkModeName(Mode)), Mode);
  EXPECT_EQ(getBenchmarkModeName(BenchmarkMode::InverseThroughput),
            "inverse_throughput");
  EXPECT_FALSE(parseBenchmarkMode("analysis").has_value());
  EXPECT_FALSE(parseBenchmarkMode("Latency").has_value());
}

} // namespace
