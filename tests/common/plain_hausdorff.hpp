#pragma once
// Nearest distances and the one-sided Hausdorff distance written as the plain double loop over
// two sample sets: the reference the library's early-break scans
// (physics/geometry/shape_distance.cpp) must equal (unit tests), and their baseline in the
// planner's benchmark.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "physics/core/vec2.hpp"

namespace mb::test {

// The squared distance from p to the nearest of `to`, by the plain loop.
inline double plain_nearest_squared(Vec2 p, const std::vector<Vec2>& to) {
  double nearest = std::numeric_limits<double>::max();
  for (Vec2 q : to) nearest = std::min(nearest, glm::dot(p - q, p - q));
  return nearest;
}

inline double plain_one_sided_hausdorff(const std::vector<Vec2>& from,
                                        const std::vector<Vec2>& to) {
  double worst = 0.0;
  for (Vec2 p : from) worst = std::max(worst, plain_nearest_squared(p, to));
  return std::sqrt(worst);
}

}  // namespace mb::test
