//===-- SnippetFileTest.cpp - Snippet files and their annotations ---------===//

#include "Snippets/SnippetFile.h"
#include "Core/LLVMState.h"
#include "Core/RegisterWidth.h"
#include "Snippets/AssemblerDiagnostic.h"
#include "Snippets/SnippetAnnotation.h"
#include "llvm/ADT/StringExtras.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using Strings = std::vector<std::string>;
using Registers = std::vector<MCRegister>;

namespace {

class SnippetFileTest : public testing::Test {
protected:
  static void SetUpTestSuite() {
    X86State = cantFail(LLVMState::create("x86_64-unknown-linux", "znver4"));
    AArch64State =
        cantFail(LLVMState::create("aarch64-linux-gnu", "neoverse-v2"));
  }
  static void TearDownTestSuite() {
    X86State.reset();
    AArch64State.reset();
  }

  static Expected<std::vector<BenchmarkCode>>
  parse(StringRef Text, const LLVMState *State = nullptr) {
    return readSnippets(State ? *State : *X86State,
                        MemoryBuffer::getMemBufferCopy(Text, "snippet.s"));
  }

  /// The one benchmark of \p Text, which must parse.
  static BenchmarkCode parseOne(StringRef Text,
                                const LLVMState *State = nullptr) {
    Expected<std::vector<BenchmarkCode>> Codes = parse(Text, State);
    if (!Codes) {
      ADD_FAILURE() << toString(Codes.takeError());
      return {};
    }
    EXPECT_EQ(Codes->size(), 1u);
    return Codes->empty() ? BenchmarkCode() : std::move(Codes->front());
  }

  /// The error of \p Text, which must not parse.
  static std::string parseError(StringRef Text) {
    Expected<std::vector<BenchmarkCode>> Codes = parse(Text);
    if (Codes) {
      ADD_FAILURE() << "parsed: " << Text.str();
      return "";
    }
    return toString(Codes.takeError());
  }

  static MCRegister reg(StringRef Name, const LLVMState *State = nullptr) {
    return *(State ? State : X86State.get())->getRegisterByName(Name);
  }

  static std::string opcodeName(const MCInst &Inst) {
    return X86State->getOpcodeName(Inst.getOpcode()).str();
  }

  /// The initial value the snippet \p Annotation gives, as upper-case hex
  /// and its width.
  static std::pair<std::string, unsigned> defReg(StringRef Annotation) {
    BenchmarkCode Code =
        parseOne(("# LLVM-EXEGESIS-DEFREG " + Annotation + "\n").str());
    if (Code.Key.RegisterInitialValues.size() != 1) {
      ADD_FAILURE() << "no value for " << Annotation.str();
      return {};
    }
    const APInt &Value = Code.Key.RegisterInitialValues[0].Value;
    return {toString(Value, 16, /*Signed=*/false), Value.getBitWidth()};
  }

