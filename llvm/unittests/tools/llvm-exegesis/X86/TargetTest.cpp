//===-- X86/TargetTest.cpp - x86-64 register setup, frame and loop --------===//
//
// Every kind of register the x86-64 target can set, checked by encoding the
// instructions it returns and reading their disassembly; the choice of
// instruction by CPU feature; the registers the prologue saves and the
// epilogue restores.
//
//===----------------------------------------------------------------------===//

#include "Core/Target.h"
#include "../Disassembly.h"
#include "Core/LLVMState.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class X86TargetTest : public ::testing::Test {
protected:
  static constexpr StringRef Linux = "x86_64-unknown-linux-gnu";
  static constexpr StringRef Windows = "x86_64-pc-windows-msvc";

  /// A state for \p Cpu and \p TripleName; cached, building one takes a
  /// while.
  static const LLVMState &state(StringRef Cpu, StringRef TripleName = Linux) {
    static StringMap<std::unique_ptr<LLVMState>> States;
    std::unique_ptr<LLVMState> &S = States[(TripleName + " " + Cpu).str()];
    if (!S)
      S = cantFail(LLVMState::create(TripleName.str(), Cpu.str()));
    return *S;
  }

  static MCRegister reg(const LLVMState &State, StringRef Name) {
    std::optional<MCRegister> Reg = State.getRegisterByName(Name);
    EXPECT_TRUE(Reg.has_value()) << Name.str();
    return Reg.value_or(MCRegister());
  }

  /// The disassembly of what sets \p RegName to \p Value on \p Cpu, or the
  /// error message as the only line.
  static std::vector<std::string> setReg(StringRef Cpu, StringRef RegName,
                                         const APInt &Value) {
    const LLVMState &State = state(Cpu);
    Expected<std::vector<MCInst>> Insts = State.getExegesisTarget().setRegTo(
        State.getSubtargetInfo(), reg(State, RegName), Value);
    if (!Insts)
      return {"error: " + toString(Insts.takeError())};
    return disasm::disassemble(State, disasm::encode(State, *Insts));
  }

  static std::vector<std::string> frame(StringRef Cpu,
                                        ArrayRef<StringRef> ClobberedNames,
                                        bool Epilogue,
                                        StringRef TripleName = Linux) {
    const LLVMState &State = state(Cpu, TripleName);
    std::vector<MCRegister> Clobbered;
    for (StringRef Name : ClobberedNames)
      Clobbered.push_back(reg(State, Name));
    const ExegesisTarget &ET = State.getExegesisTarget();
    Expected<std::vector<MCInst>> Insts =
        Epilogue ? ET.generateEpilogue(State, Clobbered)
                 : ET.generatePrologue(State, Clobbered);
    if (!Insts)
      return {"error: " + toString(Insts.takeError())};
    return disasm::disassemble(State, disasm::encode(State, *Insts));
  }
};

TEST_F(X86TargetTest, AllNamesResolve) {
  EXPECT_EQ(state("znver3").getExegesisTarget().getUnresolvedNames(), "");
}

TEST_F(X86TargetTest, GeneralPurposeRegistersTakeImmediates) {
  EXPECT_THAT(setReg("znver3", "RCX", APInt(64, 0)),
              ElementsAre("movabsq $0x0, %rcx"));
  EXPECT_THAT(setReg("znver3", "R12", APInt(64, 0x123456789abcdef0)),
              ElementsAre("movabsq $0x123456789abcdef0, %r12"));
  EXPECT_THAT(setReg("znver3", "EAX", APInt(32, 0x89abcdef)),
              ElementsAre("movl $0x89abcdef, %eax"));
  EXPECT_THAT(setReg("znver3", "BX", APInt(16, 0x1234)),
              ElementsAre("movw $0x1234, %bx"));
  // The disassembler reads 8-bit immediates as signed: 0x80 prints as -0x80.
  EXPECT_THAT(setReg("znver3", "AH", APInt(8, 0x80)),
              ElementsAre("movb $-0x80, %ah"));
  EXPECT_THAT(setReg("znver3", "SIL", APInt(8, 0x7f)),
              ElementsAre("movb $0x7f, %sil"));
  // An empty value is zero; a narrower one is zero-extended.
  EXPECT_THAT(setReg("znver3", "RDX", APInt()),
              ElementsAre("movabsq $0x0, %rdx"));
  EXPECT_THAT(setReg("znver3", "RDX", APInt(8, 0xff)),
              ElementsAre("movabsq $0xff, %rdx"));
}

