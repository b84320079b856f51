#pragma once
// validate(World): the rules the code relies on between ticks, checked in one pass (Box2D's
// b2ValidateSolverSets). World::tick() runs it after every tick in Debug and sanitizer
// builds (MELTBOX_VALIDATE; physics/core/assert.hpp) and stops at the first tick that breaks
// one, naming every rule it broke; tests and fuzz targets therefore check it on every tick
// they run. In Release it runs only where called.
//
// The rules:
//   - every array of a kind has one length per item (particles, springs, discs, points);
//   - positions, velocities, radii and spring constants are finite;
//   - springs join two different particles in range, each pair at most once;
//   - a particle an actuator or the mouse grips is in the Gripped state (the relaxation
//     never moves those) and held by that one grip alone, and grips name particles and body
//     points in range;
//   - discs: inside the box and no two overlapping, each beyond rounding (a relative 1e-9 of
//     the box or of the two radii); mass and radius above 0; species ids not negative; one
//     count per reaction;
//   - bodies: the CSR bond lists are consistent (bond_start rises from 0 to the bond count,
//     bond_j in range and not the point itself, bond_rev pairs each bond with its reverse,
//     a bond and its reverse broken alike).
#include <string>
#include <vector>

#include "physics/world/world.hpp"

namespace mb {

// Every broken rule, one message each (naming the item); empty when the world is valid.
[[nodiscard]] std::vector<std::string> validate(const World& world);

// Aborts, printing every broken rule and the tick, unless validate(world) is empty.
void check_valid(const World& world);

}  // namespace mb