  static std::unique_ptr<LLVMState> X86State;
  static std::unique_ptr<LLVMState> AArch64State;
};

std::unique_ptr<LLVMState> SnippetFileTest::X86State;
std::unique_ptr<LLVMState> SnippetFileTest::AArch64State;

TEST_F(SnippetFileTest, EmptyFileIsOneBenchmarkWithoutInstructions) {
  BenchmarkCode Code = parseOne("");
  EXPECT_TRUE(Code.Key.Instructions.empty());
  EXPECT_TRUE(Code.Key.RegisterInitialValues.empty());
  EXPECT_FALSE(Code.LoopRegister.isValid());
}

TEST_F(SnippetFileTest, ParsesInstructionsAndTheirSourceText) {
  BenchmarkCode Code = parseOne("  add %rax, %rax   # a plain comment\n"
                                "\timul %rbx, %rcx ; sub %rdx, %rdx\n"
                                "\n"
                                "# only a comment\n"
                                "lock addq $1, (%rdi)\n");
  ASSERT_EQ(Code.Key.Instructions.size(), 4u);
  EXPECT_EQ(opcodeName(Code.Key.Instructions[0]), "ADD64rr");
  EXPECT_EQ(opcodeName(Code.Key.Instructions[1]), "IMUL64rr");
  EXPECT_EQ(opcodeName(Code.Key.Instructions[2]), "SUB64rr");
  // The lock prefix travels in the MCInst's flags.
  EXPECT_EQ(opcodeName(Code.Key.Instructions[3]), "ADD64mi8");
  EXPECT_NE(Code.Key.Instructions[3].getFlags(), 0u);
  EXPECT_EQ(Code.InstructionTexts,
            Strings({"add %rax, %rax", "imul %rbx, %rcx", "sub %rdx, %rdx",
                     "lock addq $1, (%rdi)"}));
}

TEST_F(SnippetFileTest, IntelSyntaxDirectiveIsHonoured) {
  BenchmarkCode Code = parseOne(".intel_syntax noprefix\n"
                                "add rax, rbx\n"
                                ".att_syntax\n"
                                "add %rbx, %rax\n");
  ASSERT_EQ(Code.Key.Instructions.size(), 2u);
  for (const MCInst &Inst : Code.Key.Instructions) {
    EXPECT_EQ(opcodeName(Inst), "ADD64rr");
    ASSERT_EQ(Inst.getNumOperands(), 3u);
    EXPECT_EQ(Inst.getOperand(0).getReg(), reg("RAX"));
    EXPECT_EQ(Inst.getOperand(2).getReg(), reg("RBX"));
  }
  EXPECT_EQ(Code.InstructionTexts, Strings({"add rax, rbx", "add %rbx, %rax"}));
}

TEST_F(SnippetFileTest, ConstantExpressionsBecomeImmediates) {
  BenchmarkCode Code = parseOne("movl $(3 * 4 + 1), %eax\n");
  ASSERT_EQ(Code.Key.Instructions.size(), 1u);
  const MCOperand &Imm = Code.Key.Instructions[0].getOperand(1);
  ASSERT_TRUE(Imm.isImm());
  EXPECT_EQ(Imm.getImm(), 13);
}

TEST_F(SnippetFileTest, EveryAnnotationIsAccepted) {
  BenchmarkCode Code =
      parseOne("# LLVM-EXEGESIS-DEFREG RAX 2a\n"
               "  #   LLVM-EXEGESIS-DEFREG   RBX   ff  \n"
               "# LLVM-EXEGESIS-LIVEIN RDI\n"
               "# LLVM-EXEGESIS-MEM-DEF buf 8192 0123abcd\n"
               "# LLVM-EXEGESIS-MEM-DEF two 4096 ff\n"
               "# LLVM-EXEGESIS-MEM-MAP buf 65536\n"
               "# LLVM-EXEGESIS-MEM-MAP two 131072\n"
               "# LLVM-EXEGESIS-SNIPPET-ADDRESS 20000\n"
               "# LLVM-EXEGESIS-LOOP-REGISTER R11\n"
               "movq (%rdi), %rax # LLVM-EXEGESIS-LIVEIN RSI\n");
  ASSERT_EQ(Code.Key.RegisterInitialValues.size(), 2u);
  EXPECT_EQ(Code.Key.RegisterInitialValues[0].Register, reg("RAX"));
  EXPECT_EQ(Code.Key.RegisterInitialValues[0].Value, APInt(8, 0x2a));
  EXPECT_EQ(Code.Key.RegisterInitialValues[1].Register, reg("RBX"));
  EXPECT_EQ(Code.Key.RegisterInitialValues[1].Value, APInt(8, 0xff));
  EXPECT_EQ(Code.LiveIns, Registers({reg("RDI"), reg("RSI")}));
  ASSERT_EQ(Code.Key.MemoryValues.size(), 2u);
  const MemoryValue &Buf = Code.Key.MemoryValues.at("buf");
  EXPECT_EQ(Buf.SizeBytes, 8192u);
  EXPECT_EQ(Buf.Value, APInt(32, 0x0123abcd));
  EXPECT_EQ(Buf.Index, 0u);
  const MemoryValue &Two = Code.Key.MemoryValues.at("two");
  EXPECT_EQ(Two.Value, APInt(8, 0xff));
  EXPECT_EQ(Two.Index, 1u);
  ASSERT_EQ(Code.Key.MemoryMappings.size(), 2u);
  EXPECT_EQ(Code.Key.MemoryMappings[0].Address, 65536u);
  EXPECT_EQ(Code.Key.MemoryMappings[0].MemoryValueName, "buf");
  EXPECT_EQ(Code.Key.MemoryMappings[1].Address, 131072u);
  EXPECT_EQ(Code.Key.MemoryMappings[1].MemoryValueName, "two");
  EXPECT_EQ(Code.Key.SnippetAddress, 0x20000u);
  EXPECT_EQ(Code.LoopRegister, reg("R11"));
  ASSERT_EQ(Code.Key.Instructions.size(), 1u);
  EXPECT_EQ(Code.InstructionTexts, Strings({"movq (%rdi), %rax"}));
}

TEST_F(SnippetFileTest, MemMapWithALengthGoesRoundTheValue) {
  // Three pages of a two-page value from its second page on: value pages
  // 1, 0, 1.
  BenchmarkCode Code = parseOne("# LLVM-EXEGESIS-MEM-DEF two 8192 ff\n"
                                "# LLVM-EXEGESIS-MEM-MAP two 65536 12288 4096\n"
                                "# LLVM-EXEGESIS-MEM-MAP two 131072 4096\n"
                                "# LLVM-EXEGESIS-MEM-MAP two 139264\n");
  ASSERT_EQ(Code.Key.MemoryMappings.size(), 3u);
  EXPECT_EQ(Code.Key.MemoryMappings[0].Address, 65536u);
  EXPECT_EQ(Code.Key.MemoryMappings[0].Length, 12288u);
  EXPECT_EQ(Code.Key.MemoryMappings[0].Offset, 4096u);
  EXPECT_EQ(Code.Key.MemoryMappings[1].Length, 4096u);
  EXPECT_EQ(Code.Key.MemoryMappings[1].Offset, 0u);
  // Upstream's form: the whole value once.
  EXPECT_EQ(Code.Key.MemoryMappings[2].Length, 0u);
}

TEST_F(SnippetFileTest, MalformedMemMapLengthAndOffset) {
  const std::string Def = "# LLVM-EXEGESIS-MEM-DEF a 8192 00\n";
  EXPECT_EQ(parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a 65536 4096 0 1\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 65536 4096 0 1', "
            "expected at most four parameters <VALUE NAME> <ADDRESS> [<LENGTH> "
            "[<OFFSET>]] (snippet.s:2)");
  EXPECT_EQ(parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a 65536 0\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 65536 0', expected "
            "<LENGTH> to be at least one page (snippet.s:2)");
  EXPECT_EQ(
      parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a 65536 100\n"),
      "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 65536 100', expected <LENGTH> "
      "to be a multiple of the platform page size. (snippet.s:2)");
  EXPECT_EQ(parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a 65536 4096 x\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 65536 4096 x', expected "
            "<OFFSET> to be a decimal number, found 'x' (snippet.s:2)");
  EXPECT_EQ(
      parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a 65536 4096 8192\n"),
      "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 65536 4096 8192', expected "
      "<OFFSET> (8192) to lie within 'a' (8192 bytes) (snippet.s:2)");
  // The length, not the value's size, is what may overlap.
  EXPECT_EQ(parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a 65536 40960\n"
                             "# LLVM-EXEGESIS-MEM-MAP a 102400\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 102400', the mapping of "
            "'a' overlaps the mapping of 'a' (line 2) (snippet.s:3)");
  EXPECT_EQ(parseOne(Def + "# LLVM-EXEGESIS-MEM-MAP a 65536 4096\n"
                           "# LLVM-EXEGESIS-MEM-MAP a 69632 4096 4096\n")
                .Key.MemoryMappings.size(),
            2u);
}

TEST_F(SnippetFileTest, RegisterValuesAreAsWideAsTheirDigits) {
  // As upstream: 4 bits per digit, leading zeros included, whatever the
  // register; the target extends the value when it sets the register.
  EXPECT_EQ(defReg("RAX 1"), std::make_pair(std::string("1"), 4u));
  EXPECT_EQ(defReg("RAX ff"), std::make_pair(std::string("FF"), 8u));
  EXPECT_EQ(defReg("RAX ffffffffffffffff"),
            std::make_pair(std::string("FFFFFFFFFFFFFFFF"), 64u));
  EXPECT_EQ(defReg("EAX 0000000000000000000012"),
            std::make_pair(std::string("12"), 88u));
  EXPECT_EQ(defReg("AX 8000"), std::make_pair(std::string("8000"), 16u));
  EXPECT_EQ(defReg("AL ff"), std::make_pair(std::string("FF"), 8u));
  EXPECT_EQ(defReg("K1 ffff"), std::make_pair(std::string("FFFF"), 16u));
  EXPECT_EQ(defReg("EFLAGS 202"), std::make_pair(std::string("202"), 12u));
  EXPECT_EQ(defReg("MXCSR 1f80"), std::make_pair(std::string("1F80"), 16u));
  EXPECT_EQ(defReg("ST0 3fff8000000000000000"),
            std::make_pair(std::string("3FFF8000000000000000"), 80u));
  EXPECT_EQ(defReg("XMM3 2a"), std::make_pair(std::string("2A"), 8u));
  EXPECT_EQ(defReg("XMM1 ff"), std::make_pair(std::string("FF"), 8u));
  EXPECT_EQ(defReg("XMM1 0ff"), std::make_pair(std::string("FF"), 12u));
  EXPECT_EQ(defReg("XMM1 abc"), std::make_pair(std::string("ABC"), 12u));
  EXPECT_EQ(defReg("YMM0 3f800000"),
            std::make_pair(std::string("3F800000"), 32u));
  // Leading zeros beyond the register's width are not digits that matter.
  EXPECT_EQ(defReg("XMM16 000000000000000000000000000000000001"),
            std::make_pair(std::string("1"), 144u));
}

TEST_F(SnippetFileTest, RegisterWidths) {
  auto Width = [](StringRef Name, const LLVMState *State = nullptr) {
    return getRegisterBitWidth(State ? *State : *X86State, reg(Name, State));
  };
  EXPECT_EQ(Width("RAX"), 64u);
  EXPECT_EQ(Width("RBP"), 64u);
  EXPECT_EQ(Width("EAX"), 32u);
  EXPECT_EQ(Width("XMM1"), 128u);
  EXPECT_EQ(Width("YMM1"), 256u);
  EXPECT_EQ(Width("ZMM1"), 512u);
  EXPECT_EQ(Width("K1"), 64u);
  EXPECT_EQ(Width("MXCSR"), 32u);
  EXPECT_EQ(Width("FPCW"), 16u);
  EXPECT_EQ(Width("ST0"), 80u);
  EXPECT_EQ(Width("MM0"), 64u);
  // A value given to FS or GS is the segment's base, an address; the other
  // segment registers are the 16-bit selectors.
  EXPECT_EQ(Width("FS"), 64u);
  EXPECT_EQ(Width("GS"), 64u);
  EXPECT_EQ(Width("DS"), 16u);
  EXPECT_EQ(Width("CS"), 16u);
  EXPECT_TRUE(isSegmentBaseRegister(*X86State, reg("FS")));
  EXPECT_TRUE(isSegmentBaseRegister(*X86State, reg("GS")));
  EXPECT_FALSE(isSegmentBaseRegister(*X86State, reg("ES")));
  EXPECT_FALSE(isSegmentBaseRegister(*X86State, reg("RAX")));
  EXPECT_EQ(Width("X0", AArch64State.get()), 64u);
  EXPECT_EQ(Width("W0", AArch64State.get()), 32u);
  EXPECT_EQ(Width("Q0", AArch64State.get()), 128u);
}

TEST_F(SnippetFileTest, AArch64Snippet) {
  BenchmarkCode Code = parseOne("# LLVM-EXEGESIS-DEFREG X0 1\n"
                                "// LLVM-EXEGESIS-DEFREG W1 ffffffff\n"
                                "# LLVM-EXEGESIS-LOOP-REGISTER X19\n"
                                "add x0, x0, #1 // increment\n"
                                "madd w1, w1, w1, w1\n",
                                AArch64State.get());
  ASSERT_EQ(Code.Key.Instructions.size(), 2u);
  EXPECT_EQ(Code.InstructionTexts,
            Strings({"add x0, x0, #1", "madd w1, w1, w1, w1"}));
  ASSERT_EQ(Code.Key.RegisterInitialValues.size(), 2u);
  EXPECT_EQ(Code.Key.RegisterInitialValues[0].Value, APInt(4, 1));
  EXPECT_EQ(Code.Key.RegisterInitialValues[1].Value, APInt(32, 0xffffffff));
  EXPECT_EQ(Code.LoopRegister, reg("X19", AArch64State.get()));
}

TEST_F(SnippetFileTest, SegmentBasesTakeAddresses) {
  EXPECT_EQ(defReg("FS 12345600"),
            std::make_pair(std::string("12345600"), 32u));
  EXPECT_EQ(defReg("GS 7fffffffe000"),
            std::make_pair(std::string("7FFFFFFFE000"), 48u));
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-DEFREG FS 10000000000000000\n"),
            "invalid comment 'LLVM-EXEGESIS-DEFREG FS 10000000000000000', "
            "expected <HEX_VALUE> to fit in the 64 bits of FS (snippet.s:1)");
  // A selector keeps its 16 bits.
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-DEFREG DS 12345\n"),
            "invalid comment 'LLVM-EXEGESIS-DEFREG DS 12345', expected "
            "<HEX_VALUE> to fit in the 16 bits of DS (snippet.s:1)");
}

