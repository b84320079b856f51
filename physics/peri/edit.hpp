#pragma once
// Edits to a body that is already running (the sandbox's Bodies panel): a new material
// applied live, and whether a new body fits where it is to be placed.
//
// Only the public state of a body is touched (spec, reference and current positions,
// velocities, pins, broken bonds), and the constants are rebuilt with build_body_from_points,
// so this stays right whatever the body's internal layout.
#include <string>

#include "physics/geometry/polygon.hpp"
#include "physics/peri/body.hpp"

namespace mb {

// Rebuilds the body's constants (masses, calibration, bond constants, stable step) for
// `material`, keeping its points where they are: current positions, velocities, pins and
// broken bonds stay. The same reference points and horizon give the same bonds in the same
// order, so a broken bond stays broken. Throws std::invalid_argument for a material out of
// range (the body is then unchanged).
void set_material(PeriBody& body, const PeriMaterial& material);

// Why `body` cannot go into a box that already holds `others` ("" when it can): a point
// outside the box, or a point closer to another body's point than their radii together.
std::string placement_problem(const PeriBody& body, const std::vector<PeriBody>& others,
                              const Box& box);

}  // namespace mb
