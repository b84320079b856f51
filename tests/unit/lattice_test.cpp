// Lattice counts for rectangles, computed by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/springs/lattice.hpp"

TEST(Lattice, HexRectangleCountsByHand) {
  // R = 1, L = 5 -> spacing 7, rows 7*sqrt(3)/2 = 6.06 apart. A 28 x 12.5 rectangle holds
  // rows y = 0, 6.06, 12.12: even rows x = 0,7,14,21,28 (5), the odd row x = 3.5..24.5 (4).
  // Springs: in-row 4 + 3 + 4 = 11; odd row to row 0: 2 each = 8; row 2 to odd row:
  // 1 + 2 + 2 + 2 + 1 = 8. Total 27.
  mb::Settings s;
  const mb::SpringNetwork net = mb::rectangle_spot({0.0, 0.0}, {28.0, 12.5}, s);
  EXPECT_EQ(net.particle_count(), 14);
  EXPECT_EQ(net.spring_count(), 27);
  for (int32_t sp = 0; sp < net.spring_count(); ++sp) {
    EXPECT_NEAR(net.gap(sp), 5.0, 1e-9);  // every spring starts at its rest gap
    EXPECT_DOUBLE_EQ(net.stiffness[sp], 0.01);
  }
}

TEST(Lattice, SquareRectangleCountsByHand) {
  // Spacing 7: a 28 x 14 rectangle holds 5 x 3 = 15 particles, 4*3 + 5*2 = 22 springs.
  mb::Settings s;
  s.lattice = mb::LatticeType::Square;
  const mb::SpringNetwork net = mb::rectangle_spot({0.0, 0.0}, {28.0, 14.0}, s);
  EXPECT_EQ(net.particle_count(), 15);
  EXPECT_EQ(net.spring_count(), 22);
}

TEST(Lattice, CircleHasAboutAreaOverCellArea) {
  // Each hex lattice point owns s^2 sqrt(3)/2 of area. Radius 200 with s = 7.5 (the
  // "best" preset): pi 200^2 / 48.71 = 2580; the boundary costs up to ~1%.
  mb::Settings s;
  s.default_length = 5.5;
  const mb::SpringNetwork net = mb::circle_spot({0.0, 0.0}, 200.0, s);
  const double expected = M_PI * 200.0 * 200.0 / (7.5 * 7.5 * std::sqrt(3.0) / 2.0);
  EXPECT_NEAR(net.particle_count(), expected, 0.02 * expected);
  // Bulk particles have 6 springs, so springs ~ 3 per particle less the boundary.
  EXPECT_GT(net.spring_count(), 2.8 * net.particle_count());
  EXPECT_LT(net.spring_count(), 3.0 * net.particle_count());
}

TEST(Lattice, PolygonAndMaskKeepOnlyInsidePoints) {
  mb::Settings s;  // spacing 7
  // A right triangle with legs 28: points (x, y) on the lattice with x + y <= 28.
  const mb::Polygon tri{{0.0, 0.0}, {28.0, 0.0}, {0.0, 28.0}};
  const mb::SpringNetwork net = mb::polygon_spot(tri, s);
  ASSERT_GT(net.particle_count(), 0);
  for (int32_t i = 0; i < net.particle_count(); ++i) EXPECT_LE(net.x[i] + net.y[i], 28.0 + 1e-9);

  // A 15 x 8 mask with material only in its left 8 columns: lattice points x <= 7.
  mb::GreyMask mask;
  mask.width = 15;
  mask.height = 8;
  mask.pixels.assign(15 * 8, 0);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) mask.pixels[static_cast<size_t>(y * 15 + x)] = 200;
  const mb::SpringNetwork m = mb::mask_spot(mask, s);
  // Rows y = 0 and 6.06: row 0 has x = 0, 7; row 1 has x = 3.5 (10.5 rounds to column 11).
  EXPECT_EQ(m.particle_count(), 3);
  EXPECT_EQ(m.spring_count(), 3);
}
