#include "physics/gas/gas_view.hpp"

#include <algorithm>
#include <cmath>

namespace mb {

void GasView::fill(const Gas& gas) {
  const size_t n = static_cast<size_t>(gas.size());
  x.resize(n);
  y.resize(n);
  radius.resize(n);
  speed.resize(n);
  mass.assign(gas.mass.begin(), gas.mass.end());
  wall_temperature = gas.settings.wall_temperature;
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
  species_names = gas.species_names;
  reactions = gas.reactions;
  total_reactions = gas.total_reactions();
  size_t ids = 0;
  for (int32_t sp : gas.species) ids = std::max(ids, static_cast<size_t>(sp) + 1);
  for (const gas::Reaction& r : gas.reactions)
    ids = std::max({ids, static_cast<size_t>(r.c) + 1, static_cast<size_t>(r.d) + 1});
  species_counts.assign(ids, 0);
  for (int32_t sp : gas.species) ++species_counts[static_cast<size_t>(sp)];
}

}  // namespace mb
