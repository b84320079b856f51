// The throw velocity (engine/mouse_trail.hpp): the mouse's motion over the last 50 ms.
#include <gtest/gtest.h>

#include "engine/mouse_trail.hpp"

using mb::Vec2;
using mb::engine::MouseTrail;

TEST(MouseTrail, SteadyMotionGivesItsVelocity) {
  MouseTrail trail;
  for (int f = 0; f <= 30; ++f) trail.sample(f / 60.0, {300.0 * f / 60.0, -120.0 * f / 60.0});
  EXPECT_NEAR(trail.velocity().x, 300.0, 1e-9);
  EXPECT_NEAR(trail.velocity().y, -120.0, 1e-9);
}

TEST(MouseTrail, OnlyTheLastFiftyMillisecondsCount) {
  // Frames every 20 ms: 1 s at 500 u/s to the right (x = 500 at frame 50), then frames 51 to
  // 54 still. At frame 54 (1.08 s) the window starts at 1.03 s: the oldest sample kept is
  // frame 51's (1.02 s), where the mouse had already stopped, so the throw is 0.
  MouseTrail trail;
  for (int f = 0; f <= 50; ++f) trail.sample(0.02 * f, {10.0 * f, 0.0});
  for (int f = 51; f <= 54; ++f) trail.sample(0.02 * f, {500.0, 0.0});
  EXPECT_EQ(trail.velocity(), (Vec2{0.0, 0.0}));
  // Frame 55 (1.10 s) at x = 530: the window starts at 1.05 s, the oldest kept is frame 52
  // (1.04 s, x = 500): 30 units in 60 ms.
  trail.sample(0.02 * 55, {530.0, 0.0});
  EXPECT_NEAR(trail.velocity().x, 500.0, 1e-9);
}

TEST(MouseTrail, ThrowsAreCappedAndNeedTwoSamples) {
  MouseTrail trail;
  EXPECT_EQ(trail.velocity(), (Vec2{0.0, 0.0}));
  trail.sample(0.0, {0.0, 0.0});
  EXPECT_EQ(trail.velocity(), (Vec2{0.0, 0.0}));
  trail.sample(0.0, {5.0, 0.0});  // the same instant: replaces the first
  EXPECT_EQ(trail.velocity(), (Vec2{0.0, 0.0}));
  trail.sample(0.01, {0.0, 100.0});  // 100 units up-left in 10 ms: 11,180 u/s
  const Vec2 v = trail.velocity();
  EXPECT_NEAR(glm::length(v), MouseTrail::kMaxSpeed, 1e-9);
  EXPECT_NEAR(v.y / v.x, 100.0 / -5.0, 1e-9);  // the direction is kept
}
