//===-- AssemblerTest.cpp - The measured function as an ELF object --------===//
//
// Builds functions from hand-made BenchmarkCodes (x86-64) and checks the
// object (one function symbol, no relocations), the layout (prologue,
// register setup, repeated snippet, loop, epilogue) through its disassembly,
// the recorded snippet locations and counts, and that copying the encoded
// snippet gives the same object as streaming every instruction.
//
//===----------------------------------------------------------------------===//

#include "Assembly/Assembler.h"
#include "../Disassembly.h"
#include "../X86StateTest.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::exegesis;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class AssemblerTest : public X86StateTest {
protected:
  static MCRegister reg(StringRef Name) {
    return State->getRegisterByName(Name).value();
  }

  /// `Opcode Regs...` with register operands only.
  static MCInst inst(StringRef Opcode, ArrayRef<StringRef> Regs) {
    MCInst I;
    I.setOpcode(State->getOpcodeByName(Opcode).value());
    for (StringRef R : Regs)
      I.addOperand(MCOperand::createReg(reg(R)));
    return I;
  }

  static BenchmarkCode addRcx() {
    BenchmarkCode Code;
    Code.Key.Instructions = {inst("ADD64rr", {"RCX", "RCX", "RCX"})};
    Code.Key.RegisterInitialValues = {{reg("RCX"), APInt(64, 0)}};
    return Code;
  }

  static AssemblyRequest request(SnippetRepetition R, unsigned Min,
                                 unsigned LoopBodySize = 0) {
    AssemblyRequest Request;
    Request.Repetition = R;
    Request.MinInstructions = Min;
    Request.LoopBodySize = LoopBodySize;
    return Request;
  }

  static AssembledFunction assemble(const BenchmarkCode &Code,
                                    const AssemblyRequest &Request) {
    Expected<AssembledFunction> F =
        assembleMeasuredFunction(*State, Code, Request);
    if (!F) {
      ADD_FAILURE() << toString(F.takeError());
      return AssembledFunction();
    }
    return std::move(*F);
  }

  static std::vector<std::string> lines(const AssembledFunction &F) {
    return disasm::disassemble(*State, F.getCode());
  }
};

TEST_F(AssemblerTest, DuplicateMatchesUpstreamBytes) {
  // upstream llvm-exegesis 22's assembled_snippet for this snippet.
  AssembledFunction F =
      assemble(addRcx(), request(SnippetRepetition::Duplicate, 4));
  EXPECT_EQ(toHex(F.getCode()),
            "48B900000000000000004801C94801C94801C94801C9C3");
  EXPECT_THAT(lines(F), ElementsAre("movabsq $0x0, %rcx", "addq %rcx, %rcx",
                                    "addq %rcx, %rcx", "addq %rcx, %rcx",
                                    "addq %rcx, %rcx", "retq"));
  EXPECT_EQ(F.NumExecutedInstructions, 4u);
  EXPECT_EQ(F.NumSnippetRepetitions, 4u);
}

TEST_F(AssemblerTest, ObjectHasOneFunctionSymbolAndNoRelocations) {
  AssembledFunction F =
      assemble(addRcx(), request(SnippetRepetition::Loop, 100));
  Expected<std::unique_ptr<object::ObjectFile>> Obj =
      object::ObjectFile::createObjectFile(
          MemoryBufferRef(F.ObjectFile.str(), "test"));
  ASSERT_TRUE(static_cast<bool>(Obj)) << toString(Obj.takeError());
  ASSERT_TRUE((*Obj)->isELF());
  bool Found = false;
  for (const object::SymbolRef &Sym : (*Obj)->symbols()) {
    Expected<StringRef> Name = Sym.getName();
    ASSERT_TRUE(static_cast<bool>(Name));
    if (*Name != FunctionSymbolName)
      continue;
    Found = true;
    EXPECT_EQ(cantFail(Sym.getType()), object::SymbolRef::ST_Function);
    EXPECT_EQ(cantFail(Sym.getValue()), 0u);
    EXPECT_EQ(object::ELFSymbolRef(Sym).getSize(), F.CodeSize);
    EXPECT_TRUE(cantFail(Sym.getFlags()) & object::SymbolRef::SF_Global);
  }
  EXPECT_TRUE(Found);
  for (const object::SectionRef &Sec : (*Obj)->sections()) {
    if (cantFail(Sec.getName()) != ".text")
      continue;
    EXPECT_EQ(Sec.getSize(), F.CodeSize);
    EXPECT_TRUE(Sec.relocations().empty());
  }
}

