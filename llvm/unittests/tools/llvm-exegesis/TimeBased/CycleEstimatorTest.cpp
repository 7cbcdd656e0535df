//===-- CycleEstimatorTest.cpp - Cycles from a time counter -----*- C++ -*-===//

#include "TimeBased/CycleEstimator.h"
#include "Counters/CpuEventTable.h"
#include "Execution/InProcessFunctionExecutor.h"
#include "TimeBased/CycleCounter.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

/// The x86-64 loop the estimator encodes: Iterations of UnitsPerIteration
/// copies of Unit, then Remainder more, then ret.
std::string x86AddLoop(char Iterations, const std::string &Unit,
                       int UnitsPerIteration, int Remainder) {
  std::string Code = "\xb9";
  Code += Iterations;
  Code += std::string(3, '\0');
  for (int I = 0; I < UnitsPerIteration; ++I)
    Code += Unit;
  // dec %ecx; jne back over the body and these four bytes.
  Code += "\xff\xc9\x75";
  Code += char(-(UnitsPerIteration * int(Unit.size()) + 4));
  for (int I = 0; I < Remainder; ++I)
    Code += Unit;
  return Code + "\xc3";
}

/// Little-endian instruction word \p Index of \p Code.
uint32_t wordAt(const std::string &Code, size_t Index) {
  uint32_t W = 0;
  for (int Byte = 3; Byte >= 0; --Byte)
    W = (W << 8) | uint8_t(Code[4 * Index + Byte]);
  return W;
}

#if defined(__x86_64__) && defined(__linux__)
/// \p Rounds rounds of \p Functions in process with this machine's
/// time-based counter, the first event of each reading per function.
std::vector<std::vector<int64_t>>
sampleOnThisMachine(ArrayRef<const ExecutableFunction *> Functions,
                    unsigned Rounds) {
  Expected<CycleCounter> Counter =
      CycleCounter::select(CycleCounterKind::TimeBased, "");
  EXPECT_TRUE(static_cast<bool>(Counter)) << toString(Counter.takeError());
  if (!Counter)
    return {};
  EXPECT_TRUE(Counter->IsTimeBased);
  CounterSpec Spec;
  if (Counter->ReadsTimeStampCounter)
    Spec.ReadsTimeStampCounter = true;
  else
    Spec.Events.push_back(Counter->Event);
  InProcessFunctionExecutor Executor(std::move(Spec));
  Expected<SampleTable> Samples = Executor.runAndSample(Functions, Rounds);
  EXPECT_TRUE(static_cast<bool>(Samples)) << toString(Samples.takeError());
  if (!Samples)
    return {};
  std::vector<std::vector<int64_t>> Ticks;
  for (const std::vector<CounterValues> &Column : *Samples) {
    Ticks.emplace_back();
    for (const CounterValues &V : Column)
      Ticks.back().push_back(V[0]);
  }
  return Ticks;
}
#endif

TEST(CycleEstimatorTest, BlockMinima) {
  EXPECT_EQ(CycleEstimator::blockMinima({5, 3, 4, 9, 8, 7, 1}, 3),
            (std::vector<int64_t>{3, 7}));
  EXPECT_EQ(CycleEstimator::blockMinima({5, 3}, 1),
            (std::vector<int64_t>{5, 3}));
  EXPECT_TRUE(CycleEstimator::blockMinima({5, 3}, 3).empty());
}

TEST(CycleEstimatorTest, TicksPerCycleOfEachBlock) {
  // Blocks of two rounds; 1000 extra adds. Block 0 at 0.8 ticks per cycle
  // (fixed cost 500, one disturbed reading of each chain), block 1 at 0.9,
  // block 2's counter did not advance.
  std::vector<double> Ratios = CycleEstimator::computeBlockTicksPerCycle(
      {1300, 1900, 1400, 1450, 700, 700}, {2600, 2100, 2300, 2500, 600, 650},
      1000, 2);
  ASSERT_EQ(Ratios.size(), 3u);
  EXPECT_DOUBLE_EQ(Ratios[0], 0.8);
  EXPECT_DOUBLE_EQ(Ratios[1], 0.9);
  EXPECT_TRUE(std::isnan(Ratios[2]));
}

TEST(CycleEstimatorTest, ABlockWhoseCounterDidNotAdvanceIsNaN) {
  std::vector<double> Ratios =
      CycleEstimator::computeBlockTicksPerCycle({100, 100}, {90, 100}, 1000, 1);
  ASSERT_EQ(Ratios.size(), 2u);
  EXPECT_TRUE(std::isnan(Ratios[0]) && std::isnan(Ratios[1]));
  EXPECT_TRUE(
      CycleEstimator::computeBlockTicksPerCycle({100}, {200}, 1000, 2).empty());
  EXPECT_TRUE(std::isnan(
      CycleEstimator::computeBlockTicksPerCycle({100}, {200}, 0, 1)[0]));
}

