// Lattice counts for rectangles, computed by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/springs/lattice.hpp"

TEST(Lattice, HexRectangleCountsByHand) {
  // R = 1, L = 5 -> spacing 7, rows 7*sqrt(3)/2 = 6.06 apart. A 28 x 12.5 rectangle holds
  // rows y = 0, 6.06, 12.12: even rows x = 0,7,14,21,28 (5), the odd row x = 3.5..24.5 (4).
  // Springs: in-row 4 + 3 + 4 = 11; odd row to row 0: 2 each = 8; row 2 to odd row:
  // 1 + 2 + 2 + 2 + 1 = 8. Total 27.
  mb::SimulatorSettings s;
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
  mb::SimulatorSettings s;
  s.lattice = mb::LatticeType::Square;
  const mb::SpringNetwork net = mb::rectangle_spot({0.0, 0.0}, {28.0, 14.0}, s);
  EXPECT_EQ(net.particle_count(), 15);
  EXPECT_EQ(net.spring_count(), 22);
}

TEST(Lattice, CircleHasAboutAreaOverCellArea) {
  // Each hex lattice point owns s^2 sqrt(3)/2 of area. Radius 200 with s = 7.5 (the
  // "best" preset): pi 200^2 / 48.71 = 2580; the boundary costs up to ~1%.
  mb::SimulatorSettings s;
  s.default_length = 5.5;
  const mb::SpringNetwork net = mb::circle_spot({0.0, 0.0}, 200.0, s);
  const double expected = M_PI * 200.0 * 200.0 / (7.5 * 7.5 * std::sqrt(3.0) / 2.0);
  EXPECT_NEAR(net.particle_count(), expected, 0.02 * expected);
  // Bulk particles have 6 springs, so springs ~ 3 per particle less the boundary.
  EXPECT_GT(net.spring_count(), 2.8 * net.particle_count());
  EXPECT_LT(net.spring_count(), 3.0 * net.particle_count());
}

TEST(Lattice, PolygonAndMaskKeepOnlyInsidePoints) {
  mb::SimulatorSettings s;  // spacing 7
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

// The scanline fill keeps exactly the lattice points that the winding-number test keeps,
// point for point (the same particles, in the same order, with the same springs): on edges
// through lattice points, on a self-overlapping star, a comb, and a many-sided polygon.
TEST(Lattice, ScanlineFillMatchesTheWindingNumberTestPointForPoint) {
  std::vector<mb::Polygon> shapes;
  shapes.push_back({{0, 0}, {28, 0}, {0, 28}});            // edges through lattice points
  shapes.push_back({{0, 0}, {70, 0}, {70, 35}, {0, 35}});  // lattice anchored on a corner
  mb::Polygon star;                                        // a pentagram: the middle is wound twice
  for (int k = 0; k < 5; ++k) {
    const double a = 2.0 * M_PI * (2 * k) / 5.0;
    star.push_back({100.0 * std::cos(a), 100.0 * std::sin(a)});
  }
  shapes.push_back(star);
  mb::Polygon comb{{0, 0}};  // teeth 10 wide, 80 tall, clockwise
  for (int t = 0; t < 8; ++t) {
    const double x = 20.0 * t;
    comb.insert(comb.end(), {{x, 80}, {x + 10, 80}, {x + 10, 10}, {x + 20, 10}});
  }
  comb.push_back({160, 0});
  shapes.push_back(comb);
  mb::Polygon wobbly;  // 997 vertices, radius varying
  for (int k = 0; k < 997; ++k) {
    const double a = 2.0 * M_PI * k / 997.0;
    const double r = 150.0 + 30.0 * std::sin(7.0 * a) + 10.0 * std::cos(31.0 * a);
    wobbly.push_back({r * std::cos(a) + 0.123, r * std::sin(a) - 0.456});
  }
  shapes.push_back(wobbly);
  for (mb::LatticeType type : {mb::LatticeType::Hexagonal, mb::LatticeType::Square}) {
    mb::SimulatorSettings s;
    s.lattice = type;
    for (size_t k = 0; k < shapes.size(); ++k) {
      const mb::Polygon& poly = shapes[k];
      const mb::Box box = mb::bounding_box(poly);
      const mb::SpringNetwork scan = mb::polygon_spot(poly, s);
      const mb::SpringNetwork brute = mb::build_lattice(
          box, box.min, [&](mb::Vec2 p) { return mb::contains(poly, p); }, s);
      ASSERT_GT(brute.particle_count(), 0) << k;
      EXPECT_EQ(scan.x, brute.x) << "shape " << k;
      EXPECT_EQ(scan.y, brute.y) << "shape " << k;
      EXPECT_EQ(scan.a, brute.a) << "shape " << k;
      EXPECT_EQ(scan.b, brute.b) << "shape " << k;
    }
  }
}

TEST(Lattice, ARegionTooLargeIsRefusedBeforeAnyWork) {
  mb::SimulatorSettings s;  // spacing 7: a cell of 42.4
  EXPECT_THROW(mb::circle_spot({0, 0}, 1e6, s), mb::Error);
  EXPECT_THROW(mb::rectangle_spot({0, 0}, {1e5, 1e5}, s), mb::Error);
  // Exactly at the limit's scale the estimate decides: 1e6 particles x 42.4 = 4.24e7.
  EXPECT_NO_THROW(mb::check_spot_area(0.99 * 1e6 * 7 * 7 * std::sqrt(3.0) / 2.0, s));
  EXPECT_THROW(mb::check_spot_area(1.01 * 1e6 * 7 * 7 * std::sqrt(3.0) / 2.0, s), mb::Error);
}