TEST_F(AssemblerTest, LoopLayout) {
  // One instruction, body of 7, at least 100 instructions: upstream's loop.
  AssembledFunction F =
      assemble(addRcx(), request(SnippetRepetition::Loop, 100, 7));
  std::vector<std::string> L = lines(F);
  ASSERT_GE(L.size(), 13u);
  EXPECT_EQ(L[0], "movabsq $0x0, %rcx");
  EXPECT_EQ(L[1], "movabsq $0xf, %r8");
  // Padding to the loop (one or more nops), then the body.
  size_t Body = 2;
  while (Body < L.size() && StringRef(L[Body]).contains("nop"))
    ++Body;
  EXPECT_GT(Body, 2u);
  ASSERT_EQ(L.size(), Body + 10);
  for (unsigned I = Body; I < Body + 7; ++I)
    EXPECT_EQ(L[I], "addq %rcx, %rcx");
  EXPECT_EQ(L[Body + 7], "addq $-0x1, %r8");
  EXPECT_THAT(L[Body + 8], HasSubstr("jne"));
  EXPECT_EQ(L[Body + 9], "retq");
  // The loop starts at a 64-byte line (where in the line a loop starts can
  // set its speed), and the branch goes back to it.
  ASSERT_EQ(F.SnippetLocations.size(), 7u);
  uint64_t LoopStart = F.SnippetLocations[0].Offset;
  EXPECT_EQ(LoopStart % 64, 0u);
  StringRef Code = F.getCode();
  uint64_t BranchEnd = Code.size() - 1;          // before the ret
  ASSERT_EQ(uint8_t(Code[BranchEnd - 2]), 0x75); // jne rel8
  int8_t Displacement = Code[BranchEnd - 1];
  EXPECT_EQ(int64_t(BranchEnd) + Displacement, int64_t(LoopStart));
  EXPECT_EQ(F.NumExecutedInstructions, 105u);
  EXPECT_EQ(F.NumSnippetRepetitions, 105u);
}

TEST_F(AssemblerTest, LongLoopBodyGetsANearBranch) {
  AssembledFunction F =
      assemble(addRcx(), request(SnippetRepetition::Loop, 1000, 100));
  StringRef Code = F.getCode();
  // jne rel32 (0f 85 imm32) back over 100 3-byte adds and the decrement.
  uint64_t BranchEnd = Code.size() - 1;
  ASSERT_EQ(uint8_t(Code[BranchEnd - 6]), 0x0f);
  ASSERT_EQ(uint8_t(Code[BranchEnd - 5]), 0x85);
  int32_t Displacement;
  memcpy(&Displacement, Code.data() + BranchEnd - 4, 4);
  EXPECT_EQ(int64_t(BranchEnd) + Displacement,
            int64_t(F.SnippetLocations[0].Offset));
}

TEST_F(AssemblerTest, LoopBodySizedByBytesAndRecorded) {
  // 3-byte adds in a 64-byte budget: 21 copies, 63 bytes of body.
  AssemblyRequest Request = request(SnippetRepetition::Loop, 100);
  Request.LoopBodyBytes = 64;
  AssembledFunction F = assemble(addRcx(), Request);
  EXPECT_TRUE(F.IsLoop);
  EXPECT_EQ(F.CopiesEmitted, 21u);
  EXPECT_EQ(F.RepeatedBytes, 63u);
  EXPECT_EQ(F.NumExecutedInstructions, 105u);
  std::vector<std::string> L = lines(F);
  EXPECT_EQ(std::count(L.begin(), L.end(), "addq %rcx, %rcx"), 21);

  AssembledFunction D =
      assemble(addRcx(), request(SnippetRepetition::Duplicate, 100));
  EXPECT_FALSE(D.IsLoop);
  EXPECT_EQ(D.CopiesEmitted, 100u);
  EXPECT_EQ(D.RepeatedBytes, 300u);

  // What `info` says of them.
  EXPECT_EQ(F.describeLoop(), "loop of 21 copies (63 B)");
  AssemblyRequest Large = request(SnippetRepetition::Loop, 10000);
  Large.LoopBodyBytes = 2048;
  EXPECT_EQ(assemble(addRcx(), Large).describeLoop(),
            "loop of 682 copies (2.0 KiB)");
  EXPECT_EQ(D.describeRepeatedSize(), "300 B");
}

