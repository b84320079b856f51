// The amorphous lattice (issue 38): blue-noise points at the hexagonal density, joined by
// their Delaunay triangulation, at rest, seeded; on every kind of spot.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <set>
#include <utility>

#include "physics/geometry/delaunay.hpp"
#include "physics/springs/amorphous_lattice.hpp"
#include "physics/springs/connectivity.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/springs/relaxation.hpp"
#include "physics/world/world_heat.hpp"

namespace {

mb::SimulatorSettings amorphous(int64_t seed = 1) {
  mb::SimulatorSettings s;
  s.lattice = mb::LatticeType::Amorphous;
  s.lattice_seed = seed;
  return s;
}

std::vector<std::vector<int32_t>> neighbours(const mb::SpringNetwork& net) {
  std::vector<std::vector<int32_t>> n(static_cast<size_t>(net.particle_count()));
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    n[net.a[s]].push_back(net.b[s]);
    n[net.b[s]].push_back(net.a[s]);
  }
  return n;
}

bool connected(const mb::SpringNetwork& net) {
  const auto n = neighbours(net);
  std::vector<uint8_t> seen(n.size(), 0);
  std::vector<int32_t> stack{0};
  seen[0] = 1;
  size_t reached = 1;
  while (!stack.empty()) {
    const int32_t i = stack.back();
    stack.pop_back();
    for (int32_t j : n[i])
      if (!seen[j]) seen[j] = 1, ++reached, stack.push_back(j);
  }
  return reached == n.size();
}

double orient(const mb::SpringNetwork& net, int32_t a, int32_t b, int32_t c) {
  return (net.x[b] - net.x[a]) * (net.y[c] - net.y[a]) -
         (net.y[b] - net.y[a]) * (net.x[c] - net.x[a]);
}

// No holes: a spring between two particles farther than `margin` from the edge of a disc of
// radius `radius` (so inside the material) closes a triangle on each side: a common
// neighbour left of it and one right of it. A hole (a face with four or more sides) would
// leave one of its springs without a triangle on the hole's side.
int springs_without_two_triangles(const mb::SpringNetwork& net, double radius, double margin) {
  const auto n = neighbours(net);
  const auto deep = [&](int32_t i) { return std::hypot(net.x[i], net.y[i]) < radius - margin; };
  int bad = 0;
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    const int32_t a = net.a[s], b = net.b[s];
    if (!deep(a) || !deep(b)) continue;
    bool left = false, right = false;
    for (int32_t c : n[a])
      if (std::find(n[b].begin(), n[b].end(), c) != n[b].end())
        (orient(net, a, b, c) > 0 ? left : right) = true;
    if (!left || !right) ++bad;
  }
  return bad;
}

}  // namespace

TEST(AmorphousLattice, SameSeedSameNetworkBitForBitOtherSeedAnother) {
  const mb::SpringNetwork a = mb::circle_spot({0, 0}, 40.0, amorphous(7));
  const mb::SpringNetwork b = mb::circle_spot({0, 0}, 40.0, amorphous(7));
  const mb::SpringNetwork c = mb::circle_spot({0, 0}, 40.0, amorphous(8));
  EXPECT_EQ(a.x, b.x);
  EXPECT_EQ(a.y, b.y);
  EXPECT_EQ(a.a, b.a);
  EXPECT_EQ(a.b, b.b);
  EXPECT_EQ(a.rest_length, b.rest_length);
  EXPECT_NE(a.x, c.x);
}

TEST(AmorphousLattice, NoTwoPointsCloserThanThePoissonRadius) {
  const mb::SimulatorSettings s = amorphous(3);
  const double r = mb::poisson_radius(s);
  // r = 0.73 x spacing 7 (R = 1, L = 5) = 5.11.
  EXPECT_NEAR(r, 0.73 * 7.0, 1e-12);
  const mb::SpringNetwork net = mb::rectangle_spot({0, 0}, {120, 80}, s);
  double closest = 1e300;
  for (int32_t i = 0; i < net.particle_count(); ++i)
    for (int32_t j = i + 1; j < net.particle_count(); ++j)
      closest = std::min(closest, std::hypot(net.x[j] - net.x[i], net.y[j] - net.y[i]));
  EXPECT_GE(closest, r);
  EXPECT_LT(closest, 1.05 * r);  // and the sampler packs them: some pairs are near r
}