TEST_F(X86TargetTest, RefusesValuesWiderThanTheRegister) {
  EXPECT_THAT(setReg("znver3", "AL", APInt(16, 0x1ff)),
              ElementsAre("error: cannot set register AL: value 0x1FF is "
                          "wider than 8 bits"));
  // Wider APInts whose value fits are fine.
  EXPECT_THAT(setReg("znver3", "AL", APInt(64, 0x12)),
              ElementsAre("movb $0x12, %al"));
}

TEST_F(X86TargetTest, RefusesTheStackAndInstructionPointers) {
  EXPECT_THAT(setReg("znver3", "RSP", APInt(64, 1)),
              ElementsAre(HasSubstr("cannot set register RSP")));
  EXPECT_THAT(setReg("znver3", "ESP", APInt(32, 1)),
              ElementsAre(HasSubstr("cannot set register ESP")));
  EXPECT_THAT(setReg("znver3", "RIP", APInt(64, 1)),
              ElementsAre(HasSubstr("cannot set register RIP")));
  EXPECT_THAT(setReg("znver3", "CS", APInt(16, 1)),
              ElementsAre("error: cannot set register CS: not supported on "
                          "x86"));
}

TEST_F(X86TargetTest, ProbeGroupCyclesComeFromTheSchedulingModel) {
  // Four ALUs: a group of four independent adds takes its one cycle of
  // latency; two ALUs (Goldmont, Jaguar): two cycles.
  auto Expected = [](StringRef Cpu) {
    const LLVMState &State = state(Cpu);
    return State.getExegesisTarget().getExpectedProbeGroupCycles(State);
  };
  EXPECT_DOUBLE_EQ(Expected("znver3"), 1.0);
  EXPECT_DOUBLE_EQ(Expected("znver4"), 1.0);
  EXPECT_DOUBLE_EQ(Expected("icelake-server"), 1.0);
  EXPECT_DOUBLE_EQ(Expected("goldmont"), 2.0);
  EXPECT_DOUBLE_EQ(Expected("btver2"), 2.0);
}

TEST_F(X86TargetTest, VectorRegistersLoadFromTheStack) {
  APInt Value(128, "00112233445566778899aabbccddeeff", 16);
  EXPECT_THAT(setReg("znver3", "XMM1", Value),
              ElementsAre("leaq -0x10(%rsp), %rsp", "movl $0xccddeeff, (%rsp)",
                          "movl $0x8899aabb, 0x4(%rsp)",
                          "movl $0x44556677, 0x8(%rsp)",
                          "movl $0x112233, 0xc(%rsp)", "vmovdqu (%rsp), %xmm1",
                          "leaq 0x10(%rsp), %rsp"));
  // Without AVX: the SSE2 load.
  EXPECT_THAT(setReg("x86-64", "XMM1", Value),
              ElementsAre("leaq -0x10(%rsp), %rsp", "movl $0xccddeeff, (%rsp)",
                          "movl $0x8899aabb, 0x4(%rsp)",
                          "movl $0x44556677, 0x8(%rsp)",
                          "movl $0x112233, 0xc(%rsp)", "movdqu (%rsp), %xmm1",
                          "leaq 0x10(%rsp), %rsp"));
  std::vector<std::string> Ymm = setReg("znver3", "YMM2", APInt(256, 5));
  ASSERT_EQ(Ymm.size(), 11u);
  EXPECT_EQ(Ymm.front(), "leaq -0x20(%rsp), %rsp");
  EXPECT_EQ(Ymm[1], "movl $0x5, (%rsp)");
  EXPECT_EQ(Ymm[8], "movl $0x0, 0x1c(%rsp)");
  EXPECT_EQ(Ymm[9], "vmovdqu (%rsp), %ymm2");
  EXPECT_EQ(Ymm.back(), "leaq 0x20(%rsp), %rsp");
}

