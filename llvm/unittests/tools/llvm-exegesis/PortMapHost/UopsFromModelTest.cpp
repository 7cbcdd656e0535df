//===-- UopsFromModelTest.cpp - Where uops mode takes port usage from -----===//

#include "PortMapHost/UopsFromModel.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

Error noCounters() {
  return createStringError(inconvertibleErrorCode(),
                           "uops mode needs per-port micro-op counters");
}

TEST(UopsFromModelTest, CountersWinWhenTheHostHasThem) {
  Expected<UopsSource> S = chooseUopsSource(Error::success(), "model.yaml");
  ASSERT_TRUE(bool(S));
  EXPECT_EQ(*S, UopsSource::PortCounters);
  Expected<UopsSource> T = chooseUopsSource(Error::success(), "");
  ASSERT_TRUE(bool(T));
  EXPECT_EQ(*T, UopsSource::PortCounters);
}

TEST(UopsFromModelTest, TheModelAnswersWithoutCounters) {
  Expected<UopsSource> S = chooseUopsSource(noCounters(), "model.yaml");
  ASSERT_TRUE(bool(S));
  EXPECT_EQ(*S, UopsSource::PortMapModel);
}

TEST(UopsFromModelTest, NeitherSaysHowToMakeAModel) {
  Expected<UopsSource> S = chooseUopsSource(noCounters(), "");
  ASSERT_FALSE(bool(S));
  std::string Message = toString(S.takeError());
  EXPECT_NE(Message.find("per-port micro-op counters"), std::string::npos);
  EXPECT_NE(Message.find("-port-map-file"), std::string::npos);
  EXPECT_NE(Message.find("-mode=port-map"), std::string::npos);
  EXPECT_EQ(Message.find('\n'), std::string::npos);
}

} // namespace
