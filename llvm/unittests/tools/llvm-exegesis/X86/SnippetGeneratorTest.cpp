//===-- SnippetGeneratorTest.cpp - Serial and parallel strategies on x86 --===//

#include "Availability/EncodingValidityCheck.h"
#include "Core/LLVMState.h"
#include "Snippets/GeneratorForMode.h"
#include "Snippets/ParallelSnippetGenerator.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

class SnippetGeneratorTest : public ::testing::Test {
protected:
  void SetUp() override {
    State = cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver4"));
  }

  MCRegister reg(StringRef Name) { return *State->getRegisterByName(Name); }
  unsigned opcode(StringRef Name) { return *State->getOpcodeByName(Name); }

  std::unique_ptr<SnippetGenerator> generator(BenchmarkMode Mode,
                                              unsigned MaxConfigs = 1) {
    SnippetGeneratorOptions Options;
    Options.Mode = Mode;
    Options.MaxConfigs = MaxConfigs;
    return createSnippetGenerator(*State, Options);
  }

  std::vector<BenchmarkCode> generate(SnippetGenerator &G, StringRef Name) {
    Expected<std::vector<BenchmarkCode>> Codes =
        G.generateConfigurations(opcode(Name));
    if (!Codes) {
      ADD_FAILURE() << Name.str() << ": " << toString(Codes.takeError());
      return {};
    }
    return std::move(*Codes);
  }

  /// The error message and whether it says "unsupported".
  std::pair<std::string, bool> failure(SnippetGenerator &G, StringRef Name) {
    Expected<std::vector<BenchmarkCode>> Codes =
        G.generateConfigurations(opcode(Name));
    if (Codes) {
      ADD_FAILURE() << Name.str() << " unexpectedly generated";
      return {"", false};
    }
    std::string Message;
    bool Unsupported = false;
    handleAllErrors(Codes.takeError(), [&](const SnippetGenerationError &E) {
      Message = E.message();
      Unsupported = E.isUnsupported();
    });
    return {Message, Unsupported};
  }

  bool aliases(SnippetGenerator &G, MCRegister A, MCRegister B) {
    return G.getRegisterPool().aliases(A, B);
  }

  /// Registers named by \p Inst's register operands.
  static std::vector<MCRegister> registers(const MCInst &Inst) {
    std::vector<MCRegister> Regs;
    for (const MCOperand &Op : Inst)
      if (Op.isReg() && Op.getReg().isValid())
        Regs.push_back(Op.getReg());
    return Regs;
  }

  std::unique_ptr<LLVMState> State;
};

TEST_F(SnippetGeneratorTest, LatencyRepeatsTiedOpcode) {
  auto G = generator(BenchmarkMode::Latency);
  std::vector<BenchmarkCode> Codes = generate(*G, "ADD64rr");
  ASSERT_EQ(Codes.size(), 1u);
  const BenchmarkCode &Code = Codes[0];
  ASSERT_EQ(Code.Key.Instructions.size(), 1u);
  const MCInst &Add = Code.Key.Instructions[0];
  EXPECT_EQ(Add.getOperand(0).getReg(), Add.getOperand(1).getReg());
  // Not the same source register: XOR-like idioms would break the chain.
  EXPECT_NE(Add.getOperand(1).getReg(), Add.getOperand(2).getReg());
  EXPECT_EQ(Code.Info, "Repeating a single implicitly serial instruction");
  ASSERT_EQ(Code.Key.RegisterInitialValues.size(), 2u);
  EXPECT_EQ(Code.Key.RegisterInitialValues[0].Register,
            Add.getOperand(1).getReg());
  EXPECT_EQ(Code.Key.RegisterInitialValues[1].Register,
            Add.getOperand(2).getReg());
}

TEST_F(SnippetGeneratorTest, LatencyRepeatsImplicitSelfDependency) {
  auto G = generator(BenchmarkMode::Latency);
  std::vector<BenchmarkCode> Codes = generate(*G, "DIV64r");
  ASSERT_EQ(Codes.size(), 1u);
  EXPECT_EQ(Codes[0].Info, "Repeating a single implicitly serial instruction");
}

