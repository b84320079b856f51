#include "physics/gas/edit.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mb::gas {

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