TEST_F(X86TargetTest, VectorLoadsFollowTheFeatures) {
  auto LoadOf = [&](StringRef Cpu, StringRef Reg, unsigned Bits) {
    std::vector<std::string> Lines = setReg(Cpu, Reg, APInt(Bits, 1));
    return Lines.size() >= 2 ? Lines[Lines.size() - 2] : Lines.front();
  };
  EXPECT_EQ(LoadOf("skylake-avx512", "ZMM3", 512), "vmovdqu32 (%rsp), %zmm3");
  EXPECT_EQ(LoadOf("skylake-avx512", "XMM17", 128), "vmovdqu32 (%rsp), %xmm17");
  EXPECT_EQ(LoadOf("skylake-avx512", "YMM31", 256), "vmovdqu32 (%rsp), %ymm31");
  // The first 16 registers keep the shorter VEX form with AVX-512 too.
  EXPECT_EQ(LoadOf("skylake-avx512", "YMM2", 256), "vmovdqu (%rsp), %ymm2");
  EXPECT_EQ(LoadOf("skylake-avx512", "XMM2", 128), "vmovdqu (%rsp), %xmm2");
  EXPECT_EQ(setReg("znver3", "ZMM3", APInt(512, 1)).front(),
            "error: cannot set register ZMM3: needs AVX512F");
  EXPECT_EQ(setReg("knl", "XMM17", APInt(128, 1)).front(),
            "error: cannot set register XMM17: needs AVX512VL");
  EXPECT_EQ(setReg("x86-64", "YMM0", APInt(256, 1)).front(),
            "error: cannot set register YMM0: needs AVX");
}

TEST_F(X86TargetTest, MaskRegisters) {
  EXPECT_THAT(setReg("skylake-avx512", "K1", APInt(64, 0xffffffff00000001)),
              ElementsAre("leaq -0x8(%rsp), %rsp", "movl $0x1, (%rsp)",
                          "movl $0xffffffff, 0x4(%rsp)", "kmovq (%rsp), %k1",
                          "leaq 0x8(%rsp), %rsp"));
  // AVX512F alone (Knights Landing) has only the 16-bit move.
  EXPECT_THAT(setReg("knl", "K2", APInt(64, 0xffff)),
              ElementsAre("leaq -0x8(%rsp), %rsp", "movl $0xffff, (%rsp)",
                          "movl $0x0, 0x4(%rsp)", "kmovw (%rsp), %k2",
                          "leaq 0x8(%rsp), %rsp"));
  EXPECT_THAT(setReg("knl", "K2", APInt(64, 0x10000)),
              ElementsAre("error: cannot set register K2: a value wider "
                          "than 16 bits needs AVX512BW"));
  EXPECT_THAT(setReg("znver3", "K2", APInt(64, 1)),
              ElementsAre("error: cannot set register K2: needs AVX512F"));
}

TEST_F(X86TargetTest, FlagsAndControlRegisters) {
  EXPECT_THAT(setReg("znver3", "EFLAGS", APInt(32, 0x246)),
              ElementsAre("leaq -0x8(%rsp), %rsp", "movl $0x246, (%rsp)",
                          "movl $0x0, 0x4(%rsp)", "popfq"));
  EXPECT_THAT(setReg("znver3", "MXCSR", APInt(32, 0x1f80)),
              ElementsAre("leaq -0x8(%rsp), %rsp", "movl $0x1f80, (%rsp)",
                          "movl $0x0, 0x4(%rsp)", "vldmxcsr (%rsp)",
                          "leaq 0x8(%rsp), %rsp"));
  EXPECT_EQ(setReg("x86-64", "MXCSR", APInt(32, 0x1f80))[3], "ldmxcsr (%rsp)");
  EXPECT_THAT(setReg("znver3", "FPCW", APInt(16, 0x37f)),
              ElementsAre("leaq -0x8(%rsp), %rsp", "movl $0x37f, (%rsp)",
                          "movl $0x0, 0x4(%rsp)", "fldcw (%rsp)",
                          "leaq 0x8(%rsp), %rsp"));
}

