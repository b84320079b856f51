#include "physics/gas/validate.hpp"

#include <algorithm>
#include <cmath>

#include "physics/gas/cell_grid.hpp"

namespace mb::gas {

std::vector<OverlapPair> find_overlaps(const Gas& g) {
  std::vector<OverlapPair> out;
  if (g.size() < 2) return out;
  double rmax = 0.0;
  Box bounds{{g.x[0], g.y[0]}, {g.x[0], g.y[0]}};
  for (int32_t i = 0; i < g.size(); ++i) {
    rmax = std::max(rmax, g.radius[i]);
    bounds.min = glm::min(bounds.min, Vec2{g.x[i], g.y[i]});
    bounds.max = glm::max(bounds.max, Vec2{g.x[i], g.y[i]});
  }
  CellGrid grid;
  grid.build(g.x, g.y, bounds, 2.0 * rmax);
  grid.for_each_pair([&](int32_t a, int32_t b) {
    const double dx = g.x[b] - g.x[a], dy = g.y[b] - g.y[a];
    const double s = g.radius[a] + g.radius[b];
    const double d = std::sqrt(dx * dx + dy * dy);
    if (d < s * (1.0 - 1e-12)) out.push_back({std::min(a, b), std::max(a, b), s - d});
  });
  std::sort(out.begin(), out.end(), [](const OverlapPair& p, const OverlapPair& q) {
    return p.i != q.i ? p.i < q.i : p.j < q.j;
  });
  return out;
}

std::vector<std::string> validate(const Gas& g, const Box& box) {
  std::vector<std::string> out;
  auto name = [](int32_t i) { return "disc " + std::to_string(i); };
  bool numbers_ok = true;
  for (int32_t i = 0; i < g.size(); ++i) {
    const double v[] = {g.x[i], g.y[i], g.vx[i], g.vy[i], g.mass[i], g.radius[i]};
    if (!std::all_of(std::begin(v), std::end(v), [](double a) { return std::isfinite(a); })) {
      out.push_back(name(i) + ": a value is not a finite number");
      numbers_ok = false;
      continue;
    }
    if (!(g.mass[i] >= kMinDiscMass)) out.push_back(name(i) + ": " + kMinDiscMassText);
    if (!(g.radius[i] > 0.0)) out.push_back(name(i) + ": radius must be greater than 0");
    // Within a relative 1e-12 of the box counts as inside, as for overlaps: a disc that
    // was saved touching a wall (a tick that ended at its contact) loads.
    const double r = g.radius[i];
    const double sx = 1e-12 * std::max(std::fabs(box.min.x), std::fabs(box.max.x));
    const double sy = 1e-12 * std::max(std::fabs(box.min.y), std::fabs(box.max.y));
    if (g.x[i] - r < box.min.x - sx || g.x[i] + r > box.max.x + sx || g.y[i] - r < box.min.y - sy ||
        g.y[i] + r > box.max.y + sy)
      out.push_back(name(i) + ": not inside the box");
  }
  if (!numbers_ok) return out;
  for (const OverlapPair& p : find_overlaps(g))
    out.push_back(name(p.i) + " and " + name(p.j) + " overlap by " + std::to_string(p.depth));
  return out;
}

}  // namespace mb::gas
