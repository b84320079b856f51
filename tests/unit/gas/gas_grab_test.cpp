// The mouse grab on gas discs (gas/grab.hpp): the spring's force limit, its critically
// damped approach without overshoot, the weights over the grab radius, a throw, the held
// disc followed through a merge's index shift, and a fast drag through a crowd that leaves
// the gas valid (the held disc collides exactly like any other).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "physics/gas/edit.hpp"
#include "physics/gas/generator.hpp"
#include "physics/gas/grab.hpp"
#include "physics/gas/validate.hpp"

namespace mb {
namespace {

const Box kGrabBox{{-500.0, -500.0}, {500.0, 500.0}};
constexpr double kTick = 1.0 / 60.0;

Gas one_disc(Vec2 at) {
  Gas g;
  g.add_disc(at.x, at.y, 0.0, 0.0, 1.0, 2.0);
  return g;
}

// A disc at rest, the hand 400 units away: the spring asks omega^2 400 = 2.5e5, above the
// limit, so the first tick's velocity change is exactly a_max h.
TEST(GasGrab, APullBeyondTheLimitIsTheLimit) {
  Gas g = one_disc({0.0, 0.0});
  gas::GasGrab grab;
  const GrabSettings spring;  // 4 Hz, critically damped, a_max 20000
  ASSERT_EQ(grab.begin(g, {0.0, 0.0}, 5.0, spring), 1);
  grab.move({400.0, 0.0});
  grab.pull(g, kTick);
  EXPECT_NEAR(g.vx[0], spring.max_acceleration * kTick, 1e-9);
  EXPECT_EQ(g.vy[0], 0.0);
}

// Critically damped (zeta = 1): towards a still hand 10 units away the gap shrinks every
// tick without changing sign, and is under 1% of its start within one second (the
// continuous spring's (1 + w t) exp(-w t) reaches 1% at w t = 6.6, 0.26 s at 4 Hz). (A hand
// that jumps is a fast hand: the damper pulls the disc towards its velocity as well.)
TEST(GasGrab, ACriticallyDampedPullArrivesWithoutOvershoot) {
  Gas g = one_disc({0.0, 0.0});
  gas::GasGrab grab;
  grab.begin(g, {0.0, 0.0}, 5.0, GrabSettings{});
  g.x[0] = -10.0;  // the disc knocked 10 units off its place under the still hand
  double gap = 10.0;
  int ticks = 0;
  while (gap > 0.1 && ticks < 60) {
    grab.pull(g, kTick);
    g.step(kGrabBox, kTick);
    const double now = -g.x[0];
    EXPECT_GT(now, 0.0) << "overshoot at tick " << ticks;
    EXPECT_LT(now, gap) << "not closing at tick " << ticks;
    gap = now, ++ticks;
  }
  EXPECT_LE(gap, 0.1);
  EXPECT_GE(ticks, 10);  // not a jump: the spring takes its time
}

// Held with grab_weight (1 - (d/r)^2)^2: the disc at the press fully, one at r/2 with 9/16,
// none beyond r. A throw moves each held velocity to the mouse's by its weight.
TEST(GasGrab, TheHeldPatchIsWeightedAndThrownByWeight) {
  Gas g;
  g.add_disc(0.0, 0.0, 0.0, 0.0, 1.0, 1.0);
  g.add_disc(5.0, 0.0, 0.0, 0.0, 1.0, 1.0);
  g.add_disc(0.0, 12.0, 0.0, 0.0, 1.0, 1.0);
  gas::GasGrab grab;
  ASSERT_EQ(grab.begin(g, {0.0, 0.0}, 10.0, GrabSettings{}), 2);
  EXPECT_EQ(grab.held()[0].weight, 1.0);
  EXPECT_DOUBLE_EQ(grab.held()[1].weight, 9.0 / 16.0);
  grab.end(g, Vec2{16.0, 0.0});
  EXPECT_EQ(g.vx[0], 16.0);
  EXPECT_DOUBLE_EQ(g.vx[1], 9.0);
  EXPECT_EQ(g.vx[2], 0.0);
  EXPECT_FALSE(grab.active());
}

// Pulled at a wall (the hand beyond it), a held disc comes to rest against it: it stops at
// each contact instead of bouncing back, so the spring cannot pump it up tick after tick.
TEST(GasGrab, AHeldDiscPressedOnAWallRestsThere) {
  const Box box{{-20.0, -20.0}, {20.0, 20.0}};
  Gas g = one_disc({0.0, 0.0});
  gas::GasGrab grab;
  grab.begin(g, {0.0, 0.0}, 5.0, GrabSettings{});
  grab.move({100.0, 0.0});
  for (int k = 0; k < 60; ++k) {
    grab.pull(g, kTick);
    g.step(box, kTick);
  }
  EXPECT_NEAR(g.x[0], 18.0, 1e-9);  // touching the right wall (radius 2)
  EXPECT_EQ(g.vx[0], 0.0);
  EXPECT_EQ(g.vy[0], 0.0);
  grab.end(g);
  EXPECT_TRUE(g.held_discs.empty());
}

// A + B -> C merges discs 0 and 1 (the lower index survives); disc 2, held, is index 1 after.
TEST(GasGrab, TheHeldDiscIsFollowedThroughAMerge) {
  Gas g;
  g.species_table = {{"A", 1.0, 1.0, -1, ""}, {"B", 1.0, 1.0, -1, ""}, {"C", 2.0, 1.2, -1, ""}};
  g.add_disc(-5.0, 0.0, 3.0, 0.0, 1.0, 1.0, 0);
  g.add_disc(5.0, 0.0, -3.0, 0.0, 1.0, 1.0, 1);
  g.add_disc(0.0, 100.0, 0.0, 0.0, 1.0, 1.0, 0);
  gas::Reaction merge;
  merge.a = 0, merge.b = 1, merge.c = 2;
  ASSERT_NO_THROW(gas::set_reactions(g, {merge}));
  gas::GasGrab grab;
  ASSERT_EQ(grab.begin(g, {0.0, 100.0}, 3.0, GrabSettings{}), 1);
  g.step(kGrabBox, 3.0);
  ASSERT_EQ(g.size(), 2);
  grab.follow(g);
  ASSERT_EQ(grab.held().size(), 1u);
  EXPECT_EQ(grab.held()[0].disc, 1);
  EXPECT_EQ(g.y[1], 100.0);
}

// Dragged at 3,000 units/s through 2,000 discs for two seconds: the held disc bounces off
// the others exactly, so no two discs overlap and every disc stays in the box, every tick.
TEST(GasGrab, AFastDragThroughACrowdLeavesTheGasValid) {
  Gas g;
  gas::GeneratorSpec spec;
  spec.count = 2000, spec.radius_min = spec.radius_max = 3.0, spec.temperature = 100.0;
  gas::generate(g, kGrabBox, spec);
  gas::GasGrab grab;
  ASSERT_GE(grab.begin(g, {g.x[0], g.y[0]}, 4.0, GrabSettings{}), 1);
  for (int k = 0; k < 120; ++k) {
    const double a = 2.0 * std::numbers::pi * k / 60.0;
    grab.move({400.0 * std::cos(a), 400.0 * std::sin(a)});  // ~2,500 units/s around a circle
    grab.pull(g, kTick);
    g.step(kGrabBox, kTick);
    grab.follow(g);
    ASSERT_TRUE(gas::validate(g, kGrabBox).empty()) << "tick " << k;
  }
}

}  // namespace
}  // namespace mb
