#pragma once
// The mouse grab as a soft spring (Box2D's mouse joint, Catto, "Soft Constraints", GDC 2011):
// each held point is pulled towards its place under the cursor by a damped spring of natural
// frequency f and damping ratio zeta, per unit mass
//   a = w * (omega^2 (p - x) + 2 zeta omega (v_p - v)),   omega = 2 pi f,
// integrated implicitly (backward Euler on the spring and damper alone), so it is stable at
// any step, and limited to |a| <= w * a_max: the largest force is a_max times the mass held.
// The weight w of a point at distance d from the pick point falls smoothly from 1 at the
// centre to 0 at the grab radius, so the held region moves as a patch, firmest in its middle.
// A hand that moves faster than the material can follow drags it at the limit instead of
// tearing a few points out of it.
#include <span>

#include "physics/core/parameter.hpp"
#include "physics/core/vec2.hpp"

namespace mb {

// The fastest the grab moves matter: what has no inertia of its own (spring particles, which
// the relaxation holds in equilibrium: World::apply_grab) is carried at most this fast, and
// the UI throws no faster (engine/mouse_trail.hpp). Faster, a held piece would jump through
// other matter in a tick.
constexpr double kMaxGrabSpeed = 2000.0;  // world units / s

struct GrabSettings {
  double hertz = 4.0;          // natural frequency of the grab spring
  double damping_ratio = 1.0;  // 1: critically damped, no overshoot
  // Largest pull per unit of held mass (length / s^2): 50 times the bodies' default gravity.
  double max_acceleration = 20000.0;
  bool operator==(const GrabSettings&) const = default;
};

// grab-hertz, grab-damping-ratio, grab-max-acceleration.
std::span<const Parameter<GrabSettings>> grab_parameters();

// (1 - (d / r)^2)^2 for d < r, else 0: 1 at the centre, 0 with zero slope at the radius.
double grab_weight(double distance, double radius);

// The velocity change over a step h of a point at x moving at v, held with weight w, whose
// place under the cursor is p moving at vp. Solves
//   dv = w h (omega^2 (p - x - h (v + dv)) + 2 zeta omega (vp - v - dv))
// for dv (the implicit step), then shortens it to |dv| <= w h a_max.
Vec2 grab_velocity_change(const GrabSettings& s, double weight, Vec2 x, Vec2 v, Vec2 p, Vec2 vp,
                          double h);

// A held patch with no inertia of its own (spring particles) moved by the grab spring as one
// piece: the spring's state is the patch's place x (the pick point carried along) and its
// velocity v. Each step takes grab_velocity_change at weight 1, caps |v| at kMaxGrabSpeed,
// and moves x by h v. Once x is within `settle` of a still cursor and the step would be
// shorter than `settle`, x lands on it and v is 0, so a patch at rest stops moving (and the
// network stops relaxing) instead of creeping towards the cursor for ever.
struct GrabPatch {
  Vec2 x{0.0, 0.0}, v{0.0, 0.0};
  Vec2 cursor{0.0, 0.0}, previous_cursor{0.0, 0.0};
  // Starts at rest under the cursor.
  void start(Vec2 at) { x = cursor = previous_cursor = at, v = Vec2{0.0, 0.0}; }
  // One step of length h towards the cursor; returns how far x moved.
  Vec2 step(const GrabSettings& s, double h, double settle);
};

}  // namespace mb