TEST(AmorphousLattice, DensityAndSpacingMatchTheHexagonalLattice) {
  // Hexagonal density at spacing s: 2 / (sqrt(3) s^2) per area. Counted in the middle of a
  // 300 x 300 square (away from its edges), over three seeds: within 3 %.
  const double s = 7.0, inner = 200.0;
  const double expected = inner * inner * 2.0 / (std::sqrt(3.0) * s * s);  // 942.8
  double counted = 0.0, nearest_sum = 0.0;
  int nearest_count = 0;
  for (int64_t seed : {1, 2, 3}) {
    const mb::SpringNetwork net = mb::rectangle_spot({-150, -150}, {150, 150}, amorphous(seed));
    const auto n = neighbours(net);
    for (int32_t i = 0; i < net.particle_count(); ++i) {
      if (std::abs(net.x[i]) >= 0.5 * inner || std::abs(net.y[i]) >= 0.5 * inner) continue;
      counted += 1.0;
      double nearest = 1e300;
      for (int32_t j : n[i])
        nearest = std::min(nearest, std::hypot(net.x[j] - net.x[i], net.y[j] - net.y[i]));
      nearest_sum += nearest;
      ++nearest_count;
    }
  }
  EXPECT_NEAR(counted / 3.0, expected, 0.03 * expected);
  // The nearest neighbour is at least r = 0.73 s away; on the hexagonal lattice it is s.
  // Its mean lies between r and s.
  const double mean_nearest = nearest_sum / nearest_count;
  EXPECT_GT(mean_nearest, 0.73 * s);
  EXPECT_LT(mean_nearest, s);
}

TEST(AmorphousLattice, EverySpringStartsAtRest) {
  const mb::SimulatorSettings s = amorphous(5);
  const mb::SpringNetwork net = mb::circle_spot({10, -20}, 60.0, s);
  ASSERT_GT(net.spring_count(), 0);
  for (int32_t sp = 0; sp < net.spring_count(); ++sp) {
    EXPECT_NEAR(net.gap(sp), net.rest_length[sp], 1e-12);
    EXPECT_EQ(net.stiffness[sp], s.default_stiffness);
  }
  std::vector<double> fx, fy;
  mb::Relaxer::compute_forces(net, fx, fy);
  for (size_t i = 0; i < fx.size(); ++i) EXPECT_NEAR(std::hypot(fx[i], fy[i]), 0.0, 1e-12);
}

TEST(AmorphousLattice, CircleIsOneTriangulationWithoutHolesOrCrossings) {
  for (int64_t seed : {1, 2, 3, 4}) {
    const mb::SpringNetwork net = mb::circle_spot({0, 0}, 70.0, amorphous(seed));
    EXPECT_EQ(mb::count_crossings(net), 0) << seed;
    EXPECT_TRUE(connected(net)) << seed;
    EXPECT_EQ(springs_without_two_triangles(net, 70.0, 2.0 * 7.0), 0) << seed;
    mb::Adjacency adjacency;
    adjacency.build(net);
    for (int32_t i = 0; i < net.particle_count(); ++i) {
      EXPECT_GE(adjacency.degree(i), 2) << seed << " " << i;
      if (std::hypot(net.x[i], net.y[i]) < 70.0 - 2.0 * 7.0) {
        EXPECT_GE(adjacency.degree(i), 3);
      }
    }
    // Mean coordination of a planar triangulation: 6 less the boundary's share.
    EXPECT_NEAR(2.0 * net.spring_count() / net.particle_count(), 6.0, 0.6) << seed;
  }
}

