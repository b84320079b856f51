#pragma once
// Piecewise-linear paths that actuators follow.
#include <cstddef>
#include <vector>

#include "physics/core/vec2.hpp"

namespace mb {

struct Path {
  std::vector<Vec2> points;
  bool cyclic = false;  // a cyclic path also runs from the last point back to the first

  double length() const;
  // Segments: points - 1, or points on a cyclic path (none below 2 points). Segment i runs
  // from point i to point (i + 1) mod points.
  size_t segment_count() const;
  // The point at arc length `s` from the start, clamped to [0, length()].
  Vec2 at_distance(double s) const;
  // The point at `fraction` of the length (the original's sampleFraction()).
  Vec2 at_fraction(double fraction) const { return at_distance(fraction * length()); }
};

}  // namespace mb