TEST_F(SnippetFileTest, MalformedDefReg) {
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-DEFREG RAX\n"),
            "invalid comment 'LLVM-EXEGESIS-DEFREG RAX', expected two "
            "parameters <REG> <HEX_VALUE> (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-DEFREG RAX 1 2\n"),
            "invalid comment 'LLVM-EXEGESIS-DEFREG RAX 1 2', expected two "
            "parameters <REG> <HEX_VALUE> (snippet.s:1)");
  EXPECT_EQ(
      parseError("# LLVM-EXEGESIS-DEFREG FOO 1\n"),
      "unknown register 'FOO' in 'LLVM-EXEGESIS-DEFREG FOO 1' (snippet.s:1)");
  EXPECT_EQ(
      parseError("# LLVM-EXEGESIS-DEFREG rax 1\n"),
      "unknown register 'rax' in 'LLVM-EXEGESIS-DEFREG rax 1' (snippet.s:1)");
  EXPECT_EQ(
      parseError("# LLVM-EXEGESIS-DEFREG RAX 12g4\n"),
      "invalid comment 'LLVM-EXEGESIS-DEFREG RAX 12g4', expected <HEX_VALUE> "
      "to contain a valid integer in hexadecimal format (snippet.s:1)");
  EXPECT_EQ(
      parseError("# LLVM-EXEGESIS-DEFREG RAX -1\n"),
      "invalid comment 'LLVM-EXEGESIS-DEFREG RAX -1', expected <HEX_VALUE> to "
      "contain a valid integer in hexadecimal format (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-DEFREG RAX 0x10\n"),
            "invalid comment 'LLVM-EXEGESIS-DEFREG RAX 0x10', expected "
            "<HEX_VALUE> in hexadecimal without a 0x prefix (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-DEFREG RAX 10000000000000000\n"),
            "invalid comment 'LLVM-EXEGESIS-DEFREG RAX 10000000000000000', "
            "expected <HEX_VALUE> to fit in the 64 bits of RAX (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-DEFREG AL 100\n"),
            "invalid comment 'LLVM-EXEGESIS-DEFREG AL 100', expected "
            "<HEX_VALUE> to fit in the 8 bits of AL (snippet.s:1)");
  EXPECT_EQ(
      parseError(
          "# LLVM-EXEGESIS-DEFREG XMM0 100000000000000000000000000000000\n"),
      "invalid comment 'LLVM-EXEGESIS-DEFREG XMM0 "
      "100000000000000000000000000000000', expected <HEX_VALUE> to fit in the "
      "128 bits of XMM0 (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-DEFREG RAX 1\n"
                       "# LLVM-EXEGESIS-DEFREG RAX 2\n"),
            "invalid comment 'LLVM-EXEGESIS-DEFREG RAX 2', register 'RAX' "
            "already has a value (line 1) (snippet.s:2)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-LIVEIN RAX\n"
                       "# LLVM-EXEGESIS-DEFREG RAX 2\n"),
            "invalid comment 'LLVM-EXEGESIS-DEFREG RAX 2', register 'RAX' is "
            "also a live-in (line 1) (snippet.s:2)");
}

