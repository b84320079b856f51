// The planner's shape scores: hand-derived values and the start-point independence.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "physics/geometry/polygon.hpp"
#include "physics/geometry/shape_score.hpp"

namespace {
mb::Polygon rotated_start(const mb::Polygon& p, size_t by) {
  mb::Polygon q = p;
  std::rotate(q.begin(), q.begin() + static_cast<std::ptrdiff_t>(by), q.end());
  return q;
}
}  // namespace

TEST(ShapeScore, IouOfTwoSquaresOverlappingByHalf) {
  // [0,2]x[0,2] and [1,3]x[0,2]: intersection 1x2 = 2, union 3x2 + ... = 6, IoU = 1/3. On a
  // raster of 300 cells along the 3-unit side the cell is 0.01 and every edge falls between
  // cell centres, so the raster count is exact.
  const mb::Polygon a = mb::rectangle_polygon({0, 0}, {2, 2});
  const mb::Polygon b = mb::rectangle_polygon({1, 0}, {3, 2});
  EXPECT_NEAR(mb::intersection_over_union(a, b, 300), 1.0 / 3.0, 1e-12);
  EXPECT_EQ(mb::intersection_over_union(a, a, 300), 1.0);
  EXPECT_EQ(mb::intersection_over_union(a, mb::rectangle_polygon({5, 5}, {6, 6}), 300), 0.0);
}

TEST(ShapeScore, ProcrustesCyclicIsZeroForItselfAndIgnoresTheStartVertex) {
  const mb::Polygon circle = mb::circle_polygon({3, -2}, 40.0, 64);
  EXPECT_EQ(mb::procrustes_cyclic_distance(circle, circle), 0.0);
  // Started 13 vertices later (not a whole number of b's samples): some shift puts each of
  // b's samples within half of its pitch along the outline of a's, so the distance is at most
  // perimeter / (2 * 100 * 8).
  const double bound = mb::perimeter(circle) / 1600.0;
  const double d = mb::procrustes_cyclic_distance(circle, rotated_start(circle, 13));
  EXPECT_LE(d, bound);
  // Clockwise input is the same outline.
  mb::Polygon reversed = circle;
  std::reverse(reversed.begin(), reversed.end());
  EXPECT_LE(mb::procrustes_cyclic_distance(circle, reversed), bound);
  // A shift by 5 units moves every point by 5: the RMS distance is 5 (to within the pitch).
  mb::Polygon moved = circle;
  for (mb::Vec2& p : moved) p.x += 5.0;
  EXPECT_NEAR(mb::procrustes_cyclic_distance(circle, moved), 5.0, 2.0 * bound);
}

TEST(ShapeScore, SelfIntersectionIsFound) {
  EXPECT_FALSE(mb::self_intersects(mb::rectangle_polygon({0, 0}, {2, 1})));
  EXPECT_FALSE(mb::self_intersects(mb::circle_polygon({0, 0}, 5.0, 32)));
  const mb::Polygon bowtie = {{0, 0}, {2, 2}, {2, 0}, {0, 2}};
  EXPECT_TRUE(mb::self_intersects(bowtie));
  const mb::Polygon folded = {{0, 0}, {4, 0}, {2, 0}, {2, 3}};  // 4,0 -> 2,0 runs back
  EXPECT_TRUE(mb::self_intersects(folded));
}
