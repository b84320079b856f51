#include "app/cli/gas_report.hpp"

#include <algorithm>

#include "physics/gas/thermo.hpp"
#include "physics/io/text_number.hpp"

namespace mb::gas {

GasTotals totals(const Gas& g) {
  GasTotals t;
  t.discs = g.size();
  t.collisions = g.total_collisions();
  t.wall_hits = g.total_wall_hits();
  t.kinetic_energy = kinetic_energy(g);
  t.momentum = momentum(g);
  t.temperature = temperature(g);
  t.reacting = !g.reactions.empty();
  t.reactions = g.total_reactions();
  if (!t.reacting) return t;
  int32_t most = 0;
  for (int32_t s : g.species) most = std::max(most, s + 1);
  for (const Reaction& r : g.reactions) most = std::max({most, r.c + 1, r.d + 1});
  for (int32_t s = 0; s < most; ++s) {
    const size_t k = static_cast<size_t>(s);
    const bool named = k < g.species_names.size() && !g.species_names[k].empty();
    t.species.emplace_back(named ? g.species_names[k] : std::to_string(s),
                           std::count(g.species.begin(), g.species.end(), s));
  }
  return t;
}

std::string gas_stats_json(const GasTotals& before, const GasTotals& after) {
  // (append() rather than operator+: GCC 12 gives a false -Wrestrict on the latter.)
  const double drift =
      before.kinetic_energy > 0.0 ? after.kinetic_energy / before.kinetic_energy - 1.0 : 0.0;
  std::string s;
  auto field = [&s](const char* name, const std::string& value) {
    if (!s.empty()) s.append(",");
    s.append("\"").append(name).append("\":").append(value);
  };
  auto vec = [](Vec2 v) {
    std::string out("[");
    return out.append(format_double(v.x)).append(",").append(format_double(v.y)).append("]");
  };
  field("gas_discs", std::to_string(after.discs));
  field("collisions", std::to_string(after.collisions - before.collisions));
  field("wall_hits", std::to_string(after.wall_hits - before.wall_hits));
  field("kinetic_energy_before", format_double(before.kinetic_energy));
  field("kinetic_energy_after", format_double(after.kinetic_energy));
  field("energy_drift", format_double(drift));
  field("momentum_before", vec(before.momentum));
  field("momentum_after", vec(after.momentum));
  field("temperature", format_double(after.temperature));
  if (!after.reacting) return s;
  auto counts = [](const GasTotals& t) {
    std::string out("{");
    for (size_t k = 0; k < t.species.size(); ++k)
      out.append(k ? "," : "")
          .append("\"")
          .append(t.species[k].first)
          .append("\":")
          .append(std::to_string(t.species[k].second));
    return out.append("}");
  };
  field("reactions", std::to_string(after.reactions - before.reactions));
  field("species_before", counts(before));
  field("species_after", counts(after));
  return s;
}

}  // namespace mb::gas
