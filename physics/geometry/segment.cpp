#include "physics/geometry/segment.hpp"

#include <algorithm>

namespace mb {

bool segments_cross(Vec2 p, Vec2 q, Vec2 r, Vec2 s) {
  const double d1 = orient(p, q, r), d2 = orient(p, q, s);
  const double d3 = orient(r, s, p), d4 = orient(r, s, q);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

double point_segment_distance(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const double len2 = glm::dot(ab, ab);
  const double t = len2 > 0.0 ? std::clamp(glm::dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
  return glm::length(p - (a + t * ab));
}

}  // namespace mb
