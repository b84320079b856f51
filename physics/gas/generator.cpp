#include "physics/gas/generator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <unordered_map>

#include "physics/core/error.hpp"
#include "physics/gas/rng.hpp"
#include "physics/geometry/spatial_hash.hpp"

namespace mb::gas {

namespace {
// Hash grid of placed discs for overlap checks while placing (cells of 2 * rmax).
struct PlacementGrid {
  double cell;
  std::unordered_map<int64_t, std::vector<int32_t>> cells;
  int64_t key(int64_t cx, int64_t cy) const { return cx * 1'000'003 + cy; }
  // Clamped so that a huge box or a tiny cell cannot overflow the integer (nor the key):
  // clamping keeps neighbouring cells neighbours, and far cells only share a bucket.
  int64_t c(double v) const {
    constexpr double kMax = 1 << 30;
    return static_cast<int64_t>(std::clamp(std::floor(v / cell), -kMax, kMax));
  }
  void add(const Gas& g, int32_t i) { cells[key(c(g.x[i]), c(g.y[i]))].push_back(i); }
  bool free(const Gas& g, double px, double py, double r) const {
    const int64_t cx = c(px), cy = c(py);
    for (int64_t oy = -1; oy <= 1; ++oy)
      for (int64_t ox = -1; ox <= 1; ++ox) {
        const auto it = cells.find(key(cx + ox, cy + oy));
        if (it == cells.end()) continue;
        for (int32_t j : it->second) {
          const double dx = g.x[j] - px, dy = g.y[j] - py, s = g.radius[j] + r;
          if (dx * dx + dy * dy < s * s) return false;
        }
      }
    return true;
  }
};
}  // namespace

void generate(Gas& g, const Box& box, const GeneratorSpec& spec) {
  if (spec.count <= 0) return;
  if (!(spec.radius_min > 0.0) || spec.radius_max < spec.radius_min ||
      !(spec.mass >= kMinDiscMass) || spec.temperature < 0.0)
    throw Error(std::string("gas generator: needs 0 < radius_min <= radius_max, ") +
                kMinDiscMassText + ", temperature >= 0");
  if (!(spec.temperature / spec.mass <= kMaxTemperatureOverMass)) {
    char ratio[96];
    std::snprintf(ratio, sizeof ratio, "%.6g, above %.6g", spec.temperature / spec.mass,
                  kMaxTemperatureOverMass);
    throw Error(std::string("gas generator: temperature / mass is ") + ratio +
                ": the speeds would not be finite");
  }
  if (static_cast<int64_t>(g.size()) + spec.count > kMaxDiscs)
    throw Error("gas generator: " + std::to_string(spec.count) + " more discs would " +
                "make more than the " + std::to_string(kMaxDiscs) + " allowed");
  double covered = 0.0;  // area the existing discs and the new ones take at least
  for (double r : g.radius) covered += std::numbers::pi * r * r;
  covered += spec.count * std::numbers::pi * spec.radius_min * spec.radius_min;
  const double fraction = covered / (box.size().x * box.size().y);
  if (!(fraction <= kMaxGeneratedAreaFraction))
    throw Error("gas generator: the discs would cover " + std::to_string(fraction) +
                " of the box (random placement fills at most " +
                std::to_string(kMaxGeneratedAreaFraction) + ")");
  SplitMix64 rng{spec.seed};
  double rmax = spec.radius_max;
  for (double r : g.radius) rmax = std::max(rmax, r);
  PlacementGrid grid{2.0 * rmax, {}};
  for (int32_t i = 0; i < g.size(); ++i) grid.add(g, i);
  const int32_t first = g.size();
  const Vec2 size = box.size();
  for (int32_t k = 0; k < spec.count; ++k) {
    const double r = spec.radius_min + (spec.radius_max - spec.radius_min) * rng.uniform();
    if (2.0 * r >= size.x || 2.0 * r >= size.y)
      throw Error("gas generator: a disc of radius " + std::to_string(r) +
                  " does not fit in the box");
    bool placed = false;
    for (int attempt = 0; attempt < 10000 && !placed; ++attempt) {
      const double px = box.min.x + r + (size.x - 2.0 * r) * rng.uniform();
      const double py = box.min.y + r + (size.y - 2.0 * r) * rng.uniform();
      if (!grid.free(g, px, py, r)) continue;
      grid.add(g, g.add_disc(px, py, 0.0, 0.0, spec.mass, r, spec.species));
      placed = true;
    }
    if (!placed)
      throw Error("gas generator: no room for disc " + std::to_string(k + 1) + " of " +
                  std::to_string(spec.count) + " (area fraction too high)");
  }
  // Velocities: each component normal with variance kT/m, then zero momentum and exact kT.
  const double s = std::sqrt(spec.temperature / spec.mass);
  Vec2 mean{0.0, 0.0};
  for (int32_t i = first; i < g.size(); ++i) {
    g.vx[i] = s * rng.normal();
    g.vy[i] = s * rng.normal();
    mean += Vec2{g.vx[i], g.vy[i]};
  }
  const double n = static_cast<double>(spec.count);
  mean /= n;
  double e = 0.0;
  for (int32_t i = first; i < g.size(); ++i) {
    if (spec.count > 1) g.vx[i] -= mean.x, g.vy[i] -= mean.y;
    e += 0.5 * spec.mass * (g.vx[i] * g.vx[i] + g.vy[i] * g.vy[i]);
  }
  if (e > 0.0) {
    const double scale = std::sqrt(spec.temperature * n / e);
    for (int32_t i = first; i < g.size(); ++i) g.vx[i] *= scale, g.vy[i] *= scale;
  }
}

namespace {
// The entries of `avoid` near (px, py) that a disc of radius r there would overlap.
bool clear_of(const ContactView& avoid, const SpatialHash& hash, double r_max, double px, double py,
              double r) {
  bool clear = true;
  hash.for_each_near({px, py}, r + r_max, [&](int32_t m) {
    const double dx = avoid.x[m] - px, dy = avoid.y[m] - py, s = avoid.radius[m] + r;
    if (dx * dx + dy * dy < s * s) clear = false;
  });
  return clear;
}
}  // namespace

int32_t move_out_of(Gas& g, const Box& box, int32_t first, const ContactView& avoid,
                    uint64_t seed) {
  if (avoid.empty() || first >= g.size()) return 0;
  const double r_avoid = avoid.max_radius();
  double rmax = 0.0;
  for (double r : g.radius) rmax = std::max(rmax, r);
  SpatialHash hash;
  hash.build(avoid.x, avoid.y, std::max(r_avoid + rmax, 1e-9));
  PlacementGrid grid{2.0 * rmax, {}};
  for (int32_t i = 0; i < g.size(); ++i) grid.add(g, i);
  SplitMix64 rng{seed};
  const Vec2 size = box.size();
  int32_t moved = 0;
  for (int32_t i = std::max(first, 0); i < g.size(); ++i) {
    const double r = g.radius[i];
    if (clear_of(avoid, hash, r_avoid, g.x[i], g.y[i], r)) continue;
    bool placed = false;
    for (int attempt = 0; attempt < 10000 && !placed; ++attempt) {
      const double px = box.min.x + r + (size.x - 2.0 * r) * rng.uniform();
      const double py = box.min.y + r + (size.y - 2.0 * r) * rng.uniform();
      // Its own entry still marks where it was (inside the matter): no candidate is there.
      if (!grid.free(g, px, py, r) || !clear_of(avoid, hash, r_avoid, px, py, r)) continue;
      g.x[i] = px, g.y[i] = py;
      grid.add(g, i);
      placed = true;
    }
    if (!placed)
      throw Error("gas generator: no room outside the other matter for disc " + std::to_string(i) +
                  " (area fraction too high)");
    ++moved;
  }
  return moved;
}

}  // namespace mb::gas
