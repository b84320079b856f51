#include "app/cli/gas_report.hpp"

#include <algorithm>

#include "physics/gas/reaction.hpp"
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
  t.internal_energy = internal_energy(g);
  for (const Gas::ReactionCount& n : g.reaction_counts) t.blocked += n.blocked;
  t.enthalpy_released = g.total_enthalpy_released();
  const std::vector<int64_t> counts = species_counts(g);
  for (size_t k = 0; k < counts.size(); ++k)
    t.species.emplace_back(species_name(g.species_table, static_cast<int32_t>(k)), counts[k]);
  t.atoms = atom_counts(g);
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
  auto counts = [](const std::vector<std::pair<std::string, int64_t>>& named) {
    std::string out("{");
    for (size_t k = 0; k < named.size(); ++k)
      out.append(k ? "," : "")
          .append("\"")
          .append(named[k].first)
          .append("\":")
          .append(std::to_string(named[k].second));
    return out.append("}");
  };
  field("reactions", std::to_string(after.reactions - before.reactions));
  field("reactions_blocked", std::to_string(after.blocked - before.blocked));
  field("species_before", counts(before.species));
  field("species_after", counts(after.species));
  field("internal_energy_after", format_double(after.internal_energy));
  field("enthalpy_released", format_double(after.enthalpy_released - before.enthalpy_released));
  if (!after.atoms.empty()) {
    field("atoms_before", counts(before.atoms));
    field("atoms_after", counts(after.atoms));
  }
  return s;
}

}  // namespace mb::gas
