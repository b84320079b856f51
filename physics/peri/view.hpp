#pragma once
// What a renderer and the Bodies panel see of the peridynamic bodies: every body's points
// in flat arrays ready to upload, their colour quantities, and per body where it is and how
// far it has turned (the fibre handle); the unbroken bonds on request. Kept apart from the
// bodies' internals so a change of their layout touches only view.cpp.
#include <cstdint>
#include <vector>

#include "physics/core/vec2.hpp"
#include "physics/peri/body.hpp"
#include "physics/peri/system.hpp"

namespace mb {

// One body as the Bodies panel and the fibre handle see it.
struct PeriBodyView {
  PeriShapeKind shape = PeriShapeKind::Circle;
  PeriMaterial material;
  double spacing = 0.0, horizon = 0.0;  // lattice spacing dx, delta / dx
  int32_t points = 0;
  int64_t bonds = 0, broken_bonds = 0;
  double stable_dt = 0.0;    // 2 / omega_max of its material and lattice (seconds)
  Vec2 centroid{0.0, 0.0};   // mass centre now
  double reach = 0.0;        // farthest point from the centroid now
  double build_angle = 0.0;  // the body's turn when built (spec.angle); fibres turn with it
  double rotation = 0.0;     // its turn since then (best fit: body_rotation below)
  // World direction of the fibres now (radians): they were built at fibre_angle +
  // build_angle and turn with the body.
  double fibre_world_angle() const { return material.fibre_angle + build_angle + rotation; }
};

struct BodiesView {
  // Every body's points in one list; body_first[k] is body k's first point. Colour
  // quantities per point: volumetric strain (dilatation theta), energy density (energy / V)
  // and det F; the heat of heater softening (0 cold .. 1 under a heater, softening.hpp).
  std::vector<float> x, y, radius, theta, energy, detf, heat;
  std::vector<int32_t> body_first;
  std::vector<PeriBodyView> bodies;  // one per body
  PeriSettings settings;
  PeriStats stats;
  // With `with_bonds` only (else empty): each unbroken bond once, as indices into the point
  // list above, with its stretch |eta| / |xi| - 1.
  std::vector<int32_t> bond_a, bond_b;
  std::vector<float> bond_stretch;

  size_t point_count() const { return x.size(); }
  void fill(const PeriSystem& system, bool with_bonds);
};

// Centre of the current positions (points of one body have equal masses).
Vec2 body_centroid(const PeriBody& body);

// The rotation (radians, in (-pi, pi]) that best maps the reference positions onto the
// current ones about their centres: the least-squares fit in 2D,
//   angle = atan2(sum (X'_x x'_y - X'_y x'_x), sum X' . x'),  X' = X - C0,  x' = x - c.
// 0 for a body in its reference state; a rigid turn by a gives a.
double body_rotation(const PeriBody& body);

// How far the body is from its own shape: the root mean square distance between the current
// positions and the reference ones moved rigidly onto them (centre and body_rotation), in
// the body's spacings. 0 for a rigid motion; a uniform stretch by e gives about e * (the
// RMS reference radius) / spacing.
double shape_error(const PeriBody& body);

// Appends each unbroken bond once: its two points (offset by `first`) and its stretch
// |eta| / |xi| - 1.
void append_bonds(const PeriBody& body, int32_t first, std::vector<int32_t>& a,
                  std::vector<int32_t>& b, std::vector<float>& stretch);

}  // namespace mb
