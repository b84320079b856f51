#include "engine/gas_commands.hpp"

#include "physics/gas/edit.hpp"

namespace mb::engine {

// Each command is one call of the gas's edit rules (physics/gas/edit.hpp).
bool apply_gas(World& world, const GasGenerate& c) {
  return gas::add_generated(world.gas, world.box, c.spec);
}

bool apply_gas(World& world, const GasClear&) {
  return gas::clear(world.gas);
}

bool apply_gas(World& world, const GasSetWalls& c) {
  return gas::set_wall_temperatures(world.gas, c.temperature);
}

std::string apply_gas(World& world, const GasSetReactions& c) {
  std::string problem;
  gas::set_reactions(world.gas, c.reactions, &problem);
  return problem.empty() ? problem : "reactions not applied: " + problem;
}

}  // namespace mb::engine
