#pragma once
// The contact skin: how close a body point may come to a wall or to the spring network's
// particles, by its depth below the body's surface.
//
// Why: a contact pushes on the outermost row of points only, but a peridynamic body
// carries a load across its surface layer (one horizon deep) through fewer bonds than in
// its bulk (the surface effect), so that row is squeezed into the next. Measured: a slab
// landing on the floor had its first row-to-row gap at 0.47 of rest while the bulk stood at
// 0.78, and every point that inverted when the one-world body was thrown hard at frozen wax
// lay within one spacing of the surface (docs/bodies.md, "Contact skin").
//
// The rule: a point at reference depth d below the surface (d <= delta) touches at
//   r = dx / 2 + (1 - kSkinSqueeze) d
// from the obstacle's edge, so the layer above it meets the obstacle before it is squeezed
// to about (1 - kSkinSqueeze) of its rest thickness (d is the distance to the nearest
// surface point, a little more than the thickness above); the outermost row (d = 0) touches
// at dx / 2, as every point did before. A body at rest, or under any load that squeezes its
// surface layer less, touches as before. Points deeper than delta keep dx / 2: the layer
// above them is bulk.
//
// Depth: the surface points are those with fewer than six whole nearest-neighbour bonds
// (the hexagonal lattice's full shell), so a crack's faces are surface too; d is the
// reference distance to the nearest surface point within the horizon (the point's bond
// list, whole or broken).
#include <cstdint>
#include <vector>

#include "physics/peri/body.hpp"

namespace mb {

// Most a body's surface layer is squeezed before its inner points meet the obstacle.
constexpr double kSkinSqueeze = 0.5;

// Sets damage.skin_radius, skin_depth (every point) and max_skin_radius from the whole bonds
// (damage.bond_broken).
void refresh_contact_skin(const PeriBodyModel& model, PeriDamage& damage);
// The same after bonds broke at the points `touched` (each broken bond's two ends), in
// O(touched x bonds a point): the radii equal a full refresh's, bit for bit;
// max_skin_radius may stay above theirs (an upper bound, which is all the contact lists need).
void contact_skin_after_breaks(const PeriBodyModel& model, PeriDamage& damage,
                               const std::vector<int32_t>& touched);

}  // namespace mb