TEST_F(SnippetFileTest, MalformedLiveInAndLoopRegister) {
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-LIVEIN\n"),
            "invalid comment 'LLVM-EXEGESIS-LIVEIN', expected one parameter "
            "<REG> (snippet.s:1)");
  EXPECT_EQ(
      parseError("# LLVM-EXEGESIS-LIVEIN FOO\n"),
      "unknown register 'FOO' in 'LLVM-EXEGESIS-LIVEIN FOO' (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-LOOP-REGISTER RAX RBX\n"),
            "invalid comment 'LLVM-EXEGESIS-LOOP-REGISTER RAX RBX', expected "
            "one parameter <REG> (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-LOOP-REGISTER FOO\n"),
            "unknown register 'FOO' in 'LLVM-EXEGESIS-LOOP-REGISTER FOO' "
            "(snippet.s:1)");
  for (StringRef NotACounter : {"XMM1", "EAX", "RSP", "RIP", "EFLAGS"})
    EXPECT_EQ(
        parseError(
            ("# LLVM-EXEGESIS-LOOP-REGISTER " + NotACounter + "\n").str()),
        ("invalid comment 'LLVM-EXEGESIS-LOOP-REGISTER " + NotACounter +
         "', expected <REG> to be a 64-bit general-purpose register "
         "other than the stack pointer (snippet.s:1)")
            .str());
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-LOOP-REGISTER R11\n"
                       "# LLVM-EXEGESIS-LOOP-REGISTER R12\n"),
            "invalid comment 'LLVM-EXEGESIS-LOOP-REGISTER R12', the loop "
            "register is already set (line 1) (snippet.s:2)");
}

