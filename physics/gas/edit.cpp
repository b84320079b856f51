#include "physics/gas/edit.hpp"

#include <algorithm>
#include <cmath>

#include "physics/core/error.hpp"

namespace mb::gas {

void add_generated(Gas& gas, const Box& box, const GeneratorSpec& spec) {
  if (spec.count <= 0) return;
  Gas trial = gas;  // the generator appends; keep the gas whole when it throws
  generate(trial, box, spec);
  gas = std::move(trial);
}

void clear(Gas& gas) {
  if (!gas.empty()) gas.clear();
}

void set_wall_temperatures(Gas& gas, const std::array<double, 4>& temperature) {
  GasSettings wanted = gas.settings;
  for (size_t w = 0; w < 4; ++w) {
    const double t = temperature[w];
    wanted.wall_temperature[w] = std::isfinite(t) && t > 0.0 ? t : 0.0;
  }
  // The table's ranges (gas_settings.cpp): a temperature past its maximum is a mirror too.
  for (const Parameter<GasSettings>& p : gas_parameters())
    if (!parameter_problem(p, p.get(wanted)).empty()) p.set(wanted, p.get(GasSettings{}));
  gas.settings = wanted;
}

void set_reactions(Gas& gas, const std::vector<Reaction>& reactions) {
  if (const std::string why = check_reactions(gas.species_table, reactions); !why.empty())
    throw Error(why);
  if (reactions == gas.reactions) return;
  std::vector<Gas::ReactionCount> counts(reactions.size());
  for (size_t k = 0; k < reactions.size() && k < gas.reactions.size(); ++k) {
    const Reaction &now = reactions[k], &was = gas.reactions[k];
    if (k < gas.reaction_counts.size() && now.a == was.a && now.b == was.b && now.c == was.c &&
        now.d == was.d)
      counts[k] = gas.reaction_counts[k];
  }
  gas.reactions = reactions;
  gas.reaction_counts = std::move(counts);
}

}  // namespace mb::gas
