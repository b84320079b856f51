#include "physics/geometry/path.hpp"

#include <algorithm>

namespace mb {

size_t Path::segment_count() const {
  const size_t n = points.size();
  if (n < 2) return 0;
  return cyclic ? n : n - 1;
}

double Path::length() const {
  double sum = 0.0;
  const size_t n = points.size();
  for (size_t i = 0; i < segment_count(); ++i) sum += glm::length(points[(i + 1) % n] - points[i]);
  return sum;
}

Vec2 Path::at_distance(double s) const {
  if (points.empty()) return {0.0, 0.0};
  const size_t n = points.size();
  s = std::max(s, 0.0);
  for (size_t i = 0; i < segment_count(); ++i) {
    const Vec2 a = points[i], b = points[(i + 1) % n];
    const double len = glm::length(b - a);
    if (s <= len) return len > 0.0 ? a + (s / len) * (b - a) : a;
    s -= len;
  }
  return cyclic ? points.front() : points.back();
}

}  // namespace mb
