//===-- PreparedSnippetsTest.cpp - x86 snippets with their own set-up -----===//

#include "Core/LLVMState.h"
#include "Execution/FunctionExecutor.h"
#include "Snippets/GeneratorForMode.h"
#include "X86/X86PreparedSnippets.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

constexpr const char *StringOpcodes[] = {
    "REP_MOVSB_64", "REP_MOVSW_64", "REP_MOVSD_64", "REP_MOVSQ_64",
    "REP_STOSB_64", "REP_STOSW_64", "REP_STOSD_64", "REP_STOSQ_64",
    "MOVSB",        "MOVSW",        "MOVSL",        "MOVSQ",
    "STOSB",        "STOSW",        "STOSL",        "STOSQ",
    "LODSB",        "LODSW",        "LODSL",        "LODSQ",
    "SCASB",        "SCASW",        "SCASL",        "SCASQ",
    "CMPSB",        "CMPSW",        "CMPSL",        "CMPSQ"};

class PreparedSnippetsTest : public ::testing::Test {
protected:
  void SetUp() override {
    State = cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver3"));
  }

  MCRegister reg(StringRef Name) { return *State->getRegisterByName(Name); }
  unsigned opcode(StringRef Name) { return *State->getOpcodeByName(Name); }
  StringRef name(const MCInst &Inst) {
    return State->getOpcodeName(Inst.getOpcode());
  }

  std::vector<BenchmarkCode> generate(BenchmarkMode Mode, StringRef Name,
                                      unsigned MaxConfigs = 1) {
    SnippetGeneratorOptions Options;
    Options.Mode = Mode;
    Options.MaxConfigs = MaxConfigs;
    std::unique_ptr<SnippetGenerator> G =
        createSnippetGenerator(*State, Options);
    Expected<std::vector<BenchmarkCode>> Codes =
        G->generateConfigurations(opcode(Name));
    if (!Codes) {
      ADD_FAILURE() << Name.str() << ": " << toString(Codes.takeError());
      return {};
    }
    return std::move(*Codes);
  }

  /// Offsets from the scratch buffer that RSI, RDI and RCX hold, as one
  /// repetition of a string snippet moves them.
  struct Pointers {
    std::optional<int64_t> RSI, RDI = 0, RCX;
  };

  static unsigned elementBytes(StringRef Name) {
    Name.consume_front("REP_");
    Name.consume_back("_64");
    switch (Name.back()) {
    case 'B':
      return 1;
    case 'W':
      return 2;
    case 'Q':
      return 8;
    default:
      return 4;
    }
  }

  /// Runs one repetition of \p Code on \p P, checking that every byte the
  /// string instruction touches lies in the scratch buffer.
  void simulate(const BenchmarkCode &Code, Pointers &P) {
    for (const MCInst &Inst : Code.Key.Instructions) {
      StringRef N = name(Inst);
      if (N == "LEA64r") {
        // The only index a prepared LEA uses is RAX, which holds 0.
        ASSERT_EQ(Inst.getOperand(1).getReg(), reg("RDI")) << N.str();
        ASSERT_TRUE(P.RDI.has_value());
        int64_t Value = *P.RDI + Inst.getOperand(4).getImm();
        MCRegister Dst = Inst.getOperand(0).getReg();
        if (Dst == reg("RSI"))
          P.RSI = Value;
        else if (Dst == reg("RDI"))
          P.RDI = Value;
        continue;
      }
      if (N == "MOV32ri") {
        ASSERT_EQ(Inst.getOperand(0).getReg(), reg("ECX"));
        P.RCX = Inst.getOperand(1).getImm();
        continue;
      }
      bool Rep = N.starts_with("REP_");
      int64_t Count = 1;
      if (Rep) {
        ASSERT_TRUE(P.RCX.has_value()) << N.str() << ": RCX not set";
        Count = *P.RCX;
        P.RCX = 0;
      }
      int64_t Bytes = Count * elementBytes(N);
      bool UsesRSI =
          N.contains("MOVS") || N.contains("LODS") || N.contains("CMPS");
      bool UsesRDI = !N.contains("LODS");
      for (auto [Used, Ptr] :
           {std::pair(UsesRSI, &P.RSI), std::pair(UsesRDI, &P.RDI)}) {
        if (!Used)
          continue;
        ASSERT_TRUE(Ptr->has_value()) << N.str() << ": pointer not set";
        EXPECT_GE(**Ptr, 0) << N.str();
        EXPECT_LE(**Ptr + Bytes, int64_t(ScratchMemorySize)) << N.str();
        **Ptr += Bytes;
      }
    }
  }

  std::unique_ptr<LLVMState> State;
};

