#pragma once
// Edits of running bodies (the sandbox's Bodies panel): adding, removing, a new material
// applied live, new settings, and whether a new body fits where it is to be placed. The
// system-level ones throw mb::Error saying why not (the system is then unchanged).
//
// A new material builds a new model (build_body_from_points) from the old one's reference
// points; the state (positions, velocities, pins, heat) and the broken bonds carry over, so
// copies of the body that share the old model keep it.
#include <string>

#include "physics/core/error.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/peri/body.hpp"
#include "physics/peri/system.hpp"

namespace mb {

// Rebuilds the body's constants (masses, calibration, bond constants, stable step) for
// `material`, keeping its points where they are: current positions, velocities, pins and
// broken bonds stay. The same reference points and horizon give the same bonds in the same
// order, so a broken bond stays broken. Throws mb::Error for a material out of
// range (the body is then unchanged).
void set_material(PeriBody& body, const PeriMaterial& material);

// Why `body` cannot go into a box that already holds `others` ("" when it can): a point
// outside the box, or a point closer to another body's point than their radii together.
std::string placement_problem(const PeriBody& body, const std::vector<PeriBody>& others,
                              const Box& box);

// Builds `spec` and appends it; with `check_placement`, only where it fits in `box`
// (placement_problem). Without, it is added even where it overlaps (a scene's start copy
// must take every body the live system took, so later edits' indices agree).
void add_body(PeriSystem& system, const PeriBodySpec& spec, const Box& box, bool check_placement);
// Removes body `index` (the mouse grab, which holds body indices, lets go first).
void remove_body(PeriSystem& system, int index);
void set_body_material(PeriSystem& system, int index, const PeriMaterial& material);
// The rows of peri_parameters() (peri_settings.hpp), checked against the table; the tick
// length and the integrator's limits stay the system's.
void set_settings(PeriSystem& system, const PeriSettings& settings);

}  // namespace mb