TEST(CycleEstimatorTest, ChainEncodings) {
  Expected<std::string> X86 =
      CycleEstimator::encodeAddChain(Triple("x86_64-unknown-linux-gnu"), 4);
  ASSERT_TRUE(static_cast<bool>(X86));
  EXPECT_EQ(*X86, std::string("\x48\x01\xc0\x48\x01\xc0\x48\x01\xc0\x48\x01"
                              "\xc0\xc3"));
  Expected<std::string> A64 =
      CycleEstimator::encodeAddChain(Triple("aarch64-unknown-linux-gnu"), 2);
  ASSERT_TRUE(static_cast<bool>(A64));
  EXPECT_EQ(A64->size(), 12u);
  // Longer chains loop over 40 adds: 83 = 2 iterations and 3 more adds.
  Expected<std::string> X86Loop =
      CycleEstimator::encodeAddChain(Triple("x86_64-unknown-linux-gnu"), 83);
  ASSERT_TRUE(static_cast<bool>(X86Loop));
  EXPECT_EQ(*X86Loop, x86AddLoop(2, "\x48\x01\xc0", 40, 3));
  Expected<std::string> A64Loop =
      CycleEstimator::encodeAddChain(Triple("aarch64-unknown-linux-gnu"), 81);
  ASSERT_TRUE(static_cast<bool>(A64Loop));
  // mov, movk, 40 adds, subs, b.ne, 1 add, ret.
  ASSERT_EQ(A64Loop->size(), 4u * 46);
  EXPECT_EQ(wordAt(*A64Loop, 0), 0x52800041u);  // mov w1, #2
  EXPECT_EQ(wordAt(*A64Loop, 1), 0x72a00001u);  // movk w1, #0, lsl #16
  EXPECT_EQ(wordAt(*A64Loop, 42), 0x71000421u); // subs w1, w1, #1
  EXPECT_EQ(wordAt(*A64Loop, 43), 0x54fffae1u); // b.ne back 41 words
  EXPECT_EQ(wordAt(*A64Loop, 45), 0xd65f03c0u); // ret
  // powerpc64le: lis, ori, mtctr, 40 adds, bdnz, 2 adds, blr; read back
  // with the disassembler in PowerPC/TargetTest.cpp.
  Expected<std::string> PPCLoop = CycleEstimator::encodeAddChain(
      Triple("powerpc64le-unknown-linux-gnu"), 82);
  ASSERT_TRUE(static_cast<bool>(PPCLoop));
  ASSERT_EQ(PPCLoop->size(), 4u * 47);
  Expected<std::string> Other =
      CycleEstimator::encodeAddChain(Triple("mips-unknown-linux-gnu"), 2);
  ASSERT_FALSE(static_cast<bool>(Other));
  consumeError(Other.takeError());
}

TEST(CycleEstimatorTest, CoreSharingProbeEncodings) {
  // Groups of four independent adds; 23 groups = 2 iterations of 10 groups
  // and 3 more.
  Expected<std::string> X86 = CycleEstimator::encodeIndependentAdds(
      Triple("x86_64-unknown-linux-gnu"), 23);
  ASSERT_TRUE(static_cast<bool>(X86));
  EXPECT_EQ(
      *X86,
      x86AddLoop(2, "\x48\x01\xc0\x48\x01\xd2\x4d\x01\xc0\x4d\x01\xc9", 10, 3));
  Expected<std::string> A64 = CycleEstimator::encodeIndependentAdds(
      Triple("aarch64-unknown-linux-gnu"), 11);
  ASSERT_TRUE(static_cast<bool>(A64));
  // mov, movk, 40 adds, subs, b.ne, 4 adds, ret.
  ASSERT_EQ(A64->size(), 4u * 49);
  EXPECT_EQ(wordAt(*A64, 2), 0x8b000000u);  // add x0, x0, x0
  EXPECT_EQ(wordAt(*A64, 3), 0x8b020042u);  // add x2, x2, x2
  EXPECT_EQ(wordAt(*A64, 4), 0x8b030063u);  // add x3, x3, x3
  EXPECT_EQ(wordAt(*A64, 5), 0x8b040084u);  // add x4, x4, x4
  EXPECT_EQ(wordAt(*A64, 43), 0x54fffae1u); // b.ne back 41 words
  EXPECT_EQ(wordAt(*A64, 48), 0xd65f03c0u); // ret
  // A quarter of the chain, at least MinSharingProbeGroups.
  EXPECT_EQ(CycleEstimator::getSharingProbeGroups(40000), 10000u);
  EXPECT_EQ(CycleEstimator::getSharingProbeGroups(1000),
            CycleEstimator::MinSharingProbeGroups);
}