TEST_F(X86TargetTest, X87AndMMXRegisters) {
  // 1.0 as an x87 extended-precision value.
  APInt One(80, "3fff8000000000000000", 16);
  EXPECT_THAT(setReg("znver3", "ST0", One),
              ElementsAre("leaq -0x10(%rsp), %rsp", "movl $0x0, (%rsp)",
                          "movl $0x80000000, 0x4(%rsp)",
                          "movl $0x3fff, 0x8(%rsp)", "movl $0x0, 0xc(%rsp)",
                          "fldt (%rsp)", "leaq 0x10(%rsp), %rsp"));
  // ST(2) alone: two zeros pushed on top of it.
  std::vector<std::string> St2 = setReg("znver3", "ST2", One);
  ASSERT_EQ(St2.size(), 9u);
  EXPECT_EQ(St2[5], "fldt (%rsp)");
  EXPECT_EQ(St2[7], "fldz");
  EXPECT_EQ(St2[8], "fldz");
  EXPECT_THAT(setReg("znver3", "MM0", APInt(64, 0x123456789)),
              ElementsAre("leaq -0x8(%rsp), %rsp", "movl $0x23456789, (%rsp)",
                          "movl $0x1, 0x4(%rsp)", "movq (%rsp), %mm0",
                          "leaq 0x8(%rsp), %rsp"));
}

TEST_F(X86TargetTest, X87RegistersAreSetDeepestFirst) {
  const LLVMState &State = state("znver3");
  std::vector<RegisterValue> Values = {{reg(State, "ST0"), APInt(80, 1)},
                                       {reg(State, "RAX"), APInt(64, 7)},
                                       {reg(State, "ST2"), APInt(80, 2)}};
  Expected<std::vector<MCInst>> Insts =
      State.getExegesisTarget().setRegistersTo(State.getSubtargetInfo(),
                                               Values);
  ASSERT_TRUE(static_cast<bool>(Insts)) << toString(Insts.takeError());
  std::vector<std::string> Lines =
      disasm::disassemble(State, disasm::encode(State, *Insts));
  std::vector<std::string> Interesting;
  for (const std::string &L : Lines)
    if (StringRef(L).starts_with("fld") ||
        StringRef(L).starts_with("movabsq") ||
        StringRef(L).starts_with("movl $0x2,") ||
        StringRef(L).starts_with("movl $0x1,"))
      Interesting.push_back(L);
  EXPECT_THAT(Interesting, ElementsAre("movl $0x2, (%rsp)", "fldt (%rsp)",
                                       "fldz", "movl $0x1, (%rsp)",
                                       "fldt (%rsp)", "movabsq $0x7, %rax"));
}

TEST_F(X86TargetTest, PrologueSavesTouchedCalleeSavedRegisters) {
  EXPECT_THAT(frame("znver3", {"RAX", "RCX", "EFLAGS"}, false), ElementsAre());
  EXPECT_THAT(frame("znver3", {"RAX", "RCX", "EFLAGS"}, true),
              ElementsAre("retq"));
  // Sub-registers count: BL clobbers RBX.
  EXPECT_THAT(frame("znver3", {"BL", "R12"}, false),
              ElementsAre("pushq %r12", "pushq %rbx"));
  EXPECT_THAT(frame("znver3", {"BL", "R12"}, true),
              ElementsAre("popq %rbx", "popq %r12", "retq"));
  EXPECT_THAT(
      frame("znver3", {"R15", "R14", "R13", "R12", "RBX", "RBP"}, false),
      ElementsAre("pushq %r15", "pushq %r14", "pushq %r13", "pushq %r12",
                  "pushq %rbp", "pushq %rbx"));
}

TEST_F(X86TargetTest, SystemVLeavesRSIRDIAndXMMsToTheCaller) {
  EXPECT_THAT(frame("znver3", {"RSI", "EDI", "XMM6", "YMM15"}, false),
              ElementsAre());
}

