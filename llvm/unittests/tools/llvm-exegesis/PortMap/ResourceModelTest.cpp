//===-- ResourceModelTest.cpp - What throughput can tell of a core --------===//

#include "PortMap/ResourceModel.h"
#include "llvm/ADT/bit.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis::portmap;

namespace {

/// The toy machine's basic instructions: a{A}, b{B}, ab{A,B}, cd{C,D},
/// bc{B,C}, abcd{A,B,C,D}, d{D}.
PortMapping makeToyMapping(unsigned DispatchWidth) {
  PortMapping PM;
  PM.NumPorts = 4;
  PM.PortSets = {0b0001, 0b0010, 0b0011, 0b1100, 0b0110, 0b1111, 0b1000};
  PM.DispatchWidth = DispatchWidth;
  return PM;
}

const std::string ToyNames[] = {"a", "b", "ab", "cd", "bc", "abcd", "d"};

ResourceModel derive(const PortMapping &PM) {
  Expected<ResourceModel> RM = ResourceModel::derive(PM);
  EXPECT_TRUE(static_cast<bool>(RM)) << toString(RM.takeError());
  return RM ? std::move(*RM) : ResourceModel();
}

/// Every kernel of up to 2 copies of each of the first \p N instructions.
template <typename F> void forEachSmallKernel(unsigned N, F Fn) {
  SmallVector<unsigned, 8> Counts(N, 0);
  for (;;) {
    unsigned I = 0;
    while (I < N && Counts[I] == 2)
      Counts[I++] = 0;
    if (I == N)
      return;
    ++Counts[I];
    Kernel K;
    for (unsigned B = 0; B < N; ++B)
      if (Counts[B])
        K.push_back({B, Counts[B]});
    Fn(K);
  }
}

TEST(ResourceModelTest, PredictsAsTheMappingDoes) {
  for (unsigned W : {0u, 3u}) {
    PortMapping PM = makeToyMapping(W);
    ResourceModel RM = derive(PM);
    ASSERT_FALSE(RM.resources().empty());
    forEachSmallKernel(PM.PortSets.size(), [&](const Kernel &K) {
      EXPECT_NEAR(RM.predictCycles(K), PM.predictCycles(K), 1e-12)
          << formatKernel(K, ToyNames) << " at dispatch width " << W;
    });
  }
}

TEST(ResourceModelTest, KeepsOnlyPossibleBottlenecks) {
  ResourceModel Unbounded = derive(makeToyMapping(0));
  ResourceModel Width3 = derive(makeToyMapping(3));
  auto HasPorts = [](const ResourceModel &RM, uint32_t Ports) {
    for (const Resource &R : RM.resources())
      if (!R.IsDispatch && R.Ports == Ports)
        return true;
    return false;
  };
  // All four ports are abcd's resource, unless three micro-ops a cycle
  // bound every kernel first.
  EXPECT_TRUE(HasPorts(Unbounded, 0b1111));
  EXPECT_FALSE(HasPorts(Width3, 0b1111));
  EXPECT_EQ(Width3.resources().back().Name, "Dispatch");
  EXPECT_EQ(Width3.resources().back().Units, 3u);
  // A, D and {A, D} are instructions' unions, but A and D share no
  // instruction: {A, D} is never a bottleneck alone.
  EXPECT_TRUE(HasPorts(Unbounded, 0b0001));
  EXPECT_TRUE(HasPorts(Unbounded, 0b1000));
  EXPECT_FALSE(HasPorts(Unbounded, 0b1001));
}

TEST(ResourceModelTest, SaturatingKernelsSaturate) {
  ResourceModel RM = derive(makeToyMapping(3));
  auto LoadOn = [](const Resource &Of, const Resource &On) {
    double Load = 0;
    for (unsigned B = 0; B < Of.Saturating.size(); ++B)
      if (On.Members >> B & 1)
        Load += Of.Saturating[B];
    return Load / On.Units;
  };
  for (const Resource &R : RM.resources()) {
    EXPECT_GT(R.Margin, 0) << R.Name;
    EXPECT_NEAR(LoadOn(R, R), 1.0, 1e-9) << R.Name;
    for (const Resource &Other : RM.resources()) {
      if (&Other == &R)
        continue;
      EXPECT_LE(LoadOn(R, Other), 1.0 - R.Margin + 1e-9)
          << R.Name << " loads " << Other.Name;
    }
  }
}

TEST(ResourceModelTest, FitsThroughputsToMeasurements) {
  // One instruction on one port that turns out to take 0.8 micro-ops a
  // cycle, twice measured.
  PortMapping PM;
  PM.NumPorts = 1;
  PM.PortSets = {1};
  ResourceModel RM = derive(PM);
  ASSERT_EQ(RM.resources().size(), 1u);
  EXPECT_EQ(RM.resources()[0].Throughput, 1.0);
  ASSERT_FALSE(
      errorToBool(RM.fitThroughputs({{{{0, 1}}, 1.25}, {{{0, 4}}, 5.0}})));
  EXPECT_NEAR(RM.resources()[0].Throughput, 0.8, 1e-9);
}

TEST(ResourceModelTest, UsagesPredictMixtures) {
  ResourceModel RM = derive(makeToyMapping(0));
  Usage A = RM.getBasicUsage(0), D = RM.getBasicUsage(6);
  // A slow instruction of its own: 5 cycles an instance.
  Usage Slow;
  Slow.MicroOps.assign(RM.resources().size(), 0);
  Slow.OwnCycles = 5;
  EXPECT_DOUBLE_EQ(RM.predictCycles({&A, &D}, {3, 2}), 3.0);
  EXPECT_DOUBLE_EQ(RM.predictCycles({&A, &Slow}, {3, 1}), 5.0);
}

} // namespace
