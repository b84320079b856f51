// The Spring Simulator's force law at gaps worked out by hand (L = 5, k = 0.01).
#include <gtest/gtest.h>

#include "physics/springs/force_law.hpp"

namespace {
constexpr double L = 5.0, k = 0.01;
}

TEST(ForceLaw, ZeroAtRestGap) {
  EXPECT_DOUBLE_EQ(mb::spring_force(L, L, k), 0.0);
}

TEST(ForceLaw, StretchIsHooke) {
  // F = k (L - x): x = 7 -> 0.01 * (5 - 7) = -0.02 (pulls together).
  EXPECT_DOUBLE_EQ(mb::spring_force(7.0, L, k), -0.02);
  EXPECT_DOUBLE_EQ(mb::spring_force(15.0, L, k), -0.10);
}

TEST(ForceLaw, CompressionIsTheSeedsLaw) {
  // F = k L (L - x) / (2x): x = 2.5 -> 0.01*5*2.5/5 = 0.025; x = 1 -> 0.01*5*4/2 = 0.1.
  EXPECT_NEAR(mb::spring_force(2.5, L, k), 0.025, 1e-15);
  EXPECT_NEAR(mb::spring_force(1.0, L, k), 0.1, 1e-15);
}

TEST(ForceLaw, ContactIsFiniteAndContinuesAlongTheTangent) {
  // Below x_c = 0.1 L = 0.5 the law follows its tangent at x_c:
  // F(x_c) = 0.01*5*4.5/1 = 0.225, F'(x_c) = -k L^2 / (2 x_c^2) = -0.5.
  EXPECT_NEAR(mb::spring_force(0.5, L, k), 0.225, 1e-15);
  EXPECT_NEAR(mb::spring_force(0.0, L, k), 0.225 + 0.5 * 0.5, 1e-15);   // touching
  EXPECT_NEAR(mb::spring_force(-1.0, L, k), 0.225 + 0.5 * 1.5, 1e-15);  // overlapping by 1
  // Continuous at x_c from both sides, and repulsion keeps growing with overlap.
  EXPECT_NEAR(mb::spring_force(0.5 - 1e-9, L, k), mb::spring_force(0.5 + 1e-9, L, k), 1e-8);
  EXPECT_GT(mb::spring_force(-3.0, L, k), mb::spring_force(-1.0, L, k));
}

TEST(ForceLaw, ARestGapOfZeroStaysFinite) {
  // Found with the world fuzz target (corpus/world/regress-zero-rest-gap-overlap-nan): a
  // spring with equilibrium_length="0" pulled its ends into overlap, and the tangent at
  // x_c = 0 was 0 / 0. Its limit as L -> 0: F = -k x / (2 * 0.1^2) = -50 k x.
  EXPECT_EQ(mb::spring_force(0.0, 0.0, k), 0.0);
  EXPECT_NEAR(mb::spring_force(-1.0, 0.0, k), 50.0 * k, 1e-15);  // overlapping by 1: pushes apart
  EXPECT_NEAR(mb::spring_force(2.0, 0.0, k), -2.0 * k, 1e-15);   // stretched: Hooke
}