TEST_F(SnippetGeneratorTest, LatencyGivesDefTheRegisterOfAUse) {
  auto G = generator(BenchmarkMode::Latency);
  std::vector<BenchmarkCode> Codes = generate(*G, "SQRTSSr");
  ASSERT_EQ(Codes.size(), 1u);
  const MCInst &Sqrt = Codes[0].Key.Instructions[0];
  EXPECT_EQ(Sqrt.getOperand(0).getReg(), Sqrt.getOperand(1).getReg());
  EXPECT_EQ(Codes[0].Info, "Repeating a single explicitly serial instruction");
  // SQRTSS reads MXCSR: it starts with exceptions masked, not with zero.
  bool HasMXCSR = false;
  for (const RegisterValue &V : Codes[0].Key.RegisterInitialValues)
    if (V.Register == reg("MXCSR")) {
      HasMXCSR = true;
      EXPECT_EQ(V.Value.getZExtValue(), 0x1F80u);
    }
  EXPECT_TRUE(HasMXCSR);

  // Different widths alias: MOVSX64rr32 writes RAX and reads EAX.
  Codes = generate(*G, "MOVSX64rr32");
  ASSERT_EQ(Codes.size(), 1u);
  const MCInst &Movsx = Codes[0].Key.Instructions[0];
  EXPECT_TRUE(
      aliases(*G, Movsx.getOperand(0).getReg(), Movsx.getOperand(1).getReg()));
}

TEST_F(SnippetGeneratorTest, LatencyClosesCycleWithSecondInstruction) {
  // CMP8i8 reads AL without naming it; CMP64rr, which names its register,
  // goes through CMOVB (FlagsOnlyProducerChainsThroughCmovb).
  auto G = generator(BenchmarkMode::Latency);
  std::vector<BenchmarkCode> Codes = generate(*G, "CMP8i8");
  ASSERT_EQ(Codes.size(), 1u);
  const BenchmarkCode &Code = Codes[0];
  ASSERT_EQ(Code.Key.Instructions.size(), 2u);
  EXPECT_EQ(Code.Info, "Repeating two instructions");
  const MCInst &Cmp = Code.Key.Instructions[0];
  const MCInst &Helper = Code.Key.Instructions[1];
  EXPECT_EQ(Cmp.getOpcode(), opcode("CMP8i8"));
  // The helper reads the flags CMP writes...
  const MCInstrDesc &HelperDesc = State->getInstrInfo().get(Helper.getOpcode());
  EXPECT_TRUE(is_contained(HelperDesc.implicit_uses(), reg("EFLAGS").id()));
  // ...and writes a register CMP reads.
  std::vector<MCRegister> Written = registers(Helper);
  for (MCPhysReg Reg : HelperDesc.implicit_defs())
    Written.push_back(Reg);
  std::vector<MCRegister> Read = registers(Cmp);
  for (MCPhysReg Reg :
       State->getInstrInfo().get(Cmp.getOpcode()).implicit_uses())
    Read.push_back(Reg);
  bool Feeds = false;
  for (MCRegister Def : Written)
    for (MCRegister Use : Read)
      Feeds |= aliases(*G, Def, Use);
  EXPECT_TRUE(Feeds);
  // EFLAGS is written by CMP before the helper reads it: not initialized.
  for (const RegisterValue &V : Code.Key.RegisterInitialValues)
    EXPECT_NE(V.Register, reg("EFLAGS"));
}

TEST_F(SnippetGeneratorTest, FlagsOnlyProducerChainsThroughCmovb) {
  // CMP64rr writes only the flags: CMOVB reads CF back into RAX, which CMP
  // reads, and CMOVB's latency (half of a TEST/CMOVB round trip, with its
  // bounds) is measured beside it and subtracted.
  auto G = generator(BenchmarkMode::Latency);
  std::vector<BenchmarkCode> Codes = generate(*G, "CMP64rr");
  ASSERT_EQ(Codes.size(), 1u);
  const BenchmarkCode &Code = Codes[0];
  ASSERT_EQ(Code.Key.Instructions.size(), 2u);
  EXPECT_EQ(Code.Key.Instructions[0].getOpcode(), opcode("CMP64rr"));
  EXPECT_EQ(Code.Key.Instructions[0].getOperand(0).getReg(), reg("RAX"));
  EXPECT_EQ(Code.Key.Instructions[1].getOpcode(), opcode("CMOV64rr"));
  EXPECT_EQ(Code.Key.Instructions[1].getOperand(0).getReg(), reg("RAX"));
  ASSERT_EQ(Code.SubtractedChains.size(), 1u);
  const SubtractedChain &Chain = Code.SubtractedChains[0];
  EXPECT_EQ(Chain.Share, 0.5);
  ASSERT_TRUE(Chain.Bounds.has_value());
  EXPECT_EQ(Chain.Bounds->LowCycles, 1);
  EXPECT_EQ(Chain.Bounds->HighCycles, -1);
  ASSERT_EQ(Chain.Key.Instructions.size(), 2u);
  EXPECT_EQ(Chain.Key.Instructions[0].getOpcode(), opcode("TEST64rr"));
  EXPECT_EQ(Chain.Key.Instructions[1].getOpcode(), opcode("CMOV64rr"));
}