TEST_F(SnippetFileTest, MalformedMemDef) {
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF a 4096\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-DEF a 4096', expected three "
            "parameters <NAME> <SIZE> <VALUE> (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF a four 00\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-DEF a four 00', expected "
            "<SIZE> to be a decimal number, found 'four' (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF a 0x10 00\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-DEF a 0x10 00', expected "
            "<SIZE> to be a decimal number, found '0x10' (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF a 0 00\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-DEF a 0 00', expected <SIZE> "
            "to be at least 1 byte (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF a 99999999999999999999 00\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-DEF a 99999999999999999999 "
            "00', expected <SIZE> to fit in 64 bits (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF a 4096 123\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-DEF a 4096 123', expected "
            "<VALUE> to contain a whole number of bytes (snippet.s:1)");
  EXPECT_EQ(
      parseError("# LLVM-EXEGESIS-MEM-DEF a 4096 zz\n"),
      "invalid comment 'LLVM-EXEGESIS-MEM-DEF a 4096 zz', expected <VALUE> to "
      "contain a valid integer in hexadecimal format (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF a 2 aabbcc\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-DEF a 2 aabbcc', expected "
            "<VALUE> (3 bytes) to fit in <SIZE> (2 bytes) (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF a 4096 00\n"
                       "# LLVM-EXEGESIS-MEM-DEF a 4096 01\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-DEF a 4096 01', memory value "
            "'a' is already defined (line 1) (snippet.s:2)");
}

