#pragma once
// Heaters as thermostat regions for the gas (World step 7; GasSettings::heater_temperature):
// a disc that was inside a heater's shape at the tick's start and is outside every heater
// at its end leaves with a velocity drawn from the 2D Maxwell-Boltzmann distribution at
// the heater's kT, each component normal with variance kT / m (so <m v^2 / 2> = kT, the
// gas's convention, gas.hpp). Discs that stay inside keep their collisions exact; the
// draw happens once, on the way out, as the thermostat walls draw once per hit.
#include <cstdint>
#include <vector>

#include "physics/gas/gas.hpp"
#include "physics/geometry/polygon.hpp"

namespace mb::gas {

// inside[d] = 1 where disc d's centre lies in one of the shapes.
void mark_inside(const Gas& g, const std::vector<Polygon>& shapes, std::vector<uint8_t>& inside);
// `inside` after a step that removed discs (Gas::removed_in_last_step) and added some at
// the end: each entry follows its disc; added discs were not inside.
void follow_removals(const Gas& g, std::vector<uint8_t>& inside);
// Redraws the velocity of every disc marked in `inside_before` that is now outside all the
// shapes (draws from g.rng_state, in disc order). Returns how many were redrawn.
int32_t thermalize_leavers(Gas& g, const std::vector<Polygon>& shapes,
                           const std::vector<uint8_t>& inside_before, double kT);

}  // namespace mb::gas