TEST_F(SnippetGeneratorTest, HelperIsValidForTheSubtarget) {
  // Without a check, the simplest helper of SETCC may be a 32-bit-only
  // opcode; with the check it must assemble in 64-bit mode.
  std::unique_ptr<EncodingValidityCheck> Check =
      cantFail(EncodingValidityCheck::create(*State));
  SnippetGeneratorOptions Options;
  Options.Availability = Check.get();
  auto G = createSnippetGenerator(*State, Options);
  std::vector<BenchmarkCode> Codes = generate(*G, "SETCCr");
  ASSERT_EQ(Codes.size(), 1u);
  ASSERT_EQ(Codes[0].Key.Instructions.size(), 2u);
  EXPECT_FALSE(Check->whyInvalid(Codes[0].Key.Instructions[1]).has_value());
}

TEST_F(SnippetGeneratorTest, NoStrategyWithoutRegisters) {
  auto G = generator(BenchmarkMode::Latency);
  auto [Message, Unsupported] = failure(*G, "NOOP");
  EXPECT_FALSE(Unsupported);
  EXPECT_EQ(Message, "No strategy found to make the execution serial: the "
                     "instruction reads and writes no register, flag or "
                     "memory: it has no latency, only a throughput");
}

TEST_F(SnippetGeneratorTest, UnsupportedOpcodesAndReasons) {
  auto G = generator(BenchmarkMode::Latency);
  // The stack's latency has snippets of its own on a private stack
  // (X86StackSnippets.h); the other modes still refuse it.
  auto Throughput = generator(BenchmarkMode::InverseThroughput);
  for (const char *Name : {"PUSH64r", "LEAVE64"}) {
    auto [Message, Unsupported] = failure(*Throughput, Name);
    EXPECT_TRUE(Unsupported) << Name;
    EXPECT_EQ(Message, "unsupported opcode: uses the stack pointer (push/pop): "
                       "measured in latency mode only, on a private stack")
        << Name;
  }
  for (auto [Name, Reason] :
       {std::pair("MOV64sr", "uses a segment register"),
        std::pair("LFS64rm", "uses a segment register"),
        std::pair("WRFSBASE64", "uses a segment register"),
        std::pair("SYSENTER", "system instruction"),
        std::pair("OUTSB", "string operand: only the prepared string "
                           "snippets point RSI and RDI at scratch memory"),
        std::pair("MOV64ao64", "absolute address (moffs): no register can "
                               "point it at scratch memory"),
        std::pair("REP_PREFIX", "a prefix on its own, not an instruction"),
        std::pair("ADD_FrST0", "x87 instruction with an ST(i) operand")}) {
    auto [Message, Unsupported] = failure(*G, Name);
    EXPECT_TRUE(Unsupported) << Name;
    EXPECT_EQ(Message, std::string("unsupported opcode: ") + Reason) << Name;
  }
  // What every target refuses, in upstream's words.
  for (auto [Name, Words] : {std::pair("LRET64", "isCall/isReturn"),
                             std::pair("JMP_1", "isBranch/isIndirectBranch"),
                             std::pair("PHI", "isPseudo/usesCustomInserter")}) {
    auto [Message, Unsupported] = failure(*G, Name);
    EXPECT_TRUE(Unsupported) << Name;
    EXPECT_EQ(Message, std::string("Unsupported opcode: ") + Words) << Name;
  }
  // Names that merely start like a system instruction are fine.
  EXPECT_FALSE(G->getUnsupportedReason(opcode("STC")).has_value());
  EXPECT_FALSE(G->getUnsupportedReason(opcode("INC64r")).has_value());
}