TEST_F(X86TargetTest, Win64PrologueSavesRSIAndRDIToo) {
  EXPECT_THAT(
      frame("znver3", {"R15", "R14", "R13", "R12", "RSI", "DIL", "RBP", "RBX"},
            false, Windows),
      ElementsAre("pushq %r15", "pushq %r14", "pushq %r13", "pushq %r12",
                  "pushq %rsi", "pushq %rdi", "pushq %rbp", "pushq %rbx"));
  EXPECT_THAT(frame("znver3", {"SI", "RDI"}, true, Windows),
              ElementsAre("popq %rdi", "popq %rsi", "retq"));
  // Volatile on Win64 as on System V.
  EXPECT_THAT(frame("znver3", {"RAX", "RCX", "RDX", "R8", "R9", "R10", "R11"},
                    false, Windows),
              ElementsAre());
}

TEST_F(X86TargetTest, Win64SavesXMM6To15InAlignedSlots) {
  // The call left RSP at 8 modulo 16: without a push, 8 bytes realign the
  // 16-byte slots; after one push none are needed.
  EXPECT_THAT(
      frame("znver3", {"XMM6", "YMM8", "XMM5", "XMM16"}, false, Windows),
      ElementsAre("subq $0x28, %rsp", "vmovaps %xmm8, 0x10(%rsp)",
                  "vmovaps %xmm6, (%rsp)"));
  EXPECT_THAT(frame("znver3", {"XMM6", "YMM8", "XMM5"}, true, Windows),
              ElementsAre("vmovaps (%rsp), %xmm6", "vmovaps 0x10(%rsp), %xmm8",
                          "addq $0x28, %rsp", "vzeroupper", "retq"));
  EXPECT_THAT(
      frame("x86-64", {"RBX", "XMM15"}, false, Windows),
      ElementsAre("pushq %rbx", "subq $0x10, %rsp", "movaps %xmm15, (%rsp)"));
  EXPECT_THAT(frame("x86-64", {"RBX", "XMM15"}, true, Windows),
              ElementsAre("movaps (%rsp), %xmm15", "addq $0x10, %rsp",
                          "popq %rbx", "retq"));
  // Ten registers take more than a signed byte of stack.
  std::vector<StringRef> All = {"ZMM6",  "ZMM7",  "ZMM8",  "ZMM9",
                                "ZMM10", "ZMM11", "ZMM12", "ZMM13",
                                "ZMM14", "ZMM15", "ZMM16", "ZMM31"};
  std::vector<std::string> Prologue =
      frame("skylake-avx512", All, false, Windows);
  ASSERT_EQ(Prologue.size(), 11u);
  EXPECT_EQ(Prologue[0], "subq $0xa8, %rsp");
  EXPECT_EQ(Prologue[1], "vmovaps %xmm15, 0x90(%rsp)");
  EXPECT_EQ(Prologue[10], "vmovaps %xmm6, (%rsp)");
  std::vector<std::string> Epilogue =
      frame("skylake-avx512", All, true, Windows);
  ASSERT_EQ(Epilogue.size(), 13u);
  EXPECT_EQ(Epilogue[10], "addq $0xa8, %rsp");
}

TEST_F(X86TargetTest, Win64FrameKeepsTheControlWordSlotsInside) {
  EXPECT_THAT(frame("znver3", {"XMM7", "MXCSR"}, false, Windows),
              ElementsAre("subq $0x18, %rsp", "vmovaps %xmm7, (%rsp)",
                          "leaq -0x8(%rsp), %rsp", "vstmxcsr (%rsp)"));
  EXPECT_THAT(frame("znver3", {"XMM7", "MXCSR"}, true, Windows),
              ElementsAre("vldmxcsr (%rsp)", "leaq 0x8(%rsp), %rsp",
                          "vmovaps (%rsp), %xmm7", "addq $0x18, %rsp", "retq"));
}