TEST_F(SnippetFileTest, MalformedMemMapAndSnippetAddress) {
  const std::string Def = "# LLVM-EXEGESIS-MEM-DEF a 4096 00\n";
  EXPECT_EQ(parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP a', expected two "
            "parameters <VALUE NAME> <ADDRESS> (snippet.s:2)");
  EXPECT_EQ(parseError(Def + "# LLVM-EXEGESIS-MEM-MAP b 8192\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP b 8192', expected <VALUE "
            "NAME> to contain the name of an already specified memory "
            "definition (snippet.s:2)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-MAP a 8192\n" + Def),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 8192', expected <VALUE "
            "NAME> to contain the name of an already specified memory "
            "definition (snippet.s:1)");
  EXPECT_EQ(parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a 100\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 100', expected <ADDRESS> "
            "to be a multiple of the platform page size. (snippet.s:2)");
  EXPECT_EQ(
      parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a 10000\n"),
      "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 10000', expected <ADDRESS> to "
      "be a multiple of the platform page size. (snippet.s:2)");
  EXPECT_EQ(parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a 0\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 0', expected <ADDRESS> "
            "to be non-zero (snippet.s:2)");
  EXPECT_EQ(parseError(Def + "# LLVM-EXEGESIS-MEM-MAP a 1a000\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP a 1a000', expected "
            "<ADDRESS> to be a decimal number, found '1a000' (snippet.s:2)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF big 8193 00\n"
                       "# LLVM-EXEGESIS-MEM-MAP big 8192\n"
                       "# LLVM-EXEGESIS-MEM-MAP big 16384\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP big 16384', the mapping of "
            "'big' overlaps the mapping of 'big' (line 2) (snippet.s:3)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF huge 18446744073709551615 00\n"
                       "# LLVM-EXEGESIS-MEM-MAP huge 4096\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP huge 4096', the mapping of "
            "'huge' extends past the end of the address space (snippet.s:2)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-MEM-DEF big 8192 00\n"
                       "# LLVM-EXEGESIS-MEM-MAP big 18446744073709547520\n"),
            "invalid comment 'LLVM-EXEGESIS-MEM-MAP big 18446744073709547520', "
            "the mapping of 'big' extends past the end of the address space "
            "(snippet.s:2)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-SNIPPET-ADDRESS\n"),
            "invalid comment 'LLVM-EXEGESIS-SNIPPET-ADDRESS', expected one "
            "parameter <ADDRESS> (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-SNIPPET-ADDRESS 1000g\n"),
            "invalid comment 'LLVM-EXEGESIS-SNIPPET-ADDRESS 1000g', expected "
            "<ADDRESS> to contain a valid integer in hexadecimal format "
            "(snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-SNIPPET-ADDRESS 0x10000\n"),
            "invalid comment 'LLVM-EXEGESIS-SNIPPET-ADDRESS 0x10000', expected "
            "<ADDRESS> in hexadecimal without a 0x prefix (snippet.s:1)");
  EXPECT_EQ(
      parseError("# LLVM-EXEGESIS-SNIPPET-ADDRESS 10001\n"),
      // Upstream's words: the quote is left open after the address.
      "invalid comment 'LLVM-EXEGESIS-SNIPPET-ADDRESS 10001, expected "
      "<ADDRESS> to be a multiple of the platform page size. (snippet.s:1)");
  EXPECT_EQ(
      parseError("# LLVM-EXEGESIS-SNIPPET-ADDRESS 10000000000000000\n"),
      "invalid comment 'LLVM-EXEGESIS-SNIPPET-ADDRESS 10000000000000000', "
      "expected <ADDRESS> to fit in 64 bits (snippet.s:1)");
  EXPECT_EQ(parseError("# LLVM-EXEGESIS-SNIPPET-ADDRESS 10000\n"
                       "# LLVM-EXEGESIS-SNIPPET-ADDRESS 20000\n"),
            "invalid comment 'LLVM-EXEGESIS-SNIPPET-ADDRESS 20000', the "
            "snippet address is already set (line 1) (snippet.s:2)");
}

