// Gas: single collisions against results derived by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "physics/gas/contact.hpp"
#include "physics/gas/gas.hpp"
#include "physics/gas/thermo.hpp"
#include "physics/gas/validate.hpp"

namespace {
const mb::Box kBigBox{{-1000.0, -1000.0}, {1000.0, 1000.0}};
}  // namespace

class GasCollision : public ::testing::TestWithParam<mb::GasBroadPhase> {};

TEST_P(GasCollision, HeadOnEqualMassesSwapVelocities) {
  // Centres 4 apart, radii 1, closing at 2: contact at t = 1 at x = -1 and 1. They swap
  // velocities, so at t = 1.5 they are at -1.5 and 1.5.
  mb::Gas g;
  g.settings.broad_phase = GetParam();
  g.add_disc(-2.0, 0.0, 1.0, 0.0, 1.0, 1.0);
  g.add_disc(2.0, 0.0, -1.0, 0.0, 1.0, 1.0);
  const mb::GasTickStats s = g.step(kBigBox, 1.5);
  EXPECT_EQ(s.collisions, 1);
  EXPECT_EQ(g.vx[0], -1.0);
  EXPECT_EQ(g.vx[1], 1.0);
  EXPECT_EQ(g.vy[0], 0.0);
  EXPECT_DOUBLE_EQ(g.x[0], -1.5);
  EXPECT_DOUBLE_EQ(g.x[1], 1.5);
}

TEST_P(GasCollision, HeadOnUnequalMassesFollow1DElasticFormula) {
  // m1 = 1 at v = 3 hits m2 = 2 at rest: v1' = (m1-m2)/(m1+m2) v = -1, v2' = 2 m1/(m1+m2) v = 2.
  mb::Gas g;
  g.settings.broad_phase = GetParam();
  g.add_disc(0.0, 0.0, 3.0, 0.0, 1.0, 1.0);
  g.add_disc(5.0, 0.0, 0.0, 0.0, 2.0, 1.0);
  g.step(kBigBox, 2.0);  // contact at t = 1
  EXPECT_NEAR(g.vx[0], -1.0, 1e-15);
  EXPECT_NEAR(g.vx[1], 2.0, 1e-15);
  EXPECT_NEAR(g.x[0], 3.0 - 1.0, 1e-14);
  EXPECT_NEAR(g.x[1], 5.0 + 2.0, 1e-14);
}

TEST_P(GasCollision, OffCentreMatchesHandDerivation) {
  // Disc B (radius 1) at rest at the origin; disc A (radius 1) from (-5, 1) at v = (1, 0):
  // impact parameter 1, contact when dx^2 + 1 = 4, i.e. A at (-sqrt3, 1), t = 5 - sqrt3.
  // Line of centres A->B: n = (sqrt3, -1) / 2, v.n = sqrt3/2.
  // Equal masses: B gets the normal part (sqrt3/2) n = (3/4, -sqrt3/4), A keeps the
  // tangential part (1, 0) - (3/4, -sqrt3/4) = (1/4, sqrt3/4): they leave at 90 degrees.
  const double s3 = std::sqrt(3.0);
  mb::Gas g;
  g.settings.broad_phase = GetParam();
  g.add_disc(-5.0, 1.0, 1.0, 0.0, 1.0, 1.0);  // A
  g.add_disc(0.0, 0.0, 0.0, 0.0, 1.0, 1.0);   // B
  const double tc = 5.0 - s3, T = tc + 2.0;
  ASSERT_EQ(g.step(kBigBox, T).collisions, 1);
  EXPECT_NEAR(g.vx[0], 0.25, 1e-15);
  EXPECT_NEAR(g.vy[0], s3 / 4.0, 1e-15);
  EXPECT_NEAR(g.vx[1], 0.75, 1e-15);
  EXPECT_NEAR(g.vy[1], -s3 / 4.0, 1e-15);
  EXPECT_NEAR(g.x[0], -s3 + 0.5, 1e-14);
  EXPECT_NEAR(g.y[0], 1.0 + s3 / 2.0, 1e-14);
  EXPECT_NEAR(g.x[1], 1.5, 1e-14);
  EXPECT_NEAR(g.y[1], -s3 / 2.0, 1e-14);
}

