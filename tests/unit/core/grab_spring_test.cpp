// The grab spring's law (physics/core/grab_spring.hpp) against its formulas: the weight,
// the implicit step, the force limit, and the motion of a held point against the closed
// forms of the damped oscillator.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "physics/core/grab_spring.hpp"

namespace {
// Steps a point held with weight 1 towards a fixed target at 0 from x0 at rest, as the
// bodies do (v += dv; x += h v_old + h dv, i.e. x += h v_new), for time t.
double held_position_after(const mb::GrabSettings& s, double x0, double t, double h) {
  mb::Vec2 x{x0, 0.0}, v{0.0, 0.0};
  const int steps = static_cast<int>(std::lround(t / h));
  for (int k = 0; k < steps; ++k) {
    v += mb::grab_velocity_change(s, 1.0, x, v, {0.0, 0.0}, {0.0, 0.0}, h);
    x += h * v;
  }
  return x.x;
}
}  // namespace

TEST(GrabSpring, WeightIsTheSmoothBumpOneMinusQSquaredSquared) {
  EXPECT_DOUBLE_EQ(mb::grab_weight(0.0, 10.0), 1.0);
  EXPECT_DOUBLE_EQ(mb::grab_weight(5.0, 10.0), 0.5625);  // (1 - 1/4)^2
  EXPECT_DOUBLE_EQ(mb::grab_weight(10.0, 10.0), 0.0);
  EXPECT_DOUBLE_EQ(mb::grab_weight(12.0, 10.0), 0.0);
  EXPECT_DOUBLE_EQ(mb::grab_weight(1.0, 0.0), 0.0);
}

TEST(GrabSpring, TheStepSolvesTheImplicitSpringDamperEquation) {
  mb::GrabSettings s;
  s.hertz = 3.0, s.damping_ratio = 0.7, s.max_acceleration = 1e9;  // no limit here
  const double w = 0.8, h = 0.01, omega = 2.0 * std::numbers::pi * 3.0;
  const mb::Vec2 x{1.0, -2.0}, v{3.0, 0.5}, p{4.0, 1.0}, vp{-1.0, 2.0};
  const mb::Vec2 dv = mb::grab_velocity_change(s, w, x, v, p, vp, h);
  // dv = w h (omega^2 (p - x - h (v + dv)) + 2 zeta omega (vp - v - dv))
  const mb::Vec2 rhs =
      w * h * (omega * omega * (p - x - h * (v + dv)) + 2.0 * 0.7 * omega * (vp - v - dv));
  EXPECT_NEAR(dv.x, rhs.x, 1e-12);
  EXPECT_NEAR(dv.y, rhs.y, 1e-12);
}

TEST(GrabSpring, AFarTargetPullsAtTheLimitTimesTheWeight) {
  mb::GrabSettings s;
  s.max_acceleration = 100.0;
  const double h = 1e-3, w = 0.5;
  const mb::Vec2 dv =
      mb::grab_velocity_change(s, w, {0.0, 0.0}, {0.0, 0.0}, {3e5, 4e5}, {0.0, 0.0}, h);
  EXPECT_NEAR(glm::length(dv), w * h * 100.0, 1e-15);  // |F| / m = w a_max
  EXPECT_NEAR(dv.x / dv.y, 0.75, 1e-12);               // along the pull
  // A weight of 0 (the grab radius' edge) does not pull at all.
  EXPECT_EQ(glm::length(mb::grab_velocity_change(s, 0.0, {0, 0}, {0, 0}, {1, 0}, {0, 0}, h)), 0.0);
}

TEST(GrabSpring, CriticallyDampedItApproachesLikeOnePlusOmegaTTimesTheExponential) {
  mb::GrabSettings s;
  s.hertz = 2.0, s.damping_ratio = 1.0, s.max_acceleration = 1e9;
  const double omega = 2.0 * std::numbers::pi * s.hertz, h = 1e-5;
  for (double t : {0.05, 0.1, 0.2, 0.4}) {
    const double expected = (1.0 + omega * t) * std::exp(-omega * t);  // x(0) = 1, v(0) = 0
    EXPECT_NEAR(held_position_after(s, 1.0, t, h), expected, 2e-4) << "t = " << t;
  }
  // No overshoot, however long it is held (checked on a coarse step too).
  for (double t = 0.1; t < 3.0; t += 0.1) EXPECT_GT(held_position_after(s, 1.0, t, 1.0 / 60), 0.0);
}

