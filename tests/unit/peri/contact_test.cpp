// Contacts of peridynamic points (physics/peri/contact.hpp), against the projection rule by
// hand: two single-point bodies overlapping are pushed apart in inverse proportion to their
// masses, the approaching normal velocity is removed with momentum conserved, Coulomb
// friction caps the tangential change, bonded neighbours never collide, and walls put a
// point back inside without letting it move into them.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "physics/peri/contact.hpp"
#include "physics/peri/obstacle_contact.hpp"

namespace mb {
namespace {

// One body of a single point at `at` (radius = spacing / 2 = 1), mass scaled by `density`.
PeriBody point_body(Vec2 at, double density, Vec2 v) {
  PeriBodySpec spec;
  spec.spacing = 2.0;
  spec.material.density = density;
  PeriBody b = build_body_from_points(spec, {at}, false);
  b.vx[0] = v.x, b.vy[0] = v.y;
  return b;
}

TEST(PeriContact, OverlapIsUndoneInInverseProportionToMassAndApproachStops) {
  // Points of radius 1 at x = 0 and x = 1.5 overlap by 0.5. Masses m and 3 m: the light one
  // moves 3/4 of the overlap (0.375), the heavy one 1/4 (0.125).
  std::vector<PeriBody> bodies = {point_body({0.0, 0.0}, 1.0, {2.0, 0.0}),
                                  point_body({1.5, 0.0}, 3.0, {-1.0, 0.0})};
  const double m0 = bodies[0].model->mass[0], m1 = bodies[1].model->mass[0];
  ASSERT_NEAR(m1, 3.0 * m0, 1e-12 * m1);
  const double p_before = m0 * 2.0 + m1 * -1.0;
  PeriContacts contacts;
  EXPECT_EQ(contacts.resolve(bodies, 0.0, true), 1);
  EXPECT_NEAR(bodies[0].x[0], -0.375, 1e-12);
  EXPECT_NEAR(bodies[1].x[0], 1.625, 1e-12);
  // Perfectly inelastic along the normal: both leave with the centre-of-mass velocity,
  // (2 m - 3 m) / 4 m = -1/4, and momentum is unchanged.
  EXPECT_NEAR(bodies[0].vx[0], -0.25, 1e-12);
  EXPECT_NEAR(bodies[1].vx[0], -0.25, 1e-12);
  EXPECT_NEAR(m0 * bodies[0].vx[0] + m1 * bodies[1].vx[0], p_before, 1e-12);
}

TEST(PeriContact, FrictionCapsTheTangentialChangeAtMuTimesTheNormalOne) {
  // Equal masses, overlapping along x, approaching at 1 each (relative normal 2), sliding at
  // relative tangential speed 10: the normal impulse per inverse mass is 2 / 2 = 1 each;
  // friction 0.5 can take at most 0.5 x 2 = 1 of the relative tangential speed, 0.5 each.
  std::vector<PeriBody> bodies = {point_body({0.0, 0.0}, 1.0, {1.0, -5.0}),
                                  point_body({1.8, 0.0}, 1.0, {-1.0, 5.0})};
  PeriContacts contacts;
  contacts.resolve(bodies, 0.5, true);
  EXPECT_NEAR(bodies[0].vx[0], 0.0, 1e-12);
  EXPECT_NEAR(bodies[1].vx[0], 0.0, 1e-12);
  EXPECT_NEAR(bodies[0].vy[0], -4.5, 1e-12);
  EXPECT_NEAR(bodies[1].vy[0], 4.5, 1e-12);
}

TEST(PeriContact, SeparatingPointsKeepTheirVelocityAndFarPointsAreUntouched) {
  std::vector<PeriBody> bodies = {point_body({0.0, 0.0}, 1.0, {-1.0, 0.0}),
                                  point_body({1.9, 0.0}, 1.0, {1.0, 0.0}),
                                  point_body({50.0, 0.0}, 1.0, {0.0, 0.0})};
  PeriContacts contacts;
  EXPECT_EQ(contacts.resolve(bodies, 0.3, true), 1);
  EXPECT_NEAR(bodies[0].x[0], -0.05, 1e-12);  // the 0.1 overlap split evenly
  EXPECT_EQ(bodies[0].vx[0], -1.0);
  EXPECT_EQ(bodies[1].vx[0], 1.0);
  EXPECT_EQ(bodies[2].x[0], 50.0);
}

TEST(PeriContact, BondedNeighboursNeverCollideButDistantPartsDo) {
  // One body of three points: 0 and 1 are 1.5 apart (inside the horizon 3 x 2: bonded),
  // point 2 starts 20 away (beyond it) and is then moved onto point 0.
  PeriBodySpec spec;
  spec.spacing = 2.0;
  std::vector<PeriBody> bodies = {
      build_body_from_points(spec, {{0.0, 0.0}, {1.5, 0.0}, {20.0, 0.0}}, false)};
  bodies[0].x[2] = 0.0, bodies[0].y[2] = 1.5;  // overlaps point 0 by 0.5
  PeriContacts contacts;
  EXPECT_EQ(contacts.resolve(bodies, 0.0, true), 1);  // 2 with 0, not 0 with 1
  EXPECT_NEAR(bodies[0].x[1], 1.5, 1e-12);
  EXPECT_NEAR(bodies[0].y[2] - bodies[0].y[0], 2.0, 1e-12);
  PeriContacts no_self;
  bodies[0].y[2] = 1.5;
  EXPECT_EQ(no_self.resolve(bodies, 0.0, false), 0);
}

TEST(PeriContact, AWallPutsThePointBackAndTakesItsVelocityIntoTheWall) {
  PeriBody b = point_body({0.5, 5.0}, 1.0, {-3.0, 4.0});
  collide_walls(b, {{0.0, 0.0}, {10.0, 10.0}}, 0.5);
  EXPECT_EQ(b.x[0], 1.0);            // radius 1 from the wall at x = 0
  EXPECT_EQ(b.vx[0], 0.0);           // the normal velocity into the wall is removed
  EXPECT_NEAR(b.vy[0], 2.5, 1e-12);  // friction 0.5 x |dv_n| = 1.5 off the tangential 4
}

}  // namespace
}  // namespace mb