// What only running would make unsafe is generated like any other opcode
// (the phases before measure assemble it); the target says why it must
// never run, and the measure phase skips it (HostSupportCheck).
TEST_F(SnippetGeneratorTest, NeverRunOpcodesAreGenerated) {
  auto G = generator(BenchmarkMode::Uops);
  const SnippetGenerationTarget &Target =
      SnippetGenerationTarget::lookup(State->getTriple());
  for (auto [Name, Reason] :
       {std::pair("HLT", "system instruction"),
        std::pair("WRGSBASE64", "system instruction"),
        std::pair("STR64r", "system instruction"),
        std::pair("ENQCMDS64", "system instruction"),
        std::pair("IN16rr", "system instruction"),
        std::pair("STD", "changes the direction flag"),
        std::pair("MOV64rc", "uses a control register"),
        std::pair("MOV64dr", "uses a debug register"),
        std::pair("TILEZERO", "AMX tile instruction (needs a tile "
                              "configuration)"),
        std::pair("LDMXCSR", "loads floating-point control state from memory"),
        std::pair("FLDENVm", "loads floating-point control state from memory"),
        std::pair("DIV64m", "divides by scratch memory, which holds zeros"),
        std::pair("CLZERO64r", "writes memory at the address in RAX"),
        std::pair("MOVDIR64B64",
                  "writes 64 bytes at the address in its register operand"),
        std::pair("SETSSBSY", "system instruction"),
        std::pair("REP_STOSB_32",
                  "32-bit address size (the scratch pointer needs 64 bits)"),
        std::pair("MASKMOVDQU", "accesses memory through implicit registers"),
        std::pair("LWPVAL64rri", "system instruction"),
        std::pair("LWPVAL64rmi", "system instruction")}) {
    std::vector<BenchmarkCode> Codes = generate(*G, Name);
    ASSERT_FALSE(Codes.empty()) << Name;
    EXPECT_EQ(Codes[0].Key.Instructions[0].getOpcode(), opcode(Name)) << Name;
    EXPECT_EQ(Target.whyNeverRun(*State, opcode(Name)), std::string(Reason))
        << Name;
  }
  // Prepared snippets keep every repetition valid: they run.
  for (StringRef Name :
       {"XGETBV", "RDSSPQ", "INCSSPQ", "REP_MOVSB_64", "LAR32rr", "ADD64rr"})
    EXPECT_FALSE(Target.whyNeverRun(*State, opcode(Name)).has_value())
        << Name.str();
}

// A latency cycle's second instruction is never one that must not run.
TEST_F(SnippetGeneratorTest, HelpersAreNeverNeverRunOpcodes) {
  auto G = generator(BenchmarkMode::Latency);
  const SnippetGenerationTarget &Target =
      SnippetGenerationTarget::lookup(State->getTriple());
  for (StringRef Name : {"IN16rr", "IN32rr", "RDMSR", "LAR16rr", "CMP64rr"})
    for (const BenchmarkCode &Code : generate(*G, Name))
      for (const MCInst &Inst : ArrayRef(Code.Key.Instructions).drop_front())
        EXPECT_FALSE(Target.whyNeverRun(*State, Inst.getOpcode()))
            << Name.str() << ": "
            << State->getOpcodeName(Inst.getOpcode()).str();
}

