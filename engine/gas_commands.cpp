#include "engine/gas_commands.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mb::engine {

namespace {
bool finite(Vec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}
}  // namespace

bool apply_gas(World& world, const GasGenerate& c) {
  if (c.spec.count <= 0) return false;
  Gas trial = world.gas;  // the generator appends; keep the gas whole when it fails
  try {
    gas::generate(trial, world.box, c.spec);
  } catch (const std::exception&) {
    return false;
  }
  world.gas = std::move(trial);
  return true;
}

bool apply_gas(World& world, const GasClear&) {
  if (world.gas.empty()) return false;
  world.gas.clear();
  return true;
}

bool apply_gas(World& world, const GasSetWalls& c) {
  for (size_t w = 0; w < 4; ++w) {
    const double t = c.temperature[w];
    world.gas.wall_temperature[w] = std::isfinite(t) && t > 0.0 ? t : 0.0;
  }
  return true;
}

bool disc_fits(const Gas& g, const Box& box, Vec2 p, double r, int32_t skip) {
  if (p.x - r < box.min.x || p.x + r > box.max.x || p.y - r < box.min.y || p.y + r > box.max.y)
    return false;
  for (int32_t j = 0; j < g.size(); ++j) {
    if (j == skip) continue;
    const double dx = g.x[j] - p.x, dy = g.y[j] - p.y, s = g.radius[j] + r;
    if (dx * dx + dy * dy < s * s) return false;
  }
  return true;
}

bool apply_gas(World& world, const GasMoveDisc& c) {
  Gas& g = world.gas;
  if (c.index < 0 || c.index >= g.size() || !finite(c.to) || !finite(c.velocity)) return false;
  const auto i = static_cast<size_t>(c.index);
  const double r = g.radius[i];
  const Box& box = world.box;
  // Clamped into the box (a hair inside, so the wall contact time is never negative).
  const double eps = 1e-9 * std::max(1.0, box.max.x - box.min.x);
  const Vec2 to{
      std::clamp(c.to.x, box.min.x + r + eps, std::max(box.min.x + r, box.max.x - r - eps)),
      std::clamp(c.to.y, box.min.y + r + eps, std::max(box.min.y + r, box.max.y - r - eps))};
  if (disc_fits(g, box, to, r, c.index)) {
    g.x[i] = to.x;
    g.y[i] = to.y;
  }
  g.vx[i] = c.velocity.x;
  g.vy[i] = c.velocity.y;
  return true;
}

}  // namespace mb::engine
