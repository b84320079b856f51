// The inelastic simulator's connectivity rules, on small networks laid out by hand.
#include <gtest/gtest.h>

#include "physics/springs/connectivity.hpp"
#include "physics/springs/lattice.hpp"
#include "springs_fixture.hpp"

using springs_test::joined;
using springs_test::network;
using springs_test::unit_settings;

namespace {
// A rhombus a(0,0) b(ab,0), apexes c(ab/2,1) above and d(ab/2,-1) below, radii 0.5, every
// spring of rest gap 1: a-b, a-c, c-b, a-d, d-b (particles 0 to 3, springs in that order).
mb::SpringNetwork rhombus(double ab) {
  return network({{0, 0}, {ab, 0}, {ab / 2, 1}, {ab / 2, -1}}, 0.5,
                 {{0, 1}, {0, 2}, {2, 1}, {0, 3}, {3, 1}}, 1.0, 0.01);
}
}  // namespace

TEST(Connectivity, InteriorSpringIsFlippedNotHoled) {
  // A rhombus a(0,0) b(4,0) with apexes c(2,1) above and d(2,-1) below (radii 0.5, L 1).
  // a-b has gap 3 > 1.3 L: it must go, and the quad c-a-d-b gets the other diagonal c-d
  // (gap 1, within the threshold). The sides have gap sqrt(5) - 1 = 1.24 and stay;
  // a and b keep two springs each.
  mb::SimulatorSettings s = unit_settings();
  mb::SpringNetwork net = rhombus(4.0);
  const int32_t a = 0, b = 1, c = 2, d = 3;
  mb::ConnectivityUpdater updater;
  const mb::ConnectivityChange change = updater.update(net, s);
  EXPECT_EQ(change.removed, 1);
  EXPECT_FALSE(joined(net, a, b));
  EXPECT_TRUE(joined(net, c, d));
  EXPECT_EQ(net.spring_count(), 5);
  EXPECT_EQ(mb::count_crossings(net), 0);
}

TEST(Connectivity, ASpringBreaksJustPastTheThresholdAndNotJustShortOfIt) {
  // The rhombus above with a-b's centres 2.3 (1 + e) apart: its gap 2.3 (1 + e) - 1 over its
  // rest length 1 is past the threshold 1.3 for e = +1e-12 and short of it for e = -1e-12.
  // The update passes over springs well inside their breaking distance on a cheaper test;
  // these two must still be decided by the exact ratio.
  for (const double e : {1e-12, -1e-12}) {
    mb::SimulatorSettings s = unit_settings();
    mb::SpringNetwork net = rhombus(2.3 * (1.0 + e));
    const int32_t a = 0, b = 1;
    ASSERT_EQ(net.gap(0) > 1.3, e > 0);  // the premise, in the simulator's own arithmetic
    mb::ConnectivityUpdater updater;
    EXPECT_EQ(updater.update(net, s).removed, e > 0 ? 1 : 0) << "e = " << e;
    EXPECT_EQ(joined(net, a, b), e < 0) << "e = " << e;
  }
}

TEST(Connectivity, BoundarySpringGoesAndDegreeTwoIsKept) {
  mb::SimulatorSettings s = unit_settings();
  // Triangle a b c with a-b stretched (gap 3): a and b have only two springs each, so the
  // spring must stay however stretched.
  mb::SpringNetwork net;
  net.add_particle(0, 0, 0.5);
  net.add_particle(4, 0, 0.5);
  net.add_particle(2, 1.5, 0.5);
  net.add_spring(0, 1, 1.0, 0.01);
  net.add_spring(0, 2, 1.0, 0.01);
  net.add_spring(1, 2, 1.0, 0.01);
  mb::ConnectivityUpdater updater;
  EXPECT_EQ(updater.update(net, s).removed, 0);
  EXPECT_EQ(net.spring_count(), 3);
  // Give a and b a third spring each (to a fourth particle below-outside): now a-b is a
  // boundary edge of triangle a-b-c only... and of a-b-d if d joins both; keep d joined
  // to a only and add e joined to b only.
  net.add_particle(-2, -1, 0.5);
  net.add_particle(6, -1, 0.5);
  net.add_spring(0, 3, 1.0, 0.01);
  net.add_spring(1, 4, 1.0, 0.01);
  EXPECT_EQ(updater.update(net, s).removed, 1);
  EXPECT_FALSE(joined(net, 0, 1));
}