TEST_P(GasCollision, OffCentreUnequalMasses) {
  // As above with A of mass 3 and B of mass 1. Along n the 1D formula with u = sqrt3/2:
  // u_A' = (3-1)/4 u = sqrt3/4, u_B' = 2*3/4 u = 3 sqrt3/4. So
  // v_A = (1,0) - (u - u_A') n = (1,0) - (sqrt3/4)(sqrt3, -1)/2 = (5/8, sqrt3/8),
  // v_B = (3 sqrt3/4) n = (9/8, -3 sqrt3/8).
  const double s3 = std::sqrt(3.0);
  mb::Gas g;
  g.settings.broad_phase = GetParam();
  g.add_disc(-5.0, 1.0, 1.0, 0.0, 3.0, 1.0);
  g.add_disc(0.0, 0.0, 0.0, 0.0, 1.0, 1.0);
  g.step(kBigBox, 4.0);
  EXPECT_NEAR(g.vx[0], 5.0 / 8.0, 1e-15);
  EXPECT_NEAR(g.vy[0], s3 / 8.0, 1e-15);
  EXPECT_NEAR(g.vx[1], 9.0 / 8.0, 1e-15);
  EXPECT_NEAR(g.vy[1], -3.0 * s3 / 8.0, 1e-15);
}

TEST_P(GasCollision, DiscBouncesOffEachWallAtTheExactTime) {
  // Box [-10, 10]^2, radius 1: contact when the centre reaches +-9. Speed 3 from the centre:
  // t = 3; after 4 time units it has come back 3 * 1 from +-9 to +-6, velocity reversed.
  const mb::Box box{{-10.0, -10.0}, {10.0, 10.0}};
  const double dirs[4][2] = {{-3, 0}, {3, 0}, {0, -3}, {0, 3}};
  for (const auto& d : dirs) {
    mb::Gas g;
    g.settings.broad_phase = GetParam();
    g.add_disc(0.0, 0.0, d[0], d[1], 1.0, 1.0);
    ASSERT_EQ(g.step(box, 2.999).wall_hits, 0);  // not yet
    EXPECT_EQ(g.step(box, 1.001).wall_hits, 1);
    EXPECT_EQ(g.vx[0], -d[0]);
    EXPECT_EQ(g.vy[0], -d[1]);
    EXPECT_NEAR(g.x[0], d[0] / 3.0 * 6.0, 1e-13);
    EXPECT_NEAR(g.y[0], d[1] / 3.0 * 6.0, 1e-13);
  }
}

TEST_P(GasCollision, FastDiscBouncesSeveralTimesInOneTick) {
  // Speed 30 in one tick of 1: right wall at t = 0.3 (x = 9), left at t = 0.9 (x = -9),
  // then 0.1 more: x = -6, moving right.
  const mb::Box box{{-10.0, -10.0}, {10.0, 10.0}};
  mb::Gas g;
  g.settings.broad_phase = GetParam();
  g.add_disc(0.0, 0.0, 30.0, 0.0, 1.0, 1.0);
  EXPECT_EQ(g.step(box, 1.0).wall_hits, 2);
  EXPECT_NEAR(g.x[0], -6.0, 1e-13);
  EXPECT_EQ(g.vx[0], 30.0);
}

TEST_P(GasCollision, FastDiscCannotCrossAThinGap) {
  // Two heavy discs of radius 1 with a gap of 0.1 between their surfaces; a disc of
  // radius 0.5 at speed 1000 would pass the gap in a fraction of one tick if collisions
  // were only checked at the end of the tick. It must bounce back.
  mb::Gas g;
  g.settings.broad_phase = GetParam();
  g.add_disc(0.0, 1.05, 0.0, 0.0, 1e9, 1.0);
  g.add_disc(0.0, -1.05, 0.0, 0.0, 1e9, 1.0);
  g.add_disc(-50.0, 0.0, 1000.0, 0.0, 1.0, 0.5);
  const double e0 = mb::gas::kinetic_energy(g);
  const mb::GasTickStats s = g.step(kBigBox, 0.1);  // free flight would reach x = 50
  EXPECT_GE(s.collisions, 1);
  EXPECT_LT(g.x[2], -1.0);
  EXPECT_LT(g.vx[2], 0.0);
  EXPECT_TRUE(mb::gas::find_overlaps(g).empty());
  EXPECT_NEAR(mb::gas::kinetic_energy(g), e0, 1e-12 * e0);
}

