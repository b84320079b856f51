#pragma once
// The one-sided Hausdorff distance written as the plain double loop over two sample sets: the
// reference the library's early-break scan (physics/geometry/shape_distance.cpp) must equal to
// the bit (unit test), and its baseline in the planner's benchmark.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "physics/core/vec2.hpp"

namespace mb::test {

inline double plain_one_sided_hausdorff(const std::vector<Vec2>& from,
                                        const std::vector<Vec2>& to) {
  double worst = 0.0;
  for (Vec2 p : from) {
    double nearest = std::numeric_limits<double>::max();
    for (Vec2 q : to) nearest = std::min(nearest, glm::dot(p - q, p - q));
    worst = std::max(worst, nearest);
  }
  return std::sqrt(worst);
}

}  // namespace mb::test
