// Gas discs meeting other matter in the event loop (Gas::step's obstacles), against
// textbook collisions worked out by hand: the contact time from the gap and the closing
// speed, the head-on reversal off an immovable obstacle, the off-centre elastic collision
// with a movable one (momentum and energy conserved), and a fast obstacle that must not
// pass through a disc.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/gas/gas.hpp"
#include "physics/gas/generator.hpp"

namespace mb {
namespace {

const Box kBigBox{{-1000.0, -1000.0}, {1000.0, 1000.0}};

TEST(GasObstacles, ADiscHittingAnImmovableObstacleHeadOnReverses) {
  Gas gas;
  gas.add_disc(0.0, 0.0, 10.0, 0.0, 1.0, 1.0);
  ContactView obstacle;
  obstacle.add(5.0, 0.0, 0.0, 0.0, 1.0, 0.0);  // at rest, immovable
  const GasTickStats s = gas.step(kBigBox, 1.0, &obstacle);
  // Contact when the gap 5 - 2 closes at 10: t = 0.3, at x = 3; then back at 10 for 0.7.
  EXPECT_EQ(s.obstacle_hits, 1);
  EXPECT_DOUBLE_EQ(gas.vx[0], -10.0);
  EXPECT_DOUBLE_EQ(gas.vy[0], 0.0);
  EXPECT_NEAR(gas.x[0], 3.0 - 7.0, 1e-12);
  EXPECT_EQ(obstacle.hits[0], 1);
  EXPECT_NEAR(obstacle.jx[0], 20.0, 1e-12);  // the disc's momentum change, reversed
  EXPECT_EQ(obstacle.jy[0], 0.0);
}

TEST(GasObstacles, OffCentreWithAMovablePointGivesTheTextbookVelocitiesAndConserves) {
  // Disc m = 1 at speed u = 6 along x, point M = 2 at rest, impact parameter b = 1,
  // sigma = 1 + 1: at contact the line of centres is n = (sqrt(sigma^2 - b^2), b) / sigma.
  // Textbook (1D collision along n): the disc loses 2M/(m+M) (u.n) n and the point gains
  // 2m/(m+M) (u.n) n.
  const double m = 1.0, M = 2.0, u = 6.0, b = 1.0, sigma = 2.0;
  Gas gas;
  gas.add_disc(0.0, 0.0, u, 0.0, m, 1.0);
  ContactView point;
  point.add(10.0, b, 0.0, 0.0, 1.0, 1.0 / M);
  gas.step(kBigBox, 3.0, &point);
  const Vec2 n{std::sqrt(sigma * sigma - b * b) / sigma, b / sigma};
  const double un = u * n.x;
  const Vec2 disc = Vec2{u, 0.0} - (2.0 * M / (m + M) * un) * n;
  const Vec2 gained = (2.0 * m / (m + M) * un) * n;
  EXPECT_NEAR(gas.vx[0], disc.x, 1e-12);
  EXPECT_NEAR(gas.vy[0], disc.y, 1e-12);
  const Vec2 dv_point = Vec2{point.jx[0], point.jy[0]} * point.inv_mass[0];
  EXPECT_NEAR(dv_point.x, gained.x, 1e-12);
  EXPECT_NEAR(dv_point.y, gained.y, 1e-12);
  // Conservation, with the point's velocity after its impulse.
  const double px = m * gas.vx[0] + M * dv_point.x, py = m * gas.vy[0] + M * dv_point.y;
  EXPECT_NEAR(px, m * u, 1e-12);
  EXPECT_NEAR(py, 0.0, 1e-12);
  const double e = 0.5 * m * (gas.vx[0] * gas.vx[0] + gas.vy[0] * gas.vy[0]) +
                   0.5 * M * glm::dot(dv_point, dv_point);
  EXPECT_NEAR(e, 0.5 * m * u * u, 1e-12);
}

TEST(GasObstacles, AMovingPointHitsADiscAsTheTextbookSaysInItsOwnFrame) {
  // The point (M = 3) moves at -4 along x through the tick into a disc at rest (m = 1),
  // head on. In the lab: the disc leaves at 2M/(m+M) * 4 = 6 to the left, and the point's
  // impulse is the disc's momentum with the sign reversed.
  Gas gas;
  gas.add_disc(0.0, 0.0, 0.0, 0.0, 1.0, 1.0);
  ContactView point;
  point.add(6.0, 0.0, -4.0, 0.0, 1.0, 1.0 / 3.0);
  gas.step(kBigBox, 2.0, &point);
  EXPECT_NEAR(gas.vx[0], -6.0, 1e-12);
  EXPECT_NEAR(point.jx[0], 6.0, 1e-12);
  // Contact at t = (6 - 2) / 4 = 1, the disc at 0; then 1 s at -6.
  EXPECT_NEAR(gas.x[0], -6.0, 1e-12);
}

TEST(GasObstacles, AnObstacleAtTwoThousandUnitsASecondDoesNotPassThroughADisc) {
  // A spring particle dragged by the mouse at 2000 u/s (contact radius 3.5) meets a disc
  // (r 2) at rest; one 60 Hz tick moves it 33 units, far more than both radii. Contact
  // when the gap 30 - 5.5 closes: tc = 24.5 / 2000; the disc leaves at 2 * 2000 (a moving
  // wall) and is ahead of the particle at the tick's end.
  const double T = 1.0 / 60.0, V = 2000.0;
  Gas gas;
  gas.add_disc(0.0, 0.0, 0.0, 0.0, 1.0, 2.0);
  ContactView particle;
  particle.add(-30.0, 0.0, V, 0.0, 3.5, 0.0);
  gas.step(kBigBox, T, &particle);
  const double tc = 24.5 / V;
  EXPECT_NEAR(gas.vx[0], 2.0 * V, 1e-9);
  EXPECT_NEAR(gas.x[0], 2.0 * V * (T - tc), 1e-9);
  const double particle_end = -30.0 + V * T;
  EXPECT_GE(gas.x[0] - particle_end, 5.5 - 1e-9);
}

TEST(GasObstacles, ADiscSqueezedAgainstAWallStopsMeetingObstaclesInsteadOfSpinning) {
  // A disc (r 1) between the left wall and an immovable obstacle closing on it: every
  // bounce returns it faster, without end. The squeeze guard gives up after a bounded
  // number of contacts and the tick ends.
  const Box box{{0.0, -10.0}, {100.0, 10.0}};
  Gas gas;
  gas.add_disc(2.0, 0.0, -1.0, 0.0, 1.0, 1.0);
  ContactView wall;
  wall.add(5.0, 0.0, -10.0, 0.0, 1.0, 0.0);  // would reach x = 0 within the tick
  const GasTickStats s = gas.step(box, 0.5, &wall);
  EXPECT_EQ(s.squeezed, 1);
  EXPECT_FALSE(s.event_cap_hit);
  EXPECT_TRUE(std::isfinite(gas.x[0]) && std::isfinite(gas.vx[0]));
}

TEST(GasObstacles, DiscsPlacedInsideOtherMatterAreMovedOutAndOnlyThose) {
  // Three discs: one inside an obstacle of radius 10 at the origin, one touching it from
  // outside (15 from its centre, radius 5: not an overlap), one far off. Only the first
  // moves, to a place clear of the obstacle and of the others; velocities stay.
  const Box box{{-50.0, -50.0}, {50.0, 50.0}};
  Gas gas;
  gas.add_disc(3.0, 0.0, 1.0, 2.0, 1.0, 2.0);
  gas.add_disc(15.0, 0.0, 0.0, 0.0, 1.0, 5.0);
  gas.add_disc(-40.0, 40.0, 0.0, 0.0, 1.0, 2.0);
  ContactView matter;
  matter.add(0.0, 0.0, 0.0, 0.0, 10.0, 0.0);
  EXPECT_EQ(gas::move_out_of(gas, box, 0, matter, 99), 1);
  EXPECT_GE(glm::length(Vec2{gas.x[0], gas.y[0]}), 12.0);
  EXPECT_GE(glm::length(Vec2{gas.x[0] - 15.0, gas.y[0]}), 7.0);
  EXPECT_GE(glm::length(Vec2{gas.x[0] + 40.0, gas.y[0] - 40.0}), 4.0);
  EXPECT_EQ(gas.vx[0], 1.0);
  EXPECT_EQ(gas.vy[0], 2.0);
  EXPECT_EQ(gas.x[1], 15.0);
  EXPECT_EQ(gas.x[2], -40.0);
  // Discs before `first` are never moved (they were given, not generated).
  Gas given;
  given.add_disc(3.0, 0.0, 0.0, 0.0, 1.0, 2.0);
  EXPECT_EQ(gas::move_out_of(given, box, 1, matter, 99), 0);
  EXPECT_EQ(given.x[0], 3.0);
}

}  // namespace
}  // namespace mb