TEST_F(AssemblerTest, VectorCodeStartsAndEndsWithCleanUpperHalves) {
  BenchmarkCode Code;
  Code.Key.Instructions = {inst("VADDPSYrr", {"YMM2", "YMM0", "YMM1"})};
  AssembledFunction F =
      assemble(Code, request(SnippetRepetition::Duplicate, 2));
  EXPECT_THAT(lines(F),
              ElementsAre("vzeroupper", "vaddps %ymm1, %ymm0, %ymm2",
                          "vaddps %ymm1, %ymm0, %ymm2", "vzeroupper", "retq"));
  // General-purpose code keeps upstream's bytes
  // (DuplicateMatchesUpstreamBytes).
}

TEST_F(AssemblerTest, SnippetLocationsPointAtSnippetInstructions) {
  BenchmarkCode Code;
  Code.Key.Instructions = {inst("ADD64rr", {"RAX", "RAX", "RBX"}),
                           inst("IMUL32rr", {"ECX", "ECX", "EDX"})};
  AssembledFunction F =
      assemble(Code, request(SnippetRepetition::Duplicate, 6));
  ASSERT_EQ(F.SnippetLocations.size(), 6u);
  for (uint64_t I = 0; I < F.SnippetLocations.size(); ++I) {
    SnippetInstructionLocation Loc = F.SnippetLocations[I];
    std::vector<std::string> At =
        disasm::disassemble(*State, F.getCode().substr(Loc.Offset));
    ASSERT_FALSE(At.empty());
    EXPECT_EQ(At.front(),
              Loc.SnippetIndex == 0 ? "addq %rbx, %rax" : "imull %edx, %ecx");
  }
  EXPECT_EQ(F.SnippetLocations[2].SnippetIndex, 0u);
  EXPECT_EQ(F.SnippetLocations[3].SnippetIndex, 1u);
  EXPECT_EQ(F.NumSnippetRepetitions, 3u);
  EXPECT_EQ(F.NumExecutedInstructions, 6u);
}

TEST_F(AssemblerTest, CopyingEncodedBytesGivesTheSameFunction) {
  BenchmarkCode Code;
  Code.Key.Instructions = {inst("ADD64rr", {"RBX", "RBX", "R12"}),
                           inst("XOR32rr", {"EAX", "EAX", "ECX"})};
  Code.Key.RegisterInitialValues = {{reg("R12"), APInt(64, 3)}};
  for (SnippetRepetition R :
       {SnippetRepetition::Duplicate, SnippetRepetition::Loop}) {
    AssemblyRequest Fast = request(R, 1000, 50);
    AssemblyRequest Slow = Fast;
    Slow.RepeatEncodedBytes = false;
    AssembledFunction A = assemble(Code, Fast);
    AssembledFunction B = assemble(Code, Slow);
    EXPECT_EQ(toHex(A.getCode()), toHex(B.getCode()));
    ASSERT_EQ(A.SnippetLocations.size(), B.SnippetLocations.size());
    for (size_t I = 0; I < A.SnippetLocations.size(); ++I) {
      EXPECT_EQ(A.SnippetLocations[I].Offset, B.SnippetLocations[I].Offset);
      EXPECT_EQ(A.SnippetLocations[I].SnippetIndex,
                B.SnippetLocations[I].SnippetIndex);
      // Both find every instruction by its offset, and nothing one byte on
      // (no instruction here is one byte long).
      uint64_t Offset = A.SnippetLocations[I].Offset;
      EXPECT_EQ(A.SnippetLocations.find(Offset), A.SnippetLocations[I]);
      EXPECT_EQ(B.SnippetLocations.find(Offset), B.SnippetLocations[I]);
      EXPECT_EQ(A.SnippetLocations.find(Offset + 1), std::nullopt);
      EXPECT_EQ(B.SnippetLocations.find(Offset + 1), std::nullopt);
    }
  }
}

