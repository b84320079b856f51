#pragma once
// What the sandbox reads of a body beyond its points: where it is, how far it has turned
// (the fibre handle), and its unbroken bonds (drawn on request). Kept apart from the
// body's internals so a change of their layout touches only view.cpp.
#include <cstdint>
#include <vector>

#include "physics/geometry/vec2.hpp"
#include "physics/peri/body.hpp"

namespace mb {

// Centre of the current positions (points of one body have equal masses).
Vec2 body_centroid(const PeriBody& body);

// The rotation (radians, in (-pi, pi]) that best maps the reference positions onto the
// current ones about their centres: the least-squares fit in 2D,
//   angle = atan2(sum (X'_x x'_y - X'_y x'_x), sum X' . x'),  X' = X - C0,  x' = x - c.
// 0 for a body in its reference state; a rigid turn by a gives a.
double body_rotation(const PeriBody& body);

// Appends each unbroken bond once: its two points (offset by `first`) and its stretch
// |eta| / |xi| - 1.
void append_bonds(const PeriBody& body, int32_t first, std::vector<int32_t>& a,
                  std::vector<int32_t>& b, std::vector<float>& stretch);

}  // namespace mb
