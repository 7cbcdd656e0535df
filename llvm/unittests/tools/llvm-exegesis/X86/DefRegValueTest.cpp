//===-- X86/DefRegValueTest.cpp - What a DEFREG puts into a register ------===//
//
// The DEFREG value rule end to end on x86-64: the annotation is parsed, the
// target sets the register, and the disassembly shows the bytes it gets. The
// expected bytes are those upstream llvm-exegesis 22 assembles for the same
// annotations: 4 bits per digit, sign-extended into vector, MMX and x87
// registers, zero-extended into general-purpose ones. Where we differ
// (EFLAGS, values wider than the register) the test says why.
//
//===----------------------------------------------------------------------===//

#include "../Disassembly.h"
#include "../X86StateTest.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "Snippets/SnippetAnnotation.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using ::testing::ElementsAre;

namespace {

class DefRegValueTest : public X86StateTest {
protected:
  /// The value `LLVM-EXEGESIS-DEFREG <Annotation>` gives, or its error.
  static Expected<SnippetAnnotation> parse(StringRef Annotation) {
    Expected<std::optional<SnippetAnnotation>> A = parseSnippetAnnotation(
        *State, ("LLVM-EXEGESIS-DEFREG " + Annotation).str());
    if (!A)
      return A.takeError();
    return std::move(**A);
  }

  /// The disassembly of what sets the register of `DEFREG <Annotation>`, or
  /// the error message as the only line.
  static std::vector<std::string> setup(StringRef Annotation) {
    Expected<SnippetAnnotation> A = parse(Annotation);
    if (!A)
      return {"error: " + toString(A.takeError())};
    Expected<std::vector<MCInst>> Insts = State->getExegesisTarget().setRegTo(
        State->getSubtargetInfo(), A->Register, A->Value);
    if (!Insts)
      return {"error: " + toString(Insts.takeError())};
    return disasm::disassemble(*State, disasm::encode(*State, *Insts));
  }

  /// The 32-bit stores that build a vector value on the stack, lowest first.
  static std::vector<std::string> stores(StringRef Annotation) {
    std::vector<std::string> Stores;
    for (const std::string &Line : setup(Annotation))
      if (StringRef(Line).starts_with("movl $"))
        Stores.push_back(StringRef(Line).drop_front(5).split(',').first.str());
    return Stores;
  }
};

TEST_F(DefRegValueTest, VectorRegistersSignExtendTheDigits) {
  EXPECT_THAT(stores("XMM3 2a"), ElementsAre("$0x2a", "$0x0", "$0x0", "$0x0"));
  EXPECT_THAT(stores("XMM1 ff"), ElementsAre("$0xffffffff", "$0xffffffff",
                                             "$0xffffffff", "$0xffffffff"));
  // A leading zero digit makes the same bits a positive number.
  EXPECT_THAT(stores("XMM1 0ff"), ElementsAre("$0xff", "$0x0", "$0x0", "$0x0"));
  // Three digits are 12 bits, not a 16-bit pattern.
  EXPECT_THAT(stores("XMM1 abc"), ElementsAre("$0xfffffabc", "$0xffffffff",
                                              "$0xffffffff", "$0xffffffff"));
  EXPECT_THAT(
      stores("XMM1 80000000"),
      ElementsAre("$0x80000000", "$0xffffffff", "$0xffffffff", "$0xffffffff"));
  EXPECT_THAT(stores("YMM0 3f800000"),
              ElementsAre("$0x3f800000", "$0x0", "$0x0", "$0x0", "$0x0", "$0x0",
                          "$0x0", "$0x0"));
  EXPECT_THAT(stores("YMM1 ff"),
              ElementsAre("$0xffffffff", "$0xffffffff", "$0xffffffff",
                          "$0xffffffff", "$0xffffffff", "$0xffffffff",
                          "$0xffffffff", "$0xffffffff"));
}

TEST_F(DefRegValueTest, MMXAndX87RegistersSignExtendTheDigits) {
  EXPECT_THAT(stores("MM0 f"), ElementsAre("$0xffffffff", "$0xffffffff"));
  EXPECT_THAT(stores("MM0 1"), ElementsAre("$0x1", "$0x0"));
  // 80 bits, then the padding to 16 bytes.
  EXPECT_THAT(stores("ST0 8"),
              ElementsAre("$0xfffffff8", "$0xffffffff", "$0xffff", "$0x0"));
}

TEST_F(DefRegValueTest, GeneralPurposeRegistersZeroExtendTheDigits) {
  EXPECT_THAT(setup("RAX ff"), ElementsAre("movabsq $0xff, %rax"));
  EXPECT_THAT(setup("RAX 8000"), ElementsAre("movabsq $0x8000, %rax"));
  EXPECT_THAT(setup("EAX ff"), ElementsAre("movl $0xff, %eax"));
  EXPECT_THAT(setup("AX ff"), ElementsAre("movw $0xff, %ax"));
  // The disassembler reads 8-bit immediates as signed.
  EXPECT_THAT(setup("AL ff"), ElementsAre("movb $-0x1, %al"));
  EXPECT_THAT(setup("RAX ffffffffffffffff"),
              ElementsAre("movabsq $-0x1, %rax"));
  EXPECT_THAT(setup("EDX 0000000000000000000012"),
              ElementsAre("movl $0x12, %edx"));
}

TEST_F(DefRegValueTest, FlagsAndControlWordsZeroExtendTheDigits) {
  // Upstream sign-extends into EFLAGS: `EFLAGS 80` (SF) would also set the
  // trap flag, and the snippet would stop at its first instruction.
  EXPECT_THAT(stores("EFLAGS 80"), ElementsAre("$0x80", "$0x0"));
  // Upstream ignores MXCSR values (it always loads 0x1F80).
  EXPECT_THAT(stores("MXCSR 9f80"), ElementsAre("$0x9f80", "$0x0"));
}

TEST_F(DefRegValueTest, ValuesWiderThanTheRegisterAreErrors) {
  // Upstream silently drops the digits that do not fit.
  EXPECT_THAT(setup("AL 1ff"),
              ElementsAre("error: invalid comment 'LLVM-EXEGESIS-DEFREG AL "
                          "1ff', expected <HEX_VALUE> to fit in the 8 bits "
                          "of AL"));
  EXPECT_THAT(setup("XMM0 1ffffffffffffffffffffffffffffffff"),
              ElementsAre("error: invalid comment 'LLVM-EXEGESIS-DEFREG XMM0 "
                          "1ffffffffffffffffffffffffffffffff', expected "
                          "<HEX_VALUE> to fit in the 128 bits of XMM0"));
  // Leading zeros are no digits that matter.
  EXPECT_THAT(stores("XMM1 00000000000000000000000000000000ff"),
              ElementsAre("$0xff", "$0x0", "$0x0", "$0x0"));
}

} // namespace
