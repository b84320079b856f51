#include "physics/gas/edit.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mb::gas {

namespace {
bool finite(Vec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}
}  // namespace

bool add_generated(Gas& gas, const Box& box, const GeneratorSpec& spec) {
  if (spec.count <= 0) return false;
  Gas trial = gas;  // the generator appends; keep the gas whole when it fails
  try {
    generate(trial, box, spec);
  } catch (const std::exception&) {
    return false;
  }
  gas = std::move(trial);
  return true;
}

bool clear(Gas& gas) {
  if (gas.empty()) return false;
  gas.clear();
  return true;
}

bool set_wall_temperatures(Gas& gas, const std::array<double, 4>& temperature) {
  GasSettings wanted = gas.settings;
  for (size_t w = 0; w < 4; ++w) {
    const double t = temperature[w];
    wanted.wall_temperature[w] = std::isfinite(t) && t > 0.0 ? t : 0.0;
  }
  // The table's ranges (gas_settings.cpp): a temperature past its maximum is a mirror too.
  for (const Parameter<GasSettings>& p : gas_parameters())
    if (!parameter_problem(p, p.get(wanted)).empty()) p.set(wanted, p.get(GasSettings{}));
  gas.settings = wanted;
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

bool move_disc(Gas& g, const Box& box, int32_t index, Vec2 to, Vec2 velocity) {
  if (index < 0 || index >= g.size() || !finite(to) || !finite(velocity)) return false;
  const auto i = static_cast<size_t>(index);
  const double r = g.radius[i];
  // Clamped into the box (a hair inside, so the wall contact time is never negative).
  const double eps = 1e-9 * std::max(1.0, box.max.x - box.min.x);
  const Vec2 at{
      std::clamp(to.x, box.min.x + r + eps, std::max(box.min.x + r, box.max.x - r - eps)),
      std::clamp(to.y, box.min.y + r + eps, std::max(box.min.y + r, box.max.y - r - eps))};
  if (disc_fits(g, box, at, r, index)) {
    g.x[i] = at.x;
    g.y[i] = at.y;
  }
  g.vx[i] = velocity.x;
  g.vy[i] = velocity.y;
  return true;
}

bool set_reactions(Gas& gas, const std::vector<Reaction>& reactions, std::string* problem) {
  const std::string why = check_reactions(gas.species_table, reactions);
  if (problem) *problem = why;
  if (!why.empty() || reactions == gas.reactions) return false;
  std::vector<Gas::ReactionCount> counts(reactions.size());
  for (size_t k = 0; k < reactions.size() && k < gas.reactions.size(); ++k) {
    const Reaction &now = reactions[k], &was = gas.reactions[k];
    if (k < gas.reaction_counts.size() && now.a == was.a && now.b == was.b && now.c == was.c &&
        now.d == was.d)
      counts[k] = gas.reaction_counts[k];
  }
  gas.reactions = reactions;
  gas.reaction_counts = std::move(counts);
  return true;
}

}  // namespace mb::gas