TEST_F(SnippetFileTest, UnknownAnnotationIsAnError) {
  EXPECT_EQ(
      parseError("# LLVM-EXEGESIS-DEFREGS RAX 1\n"),
      "unknown annotation 'LLVM-EXEGESIS-DEFREGS', expected one of "
      "LLVM-EXEGESIS-DEFREG, LLVM-EXEGESIS-LIVEIN, LLVM-EXEGESIS-MEM-DEF, "
      "LLVM-EXEGESIS-MEM-MAP, LLVM-EXEGESIS-SNIPPET-ADDRESS, "
      "LLVM-EXEGESIS-LOOP-REGISTER (snippet.s:1)");
  // A comment that only mentions an annotation is no annotation.
  BenchmarkCode Code = parseOne("# see LLVM-EXEGESIS-DEFREG RAX 1\n"
                                "# llvm-exegesis-defreg RAX 1\n");
  EXPECT_TRUE(Code.Key.RegisterInitialValues.empty());
}

// What the assembler rejects stays its diagnostic, which prints as the
// assembler prints it, before upstream's "cannot parse asm file".
TEST_F(SnippetFileTest, AssemblerErrorsStayTheAssemblersDiagnostics) {
  EXPECT_EQ(parseError("add %rax, %rax\n  foo %rax\n"),
            "snippet.s:2:3: error: invalid instruction mnemonic 'foo'\n"
            "  foo %rax\n"
            "  ^~~\n"
            "cannot parse asm file");
  EXPECT_EQ(parseError("add %rax\n"),
            "snippet.s:1:1: error: unknown use of instruction mnemonic without "
            "a size suffix\nadd %rax\n^\ncannot parse asm file");
  Expected<std::vector<BenchmarkCode>> Codes = parse("nop\nfoo\n");
  std::vector<std::pair<int, int>> Places;
  unsigned Others = 0;
  handleAllErrors(
      Codes.takeError(),
      [&](const AssemblerDiagnostic &D) {
        Places.push_back(
            {D.getDiagnostic().getLineNo(), D.getDiagnostic().getColumnNo()});
      },
      [&](const ErrorInfoBase &) { ++Others; });
  EXPECT_EQ(Places, (std::vector<std::pair<int, int>>{{2, 0}}));
  EXPECT_EQ(Others, 1u);
}

TEST_F(SnippetFileTest, AllProblemsAreReportedInLineOrder) {
  EXPECT_EQ(
      parseError("# LLVM-EXEGESIS-DEFREG RAX\n"
                 "add %rax, %rax\n"
                 "bogus\n"
                 "# LLVM-EXEGESIS-LIVEIN NOPE\n"
                 ".byte 1, 2, 3\n"),
      "snippet.s:3:1: error: invalid instruction mnemonic 'bogus'\nbogus\n"
      "^~~~~\ncannot parse asm file\n"
      "invalid comment 'LLVM-EXEGESIS-DEFREG RAX', expected two parameters "
      "<REG> <HEX_VALUE> (snippet.s:1)\nunknown register 'NOPE' in "
      "'LLVM-EXEGESIS-LIVEIN NOPE' (snippet.s:4)\nsnippet.s:5: data "
      "directive is not allowed: a snippet file holds only instructions and "
      "LLVM-EXEGESIS annotations");
}

TEST_F(SnippetFileTest, LongReportsAreCut) {
  std::string Text;
  for (int I = 0; I < 25; ++I)
    Text += "nonsense\n";
  std::string Error = parseError(Text);
  EXPECT_EQ(std::count(Error.begin(), Error.end(), '\n'), 20 * 3);
  EXPECT_NE(Error.find("snippet.s:20:1: error: invalid instruction mnemonic "
                       "'nonsense'\nnonsense\n^~~~~~~~\ncannot parse asm "
                       "file (5 more assembler errors not shown)"),
            std::string::npos)
      << Error;
  EXPECT_EQ(Error.find("snippet.s:21:"), std::string::npos) << Error;
}