TEST_P(GasCollision, MomentumIsConservedWithoutWalls) {
  // 400 discs in a 60 x 60 patch of a huge box, random velocities and two masses: many
  // collisions, no wall hits, so total momentum stays (to rounding).
  mb::Gas g;
  g.settings.broad_phase = GetParam();
  uint64_t s = 12345;
  auto u = [&] {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(s >> 11) * 0x1.0p-53;
  };
  for (int i = 0; i < 20; ++i)
    for (int j = 0; j < 20; ++j)
      g.add_disc(3.0 * i, 3.0 * j, u() * 2 - 1, u() * 2 - 1, (i + j) % 2 ? 1.0 : 2.5, 1.0);
  const mb::Vec2 p0 = mb::gas::momentum(g);
  int64_t collisions = 0, walls = 0;
  for (int t = 0; t < 100; ++t) {
    const mb::GasTickStats st = g.step(kBigBox, 0.1);
    collisions += st.collisions;
    walls += st.wall_hits;
  }
  EXPECT_GT(collisions, 1000);
  EXPECT_EQ(walls, 0);
  const mb::Vec2 p1 = mb::gas::momentum(g);
  EXPECT_NEAR(p1.x, p0.x, 1e-12 * 400);
  EXPECT_NEAR(p1.y, p0.y, 1e-12 * 400);
}

TEST(GasContact, ContactTimeAndWallTime) {
  // Closing at 2 along x from 4 apart, sigma 2: t = 1. Separating: never. Missing: never.
  EXPECT_DOUBLE_EQ(mb::gas::contact_time({4.0, 0.0}, {-2.0, 0.0}, 2.0), 1.0);
  EXPECT_EQ(mb::gas::contact_time({4.0, 0.0}, {2.0, 0.0}, 2.0), mb::gas::kNever);
  EXPECT_EQ(mb::gas::contact_time({4.0, 3.0}, {-2.0, 0.0}, 2.0), mb::gas::kNever);
  EXPECT_DOUBLE_EQ(mb::gas::wall_time(0.0, 2.0, 1.0, -10.0, 10.0), 4.5);
  EXPECT_DOUBLE_EQ(mb::gas::wall_time(0.0, -2.0, 1.0, -10.0, 10.0), 4.5);
  EXPECT_EQ(mb::gas::wall_time(0.0, 0.0, 1.0, -10.0, 10.0), mb::gas::kNever);
}

TEST(GasContact, ADiscSlidingAlongOneItTouchesIsNotApproaching) {
  // dr = (1.2, 1.6) (|dr| = 2 = sigma: touching) and dv = 0.75 (-0.8, 0.6), at right angles
  // to it in exact arithmetic. Rounded, dr.dv comes out -1.1e-16: taken at its sign the
  // pair would touch at once. Sliding is no approach: never.
  const double s = 0.75;
  const mb::Vec2 dr{1.2, 1.6}, dv{-0.8 * s, 0.6 * s};
  ASSERT_LT(glm::dot(dr, dv), 0.0);  // the rounding this test is about
  EXPECT_EQ(mb::gas::contact_time(dr, dv, 2.0), mb::gas::kNever);
  // Turned 1e-9 rad towards each other (b = -2 * 0.75 * 1e-9, far above rounding) it is an
  // approach again, at once (they touch).
  const mb::Vec2 in{dv.x - 1e-9 * 0.75 * 0.6, dv.y - 1e-9 * 0.75 * 0.8};
  EXPECT_EQ(mb::gas::contact_time(dr, in, 2.0), 0.0);
}

TEST(GasContact, TwoPinnedDiscsSlidingInContactEndTheirTick) {
  // Two discs as the large one-world scene left them, 304 ticks in (bits as found): one
  // pinned still against the wax, the other carried along it by a body point, overlapping
  // it by rounding (|dr|^2 - sigma^2 = -1.8e-14) and moving at right angles to dr within
  // rounding. Their collision changes nothing (the normal speed, computed along the unit
  // normal, is exactly 0), so before contact_time's grazing rule the same pair met again
  // at the same instant until the event cap: 102,000 collisions for two discs, 20 million
  // a tick there. The slide is no approach: no collision, and the tick runs to its end.
  const double r = std::sqrt(0.3 * 1100.0 * 1100.0 / (20000.0 * std::numbers::pi));
  mb::Gas g;
  g.add_disc(0x1.7b9ad94d92696p+4, -0x1.7c39aff440b6fp+6, 0.0, 0.0, 1.0, r);
  g.add_disc(0x1.b02ba9d60da6ep+4, -0x1.8a434a8bd7946p+6, 0x1.c0e69b11b6f8bp+0,
             0x1.a43eb21c707d4p+0, 1.0, r);
  const mb::GasTickStats st = g.step({{-550.0, -550.0}, {550.0, 550.0}}, 1.0 / 60.0);
  EXPECT_FALSE(st.event_cap_hit);
  EXPECT_EQ(st.collisions, 0);
  // Nothing else acts on them: each keeps its velocity (the slider moves 1/60 of it).
  EXPECT_EQ(g.vx[0], 0.0);
  EXPECT_EQ(g.vy[0], 0.0);
  EXPECT_EQ(g.vx[1], 0x1.c0e69b11b6f8bp+0);
  EXPECT_NEAR(g.x[1], 0x1.b02ba9d60da6ep+4 + 0x1.c0e69b11b6f8bp+0 / 60.0, 1e-12);
}