// With a seed the registers are drawn: upstream's for a self-dependent
// instruction, a reserved register drawn again, the same for the same seed.
TEST_F(SnippetGeneratorTest, SeededChoicesAreDrawn) {
  auto Seeded = [&](unsigned Seed, bool ReserveLoopCounter = false) {
    SnippetGeneratorOptions Options;
    Options.Mode = BenchmarkMode::Latency;
    Options.RandomSeed = Seed;
    Options.ReserveLoopCounter = ReserveLoopCounter;
    return createSnippetGenerator(*State, Options);
  };
  auto Registers = [&](SnippetGenerator &G, StringRef Name) {
    std::vector<BenchmarkCode> Codes = generate(G, Name);
    return Codes.empty() ? std::vector<MCRegister>()
                         : registers(Codes[0].Key.Instructions[0]);
  };
  EXPECT_EQ(Registers(*Seeded(5), "ADD64rr"),
            (std::vector<MCRegister>{reg("RCX"), reg("RCX"), reg("RAX")}));
  // Listed by their lowest alias a link draws RBX (BL) before RBP (BP).
  EXPECT_EQ(Registers(*Seeded(7), "MOV64rr"),
            (std::vector<MCRegister>{reg("RBX"), reg("RBX")}));
  // Seed 10 draws RDI, the scratch pointer, for the source; seed 14 R8,
  // the loop counter when the run loops.
  for (MCRegister Reg : Registers(*Seeded(10), "ADD64rr"))
    EXPECT_FALSE(aliases(*Seeded(10), Reg, reg("RDI")));
  EXPECT_EQ(Registers(*Seeded(14), "ADD64rr")[0], reg("R8"));
  EXPECT_NE(Registers(*Seeded(14, true), "ADD64rr")[0], reg("R8"));
  // One sequence per generator: the same seed, the same snippets.
  auto First = Seeded(3), Second = Seeded(3);
  for (StringRef Name : {"ADD32rr", "VADDPSrr", "IMUL64rr", "CMP64rr"})
    EXPECT_EQ(Registers(*First, Name), Registers(*Second, Name)) << Name.str();
  // No seed: the first free registers.
  EXPECT_EQ(Registers(*generator(BenchmarkMode::Latency), "ADD64rr"),
            (std::vector<MCRegister>{reg("RAX"), reg("RAX"), reg("RCX")}));
}

TEST_F(SnippetGeneratorTest, FencesAddressNoMemory) {
  // LLVM models them as loads and stores; they are measured like any
  // operand-less instruction: repeated for throughput, no latency cycle.
  auto Parallel = generator(BenchmarkMode::InverseThroughput);
  auto Serial = generator(BenchmarkMode::Latency);
  for (StringRef Name :
       {"LFENCE", "MFENCE", "SFENCE", "PAUSE", "SERIALIZE", "RDFSBASE64"}) {
    std::vector<BenchmarkCode> Codes = generate(*Parallel, Name);
    ASSERT_EQ(Codes.size(), 1u) << Name.str();
    EXPECT_EQ(Codes[0].Key.Instructions[0].getOpcode(), opcode(Name));
    auto [Message, Unsupported] = failure(*Serial, Name);
    EXPECT_FALSE(Unsupported) << Name.str() << ": " << Message;
  }
  // The masked stores to (%rdi) store into scratch memory; with EDI they
  // would not, and are never run (NeverRunOpcodesAreGenerated).
  for (StringRef Name : {"MASKMOVDQU64", "VMASKMOVDQU64", "MMX_MASKMOVQ64"}) {
    std::vector<BenchmarkCode> Codes = generate(*Parallel, Name);
    ASSERT_FALSE(Codes.empty()) << Name.str();
    for (const RegisterValue &RV : Codes[0].Key.RegisterInitialValues)
      EXPECT_FALSE(State->getRegInfo().regsOverlap(RV.Register, reg("RDI")))
          << Name.str();
    EXPECT_EQ(Codes[0].LiveIns, std::vector<MCRegister>{reg("RDI")});
  }
}

TEST_F(SnippetGeneratorTest, ParallelTiedOpcodeGetsDistinctRegisters) {
  auto G = generator(BenchmarkMode::Uops);
  std::vector<BenchmarkCode> Codes = generate(*G, "ADD64rr");
  ASSERT_EQ(Codes.size(), 1u);
  const std::vector<MCInst> &Insts = Codes[0].Key.Instructions;
  ASSERT_GT(Insts.size(), 8u);
  EXPECT_EQ(Codes[0].Info,
            "instruction has tied variables, avoiding Read-After-Write issue, "
            "picking random def and use registers not aliasing each other, "
            "for uses, randomizing registers");
  for (size_t I = 0; I < Insts.size(); ++I) {
    MCRegister Def = Insts[I].getOperand(0).getReg();
    EXPECT_NE(Def, reg("RSP"));
    EXPECT_NE(Def, reg("RDI"));
    for (size_t J = 0; J < Insts.size(); ++J) {
      // No copy reads what another writes (the tied read is its own).
      EXPECT_FALSE(aliases(*G, Def, Insts[J].getOperand(2).getReg()));
      if (I != J) {
        EXPECT_NE(Def, Insts[J].getOperand(0).getReg());
      }
    }
  }
}