TEST_F(X86TargetTest, PrologueSavesControlWords) {
  EXPECT_THAT(frame("znver3", {"MXCSR", "FPCW"}, false),
              ElementsAre("leaq -0x8(%rsp), %rsp", "vstmxcsr (%rsp)",
                          "leaq -0x8(%rsp), %rsp", "fnstcw (%rsp)"));
  EXPECT_THAT(frame("znver3", {"MXCSR", "FPCW"}, true),
              ElementsAre("fldcw (%rsp)", "leaq 0x8(%rsp), %rsp",
                          "vldmxcsr (%rsp)", "leaq 0x8(%rsp), %rsp", "retq"));
}

TEST_F(X86TargetTest, SegmentBasesAreSetWithArchPrctl) {
  // arch_prctl(ARCH_SET_FS, base); every register the system call touches
  // is given back, since any may hold a live-in or a value set before.
  std::vector<std::string> Pushes = {"pushq %rax", "pushq %rcx", "pushq %r11",
                                     "pushq %rdi", "pushq %rsi"};
  std::vector<std::string> Pops = {"popq %rsi", "popq %rdi", "popq %r11",
                                   "popq %rcx", "popq %rax"};
  auto Around = [&](std::vector<std::string> Call) {
    std::vector<std::string> All = Pushes;
    llvm::append_range(All, Call);
    llvm::append_range(All, Pops);
    return All;
  };
  EXPECT_EQ(setReg("znver3", "FS", APInt(32, 0x12345600)),
            Around({"movl $0x1002, %edi", "movabsq $0x12345600, %rsi",
                    "movl $0x9e, %eax", "syscall"}));
  EXPECT_EQ(setReg("znver3", "GS", APInt(48, 0x7fffffffe000)),
            Around({"movl $0x1001, %edi", "movabsq $0x7fffffffe000, %rsi",
                    "movl $0x9e, %eax", "syscall"}));
  // What arch_prctl would refuse is refused before anything runs.
  EXPECT_THAT(setReg("znver3", "FS", APInt(48, 0x7ffffffff000)),
              ElementsAre("error: cannot set register FS: its base must be a "
                          "user-space address, at most 0x7fffffffefff "
                          "(arch_prctl refuses others)"));
  // Selectors are not set.
  EXPECT_THAT(setReg("znver3", "DS", APInt(16, 0x2b)),
              ElementsAre(HasSubstr("error: cannot set register DS")));
}

TEST_F(X86TargetTest, FrameGivesTheCallerItsSegmentBasesBack) {
  // The prologue saves both bases (ARCH_GET_FS, ARCH_GET_GS into slots of
  // the tool); the epilogue puts them back before anything else, with
  // caller-saved registers only.
  std::vector<std::string> Prologue = frame("znver3", {"FS"}, false);
  ASSERT_EQ(Prologue.size(), 28u);
  EXPECT_EQ(Prologue[5], "movl $0x1003, %edi");
  EXPECT_EQ(Prologue[8], "syscall");
  EXPECT_EQ(Prologue[19], "movl $0x1004, %edi");
  StringRef FsSlot = StringRef(Prologue[6]).drop_front(strlen("movabsq $"));
  StringRef GsSlot = StringRef(Prologue[20]).drop_front(strlen("movabsq $"));
  ASSERT_TRUE(FsSlot.consume_back(", %rsi"));
  ASSERT_TRUE(GsSlot.consume_back(", %rsi"));
  EXPECT_NE(FsSlot, GsSlot);
  EXPECT_THAT(
      frame("znver3", {"GS", "RBX"}, true),
      ElementsAre("movl $0x1002, %edi", "movabsq " + FsSlot.str() + ", %rax",
                  "movq %rax, %rsi", "movl $0x9e, %eax", "syscall",
                  "movl $0x1001, %edi", "movabsq " + GsSlot.str() + ", %rax",
                  "movq %rax, %rsi", "movl $0x9e, %eax", "syscall", "popq %rbx",
                  "retq"));
  // A selector or a base left alone costs no system call; arch_prctl is
  // Linux's.
  EXPECT_THAT(frame("znver3", {"DS", "RAX"}, false), ElementsAre());
  EXPECT_THAT(frame("znver3", {"FS"}, true, Windows), ElementsAre("retq"));
  // A triple that names no OS runs on the Linux host it is measured on.
  EXPECT_EQ(frame("znver3", {"FS"}, false, "x86_64-unknown-unknown"), Prologue);
}