TEST(CycleEstimatorTest, VectorChainEncodings) {
  // paddq %xmm0, %xmm0; 50 = 2 iterations of 24 and 2 more (the loop's body
  // of 96 bytes stays within the short jne's reach).
  Expected<std::string> X86 =
      CycleEstimator::encodeVectorChain(Triple("x86_64-unknown-linux-gnu"), 50);
  ASSERT_TRUE(static_cast<bool>(X86));
  EXPECT_EQ(*X86, x86AddLoop(2, "\x66\x0f\xd4\xc0", 24, 2));
  Expected<std::string> A64 = CycleEstimator::encodeVectorChain(
      Triple("aarch64-unknown-linux-gnu"), 25);
  ASSERT_TRUE(static_cast<bool>(A64));
  // mov, movk, 24 vector adds, subs, b.ne, 1 vector add, ret.
  ASSERT_EQ(A64->size(), 4u * 30);
  EXPECT_EQ(wordAt(*A64, 2), 0x4ee08400u);  // add v0.2d, v0.2d, v0.2d
  EXPECT_EQ(wordAt(*A64, 27), 0x54fffce1u); // b.ne back 25 words
  EXPECT_EQ(wordAt(*A64, 28), 0x4ee08400u);
  EXPECT_EQ(wordAt(*A64, 29), 0xd65f03c0u); // ret
  // An eighth of the chain, at least MinVectorChainLength.
  EXPECT_EQ(CycleEstimator::getVectorChainLength(40000), 5000u);
  EXPECT_EQ(CycleEstimator::getVectorChainLength(1000),
            CycleEstimator::MinVectorChainLength);
}

TEST(CycleEstimatorTest, WideVectorChainEncodings) {
  // vpxorq %zmm0, %zmm0, %zmm0; then vfmadd231pd %zmm0, %zmm0, %zmm0, 50 =
  // 3 iterations of 16 and 2 more (a body of 96 bytes, in the short jne's
  // reach); vzeroupper; ret.
  Expected<std::string> X86 = CycleEstimator::encodeVectorChain(
      Triple("x86_64-unknown-linux-gnu"), 50, /*Wide=*/true);
  ASSERT_TRUE(static_cast<bool>(X86));
  std::string Loop = x86AddLoop(3, "\x62\xf2\xfd\x48\xb8\xc0", 16, 2);
  Loop.pop_back();
  EXPECT_EQ(*X86, "\x62\xf1\xfd\x48\xef\xc0" + Loop + "\xc5\xf8\x77\xc3");
  // Only x86-64 has one.
  Expected<std::string> A64 = CycleEstimator::encodeVectorChain(
      Triple("aarch64-unknown-linux-gnu"), 25, /*Wide=*/true);
  ASSERT_FALSE(static_cast<bool>(A64));
  EXPECT_EQ(toString(A64.takeError()),
            "no wide vector calibration chain for aarch64");
}

#if defined(__x86_64__) && defined(__linux__)
/// The cost in add-chain cycles of a unit of calibration functions
/// \p First and \p First + 1 of \p Units and twice as many units, timed on
/// this machine beside the chains of 20000 adds (NaN on failure); \p Wide:
/// with the wide vector chain.
double unitCyclesOnThisMachine(size_t First, uint64_t Units,
                               bool Wide = false) {
  Expected<CycleEstimator> Estimator =
      CycleEstimator::create(Triple("x86_64-unknown-linux-gnu"), 20000, Wide);
  EXPECT_TRUE(static_cast<bool>(Estimator)) << toString(Estimator.takeError());
  if (!Estimator)
    return NAN;
  auto Functions = Estimator->getCalibrationFunctions();
  std::vector<std::vector<int64_t>> Ticks = sampleOnThisMachine(
      {Functions[0], Functions[1], Functions[First], Functions[First + 1]}, 20);
  EXPECT_EQ(Ticks.size(), 4u);
  if (Ticks.size() != 4)
    return NAN;
  std::vector<double> PerAdd = CycleEstimator::computeBlockTicksPerCycle(
      Ticks[0], Ticks[1], Estimator->getChainLength(), 20);
  std::vector<double> PerUnit = CycleEstimator::computeBlockTicksPerCycle(
      Ticks[2], Ticks[3], double(Units), 20);
  EXPECT_EQ(PerAdd.size(), 1u);
  EXPECT_EQ(PerUnit.size(), 1u);
  return PerAdd.size() == 1 && PerUnit.size() == 1 ? PerUnit[0] / PerAdd[0]
                                                   : NAN;
}

TEST(CycleEstimatorTest, VectorChainRunsOnThisMachine) {
  // A vector add takes a whole number of add cycles, one to a few on the
  // cores we know (two on Zen 5); the check is that the vector chain runs,
  // is dependent and is timed, not what any CPU reads.
  double VectorCycles =
      unitCyclesOnThisMachine(4, CycleEstimator::getVectorChainLength(20000));
  EXPECT_GT(VectorCycles, 0.9);
  EXPECT_LT(VectorCycles, 6.5);
}