TEST_F(SnippetGeneratorTest, ParallelUntiedOpcodeSeparatesDefsAndUses) {
  auto G = generator(BenchmarkMode::InverseThroughput);
  std::vector<BenchmarkCode> Codes = generate(*G, "VADDPSYrr");
  ASSERT_EQ(Codes.size(), 1u);
  const MCInst &Inst = Codes[0].Key.Instructions[0];
  MCRegister Def = Inst.getOperand(0).getReg();
  EXPECT_FALSE(aliases(*G, Def, Inst.getOperand(1).getReg()));
  EXPECT_FALSE(aliases(*G, Def, Inst.getOperand(2).getReg()));
  EXPECT_NE(Inst.getOperand(1).getReg(), Inst.getOperand(2).getReg());
  // The def is never read, so it needs no initial value.
  for (const RegisterValue &V : Codes[0].Key.RegisterInitialValues)
    EXPECT_NE(V.Register, Def);
}

TEST_F(SnippetGeneratorTest,
       ParallelPartialRegisterWritesGetDistinctRegisters) {
  // setb %al merges into RAX, so repeating it would be a chain through RAX;
  // a 32-bit write zero-extends and needs no such care.
  auto G = generator(BenchmarkMode::InverseThroughput);
  for (StringRef Name : {"SETCCr", "MOV8ri", "MOV16ri"}) {
    std::vector<BenchmarkCode> Codes = generate(*G, Name);
    ASSERT_EQ(Codes.size(), 1u) << Name.str();
    const std::vector<MCInst> &Insts = Codes[0].Key.Instructions;
    ASSERT_GE(Insts.size(), 8u) << Name.str();
    for (size_t I = 0; I < Insts.size(); ++I)
      for (size_t J = I + 1; J < Insts.size(); ++J)
        EXPECT_FALSE(aliases(*G, Insts[I].getOperand(0).getReg(),
                             Insts[J].getOperand(0).getReg()))
            << Name.str() << " copies " << I << " and " << J;
  }
  std::vector<BenchmarkCode> Codes = generate(*G, "MOV32ri");
  ASSERT_EQ(Codes.size(), 1u);
  EXPECT_EQ(Codes[0].Key.Instructions.size(), 1u);
}

TEST_F(SnippetGeneratorTest, ParallelMemoryOperandsUseScratchLines) {
  auto G = generator(BenchmarkMode::InverseThroughput);
  std::vector<BenchmarkCode> Codes = generate(*G, "ADD64rm");
  ASSERT_EQ(Codes.size(), 1u);
  const std::vector<MCInst> &Insts = Codes[0].Key.Instructions;
  ASSERT_GT(Insts.size(), 1u);
  for (size_t I = 0; I < Insts.size(); ++I) {
    // ADD64rm dst, src1, base, scale, index, disp, segment
    EXPECT_EQ(Insts[I].getOperand(2).getReg(), reg("RDI"));
    EXPECT_EQ(Insts[I].getOperand(3).getImm(), 1);
    EXPECT_FALSE(Insts[I].getOperand(4).getReg().isValid());
    EXPECT_EQ(Insts[I].getOperand(5).getImm(), static_cast<int64_t>(64 * I));
    EXPECT_NE(Insts[I].getOperand(0).getReg(), reg("RDI"));
  }
  // The scratch pointer is a live-in, never given a value.
  EXPECT_EQ(Codes[0].LiveIns, std::vector<MCRegister>{reg("RDI")});
  for (const RegisterValue &V : Codes[0].Key.RegisterInitialValues)
    EXPECT_NE(V.Register, reg("RDI"));
}

TEST_F(SnippetGeneratorTest, MemoryOperandsWithoutLoadOrStoreFlags) {
  // LLVM 22's descriptors of ANDN32rm_NF and VEXTRACTF32X8Zmri say neither
  // load nor store: their memory operands still point at scratch memory.
  // NOOPL's address is only arithmetic.
  auto G = generator(BenchmarkMode::InverseThroughput);
  auto First = [&](StringRef Name) {
    std::vector<BenchmarkCode> Codes = generate(*G, Name);
    EXPECT_FALSE(Codes.empty()) << Name.str();
    return Codes.empty() ? MCInst() : Codes[0].Key.Instructions[0];
  };
  MCInst Andn = First("ANDN32rm_NF");
  ASSERT_EQ(Andn.getNumOperands(), 7u);
  EXPECT_EQ(Andn.getOperand(2).getReg(), reg("RDI"));
  EXPECT_FALSE(Andn.getOperand(4).getReg().isValid());
  MCInst Extract = First("VEXTRACTF32X8Zmri");
  ASSERT_GT(Extract.getNumOperands(), 0u);
  EXPECT_EQ(Extract.getOperand(0).getReg(), reg("RDI"));
  MCInst Nop = First("NOOPL");
  ASSERT_GT(Nop.getNumOperands(), 0u);
  EXPECT_NE(Nop.getOperand(0).getReg(), reg("RDI"));
}

