#pragma once
// Segment tests used to keep springs from crossing.
#include "physics/core/vec2.hpp"

namespace mb {

// True when segments pq and rs cross at a single point interior to both
// (touching at an endpoint or being collinear does not count: springs that
// share a particle meet there without crossing).
bool segments_cross(Vec2 p, Vec2 q, Vec2 r, Vec2 s);

// Distance from point p to segment ab.
double point_segment_distance(Vec2 p, Vec2 a, Vec2 b);

}  // namespace mb