TEST_F(X86TargetTest, EpilogueLeavesX87AndDirectionFlagAsTheABIWants) {
  EXPECT_THAT(frame("znver3", {"ST0"}, true), ElementsAre("emms", "retq"));
  EXPECT_THAT(frame("znver3", {"MM3"}, true), ElementsAre("emms", "retq"));
  EXPECT_THAT(frame("znver3", {"DF"}, true), ElementsAre("cld", "retq"));
}

TEST_F(X86TargetTest, EpilogueCleansWideVectorState) {
  // Only a 256- or 512-bit write of registers 0-15 leaves upper halves that
  // legacy SSE would pay for; VEX-128 writes clear them.
  EXPECT_THAT(frame("znver3", {"YMM2"}, true),
              ElementsAre("vzeroupper", "retq"));
  EXPECT_THAT(frame("skylake-avx512", {"ZMM3"}, true),
              ElementsAre("vzeroupper", "retq"));
  EXPECT_THAT(frame("znver3", {"XMM2"}, true), ElementsAre("retq"));
  EXPECT_THAT(frame("skylake-avx512", {"YMM17"}, true), ElementsAre("retq"));
  EXPECT_THAT(frame("znver3", {"RAX"}, true), ElementsAre("retq"));
}

TEST_F(X86TargetTest, EntryCleansVectorStateForVectorCode) {
  auto Entry = [&](StringRef Cpu, ArrayRef<StringRef> UsedNames,
                   ArrayRef<StringRef> LiveInNames) {
    const LLVMState &State = state(Cpu);
    std::vector<MCRegister> Used, LiveIns;
    for (StringRef Name : UsedNames)
      Used.push_back(reg(State, Name));
    for (StringRef Name : LiveInNames)
      LiveIns.push_back(reg(State, Name));
    std::vector<MCInst> Insts =
        State.getExegesisTarget().cleanVectorStateOnEntry(State, Used, LiveIns);
    return disasm::disassemble(State, disasm::encode(State, Insts));
  };
  EXPECT_THAT(Entry("znver3", {"XMM0", "RAX"}, {}), ElementsAre("vzeroupper"));
  EXPECT_THAT(Entry("znver3", {"YMM5"}, {"RDI"}), ElementsAre("vzeroupper"));
  // General-purpose code does not care, and stays as upstream builds it.
  EXPECT_TRUE(Entry("znver3", {"RAX", "RCX", "EFLAGS"}, {}).empty());
  // A vector live-in keeps its upper half.
  EXPECT_TRUE(Entry("znver3", {"XMM0"}, {"XMM0"}).empty());
  // Without AVX there is no upper state and no vzeroupper.
  EXPECT_TRUE(Entry("x86-64", {"XMM0"}, {}).empty());
}