TEST_F(SnippetGeneratorTest, ParallelKeepsUnbreakableDependency) {
  auto G = generator(BenchmarkMode::Uops);
  std::vector<BenchmarkCode> Codes = generate(*G, "DIV64r");
  ASSERT_EQ(Codes.size(), 1u);
  EXPECT_EQ(Codes[0].Key.Instructions.size(), 1u);
  EXPECT_EQ(Codes[0].Info, "instruction is serial, repeating a random one.");
  // SETCCr, parallel too but for its merge into a wider register, gets
  // copies (ParallelPartialRegisterWritesGetDistinctRegisters).
  Codes = generate(*G, "MOV32ri");
  EXPECT_EQ(Codes[0].Info, "instruction is parallel, repeating a random one.");
}

TEST_F(SnippetGeneratorTest, LEAConfigurations) {
  auto G = generator(BenchmarkMode::Latency, 100);
  std::vector<BenchmarkCode> Codes = generate(*G, "LEA64r");
  ASSERT_EQ(Codes.size(), 16u);
  std::vector<std::string> Configs;
  for (const BenchmarkCode &Code : Codes)
    Configs.push_back(Code.Key.Config);
  // One register as base and index first (upstream's first
  // configurations), every scale with and without a displacement; then two
  // registers.
  EXPECT_EQ(
      std::vector<std::string>(Configs.begin(), Configs.begin() + 4),
      (std::vector<std::string>{"0(%RAX, %RAX, 1)", "42(%RAX, %RAX, 1)",
                                "0(%RAX, %RAX, 2)", "42(%RAX, %RAX, 2)"}));
  EXPECT_EQ(Configs[7], "42(%RAX, %RAX, 8)");
  EXPECT_EQ(Configs[8], "0(%RAX, %RCX, 1)");
  EXPECT_EQ(Configs[15], "42(%RAX, %RCX, 8)");
  // Serial: the address depends on the result.
  for (const BenchmarkCode &Code : Codes) {
    const MCInst &Lea = Code.Key.Instructions[0];
    EXPECT_EQ(Lea.getOperand(0).getReg(), Lea.getOperand(1).getReg());
  }
  // Parallel: the result is not the address register.
  std::vector<BenchmarkCode> Parallel =
      generate(*generator(BenchmarkMode::Uops), "LEA64r");
  ASSERT_FALSE(Parallel.empty());
  const MCInst &Lea = Parallel[0].Key.Instructions[0];
  EXPECT_EQ(Lea.getOperand(1).getReg(), Lea.getOperand(3).getReg());
  EXPECT_NE(Lea.getOperand(0).getReg(), Lea.getOperand(1).getReg());
}

TEST_F(SnippetGeneratorTest, OneLatencySnippetPerSelfDependency) {
  auto G = generator(BenchmarkMode::Latency, 10);
  // SBB8rr and ADC32rr depend on themselves through their tied register and
  // through EFLAGS: two snippets, in other registers. ADD64rr only writes
  // EFLAGS: one.
  for (StringRef Name : {"SBB8rr", "ADC32rr"}) {
    std::vector<BenchmarkCode> Codes = generate(*G, Name);
    ASSERT_EQ(Codes.size(), 2u) << Name.str();
    const MCInst &First = Codes[0].Key.Instructions[0];
    const MCInst &Second = Codes[1].Key.Instructions[0];
    EXPECT_FALSE(aliases(*G, First.getOperand(0).getReg(),
                         Second.getOperand(0).getReg()));
    EXPECT_FALSE(aliases(*G, First.getOperand(2).getReg(),
                         Second.getOperand(2).getReg()));
  }
  EXPECT_EQ(generate(*G, "ADD64rr").size(), 1u);
  EXPECT_EQ(generate(*generator(BenchmarkMode::Latency, 1), "SBB8rr").size(),
            1u);
}