TEST(AmorphousLattice, EveryKindOfSpotHoldsOnlyPointsInsideIt) {
  const mb::SimulatorSettings s = amorphous(11);
  // An L-shaped outline (a concave corner the triangulation must not bridge).
  const mb::Polygon outline{{0, 0}, {100, 0}, {100, 40}, {40, 40}, {40, 100}, {0, 100}};
  const mb::SpringNetwork l = mb::polygon_spot(outline, s);
  // A mask: a ring of material (radius 15 to 40 pixels) around a hole.
  mb::GreyMask mask;
  mask.width = mask.height = 100;
  mask.pixels.assign(100 * 100, 0);
  for (int y = 0; y < 100; ++y)
    for (int x = 0; x < 100; ++x) {
      const double d = std::hypot(x - 50.0, y - 50.0);
      if (d >= 15.0 && d <= 40.0) mask.pixels[static_cast<size_t>(y) * 100 + x] = 255;
    }
  const mb::SpringNetwork ring = mb::mask_spot(mask, s);
  const mb::SpringNetwork rect = mb::rectangle_spot({-30, -10}, {30, 10}, s);
  for (const mb::SpringNetwork* net : {&l, &ring, &rect}) {
    ASSERT_GT(net->particle_count(), 10);
    EXPECT_EQ(mb::count_crossings(*net), 0);
    EXPECT_TRUE(connected(*net));
  }
  for (int32_t i = 0; i < l.particle_count(); ++i)
    EXPECT_TRUE(mb::contains(outline, {l.x[i], l.y[i]}) || l.x[i] == 0 || l.y[i] == 0);
  // No spring spans the L's notch: its midpoint is material.
  for (int32_t sp = 0; sp < l.spring_count(); ++sp) {
    const mb::Vec2 m{0.5 * (l.x[l.a[sp]] + l.x[l.b[sp]]), 0.5 * (l.y[l.a[sp]] + l.y[l.b[sp]])};
    EXPECT_FALSE(m.x > 41.0 && m.y > 41.0) << sp;
  }
  // No particle and no spring in the ring's hole (radius 15 less half a pixel of rounding).
  for (int32_t i = 0; i < ring.particle_count(); ++i)
    EXPECT_GE(std::hypot(ring.x[i] - 50.0, ring.y[i] - 50.0), 14.0);
  for (int32_t sp = 0; sp < ring.spring_count(); ++sp) {
    const double mx = 0.5 * (ring.x[ring.a[sp]] + ring.x[ring.b[sp]]) - 50.0,
                 my = 0.5 * (ring.y[ring.a[sp]] + ring.y[ring.b[sp]]) - 50.0;
    EXPECT_GE(std::hypot(mx, my), 14.0) << sp;
  }
  for (int32_t i = 0; i < rect.particle_count(); ++i) {
    EXPECT_LE(std::abs(rect.x[i]), 30.0 + 1e-9);
    EXPECT_LE(std::abs(rect.y[i]), 10.0 + 1e-9);
  }
}

TEST(AmorphousLattice, TheInelasticUpdateFindsNothingToChangeInFreshMaterial) {
  // Every spring at rest (none past DisconnectionThreshold) and a triangulation (no
  // unjoined pair can be joined without crossing a spring).
  mb::SimulatorSettings s = amorphous(2);
  s.default_length = 5.5;
  mb::SpringNetwork net = mb::circle_spot({0, 0}, 50.0, s);
  const mb::SpringNetwork before = net;
  mb::ConnectivityUpdater updater;
  const mb::ConnectivityChange change = updater.update(net, s);
  EXPECT_EQ(change.removed, 0);
  EXPECT_EQ(change.added, 0);
}

TEST(AmorphousLattice, AHeaterHeatsEachParticleAsOnTheHexagonalLattice) {
  // Equal densities, equal Voronoi cells: s^2 sqrt(3)/2 (49 x 0.866 = 42.44 at s = 7).
  EXPECT_DOUBLE_EQ(mb::particle_area(amorphous()), 49.0 * std::sqrt(3.0) / 2.0);
  mb::SimulatorSettings square;
  square.lattice = mb::LatticeType::Square;
  EXPECT_DOUBLE_EQ(mb::particle_area(square), 49.0);
}

TEST(Delaunay, EmptyCircumcirclesOnRandomPoints) {
  // The defining property, checked by brute force: no point strictly inside any triangle's
  // circumcircle; and a convex hull of n points with h on the hull has 2n - h - 2 triangles.
  const std::vector<mb::Vec2> pts = mb::poisson_disc_points({{0, 0}, {60, 60}}, 5.0, 9, {0, 0});
  const auto tris = mb::delaunay_triangles(pts);
  for (const auto& t : tris) {
    const mb::Vec2 a = pts[t[0]], b = pts[t[1]], c = pts[t[2]];
    ASSERT_GT((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x), 0.0);
    for (size_t k = 0; k < pts.size(); ++k) {
      const mb::Vec2 p = pts[k];
      const double adx = a.x - p.x, ady = a.y - p.y, bdx = b.x - p.x, bdy = b.y - p.y,
                   cdx = c.x - p.x, cdy = c.y - p.y;
      const double det = (adx * adx + ady * ady) * (bdx * cdy - cdx * bdy) -
                         (bdx * bdx + bdy * bdy) * (adx * cdy - cdx * ady) +
                         (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady);
      EXPECT_LE(det, 1e-6) << k;
    }
  }
  std::set<std::pair<int32_t, int32_t>> edges;
  std::map<std::pair<int32_t, int32_t>, int> uses;
  for (const auto& t : tris)
    for (int i = 0; i < 3; ++i)
      ++uses[{std::min(t[i], t[(i + 1) % 3]), std::max(t[i], t[(i + 1) % 3])}];
  int hull = 0;
  for (const auto& [e, n] : uses) hull += n == 1 ? 1 : 0;
  EXPECT_EQ(static_cast<int>(tris.size()), 2 * static_cast<int>(pts.size()) - hull - 2);
}