TEST(GasContact, CheapRejectsNeverDropAContactBeforeTheTickEnd) {
  // The filters in front of contact_time and wall_time (gas_step.cpp) must never reject
  // an event the exact test would queue (t + time <= T): pairs and walls built to touch
  // within a hair of the tick end, on both sides of it, at any time t within the tick.
  uint64_t s = 99;
  auto u = [&] {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(s >> 11) * 0x1.0p-53;
  };
  const double T = 1.0 / 60.0;
  int queued = 0, rejected = 0;  // by the exact test, by the filter
  for (int k = 0; k < 200'000; ++k) {
    const int kind = k % 4;  // tick start, anywhere, near the end, a hair before the end
    const double t = kind == 0   ? 0.0
                     : kind == 1 ? T * u()
                     : kind == 2 ? T * (1.0 - std::ldexp(u(), -20))
                                 : T * (1.0 - std::ldexp(u(), -40));
    const double left = T - t, tau = left + 1e-9 * T;
    // Contact time to aim at: within a hair of the tick end (down to 1e-15 relative), or
    // (one in ten) up to 3 times the time left, which the filter should reject.
    const double hair =
        k % 10 == 0 ? 2.0 * u() : std::ldexp(u() - 0.5, -static_cast<int>(1 + 50 * u()));
    const double when = left * (1.0 + hair);
    // Pair: relative velocity dv, at contact the centres are sigma apart along u_c.
    const double sigma = 0.5 + 3.0 * u(), speed = std::pow(10.0, 4.0 * u() - 1.0);
    const double a = 6.283185307179586 * u(), c = a + 1.6 + 2.9 * u();
    const mb::Vec2 dv{speed * std::cos(a), speed * std::sin(a)};
    const mb::Vec2 dr = sigma * mb::Vec2{std::cos(c), std::sin(c)} - dv * when;
    const bool pass = mb::gas::may_touch_within(dr, dv, sigma, tau);
    if (t + mb::gas::contact_time(dr, dv, sigma) <= T) {
      ++queued;
      ASSERT_TRUE(pass) << k;
    }
    if (!pass) ++rejected;
    // Wall: a disc of radius r reaching x = hi - r (or lo + r) at `when`.
    const double r = 0.5 + u(), lo = -300.0 * u(), hi = 300.0 * u() + 5.0;
    const double v = (u() < 0.5 ? -1.0 : 1.0) * speed;
    const double p = (v > 0.0 ? hi - r : lo + r) - v * when;
    if (t + mb::gas::wall_time(p, v, r, lo, hi) <= T) {
      ASSERT_FALSE(mb::gas::wall_time_beyond(p, v, r, lo, hi, tau)) << k;
    }
  }
  EXPECT_GT(queued, 50'000);  // both sides of the tick end were tried
  EXPECT_LT(queued, 150'000);
  EXPECT_GT(rejected, 2'000);  // and the filter does reject
  // Far apart, or separating: rejected.
  EXPECT_FALSE(mb::gas::may_touch_within({10.0, 0.0}, {-1.0, 0.0}, 2.0, T));
  EXPECT_FALSE(mb::gas::may_touch_within({2.5, 0.0}, {1.0, 0.0}, 2.0, 1.0));
  EXPECT_TRUE(mb::gas::wall_time_beyond(0.0, 1.0, 1.0, -10.0, 10.0, 1.0));
}

INSTANTIATE_TEST_SUITE_P(BroadPhases, GasCollision,
                         ::testing::Values(mb::GasBroadPhase::SweepPrune, mb::GasBroadPhase::Grid),
                         [](const auto& info) {
                           return info.param == mb::GasBroadPhase::Grid ? std::string("Grid")
                                                                        : std::string("Sweep");
                         });