TEST_F(SnippetFileTest, OnlyInstructionsAreAllowed) {
  const StringRef Suffix = " is not allowed: a snippet file holds only "
                           "instructions and LLVM-EXEGESIS annotations";
  EXPECT_EQ(parseError("loop:\nadd %rax, %rax\n"),
            ("snippet.s:1: label 'loop'" + Suffix).str());
  EXPECT_EQ(parseError("add %rax, %rax\n.long 7\n"),
            ("snippet.s:2: data directive" + Suffix).str());
  EXPECT_EQ(parseError(".ascii \"abc\"\n"),
            ("snippet.s:1: data directive" + Suffix).str());
  EXPECT_EQ(parseError(".zero 16\n"),
            ("snippet.s:1: fill directive" + Suffix).str());
  EXPECT_EQ(parseError(".p2align 4\n"),
            ("snippet.s:1: alignment directive" + Suffix).str());
  EXPECT_EQ(parseError(".p2align 4\n# a comment\n\n  add %rax, %rax\n"),
            ("snippet.s:1: alignment directive" + Suffix).str());
  EXPECT_EQ(parseError("add %rax, %rax; .p2align 4; add %rax, %rax\n"),
            ("snippet.s:1: alignment directive" + Suffix).str());
  EXPECT_EQ(parseError(".data\nadd %rax, %rax\n"),
            ("snippet.s:1: section directive" + Suffix).str());
  EXPECT_EQ(parseError(".globl foo\n"),
            ("snippet.s:1: symbol directive on 'foo'" + Suffix).str());
  EXPECT_EQ(parseError("jmp somewhere\n"),
            "snippet.s:1: instruction 'jmp somewhere' refers to a symbol or "
            "label: a snippet's operands must be registers, constants or "
            "memory through registers");
  EXPECT_EQ(parseError("jmp .\n"),
            "snippet.s:1: instruction 'jmp .' refers to a symbol or label: a "
            "snippet's operands must be registers, constants or memory "
            "through registers");
  EXPECT_EQ(parseError(".code32\naddl %eax, %eax\n"),
            ("snippet.s:2: instruction in another processor mode "
             "(.code16/.code32)" +
             Suffix)
                .str());
  EXPECT_EQ(parseOne(".code64\nadd %rax, %rax\n").Key.Instructions.size(), 1u);
  // The text section the parser starts in can be named.
  EXPECT_EQ(parseOne(".text\nadd %rax, %rax\n").Key.Instructions.size(), 1u);
}

TEST_F(SnippetFileTest, MemoryAnnotationsNeedSubprocessMode) {
  std::vector<BenchmarkCode> Plain(1);
  EXPECT_FALSE(static_cast<bool>(checkSnippetsForExecutionMode(
      *X86State, Plain, ExecutionMode::InProcess, "plain.s")));

  BenchmarkCode Code = parseOne("# LLVM-EXEGESIS-MEM-DEF a 4096 00\n"
                                "# LLVM-EXEGESIS-MEM-MAP a 8192\n");
  std::vector<BenchmarkCode> Codes;
  Codes.push_back(Code);
  // Upstream's words first; what and where after them.
  EXPECT_EQ(toString(checkSnippetsForExecutionMode(
                *X86State, Codes, ExecutionMode::InProcess, "mem.s")),
            "Memory and snippet address annotations are only supported in "
            "subprocess execution mode (LLVM-EXEGESIS-MEM-DEF, "
            "LLVM-EXEGESIS-MEM-MAP in mem.s)");
  EXPECT_FALSE(static_cast<bool>(checkSnippetsForExecutionMode(
      *X86State, Codes, ExecutionMode::SubProcess, "mem.s")));

  Codes.front() = parseOne("# LLVM-EXEGESIS-SNIPPET-ADDRESS 10000\n");
  EXPECT_EQ(toString(checkSnippetsForExecutionMode(
                *X86State, Codes, ExecutionMode::InProcess, "-")),
            "Memory and snippet address annotations are only supported in "
            "subprocess execution mode (LLVM-EXEGESIS-SNIPPET-ADDRESS in "
            "<stdin>)");
}

TEST_F(SnippetFileTest, SegmentBasesNeedSubprocessMode) {
  std::vector<BenchmarkCode> Codes;
  Codes.push_back(parseOne("# LLVM-EXEGESIS-DEFREG GS 2000\n"
                           "# LLVM-EXEGESIS-DEFREG FS 1000\n"
                           "# LLVM-EXEGESIS-DEFREG RAX 1\n"));
  EXPECT_EQ(toString(checkSnippetsForExecutionMode(
                *X86State, Codes, ExecutionMode::InProcess, "fs.s")),
            "Segment base annotations are only supported in subprocess "
            "execution mode (LLVM-EXEGESIS-DEFREG GS, LLVM-EXEGESIS-DEFREG FS "
            "in fs.s: the tool's own FS base holds its thread-local storage)");
  EXPECT_FALSE(static_cast<bool>(checkSnippetsForExecutionMode(
      *X86State, Codes, ExecutionMode::SubProcess, "fs.s")));
  // Other registers, segment selectors included, run in process.
  Codes.front() = parseOne("# LLVM-EXEGESIS-DEFREG RAX 1\n"
                           "# LLVM-EXEGESIS-DEFREG DS 2b\n");
  EXPECT_FALSE(static_cast<bool>(checkSnippetsForExecutionMode(
      *X86State, Codes, ExecutionMode::InProcess, "ds.s")));
}

TEST_F(SnippetFileTest, UnreadableFileIsAnError) {
  Expected<std::vector<BenchmarkCode>> Codes =
      readSnippets(*X86State, "/nonexistent/snippet.s");
  ASSERT_FALSE(static_cast<bool>(Codes));
  EXPECT_EQ(toString(Codes.takeError()),
            "cannot read snippets file '/nonexistent/snippet.s': No such file "
            "or directory");
}

} // namespace