TEST_F(AssemblerTest, SavesCalleeSavedRegistersTheSnippetWrites) {
  BenchmarkCode Code;
  // Writes RBX without an initial value; R12 gets one.
  Code.Key.Instructions = {inst("ADD64rr", {"RBX", "RBX", "R12"})};
  Code.Key.RegisterInitialValues = {{reg("R12"), APInt(64, 0xff)}};
  AssembledFunction F =
      assemble(Code, request(SnippetRepetition::Duplicate, 2));
  EXPECT_THAT(lines(F),
              ElementsAre("pushq %r12", "pushq %rbx", "movabsq $0xff, %r12",
                          "addq %r12, %rbx", "addq %r12, %rbx", "popq %rbx",
                          "popq %r12", "retq"));
}

TEST_F(AssemblerTest, LoopRegisterCanBeChosenAndIsSavedWhenCalleeSaved) {
  BenchmarkCode Code = addRcx();
  Code.LoopRegister = reg("R13");
  AssembledFunction F = assemble(Code, request(SnippetRepetition::Loop, 3));
  std::vector<std::string> L = lines(F);
  ASSERT_GE(L.size(), 8u);
  EXPECT_EQ(L[0], "pushq %r13");
  EXPECT_EQ(L[2], "movabsq $0x3, %r13");
  EXPECT_EQ(L[L.size() - 4], "addq $-0x1, %r13");
  EXPECT_EQ(L[L.size() - 2], "popq %r13");
}

TEST_F(AssemblerTest, RefusesSnippetsThatWriteTheLoopCounter) {
  BenchmarkCode Code;
  Code.Key.Instructions = {inst("ADD32rr", {"R8D", "R8D", "EAX"})};
  Expected<AssembledFunction> F = assembleMeasuredFunction(
      *State, Code, request(SnippetRepetition::Loop, 100));
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_EQ(toString(F.takeError()),
            "the snippet writes R8D, which overlaps the loop counter R8; "
            "choose another with LLVM-EXEGESIS-LOOP-REGISTER");
  // Duplicating has no counter to protect.
  EXPECT_TRUE(static_cast<bool>(assembleMeasuredFunction(
      *State, Code, request(SnippetRepetition::Duplicate, 100))));

  Code = addRcx();
  Code.Key.RegisterInitialValues.push_back({reg("R8"), APInt(64, 1)});
  F = assembleMeasuredFunction(*State, Code,
                               request(SnippetRepetition::Loop, 100));
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_THAT(toString(F.takeError()),
              HasSubstr("sets an initial value for R8"));
}

TEST_F(AssemblerTest, EmptySnippetIsSetupAndReturn) {
  BenchmarkCode Code;
  Code.Key.RegisterInitialValues = {{reg("RBX"), APInt(64, 5)}};
  for (SnippetRepetition R :
       {SnippetRepetition::Duplicate, SnippetRepetition::Loop}) {
    AssembledFunction F = assemble(Code, request(R, 10000));
    EXPECT_THAT(lines(F), ElementsAre("pushq %rbx", "movabsq $0x5, %rbx",
                                      "popq %rbx", "retq"));
    EXPECT_TRUE(F.SnippetLocations.empty());
    EXPECT_EQ(F.NumExecutedInstructions, 0u);
  }
}

