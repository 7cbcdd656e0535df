//===-- LinearProgramTest.cpp - Small programs, solved exactly ------------===//

#include "PortMap/LinearProgram.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis::portmap;

namespace {

using Sense = LinearProgram::Sense;
using Goal = LinearProgram::Goal;

TEST(LinearProgramTest, FindsTheOptimalVertex) {
  // max x + y, x + 2y <= 4, 3x + y <= 6: the vertex (8/5, 6/5).
  LinearProgram LP;
  unsigned X = LP.addVariable(), Y = LP.addVariable();
  LP.addConstraint({{X, 1}, {Y, 2}}, Sense::LessEqual, 4);
  LP.addConstraint({{X, 3}, {Y, 1}}, Sense::LessEqual, 6);
  LP.setObjective({{X, 1}, {Y, 1}}, Goal::Maximize);
  Expected<LinearProgram::Solution> S = LP.solve();
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  ASSERT_TRUE(S->isOptimal());
  EXPECT_NEAR(S->Values[X], 1.6, 1e-12);
  EXPECT_NEAR(S->Values[Y], 1.2, 1e-12);
}

TEST(LinearProgramTest, HonoursBoundsAndEqualities) {
  // min x - y, x in [0.25, 3], y <= 0.5, x + y = 1: x = 0.5, y = 0.5.
  LinearProgram LP;
  unsigned X = LP.addVariable(0.25, 3), Y = LP.addVariable(0, 0.5);
  LP.addConstraint({{X, 1}, {Y, 1}}, Sense::Equal, 1);
  LP.setObjective({{X, 1}, {Y, -1}}, Goal::Minimize);
  Expected<LinearProgram::Solution> S = LP.solve();
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  ASSERT_TRUE(S->isOptimal());
  EXPECT_NEAR(S->Values[X], 0.5, 1e-12);
  EXPECT_NEAR(S->Values[Y], 0.5, 1e-12);
}

TEST(LinearProgramTest, NegativeLowerBound) {
  LinearProgram LP;
  unsigned X = LP.addVariable(-1.5, 2);
  LP.setObjective({{X, 1}}, Goal::Minimize);
  Expected<LinearProgram::Solution> S = LP.solve();
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  ASSERT_TRUE(S->isOptimal());
  EXPECT_EQ(S->Values[X], -1.5);
}

TEST(LinearProgramTest, WholeNumberVariables) {
  // max n, 2n <= 5: 2 as a whole number (2.5 as a real).
  LinearProgram LP;
  unsigned N = LP.addIntegerVariable(0, 10);
  LP.addConstraint({{N, 2}}, Sense::LessEqual, 5);
  LP.setObjective({{N, 1}}, Goal::Maximize);
  Expected<LinearProgram::Solution> S = LP.solve();
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  ASSERT_TRUE(S->isOptimal());
  EXPECT_EQ(S->Values[N], 2.0);
}

TEST(LinearProgramTest, WholeNumbersRoundMeasuredValues) {
  // The least total deviation of whole numbers from measured values is
  // their rounding (values of a noisy characterisation; Z3 4.8.12's
  // optimizer answered 1 0 1 1 1 0 0 0 0 without upper bounds).
  const double Measured[] = {0.9841732, 0.02139064, 0.02880131,
                             1.004457,  0.02123172, 0.9011832,
                             1.019073,  0.9177288,  2.042918};
  const double Rounded[] = {1, 0, 0, 1, 0, 1, 1, 1, 2};
  LinearProgram LP;
  SmallVector<unsigned, 9> N;
  SmallVector<LinearProgram::Term, 9> Objective;
  for (double M : Measured) {
    N.push_back(LP.addIntegerVariable(0, 8));
    unsigned Dev = LP.addVariable();
    Objective.push_back({Dev, 1});
    LP.addConstraint({{N.back(), 1}, {Dev, -1}}, Sense::LessEqual, M);
    LP.addConstraint({{N.back(), 1}, {Dev, 1}}, Sense::GreaterEqual, M);
  }
  LP.setObjective(Objective, Goal::Minimize);
  Expected<LinearProgram::Solution> S = LP.solve();
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  ASSERT_TRUE(S->isOptimal());
  for (unsigned I = 0; I < N.size(); ++I)
    EXPECT_EQ(S->Values[N[I]], Rounded[I]) << "value " << I;
}

TEST(LinearProgramTest, ReportsInfeasible) {
  LinearProgram LP;
  unsigned X = LP.addVariable();
  LP.addConstraint({{X, 1}}, Sense::GreaterEqual, 2);
  LP.addConstraint({{X, 1}}, Sense::LessEqual, 1);
  LP.setObjective({{X, 1}}, Goal::Minimize);
  Expected<LinearProgram::Solution> S = LP.solve();
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  EXPECT_EQ(S->State, LinearProgram::Solution::Status::Infeasible);
  EXPECT_TRUE(S->Values.empty());
}

TEST(LinearProgramTest, ReportsUnbounded) {
  LinearProgram LP;
  unsigned X = LP.addVariable();
  LP.setObjective({{X, 1}}, Goal::Maximize);
  Expected<LinearProgram::Solution> S = LP.solve();
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  EXPECT_EQ(S->State, LinearProgram::Solution::Status::Unbounded);
}

TEST(LinearProgramTest, MeasuredDecimalsEnterExactly) {
  // 0.1 + 0.2 = 0.3 holds in exact decimals, not in doubles.
  LinearProgram LP;
  unsigned X = LP.addVariable(0.1, 0.1), Y = LP.addVariable(0.2, 0.2);
  LP.addConstraint({{X, 1}, {Y, 1}}, Sense::Equal, 0.3);
  Expected<LinearProgram::Solution> S = LP.solve();
  ASSERT_TRUE(static_cast<bool>(S)) << toString(S.takeError());
  EXPECT_TRUE(S->isOptimal());
}

} // namespace