TEST_F(X86TargetTest, NotesTheTransitionCostOfWideValuesWithLegacySSE) {
  const LLVMState &State = state("znver3");
  auto Inst = [&](StringRef Opcode, ArrayRef<StringRef> Regs) {
    MCInst I;
    I.setOpcode(*State.getOpcodeByName(Opcode));
    for (StringRef Name : Regs)
      I.addOperand(MCOperand::createReg(reg(State, Name)));
    return I;
  };
  auto Note = [&](ArrayRef<StringRef> DefRegs, std::vector<MCInst> Insts) {
    BenchmarkCode Code;
    for (StringRef Name : DefRegs)
      Code.Key.RegisterInitialValues.push_back(
          RegisterValue::zero(reg(State, Name)));
    Code.Key.Instructions = std::move(Insts);
    return State.getExegesisTarget().describeVectorStateCost(State, Code);
  };
  MCInst AddSD = Inst("ADDSDrr", {"XMM1", "XMM1", "XMM2"});
  MCInst VAddSD = Inst("VADDSDrr", {"XMM1", "XMM1", "XMM2"});
  MCInst VAddPSY = Inst("VADDPSYrr", {"YMM3", "YMM4", "YMM5"});
  EXPECT_EQ(Note({"YMM2"}, {AddSD}),
            "the snippet's register definitions set YMM2 (wide upper halves) "
            "and it runs legacy-SSE ADDSDrr: the SSE/AVX transition penalty "
            "is part of what was measured");
  EXPECT_THAT(Note({"XMM2"}, {VAddPSY, AddSD}),
              HasSubstr("the snippet writes YMM3 (VADDPSYrr) (wide upper "
                        "halves) and it runs legacy-SSE ADDSDrr"));
  EXPECT_EQ(Note({"XMM2"}, {AddSD}), "");
  EXPECT_EQ(Note({"YMM2"}, {VAddSD}), "");
  EXPECT_EQ(Note({"YMM2"}, {Inst("ADD64rr", {"RAX", "RAX", "RCX"})}), "");
}

TEST_F(X86TargetTest, LoopCounter) {
  const LLVMState &State = state("znver3");
  const ExegesisTarget &ET = State.getExegesisTarget();
  EXPECT_EQ(ET.getDefaultLoopCounterRegister(State.getTriple()),
            reg(State, "R8"));
  EXPECT_EQ(ET.getScratchMemoryRegister(State.getTriple()), reg(State, "RDI"));
  // Win64 passes the first argument in RCX.
  const LLVMState &Win = state("znver3", Windows);
  EXPECT_EQ(ET.getScratchMemoryRegister(Win.getTriple()), reg(Win, "RCX"));
  MCContext Ctx(State.getTriple(), &State.getAsmInfo(), &State.getRegInfo(),
                &State.getSubtargetInfo());
  const MCExpr *Target = MCSymbolRefExpr::create(Ctx.createTempSymbol(), Ctx);
  Expected<std::vector<MCInst>> Insts =
      ET.decrementLoopCounterAndBranch(reg(State, "R8"), Target);
  ASSERT_TRUE(static_cast<bool>(Insts)) << toString(Insts.takeError());
  ASSERT_EQ(Insts->size(), 2u);
  EXPECT_THAT(disasm::disassemble(State, disasm::encode(State, {(*Insts)[0]})),
              ElementsAre("addq $-0x1, %r8"));
  EXPECT_EQ(State.getOpcodeName((*Insts)[1].getOpcode()), "JCC_1");
  EXPECT_EQ((*Insts)[1].getOperand(0).getExpr(), Target);

  Expected<std::vector<MCInst>> Bad =
      ET.decrementLoopCounterAndBranch(reg(State, "XMM0"), Target);
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_EQ(toString(Bad.takeError()),
            "loop register XMM0 is not a 32- or 64-bit general-purpose "
            "register");
}

} // namespace

namespace {

TEST(X86TargetIllegalInstructionTest, NamesCausesBeyondMissingExtensions) {
  std::unique_ptr<LLVMState> State =
      cantFail(LLVMState::create("x86_64-unknown-linux-gnu", "znver3"));
  auto Cause = [&](StringRef Name) {
    return State->getExegesisTarget().getIllegalInstructionCause(
        *State, *State->getOpcodeByName(Name));
  };
  EXPECT_EQ(Cause("INCSSPQ"),
            "INCSSP raises #UD unless the process has a shadow stack");
  EXPECT_EQ(Cause("INCSSPD"), Cause("INCSSPQ"));
  EXPECT_EQ(Cause("RDPKRUr"), "RDPKRU raises #UD unless the CPU has PKU and "
                              "the kernel enabled it (OSPKE)");
  EXPECT_EQ(Cause("XGETBV"),
            "XGETBV raises #UD unless the kernel enabled XSAVE (OSXSAVE)");
  // An extension the CPU lacks needs no explanation.
  EXPECT_EQ(Cause("VPADDDZrr"), "");
  EXPECT_EQ(Cause("ADD64rr"), "");
}

} // namespace
