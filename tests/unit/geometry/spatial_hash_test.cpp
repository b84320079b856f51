// SpatialHash: neighbour queries, and points that are not finite (a peridynamic body whose
// state blew up within a tick, found with the world fuzz target: youngs="1e300"
// density="1e-300") are binned without undefined conversions and never reported near.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "physics/geometry/spatial_hash.hpp"

namespace {
std::vector<int32_t> near(const mb::SpatialHash& h, const std::vector<double>& xs,
                          const std::vector<double>& ys, mb::Vec2 c, double r) {
  std::vector<int32_t> out;
  h.for_each_near(c, r, [&](int32_t i) {
    const double dx = xs[i] - c.x, dy = ys[i] - c.y;
    if (dx * dx + dy * dy <= r * r) out.push_back(i);
  });
  std::sort(out.begin(), out.end());
  return out;
}
}  // namespace

TEST(SpatialHash, FindsExactlyThePointsWithinTheRadius) {
  const std::vector<double> xs{0.0, 1.0, 5.0, 5.5, -3.0}, ys{0.0, 0.0, 5.0, 5.0, 4.0};
  mb::SpatialHash h;
  h.build(xs, ys, 1.0);
  EXPECT_EQ(near(h, xs, ys, {0.0, 0.0}, 1.5), (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(near(h, xs, ys, {5.2, 5.0}, 0.5), (std::vector<int32_t>{2, 3}));
  EXPECT_EQ(near(h, xs, ys, {100.0, 100.0}, 1.0), (std::vector<int32_t>{}));
}

TEST(SpatialHash, PointsThatAreNotFiniteAreBinnedButNeverNear) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> xs{0.0, nan, inf, 1.0, -inf}, ys{0.0, 0.0, 1.0, 0.0, nan};
  mb::SpatialHash h;
  h.build(xs, ys, 1.0);
  EXPECT_EQ(near(h, xs, ys, {0.0, 0.0}, 1.5), (std::vector<int32_t>{0, 3}));
  EXPECT_EQ(near(h, xs, ys, {nan, 0.0}, 1.0), (std::vector<int32_t>{}));
  const std::vector<double> all_nan{nan, nan};
  h.build(all_nan, all_nan, 1.0);
  EXPECT_EQ(near(h, all_nan, all_nan, {0.0, 0.0}, 1.0), (std::vector<int32_t>{}));
  const std::vector<double> far{-1e308, 1e308}, zero{0.0, 0.0};  // width overflows
  h.build(far, zero, 1.0);
  EXPECT_EQ(near(h, far, zero, {1e308, 0.0}, 1.0), (std::vector<int32_t>{1}));
}

TEST(SpatialHash, ABoxClearOfEveryPointVisitsNoneAndOneTouchingTheEdgeVisitsItsCells) {
  // Points in [0, 10] x [0, 10], cells of 5: a box beyond any side would clamp to the edge
  // cells, which hold points, but none of those can lie inside it.
  const std::vector<double> xs{0.0, 10.0, 10.0, 3.0}, ys{0.0, 0.0, 10.0, 7.0};
  mb::SpatialHash h;
  h.build(xs, ys, 5.0);
  auto visited = [&](double xlo, double xhi, double ylo, double yhi) {
    int count = 0;
    h.for_each_in(xlo, xhi, ylo, yhi, [&](int32_t) { ++count; });
    return count;
  };
  EXPECT_EQ(visited(20.0, 30.0, 0.0, 10.0), 0);   // right of every point
  EXPECT_EQ(visited(-9.0, -0.5, 0.0, 10.0), 0);   // left
  EXPECT_EQ(visited(0.0, 10.0, 10.5, 12.0), 0);   // above
  EXPECT_EQ(visited(0.0, 10.0, -3.0, -1e-9), 0);  // below, just short of the bottom row
  EXPECT_GE(visited(10.0, 30.0, 0.0, 10.0), 2);   // touching the right edge: (10, 0), (10, 10)
  EXPECT_GE(visited(-5.0, 0.0, -5.0, 0.0), 1);    // touching the corner point (0, 0)
}