TEST_F(PreparedSnippetsTest, StringSnippetsStayInScratchMemory) {
  for (BenchmarkMode Mode :
       {BenchmarkMode::Latency, BenchmarkMode::InverseThroughput}) {
    for (StringRef Name : StringOpcodes) {
      std::vector<BenchmarkCode> Codes = generate(Mode, Name, 4);
      ASSERT_FALSE(Codes.empty()) << Name.str();
      EXPECT_EQ(Codes.size(), Name.starts_with("REP_") ? 4u : 1u) << Name.str();
      for (const BenchmarkCode &Code : Codes) {
        // Every repetition starts where the first did: RDI back at the
        // scratch buffer, and RSI and RCX set again before they are used.
        Pointers P;
        for (unsigned Repetition = 0; Repetition < 3; ++Repetition) {
          Pointers Before = P;
          simulate(Code, P);
          if (HasFatalFailure())
            return;
          EXPECT_EQ(P.RDI, Before.RDI) << Name.str() << " " << Code.Key.Config;
          P.RSI.reset();
          P.RCX.reset();
        }
        EXPECT_NE(Code.Info.find("per_snippet_value is one " + Name.str()),
                  std::string::npos)
            << Code.Info;
        EXPECT_NE(Code.Info.find("DF clear"), std::string::npos) << Code.Info;
        ASSERT_EQ(Code.LiveIns.size(), 1u);
        EXPECT_EQ(Code.LiveIns[0], reg("RDI"));
      }
    }
  }
}

TEST_F(PreparedSnippetsTest, ScratchPointerIsNeverInitialized) {
  // MOVS names EDI implicitly: setting it would overwrite the scratch
  // pointer's low half.
  for (StringRef Name : StringOpcodes)
    for (const BenchmarkCode &Code : generate(BenchmarkMode::Latency, Name))
      for (const RegisterValue &RV : Code.Key.RegisterInitialValues) {
        EXPECT_FALSE(State->getRegInfo().regsOverlap(RV.Register, reg("RDI")))
            << Name.str() << " sets "
            << State->getRegisterName(RV.Register).str();
        // DF is clear on entry; nothing can or need set it.
        EXPECT_NE(State->getRegisterName(RV.Register), "DF") << Name.str();
      }
}

TEST_F(PreparedSnippetsTest, RepCountsAreConfigurations) {
  std::vector<BenchmarkCode> Codes =
      generate(BenchmarkMode::Latency, "REP_MOVSQ_64", 10);
  ASSERT_EQ(Codes.size(), 4u);
  EXPECT_EQ(Codes[0].Key.Config, "RCX=8 (64 bytes)");
  EXPECT_EQ(Codes[1].Key.Config, "RCX=1 (8 bytes)");
  EXPECT_EQ(Codes[2].Key.Config, "RCX=64 (512 bytes)");
  EXPECT_EQ(Codes[3].Key.Config, "RCX=512 (4096 bytes)");
  // The default is the small count, set right before the instruction.
  const std::vector<MCInst> &Insts = Codes[0].Key.Instructions;
  ASSERT_EQ(Insts.size(), 4u);
  EXPECT_EQ(name(Insts[0]), "LEA64r");
  EXPECT_EQ(name(Insts[1]), "MOV32ri");
  EXPECT_EQ(Insts[1].getOperand(1).getImm(), 8);
  EXPECT_EQ(name(Insts[2]), "REP_MOVSQ_64");
  EXPECT_EQ(name(Insts[3]), "LEA64r");
  EXPECT_EQ(Insts[3].getOperand(4).getImm(), -64);
}

TEST_F(PreparedSnippetsTest, LodsLatencyChainsThroughTheLoad) {
  std::vector<BenchmarkCode> Serial = generate(BenchmarkMode::Latency, "LODSQ");
  ASSERT_EQ(Serial.size(), 1u);
  const MCInst &Lea = Serial[0].Key.Instructions[0];
  EXPECT_EQ(Lea.getOperand(3).getReg(), reg("RAX"));
  std::vector<BenchmarkCode> Parallel =
      generate(BenchmarkMode::InverseThroughput, "LODSQ");
  ASSERT_EQ(Parallel.size(), 1u);
  EXPECT_FALSE(
      Parallel[0].Key.Instructions[0].getOperand(3).getReg().isValid());
}

TEST_F(PreparedSnippetsTest, XlatTableIsScratchMemory) {
  std::vector<BenchmarkCode> Codes = generate(BenchmarkMode::Latency, "XLAT");
  ASSERT_EQ(Codes.size(), 1u);
  const std::vector<MCInst> &Insts = Codes[0].Key.Instructions;
  ASSERT_EQ(Insts.size(), 2u);
  EXPECT_EQ(name(Insts[0]), "LEA64r");
  EXPECT_EQ(Insts[0].getOperand(0).getReg(), reg("RBX"));
  EXPECT_EQ(Insts[0].getOperand(1).getReg(), reg("RDI"));
  EXPECT_EQ(name(Insts[1]), "XLAT");
  for (const RegisterValue &RV : Codes[0].Key.RegisterInitialValues)
    EXPECT_FALSE(State->getRegInfo().regsOverlap(RV.Register, reg("RBX")));
}

