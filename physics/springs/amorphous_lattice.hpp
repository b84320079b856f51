#pragma once
// The amorphous lattice: wax without a grain (issue 38). The hexagonal lattice has six
// directions in which its springs line up, and a heater pumps along a row up to six times
// as far as across one; a random point set has no preferred direction.
//
// Points: Poisson-disc (blue-noise) sampling, Bridson's algorithm (R. Bridson, "Fast Poisson
// disk sampling in arbitrary dimensions", SIGGRAPH 2007 sketches): no two points closer
// than r, candidates drawn in the annulus [r, 2r) around an active point, 30 tries each.
// r is chosen so that the mean density equals the hexagonal lattice's at the same spacing
// s = 2R + L (kPoissonRadiusPerSpacing, below).
// Springs: the Delaunay triangulation of the points inside the region
// (geometry/delaunay.hpp), so the network is a triangulation like the hexagonal one: no two
// springs cross, no holes, the inelastic simulator's flip rule applies as is. Triangles
// are peeled from the outside inwards while they are not material: their centroid outside
// the region, or an edge on the outside longer than 2r (longer than any Delaunay edge of a
// saturated Poisson-disc sample, whose empty circles have radii below r): the hull's long
// slivers and concavities go, never a triangle surrounded by material.
// Rest gaps: each spring's initial gap |p - q| - 2R, so the fresh material is unstressed
// (every spring starts at its rest gap, as on the hexagonal lattice); stiffness k.
// Seeded: the same seed (SimulatorSettings::lattice_seed) gives the same network bit for bit.
#include <cstdint>
#include <functional>
#include <vector>

#include "physics/geometry/polygon.hpp"
#include "physics/springs/simulator_settings.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

// r / s for equal density. Hexagonal density: 2 / (sqrt(3) s^2) particles per area.
// Bridson's sampler (30 tries) covers a fraction phi of the plane with discs of diameter r,
// i.e. density 4 phi / (pi r^2); phi = 0.4833 measured (the mean over seeds 1..8 of the
// points of a 400 x 400 box at r = 1 that lie in its middle 300 x 300, each seed within
// 0.2 % of it). Equal densities: 4 phi / (pi r^2) = 2 / (sqrt(3) s^2), so
// r = s sqrt(2 sqrt(3) phi / pi) = 0.7300 s. Checked by
// AmorphousLattice.DensityAndSpacingMatchTheHexagonalLattice.
inline constexpr double kPoissonPacking = 0.4833;
inline constexpr double kPoissonRadiusPerSpacing = 0.7300;

// The Poisson-disc radius r for these settings: kPoissonRadiusPerSpacing * s, but at least
// 2R + L/2 so that no two particles start closer than half a rest gap (this only binds
// when L < 2.35 R; every shipped and original file has L >= 5 R).
double poisson_radius(const SimulatorSettings& settings);

// Bridson's sampler over `bounds`, starting at `first` (clamped into the box), seeded by
// `seed`: points in the order they were accepted (each near an earlier one).
std::vector<Vec2> poisson_disc_points(const Box& bounds, double r, uint64_t seed, Vec2 first);

// The amorphous network of the points of `bounds` where `inside` is true (see above).
// Throws mb::Error when the box would hold more than kMaxSpotParticles particles.
SpringNetwork amorphous_network(const Box& bounds, Vec2 anchor,
                                const std::function<bool(Vec2)>& inside,
                                const SimulatorSettings& settings);

}  // namespace mb