TEST(Connectivity, CloseParticlesJoinUnlessTheSpringWouldCross) {
  mb::SimulatorSettings s = unit_settings();
  // p(0,0) and q(1.8,0): gap 0.8 < L * 1.0 -> join.
  mb::SpringNetwork net;
  net.add_particle(0, 0, 0.5);
  net.add_particle(1.8, 0, 0.5);
  mb::ConnectivityUpdater updater;
  EXPECT_EQ(updater.update(net, s).added, 1);
  EXPECT_TRUE(joined(net, 0, 1));
  // A spring u-v straight across between two other close particles blocks their spring.
  mb::SpringNetwork blocked;
  blocked.add_particle(0, 0, 0.5);
  blocked.add_particle(1.8, 0, 0.5);
  blocked.add_particle(0.9, 3, 0.1);
  blocked.add_particle(0.9, -3, 0.1);
  blocked.add_spring(2, 3, 5.0, 0.01);
  EXPECT_EQ(updater.update(blocked, s).added, 0);
  EXPECT_FALSE(joined(blocked, 0, 1));
}

TEST(Connectivity, ParticlesLargerThanTheLatticeJoinByTheSameGapRule) {
  // Radius 2 (molten, grown), L 1: a pair joins when its gap is below 1, so centres up to 5
  // apart, more than the update's 4-unit grid cell (twice the lattice spacing, 2 r0 + L = 2;
  // the grid starts at the smallest coordinates, here 0): b(3.9,0) and c(8.1,0) lie in
  // cells 0 and 2, not adjacent, and their gap is 4.2 - 4 = 0.2: joined. a(0,6) is
  // sqrt(3.9^2 + 6^2) = 7.16 from b and 10.08 from c: gaps 3.16 and 6.08, not.
  mb::SimulatorSettings s = unit_settings();
  mb::SpringNetwork net = network({{0, 6}, {3.9, 0}, {8.1, 0}}, 2.0, {}, 1.0, 0.01);
  mb::ConnectivityUpdater updater;
  EXPECT_EQ(updater.update(net, s).added, 1);
  EXPECT_TRUE(joined(net, 1, 2));
  // At radius 0.5, (0,0), (1.6,0), (0,1.733): gaps 0.6, 0.733 and 1.36 (sqrt(1.6^2 +
  // 1.733^2) - 1), all within a cell: the first two pairs join.
  mb::SpringNetwork small = network({{0, 0}, {1.6, 0}, {0, 1.733}}, 0.5, {}, 1.0, 0.01);
  EXPECT_EQ(updater.update(small, s).added, 2);
  EXPECT_TRUE(joined(small, 0, 1));
  EXPECT_TRUE(joined(small, 0, 2));
  EXPECT_FALSE(joined(small, 1, 2));
}

TEST(Connectivity, PiecesSeparatedByACrackRejoin) {
  // Two separate rectangles 2.8 apart (centre to centre; gap 1.8 - 1 = 0.8 < 1): the
  // spatial hash finds the pairs although no spring path joins them.
  mb::SimulatorSettings s = unit_settings();
  s.lattice = mb::LatticeType::Square;
  mb::SpringNetwork left = mb::rectangle_spot({0, 0}, {4, 4}, s);
  const mb::SpringNetwork right = mb::rectangle_spot({5.8, 0}, {9.8, 4}, s);
  const int32_t offset = left.particle_count();
  for (int32_t i = 0; i < right.particle_count(); ++i)
    left.add_particle(right.x[i], right.y[i], right.radius[i]);
  for (int32_t k = 0; k < right.spring_count(); ++k)
    left.add_spring(right.a[k] + offset, right.b[k] + offset, 1.0, 0.01);
  const int32_t before = left.spring_count();
  mb::ConnectivityUpdater updater;
  // Facing columns x = 4 and x = 5.8 hold 3 particles each: 3 new springs across.
  EXPECT_EQ(updater.update(left, s).added, 3);
  EXPECT_EQ(left.spring_count(), before + 3);
  EXPECT_EQ(mb::count_crossings(left), 0);
}

TEST(Connectivity, CountCrossingsSeesAnX) {
  mb::SpringNetwork net;
  for (auto [x, y] : {std::pair{0.0, 0.0}, {2.0, 2.0}, {0.0, 2.0}, {2.0, 0.0}})
    net.add_particle(x, y, 0.1);
  net.add_spring(0, 1, 1.0, 0.01);
  net.add_spring(2, 3, 1.0, 0.01);
  EXPECT_EQ(mb::count_crossings(net), 1);
}
