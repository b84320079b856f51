#include "physics/springs/amorphous_lattice.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>

#include "physics/core/error.hpp"
#include "physics/geometry/delaunay.hpp"
#include "physics/springs/lattice.hpp"

namespace mb {

namespace {

// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): a small generator whose output is the same
// on every platform, unlike the standard library's distributions.
struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
};

constexpr int kTries = 30;  // Bridson's k

// The edges of triangles and the triangles on each side of them.
struct EdgeKey {
  int32_t lo, hi, tri;
};

}  // namespace

double poisson_radius(const SimulatorSettings& settings) {
  return std::max(kPoissonRadiusPerSpacing * settings.lattice_spacing(),
                  2.0 * settings.default_radius + 0.5 * settings.default_length);
}

std::vector<Vec2> poisson_disc_points(const Box& bounds, double r, uint64_t seed, Vec2 first) {
  const double cell = r / std::numbers::sqrt2;  // a cell holds at most one point
  const Vec2 size = bounds.size();
  const int nx = std::max(1, static_cast<int>(std::ceil(size.x / cell)) + 1),
            ny = std::max(1, static_cast<int>(std::ceil(size.y / cell)) + 1);
  std::vector<int32_t> grid(static_cast<size_t>(nx) * static_cast<size_t>(ny), -1);
  std::vector<Vec2> points;
  std::vector<int32_t> active;
  SplitMix64 rng{seed};
  const auto cell_of = [&](Vec2 p, int& cx, int& cy) {
    cx = std::clamp(static_cast<int>((p.x - bounds.min.x) / cell), 0, nx - 1);
    cy = std::clamp(static_cast<int>((p.y - bounds.min.y) / cell), 0, ny - 1);
  };
  const auto add = [&](Vec2 p) {
    int cx, cy;
    cell_of(p, cx, cy);
    grid[static_cast<size_t>(cy) * nx + cx] = static_cast<int32_t>(points.size());
    active.push_back(static_cast<int32_t>(points.size()));
    points.push_back(p);
  };
  // Far enough from every point: only the 5 x 5 cells around p can hold one closer than r.
  const auto free_at = [&](Vec2 p) {
    int cx, cy;
    cell_of(p, cx, cy);
    for (int y = std::max(0, cy - 2); y <= std::min(ny - 1, cy + 2); ++y)
      for (int x = std::max(0, cx - 2); x <= std::min(nx - 1, cx + 2); ++x) {
        const int32_t q = grid[static_cast<size_t>(y) * nx + x];
        if (q >= 0 && glm::length(points[q] - p) < r) return false;
      }
    return true;
  };
  add(glm::clamp(first, bounds.min, bounds.max));
  while (!active.empty()) {
    const size_t k = static_cast<size_t>(rng.next() % active.size());
    const Vec2 p = points[active[k]];
    bool placed = false;
    for (int t = 0; t < kTries && !placed; ++t) {
      // Uniform over the annulus's area.
      const double angle = 2.0 * std::numbers::pi * rng.uniform();
      const double radius = r * std::sqrt(1.0 + 3.0 * rng.uniform());
      const Vec2 q = p + radius * Vec2{std::cos(angle), std::sin(angle)};
      if (q.x < bounds.min.x || q.y < bounds.min.y || q.x > bounds.max.x || q.y > bounds.max.y ||
          !free_at(q))
        continue;
      add(q);
      placed = true;
    }
    if (!placed) {
      active[k] = active.back();
      active.pop_back();
    }
  }
  return points;
}

