// SweepGuard: a group translated without letting springs cross, pushing what it sweeps over.
#include "physics/springs/sweep_guard.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "physics/springs/connectivity.hpp"

namespace {

// H fixed in place at the origin and G at (10, 0), joined; a spring P-Q with P (6, 2)
// below the diagonal y = x and Q (2, 6) above it. Moving G up by 10 turns G-H about H
// onto that diagonal, sweeping the triangle (0,0) (10,0) (10,10), which holds P.
struct Sweep {
  mb::SpringNetwork net;
  int32_t h = 0, g = 0, p = 0, q = 0;
};

Sweep sweep_scene() {
  Sweep s;
  s.h = s.net.add_particle(0.0, 0.0, 1.0);
  s.g = s.net.add_particle(10.0, 0.0, 1.0);
  s.p = s.net.add_particle(6.0, 2.0, 1.0);
  s.q = s.net.add_particle(2.0, 6.0, 1.0);
  s.net.add_spring(s.h, s.g, 5.0, 0.01);
  s.net.add_spring(s.p, s.q, 5.0, 0.01);
  return s;
}

}  // namespace

TEST(SweepGuard, TurningSpringPushesTheEndItSweepsOver) {
  Sweep s = sweep_scene();
  mb::SweepGuard guard;
  const std::vector<int32_t> group{s.g};
  const mb::Vec2 rest = guard.advance(s.net, group, {0.0, 10.0});
  EXPECT_EQ(rest, (mb::Vec2{0.0, 0.0}));
  ASSERT_EQ(guard.pushed(), std::vector<int32_t>{s.p});
  // G-H reaches P (on the line from H to (10, 10t) when 2 = 6t) at t = 1/3; P then moves
  // with G for the remaining two thirds of the step, staying above the diagonal.
  EXPECT_EQ(s.net.y[s.g], 10.0);
  EXPECT_EQ(s.net.x[s.p], 6.0);
  EXPECT_NEAR(s.net.y[s.p], 2.0 + 10.0 * 2.0 / 3.0, 1e-4);
  EXPECT_EQ(s.net.y[s.q], 6.0);
  EXPECT_EQ(mb::count_crossings(s.net), 0);
}

TEST(SweepGuard, StopsShortOfAnEndThatMayNotMove) {
  Sweep s = sweep_scene();
  s.net.movable[s.p] = 0;
  mb::SweepGuard guard;
  const std::vector<int32_t> group{s.g};
  const mb::Vec2 rest = guard.advance(s.net, group, {0.0, 10.0});
  EXPECT_TRUE(guard.pushed().empty());
  EXPECT_NEAR(s.net.y[s.g], 10.0 / 3.0, 1e-4);
  EXPECT_LT(s.net.y[s.g], 10.0 / 3.0);
  EXPECT_EQ(rest.x, 0.0);
  EXPECT_NEAR(rest.y + s.net.y[s.g], 10.0, 1e-12);  // what moved plus what is left
  EXPECT_EQ(mb::count_crossings(s.net), 0);
}

TEST(SweepGuard, WholeStepWhenNothingIsInTheWay) {
  Sweep s = sweep_scene();
  mb::SweepGuard guard;
  const std::vector<int32_t> group{s.g};
  EXPECT_EQ(guard.advance(s.net, group, {0.0, -10.0}), (mb::Vec2{0.0, 0.0}));  // turns away
  EXPECT_EQ(s.net.y[s.g], -10.0);
  EXPECT_TRUE(guard.pushed().empty());
}

TEST(SweepGuard, TranslatedSpringPushesTheEndInItsWay) {
  // A gripped upright spring G1-G2 (x = 0, y 0..10) moves 10 to the right; the free spring
  // P-Q lies across its way at y = 5 from x = 5 to 15. It reaches P after 5 and pushes it
  // along for the other 5, so P ends at x = 10 just ahead of the spring; Q stays.
  mb::SpringNetwork net;
  const int32_t g1 = net.add_particle(0.0, 0.0, 1.0), g2 = net.add_particle(0.0, 10.0, 1.0);
  const int32_t p = net.add_particle(5.0, 5.0, 1.0), q = net.add_particle(15.0, 5.0, 1.0);
  net.add_spring(g1, g2, 5.0, 0.01);
  net.add_spring(p, q, 5.0, 0.01);
  mb::SweepGuard guard;
  const std::vector<int32_t> group{g1, g2};
  EXPECT_EQ(guard.advance(net, group, {10.0, 0.0}), (mb::Vec2{0.0, 0.0}));
  ASSERT_EQ(guard.pushed(), std::vector<int32_t>{p});
  EXPECT_EQ(net.x[g1], 10.0);
  EXPECT_EQ(net.x[g2], 10.0);
  EXPECT_GE(net.x[p], net.x[g1]);
  EXPECT_NEAR(net.x[p], 10.0, 1e-4);
  EXPECT_EQ(net.y[p], 5.0);
  EXPECT_EQ(net.x[q], 15.0);
  EXPECT_EQ(mb::count_crossings(net), 0);
}

TEST(SweepGuard, APairThatAlreadyCrossesIsLeftToItself) {
  // G-H (x = 0, y -5..5) already crosses P-Q (y = 0, x -5..0.3). Moving G 1 to the right
  // turns G-H about H over Q, which would be a contact for any other pair; this one is
  // neither blocked nor pushed, and it comes undone (G-H passes x = 0.5 at y = 0).
  mb::SpringNetwork net;
  const int32_t g = net.add_particle(0.0, -5.0, 1.0), h = net.add_particle(0.0, 5.0, 1.0);
  const int32_t p = net.add_particle(-5.0, 0.0, 1.0), q = net.add_particle(0.3, 0.0, 1.0);
  net.add_spring(g, h, 5.0, 0.01);
  net.add_spring(p, q, 5.0, 0.01);
  ASSERT_EQ(mb::count_crossings(net), 1);
  mb::SweepGuard guard;
  const std::vector<int32_t> group{g};
  EXPECT_EQ(guard.advance(net, group, {1.0, 0.0}), (mb::Vec2{0.0, 0.0}));
  EXPECT_TRUE(guard.pushed().empty());
  EXPECT_EQ(net.x[g], 1.0);
  EXPECT_EQ(net.x[q], 0.3);
  EXPECT_EQ(mb::count_crossings(net), 0);
}