TEST(CycleEstimatorTest, WideVectorChainRunsOnThisMachine) {
  if (!sys::getHostCPUFeatures().lookup("avx512f"))
    GTEST_SKIP() << "this machine has no AVX-512";
  // A 512-bit FMA takes four cycles on the cores we know, 4.1-4.3 add
  // cycles where heavy 512-bit code runs a clock step or two below scalar
  // code (Emerald Rapids); the check is that the chain runs, is dependent
  // and is timed.
  double FmaCycles = unitCyclesOnThisMachine(
      4, CycleEstimator::getVectorChainLength(20000), /*Wide=*/true);
  EXPECT_GT(FmaCycles, 1.9);
  EXPECT_LT(FmaCycles, 8.5);
}

TEST(CycleEstimatorTest, CoreSharingProbeRunsOnThisMachine) {
  // A group of four independent adds takes about one cycle on a core with
  // four ALUs running this thread alone, two with a sibling busy throughout,
  // four on a core with one ALU; never less than one add of the chain. The
  // bounds check that the probe runs and is timed in cycles, not a CPU.
  double GroupCycles =
      unitCyclesOnThisMachine(2, CycleEstimator::getSharingProbeGroups(20000));
  EXPECT_GT(GroupCycles, 0.9);
  EXPECT_LT(GroupCycles, 4.5);
}

TEST(CycleEstimatorTest, CalibratesOnThisMachine) {
  Expected<CycleEstimator> Estimator =
      CycleEstimator::create(Triple("x86_64-unknown-linux-gnu"));
  ASSERT_TRUE(static_cast<bool>(Estimator)) << toString(Estimator.takeError());
  auto Functions = Estimator->getCalibrationFunctions();
  std::vector<std::vector<int64_t>> Ticks =
      sampleOnThisMachine({Functions[0], Functions[1]}, 10);
  ASSERT_EQ(Ticks.size(), 2u);
  // One block of all ten rounds: the difference of the minima.
  std::vector<double> Ratio = CycleEstimator::computeBlockTicksPerCycle(
      Ticks[0], Ticks[1], Estimator->getChainLength(), 10);
  ASSERT_EQ(Ratio.size(), 1u);
  EXPECT_GT(Ratio[0], 0.0);
}
#endif

TEST(CycleCounterTest, AutoAlwaysFindsACounterOnLinux) {
  Expected<CycleCounter> Counter =
      CycleCounter::select(CycleCounterKind::Auto, "znver3");
  ASSERT_TRUE(static_cast<bool>(Counter)) << toString(Counter.takeError());
}

TEST(CycleCounterTest, TimeCountersByName) {
  Expected<CycleCounter> Tsc =
      CycleCounter::select(CycleCounterKind::TimeBased, "", "rdtsc");
  if (Tsc) {
    EXPECT_TRUE(Tsc->IsTimeBased);
    EXPECT_TRUE(Tsc->ReadsTimeStampCounter);
    EXPECT_EQ(Tsc->getName(), "rdtsc");
  } else {
    EXPECT_NE(toString(Tsc.takeError()).find("\n  rdtsc: "), std::string::npos);
  }
  // Validation counters need a perf event leader: rdtsc is not one.
  Expected<CycleCounter> NotAlone =
      CycleCounter::select(CycleCounterKind::TimeBased, "", "rdtsc", false);
  ASSERT_FALSE(static_cast<bool>(NotAlone));
  EXPECT_EQ(toString(NotAlone.takeError()),
            "no counter for cycles can be opened:\n  rdtsc: validation "
            "counters need a perf event group, and the TSC read with rdtsc "
            "is none");
  Expected<CycleCounter> Clock =
      CycleCounter::select(CycleCounterKind::TimeBased, "", "task-clock");
  ASSERT_TRUE(static_cast<bool>(Clock)) << toString(Clock.takeError());
  EXPECT_FALSE(Clock->ReadsTimeStampCounter);
  EXPECT_EQ(Clock->getName(), "task-clock");
}

TEST(CpuEventTableTest, KnownAndUnknownCpus) {
  const CpuEventTable *Zen3 = findCpuEventTable("znver3");
  ASSERT_NE(Zen3, nullptr);
  EXPECT_EQ(Zen3->CyclesEvent, "CYCLES_NOT_IN_HALT");
  const CpuEventTable *Skylake = findCpuEventTable("skylake");
  ASSERT_NE(Skylake, nullptr);
  EXPECT_EQ(Skylake->Ports.size(), 8u);
  EXPECT_EQ(findCpuEventTable("generic"), nullptr);
}

} // namespace