TEST_F(SnippetGeneratorTest, SerialMemoryCopiesUseDistinctLines) {
  // ADC16mi is serial through EFLAGS; one address would chain its copies
  // through memory as well.
  std::vector<BenchmarkCode> Codes =
      generate(*generator(BenchmarkMode::InverseThroughput), "ADC16mi");
  ASSERT_EQ(Codes.size(), 1u);
  ASSERT_EQ(Codes[0].Key.Instructions.size(),
            size_t(ParallelSnippetGenerator::NumMemoryCopies));
  for (size_t I = 0; I < Codes[0].Key.Instructions.size(); ++I)
    EXPECT_EQ(Codes[0].Key.Instructions[I].getOperand(3).getImm(),
              int64_t(I) * ParallelSnippetGenerator::MemoryStride);
}

TEST_F(SnippetGeneratorTest, ConditionCodeConfigurations) {
  auto G = generator(BenchmarkMode::Latency, 100);
  std::vector<BenchmarkCode> Codes = generate(*G, "CMOV64rr");
  ASSERT_EQ(Codes.size(), 16u);
  for (unsigned CC = 0; CC < 16; ++CC)
    EXPECT_EQ(Codes[CC].Key.Instructions[0].getOperand(3).getImm(), CC);
  EXPECT_EQ(generate(*generator(BenchmarkMode::Latency), "SETCCr")[0]
                .Key.Instructions[0]
                .getOperand(1)
                .getImm(),
            0);
}

TEST_F(SnippetGeneratorTest, ReservedRegistersAreNotUsed) {
  SnippetGeneratorOptions Options;
  Options.Mode = BenchmarkMode::Uops;
  Options.ReserveLoopCounter = true;
  Options.Reservations.DisableUpperSSERegisters = true;
  auto G = createSnippetGenerator(*State, Options);
  for (StringRef Name : {"ADD64rr", "ADDPSrr", "VADDPSYrr"})
    for (const BenchmarkCode &Code : generate(*G, Name))
      for (const MCInst &Inst : Code.Key.Instructions)
        for (MCRegister Reg : registers(Inst)) {
          EXPECT_FALSE(aliases(*G, Reg, reg("R8"))) << Name.str();
          for (unsigned I = 8; I < 16; ++I)
            EXPECT_FALSE(aliases(*G, Reg, reg(("XMM" + Twine(I)).str())))
                << Name.str();
        }
}

TEST_F(SnippetGeneratorTest, EncodingValidity) {
  auto Znver3 =
      cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver3"));
  std::unique_ptr<EncodingValidityCheck> Check =
      cantFail(EncodingValidityCheck::create(*Znver3));
  auto G = createSnippetGenerator(*Znver3, SnippetGeneratorOptions());
  auto First = [&](StringRef Name) {
    return cantFail(
               G->generateConfigurations(*Znver3->getOpcodeByName(Name)))[0]
        .Key.Instructions[0];
  };
  // Which extensions a target's CPU has is not asked (only the host can
  // answer, by running them): what is valid in the mode counts as
  // available, APX and AVX-512 on Zen 3 included.
  for (StringRef Name : {"ADD64rr", "VADDPSYrr", "ADD64rr_ND", "VADDPSZrr",
                         "GF2P8MULBrr", "KMOVWkk", "MULX64rr"})
    EXPECT_FALSE(Check->whyUnavailable(First(Name)).has_value()) << Name.str();
  // Encodings that are something else in 64-bit mode: 0x82, and one-byte
  // DEC which is a REX prefix there.
  EXPECT_TRUE(Check->whyInvalid(First("ADD8ri8")).has_value());
  EXPECT_TRUE(Check->whyInvalid(First("DEC32r_alt")).has_value());
  EXPECT_TRUE(Check->whyUnavailable(First("DEC32r_alt")).has_value());
  EXPECT_FALSE(Check->whyInvalid(First("ADD8ri")).has_value());
  // 32-bit-only opcodes are invalid whatever the CPU.
  std::optional<std::string> Why = Check->whyInvalid(First("AAA"));
  ASSERT_TRUE(Why.has_value());
  EXPECT_NE(Why->find("mode"), std::string::npos) << *Why;
}

} // namespace