namespace mb {
namespace {

// Two single-point bodies 10 apart (radius 1: skin 1) moved by `a` and `b` since the build.
int64_t rebuilds_after(Vec2 a, Vec2 b) {
  std::vector<PeriBody> bodies = {point_body({0.0, 0.0}, 1.0, {}),
                                  point_body({10.0, 0.0}, 1.0, {})};
  PeriContacts contacts;
  contacts.resolve(bodies, 0.0, true);  // the first build
  bodies[0].x[0] += a.x, bodies[0].y[0] += a.y;
  bodies[1].x[0] += b.x, bodies[1].y[0] += b.y;
  contacts.resolve(bodies, 0.0, true);
  return contacts.rebuilds();
}

TEST(PeriContact, TheCandidateListIsRebuiltOnlyWhenPointsMayHaveClosedInByTheSkin) {
  // Moving together by 50 (far past the skin) changes no distance: the list stays.
  EXPECT_EQ(rebuilds_after({50.0, 0.0}, {50.0, 0.0}), 1);
  // Closing in by 0.9 of the skin: still safe; by 1.1: rebuilt (the mean moves differ by
  // that much, D in PeriContacts::stale).
  EXPECT_EQ(rebuilds_after({0.45, 0.0}, {-0.45, 0.0}), 1);
  EXPECT_EQ(rebuilds_after({0.55, 0.0}, {-0.55, 0.0}), 2);
}

TEST(PeriContact, ABodyMovingWholeKeepsItsListAndOneDeformingBeyondTheSkinDoesNot) {
  PeriBodySpec spec;
  spec.shape.radius = 10.0;
  spec.spacing = 2.0;
  std::vector<PeriBody> bodies = {build_body(spec)};
  PeriContacts contacts;
  contacts.resolve(bodies, 0.0, true);
  for (int32_t i = 0; i < bodies[0].size(); ++i) bodies[0].x[i] += 30.0;  // slid whole
  contacts.resolve(bodies, 0.0, true);
  EXPECT_EQ(contacts.rebuilds(), 1);
  bodies[0].y[0] += 0.6;  // one point 0.6 off its body's mean move: 2 r > skin = 1
  contacts.resolve(bodies, 0.0, true);
  EXPECT_EQ(contacts.rebuilds(), 2);
}

}  // namespace
}  // namespace mb

