// Shape distances against values known by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "physics/geometry/polygon.hpp"
#include "physics/geometry/shape_distance.hpp"
#include "tests/common/plain_hausdorff.hpp"

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

TEST(ShapeDistance, ChamferIsTheMeanWhereHausdorffIsTheLargest) {
  // Identical outlines, and a copy starting at another vertex: 0.
  const mb::Polygon square = mb::rectangle_polygon({0, 0}, {10, 10});
  EXPECT_NEAR(mb::chamfer_distance(square, square), 0.0, 1e-12);
  mb::Polygon rolled(square.begin() + 1, square.end());
  rolled.push_back(square.front());
  EXPECT_NEAR(mb::chamfer_distance(square, rolled), 0.0, 1e-9);
  // Concentric 360-gons of radii 10 and 12: every sample is 2 from the other outline.
  EXPECT_NEAR(mb::chamfer_distance(mb::circle_polygon({0, 0}, 10, 360),
                                   mb::circle_polygon({0, 0}, 12, 360)),
              2.0, 1e-3);
  // The square with a spike 10 high and 0.2 wide on its top edge: perimeter
  // 39.8 + 2 sqrt(0.01 + 100) = 59.80. Hausdorff: the tip, 10 from the square (to within a
  // sample pitch, 0.15). Chamfer: from the spiked outline, its 20.0 / 59.80 of samples on the
  // spike lie 0 to 10 from the square, 5 on average, the rest on it: 1.672; from the square,
  // every sample lies on the other outline: 0; the mean of the two directions 0.836, plus at
  // most half a sample pitch (0.075) for samples that do not coincide.
  const mb::Polygon spiked = {{0, 0}, {10, 0}, {10, 10}, {5.1, 10}, {5, 20}, {4.9, 10}, {0, 10}};
  EXPECT_NEAR(mb::hausdorff_distance(square, spiked), 10.0, 0.15);
  const double chamfer = mb::chamfer_distance(square, spiked);
  EXPECT_GE(chamfer, 0.836 - 0.01);
  EXPECT_LE(chamfer, 0.836 + 0.075);
}

TEST(ShapeDistance, TheTailMeanIsTheMeanOfTheLargestShareOfTheDistances) {
  // The spiked square of the test above: of the 800 distances, the spiked outline's 400 x
  // 20.0 / 59.80 = 133.8 samples on the spike lie at heights h spread evenly over 0 to 10
  // above the top edge, each h from the square; every other distance is under a sample pitch
  // (0.15). The largest tenth, 80 distances, are the spike's from h = 10 down to
  // 10 - 80 / 13.38 = 4.02: their mean is 7.01 (to within a sample's spacing in h, 0.075).
  const mb::Polygon square = mb::rectangle_polygon({0, 0}, {10, 10});
  const mb::Polygon spiked = {{0, 0}, {10, 0}, {10, 10}, {5.1, 10}, {5, 20}, {4.9, 10}, {0, 10}};
  EXPECT_NEAR(mb::tail_mean_distance(square, spiked, 0.1), 7.01, 0.1);
  // A share of one distance is the largest, the Hausdorff distance, to the bit (the two are
  // computed by different scans); the whole share is the chamfer distance.
  EXPECT_EQ(mb::tail_mean_distance(square, spiked, 1.0 / 800.0),
            mb::hausdorff_distance(square, spiked));
  EXPECT_NEAR(mb::tail_mean_distance(square, spiked, 1.0), mb::chamfer_distance(square, spiked),
              1e-12);
  // The square and a copy starting at another vertex: every distance is 0, so every tail is.
  mb::Polygon rolled(square.begin() + 1, square.end());
  rolled.push_back(square.front());
  EXPECT_NEAR(mb::tail_mean_distance(square, rolled, 0.1), 0.0, 1e-9);
}

namespace {
// A star-like outline of n vertices at radii r times a draw in [0.6, 1.4]: a sample's nearest
// on another such outline often lies far along it, where a scan from the last one's is slow.
mb::Polygon wobbly_outline(std::mt19937_64& rng, int n, double r) {
  std::uniform_real_distribution<double> wobble(0.6, 1.4);
  mb::Polygon p;
  for (int k = 0; k < n; ++k) {
    const double a = 2.0 * std::numbers::pi * k / n;
    p.push_back(r * wobble(rng) * mb::Vec2(std::cos(a), std::sin(a)));
  }
  return p;
}
}  // namespace

TEST(ShapeDistance, HausdorffIsTheLargestNearestDistanceToTheBit) {
  // The early break in the scan must not change the number: on wobbly outlines (star-like,
  // so a sample's nearest on the other outline often lies far along it) the result equals the
  // plain double loop over both outlines' samples, written out here, to the bit.
  std::mt19937_64 rng(7);
  auto outline = [&](int n, double r) { return wobbly_outline(rng, n, r); };
  const auto plain = mb::test::plain_one_sided_hausdorff;
  for (int trial = 0; trial < 20; ++trial) {
    const mb::Polygon a = outline(12 + trial, 20.0), b = outline(30 - trial, 22.0);
    const std::vector<mb::Vec2> sa = mb::ccw_samples(a, 400), sb = mb::ccw_samples(b, 400);
    EXPECT_EQ(mb::hausdorff_distance(a, b), std::max(plain(sa, sb), plain(sb, sa))) << trial;
  }
}

TEST(ShapeDistance, TheTailMeanHoldsTheLargestDistancesThePlainLoopFinds) {
  // The tail mean's scans stop early once a point cannot be among the largest share: the
  // distances it keeps must be the largest of all 800 the plain double loop gives. Written out
  // here (every nearest distance, sorted, the largest averaged) on the wobbly outlines of the
  // test above; only the order of the sum differs.
  std::mt19937_64 rng(11);
  auto outline = [&](int n, double r) { return wobbly_outline(rng, n, r); };
  auto nearest = [](mb::Vec2 p, const std::vector<mb::Vec2>& to) {
    return std::sqrt(mb::test::plain_nearest_squared(p, to));
  };
  for (int trial = 0; trial < 10; ++trial) {
    const mb::Polygon a = outline(12 + trial, 20.0), b = outline(30 - trial, 22.0);
    const std::vector<mb::Vec2> sa = mb::ccw_samples(a, 400), sb = mb::ccw_samples(b, 400);
    std::vector<double> all;
    for (mb::Vec2 p : sa) all.push_back(nearest(p, sb));
    for (mb::Vec2 p : sb) all.push_back(nearest(p, sa));
    std::sort(all.begin(), all.end(), std::greater<>());
    for (int count : {8, 80, 400}) {
      double sum = 0.0;
      for (int k = 0; k < count; ++k) sum += all[static_cast<size_t>(k)];
      const double plain = sum / count;
      EXPECT_NEAR(mb::tail_mean_distance(a, b, count / 800.0), plain, 1e-12 * plain)
          << trial << " " << count;
    }
  }
}