SpringNetwork amorphous_network(const Box& bounds, Vec2 anchor,
                                const std::function<bool(Vec2)>& inside,
                                const SimulatorSettings& settings) {
  const double r = poisson_radius(settings);
  // The sampler fills the whole box: bound it by the box's area, not the region's.
  const Vec2 size = bounds.size() + Vec2{4.0 * r, 4.0 * r};
  const double box_points = size.x * size.y * 4.0 * kPoissonPacking / (std::numbers::pi * r * r);
  if (!(box_points <= 4.0 * static_cast<double>(kMaxSpotParticles)))
    throw Error("the region's bounding box would hold about " +
                std::to_string(static_cast<long long>(std::min(box_points, 1e18))) +
                " amorphous lattice points (at most " + std::to_string(4 * kMaxSpotParticles) +
                " allowed)");
  // Sampled over the box grown by 2r: the sampler packs points more densely along the edge
  // of its box (nothing lies beyond it), and a region's edge on the box's (a rectangle's
  // sides, a circle's four extreme points) would be stiffer along x and y than across.
  const Box sampled_box{bounds.min - Vec2{2.0 * r, 2.0 * r}, bounds.max + Vec2{2.0 * r, 2.0 * r}};
  const std::vector<Vec2> sampled =
      poisson_disc_points(sampled_box, r, static_cast<uint64_t>(settings.lattice_seed), anchor);
  std::vector<Vec2> pts;
  for (const Vec2& p : sampled)
    if (inside(p)) pts.push_back(p);
  if (static_cast<int64_t>(pts.size()) > kMaxSpotParticles)
    throw Error("the spot holds more than the " + std::to_string(kMaxSpotParticles) +
                " particles allowed");
  // Numbered row by row (rows one spacing high, then by x), as the hexagonal lattice is, so
  // neighbours are near in memory.
  const double s = settings.lattice_spacing();
  std::vector<int32_t> order(pts.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int32_t>(i);
  const auto row = [&](int32_t i) { return std::floor((pts[i].y - bounds.min.y) / s); };
  std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    return row(a) != row(b) ? row(a) < row(b) : pts[a].x < pts[b].x;
  });
  std::vector<int32_t> id_of(pts.size());
  for (size_t k = 0; k < order.size(); ++k) id_of[order[k]] = static_cast<int32_t>(k);

  // Triangulated in the sampler's order (each point near one before it: short walks).
  const std::vector<std::array<int32_t, 3>> tris = delaunay_triangles(pts);
  const size_t nt = tris.size();
  std::vector<EdgeKey> edges;
  edges.reserve(3 * nt);
  for (size_t t = 0; t < nt; ++t)
    for (int i = 0; i < 3; ++i) {
      const int32_t a = tris[t][i], b = tris[t][(i + 1) % 3];
      edges.push_back({std::min(a, b), std::max(a, b), static_cast<int32_t>(t)});
    }
  std::sort(edges.begin(), edges.end(), [](const EdgeKey& l, const EdgeKey& m) {
    return l.lo != m.lo ? l.lo < m.lo : (l.hi != m.hi ? l.hi < m.hi : l.tri < m.tri);
  });
  // Triangle neighbours across each edge (-1: the hull).
  std::vector<std::array<int32_t, 3>> across(nt, {-1, -1, -1});
  const auto slot = [&](int32_t t, int32_t lo, int32_t hi) {
    for (int i = 0; i < 3; ++i) {
      const int32_t a = tris[t][i], b = tris[t][(i + 1) % 3];
      if (std::min(a, b) == lo && std::max(a, b) == hi) return i;
    }
    return 0;
  };
  for (size_t e = 0; e + 1 < edges.size(); ++e)
    if (edges[e].lo == edges[e + 1].lo && edges[e].hi == edges[e + 1].hi) {
      across[edges[e].tri][slot(edges[e].tri, edges[e].lo, edges[e].hi)] = edges[e + 1].tri;
      across[edges[e + 1].tri][slot(edges[e + 1].tri, edges[e].lo, edges[e].hi)] = edges[e].tri;
    }

  // Peel from the outside: a triangle on the current boundary goes when it is not material.
  const double longest = 2.0 * r;
  const auto centroid = [&](size_t t) {
    return (pts[tris[t][0]] + pts[tris[t][1]] + pts[tris[t][2]]) / 3.0;
  };
  // Edge i of triangle t joins its corners i and i + 1 (as `across` counts them).
  const auto edge_length = [&](int32_t t, int i) {
    return glm::length(pts[tris[t][i]] - pts[tris[t][(i + 1) % 3]]);
  };
  std::vector<uint8_t> gone(nt, 0);
  std::vector<int32_t> queue;
  for (size_t t = 0; t < nt; ++t)
    if (!inside(centroid(t))) gone[t] = 1, queue.push_back(static_cast<int32_t>(t));
  // A triangle goes when an edge it has on the outside (the hull, or a triangle gone) is
  // longer than 2r: a gap in the surface too wide for material. A long edge inside stays
  // (a sample that is not quite saturated there), so no hole opens in the material.
  const auto peel = [&](int32_t t) {
    for (int i = 0; i < 3; ++i) {
      const int32_t nb = across[t][i];
      if ((nb < 0 || gone[nb]) && edge_length(t, i) > longest) return true;
    }
    return false;
  };
  for (size_t t = 0; t < nt; ++t)
    if (!gone[t] && peel(static_cast<int32_t>(t)))
      gone[t] = 2, queue.push_back(static_cast<int32_t>(t));
  while (!queue.empty()) {
    const int32_t t = queue.back();
    queue.pop_back();
    for (int32_t nb : across[t])
      if (nb >= 0 && !gone[nb] && peel(nb)) {
        gone[nb] = 2;
        queue.push_back(nb);
      }
  }
  // A particle the peeling would leave with fewer than two springs (a point standing out of
  // the surface) gets back the peeled triangle of its with the shortest outer edge: the
  // inelastic simulator keeps two springs on every particle, and so must fresh material.
  std::vector<int> kept(pts.size(), 0);
  for (size_t t = 0; t < nt; ++t)
    if (!gone[t])
      for (int32_t v : tris[t]) ++kept[v];
  std::vector<int32_t> best(pts.size(), -1);
  std::vector<double> best_edge(pts.size(), 0.0);
  for (size_t t = 0; t < nt; ++t) {
    if (gone[t] != 2) continue;
    double outer = 0.0;
    for (int i = 0; i < 3; ++i) outer = std::max(outer, edge_length(static_cast<int32_t>(t), i));
    for (int32_t v : tris[t])
      if (kept[v] == 0 && (best[v] < 0 || outer < best_edge[v]))
        best[v] = static_cast<int32_t>(t), best_edge[v] = outer;
  }
  for (int32_t t : best)
    if (t >= 0) gone[t] = 0;

  // The springs: edges of the triangles that stay, and Delaunay edges no longer than 2r
  // whose midpoint is material (a chain of points one particle wide has no triangle).
  std::vector<std::array<int32_t, 2>> springs;
  for (size_t e = 0; e < edges.size(); ++e) {
    const EdgeKey& E = edges[e];
    if (e > 0 && edges[e - 1].lo == E.lo && edges[e - 1].hi == E.hi) continue;
    bool keep = !gone[E.tri] || (e + 1 < edges.size() && edges[e + 1].lo == E.lo &&
                                 edges[e + 1].hi == E.hi && !gone[edges[e + 1].tri]);
    if (!keep)
      keep = glm::length(pts[E.hi] - pts[E.lo]) <= longest && inside(0.5 * (pts[E.lo] + pts[E.hi]));
    if (keep)
      springs.push_back({std::min(id_of[E.lo], id_of[E.hi]), std::max(id_of[E.lo], id_of[E.hi])});
  }
  std::sort(springs.begin(), springs.end());

  SpringNetwork net;
  for (int32_t i : order) net.add_particle(pts[i].x, pts[i].y, settings.default_radius);
  for (const auto& [i, j] : springs) {
    const double gap =
        glm::length(Vec2{net.x[j] - net.x[i], net.y[j] - net.y[i]}) - net.radius[i] - net.radius[j];
    net.add_spring(i, j, std::max(gap, 0.0), settings.default_stiffness);
  }
  return net;
}

}  // namespace mb
