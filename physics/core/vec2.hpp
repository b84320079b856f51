#pragma once
// 2D vectors for the physics library: GLM's double-precision vector.
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

namespace mb {

using Vec2 = glm::dvec2;

// z-component of the 3D cross product: > 0 when b is counter-clockwise of a.
inline double cross(Vec2 a, Vec2 b) {
  return a.x * b.y - a.y * b.x;
}

// Twice the signed area of triangle (a, b, c): > 0 counter-clockwise, 0 collinear.
inline double orient(Vec2 a, Vec2 b, Vec2 c) {
  return cross(b - a, c - a);
}

}  // namespace mb