TEST_F(AssemblerTest, RefusesWhatCannotBeEncoded) {
  BenchmarkCode Code;
  Code.Key.Instructions = {inst("ADD64rr", {"RAX"})};
  Expected<AssembledFunction> F = assembleMeasuredFunction(
      *State, Code, request(SnippetRepetition::Duplicate, 10));
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_EQ(toString(F.takeError()),
            "snippet instruction 0 (ADD64rr) has 1 operands, expected 3");

  Code.Key.Instructions = {inst("MOV32r0", {"EAX"})};
  F = assembleMeasuredFunction(*State, Code,
                               request(SnippetRepetition::Duplicate, 10));
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_THAT(toString(F.takeError()), HasSubstr("pseudo instruction"));

  Code = addRcx();
  Code.Key.RegisterInitialValues = {{reg("ZMM0"), APInt(512, 1)}};
  F = assembleMeasuredFunction(*State, Code,
                               request(SnippetRepetition::Duplicate, 10));
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_EQ(toString(F.takeError()), "cannot set register ZMM0: needs AVX512F");
}

TEST(AssemblerTargetsTest, ELFAndWindowsTargetsOnly) {
  auto MachO = cantFail(LLVMState::create("x86_64-apple-macosx", "znver3"));
  Expected<AssembledFunction> F =
      assembleMeasuredFunction(*MachO, BenchmarkCode(), AssemblyRequest());
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_EQ(toString(F.takeError()),
            "assembling for x86_64-apple-macosx is not supported: only ELF "
            "targets and x86-64 Windows (COFF) are");
  // Windows on Arm shares AAPCS64's registers (X18 aside, which snippets
  // never name there): its COFF objects assemble; Apple's Mach-O do not.
  auto ArmWindows = cantFail(LLVMState::create("aarch64-pc-windows-msvc", ""));
  F = assembleMeasuredFunction(*ArmWindows, BenchmarkCode(), AssemblyRequest());
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  auto ArmApple = cantFail(LLVMState::create("arm64-apple-macosx", ""));
  F = assembleMeasuredFunction(*ArmApple, BenchmarkCode(), AssemblyRequest());
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_EQ(toString(F.takeError()),
            "assembling for arm64-apple-macosx is not supported: only ELF "
            "targets and AArch64 Windows (COFF) are");
}

TEST(AssemblerTargetsTest, Win64FunctionIsACOFFObject) {
  auto State = cantFail(LLVMState::create("x86_64-pc-windows-msvc", "znver3"));
  BenchmarkCode Code;
  MCInst Add;
  Add.setOpcode(State->getOpcodeByName("ADD64rr").value());
  for (StringRef Name : {"RSI", "RSI", "RCX"})
    Add.addOperand(MCOperand::createReg(*State->getRegisterByName(Name)));
  Code.Key.Instructions = {Add};
  AssemblyRequest Request;
  Request.MinInstructions = 2;
  Expected<AssembledFunction> F =
      assembleMeasuredFunction(*State, Code, Request);
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  Expected<std::unique_ptr<object::ObjectFile>> Object =
      object::ObjectFile::createObjectFile(
          MemoryBufferRef(F->ObjectFile.str(), "function"));
  ASSERT_TRUE(static_cast<bool>(Object)) << toString(Object.takeError());
  EXPECT_TRUE((*Object)->isCOFF());
  bool HasFunction = false;
  for (const object::SymbolRef &Symbol : (*Object)->symbols()) {
    Expected<StringRef> Name = Symbol.getName();
    ASSERT_TRUE(static_cast<bool>(Name));
    if (*Name != FunctionSymbolName)
      continue;
    HasFunction = true;
    EXPECT_EQ(cantFail(Symbol.getType()), object::SymbolRef::ST_Function);
    EXPECT_EQ(cantFail(Symbol.getAddress()), 0u);
  }
  EXPECT_TRUE(HasFunction);
  // RSI is the caller's on Win64; the code is .text and nothing else.
  EXPECT_EQ(toHex(F->getCode()), "564801CE4801CE5EC3");
}

TEST(AssemblerTargetsTest, TargetsWithoutCodeGenerationFailCleanly) {
  auto State = cantFail(LLVMState::create("s390x-unknown-linux-gnu", ""));
  BenchmarkCode Code;
  Expected<AssembledFunction> F =
      assembleMeasuredFunction(*State, Code, AssemblyRequest());
  ASSERT_FALSE(static_cast<bool>(F));
  EXPECT_EQ(toString(F.takeError()),
            "generating functions is not supported on this target");
}

} // namespace
