#pragma once
// The peridynamic bodies' settings, shared by every body of a World: gravity, damping,
// friction, self contact, threads and the integrator's limits. The table
// (peri_parameters()) names, bounds and explains the ones a scene file and the Bodies panel
// set; the <body-settings> reader and writer, the SetBodySettings command and the panel are
// made from it.
#include <span>

#include "physics/core/parameter.hpp"
#include "physics/core/vec2.hpp"

namespace mb {

struct PeriSettings {
  // length / s^2. +y: the world is y-down like the screen (engine/camera.hpp), so the
  // floor is box.max.y.
  Vec2 gravity{0.0, 400.0};
  double damping = 0.5;           // 1/s, mass-proportional (v *= exp(-damping h))
  double wall_friction = 0.5;     // Coulomb coefficient against the box
  double contact_friction = 0.3;  // between points in contact
  bool self_contact = true;       // distant parts of one body collide
  int threads = 1;                // the worker pool's threads for the force loops
  // Not in the table: the World's tick and the integrator's limits (docs/bodies.md).
  double tick_seconds = 1.0 / 60.0;
  double dt_safety = 0.7;  // substep = dt_safety * 2 / omega_max
  int max_substeps = 48;   // beyond this: mass scaling (integrator.hpp)
  // While the mouse holds a body, a tick takes at most this many times the substeps of the
  // bodies at rest; a strained body that would need more is mass-scaled instead
  // (PeriSystem::substep_plan).
  double substep_budget = 2.0;
  bool operator==(const PeriSettings&) const = default;
};

// gravity-x, gravity-y, damping, wall-friction, contact-friction, self-contact, threads.
std::span<const Parameter<PeriSettings>> peri_parameters();

}  // namespace mb