namespace mb {
namespace {

// Two discs of about 2,800 points each, overlapping in a lens 20 wide and 53 tall: about 35
// rows of the list's hash, so most of a threaded build's 16 bands of rows have pairs to find.
std::vector<PeriBody> overlapping_discs() {
  PeriBodySpec spec;
  spec.shape.radius = 28.0;
  spec.spacing = 1.0;
  std::vector<PeriBody> bodies = {build_body(spec), build_body(spec)};
  for (int32_t i = 0; i < bodies[1].size(); ++i) bodies[1].x[i] += 2.0 * 28.0 - 20.0;
  return bodies;
}

// The pairs of points of the two bodies closer than the list's cut, reach + skin = 1.5 r_c
// with reach r_c = 2 point radii = one spacing (contact.hpp), by looking at every pair.
size_t pairs_within_cut(const std::vector<PeriBody>& b) {
  size_t count = 0;
  for (int32_t i = 0; i < b[0].size(); ++i)
    for (int32_t j = 0; j < b[1].size(); ++j)
      count += std::hypot(b[1].x[j] - b[0].x[i], b[1].y[j] - b[0].y[i]) < 1.5;
  return count;
}

TEST(PeriContact, AListBuiltOnTwoThreadsHoldsEveryPairAndResolvesAsOneThreadDoes) {
  std::vector<PeriBody> one = overlapping_discs(), two = overlapping_discs();
  ASSERT_GT(one[0].size(), 2048);
  // One body's own points are never candidates here: those within 1.5 are bonded (the
  // horizon is three spacings), so the list is the pairs across.
  const size_t expected = pairs_within_cut(one);
  PeriContacts serial, threaded;
  WorkerPool pool(2);
  const int64_t resolved = serial.resolve(one, 0.3, true);
  EXPECT_EQ(threaded.resolve(two, 0.3, true, nullptr, &pool), resolved);
  EXPECT_GT(resolved, 1000);
  EXPECT_EQ(serial.candidates(), expected);
  EXPECT_EQ(threaded.candidates(), expected);
  for (size_t k = 0; k < one.size(); ++k) {
    EXPECT_EQ(one[k].x, two[k].x);
    EXPECT_EQ(one[k].y, two[k].y);
  }
}

}  // namespace
}  // namespace mb

namespace mb {
namespace {

// A single-point body (radius r = 1, its skin radius too: it is all surface) and one
// obstacle of radius R = 1 on the x axis. The obstacle list's skin is two point radii, so
// its cut is r + R + skin = 4; the obstacle holds still, so a build lasts until the point
// has moved the skin (2).
struct PointAndObstacle {
  std::vector<PeriBody> bodies = {point_body({0.0, 0.0}, 1.0, {0.0, 0.0})};
  ContactView obstacle;
  PeriObstacleContacts contacts;
  explicit PointAndObstacle(double obstacle_x) {
    obstacle.add(obstacle_x, 0.0, 0.0, 0.0, 1.0, 0.0);
    contacts.begin_tick(&obstacle);
  }
  int64_t move_to(double x) {
    bodies[0].x[0] = x;
    return contacts.resolve(bodies, 0.0);
  }
};

TEST(PeriObstacleContact, TheListLastsUntilAPointHasMovedTheSkin) {
  PointAndObstacle s(10.0);
  EXPECT_EQ(s.move_to(0.0), 0);
  EXPECT_EQ(s.move_to(1.9), 0);  // 0.95 of the skin: the list stands
  EXPECT_EQ(s.contacts.rebuilds(), 1);
  EXPECT_EQ(s.move_to(2.1), 0);  // past it: built again
  EXPECT_EQ(s.contacts.rebuilds(), 2);
}

TEST(PeriObstacleContact, APointThatClosesTheWholeSkinOnAnObstacleLeftOffTheListMeetsIt) {
  PointAndObstacle s(4.05);  // just beyond the cut at the first build: not listed
  EXPECT_EQ(s.move_to(0.0), 0);
  EXPECT_EQ(s.move_to(1.99), 0);  // 2.06 from the obstacle: not touching (r + R = 2)
  EXPECT_EQ(s.contacts.rebuilds(), 1);
  EXPECT_EQ(s.move_to(2.1), 1);  // 1.95 away: the rebuilt list holds it, pushed back to 2
  EXPECT_DOUBLE_EQ(s.bodies[0].x[0], 4.05 - 2.0);
}

}  // namespace
}  // namespace mb
