#include "physics/gas/gas_view.hpp"

#include <algorithm>
#include <cmath>

#include "physics/gas/thermo.hpp"

namespace mb {

void GasView::fill(const Gas& gas) {
  const size_t n = static_cast<size_t>(gas.size());
  x.resize(n);
  y.resize(n);
  radius.resize(n);
  speed.resize(n);
  mass.assign(gas.mass.begin(), gas.mass.end());
  wall_temperature = gas.settings.wall_temperature;
  tick_seconds = gas.settings.tick_seconds;
  species.assign(gas.species.begin(), gas.species.end());
  kinetic_energy = 0.0;
  momentum = {0.0, 0.0};
  for (size_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(gas.x[i]);
    y[i] = static_cast<float>(gas.y[i]);
    radius[i] = static_cast<float>(gas.radius[i]);
    const double v2 = gas.vx[i] * gas.vx[i] + gas.vy[i] * gas.vy[i];
    speed[i] = static_cast<float>(std::sqrt(v2));
    kinetic_energy += 0.5 * gas.mass[i] * v2;
    momentum += gas.mass[i] * Vec2{gas.vx[i], gas.vy[i]};
  }
  temperature = n ? kinetic_energy / static_cast<double>(n) : 0.0;
  stats = gas.last_step();
  species_table = gas.species_table;
  reactions = gas.reactions;
  reaction_counts = gas.reaction_counts;
  total_reactions = gas.total_reactions();
  species_counts = gas::species_counts(gas);
  internal_energy = 0.0;
  for (const double u : gas.internal) internal_energy += u;
}

std::string GasView::species_name(int32_t k) const {
  return gas::species_name(species_table, k);
}

}  // namespace mb
