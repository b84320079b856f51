#include "app/cli/gas_report.hpp"

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
  return s;
}

}  // namespace mb::gas