TEST_F(PreparedSnippetsTest, CounterRegisterStaysZero) {
  for (StringRef Name : {"XGETBV", "RDPKRUr"}) {
    std::vector<BenchmarkCode> Serial = generate(BenchmarkMode::Latency, Name);
    ASSERT_EQ(Serial.size(), 1u);
    const std::vector<MCInst> &Insts = Serial[0].Key.Instructions;
    ASSERT_EQ(Insts.size(), 2u);
    EXPECT_EQ(name(Insts[0]), Name);
    // and %eax, %ecx: ECX waits for the value read, and stays 0.
    EXPECT_EQ(name(Insts[1]), "AND32rr");
    EXPECT_EQ(Insts[1].getOperand(0).getReg(), reg("ECX"));
    EXPECT_EQ(Insts[1].getOperand(2).getReg(), reg("EAX"));
    ASSERT_EQ(Serial[0].Key.RegisterInitialValues.size(), 1u);
    EXPECT_EQ(Serial[0].Key.RegisterInitialValues[0].Register, reg("ECX"));
    EXPECT_TRUE(Serial[0].Key.RegisterInitialValues[0].Value.isZero());

    std::vector<BenchmarkCode> Parallel =
        generate(BenchmarkMode::InverseThroughput, Name);
    ASSERT_EQ(Parallel.size(), 1u);
    ASSERT_EQ(Parallel[0].Key.Instructions.size(), 1u);
    EXPECT_EQ(name(Parallel[0].Key.Instructions[0]), Name);
  }
}

TEST_F(PreparedSnippetsTest, ShadowStackReadsNeedNoShadowStackPointer) {
  for (StringRef Name : {"RDSSPD", "RDSSPQ", "INCSSPD", "INCSSPQ"}) {
    std::vector<BenchmarkCode> Codes = generate(BenchmarkMode::Latency, Name);
    ASSERT_EQ(Codes.size(), 1u) << Name.str();
    EXPECT_EQ(Codes[0].Info.find("not initialized"), std::string::npos)
        << Codes[0].Info;
    for (const RegisterValue &RV : Codes[0].Key.RegisterInitialValues) {
      EXPECT_NE(State->getRegisterName(RV.Register), "SSP");
      EXPECT_TRUE(RV.Value.isZero()) << Name.str();
    }
  }
}

TEST_F(PreparedSnippetsTest, SelectorIsValidEveryRepetition) {
  // Serial: the selector register is remade from the result as
  // (X | 0x2b) & 0x2b, so it is the user data selector whatever X was.
  for (StringRef Name : {"LAR32rr", "LSL64rr", "LAR16rm", "VERRr", "VERWm"}) {
    std::vector<BenchmarkCode> Codes = generate(BenchmarkMode::Latency, Name);
    ASSERT_EQ(Codes.size(), 1u) << Name.str();
    const std::vector<MCInst> &Insts = Codes[0].Key.Instructions;
    EXPECT_EQ(name(Insts.back()), Name);
    std::vector<StringRef> Names;
    for (const MCInst &I : Insts)
      Names.push_back(name(I));
    auto Or = find(Names, "OR32ri8");
    ASSERT_NE(Or, Names.end()) << Name.str();
    ASSERT_NE(Or + 1, Names.end());
    EXPECT_EQ(*(Or + 1), "AND32ri8") << Name.str();
    for (unsigned I :
         {unsigned(Or - Names.begin()), unsigned(Or - Names.begin()) + 1}) {
      EXPECT_EQ(Insts[I].getOperand(0).getReg(), reg("ECX"));
      EXPECT_EQ(Insts[I].getOperand(2).getImm(), 0x2b);
    }
    EXPECT_EQ(Codes[0].Key.Config, "selector 0x2b");
  }
  // Otherwise the selector is set again by an immediate: no chain.
  std::vector<BenchmarkCode> Codes =
      generate(BenchmarkMode::InverseThroughput, "LAR32rr");
  ASSERT_EQ(Codes.size(), 1u);
  const std::vector<MCInst> &Insts = Codes[0].Key.Instructions;
  ASSERT_EQ(Insts.size(), 2u);
  EXPECT_EQ(name(Insts[0]), "MOV32ri");
  EXPECT_EQ(Insts[0].getOperand(1).getImm(), 0x2b);
  EXPECT_EQ(Insts[1].getOperand(0).getReg(), reg("EDX"));
  EXPECT_EQ(Insts[1].getOperand(1).getReg(), reg("CX"));
}

// Their snippets cannot keep ESI/EDI in scratch memory: generated as any
// opcode (the phases before measure assemble them), never run.
TEST_F(PreparedSnippetsTest, ThirtyTwoBitAddressFormsAreNeverRun) {
  EXPECT_FALSE(hasX86PreparedSnippet(*State, opcode("REP_MOVSB_32")));
  EXPECT_EQ(SnippetGenerationTarget::lookup(State->getTriple())
                .whyNeverRun(*State, opcode("REP_MOVSB_32")),
            "32-bit address size (the scratch pointer needs 64 bits)");
  EXPECT_FALSE(SnippetGenerationTarget::lookup(State->getTriple())
                   .whyNeverRun(*State, opcode("REP_MOVSB_64"))
                   .has_value());
}

} // namespace
