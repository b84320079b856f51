#pragma once
// Lattice builders: fill a region with particles on the Spring Simulator's lattice and join
// neighbours.
//
// Hexagonal (default): centre spacing s = 2R + L, rows s*sqrt(3)/2 apart, odd rows
// shifted by s/2; each particle is joined to its left neighbour and to its two
// neighbours in the row below (3 springs per particle in the bulk, 6 neighbours).
// Square: rows s apart, joined left and below (2 per particle in the bulk).
// Every spring starts at its rest gap L with stiffness k from the settings.
// Amorphous: Poisson-disc points at the hexagonal density joined by their Delaunay
// triangulation, each spring at rest at its initial gap (amorphous_lattice.hpp); the
// `anchor` is its first point, settings.lattice_seed its random points.
//
// A polygon is filled by scanlines (geometry/scanline.hpp): O(vertices log vertices +
// rows + particles), so a 200,000-point outline fills as fast as its particles allow.
// Limits that turn a typo into a hang are errors before any work (mb::Error): at
// most kMaxSpotParticles particles (estimated from the region's area first), at most
// kMaxLatticeRows rows or columns across.
#include <cstdint>
#include <functional>
#include <vector>

#include "physics/core/error.hpp"
#include "physics/geometry/grey_mask.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/springs/simulator_settings.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

inline constexpr int64_t kMaxSpotParticles = 1'000'000;
inline constexpr int64_t kMaxLatticeRows = 10'000'000;

// Throws mb::Error when a region of this area would hold more than
// kMaxSpotParticles particles at the settings' lattice spacing.
void check_spot_area(double region_area, const SimulatorSettings& settings);

// Fills `bounds` with lattice points anchored at `anchor` (a lattice point sits there)
// and keeps those where `inside` is true.
SpringNetwork build_lattice(const Box& bounds, Vec2 anchor, const std::function<bool(Vec2)>& inside,
                            const SimulatorSettings& settings);

SpringNetwork circle_spot(Vec2 center, double radius, const SimulatorSettings& settings);
SpringNetwork rectangle_spot(Vec2 min, Vec2 max, const SimulatorSettings& settings);
SpringNetwork polygon_spot(const Polygon& outline, const SimulatorSettings& settings);
SpringNetwork mask_spot(const GreyMask& mask, const SimulatorSettings& settings);

}  // namespace mb
