// Shape distances against values known by hand.
#include <gtest/gtest.h>

#include "physics/geometry/polygon.hpp"
#include "physics/geometry/shape_distance.hpp"

TEST(ShapeDistance, IdenticalShapesAreZeroApart) {
  const mb::Polygon square = mb::rectangle_polygon({0, 0}, {10, 10});
  EXPECT_NEAR(mb::hausdorff_distance(square, square), 0.0, 1e-12);
  EXPECT_NEAR(mb::procrustes_distance(square, square), 0.0, 1e-12);
  // Winding does not matter: both are sampled counter-clockwise.
  mb::Polygon clockwise(square.rbegin(), square.rend());
  EXPECT_NEAR(mb::hausdorff_distance(square, clockwise), 0.0, 1e-12);
}

TEST(ShapeDistance, ShiftedSquare) {
  // A 10x10 square against itself moved 1 along x. Hausdorff: the farthest sample is 1
  // from the other outline. Procrustes: 100 samples 0.4 apart; the target's first sample
  // (1,0) is the nearest to (0,0), so every pair is exactly 1 apart: sqrt(100 * 1) = 10.
  const mb::Polygon a = mb::rectangle_polygon({0, 0}, {10, 10});
  const mb::Polygon b = mb::rectangle_polygon({1, 0}, {11, 10});
  EXPECT_NEAR(mb::hausdorff_distance(a, b), 1.0, 1e-9);
  EXPECT_NEAR(mb::procrustes_distance(a, b), 10.0, 1e-9);
}

TEST(ShapeDistance, ConcentricCircles) {
  // Radii 10 and 12 as 360-gons: every sample of one lies 2 from the other (to within
  // the polygon's sagitta, 12 (1 - cos(0.5 deg)) = 5e-4).
  const mb::Polygon small = mb::circle_polygon({0, 0}, 10, 360);
  const mb::Polygon large = mb::circle_polygon({0, 0}, 12, 360);
  EXPECT_NEAR(mb::hausdorff_distance(small, large), 2.0, 1e-3);
  EXPECT_NEAR(mb::procrustes_distance(small, large), 20.0, 1e-2);  // sqrt(100 * 2^2)
}
