#include "engine/gas_commands.hpp"

#include "physics/gas/edit.hpp"

namespace mb::engine {

// Each command is one call of the gas's edit rules (physics/gas/edit.hpp).
std::string apply_gas(World& world, const GasGenerate& c) {
  if (c.spec.count <= 0 || gas::add_generated(world.gas, world.box, c.spec)) return "";
  return "gas not added: " + std::to_string(c.spec.count) +
         " discs do not fit in the box beside what is there";
}

std::string apply_gas(World& world, const GasClear&) {
  (void)gas::clear(world.gas);  // false: there was no gas, nothing to report
  return "";
}

std::string apply_gas(World& world, const GasSetWalls& c) {
  (void)gas::set_wall_temperatures(world.gas, c.temperature);  // false: unchanged
  return "";
}

std::string apply_gas(World& world, const GasSetReactions& c) {
  std::string problem;
  (void)gas::set_reactions(world.gas, c.reactions, &problem);  // problem says why not
  return problem.empty() ? problem : "reactions not applied: " + problem;
}

}  // namespace mb::engine