TEST(GrabSpring, UnderdampedItRingsAtTheDampedFrequency) {
  mb::GrabSettings s;
  s.hertz = 2.0, s.damping_ratio = 0.2, s.max_acceleration = 1e9;
  const double omega = 2.0 * std::numbers::pi * s.hertz, z = 0.2, h = 1e-5;
  const double wd = omega * std::sqrt(1.0 - z * z);
  for (double t : {0.1, 0.2, 0.3}) {
    const double expected = std::exp(-z * omega * t) *
                            (std::cos(wd * t) + z / std::sqrt(1.0 - z * z) * std::sin(wd * t));
    EXPECT_NEAR(held_position_after(s, 1.0, t, h), expected, 2e-4) << "t = " << t;
  }
}

TEST(GrabSpring, AtTheLimitAHeldPointAcceleratesUniformly) {
  // A target far away: the pull saturates, so x(t) = x0 + a_max t^2 / 2 (from rest).
  mb::GrabSettings s;
  s.max_acceleration = 50.0;
  const double t = 0.5, h = 1e-5;
  mb::Vec2 x{0.0, 0.0}, v{0.0, 0.0};
  for (int k = 0; k < static_cast<int>(std::lround(t / h)); ++k) {
    v += mb::grab_velocity_change(s, 1.0, x, v, {1e6, 0.0}, {0.0, 0.0}, h);
    x += h * v;
  }
  EXPECT_NEAR(v.x, 50.0 * t, 1e-9);
  EXPECT_NEAR(x.x, 0.5 * 50.0 * t * t, 1e-3);
}

TEST(GrabPatch, ACursorMovingSteadilyIsCaughtUpWithLikeUTTimesTheExponential) {
  // The patch starts at rest under a cursor that then moves at u. In the cursor's frame the
  // lag e = x - p obeys e'' = -omega^2 e - 2 omega e' (critical damping acts on the relative
  // velocity) with e(0) = 0, e'(0) = -u: e(t) = -u t exp(-omega t).
  mb::GrabSettings s;
  s.hertz = 4.0, s.max_acceleration = 1e9;
  const double omega = 2.0 * std::numbers::pi * s.hertz, h = 1e-5, u = 300.0;
  mb::GrabPatch patch;
  patch.start({0.0, 0.0});
  int k = 0;
  for (double t : {0.02, 0.1, 0.25, 0.5}) {
    for (; k < static_cast<int>(std::lround(t / h)); ++k) {
      patch.cursor = {u * h * (k + 1), 0.0};
      patch.step(s, h, 0.0);
    }
    EXPECT_NEAR(patch.x.x - u * t, -u * t * std::exp(-omega * t), 2e-3 * u * t) << "t = " << t;
    EXPECT_EQ(patch.x.y, 0.0);
  }
}

TEST(GrabPatch, ItNeverMovesFasterThanTheFastestThrow) {
  mb::GrabSettings s;
  s.hertz = 60.0, s.max_acceleration = 1e7;  // stiff and strong: only the speed cap holds it
  const double h = 1.0 / 60;
  mb::GrabPatch patch;
  patch.start({0.0, 0.0});
  patch.cursor = {3e4, 4e4};
  for (int k = 0; k < 5; ++k) {
    const mb::Vec2 moved = patch.step(s, h, 1e-6);
    EXPECT_LE(glm::length(moved), mb::kMaxGrabSpeed * h * (1.0 + 1e-12)) << k;
  }
  EXPECT_NEAR(glm::length(patch.v), mb::kMaxGrabSpeed, 1e-9);
  EXPECT_NEAR(patch.v.x / patch.v.y, 0.75, 1e-12);  // towards the cursor
}

TEST(GrabPatch, ItLandsOnAStillCursorAndThenStopsMoving) {
  mb::GrabSettings s;  // the defaults: 4 Hz, critically damped
  const double h = 1.0 / 60, settle = 1e-6;
  mb::GrabPatch patch;
  patch.start({6.0, 0.0});  // a still cursor, the patch at rest 6 short of it
  patch.x = {0.0, 0.0};
  double last = 0.0;
  for (int k = 0; k < 60; ++k) {
    patch.step(s, h, settle);
    EXPECT_GE(patch.x.x, last) << "critically damped: it never turns back";
    EXPECT_LE(patch.x.x, 6.0) << "and never overshoots";
    last = patch.x.x;
  }
  // One second at 4 Hz: exp(-25) of the way left, so it has landed.
  EXPECT_EQ(patch.x, (mb::Vec2{6.0, 0.0}));
  EXPECT_EQ(patch.v, (mb::Vec2{0.0, 0.0}));
  EXPECT_EQ(patch.step(s, h, settle), (mb::Vec2{0.0, 0.0}));
}
